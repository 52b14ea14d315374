// compare(): one test per outcome class, built from constructed expected/actual pairs; each
// asserts the class and fragments of the explanation a person would act on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "golden_cases.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;

using golden::boxesCase;
using golden::circlesCase;

/// The golden manifolds as the reference reports them, with their decision gaps.
Manifold circlesManifold() {
  Manifold m = golden::circlesManifold();
  m.gaps.contact = 0.5;
  return m;
}

Manifold boxesManifold() {
  Manifold m = golden::boxesManifold();
  m.gaps.axis = 0.3;
  m.gaps.contact = 0.1;
  return m;
}

Tolerance floatTolerance(const Case& c) {
  Conventions conventions;
  conventions.precision = Precision::float32;
  return toleranceFor(c, conventions);
}

TEST(ToleranceFor, FloatUnitIsEpsilonTimesLargestMagnitude) {
  // Largest magnitude in boxesCase is 1.4 (xfB.p.y).
  const Tolerance t = floatTolerance(boxesCase());
  EXPECT_EQ(t.epsilon, 0x1p-23);
  EXPECT_EQ(t.unit, 0x1p-23 * 1.4);
  EXPECT_EQ(t.length(), 64 * 0x1p-23 * 1.4);
  EXPECT_TRUE(t.compareIds);
}

TEST(ToleranceFor, CircleIdsNotComparedForBox2d) {
  EXPECT_FALSE(toleranceFor(circlesCase(), conventionsFor("box2d")).compareIds);
  EXPECT_TRUE(toleranceFor(boxesCase(), conventionsFor("box2d")).compareIds);
}

TEST(Compare, IdenticalManifoldsAgree) {
  const Comparison r =
      compare(boxesCase(), boxesManifold(), boxesManifold(), floatTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::agree);
  EXPECT_TRUE(r.explanation.empty());
}

TEST(Compare, PointsAreMatchedByPositionNotOrder) {
  Manifold actual = boxesManifold();
  std::swap(actual.points[0], actual.points[1]);
  EXPECT_EQ(compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase())).outcome,
            Outcome::agree);
}

TEST(Compare, FloatRoundingInsideTheAllowanceAgrees) {
  Manifold actual = boxesManifold();
  actual.points[0].point.y += 10 * 0x1p-23;  // 10 units (of 2^-23·1.4) is < 64
  actual.points[1].separation -= 10 * 0x1p-23;
  EXPECT_EQ(compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase())).outcome,
            Outcome::agree);
}

TEST(Compare, DifferentFaceInsideTieBandAgreesWithinTie) {
  // The expected axis gap 1e-4 is inside Box2D's 5e-4 hysteresis: a normal tilted by 2e-4
  // with the same deepest separation is legitimate.
  Manifold expected = boxesManifold();
  expected.gaps.axis = 1e-4;
  Manifold actual = expected;
  actual.normal = {std::sin(2e-4), std::cos(2e-4)};
  const Comparison r =
      compare(boxesCase(), expected, actual, toleranceFor(boxesCase(), conventionsFor("box2d")));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("agree-within-tie"));
  EXPECT_THAT(r.explanation, HasSubstr("tie band"));
}

TEST(Compare, DifferentFaceOutsideTieBandIsWrongNormal) {
  Manifold expected = boxesManifold();
  expected.gaps.axis = 1e-2;  // far outside 5e-4
  Manifold actual = expected;
  actual.normal = {std::sin(3.1e-3), std::cos(3.1e-3)};
  const Comparison r =
      compare(boxesCase(), expected, actual, toleranceFor(boxesCase(), conventionsFor("box2d")));
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  // 3.1e-3 in units of FLT_EPSILON = 1.19e-7 is about 26000.
  EXPECT_THAT(r.explanation, HasSubstr("differs by 0.0031 = 2.6e+04 units of 1.19e-07"));
  EXPECT_THAT(r.explanation, HasSubstr("gaps (expected): axis 0.01"));
  EXPECT_THAT(r.explanation, HasSubstr("case: {\"id\":\"boxes\""));
  EXPECT_THAT(r.explanation, HasSubstr("\"0x1.6666666666666p+0\""));  // 1.4 as a hexfloat
}

TEST(Compare, ContactDecisionOutsideBandIsMissingContact) {
  Manifold actual = statusOnly(Status::noContact);
  const Comparison r =
      compare(circlesCase(), circlesManifold(), actual, floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::missingContact);
  EXPECT_THAT(r.explanation, HasSubstr("expected contact, got no_contact"));
}

TEST(Compare, ContactDecisionAtBoundaryAgreesWithinTie) {
  // Touching exactly: the expected manifold is 0 from the boundary.
  Manifold expected = circlesManifold();
  expected.points[0].separation = 0.0;
  expected.gaps.contact = 0.0;
  const Comparison r = compare(circlesCase(), expected, statusOnly(Status::noContact),
                               floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("within the contact band"));
}

TEST(Compare, ContactWhereNoneExpectedIsSpuriousContact) {
  Manifold expected = statusOnly(Status::noContact);
  expected.gaps.contact = 0.5;
  const Comparison r =
      compare(circlesCase(), expected, circlesManifold(), floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::spuriousContact);
  EXPECT_THAT(r.explanation, HasSubstr("distance from the boundary 0.5"));
}

TEST(Compare, TiltedNormalIsWrongNormal) {
  Manifold actual = circlesManifold();
  actual.normal = {std::cos(1e-3), std::sin(1e-3)};
  const Comparison r =
      compare(circlesCase(), circlesManifold(), actual, floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  EXPECT_THAT(r.explanation, HasSubstr("normal: expected (1, 0)"));
}

TEST(Compare, NonUnitNormalIsWrongNormal) {
  Manifold actual = circlesManifold();
  actual.normal = {1.01, 0};
  const Comparison r =
      compare(circlesCase(), circlesManifold(), actual, floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  EXPECT_THAT(r.explanation, HasSubstr("not unit"));
}

TEST(Compare, DegenerateExpectedNormalAcceptsAnyUnitNormal) {
  // Concentric unit circles: any unit normal, the point at the common centre.
  const Case c{"concentric", Circle{{0, 0}, 1.0}, Transform{}, Circle{{0, 0}, 1.0}, Transform{}};
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {1, 0};
  expected.pointCount = 1;
  expected.points[0] = {{0, 0}, -2.0, {}};
  expected.flags = kFlagDegenerateNormal;
  Manifold actual = expected;
  actual.flags = kFlagNone;
  actual.normal = {0, -1};
  EXPECT_EQ(compare(c, expected, actual, floatTolerance(c)).outcome, Outcome::agree);
}

TEST(Compare, MissingSecondPointIsWrongPointCount) {
  Manifold actual = boxesManifold();
  actual.pointCount = 1;
  const Comparison r = compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongPointCount);
  EXPECT_THAT(r.explanation, HasSubstr("point count: expected 2, actual 1"));
}

TEST(Compare, PointDroppedAtTheMarginAgreesWithinTie) {
  Manifold expected = boxesManifold();
  expected.points[1].separation = 0.0;  // exactly at margin 0: kept by us, dropped by them
  Manifold actual = expected;
  actual.pointCount = 1;
  EXPECT_EQ(compare(boxesCase(), expected, actual, floatTolerance(boxesCase())).outcome,
            Outcome::agreeWithinTie);
}

TEST(Compare, ShiftedPointIsWrongPoint) {
  Manifold actual = boxesManifold();
  actual.points[1].point.x += 0.01;
  const Comparison r = compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongPoint);
  EXPECT_THAT(r.explanation, HasSubstr("point 1: expected (0.75, 0.95), actual (0.76, 0.95)"));
  EXPECT_THAT(r.explanation, HasSubstr("units of 1.67e-07"));  // 2^-23 · 1.4
}

TEST(Compare, DeeperSeparationIsWrongSeparation) {
  Manifold actual = boxesManifold();
  actual.points[0].separation = -0.11;
  const Comparison r = compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongSeparation);
  EXPECT_THAT(r.explanation, HasSubstr("separation 0: expected -0.1, actual -0.11"));
}

TEST(Compare, DifferentFeatureIsWrongId) {
  Manifold actual = boxesManifold();
  actual.points[0].id = {FeatureType::vertex, 3, FeatureType::face, 0};
  const Comparison r = compare(boxesCase(), boxesManifold(), actual, floatTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongId);
  EXPECT_THAT(r.explanation, HasSubstr("expected (face 2, vertex 0), actual (vertex 3, face 0)"));
}

TEST(Compare, IdsIgnoredWhenConventionsSaySo) {
  Manifold actual = circlesManifold();
  actual.points[0].id = {FeatureType::face, 1, FeatureType::vertex, 0};
  Conventions conventions = conventionsFor("box2d");
  EXPECT_EQ(
      compare(circlesCase(), circlesManifold(), actual, toleranceFor(circlesCase(), conventions))
          .outcome,
      Outcome::agree);
}

TEST(Compare, NanSeparationIsNonFinite) {
  Manifold actual = circlesManifold();
  actual.points[0].separation = std::numeric_limits<double>::quiet_NaN();
  const Comparison r =
      compare(circlesCase(), circlesManifold(), actual, floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::nonFinite);
  EXPECT_THAT(r.explanation, HasSubstr("non-finite"));
}

TEST(Compare, UnsupportedAgainstAnAnswerIsStatusMismatch) {
  const Comparison r = compare(circlesCase(), circlesManifold(), statusOnly(Status::unsupported),
                               floatTolerance(circlesCase()));
  EXPECT_EQ(r.outcome, Outcome::statusMismatch);
  EXPECT_THAT(r.explanation, HasSubstr("expected status contact, got unsupported"));
}

TEST(Compare, BothErrorAgree) {
  EXPECT_EQ(compare(circlesCase(), statusOnly(Status::error), statusOnly(Status::error),
                    floatTolerance(circlesCase()))
                .outcome,
            Outcome::agree);
}

/// Rounded boxes (radius 0.1 each), B at (1.5, 2.15): cores 0.15 apart, surfaces overlap by
/// 0.05. Our clip keeps B's vertex at x = 0.5 and the point clipped at A's vertex x = 1, at
/// y = 1 + 0.15/2 = 1.075; Box2D 2.4.1 clips at 1 + 0.2 instead (side planes extended).
Case roundedBoxesCase(double bx, double by) {
  return Case{"rounded", makeBox(1, 1, 0.1), Transform{}, makeBox(1, 1, 0.1),
              Transform{{bx, by}, {}}};
}

Manifold twoPoints(Vec2 n, Vec2 p0, Vec2 p1, double separation) {
  Manifold m;
  m.status = Status::contact;
  m.normal = n;
  m.pointCount = 2;
  m.points[0] = {p0, separation, {}};
  m.points[1] = {p1, separation, {}};
  return m;
}

TEST(CompareBox2dConventions, SidePlanesExtendedByTotalRadiusAgreeWithinTie) {
  const Case c = roundedBoxesCase(1.5, 2.15);
  Manifold expected = twoPoints({0, 1}, {1, 1.075}, {0.5, 1.075}, -0.05);
  expected.gaps.axis = 0.0;
  const Manifold actual = twoPoints({0, 1}, {0.5, 1.075}, {1.2, 1.075}, -0.05);
  const Tolerance t = toleranceFor(c, conventionsFor("box2d"));
  EXPECT_EQ(t.sideExtension, 0.2);
  const Comparison r = compare(c, expected, actual, t);
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("beyond the reference face by 0.2"));
  // Without the convention the same pair is a wrong point.
  EXPECT_EQ(compare(c, expected, actual, floatTolerance(c)).outcome, Outcome::wrongPoint);
}

TEST(CompareBox2dConventions, PointBeyondTheExtendedSidePlaneIsWrongPoint) {
  const Case c = roundedBoxesCase(1.5, 2.15);
  const Manifold expected = twoPoints({0, 1}, {1, 1.075}, {0.5, 1.075}, -0.05);
  const Manifold actual = twoPoints({0, 1}, {0.5, 1.075}, {1.35, 1.075}, -0.05);
  EXPECT_EQ(compare(c, expected, actual, toleranceFor(c, conventionsFor("box2d"))).outcome,
            Outcome::wrongPoint);
}

TEST(CompareBox2dConventions, RoundedCornersSeenAlongAFaceNormalAgreeWithinTie) {
  // B at (2.1, 2.1): core corners (1, 1) and (1.1, 1.1) are 0.1·√2 apart, so the exact
  // manifold is vertex–vertex: normal (√½, √½), separation 0.1·√2 − 0.2 ≈ −0.0586. Box2D
  // reports A's face 1 with separation 0.1 − 0.2 = −0.1, which lies in [−0.2, −0.0586].
  const Case c = roundedBoxesCase(2.1, 2.1);
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {std::sqrt(0.5), std::sqrt(0.5)};
  expected.pointCount = 1;
  expected.points[0] = {
      {1.05, 1.05}, 0.1 * std::sqrt(2.0) - 0.2, {FeatureType::vertex, 2, FeatureType::vertex, 0}};
  const Manifold actual = twoPoints({1, 0}, {1.05, 1.1}, {1.05, 1.2}, -0.1);
  const Tolerance t = toleranceFor(c, conventionsFor("box2d"));
  EXPECT_EQ(compare(c, expected, actual, t).outcome, Outcome::agreeWithinTie);
  const Manifold tooDeep = twoPoints({1, 0}, {1.05, 1.1}, {1.05, 1.2}, -0.3);
  EXPECT_EQ(compare(c, expected, tooDeep, t).outcome, Outcome::wrongSeparation);
  EXPECT_EQ(compare(c, expected, actual, floatTolerance(c)).outcome, Outcome::wrongNormal);
}

TEST(CompareBox2dConventions, RoundedCornerContactDecidedOnFaceSeparation) {
  // B at (2.18, 2.18): corners 0.18·√2 ≈ 0.255 apart > 0.2: no contact; the face separation
  // 0.18 is within 0.2, so Box2D reports separation −0.02.
  const Case c = roundedBoxesCase(2.18, 2.18);
  Manifold expected = statusOnly(Status::noContact);
  expected.gaps.contact = 0.18 * std::sqrt(2.0) - 0.2;
  const Manifold actual = twoPoints({1, 0}, {1.09, 1.18}, {1.09, 1.2}, -0.02);
  const Tolerance t = toleranceFor(c, conventionsFor("box2d"));
  EXPECT_EQ(compare(c, expected, actual, t).outcome, Outcome::agreeWithinTie);
  EXPECT_EQ(compare(c, expected, actual, floatTolerance(c)).outcome, Outcome::spuriousContact);
}

TEST(CompareBox2dConventions, CentreOutsideVertexWithinFltEpsilonTakesFaceNormal) {
  // Box half 2^-10, circle r 2^-11 centred 2^-24 beyond the corner on both axes: the exact
  // manifold is the vertex normal (√½, √½); Box2D 2.4.1 calls a centre with face separation
  // 2^-24 < FLT_EPSILON "inside" and uses face 1's normal (1, 0).
  const double h = 0x1p-10;
  const Case c{"hair", makeBox(h, h), Transform{}, Circle{{0, 0}, h / 2},
               Transform{{h + 0x1p-24, h + 0x1p-24}, {}}};
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {std::sqrt(0.5), std::sqrt(0.5)};
  expected.pointCount = 1;
  const double centreGap = 0x1p-24 * std::sqrt(2.0);
  expected.points[0] = {{h, h}, centreGap - h / 2, {}};
  Manifold actual = expected;
  actual.normal = {1, 0};
  actual.points[0].separation = 0x1p-24 - h / 2;
  const Tolerance t = toleranceFor(c, conventionsFor("box2d"));
  EXPECT_EQ(t.tieBand, 0.0);  // no reference-face hysteresis against a circle
  const Comparison r = compare(c, expected, actual, t);
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("inside the declared epsilon 1.19e-07"));
  EXPECT_EQ(compare(c, expected, actual, floatTolerance(c)).outcome, Outcome::wrongNormal);
}

TEST(OutcomeName, EveryClassHasItsReportName) {
  EXPECT_EQ(outcomeName(Outcome::agreeWithinTie), "agree-within-tie");
  EXPECT_EQ(outcomeName(Outcome::wrongPointCount), "wrong-point-count");
  EXPECT_EQ(outcomeName(Outcome::statusMismatch), "status-mismatch");
  for (int k = 0; k < kOutcomeCount; ++k) {
    EXPECT_NE(outcomeName(static_cast<Outcome>(k)), "unknown");
  }
}

}  // namespace
}  // namespace touche::oracle
