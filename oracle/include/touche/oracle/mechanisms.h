// touche — why a case failed: the mechanisms that explain a failure exactly.
//
// judge() says what is wrong with a manifold; a mechanism says how the engine got it wrong.
// Each hypothesis undoes one mechanism on the engine's answer — negates its separations, moves
// its points to another surface, clips a point, declares a skin — and names the mechanism
// only when the judge then accepts the answer under the same declared conventions (or, for a
// mechanism that is a convention, under those conventions with that one key changed). The
// tolerance is the judge's own: a mechanism is named only when it explains every failed check
// of the case within the engine's declared rounding, never by a looser band.
// docs/validating-your-engine.md, "Reading the clusters".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {

/// A mechanism that explains a failing case.
struct Diagnosis {
  std::string name;  ///< a stable key: "separation-sign-flipped"
  /// What a cluster says, the same for every case of the mechanism (no per-case numbers):
  /// "separation sign flipped", "B's radius missing (separations off by r)".
  std::string says;
  /// This case's evidence: "every separation negated (point 0: 0.1 → -0.1), the manifold
  /// passes".
  std::string detail;
};

/// What every hypothesis is given: the case, the reference's exact answer on it as the engine
/// sees it (polygons grown by the declared skin; empty when the reference has none), the
/// engine's manifold as read and its declared conventions.
struct FailedCase {
  const Case& c;
  const std::optional<Manifold>& expected;
  const ManifoldRecord& actual;
  const DeclaredConventions& conventions;
};

/// One mechanism's test: its diagnosis when undoing it makes the judge accept the answer.
using Hypothesis = std::optional<Diagnosis> (*)(const FailedCase&);

/// The normal (and each point's own) negated.
std::optional<Diagnosis> normalReversed(const FailedCase& f);
/// The manifold of (B, A) written as (A, B): normal negated, ids' halves exchanged, points on
/// the other shape's surface.
std::optional<Diagnosis> shapesSwappedInOutput(const FailedCase& f);
/// Every separation negated.
std::optional<Diagnosis> separationSignFlipped(const FailedCase& f);
/// Every id's A and B halves exchanged (typeA with typeB, indexA with indexB): an engine that
/// swaps the shapes internally and forgets to swap its ids back.
std::optional<Diagnosis> idsUnswapped(const FailedCase& f);
/// Every id's indexA and indexB exchanged, its types kept.
std::optional<Diagnosis> idIndicesExchanged(const FailedCase& f);
/// The points on another surface than the declared placement (on A instead of B, the midpoint
/// missing).
std::optional<Diagnosis> pointsOnAnotherSurface(const FailedCase& f);
/// Every point reports the manifold's deepest separation (pointSeparation "deepest").
std::optional<Diagnosis> oneSharedDepth(const FailedCase& f);
/// A shape's radius (or both) missing, counted twice or with the wrong sign: separations off
/// by r, −r or 2r, the points with them or not.
std::optional<Diagnosis> radiusOff(const FailedCase& f);
/// The engine's polygons and segments carry another skin than the declared skinRadius.
std::optional<Diagnosis> skinNotDeclared(const FailedCase& f);
/// Circles replaced by inscribed regular polygons of n ≤ 64 sides (circleSegments n): the
/// deepest point short of the exact best by exactly the sagitta r·(1 − cos(π/n)) (an edge of
/// the polygon facing the contact), and the answer right for such a polygon. A shortfall
/// between 0 and the sagitta (a vertex nearer the contact) names no n: no claim.
std::optional<Diagnosis> circlesAsPolygons(const FailedCase& f);
/// The normal is a face normal of the other shape than the reference's answer's, while the
/// points and separations are right: with the reference's normal the answer passes.
std::optional<Diagnosis> normalFromOtherShape(const FailedCase& f);
/// A point is an end of the incident edge beyond the reference face's side plane, left
/// unclipped: clipped (the reference's point there, or dropped) the answer passes.
std::optional<Diagnosis> missingClip(const FailedCase& f);
/// The normal is a face normal short of the best, and the answer is right along it: a
/// reference-face hysteresis the conventions do not declare (tieBand).
std::optional<Diagnosis> hysteresis(const FailedCase& f);

/// Every hypothesis, in the order diagnose() tries them: the simplest undoing first.
std::span<const Hypothesis> hypotheses();

/// The first mechanism that explains the case's failure, or std::nullopt: when none does, or
/// when the judge accepts the answer as it is (nothing to explain).
std::optional<Diagnosis> diagnose(const FailedCase& f);

}  // namespace touche::oracle
