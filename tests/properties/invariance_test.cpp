// Property (b): the reference commutes with exact motions of the whole scene.
//
// - A quarter turn about the origin maps every input double to a double exactly ((x, y) →
//   (−y, x); a rotation (c, s) → (−s, c)), and the exact geometry turns with it. Correct
//   rounding commutes with negation and with exchanging coordinates, so the output must be the
//   turned output exactly: normal and points turned, separations and ids identical.
// - Scaling every length by 2^k is exact too (far from overflow and subnormals), and correct
//   rounding commutes with it: points and separations scale exactly, normals are unchanged.
// - Translating by a power-of-two vector t (when every translated input is still exact) moves
//   the exact geometry by t: the normal and the separations do not depend on position, so they
//   are identical. The points are not: the reference rounds the exact point x once, to
//   round(x), and in the moved scene rounds x + t once, to round(x + t); round(x) + t is not
//   round(x + t) in general (t changes which doubles are near). Each rounding is within half
//   an ulp, so |round(x + t) − (round(x) + t)| ≤ ½ulp(x + t) + ½ulp(x), at most one ulp of the
//   larger of the two results. That difference is computed exactly (in rationals) below.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <boost/multiprecision/gmp.hpp>
#include <iostream>
#include <random>
#include <string>

#include "touche/reference/reference.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/rc_generators.h"
#include "touche/test_support/scene_ops.h"

namespace touche::test {
namespace {

using Rational = boost::multiprecision::mpq_rational;

std::string mismatch(const std::string& what, const Manifold& expected, const Manifold& actual) {
  return what + "\n  expected: " + describe(expected) + "\n  actual:   " + describe(actual);
}

/// Exact comparison up to point order: status, normal, count, then each point's position,
/// separation and id. Returns the first difference, or "".
std::string compareExactly(const Manifold& expected, const Manifold& actual) {
  if (expected.status != actual.status) return mismatch("status differs", expected, actual);
  if (expected.status != Status::contact) return "";
  if (expected.normal != actual.normal) return mismatch("normal differs", expected, actual);
  if (expected.pointCount != actual.pointCount) return mismatch("count differs", expected, actual);
  for (int i = 0; i < expected.pointCount; ++i) {
    const int j = findPoint(actual, expected.points[i].point);
    if (j < 0) return mismatch("point " + std::to_string(i) + " moved", expected, actual);
    if (actual.points[j].separation != expected.points[i].separation ||
        actual.points[j].id != expected.points[i].id) {
      return mismatch("point " + std::to_string(i) + " separation or id", expected, actual);
    }
  }
  return "";
}

std::string checkQuarterTurns(const Case& scene, int turns) {
  const Manifold m = runEngine(reference::kEngine, scene);
  const Manifold turned = runEngine(reference::kEngine, rotatedScene(scene, turns));
  return compareExactly(rotatedManifold(m, turns), turned);
}

/// The manifold scaled by 2^e: points and separations scaled, normal unchanged.
Manifold scaledManifold(Manifold m, int e) {
  for (int i = 0; i < m.pointCount; ++i) {
    m.points[i].point = {std::ldexp(m.points[i].point.x, e), std::ldexp(m.points[i].point.y, e)};
    m.points[i].separation = std::ldexp(m.points[i].separation, e);
  }
  return m;
}

std::string checkScaling(const Case& scene, int e) {
  const Manifold m = runEngine(reference::kEngine, scene);
  const Manifold scaled = runEngine(reference::kEngine, scaledScene(scene, e));
  return compareExactly(scaledManifold(m, e), scaled);
}

/// |moved − (original + t)| ≤ ulp(max(|moved|, |original|)), evaluated exactly.
bool withinOneUlp(double original, double t, double moved) {
  const Rational diff = Rational(moved) - Rational(original) - Rational(t);
  const double ulp = std::max(ulpOf(moved), ulpOf(original));
  return abs(diff) <= Rational(ulp);
}

/// True when `moved` is `original` translated by t: position within one ulp (see above),
/// separation and id identical.
bool isTranslate(const ManifoldPoint& original, Vec2 t, const ManifoldPoint& moved) {
  return withinOneUlp(original.point.x, t.x, moved.point.x) &&
         withinOneUlp(original.point.y, t.y, moved.point.y) &&
         original.separation == moved.separation && original.id == moved.id;
}

std::string checkTranslation(const Case& scene, Vec2 t) {
  const Manifold m = runEngine(reference::kEngine, scene);
  const Manifold moved = runEngine(reference::kEngine, translatedScene(scene, t));
  if (m.status != moved.status) return mismatch("status changed by a translation", m, moved);
  if (m.status != Status::contact) return "";
  if (m.normal != moved.normal || m.pointCount != moved.pointCount) {
    return mismatch("normal or point count changed by a translation", m, moved);
  }
  for (int i = 0; i < m.pointCount; ++i) {
    bool found = false;
    for (int j = 0; j < moved.pointCount; ++j)
      found = found || isTranslate(m.points[i], t, moved.points[j]);
    if (!found) {
      return mismatch("point " + std::to_string(i) + " is not the translate (1 ulp)", m, moved);
    }
  }
  return "";
}

// --- properties ------------------------------------------------------------------------------

void quarterTurnProperty(PairId pair) {
  const Case scene = *genScene(pair);
  const int turns = *rc::gen::inRange(1, 4);
  RC_CLASSIFY(runEngine(reference::kEngine, scene).status == Status::contact, "contact");
  const std::string failure = checkQuarterTurns(scene, turns);
  if (!failure.empty()) RC_FAIL(failure);
}

RC_GTEST_PROP(ReferenceInvariance, CircleCircleQuarterTurnsAreExact, ()) {
  quarterTurnProperty(PairId::circle_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonCircleQuarterTurnsAreExact, ()) {
  quarterTurnProperty(PairId::polygon_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonPolygonQuarterTurnsAreExact, ()) {
  quarterTurnProperty(PairId::polygon_polygon);
}

void scalingProperty(PairId pair) {
  const Case scene = *genScene(pair);
  const int e = *rc::gen::element(-8, -3, -1, 1, 2, 5, 8);
  RC_CLASSIFY(runEngine(reference::kEngine, scene).status == Status::contact, "contact");
  const std::string failure = checkScaling(scene, e);
  if (!failure.empty()) RC_FAIL(failure);
}

RC_GTEST_PROP(ReferenceInvariance, CircleCirclePowerOfTwoScalingIsExact, ()) {
  scalingProperty(PairId::circle_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonCirclePowerOfTwoScalingIsExact, ()) {
  scalingProperty(PairId::polygon_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonPolygonPowerOfTwoScalingIsExact, ()) {
  scalingProperty(PairId::polygon_polygon);
}

void translationProperty(PairId pair) {
  const Case scene = *genScene(pair);
  const Vec2 t = *fromSeededRng([](std::mt19937_64& rng) { return powerOfTwoTranslation(rng); });
  RC_PRE(translationIsExact(scene, t));
  RC_CLASSIFY(runEngine(reference::kEngine, scene).status == Status::contact, "contact");
  const std::string failure = checkTranslation(scene, t);
  if (!failure.empty()) RC_FAIL(failure);
}

RC_GTEST_PROP(ReferenceInvariance, CircleCirclePowerOfTwoTranslationKeepsNormals, ()) {
  translationProperty(PairId::circle_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonCirclePowerOfTwoTranslationKeepsNormals, ()) {
  translationProperty(PairId::polygon_circle);
}
RC_GTEST_PROP(ReferenceInvariance, PolygonPolygonPowerOfTwoTranslationKeepsNormals, ()) {
  translationProperty(PairId::polygon_polygon);
}

// Hit rates of the three invariance checks on the same generators, from a fixed seed: 30–70%
// of scenes in contact, translations exact for most scenes (so RC_PRE discards few), and the
// checks hold on every trial.
TEST(ReferenceInvariance, HitRatesContactsAndExactTranslationsPerPair) {
  for (PairId pair : kPropertyPairs) {
    std::mt19937_64 rng(20261121);
    Tally contact;
    Tally exactTranslation;
    FailureLog failures;
    for (int i = 0; i < 300; ++i) {
      const Case scene = sceneFor(rng, pair);
      contact.add(runEngine(reference::kEngine, scene).status == Status::contact);
      failures.add(checkQuarterTurns(scene, 1 + i % 3));
      failures.add(checkScaling(scene, i % 2 == 0 ? 3 : -5));
      const Vec2 t = powerOfTwoTranslation(rng);
      exactTranslation.add(translationIsExact(scene, t));
      if (translationIsExact(scene, t)) failures.add(checkTranslation(scene, t));
    }
    std::cout << pairInfo(pair).name << ": contact " << contact.text() << ", exact translations "
              << exactTranslation.text() << "\n";
    EXPECT_GE(contact.fraction(), 0.3) << pairInfo(pair).name;
    EXPECT_LE(contact.fraction(), 0.7) << pairInfo(pair).name;
    EXPECT_GE(exactTranslation.fraction(), 0.8) << pairInfo(pair).name;
    EXPECT_EQ(failures.count, 0) << pairInfo(pair).name << ", first: " << failures.first;
  }
}

}  // namespace
}  // namespace touche::test
