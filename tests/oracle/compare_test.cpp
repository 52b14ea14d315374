// compare(): one test per outcome class, built from constructed expected/actual pairs; each
// asserts the class and fragments of the explanation a person would act on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "golden_cases.h"
#include "touche/oracle/box2d.h"
#include "touche/oracle/compare.h"
#include "touche/oracle/judge.h"
#include "touche/oracle/validation.h"
#include "touching_cores.h"

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
  // The expected axis gap 1e-4 is inside Box2D's 5e-4 hysteresis: the small box turned by
  // −2e-4, its bottom face's normal (negated) is tilted by 2e-4 — another face, the same
  // deepest separation, legitimate. A tie lets an engine take another face, not any normal:
  // the same tilt on the unturned box (no face has that normal) is wrong.
  Case turned = boxesCase();
  turned.xfB.q = rotFromAngle(-2e-4);
  Manifold expected = boxesManifold();
  expected.gaps.axis = 1e-4;
  Manifold actual = expected;
  actual.normal = {std::sin(2e-4), std::cos(2e-4)};
  EXPECT_EQ(
      compare(boxesCase(), expected, actual, toleranceFor(boxesCase(), conventionsFor("box2d")))
          .outcome,
      Outcome::wrongNormal);
  const Comparison r =
      compare(turned, expected, actual, toleranceFor(turned, conventionsFor("box2d")));
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

/// A segment from (−1, 0) to (1, 0) under a unit box 0.2 deep: the expected normal is the
/// edge's (0, 1), two points at separation −0.2 (the hand-built manifold of a SAT choice).
Case segmentBoxCase() {
  Case c;
  c.id = "segment-box";
  c.a = Segment{{-1.0, 0.0}, {1.0, 0.0}};
  c.b = makeBox(0.5, 0.5);
  c.xfB.p = {0.0, 0.3};
  return c;
}

Manifold segmentBoxManifold(double axisGap) {
  Manifold m;
  m.status = Status::contact;
  m.normal = {0.0, 1.0};
  m.pointCount = 2;
  m.points[0] = {{-0.5, -0.1}, -0.2, {}};
  m.points[1] = {{0.5, -0.1}, -0.2, {}};
  m.gaps.axis = axisGap;
  return m;
}

/// compare() with engine box2d on the segment–box pair, the box turned by 0.01 rad: the actual
/// normal is its bottom face's, tilted by 0.01 rad from the edge's, separations unchanged (a
/// different axis at the same depth).
Outcome box2dAxisChoice(double axisGap, bool swapped) {
  Case c = segmentBoxCase();
  // The box turned so that its bottom face's normal is the actual one: another face.
  c.xfB.q = rotFromAngle(swapped ? 0.01 : -0.01);
  Manifold expected = segmentBoxManifold(axisGap);
  if (swapped) {
    std::swap(c.a, c.b);
    std::swap(c.xfA, c.xfB);
    expected.normal = -expected.normal;
  }
  Manifold actual = expected;
  actual.normal = {std::sin(0.01), (swapped ? -1.0 : 1.0) * std::cos(0.01)};
  actual.points[0].id = actual.points[1].id = {};
  return compare(c, expected, actual, toleranceFor(c, conventionsFor("box2d"))).outcome;
}

TEST(Compare, EdgeAxisKeptInsideRelativeBandAtDepthPointTwoAgreesWithinTie) {
  // Box2D 2.4.1 keeps the edge axis while the polygon's is better by
  // g ≤ 0.001f/0.98f + (1 − 0.98f)/0.98f · depth = 0.0010204 + 0.0204081 · 0.2 = 0.0051020
  // (depth 0.2 = −(deepest expected separation)). g = 0.0050 is inside, although ten times
  // the fixed tieBand 0.0005; g = 0.0052 is outside (the length allowances here are < 1e-5).
  EXPECT_NEAR(kBox2dEdgeTieBandOffset + 0.2 * kBox2dEdgeRelativeTieBand, 0.0051020, 1e-7);
  for (const bool swapped : {false, true}) {
    EXPECT_EQ(box2dAxisChoice(0.0050, swapped), Outcome::agreeWithinTie) << swapped;
    EXPECT_EQ(box2dAxisChoice(0.0052, swapped), Outcome::wrongNormal) << swapped;
  }
}

/// A segment (−1, 0) → (1, 0) and a box of half-size 0.5 rounded by 0.25 whose corner core
/// (1.3, 0.4) faces the segment's end (1, 0): the cores are 0.5 apart along (0.6, 0.8), the
/// shapes 0.5 − 0.25 = 0.25. The expected manifold is the vertex–vertex one: normal
/// (0.6, 0.8), separation 0.25, midway between (1, 0) and (1.3, 0.4) − 0.25·(0.6, 0.8) =
/// (1.15, 0.2): (1.075, 0.1).
Case segmentRoundedBoxCase() {
  Case c;
  c.id = "segment-rounded-box-corner";
  c.a = Segment{{-1.0, 0.0}, {1.0, 0.0}};
  Polygon box = makeBox(0.5, 0.5);
  box.radius = 0.25;
  c.b = box;
  c.xfB.p = {1.8, 0.9};  // corner core (1.3, 0.4)
  return c;
}

TEST(Compare, EdgePairFaceNormalOnlyAcceptsAFaceAxisForVertexVertex) {
  // E2: Box2D 2.4.1's edge–polygon takes face axes only. Margin 0.3 keeps the expected
  // contact (separation 0.25 ≤ 0.3); a face normal (0, 1) sees the box's core at y = 0.4:
  // face separation 0.4 − 0.25 = 0.15, which lies in [−(total radius), true separation] =
  // [−0.25, 0.25]. A separation of −0.3 lies outside: below −(total radius).
  const Case c = segmentRoundedBoxCase();
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {0.6, 0.8};
  expected.pointCount = 1;
  expected.points[0] = {{1.075, 0.1}, 0.25, {FeatureType::vertex, 1, FeatureType::vertex, 0}};
  Manifold actual = expected;
  actual.normal = {0.0, 1.0};
  actual.points[0] = {{1.0, 0.075}, 0.15, {FeatureType::face, 1, FeatureType::vertex, 0}};
  Tolerance box2d = toleranceFor(c, conventionsFor("box2d"));
  box2d.margin = 0.3;
  EXPECT_TRUE(box2d.faceNormalOnly);
  EXPECT_EQ(compare(c, expected, actual, box2d).outcome, Outcome::agreeWithinTie);
  Tolerance exactFloat = floatTolerance(c);
  exactFloat.margin = 0.3;
  EXPECT_EQ(compare(c, expected, actual, exactFloat).outcome, Outcome::wrongNormal);
  actual.points[0].separation = -0.3;
  EXPECT_EQ(compare(c, expected, actual, box2d).outcome, Outcome::wrongSeparation);
  // Without a rounded polygon the convention has nothing to explain.
  Case sharp = c;
  std::get<Polygon>(sharp.b).radius = 0.0;
  EXPECT_FALSE(toleranceFor(sharp, conventionsFor("box2d")).faceNormalOnly);
}

TEST(Compare, RelativeBandDoesNotWidenPolygonPairs) {
  // Box–box keeps the fixed 0.0005 of b2CollidePolygons: an axis gap of 0.004 at depth 0.1
  // is outside, although the edge pairs' relative band there would be 0.0031.
  Manifold expected = boxesManifold();
  expected.gaps.axis = 0.004;
  Manifold actual = expected;
  actual.normal = {std::sin(3.1e-3), std::cos(3.1e-3)};
  const Tolerance t = toleranceFor(boxesCase(), conventionsFor("box2d"));
  EXPECT_EQ(t.relativeTieBand, 0.0);
  EXPECT_EQ(compare(boxesCase(), expected, actual, t).outcome, Outcome::wrongNormal);
}

TEST(Conventions, PresetsDeclareTheEdgeRelativeBandAsTheEngineDoes) {
  for (const char* name : {"box2d-2.4.1", "box2d-2.4.1-noskin"}) {
    const std::optional<DeclaredConventions> preset = conventionsPreset(name);
    ASSERT_TRUE(preset) << name;
    EXPECT_DOUBLE_EQ(preset->relativeTieBand, kBox2dEdgeRelativeTieBand) << name;
    EXPECT_DOUBLE_EQ(preset->relativeTieBandOffset, kBox2dEdgeTieBandOffset) << name;
  }
  EXPECT_EQ(conventionsFor("box2d").relativeTieBand, kBox2dEdgeRelativeTieBand);
  EXPECT_EQ(conventionsFor("box2d_skin").relativeTieBandOffset, kBox2dEdgeTieBandOffset);
  EXPECT_EQ(conventionsFor("fast").relativeTieBand, 0.0);
}

TEST(Conventions, RelativeTieBandMustBeANonNegativeNumber) {
  const auto bad = parseConventions(R"({"relativeTieBand": -0.02})");
  ASSERT_TRUE(std::holds_alternative<InputError>(bad));
  EXPECT_EQ(std::get<InputError>(bad).field, "relativeTieBand");
  const auto typo = parseConventions(R"({"relativeTieband": 0.02})");
  ASSERT_TRUE(std::holds_alternative<InputError>(typo));
  EXPECT_EQ(std::get<InputError>(typo).field, "relativeTieband");
}

TEST(ValidateCases, Box2dSegmentSquareEdgeAxisKeptByRelativeHysteresisAgreesWithinTie) {
  // Found by the fuzz smoke (segment_polygon, -seed=1): Box2D keeps the segment's axis where
  // the square's is better by less than 0.001f/0.98f + 0.0204·depth.
  const auto parsed = parseCase(
      R"({"id":"random-segment_polygon","a":{"type":"segment","p1":["-0x1.bc2p-6","-0x1.11a4p-4"],)"
      R"("p2":["0x1.1ba2p-2","-0x1.e628p-5"]},"b":{"type":"polygon","vertices":[["-0x1p-2","-0x1p-2"],)"
      R"(["0x1p-2","-0x1p-2"],["0x1p-2","0x1p-2"],["-0x1p-2","0x1p-2"]]},)"
      R"("xfA":{"p":["-0x1p+5","-0x1p+5"],"q":["0x1p+0","0x0p+0"]},)"
      R"("xfB":{"p":["-0x1.fe78bcp+4","-0x1p+5"],"q":["0x1p+0","0x0p+0"]},"margin":"0x0p+0"})");
  ASSERT_TRUE(std::holds_alternative<Case>(parsed));
  Case c = std::get<Case>(parsed);
  for (const bool swapped : {false, true}) {
    if (swapped) {
      std::swap(c.a, c.b);
      std::swap(c.xfA, c.xfB);
    }
    const Engine* engines[] = {&box2d::kEngine};
    const ValidationReport report = validateCases(std::span<const Case>(&c, 1), engines);
    EXPECT_TRUE(report.passed()) << formatReport(report);
    EXPECT_EQ(report.counts.at(0)[static_cast<int>(Outcome::agreeWithinTie)], 1)
        << swapped << "\n"
        << formatReport(report);
  }
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

TEST(Compare, DegenerateExpectedNormalAcceptsAnyNormalAsDeep) {
  // Concentric unit circles: any unit normal is as deep, the point at the common centre (a
  // normal built over the centres' distance 0 may point anywhere).
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
  const Comparison r = compare(c, expected, actual, floatTolerance(c));
  EXPECT_EQ(r.outcome, Outcome::agree) << r.explanation;  // built over a centre distance of 0
}

TEST(Compare, TouchingCoresAlongAnotherFaceFailEvenAtARegionTie) {
  // Box2D v3's answer, A's left normal (0, 1): the region tie of step 4 does not excuse it,
  // the shapes overlap by 1.2 along it.
  const Case tee = test::teeCase();
  const Manifold expected = test::teeManifold({1, 0});
  for (const Tolerance& tol :
       {floatTolerance(tee), toleranceFor(tee, conventionsFor("box2d_v3"))}) {
    const Comparison left = compare(tee, expected, test::teeManifold({0, 1}), tol);
    EXPECT_EQ(left.outcome, Outcome::wrongNormal) << left.explanation;
    EXPECT_EQ(compare(tee, expected, test::teeManifold({1, 0}), tol).outcome, Outcome::agree);
  }
}

TEST(Compare, AFlaggedConeAcceptsItsNormalsOnly) {
  // Tips meeting at an angle: A (0, 0)–(1, 0), B (1, 0)–(2, 1), radii 0.25. Every normal from
  // (1, −1)/√2 through (1, 0) to (0, 1) is as deep; the reference's is (0, 1), flagged.
  const Case tips{"tips", Capsule{{0, 0}, {1, 0}, 0.25}, Transform{}, Capsule{{1, 0}, {2, 1}, 0.25},
                  Transform{}};
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {0, 1};
  expected.pointCount = 1;
  expected.points[0] = {{1, 0}, -0.5, {FeatureType::vertex, 1, FeatureType::vertex, 0}};
  expected.flags = kFlagDegenerateNormal;
  expected.gaps.axis = 0.0;
  Manifold inCone = expected;
  inCone.flags = kFlagNone;
  inCone.normal = {1, 0};
  const Comparison r = compare(tips, expected, inCone, floatTolerance(tips));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie) << r.explanation;
  Manifold outside = inCone;
  outside.normal = {0, -1};  // overlap 1.5 along it
  EXPECT_EQ(compare(tips, expected, outside, floatTolerance(tips)).outcome, Outcome::wrongNormal);
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

// One point each, different ones: the reference keeps the left end (separation exactly at
// margin 0, rounded −0) and drops the right (a hair beyond), the engine the other way round —
// both at the keep/drop boundary, so the exchange agrees within the tie; a right-end point
// 0.01 inside the margin (clearly kept by both) does not.
TEST(Compare, PointsExchangedAtTheMarginAgreeWithinTie) {
  Manifold expected = boxesManifold();
  expected.pointCount = 1;
  expected.points[0].separation = -0.0;
  Manifold actual = boxesManifold();
  actual.pointCount = 1;
  actual.points[0] = boxesManifold().points[1];
  actual.points[0].separation = 0.0;
  const Comparison exchanged = compare(boxesCase(), expected, actual, floatTolerance(boxesCase()));
  EXPECT_EQ(exchanged.outcome, Outcome::agreeWithinTie) << exchanged.explanation;
  const Comparison swapped = compare(boxesCase(), actual, expected, floatTolerance(boxesCase()));
  EXPECT_EQ(swapped.outcome, Outcome::agreeWithinTie) << swapped.explanation;
  actual.points[0].separation = -0.01;
  EXPECT_EQ(compare(boxesCase(), expected, actual, floatTolerance(boxesCase())).outcome,
            Outcome::wrongPoint);
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

// --- decision gaps judged against the engine's rounding band (tieBandUnits) ----------------

Tolerance fastTolerance(const Case& c) {
  return toleranceFor(c, conventionsFor("fast"));
}

Tolerance referenceTolerance(const Case& c) {
  return toleranceFor(c, conventionsFor("reference"));  // double, no band
}

Case swappedCase(const Case& c) {
  return Case{c.id + "-swapped", c.b, c.xfB, c.a, c.xfA};
}

TEST(ToleranceFor, FastEnginesDeclareARoundingBandInUnits) {
  const Tolerance t = fastTolerance(boxesCase());
  EXPECT_EQ(t.tieBandUnits, kFastTieBandUnits);
  EXPECT_EQ(t.roundingBand(), kFastTieBandUnits * 0x1p-52 * 1.4);
  EXPECT_EQ(t.decisionBand(), t.roundingBand());  // no fixed hysteresis
  EXPECT_EQ(toleranceFor(boxesCase(), conventionsFor("fast_float")).roundingBand(),
            kFastTieBandUnits * 0x1p-23 * 1.4);
  EXPECT_EQ(referenceTolerance(boxesCase()).roundingBand(), 0.0);
}

/// Boxes with point 0 named by its other clip name: "clipped at A's vertex 2 on B's face 3"
/// instead of "B's vertex 0 kept against A's face 2".
Manifold boxesClipRenamed() {
  Manifold m = boxesManifold();
  m.points[0].id = {FeatureType::vertex, 2, FeatureType::face, 3};
  return m;
}

TEST(CompareGaps, ClipIdRenamedOneHundredUnitsFromTheSidePlaneAgreesWithinTie) {
  // B's vertex 0 lies gaps.clip = 100 units (of 2^-52·1.4) inside A's side plane: fast's band
  // of 1024 units covers it, the reference's own conventions (no band) only the 64-unit
  // length allowance plus the normal's lever (about 110 units here), so it is wrong there.
  Manifold expected = boxesManifold();
  expected.gaps.clip = 100 * 0x1p-52 * 1.4;
  const Manifold actual = boxesClipRenamed();
  const Comparison r = compare(boxesCase(), expected, actual, fastTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("clip id named across a side plane"));
  expected.gaps.clip = 400 * 0x1p-52 * 1.4;
  EXPECT_EQ(compare(boxesCase(), expected, actual, referenceTolerance(boxesCase())).outcome,
            Outcome::wrongId);
  const Case swapped = swappedCase(boxesCase());
  EXPECT_EQ(
      compare(swapped, swapRoles(expected), swapRoles(actual), fastTolerance(swapped)).outcome,
      Outcome::agreeWithinTie);
}

TEST(CompareGaps, ClipIdRenamedFarFromTheSidePlaneIsWrongId) {
  Manifold expected = boxesManifold();
  expected.gaps.clip = 0.25;  // B's vertex 0 at x = −0.25 is 0.75 inside A's side plane x = −1
  const Comparison r =
      compare(boxesCase(), expected, boxesClipRenamed(), fastTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::wrongId);
  EXPECT_THAT(r.explanation, HasSubstr("clip gap 0.25"));
  EXPECT_THAT(r.explanation, HasSubstr("outside the band"));
}

TEST(CompareGaps, OtherIdDifferenceNearASidePlaneIsWrongId) {
  // A small clip gap explains only the clip rename, not another face.
  Manifold expected = boxesManifold();
  expected.gaps.clip = 0.0;
  Manifold actual = boxesManifold();
  actual.points[0].id = {FeatureType::face, 1, FeatureType::vertex, 0};
  EXPECT_EQ(compare(boxesCase(), expected, actual, fastTolerance(boxesCase())).outcome,
            Outcome::wrongId);
}

/// Box half 1 and a circle of radius 0.5 centred δ right of the top face's end (1, 1), 0.25
/// above it: the centre is in vertex 2's region, δ from the face-2 region.
Case circleBeyondFaceEnd(double delta) {
  return Case{"face-end", makeBox(1, 1), Transform{}, Circle{{0, 0}, 0.5},
              Transform{{1 + delta, 1.25}, {}}};
}

/// The vertex-region manifold: d = c − (1, 1) = (δ, 0.25), |d| ≈ 0.25 (δ² is far below one
/// rounding), normal d/|d| ≈ (4δ, 1), separation |d| − 0.5 ≈ −0.25, point midway between the
/// vertex and c − 0.5·n: (1 + δ/2 − δ, 0.875).
Manifold vertexRegionManifold(double delta) {
  Manifold m;
  m.status = Status::contact;
  m.normal = {4 * delta, 1};
  m.pointCount = 1;
  m.points[0] = {{1 - delta / 2, 0.875}, -0.25, {FeatureType::vertex, 2, FeatureType::vertex, 0}};
  m.gaps.region = delta;
  m.gaps.normal = 0.25;
  m.gaps.contact = 0.25;
  return m;
}

/// The face-region manifold of the same case: normal (0, 1), point (1 + δ, 0.875), face 2.
Manifold faceRegionManifold(double delta) {
  Manifold m = vertexRegionManifold(delta);
  m.normal = {0, 1};
  m.points[0] = {{1 + delta, 0.875}, -0.25, {FeatureType::face, 2, FeatureType::vertex, 0}};
  return m;
}

TEST(CompareGaps, RegionChosenAtTheFaceEndWithinTheBandIsAcceptable) {
  // δ = 2^-42 = 819 units of 2^-52·1.25: inside fast's 1024-unit band; the normals differ by
  // 4δ ≈ 9e-13, inside fast's allowance (64 + 1024 units over the base 0.25 ≈ 1.2e-12) and
  // far above the reference conventions' (64 units over 0.25 plus 64 epsilons ≈ 8.5e-14).
  const double delta = 0x1p-42;
  const Case c = circleBeyondFaceEnd(delta);
  const Manifold expected = vertexRegionManifold(delta);
  const Manifold actual = faceRegionManifold(delta);
  EXPECT_TRUE(isAcceptable(compare(c, expected, actual, fastTolerance(c)).outcome));
  const Comparison r = compare(c, expected, actual, referenceTolerance(c));
  EXPECT_EQ(r.outcome, Outcome::wrongNormal);
  EXPECT_THAT(r.explanation, HasSubstr("region gap 2.27e-13"));
  EXPECT_THAT(r.explanation, HasSubstr("outside the band"));
  const Case s = swappedCase(c);
  EXPECT_TRUE(
      isAcceptable(compare(s, swapRoles(expected), swapRoles(actual), fastTolerance(s)).outcome));
  EXPECT_EQ(compare(s, swapRoles(expected), swapRoles(actual), referenceTolerance(s)).outcome,
            Outcome::wrongNormal);
}

/// Two polygons near 2^24 (a float engine's unit there is 2^-23 · 2^24 = 2): A a box of
/// half-size 4096, B a quadrilateral standing on A's top face whose vertices 1 and 2 are 256
/// apart. With the float tolerance (no rounding band) the shortest edge 256 gives the normal
/// allowance 64·2^-23 + 128/256 ≈ 0.5, so the length allowance is 128 + 0.5 · 4096 = 2176 (the
/// lever is A's half-size): B's vertices 1 and 2 coincide in the band, A's (8192 apart) do not.
Case farPolygonsCase() {
  Case c;
  c.id = "far-polygons";
  c.a = makeBox(4096, 4096);
  Polygon b;
  b.count = 4;
  b.vertices[0] = {-2048, -2048};
  b.vertices[1] = {2048, -2048};
  b.vertices[2] = {2048, -1792};
  b.vertices[3] = {-2048, 2048};
  c.b = b;
  c.xfA.p = {0x1p24, 0x1p24};
  c.xfB.p = {0x1p24, 0x1p24 + 6143};  // B's bottom face 1 below A's top face
  return c;
}

/// The expected manifold: B's bottom edge clipped on A's top face (face 2), B's vertices 0
/// and 1 kept, separation −1; the clip decision `clipGap` from a side plane.
Manifold farPolygonsManifold(double clipGap) {
  Manifold m;
  m.status = Status::contact;
  m.normal = {0, 1};
  m.pointCount = 2;
  m.points[0] = {
      {0x1p24 - 2048, 0x1p24 + 4095.5}, -1, {FeatureType::face, 2, FeatureType::vertex, 0}};
  m.points[1] = {
      {0x1p24 + 2048, 0x1p24 + 4095.5}, -1, {FeatureType::face, 2, FeatureType::vertex, 1}};
  m.gaps.axis = 1e5;  // far outside every band: the reference face is not in question
  m.gaps.clip = clipGap;
  return m;
}

Outcome farPolygonsIds(double clipGap, bool swapped) {
  Case c = farPolygonsCase();
  Manifold expected = farPolygonsManifold(clipGap);
  Manifold actual = expected;
  // Point 0 renamed across A's side plane: (vertex 3 of A, face 0 of B); point 1 names B's
  // vertex 2, which coincides with vertex 1 in the band.
  actual.points[0].id = {FeatureType::vertex, 3, FeatureType::face, 0};
  actual.points[1].id = {FeatureType::face, 2, FeatureType::vertex, 2};
  if (swapped) {
    c = Case{c.id + "-swapped", c.b, c.xfB, c.a, c.xfA};
    expected = swapRoles(expected);
    actual = swapRoles(actual);
  }
  return compare(c, expected, actual, floatTolerance(c)).outcome;
}

TEST(CompareGaps, ClipRenameAndCoincidentVertexInOneManifoldNearTwoToThe24AgreeWithinTie) {
  const Tolerance t = floatTolerance(farPolygonsCase());
  EXPECT_NEAR(t.unit, 2.0, 1e-3);  // 2^-23 · (2^24 + 6143), the largest coordinate
  for (const bool swapped : {false, true}) {
    // The clip gap 100 is inside the band (2176): each point is acceptable on its own.
    EXPECT_EQ(farPolygonsIds(100, swapped), Outcome::agreeWithinTie) << swapped;
    // 1e4 is outside: the renamed point is not explained, the coincident vertex alone is not
    // enough.
    EXPECT_EQ(farPolygonsIds(1e4, swapped), Outcome::wrongId) << swapped;
  }
}

TEST(CompareGaps, RegionIdRenamedAtTheBoundaryAgreesWithinTie) {
  // δ = 0: the centre is on the boundary, both regions give the normal (0, 1) and the same
  // point; only the id differs (face 2 or its end vertex 2).
  const Case c = circleBeyondFaceEnd(0.0);
  const Manifold expected = vertexRegionManifold(0.0);
  const Manifold actual = faceRegionManifold(0.0);
  EXPECT_EQ(compare(c, expected, actual, fastTolerance(c)).outcome, Outcome::agreeWithinTie);
  Manifold far = expected;
  far.gaps.region = 0.1;  // the same ids with a wide region gap are a wrong id
  EXPECT_EQ(compare(c, far, actual, fastTolerance(c)).outcome, Outcome::wrongId);
  const Case s = swappedCase(c);
  EXPECT_EQ(compare(s, swapRoles(expected), swapRoles(actual), fastTolerance(s)).outcome,
            Outcome::agreeWithinTie);
}

TEST(CompareGaps, NormalFromCentresInsideTheBandMayPointAnywhere) {
  // Unit circles with centres 2^-45 = 128 units (of 2^-52) apart: a rounding of 1024 + 64
  // units can turn that direction by any angle; without a band, 64 units turn it by at most
  // about 0.5, so a normal turned by 90° is wrong.
  const double d = 0x1p-45;
  const Case c{"near-concentric", Circle{{0, 0}, 1.0}, Transform{}, Circle{{0, 0}, 1.0},
               Transform{{d, 0}, {}}};
  Manifold expected;
  expected.status = Status::contact;
  expected.normal = {1, 0};
  expected.pointCount = 1;
  expected.points[0] = {{d / 2, 0}, d - 2.0, {}};
  expected.gaps.normal = d;
  Manifold actual = expected;
  actual.normal = {0, 1};
  EXPECT_TRUE(isAcceptable(compare(c, expected, actual, fastTolerance(c)).outcome));
  EXPECT_EQ(compare(c, expected, actual, referenceTolerance(c)).outcome, Outcome::wrongNormal);
  // Even the opposite direction (|Δn| = 2 plus rounding) when the base is inside the band.
  Manifold opposite = expected;
  opposite.normal = {-1, 0};
  EXPECT_TRUE(isAcceptable(compare(c, expected, opposite, fastTolerance(c)).outcome));
  const Case s = swappedCase(c);
  EXPECT_TRUE(
      isAcceptable(compare(s, swapRoles(expected), swapRoles(actual), fastTolerance(s)).outcome));
}

TEST(CompareGaps, RegionWithinTheTieBandExplainsADifferentNormal) {
  // A declared length band wider than the normal allowance: δ = 2^-20 ≈ 9.5e-7 turns the
  // normal by 4δ ≈ 3.8e-6, above fast's allowance (≈ 1.2e-12) but inside a 1e-5 tie band.
  const double delta = 0x1p-20;
  const Case c = circleBeyondFaceEnd(delta);
  Conventions conventions = conventionsFor("fast");
  conventions.tieBand = 1e-5;
  Tolerance t = toleranceFor(c, conventions);
  t.tieBand = 1e-5;  // toleranceFor keeps no face hysteresis against a circle
  const Comparison r = compare(c, vertexRegionManifold(delta), faceRegionManifold(delta), t);
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("Voronoi region chosen inside the band"));
  EXPECT_EQ(
      compare(c, vertexRegionManifold(delta), faceRegionManifold(delta), fastTolerance(c)).outcome,
      Outcome::wrongNormal);
}

TEST(CompareGaps, ContactDecisionInsideTheRoundingBandAgreesWithinTie) {
  // Circles 500 units (of 2^-52·2) apart at margin 0: fast's band covers the decision.
  Case c = circlesCase();
  const double gap = 500 * 0x1p-52 * 2;
  c.xfB.p = {2 + gap, 0};
  Manifold expected = statusOnly(Status::noContact);
  expected.gaps.contact = gap;
  Manifold actual;
  actual.status = Status::contact;
  actual.normal = {1, 0};
  actual.pointCount = 1;
  actual.points[0] = {{1 + gap / 2, 0}, 0.0, {}};
  EXPECT_EQ(compare(c, expected, actual, fastTolerance(c)).outcome, Outcome::agreeWithinTie);
  EXPECT_EQ(compare(c, expected, actual, referenceTolerance(c)).outcome, Outcome::spuriousContact);
}

/// Capsule (0, 0)–(d, 0), radius 0.5, and a circle of radius 0.5 at (d + 0.75, 0): the circle
/// touches the end p2 (vertex 1): normal (1, 0), surfaces at x = d + 0.5 and d + 0.25, point
/// (d + 0.375, 0), separation −0.25.
Case capsuleEndCase(double d) {
  return Case{"capsule-end", Capsule{{0, 0}, {d, 0}, 0.5}, Transform{}, Circle{{0, 0}, 0.5},
              Transform{{d + 0.75, 0}, {}}};
}

Manifold capsuleEndManifold(double d, int vertexOnA) {
  Manifold m;
  m.status = Status::contact;
  m.normal = {1, 0};
  m.pointCount = 1;
  m.points[0] = {
      {d + 0.375, 0},
      -0.25,
      {FeatureType::vertex, static_cast<std::uint8_t>(vertexOnA), FeatureType::vertex, 0}};
  m.gaps.contact = 0.25;
  return m;
}

TEST(CompareGaps, VerticesCloserThanTheBandMayNameEachOther) {
  // d = 2^-30: the capsule's ends are 2^-30 ≈ 9e-10 apart, under fast_float's band (1024
  // units of 2^-23 ≈ 1.2e-4): in float the capsule is a circle and its vertex 0 is right.
  const double d = 0x1p-30;
  const Case c = capsuleEndCase(d);
  const Tolerance t = toleranceFor(c, conventionsFor("fast_float"));
  const Comparison r = compare(c, capsuleEndManifold(d, 1), capsuleEndManifold(d, 0), t);
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("coincide"));
  const Case s = swappedCase(c);
  EXPECT_EQ(compare(s, swapRoles(capsuleEndManifold(d, 1)), swapRoles(capsuleEndManifold(d, 0)),
                    toleranceFor(s, conventionsFor("fast_float")))
                .outcome,
            Outcome::agreeWithinTie);
  // Ends half a unit apart are different places: naming p1 for a contact at p2 is wrong.
  const Case far = capsuleEndCase(0.5);
  EXPECT_EQ(compare(far, capsuleEndManifold(0.5, 1), capsuleEndManifold(0.5, 0),
                    toleranceFor(far, conventionsFor("fast_float")))
                .outcome,
            Outcome::wrongId);
}

TEST(CompareGaps, IdsOfAReferenceFaceChosenInsideTheTieDiffer) {
  // Parallel faces tie exactly (gaps.axis = 0): B's face could be the reference instead, and
  // every point is then named from B's side.
  Manifold expected = boxesManifold();
  expected.gaps.axis = 0.0;
  Manifold actual = boxesManifold();
  actual.points[0].id = {FeatureType::vertex, 3, FeatureType::face, 0};
  actual.points[1].id = {FeatureType::vertex, 2, FeatureType::face, 0};
  const Comparison r = compare(boxesCase(), expected, actual, fastTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("reference face chosen in the tie band"));
  const Case s = swappedCase(boxesCase());
  EXPECT_EQ(compare(s, swapRoles(expected), swapRoles(actual), fastTolerance(s)).outcome,
            Outcome::agreeWithinTie);
}

TEST(CompareGaps, ChainCornerOwnershipOnTheBoundaryDecidesContactEitherWay) {
  // A flat chain (ghosts collinear), circle centre exactly on p1: the previous piece owns
  // that corner (no contact for this piece); another engine taking the contact here has made
  // the same decision the other way, on its boundary (gaps.region = 0).
  const Case c{"chain-corner", ChainSegment{{-1, 0}, {0, 0}, {1, 0}, {2, 0}}, Transform{},
               Circle{{0, 0}, 0.5}, Transform{}};
  Manifold expected = statusOnly(Status::noContact);
  expected.gaps.region = 0.0;
  Manifold actual;
  actual.status = Status::contact;
  actual.normal = {0, -1};
  actual.pointCount = 1;
  actual.points[0] = {{0, 0.25}, -0.5, {FeatureType::vertex, 0, FeatureType::vertex, 0}};
  const Tolerance t = toleranceFor(c, conventionsFor("box2d"));
  const Comparison r = compare(c, expected, actual, t);
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("chain corner ownership"));
  const Case s = swappedCase(c);
  EXPECT_EQ(
      compare(s, swapRoles(expected), swapRoles(actual), toleranceFor(s, conventionsFor("box2d")))
          .outcome,
      Outcome::agreeWithinTie);
  expected.gaps.region = 0.25;
  EXPECT_EQ(compare(c, expected, actual, t).outcome, Outcome::spuriousContact);
  // Without a chain segment a region gap says nothing about contact.
  const Case polygon{"polygon-corner", makeBox(1, 1), Transform{}, Circle{{0, 0}, 0.5},
                     Transform{{3, 0}, {}}};
  expected.gaps.region = 0.0;
  EXPECT_EQ(
      compare(polygon, expected, actual, toleranceFor(polygon, conventionsFor("box2d"))).outcome,
      Outcome::spuriousContact);
}

TEST(CompareGaps, FacesParallelInsideTheBandGiveOneOrTwoPoints) {
  // The reference read the contact through one axis (a single point, the deeper corner),
  // the engine through the parallel face (two clipped points): with the axes tied
  // (gaps.axis = 0) both are the same contact; with a gap of 0.3 the second point is wrong.
  Manifold expected = boxesManifold();
  expected.pointCount = 1;
  expected.gaps.axis = 0.0;
  const Manifold actual = boxesManifold();
  const Comparison r = compare(boxesCase(), expected, actual, fastTolerance(boxesCase()));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie);
  EXPECT_THAT(r.explanation, HasSubstr("reference face chosen inside the tie band"));
  const Case s = swappedCase(boxesCase());
  EXPECT_EQ(compare(s, swapRoles(expected), swapRoles(actual), fastTolerance(s)).outcome,
            Outcome::agreeWithinTie);
  expected.gaps.axis = 0.3;
  EXPECT_EQ(compare(boxesCase(), expected, actual, fastTolerance(boxesCase())).outcome,
            Outcome::wrongPointCount);
  // Inside the tie, a single point that is neither of the two is still wrong.
  expected.gaps.axis = 0.0;
  expected.points[0].point.x = 0.25;
  EXPECT_EQ(compare(boxesCase(), expected, actual, fastTolerance(boxesCase())).outcome,
            Outcome::wrongPointCount);
}

TEST(OutcomeName, EveryClassHasItsReportName) {
  EXPECT_EQ(outcomeName(Outcome::agreeWithinTie), "agree-within-tie");
  EXPECT_EQ(outcomeName(Outcome::wrongPointCount), "wrong-point-count");
  EXPECT_EQ(outcomeName(Outcome::statusMismatch), "status-mismatch");
  for (int k = 0; k < kOutcomeCount; ++k) {
    EXPECT_NE(outcomeName(static_cast<Outcome>(k)), "unknown");
  }
}

// A polygon–circle pair (found by fuzzing) whose faces 0 and 2 tie exactly for the circle's
// axis (gaps.axis 0). The reference reads the centre's region on face 0: vertex 0's region,
// separation −40.3312. On face 2 the centre is in the face region: face 2's normal and
// separation −40.3484, 0.017 apart — each the derivation's answer for its face.
Case tiedFacesCircleCase() {
  const auto parsed = parseCase(
      R"({"a":{"type":"polygon","vertices":[["0x1.9b5p+5","-0x1.75ep+5"],)"
      R"(["0x0.00fa09df4bfp-1022","-0x1.df8p+4"],["0x1.9b5p+4","-0x1.32dp+5"]],)"
      R"("radius":"0x1.5p-2"},"b":{"type":"circle","center":["0x1.0ep+2","0x1.ecp+3"],)"
      R"("radius":"0x1.2b8p+6"},"xfA":{"p":["0x1.c806p+9","-0x1p+11"],"q":["0x1p+0","0x0p+0"]},)"
      R"("xfB":{"p":["0x1.def5p+9","-0x1.081acp+11"],"q":["-0x1p+0","0x0p+0"]}})");
  return std::get<Case>(parsed);
}

TEST(CompareGaps, PolygonCircleAnswerOfAnotherTiedFaceAgreesWithinTie) {
  const Case c = tiedFacesCircleCase();
  Manifold expected;  // the reference's manifold
  expected.status = Status::contact;
  expected.normal = {-0.28004301432592854, -0.959987453109283};
  expected.pointCount = 1;
  expected.points[0] = {{969.0162907917891, -2075.690623915747},
                        -40.331249964994626,
                        {FeatureType::vertex, 0, FeatureType::vertex, 0}};
  expected.gaps.axis = 0.0;
  expected.gaps.contact = 40.331249964994626;
  expected.gaps.region = 1.0940569678470136;
  expected.gaps.normal = 34.871875035005374;
  Manifold actual;  // face 2's answer, as the fast engine once gave it
  actual.status = Status::contact;
  actual.normal = {-0.3100234385408522, -0.9507289138105071};
  actual.pointCount = 1;
  actual.points[0] = {{970.6538400563315, -2076.205313153207},
                      -40.348416454264935,
                      {FeatureType::face, 2, FeatureType::vertex, 0}};
  const Comparison r = compare(c, expected, actual, fastTolerance(c));
  EXPECT_EQ(r.outcome, Outcome::agreeWithinTie) << r.explanation;
  EXPECT_THAT(r.explanation, HasSubstr("another tied face"));
  // The same normal at another depth is no face's answer.
  Manifold deeper = actual;
  deeper.points[0].separation -= 0.01;
  EXPECT_EQ(compare(c, expected, deeper, fastTolerance(c)).outcome, Outcome::wrongSeparation);
  // Nor is face 2's depth without a tie.
  expected.gaps.axis = 0.01;
  EXPECT_EQ(compare(c, expected, actual, fastTolerance(c)).outcome, Outcome::wrongNormal);
}

}  // namespace
}  // namespace touche::oracle
