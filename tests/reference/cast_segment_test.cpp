// Casts against a segment, a capsule and a chain segment (reference/src/cast.cpp). Features as
// in manifolds: vertex 0 = p1, vertex 1 = p2, face 0 right of p1→p2, face 1 left; a chain
// segment has face 0 only, its front (right) side, and quarter arcs at its ends.
#include <cmath>

#include "cast_test_support.h"

namespace touche::reference::testing {
namespace {

const Segment kVertical{{0, -1}, {0, 1}};
const Capsule kCapsule{{-1, 0}, {1, 0}, 0.5};
// p1 → p2 runs along +x, so its front (right) is −y. Ghosts are not used by casts.
const ChainSegment kChain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};

TEST(CastSegment, RayFromTheLeftHitsFaceOne) {
  // e = (0, 2): face 0 is on the right of p1→p2 (+x, normal rightPerp(e)/2 = (1, 0)); a ray
  // from x = −2 meets face 1 (the edge p2 → p1, normal (−1, 0)) at (0, 0), t = 0.5.
  const CastResult r = castAt(kVertical, ray({-2, 0}, {4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kFace, 1));
  EXPECT_EQ(r.normal, (Vec2{-1, 0}));
  EXPECT_EQ(r.point, (Vec2{0, 0}));
  // From the right: face 0.
  const CastResult right = castAt(kVertical, ray({2, 0}, {-4, 0}));
  ASSERT_EQ(right.status, CastStatus::hit) << describe(right);
  EXPECT_EQ(right.feature, feature(kFace, 0));
  EXPECT_EQ(right.normal, (Vec2{1, 0}));
}

TEST(CastSegment, CollinearRayHitsTheNearEnd) {
  // Along the segment's own line from below: both faces are parallel (e^d = 0); the first
  // point touched is p1 = (0, −1), vertex 0, at t = 0.5. A ray against a sharp end has no
  // normal of its own: −d/|d| = (0, −1), flagged; a tie by definition (feature gap 0).
  const CastResult r = castAt(kVertical, ray({0, -3}, {0, 4}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kVertex, 0));
  EXPECT_EQ(r.point, (Vec2{0, -1}));
  EXPECT_EQ(r.normal, (Vec2{0, -1}));
  EXPECT_EQ(r.flags, kFlagDegenerateNormal);
  EXPECT_EQ(r.gaps.feature, 0.0);
  // From above: p2, vertex 1.
  const CastResult down = castAt(kVertical, ray({0, 3}, {0, -4}));
  ASSERT_EQ(down.status, CastStatus::hit) << describe(down);
  EXPECT_EQ(down.feature, feature(kVertex, 1));
  EXPECT_EQ(down.point, (Vec2{0, 1}));
}

TEST(CastSegment, SweptCircleAlongTheLineMeetsTheEndArc) {
  // r = 0.5: vertex 0's half-circle arc (radius 0.5 around (0, −1)) is entered at (0, −1.5):
  // t = 1.5/4; normal (0, −1) (no longer degenerate), point (0, −1).
  const CastResult r = castAt(kVertical, ray({0, -3}, {0, 4}, 0.5));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.375);
  EXPECT_EQ(r.feature, feature(kVertex, 0));
  EXPECT_EQ(r.normal, (Vec2{0, -1}));
  EXPECT_EQ(r.point, (Vec2{0, -1}));
  EXPECT_EQ(r.flags, kFlagNone);
}

TEST(CastSegment, RayThroughAnEndAtAnAngleIsAFaceHit) {
  // (−2, −3) + t·(4, 4) crosses p1 = (0, −1) at t = 0.5: face 1 faces the ray and its end is
  // on it (a tie with vertex 0, broken to the face).
  const CastResult r = castAt(kVertical, ray({-2, -3}, {4, 4}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kFace, 1));
  EXPECT_EQ(r.gaps.feature, 0.0);
  EXPECT_EQ(r.gaps.hit, 0.0);  // the ray only touches the segment's end
}

TEST(CastCapsule, RayFromAboveHitsTheLeftSide) {
  // p1 → p2 along +x: face 0 (right) is the −y side, face 1 the +y side, at y = 0.5; the ray
  // from (0, 3) down meets it after 2.5 of 4: t = 0.625, point (0, 0.5), normal (0, 1).
  const CastResult r = castAt(kCapsule, ray({0, 3}, {0, -4}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.625);
  EXPECT_EQ(r.feature, feature(kFace, 1));
  EXPECT_EQ(r.normal, (Vec2{0, 1}));
  EXPECT_EQ(r.point, (Vec2{0, 0.5}));
}

TEST(CastCapsule, RayAlongTheAxisHitsTheEndCap) {
  // From (3, 0) along −x: vertex 1's cap (radius 0.5 around (1, 0)) at x = 1.5, t = 0.375.
  const CastResult r = castAt(kCapsule, ray({3, 0}, {-4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.375);
  EXPECT_EQ(r.feature, feature(kVertex, 1));
  EXPECT_EQ(r.normal, (Vec2{1, 0}));
  EXPECT_EQ(r.point, (Vec2{1.5, 0}));
  // The point lies on the capsule's surface: the cap's radius 0.5, not the cast's.
  const CastResult swept = castAt(kCapsule, ray({3, 0}, {-4, 0}, 0.5));
  ASSERT_EQ(swept.status, CastStatus::hit) << describe(swept);
  EXPECT_EQ(swept.fraction, 0.25);
  EXPECT_EQ(swept.point, (Vec2{1.5, 0}));
}

TEST(CastCapsule, ACapsuleWithCoincidentEndsIsACircle) {
  const CastResult r = castAt(Capsule{{1, 0}, {1, 0}, 0.5}, ray({3, 0}, {-4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.375);
  EXPECT_EQ(r.feature, feature(kVertex, 0));
}

TEST(CastChainSegment, RayFromTheFrontHitsFaceZero) {
  const CastResult r = castAt(kChain, ray({0, -2}, {0, 4}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kFace, 0));
  EXPECT_EQ(r.normal, (Vec2{0, -1}));
  EXPECT_EQ(r.point, (Vec2{0, 0}));
  EXPECT_EQ(r.gaps.side, 2.0);
}

TEST(CastChainSegment, AnOriginBehindTheLineMissesEvenIfTheCircleWouldOverlap) {
  // Source 001's directed segments are hit on their front only. From (0, 2) downwards the ray
  // crosses the segment from behind: miss; so does a circle of radius 0.5 that would overlap
  // it on the way. The side gap is the origin's distance from the line.
  const CastResult r = castAt(kChain, ray({0, 2}, {0, -4}));
  EXPECT_EQ(r.status, CastStatus::miss) << describe(r);
  EXPECT_EQ(r.gaps.side, 2.0);
  const CastResult swept = castAt(kChain, ray({0, 0.25}, {0, -4}, 0.5));
  EXPECT_EQ(swept.status, CastStatus::miss) << describe(swept);
}

TEST(CastChainSegment, CollinearRayOnTheLineHitsTheNearEnd) {
  // An origin on the line is not behind it; along the line the first point is p2 (vertex 1).
  const CastResult r = castAt(kChain, ray({3, 0}, {-4, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0.5);
  EXPECT_EQ(r.feature, feature(kVertex, 1));
  EXPECT_EQ(r.point, (Vec2{1, 0}));
  EXPECT_EQ(r.gaps.side, 0.0);
}

TEST(CastChainSegment, SweptCircleMeetsTheFrontQuarterArc) {
  // r = 0.5 from (3, −0.25) along −x: the circle around p2 = (1, 0) is entered at
  // x = 1 + √(0.25 − 0.0625) = 1 + √0.1875 (§4 step 4), with u = (√0.1875, −0.25) on the front
  // quarter arc (u·e ≥ 0, u·n ≥ 0): t = (2 − √0.1875)/4 = 0x1.9126145e9ecd5p-2, normal
  // u/0.5 = (√0.75, −0.5), point p2.
  const CastResult r = castAt(kChain, ray({3, -0.25}, {-4, 0}, 0.5));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0x1.9126145e9ecd5p-2);
  EXPECT_EQ(r.feature, feature(kVertex, 1));
  EXPECT_EQ(r.normal, (Vec2{0x1.bb67ae8584caap-1, -0.5}));
  EXPECT_EQ(r.point, (Vec2{1, 0}));
  // Mirrored behind the line: the origin is behind, a miss.
  EXPECT_EQ(castAt(kChain, ray({3, 0.25}, {-4, 0}, 0.5)).status, CastStatus::miss);
}

TEST(CastChainSegment, OverlapFromTheFrontIsInitialOverlap) {
  EXPECT_EQ(castAt(kChain, ray({0, -0.25}, {0, -4}, 0.5)).status, CastStatus::initialOverlap);
  EXPECT_EQ(castAt(kChain, ray({0, 0}, {0, -4})).status, CastStatus::initialOverlap);
}

}  // namespace
}  // namespace touche::reference::testing
