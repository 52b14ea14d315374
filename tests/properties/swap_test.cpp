// Property (a): exchanging A and B. The reference computes both orders from exact geometry,
// so collide(B, A) must be collide(A, B) with the normal negated exactly (correct rounding
// commutes with negation), the same points and separations bit for bit (the midpoint rule is
// symmetric), and every feature id swapped.
//
// Two kinds of scenes are excluded, counted, and must stay a minority:
//  - exact ties (gaps.axis == 0): the tie rule prefers A, so the reference face moves from one
//    polygon to the other when the roles are exchanged and the clipped points may differ;
//  - degenerate normals (kFlagDegenerateNormal): concentric circles take A's x axis, which is
//    not B's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>
#include <random>
#include <string>

#include "touche/reference/reference.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/rc_generators.h"
#include "touche/test_support/scene_ops.h"

namespace touche::test {
namespace {

struct SwapResult {
  bool contact = false;
  bool tie = false;
  bool degenerate = false;
  std::string failure;  ///< empty when the property holds (or the scene was excluded)
};

std::string mismatch(const std::string& what, const Manifold& ab, const Manifold& ba) {
  return what + "\n  A,B: " + describe(ab) + "\n  B,A: " + describe(ba);
}

/// Points of `ba` must be those of `ab` (any order), same separation, ids swapped.
std::string comparePoints(const Manifold& ab, const Manifold& ba) {
  for (int i = 0; i < ab.pointCount; ++i) {
    const int j = findPoint(ba, ab.points[i].point);
    if (j < 0) return mismatch("point " + std::to_string(i) + " missing after the swap", ab, ba);
    if (ba.points[j].separation != ab.points[i].separation) {
      return mismatch("separation of point " + std::to_string(i) + " changed", ab, ba);
    }
    if (ba.points[j].id != swapped(ab.points[i].id)) {
      return mismatch("id of point " + std::to_string(i) + " not swapped", ab, ba);
    }
  }
  return "";
}

SwapResult checkSwap(const Case& scene) {
  const Manifold ab = runEngine(reference::kEngine, scene);
  const Manifold ba = runEngine(reference::kEngine, swappedScene(scene));
  SwapResult r;
  r.contact = ab.status == Status::contact;
  r.degenerate = ((ab.flags | ba.flags) & kFlagDegenerateNormal) != 0;
  r.tie = (ab.gaps.axis && *ab.gaps.axis == 0.0) || (ba.gaps.axis && *ba.gaps.axis == 0.0);
  if (r.degenerate || r.tie) return r;
  if (ab.status != ba.status) {
    r.failure = mismatch("status differs", ab, ba);
  } else if (r.contact && ba.normal != -ab.normal) {
    r.failure = mismatch("normal not negated exactly", ab, ba);
  } else if (r.contact && ba.pointCount != ab.pointCount) {
    r.failure = mismatch("point count differs", ab, ba);
  } else if (r.contact) {
    r.failure = comparePoints(ab, ba);
  }
  return r;
}

void swapProperty(PairId pair) {
  const Case scene = *genScene(pair);
  const SwapResult r = checkSwap(scene);
  RC_CLASSIFY(r.contact, "contact");
  RC_CLASSIFY(r.tie, "exact tie (excluded)");
  RC_CLASSIFY(r.degenerate, "degenerate normal (excluded)");
  if (!r.failure.empty()) RC_FAIL(r.failure);
}

RC_GTEST_PROP(ReferenceSwap, CircleCircleSwapNegatesNormalExactly, ()) {
  swapProperty(PairId::circle_circle);
}

RC_GTEST_PROP(ReferenceSwap, PolygonCircleSwapNegatesNormalExactly, ()) {
  swapProperty(PairId::polygon_circle);
}

RC_GTEST_PROP(ReferenceSwap, PolygonPolygonSwapNegatesNormalExactly, ()) {
  swapProperty(PairId::polygon_polygon);
}

// The same generators, run from a fixed seed: the property is not vacuous (30–70% contacts)
// and the excluded scenes (exact ties, degenerate normals) are a minority (< 30%).
TEST(ReferenceSwap, HitRatesContactsAndExclusionsPerPair) {
  for (PairId pair : kPropertyPairs) {
    std::mt19937_64 rng(20261121);
    Tally contact;
    Tally excluded;
    FailureLog failures;
    for (int i = 0; i < 300; ++i) {
      const SwapResult r = checkSwap(sceneFor(rng, pair));
      failures.add(r.failure);
      contact.add(r.contact);
      excluded.add(r.tie || r.degenerate);
    }
    std::cout << pairInfo(pair).name << ": contact " << contact.text() << ", excluded "
              << excluded.text() << "\n";
    EXPECT_GE(contact.fraction(), 0.3) << pairInfo(pair).name;
    EXPECT_LE(contact.fraction(), 0.7) << pairInfo(pair).name;
    EXPECT_LT(excluded.fraction(), 0.3) << pairInfo(pair).name;
    EXPECT_EQ(failures.count, 0) << pairInfo(pair).name << ", first: " << failures.first;
  }
}

}  // namespace
}  // namespace touche::test
