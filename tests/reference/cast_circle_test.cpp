// Casts against a circle (reference/src/cast.cpp, source 001 §4: ray vs arc, the arc a full
// circle of radius R = r + radius around the centre, feature vertex 0).
#include <cmath>

#include "cast_test_support.h"

namespace touche::reference::testing {
namespace {

const Circle kUnit{{0, 0}, 1};

TEST(CastCircle, RayHeadOnHitsTheNearSide) {
  // Source 001 §4 step 2: the foot of the perpendicular from the centre to the ray is the
  // centre itself (b = 0 < R = 1); step 4: A = F − R·v̂ = (−1, 0), reached after 4 of the 10
  // units: t = 0.4 (the double nearest 2/5), normal (−1, 0), point (−1, 0).
  const CastResult r = castAt(kUnit, ray({-5, 0}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.4);
  EXPECT_EQ(r.point, (Vec2{-1, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.feature, feature(kVertex, 0));
  EXPECT_EQ(r.flags, kFlagNone);
  EXPECT_EQ(r.gaps.hit, 1.0);                // the path passes through the centre: R − 0
  EXPECT_EQ(r.gaps.initial, 4.0);            // the origin is 5 from the centre: 5 − 1
  EXPECT_FALSE(r.gaps.feature.has_value());  // a circle has one feature
}

TEST(CastCircle, SweptCircleTouchesAtRPlusRadius) {
  // Minkowski expansion (source 001 §2): r = 0.5 against radius 1 is a ray against radius
  // 1.5; the centre stops at (−1.5, 0) after 3.5 of 10: t = 0.35; the point is the centre less
  // r·normal = (−1, 0), on the circle's surface.
  const CastResult r = castAt(kUnit, ray({-5, 0}, {10, 0}, 0.5));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.35);
  EXPECT_EQ(r.point, (Vec2{-1, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
}

TEST(CastCircle, OffAxisRayHasAnIrrationalFractionRoundedCorrectly) {
  // Origin (−5, 0.5), d = (10, 0): b = 0.5, half chord √(1 − 0.25) = √0.75, so the entry is
  // x = −√0.75 and t = (5 − √0.75)/10 = 0.41339745962155616… (0x1.a751a9e54bd78p-2, the
  // nearest double, from 80-digit decimal arithmetic). The normal is (−√0.75, 0.5).
  const CastResult r = castAt(kUnit, ray({-5, 0.5}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0x1.a751a9e54bd78p-2);
  EXPECT_EQ(r.point, (Vec2{-0x1.bb67ae8584caap-1, 0.5}));
  EXPECT_EQ(r.normal, (Vec2{-0x1.bb67ae8584caap-1, 0.5}));
}

TEST(CastCircle, TangentRayIsAGrazeAndAHit) {
  // b = R exactly (source 001 §4 step 3, tangent): the foot F = (0, 1) is the touching point,
  // at t = 0.5. A graze is a hit; its hit gap is 0.
  const CastResult r = castAt(kUnit, ray({-5, 1}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.point, (Vec2{0, 1}));
  EXPECT_EQ(r.normal, (Vec2{0, 1}));
  EXPECT_EQ(r.gaps.hit, 0.0);
}

TEST(CastCircle, PassingOneUlpAboveTheTangentMisses) {
  // b = 1 + 2^-52 > R: the line misses (step 2). The hit gap is that one ulp.
  const CastResult r = castAt(kUnit, ray({-5, 1 + 0x1p-52}, {10, 0}));
  EXPECT_EQ(r.status, CastStatus::miss) << describe(r);
  EXPECT_EQ(r.gaps.hit, 0x1p-52);
}

TEST(CastCircle, TouchingExactlyAtMaxFractionIsAHit) {
  // d = (8, 0) from (−5, 0): the circle is met at t = 4/8 = 0.5 exactly. maxFraction 0.5 →
  // hit (equal counts, hit gap 0); one ulp less → miss (the gap is that ulp times |d| = 8).
  const CastResult at = castAt(kUnit, ray({-5, 0}, {8, 0}, 0, 0.5));
  ASSERT_EQ(at.status, CastStatus::hit) << describe(at);
  EXPECT_EQ(at.fraction, 0.5);
  EXPECT_EQ(at.gaps.hit, 0.0);
  const CastResult before = castAt(kUnit, ray({-5, 0}, {8, 0}, 0, std::nextafter(0.5, 0.0)));
  EXPECT_EQ(before.status, CastStatus::miss) << describe(before);
  EXPECT_EQ(before.gaps.hit, 8 * 0x1p-54);
}

TEST(CastCircle, OriginInsideIsInitialOverlapEvenMovingAway) {
  const CastResult inside = castAt(kUnit, ray({0.5, 0}, {10, 0}));
  EXPECT_EQ(inside.status, CastStatus::initialOverlap) << describe(inside);
  EXPECT_EQ(inside.fraction, 0.0);
  EXPECT_EQ(inside.gaps.initial, 0.5);
  // On the surface exactly, moving away: it touches at t = 0.
  const CastResult onSurface = castAt(kUnit, ray({-1, 0}, {-10, 0}));
  EXPECT_EQ(onSurface.status, CastStatus::initialOverlap) << describe(onSurface);
  EXPECT_EQ(onSurface.gaps.initial, 0.0);
  // A swept circle whose own radius reaches the shape.
  const CastResult swept = castAt(kUnit, ray({-1.75, 0}, {-10, 0}, 0.75));
  EXPECT_EQ(swept.status, CastStatus::initialOverlap) << describe(swept);
}

TEST(CastCircle, ZeroTranslationOutsideIsAMiss) {
  const CastResult r = castAt(kUnit, ray({-5, 0}, {0, 0}));
  EXPECT_EQ(r.status, CastStatus::miss) << describe(r);
  EXPECT_EQ(r.gaps.hit, 4.0);
}

TEST(CastCircle, MovingAwayMisses) {
  // Source 001 §4 step 1: MO·v < 0, the circle is behind the ray.
  const CastResult r = castAt(kUnit, ray({-5, 0}, {-10, 0}));
  EXPECT_EQ(r.status, CastStatus::miss) << describe(r);
}

TEST(CastCircle, RayThroughAPointCircleHasTheDegenerateNormal) {
  // A circle of radius 0 and a ray: the point is hit at t = 0.5, and has no normal of its
  // own: −d/|d| = (−1, 0), flagged.
  const CastResult r = castAt(Circle{{0, 0}, 0}, ray({-5, 0}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.point, (Vec2{0, 0}));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.flags, kFlagDegenerateNormal);
}

TEST(CastCircle, TheTransformPlacesTheCircle) {
  // Local centre (1, 0) rotated by 90° (c, s) = (0, 1) and moved by (0, 10): world (0, 11).
  const Transform xf{{0, 10}, {0, 1}};
  const CastResult r = castAt(Circle{{1, 0}, 1}, ray({0, 0}, {0, 20}), xf);
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);  // y = 10 after 10 of 20
  EXPECT_EQ(r.point, (Vec2{0, 10}));
  EXPECT_EQ(r.normal, (Vec2{0, -1}));
}

TEST(CastCircle, InvalidInputIsAnErrorNotACrash) {
  EXPECT_EQ(castAt(kUnit, ray({NAN, 0}, {1, 0})).status, CastStatus::error);
  EXPECT_EQ(castAt(kUnit, ray({0, 0}, {INFINITY, 0})).status, CastStatus::error);
  EXPECT_EQ(castAt(kUnit, ray({0, 0}, {1, 0}, -1)).status, CastStatus::error);
  EXPECT_EQ(castAt(kUnit, ray({0, 0}, {1, 0}, 0, 1.5)).status, CastStatus::error);
  EXPECT_EQ(castAt(kUnit, ray({0, 0}, {1, 0}, 0, -0.0 - 1)).status, CastStatus::error);
  EXPECT_EQ(castAt(Circle{{0, 0}, -1}, ray({0, 0}, {1, 0})).status, CastStatus::error);
}

}  // namespace
}  // namespace touche::reference::testing
