// Box2D 2.4.1's casts (oracle/src/box2d_cast.cpp) on worked examples, and against the exact
// reference on seeded random rays and swept circles per shape type under its declared
// conventions (compareCast, castConventionsFor("box2d")): no initial overlap, no features,
// float, and b2ShapeCast's target distance; its findings recognized by mechanism.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>

#include "cast_runs.h"
#include "touche/oracle/box2d_cast.h"
#include "touche/oracle/cast_compare.h"
#include "touche/oracle/cast_engines.h"
#include "touche/reference/cast.h"
#include "touche/test_support/cast_findings.h"
#include "touche/test_support/cast_scenes.h"

namespace touche::oracle {
namespace {

/// The shape types Box2D 2.4.1 has (no capsule).
constexpr std::array<ShapeType, 4> kBox2dTypes = {ShapeType::circle, ShapeType::polygon,
                                                  ShapeType::segment, ShapeType::chainSegment};

CastInput ray(Vec2 origin, Vec2 translation, double radius = 0.0, double maxFraction = 1.0) {
  return CastInput{origin, translation, radius, maxFraction};
}

TEST(Box2dCast, WorkedExamples) {
  // The unit circle from (−5, 0) by (10, 0): t = 0.4 in float (0.4f), normal (−1, 0).
  const CastResult circle = box2d::cast(Circle{{0, 0}, 1}, {}, ray({-5, 0}, {10, 0}));
  ASSERT_EQ(circle.status, CastStatus::hit);
  EXPECT_EQ(circle.fraction, static_cast<double>(0.4f));
  EXPECT_EQ(circle.normal, (Vec2{-1, 0}));
  // The box's left face from (−3, 0) by (4, 0): t = 0.5, point (−1, 0).
  const CastResult box = box2d::cast(makeBox(1, 1), {}, ray({-3, 0}, {4, 0}));
  ASSERT_EQ(box.status, CastStatus::hit);
  EXPECT_EQ(box.fraction, 0.5);
  EXPECT_EQ(box.point, (Vec2{-1, 0}));
  EXPECT_EQ(box.normal, (Vec2{-1, 0}));
  // Declared: no initial overlap. The origin inside the box misses; the reference overlaps.
  EXPECT_EQ(box2d::cast(makeBox(1, 1), {}, ray({0, 0}, {4, 0})).status, CastStatus::miss);
  // A chain segment is hit from its front only, as touche's; a segment from both sides.
  const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
  EXPECT_EQ(box2d::cast(chain, {}, ray({0, -2}, {0, 4})).status, CastStatus::hit);
  EXPECT_EQ(box2d::cast(chain, {}, ray({0, 2}, {0, -4})).status, CastStatus::miss);
  const CastResult back = box2d::cast(Segment{{-1, 0}, {1, 0}}, {}, ray({0, 2}, {0, -4}));
  ASSERT_EQ(back.status, CastStatus::hit);
  EXPECT_EQ(back.normal, (Vec2{0, 1}));
  // A ray along an edge's line misses it in Box2D (the reference hits its near end: a tie).
  EXPECT_EQ(box2d::cast(Segment{{-1, 0}, {1, 0}}, {}, ray({-3, 0}, {4, 0})).status,
            CastStatus::miss);
}

TEST(Box2dCast, RefusesWhatItCannotCastAndSaysWhy) {
  const CastEngine& engine = box2d::kCastEngine;
  const auto reason = [&](const Shape& shape, const CastInput& input) {
    EXPECT_EQ(engine.cast(shape, {}, input).status, CastStatus::unsupported);
    return castUnsupportedReason(engine, shape, input);
  };
  EXPECT_EQ(reason(makeBox(1, 1, 0.25), ray({-5, 0}, {10, 0})),
            "b2PolygonShape::RayCast ignores m_radius; shape.radius is 0.25");
  // Swept circles go to b2ShapeCast, which takes a rounded polygon's radius.
  EXPECT_EQ(engine.cast(makeBox(1, 1, 0.25), {}, ray({-5, 0}, {10, 0}, 0.5)).status,
            CastStatus::hit);
  EXPECT_EQ(reason(Capsule{{0, 0}, {1, 0}, 0.5}, ray({-5, 0}, {10, 0})),
            "Box2D 2.4.1 has no capsule shape");
  EXPECT_EQ(findCastEngine("box2d"), &box2d::kCastEngine);
}

/// The ray re-aimed through one of the shape's core points: corners, ends, grazes.
template <class Rng>
CastCase aimedAtAVertex(Rng& rng, CastCase c) {
  std::array<Vec2, kMaxPolygonVertices> local{};
  int count = 2;
  if (const auto* p = std::get_if<Polygon>(&c.shape)) {
    std::copy(p->vertices.begin(), p->vertices.end(), local.begin());
    count = p->count;
  } else if (const auto* g = std::get_if<Segment>(&c.shape)) {
    local = {g->p1, g->p2};
  } else if (const auto* ch = std::get_if<ChainSegment>(&c.shape)) {
    local = {ch->p1, ch->p2};
  } else {
    local[0] = std::get<Circle>(c.shape).center;
    count = 1;
  }
  c.ray.translation =
      2.0 * (apply(c.xf, local[test::uniformInt(rng, 0, count - 1)]) - c.ray.origin);
  return c;
}

void runAgainstTheReference(bool aimAtVertices) {
  const CastConventions conventions = castConventionsFor("box2d");
  test::CastSceneSpec spec;
  spec.rayChance = 1.0;             // rays only
  spec.shapes.roundedChance = 0.0;  // sharp polygons only
  spec.thinAim = 0.1;               // rays need a closer aim at a segment
  spec.fullFractionChance = 0.9;
  std::mt19937_64 rng(2401);
  for (ShapeType type :
       {ShapeType::circle, ShapeType::polygon, ShapeType::segment, ShapeType::chainSegment}) {
    int outcomes[9] = {};
    int hits = 0;
    const int casts = 20000;
    for (int i = 0; i < casts; ++i) {
      CastCase c = test::randomCast(rng, type, spec);
      if (aimAtVertices) c = aimedAtAVertex(rng, c);
      const CastResult expected = reference::cast(c.shape, c.xf, c.ray);
      const CastResult actual = box2d::cast(c.shape, c.xf, c.ray);
      ASSERT_NE(actual.status, CastStatus::unsupported) << formatCastCase(c);
      const CastComparison verdict = compareCast(c, expected, actual, conventions);
      ++outcomes[static_cast<int>(verdict.outcome)];
      if (expected.status == CastStatus::hit) ++hits;
      EXPECT_TRUE(verdict.passed())
          << castOutcomeName(verdict.outcome) << ": " << verdict.explanation << "\n"
          << formatCastCase(c, NumberFormat::hex);
    }
    std::printf(
        "box2d %-12s %d rays%s, %.1f%% hit: agree %d, within tie %d, declared %d, "
        "failed %d\n",
        std::string(shapeTypeName(type)).c_str(), casts, aimAtVertices ? " through vertices" : "",
        100.0 * hits / casts, outcomes[0], outcomes[1], outcomes[2],
        casts - outcomes[0] - outcomes[1] - outcomes[2]);
    EXPECT_GT(hits, casts * (aimAtVertices ? 6 : 3) / 10);
    EXPECT_LT(hits, casts * (aimAtVertices ? 10 : 7) / 10);
  }
}

TEST(Box2dCast, AgreesWithTheReferenceUnderItsDeclaredConventions) {
  runAgainstTheReference(false);
}

TEST(Box2dCast, RaysThroughVerticesAgreeOrTie) {
  runAgainstTheReference(true);
}

TEST(Box2dCast, SweptWorkedExamples) {
  // b2ShapeCast stops at σ = max(0.01, radii − 0.01) from the core: a circle of radius 0.5
  // against the unit circle (radii 1.5) at core distance 1.49, from 1.6 by −2: λ = 0.055.
  const Shape unit = Circle{{0, 0}, 1};
  const CastResult circle = box2d::cast(unit, {}, ray({1.6, 0}, {-2, 0}, 0.5));
  ASSERT_EQ(circle.status, CastStatus::hit);
  EXPECT_NEAR(circle.fraction, 0.055, 1e-7);
  EXPECT_NEAR(circle.normal.x, 1.0, 1e-7);
  EXPECT_NEAR(circle.point.x, 1.0, 1e-7);  // on the circle (its radius is proxy A's)
  // Starting within the band (σ + b2_linearSlop/2 = 1.4925): false, a miss — though touching.
  EXPECT_EQ(box2d::cast(unit, {}, ray({1.4921875, 0}, {-2, 0}, 0.5)).status, CastStatus::miss);
  // A box carries b2_polygonRadius, so σ = 0.01 + 0.5 − 0.01 = 0.5: the exact touch, λ = 0.375,
  // and the point on the skin, 0.01 out of the face.
  const CastResult box = box2d::cast(makeBox(1, 1), {}, ray({-3, 0}, {4, 0}, 0.5));
  ASSERT_EQ(box.status, CastStatus::hit);
  EXPECT_EQ(box.fraction, 0.375);
  EXPECT_EQ(box.normal, (Vec2{-1, 0}));
  EXPECT_EQ(box.point, (Vec2{static_cast<double>(-1.0f - 0.01f), 0}));
  // A radius below b2_polygonRadius is cast as b2_polygonRadius: r = 0.001 stops 0.01 out.
  const CastResult tiny = box2d::cast(makeBox(1, 1), {}, ray({-3, 0}, {4, 0}, 0.001));
  ASSERT_EQ(tiny.status, CastStatus::hit);
  EXPECT_NEAR(tiny.fraction, 0.4975, 1e-7);
  // A rounded polygon is cast with its radius (m_radius = radius + b2_polygonRadius).
  const CastResult rounded = box2d::cast(makeBox(1, 1, 0.25), {}, ray({-3, 0}, {4, 0}, 0.5));
  ASSERT_EQ(rounded.status, CastStatus::hit);
  EXPECT_EQ(rounded.fraction, 0.3125);
  // An origin deep inside: true at λ = 0 with normal (0, 0) — no initial overlap reported.
  const CastResult inside = box2d::cast(makeBox(1, 1), {}, ray({0, 0}, {4, 0}, 0.5));
  ASSERT_EQ(inside.status, CastStatus::hit);
  EXPECT_EQ(inside.fraction, 0.0);
  EXPECT_EQ(inside.normal, (Vec2{0, 0}));
  // Finding C1: a chain segment's back is hit (the contract and the reference miss it).
  const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
  const CastCase back{"chain-back", chain, {}, ray({0, 2}, {0, -4}, 0.5)};
  const CastResult backHit = box2d::cast(back.shape, back.xf, back.ray);
  ASSERT_EQ(backHit.status, CastStatus::hit);
  EXPECT_EQ(reference::cast(back.shape, back.xf, back.ray).status, CastStatus::miss);
  EXPECT_TRUE(test::cast_findings::isThroughTheBack(back, backHit));
  const CastComparison verdict =
      compareCast(back, castStatusOnly(CastStatus::miss), backHit, castConventionsFor("box2d"));
  EXPECT_EQ(verdict.outcome, CastOutcome::statusMismatch);
  EXPECT_THAT(verdict.explanation, ::testing::HasSubstr("through the back"));
}

/// Seeded swept circles per shape type judged under Box2D 2.4.1's declared target: every
/// failure is finding C1 or C2 (docs/findings.md), at the rates measured there.
TEST(Box2dCast, SweptCirclesAgreeUnderTheirTargetButForFindings) {
  const CastConventions conventions = castConventionsFor("box2d");
  const testing::Recognize recognize = [&](const CastCase& c, const CastResult&,
                                           const CastResult& actual, const CastComparison&) {
    return test::cast_findings::knownFinding(test::cast_findings::Release::box2d241, c, actual,
                                             conventions);
  };
  test::CastSceneSpec spec;
  spec.rayChance = 0.0;
  const double slack = 1e-5;  // 16 float units at the scenes' scale (below 64)
  for (ShapeType type :
       {ShapeType::circle, ShapeType::polygon, ShapeType::segment, ShapeType::chainSegment}) {
    const testing::CastRun run =
        testing::runCasts(box2d::kCastEngine, type, spec, 2402, 20000, conventions, recognize);
    testing::printRun("box2d swept", type, run);
    EXPECT_EQ(run.failures, 0) << run.firstFailure;
    EXPECT_GT(run.hitRate(), 0.3);
    EXPECT_LT(run.hitRate(), 0.7);
    EXPECT_GE(run.lowest, -slack);
    EXPECT_LE(run.highest, conventions.sweptTarget->above + slack);
    if (type == ShapeType::chainSegment) {
      EXPECT_GT(run.findings, run.casts / 50) << "C1: hits through the back";
      EXPECT_LT(run.findings, run.casts / 10);
    } else if (type == ShapeType::circle) {
      EXPECT_EQ(run.findings, 0);
    } else {
      EXPECT_GT(run.findings, 0) << "C2: a nearby core point's normal";
      EXPECT_LT(run.findings, run.casts / 20);
    }
  }
}

/// Finding C4: at world coordinates from 2^15 on, float's spacing is wider than b2ShapeCast's
/// stop band (0.5·b2_linearSlop); its 20 iterations may run out, and it answers the hit with
/// the simplex it holds: the normal of a core point that is not the closest.
TEST(Box2dCast, FindingC4IterationsRunOutAtLargeCoordinates) {
  const CastConventions conventions = castConventionsFor("box2d");
  // The case the fuzzer found: a rounded hexagon 2^17 across, a circle of radius 25 344 swept
  // at it from 2^18 away. The reference hits face 0 2 564 from its end; Box2D's normal is the
  // direction from a vertex, 5.58° off (atan(2564 / 26240)), its fraction right.
  const Polygon hexagon{{{{0x1.97p+15, 0x1.bcp+13},
                          {0x1.07p+15, 0x1.f8p+14},
                          {0x1.1p+11, 0x1.3p+15},
                          {-0x1.fcp+14, -0x1.62p+15},
                          {-0x1.e8p+14, -0x1.6dp+15},
                          {0x1.6cp+14, -0x1.e6p+15}}},
                        6,
                        0x1.cp+9};
  CastCase big{"C4-large-rounded-hexagon", hexagon, Transform{{-0x1.9f8p+17, -0x1.7bp+17}, {0, -1}},
               ray({-0x1.61p+17, -0x1.98ap+18}, {0x1.bp+11, 0x1.7e4p+17}, 0x1.8cp+14)};
  big.ray.maxFraction = 0x1.c6p-1;
  const CastResult expected = reference::cast(big.shape, big.xf, big.ray);
  const CastResult actual = box2d::kCastEngine.cast(big.shape, big.xf, big.ray);
  ASSERT_EQ(actual.status, CastStatus::hit);
  const CastComparison verdict = compareCast(big, expected, actual, conventions);
  EXPECT_EQ(verdict.outcome, CastOutcome::wrongNormal) << verdict.explanation;
  EXPECT_NEAR(std::acos(dot(expected.normal, actual.normal)) * 180 / M_PI, 5.58, 0.01);
  EXPECT_FALSE(test::cast_findings::isNormalOfANearbyCorePoint(big, actual, conventions));
  EXPECT_TRUE(test::cast_findings::isIterationLimitAtLargeCoordinates(big, actual, conventions));
  // The same scene at 2^-6 of the size converges: Box2D agrees, and a wrong normal there
  // would not be C4 (float's spacing is below the band).
  const CastCase small = test::scaledCast(big, -6);
  const CastResult smallActual = box2d::kCastEngine.cast(small.shape, small.xf, small.ray);
  EXPECT_TRUE(compareCast(small, reference::cast(small.shape, small.xf, small.ray), smallActual,
                          conventions)
                  .passed());
  CastResult turned = smallActual;
  turned.normal = actual.normal;
  EXPECT_FALSE(test::cast_findings::isIterationLimitAtLargeCoordinates(small, turned, conventions));
  // Seeded swept casts scaled by 2^15 (coordinates near 2^19): every failure is a finding, C4
  // among them (it is rare: 1 of these 4 000); scaled by 2^6 (near 2^10) none is C4.
  test::CastSceneSpec spec;
  spec.rayChance = 0.0;
  for (const int e : {6, 15}) {
    int c4 = 0;
    const testing::Recognize recognize = [&](const CastCase& c, const CastResult&,
                                             const CastResult& a, const CastComparison&) {
      const std::string finding = test::cast_findings::knownFinding(
          test::cast_findings::Release::box2d241, c, a, conventions);
      c4 += finding == "C4";
      return finding;
    };
    const auto scaled = [e](std::mt19937_64&, CastCase c) { return test::scaledCast(c, e); };
    for (ShapeType type : {ShapeType::polygon, ShapeType::segment}) {
      const testing::CastRun run = testing::runCasts(box2d::kCastEngine, type, spec, 3118, 2000,
                                                     conventions, recognize, scaled);
      testing::printRun(e == 6 ? "box2d swept 2^6" : "box2d swept 2^15", type, run);
      EXPECT_EQ(run.failures, 0) << run.firstFailure;
    }
    if (e == 6) {
      EXPECT_EQ(c4, 0);
    } else {
      EXPECT_GT(c4, 0) << "C4";
    }
  }
}

TEST(CastCompare, NamesWrongAnswersAndAcceptsOnlyDeclaredDifferences) {
  // The unit circle from (−5, 0) by (10, 0): the reference hits at 0.4, normal (−1, 0).
  CastCase c;
  c.shape = Circle{{0, 0}, 1};
  c.ray = ray({-5, 0}, {10, 0});
  const CastResult expected = reference::cast(c.shape, c.xf, c.ray);
  const CastConventions exact = castConventionsFor("fast");
  EXPECT_EQ(compareCast(c, expected, expected, exact).outcome, CastOutcome::agree);
  CastResult late = expected;
  late.fraction = 0.41;  // 0.1 farther: 2^48 units at scale 10
  EXPECT_EQ(compareCast(c, expected, late, exact).outcome, CastOutcome::wrongFraction);
  CastResult turned = expected;
  turned.normal = {-0.8, 0.6};
  EXPECT_EQ(compareCast(c, expected, turned, exact).outcome, CastOutcome::wrongNormal);
  CastResult face = expected;
  face.feature = CastFeature{FeatureType::face, 0};
  EXPECT_EQ(compareCast(c, expected, face, exact).outcome, CastOutcome::wrongFeature);
  CastResult nan = expected;
  nan.point.x = NAN;
  EXPECT_EQ(compareCast(c, expected, nan, exact).outcome, CastOutcome::nonFinite);
  EXPECT_EQ(compareCast(c, expected, castStatusOnly(CastStatus::miss), exact).outcome,
            CastOutcome::statusMismatch);
  // Box2D declares no initial overlap: a miss for an overlapping origin is declared, but not
  // for anyone else, and not a miss of a real hit.
  CastCase inside = c;
  inside.ray.origin = {0.5, 0};
  const CastResult overlap = reference::cast(inside.shape, inside.xf, inside.ray);
  ASSERT_EQ(overlap.status, CastStatus::initialOverlap);
  const CastResult miss = castStatusOnly(CastStatus::miss);
  EXPECT_EQ(compareCast(inside, overlap, miss, castConventionsFor("box2d")).outcome,
            CastOutcome::declaredDifference);
  EXPECT_EQ(compareCast(inside, overlap, miss, exact).outcome, CastOutcome::statusMismatch);
  EXPECT_EQ(compareCast(c, expected, miss, castConventionsFor("box2d")).outcome,
            CastOutcome::statusMismatch);
}

// The rates of docs/findings.md ("Casts") for Box2D 2.4.1. Run by hand:
// --gtest_also_run_disabled_tests --gtest_filter=Box2dCast.DISABLED_RateStudy.
TEST(Box2dCast, DISABLED_RateStudy) {
  testing::rateStudy(box2d::kCastEngine, test::cast_findings::Release::box2d241,
                     castConventionsFor("box2d"), kBox2dTypes);
}

}  // namespace
}  // namespace touche::oracle
