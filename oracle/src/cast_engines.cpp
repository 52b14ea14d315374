// touche — the cast engines known by name (cast_engines.h).
#include "touche/oracle/cast_engines.h"

#include <array>

#include "touche/fast/cast.h"
#include "touche/oracle/box2d_cast.h"
#include "touche/oracle/box2d_v3.h"
#include "touche/reference/cast.h"

namespace touche::oracle {
namespace {

constexpr std::array<const CastEngine*, 5> kCastEngines = {
    &reference::kCastEngine, &fast::kCastDoubleEngine, &fast::kCastFloatEngine, &box2d::kCastEngine,
    &box2d_v3::kCastEngine};

}  // namespace

std::span<const CastEngine* const> knownCastEngines() {
  // box2d_v3 is known only in a build with Box2D v3 (its absent stub casts nothing).
  return std::span<const CastEngine* const>(kCastEngines).first(box2d_v3::built() ? 5 : 4);
}

const CastEngine* findCastEngine(std::string_view name) {
  for (const CastEngine* engine : knownCastEngines()) {
    if (engine->name == name) return engine;
  }
  // Named without v3 built in, it answers `unsupported` saying how to build it (kNotBuilt).
  return name == box2d_v3::kCastEngine.name ? &box2d_v3::kCastEngine : nullptr;
}

CastResult runCast(const CastEngine& engine, const CastCase& c) {
  return engine.cast(c.shape, c.xf, c.ray);
}

std::string castReasonFor(const CastEngine& engine, const CastCase& c, CastStatus status) {
  if (status == CastStatus::error) {
    if (auto e = validateCast(c.shape, c.xf, c.ray)) return e->describe();
    return "the engine could not compute this cast";
  }
  if (status == CastStatus::unsupported) return castUnsupportedReason(engine, c.shape, c.ray);
  return "";
}

}  // namespace touche::oracle
