// touche — the bounce engines known by name (bounce_engines.h).
#include "touche/oracle/bounce_engines.h"

#include <array>

#include "touche/fast/bounce.h"
#include "touche/reference/bounce.h"

namespace touche::oracle {
namespace {

constexpr std::array<const BounceEngine*, 3> kBounceEngines = {
    &reference::kBounceEngine, &fast::kBounceDoubleEngine, &fast::kBounceFloatEngine};

}  // namespace

std::span<const BounceEngine* const> knownBounceEngines() {
  return kBounceEngines;
}

const BounceEngine* findBounceEngine(std::string_view name) {
  for (const BounceEngine* engine : kBounceEngines) {
    if (engine->name == name) return engine;
  }
  return nullptr;
}

}  // namespace touche::oracle
