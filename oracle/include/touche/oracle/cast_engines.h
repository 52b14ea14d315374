// touche — the cast engines the oracle and the CLI know by name (design notes §8).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "touche/core/cast_jsonl.h"

namespace touche::oracle {

/// reference, fast, fast_float, box2d, and box2d_v3 when built with it (in that order).
std::span<const CastEngine* const> knownCastEngines();

/// The cast engine with that name (box2d_v3 even when not built: it answers unsupported),
/// or nullptr.
const CastEngine* findCastEngine(std::string_view name);

/// Runs `engine` on a cast case.
CastResult runCast(const CastEngine& engine, const CastCase& c);

/// Why `engine` answered `status` (unsupported or error) on this case: the field named by
/// validation, or the engine's limitation. Empty for answers.
std::string castReasonFor(const CastEngine& engine, const CastCase& c, CastStatus status);

}  // namespace touche::oracle
