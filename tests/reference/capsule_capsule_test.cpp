// Capsule A vs capsule B and segment A vs capsule B (reference/src/capsule_capsule.cpp). Cores
// that are not exact SAT ties also run swapped with ids swapped; exact ties (parallel cores)
// run swapped with the same points and separations, and the other roles' ids asserted.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

void expectPoint(const ManifoldPoint& p, Vec2 point, double separation, FeatureId id) {
  EXPECT_EQ(p.point, point);
  EXPECT_EQ(p.separation, separation);
  EXPECT_EQ(p.id, id) << describe(p.id);
}

TEST(ReferenceCapsuleCapsule, ParallelOverlappingCoresGiveTwoPoints) {
  // A core (−2, 0)–(2, 0), B core (−1, 0.75)–(1, 0.75), radii 0.5. Closest distance 0.75.
  // Each projects onto the other; SAT: A's face 1 (above) separates by 3/4 = 0.75, B's face 0
  // (below) by 1.5/2 = 0.75: exact tie → A is the reference. B's endpoints lie inside A's
  // extent (projections 4 and 12 of 16): no clipping; sp = sq = 0.75 ≤ distance → two points.
  // Separation 0.75 − 1 = −0.25; points midway between y = 0.5 and y = 0.25.
  const Capsule a{{-2, 0}, {2, 0}, 0.5};
  const Capsule b{{-1, 0}, {1, 0}, 0.5};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0.75));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-1, 0.375}, -0.25, fid(kFace, 1, kVertex, 0));
  expectPoint(m.points[1], {1, 0.375}, -0.25, fid(kFace, 1, kVertex, 1));
  EXPECT_EQ(m.gaps.axis, 0.0);  // the exact tie
  // Swapped, the tie makes the shorter capsule the reference: A's core is clipped at the
  // reference's vertices 0 and 1 on A's face 1 (the face looking at B) — same points.
  const Manifold back = expectSwapSymmetric(a, at(0, 0), b, at(0, 0.75), {}, m, false);
  ASSERT_EQ(back.pointCount, 2);
  EXPECT_EQ(back.points[0].id, fid(kVertex, 0, kFace, 1));
  EXPECT_EQ(back.points[1].id, fid(kVertex, 1, kFace, 1));
}

TEST(ReferenceCapsuleCapsule, TeeJunctionIsOnePointOnTheLineOfClosestPoints) {
  // A core (−1, 0)–(1, 0), B core (0, 0.25)–(0, 2), radii 0.25. A projects onto B's axis
  // entirely below 0 → single point. Closest points (0, 0) (f1 = 0.5, interior, face 1) and
  // (0, 0.25) (f2 = 0, vertex 0). Normal (0, 1), separation 0.25 − 0.5 = −0.25, point
  // ½((0,0) + (0,0.25)) + ½(0.25 − 0.25)·n = (0, 0.125).
  const Capsule a{{-1, 0}, {1, 0}, 0.25};
  const Capsule b{{0, 0.25}, {0, 2}, 0.25};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {0, 0.125}, -0.25, fid(kFace, 1, kVertex, 0));
  EXPECT_FALSE(m.gaps.axis.has_value());  // no SAT side was chosen
  expectSwapSymmetric(a, at(0, 0), b, at(0, 0), {}, m);
}

TEST(ReferenceCapsuleCapsule, CrossingCoresClipAgainstTheReference) {
  // A core (−1, 0)–(1, 0), B core (0, −1)–(0, 1), radii 0.5: the cores cross at the origin.
  // SAT: each side of each core separates by −1: exact tie → A's right side (face 0, normal
  // (0, −1)). B is not clipped (projection 2 of 4); sp = 1, sq = −1 ≤ 0 = distance → two
  // points: (0, −1) with separation 1 − 1 = 0 (kept: touching counts) at (0, −1) + ½(0 − 1)·n
  // = (0, −0.5); (0, 1) with separation −2 at (0, 1) + ½(0 + 1)·n = (0, 0.5).
  const Capsule a{{-1, 0}, {1, 0}, 0.5};
  const Capsule b{{0, -1}, {0, 1}, 0.5};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {0, -0.5}, 0.0, fid(kFace, 0, kVertex, 0));
  expectPoint(m.points[1], {0, 0.5}, -2.0, fid(kFace, 0, kVertex, 1));
  EXPECT_EQ(m.flags, kFlagNone);
}

TEST(ReferenceCapsuleCapsule, ZeroLengthCapsuleIsACircle) {
  // B's core is a point at (0.5, 0.75): capsule A vs a circle r = 0.5 — normal (0, 1),
  // separation −0.25, point (0.5, 0.375), id (face 1 of A, vertex 0 of B).
  const Capsule a{{-1, 0}, {1, 0}, 0.5};
  const Capsule b{{0, 0}, {0, 0}, 0.5};
  const Manifold m = collide(a, at(0, 0), b, at(0.5, 0.75));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  expectPoint(m.points[0], {0.5, 0.375}, -0.25, fid(kFace, 1, kVertex, 0));
  expectSwapSymmetric(a, at(0, 0), b, at(0.5, 0.75), {}, m);
}

TEST(ReferenceCapsuleCapsule, SeparatedBeyondTheMarginIsNoContact) {
  // Parallel cores 1.25 apart with radii 0.5: separation 0.25 → contact only with margin ≥ 0.25.
  const Capsule a{{-1, 0}, {1, 0}, 0.5};
  EXPECT_EQ(collide(a, at(0, 0), a, at(0, 1.25)).status, Status::noContact);
  const Manifold m = collide(a, at(0, 0), a, at(0, 1.25), Options{0.25});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].separation, 0.25);
  EXPECT_EQ(m.points[0].point, (Vec2{-1, 0.625}));
}

TEST(ReferenceSegmentCapsule, CollinearTouchingEndToEnd) {
  // Segment (−1, 0)–(1, 0) and capsule core (1.5, 0)–(2.5, 0), r = 0.5, on one line: B
  // projects beyond A's end → single point; closest (1, 0) (vertex 1) and (1.5, 0) (vertex 0);
  // separation 0.5 − 0.5 = 0 → contact; point ½(1 + 1.5) + ½(0 − 0.5) = 1.
  const Segment a{{-1, 0}, {1, 0}};
  const Capsule b{{1.5, 0}, {2.5, 0}, 0.5};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1, 0}, 0.0, fid(kVertex, 1, kVertex, 0));
  expectSwapSymmetric(a, at(0, 0), b, at(0, 0), {}, m);
}

}  // namespace
}  // namespace touche::reference::testing
