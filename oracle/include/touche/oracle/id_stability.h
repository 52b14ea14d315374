// touche — stable ids: an engine's opaque ids judged across slightly moved copies of a case
// (docs/validating-your-engine.md, "Stable ids").
//
// A solver matches each contact point with last step's by its id (warm starting). An id whose
// format names no feature (idFormat "opaque") cannot be checked against the features, but it
// can be checked against itself: in a slightly moved copy of a case — the same exact feature
// pairs touching, the shapes a little elsewhere — the point on the same feature pair must have
// the same id, and a point on another feature pair another id. A case line names the case it
// is a moved copy of ("movedFrom"); movedCopies() makes such copies of a case, kept only where
// the reference's feature pairs are unchanged; `touche check` compares the copy's ids with its
// original's, by the exact feature pair each point lies on (the reference's point it matches).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {

/// How many case lines before a moved copy its original may be: `touche check` keeps the
/// points of the cases some copy names for that many lines.
inline constexpr std::size_t kStabilityWindow = 65536;

/// A point of a case as the stability judgement sees it: the exact feature pair it lies on
/// (the reference's typed id of the reference point nearest to it, each taken once) and the
/// engine's id as written.
struct StablePoint {
  std::size_t index = 0;  ///< the point's index in the manifold line
  FeatureId pair;
  std::string id;
};

/// The points of one case that a stability judgement compares (empty: none — no contact, or
/// ids not compared for the pair).
struct StabilityRecord {
  std::vector<StablePoint> points;
};

/// Whether ids are judged for stability under these conventions on this case: opaque ids,
/// compared for its pair.
bool stabilityJudged(const DeclaredConventions& conventions, const Case& c);

/// The record of a case and the engine's manifold line for it, under `conventions` (the
/// reference runs on the case as the engine sees it: skin, margin).
StabilityRecord stabilityRecord(const Case& c, const ManifoldRecord& actual,
                                const DeclaredConventions& conventions);

/// One point whose id is not stable between a case and its moved copy.
struct StabilityFailure {
  std::size_t point = 0;  ///< the copy's point
  std::string headline;   ///< "an id differs in a moved copy on the same feature pair"
  std::string note;       ///< the facts, one line
};

/// The copy's ids against its original's: the same feature pair must keep its id, another
/// feature pair must not take it. `original` names the original ("case 'box' (line 3)").
std::vector<StabilityFailure> compareStability(const StabilityRecord& originalPoints,
                                               const std::string& original,
                                               const StabilityRecord& copyPoints);

/// What movedCopies() made of a case.
struct MovedCopies {
  std::vector<Case> copies;  ///< each with id "<id>~moved-<k>" and movedFrom the case's id
  int dropped = 0;           ///< copies not made: every try changed the feature pairs
};

/// Up to `count` slightly moved copies of `c`, deterministic in `seed` and the case's id: the
/// whole scene turned and moved by a random rigid motion, and B moved relative to A by at most
/// 2^-7 of the scene's size and turned by at most 2^-7 rad. A copy is kept only where the
/// reference's manifold (at `margin`) touches with the same typed feature pairs as the case's;
/// a try that changes them is retried with half the relative motion, eight times at most. A
/// case without contact has no copies.
MovedCopies movedCopies(const Case& c, int count, std::uint64_t seed, double margin = 0.0);

}  // namespace touche::oracle
