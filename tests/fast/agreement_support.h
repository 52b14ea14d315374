// touche — what the fast engine's agreement tests with the exact reference share
// (reference_agreement_test.cpp, capsule_segment_agreement_test.cpp,
// chain_segment_agreement_test.cpp): the counters of a run, a shape's radius, the fast point
// matched to an exact one, the report of a disagreement and the hit rates a run must reach.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <variant>

#include "expect.h"
#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"
#include "touche/core/shapes.h"

namespace touche::fast::test {

/// Counters of one run.
struct Tally {
  int cases = 0;
  int contacts = 0;
  int compared = 0;
  int ties = 0;           ///< inside the tie band: discrete answers not compared
  int explained = 0;      ///< clip-plane or Voronoi-boundary ties recognised by their effect
  double worstUnits = 0;  ///< largest value error seen, in eps·scale
};

/// The radius a shape's core is swept by (0 for a segment or a chain segment).
inline double radiusOf(const Shape& s) {
  if (const auto* p = std::get_if<Polygon>(&s)) return p->radius;
  if (const auto* q = std::get_if<Circle>(&s)) return q->radius;
  if (const auto* k = std::get_if<Capsule>(&s)) return k->radius;
  return 0.0;
}

/// The fast point with the same id as `e`, or the nearest one when none has it (*sameId says
/// which).
inline const ManifoldPoint* matchPoint(const Manifold& fast, const ManifoldPoint& e, bool* sameId) {
  const ManifoldPoint* best = nullptr;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (int j = 0; j < fast.pointCount; ++j) {
    if (fast.points[j].id == e.id) {
      *sameId = true;
      return &fast.points[j];
    }
    const double d = length(fast.points[j].point - e.point);
    if (d < bestDistance) bestDistance = d, best = &fast.points[j];
  }
  *sameId = false;
  return best;
}

/// Counts the disagreements of the double (`whyDouble`, "" when it agrees) and float answers
/// with the exact one in `failures`, and reports the first five with the case (any type with
/// a, xfA, b, xfB) written in `format`.
template <class PairCase>
void reportDisagreements(const std::string& whyDouble, const Manifold& answerDouble,
                         const std::string& whyFloat, const Manifold& answerFloat,
                         const Manifold& exact, const PairCase& c, NumberFormat format,
                         int& failures) {
  for (const auto& [why, fast, name] :
       {std::tuple{whyDouble, answerDouble, "double"}, {whyFloat, answerFloat, "float"}}) {
    if (why.empty() || ++failures > 5) continue;
    ADD_FAILURE() << name << " disagrees (" << why << ") on "
                  << formatCase({"", c.a, c.xfA, c.b, c.xfB}, format)
                  << "\n fast:  " << describe(fast) << "\n exact: " << describe(exact);
  }
}

/// The hit rates of a run in both precisions: contacts 30–70 % of the cases, compared outside
/// the tie band ≥ 95 %; with `boundExplained`, ties recognised by their effect ≤ 1 %.
inline void expectHitRates(const Tally& forDouble, const Tally& forFloat, bool boundExplained) {
  for (const Tally* t : {&forDouble, &forFloat}) {
    const double rate = static_cast<double>(t->contacts) / t->cases;
    EXPECT_GE(rate, 0.30);
    EXPECT_LE(rate, 0.70);
    EXPECT_GE(t->compared, t->cases * 95 / 100);
    if (boundExplained) {
      EXPECT_LE(t->explained, t->cases / 100);
    }
  }
}

/// The test's "tally" property: each precision's compared, tie and explained counts and its
/// worst value error.
inline void recordTallies(const Tally& forDouble, const Tally& forFloat) {
  ::testing::Test::RecordProperty(
      "tally", "double: " + std::to_string(forDouble.compared) + " compared, " +
                   std::to_string(forDouble.ties) + " ties, " +
                   std::to_string(forDouble.explained) + " explained, worst " +
                   std::to_string(forDouble.worstUnits) +
                   " units; float: " + std::to_string(forFloat.compared) + " compared, " +
                   std::to_string(forFloat.ties) + " ties, " + std::to_string(forFloat.explained) +
                   " explained, worst " + std::to_string(forFloat.worstUnits) + " units");
}

}  // namespace touche::fast::test
