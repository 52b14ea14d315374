// The fast engine's casts on worked examples (the reference's, tests/reference/cast_*_test.cpp),
// in double and float: exact where the answer is a small dyadic number, within a few ulps
// where it is irrational.
#include <gtest/gtest.h>

#include <cmath>

#include "touche/fast/cast.h"

namespace touche::fast {
namespace {

CastInput ray(Vec2 origin, Vec2 translation, double radius = 0.0, double maxFraction = 1.0) {
  return CastInput{origin, translation, radius, maxFraction};
}

struct Engines {
  const char* name;
  CastFn cast;
  double epsilon;
};
constexpr Engines kEngines[] = {{"double", &cast, 0x1p-52}, {"float", &castFloat, 0x1p-23}};

TEST(FastCast, WorkedExamplesMatchTheReference) {
  const Polygon box = makeBox(1, 1);
  for (const Engines& e : kEngines) {
    SCOPED_TRACE(e.name);
    // Ray head-on into the unit circle: t = 0.4, point (−1, 0), normal (−1, 0), vertex 0.
    const CastResult circle = e.cast(Circle{{0, 0}, 1}, {}, ray({-5, 0}, {10, 0}));
    ASSERT_EQ(circle.status, CastStatus::hit);
    EXPECT_NEAR(circle.fraction, 0.4, 4 * e.epsilon);
    EXPECT_EQ(circle.normal, (Vec2{-1, 0}));
    EXPECT_EQ(circle.feature, (CastFeature{FeatureType::vertex, 0}));
    // Swept circle r = 0.5 into the box's left face: t = 0.375, point (−1, 0), face 3.
    const CastResult face = e.cast(box, {}, ray({-3, 0}, {4, 0}, 0.5));
    ASSERT_EQ(face.status, CastStatus::hit);
    EXPECT_EQ(face.fraction, 0.375);
    EXPECT_EQ(face.point, (Vec2{-1, 0}));
    EXPECT_EQ(face.feature, (CastFeature{FeatureType::face, 3}));
    // Ray through the box's corner (−1, −1): the lower face (0) of the two that end there.
    const CastResult corner = e.cast(box, {}, ray({-3, -3}, {4, 4}));
    ASSERT_EQ(corner.status, CastStatus::hit);
    EXPECT_EQ(corner.fraction, 0.5);
    EXPECT_EQ(corner.feature, (CastFeature{FeatureType::face, 0}));
    // Swept circle r = 1 at the corner: vertex 0's arc, t = (2 − 1/√2)/4.
    const CastResult arc = e.cast(box, {}, ray({-3, -3}, {4, 4}, 1));
    ASSERT_EQ(arc.status, CastStatus::hit);
    EXPECT_NEAR(arc.fraction, 0x1.4afb0ccc0621ap-2, 8 * e.epsilon);
    EXPECT_EQ(arc.feature, (CastFeature{FeatureType::vertex, 0}));
    EXPECT_NEAR(arc.normal.x, -0x1.6a09e667f3bcdp-1, 4 * e.epsilon);
    // Capsule from above: face 1 at y = 0.5, t = 0.625.
    const CastResult capsule = e.cast(Capsule{{-1, 0}, {1, 0}, 0.5}, {}, ray({0, 3}, {0, -4}));
    ASSERT_EQ(capsule.status, CastStatus::hit);
    EXPECT_EQ(capsule.fraction, 0.625);
    EXPECT_EQ(capsule.feature, (CastFeature{FeatureType::face, 1}));
    // Chain segment: hit from the front, missed from behind.
    const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
    EXPECT_EQ(e.cast(chain, {}, ray({0, -2}, {0, 4})).status, CastStatus::hit);
    EXPECT_EQ(e.cast(chain, {}, ray({0, 2}, {0, -4})).status, CastStatus::miss);
    // Overlap, zero translation, moving away, invalid input.
    EXPECT_EQ(e.cast(box, {}, ray({0, 0}, {4, 0})).status, CastStatus::initialOverlap);
    EXPECT_EQ(e.cast(box, {}, ray({-3, 0}, {0, 0})).status, CastStatus::miss);
    EXPECT_EQ(e.cast(box, {}, ray({-3, 0}, {-4, 0})).status, CastStatus::miss);
    EXPECT_EQ(e.cast(box, {}, ray({NAN, 0}, {4, 0})).status, CastStatus::error);
    // The transform: the box turned by 90° and moved to (10, 0) is met at x = 9 on face 2.
    const CastResult turned = e.cast(box, Transform{{10, 0}, {0, 1}}, ray({0, 0}, {18, 0}));
    ASSERT_EQ(turned.status, CastStatus::hit);
    EXPECT_EQ(turned.fraction, 0.5);
    EXPECT_EQ(turned.feature, (CastFeature{FeatureType::face, 2}));
    EXPECT_EQ(turned.normal, (Vec2{-1, 0}));
  }
}

TEST(FastCast, RayAlongASegmentHitsItsNearEndWithTheDegenerateNormal) {
  for (const Engines& e : kEngines) {
    SCOPED_TRACE(e.name);
    const CastResult r = e.cast(Segment{{0, -1}, {0, 1}}, {}, ray({0, -3}, {0, 4}));
    ASSERT_EQ(r.status, CastStatus::hit);
    EXPECT_EQ(r.fraction, 0.5);
    EXPECT_EQ(r.feature, (CastFeature{FeatureType::vertex, 0}));
    EXPECT_EQ(r.normal, (Vec2{0, -1}));
    EXPECT_EQ(r.flags, kFlagDegenerateNormal);
  }
}

/// A face whose ends round to one point in T (or whose |e|² underflows) has no extent: its
/// `along` test would pass everywhere and make it a whole line. A segment (0, ±2^-160) is a
/// point in float; a ray at y = 5 crosses its line x = 0 five units away from it and misses
/// (it used to hit at t = 0.5). The same in double with the segment (0, ±2^-1072), whose |e|²
/// underflows, and a ray 2^-60 the size.
TEST(FastCast, AFaceWithNoLengthLeftIsNotAWholeLine) {
  const Segment floatPoint{{0, 0x1p-160}, {0, -0x1p-160}};
  EXPECT_EQ(castFloat(floatPoint, {}, ray({-3, 5}, {6, 0})).status, CastStatus::miss);
  EXPECT_EQ(castFloat(Capsule{floatPoint.p1, floatPoint.p2, 0.5}, {}, ray({-3, 5}, {6, 0})).status,
            CastStatus::miss);
  EXPECT_EQ(cast(floatPoint, {}, ray({-3, 5}, {6, 0})).status, CastStatus::miss);
  // Through the point itself it is still touched, by its end's arc.
  const CastResult through = castFloat(floatPoint, {}, ray({-3, 0}, {6, 0}, 0.25));
  ASSERT_EQ(through.status, CastStatus::hit);
  EXPECT_NEAR(through.fraction, 2.75 / 6, 0x1p-21);
  EXPECT_EQ(through.feature.type, FeatureType::vertex);
  const Segment doublePoint{{0, 0x1p-1072}, {0, -0x1p-1072}};
  EXPECT_EQ(cast(doublePoint, {}, ray({-0x3p-60, 0x5p-60}, {0x6p-60, 0})).status, CastStatus::miss);
}

/// A circle of radius 2^30 at (2^32, 0) and a ray from (−1, 0) that moves by 2^-34: far from
/// it, a miss. In float (R² − h²)/(d·d) = 2^60/2^-68 overflowed, the entry t = k − ∞ was
/// clamped to 0, and the ray "touched" the circle at its start. (In double, valid inputs keep
/// the quotient below 2^900.)
TEST(FastCast, ACircleFarLargerThanTheStepIsNotTouchedAtTheStart) {
  for (const Engines& e : kEngines) {
    SCOPED_TRACE(e.name);
    EXPECT_EQ(e.cast(Circle{{0, 0}, 0x1p30}, {{0x1p32, 0}, {}}, ray({-1, 0}, {0x1p-34, 0})).status,
              CastStatus::miss);
  }
}

}  // namespace
}  // namespace touche::fast
