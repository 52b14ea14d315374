// touche — the bounce engines the oracle and the CLI know by name (design notes §8).
#pragma once

#include <span>
#include <string_view>

#include "touche/core/bounce.h"

namespace touche::oracle {

/// reference, fast, fast_float (in that order).
std::span<const BounceEngine* const> knownBounceEngines();

/// The bounce engine with that name, or nullptr.
const BounceEngine* findBounceEngine(std::string_view name);

}  // namespace touche::oracle
