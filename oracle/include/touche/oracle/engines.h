// touche — the engines the oracle and the CLI know by name, and what they are judged with.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "touche/core/engine.h"
#include "touche/core/jsonl.h"

namespace touche::oracle {

/// reference, fast, fast_float, box2d, box2d_skin (in that order).
std::span<const Engine* const> knownEngines();

/// The engine with that name, or nullptr.
const Engine* findEngine(std::string_view name);

/// Runs `engine` on a case.
Manifold run(const Engine& engine, const Case& c, const Options& options = {});

/// Why `engine` answered `status` (unsupported or error) on this case: the field named by
/// validation, the pair table's note, or the engine's own limitation. Empty for answers.
std::string reasonFor(const Engine& engine, const Case& c, const Options& options, Status status);

}  // namespace touche::oracle
