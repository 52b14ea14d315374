// touche — the engines the oracle and the CLI know by name, and what they are judged with.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/engine.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {

/// reference, fast, fast_float, box2d, box2d_skin, and box2d_v3 when built with Box2D v3 (in that
/// order).
std::span<const Engine* const> knownEngines();

/// The engine with that name, or nullptr.
const Engine* findEngine(std::string_view name);

/// Runs `engine` on a case.
Manifold run(const Engine& engine, const Case& c, const Options& options = {});

/// Why `engine` answered `status` (unsupported or error) on this case: the field named by
/// validation, the pair table's note, or the engine's own limitation. Empty for answers.
std::string reasonFor(const Engine& engine, const Case& c, const Options& options, Status status);

/// Why `engine` declares it cannot take the case's shapes although it implements their pair
/// (box2d::refusal() and box2d_v3::refusal() for the Box2D engines), or "" when it declares no
/// such refusal: its `unsupported` answer is then not judged.
std::string inputRefusal(const Engine& engine, const Case& c);

/// The engines `touche validate` judges when none are named: every engine but the reference.
std::vector<std::string> defaultValidationEngines();

/// The options an engine with these conventions collides at: its fixed margin when it declares
/// one (Box2D v3's speculative distance), else the requested ones.
Options effectiveOptions(const Conventions& conventions, const Options& options);

/// What an engine's answer is judged against: the reference's manifold on
/// expectedCaseFor(c) at effectiveOptions(), and the tolerance (toleranceFor, with that margin).
/// For an engine that keeps clipped points beyond the margin, a contact of the reference's is
/// recomputed at a margin just above the largest separation the engine reports, so that it
/// keeps the points it would drop (the reference's other decisions do not depend on the
/// margin: only its contact decision and which points it drops do); the contact decision and
/// its gap stay the margin's, and so does the tolerance's margin.
struct Expectation {
  Case expectedCase;
  Manifold expected;
  Tolerance tolerance;
};
Expectation expectationFor(const Case& c, const Conventions& conventions, const Options& options,
                           const Manifold& actual);

}  // namespace touche::oracle
