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

// ---- Touching cores (step 6 with c1 = c2): step 5's face choice -----------------------------

TEST(ReferenceCapsuleCapsule, TeeOfTouchingCoresTakesTheFaceThroughTheOrigin) {
  // A core (0, 0)–(1, 0), B core (0, −1)–(0, 1) moved to (1, 0), radii 0.1: A's tip lies on B's
  // core and B projects onto A's axis entirely at A's end (step 4), so step 6 runs with
  // c1 = c2 = (1, 0). A's sides separate by −1 (B crosses A's line); B's side facing A by 0,
  // its other side by −1: B's face, normal (1, 0) (A's left normal (0, 1) would read an
  // overlap of 1.2). Separation −0.2, point (1, 0), ids (vertex 1 of A, face 1 of B).
  const Capsule a{{0, 0}, {1, 0}, 0.1};
  const Capsule b{{0, -1}, {0, 1}, 0.1};
  const Manifold m = collide(a, at(0, 0), b, at(1, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1, 0}, -0.2, fid(kVertex, 1, kFace, 1));
  EXPECT_EQ(m.flags, kFlagNone);  // the geometry determines the normal
  EXPECT_EQ(m.gaps.axis, 1.0);    // B's facing side leads every other side by 1
  EXPECT_FALSE(m.gaps.normal.has_value());
  expectSwapSymmetric(a, at(0, 0), b, at(1, 0), {}, m);  // roles swapped: (−1, 0)
}

TEST(ReferenceCapsuleCapsule, TeeMirroredTakesTheMirroredFace) {
  // The tee mirrored in x: A core (0, 0)–(−1, 0), B at (−1, 0): normal (−1, 0). B's core
  // reversed ((0, 1)–(0, −1)) names its other face: face 0 faces A.
  const Capsule a{{0, 0}, {-1, 0}, 0.1};
  const Capsule b{{0, 1}, {0, -1}, 0.1};
  const Manifold m = collide(a, at(0, 0), b, at(-1, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{-1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {-1, 0}, -0.2, fid(kVertex, 1, kFace, 1));
  expectSwapSymmetric(a, at(0, 0), b, at(-1, 0), {}, m);
  // B reversed in the unmirrored tee: the same normal, B's face 0.
  const Manifold r = collide(Capsule{{0, 0}, {1, 0}, 0.1}, at(0, 0), b, at(1, 0));
  EXPECT_EQ(r.normal, (Vec2{1, 0}));
  expectPoint(r.points[0], {1, 0}, -0.2, fid(kVertex, 1, kFace, 0));
}

TEST(ReferenceCapsuleCapsule, EndOnTheOtherCoreTakesTheSideTheOtherCoreLiesOn) {
  // B core (0.5, 0)–(0.5, −1) stands on A's core (0, 0)–(1, 0) from below (A projects onto
  // B's axis at its start: step 6, c1 = c2 = (0.5, 0)). A's right side (0, −1) separates by
  // 0, B's sides by −0.5: normal (0, −1), not A's left normal (0, 1) (overlap 1.2 along it).
  const Capsule a{{0, 0}, {1, 0}, 0.1};
  const Capsule b{{0.5, 0}, {0.5, -1}, 0.1};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {0.5, 0}, -0.2, fid(kFace, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagNone);
  EXPECT_EQ(m.gaps.axis, 0.5);
  expectSwapSymmetric(a, at(0, 0), b, at(0, 0), {}, m);
}

TEST(ReferenceCapsuleCapsule, TipsMeetingAtAnAngleTakeTheRulesFaceOfTheCone) {
  // A core (0, 0)–(1, 0), B core (1, 0)–(2, 1): tip to tip at (1, 0). A's left side and B's
  // left side both separate by 0 (every normal between (0, 1) and (1, −1)/√2 is as deep):
  // the rule takes A's, normal (0, 1), flagged. Swapped, the rule takes the new A's (B's)
  // face: (−1, 1)/√2 — another normal of the same cone, not the negation.
  const Capsule a{{0, 0}, {1, 0}, 0.25};
  const Capsule b{{1, 0}, {2, 1}, 0.25};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1, 0}, -0.5, fid(kVertex, 1, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
  EXPECT_EQ(m.gaps.axis, 0.0);
  const Manifold back = collide(b, at(0, 0), a, at(0, 0));
  ASSERT_EQ(back.status, Status::contact) << describe(back);
  EXPECT_EQ(back.normal, (Vec2{-std::sqrt(0.5), std::sqrt(0.5)}));
  expectPoint(back.points[0], {1, 0}, -0.5, fid(kVertex, 0, kVertex, 1));
  EXPECT_EQ(back.flags, kFlagDegenerateNormal);
  // B bent the other way, (1, 0)–(2, −1): the cone lies below, A's right side (0, −1).
  const Manifold below = collide(a, at(0, 0), Capsule{{1, 0}, {2, -1}, 0.25}, at(0, 0));
  EXPECT_EQ(below.normal, (Vec2{0, -1}));
  EXPECT_EQ(below.flags, kFlagDegenerateNormal);
}

TEST(ReferenceCapsuleCapsule, CollinearCoresEndToEndTakeTheRightSide) {
  // A core (0, 0)–(1, 0), B core (1, 0)–(2, 0): every side of both separates by 0 and every
  // normal with a non-negative x is as deep; the rule's: A's right side, (0, −1), flagged.
  const Capsule a{{0, 0}, {1, 0}, 0.25};
  const Capsule b{{1, 0}, {2, 0}, 0.25};
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1, 0}, -0.5, fid(kVertex, 1, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

TEST(ReferenceSegmentCapsule, SegmentTipOnACapsuleCoreTakesTheCapsulesFace) {
  // The tee with a segment A (radius 0): normal (1, 0), separation −0.1, point midway between
  // A's tip and B's surface: (1, 0) + ½(0 − 0.1)·(1, 0) = (0.95, 0).
  const Segment a{{0, 0}, {1, 0}};
  const Capsule b{{0, -1}, {0, 1}, 0.1};
  const Manifold m = collide(a, at(0, 0), b, at(1, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {0.95, 0}, -0.1, fid(kVertex, 1, kFace, 1));
  EXPECT_EQ(m.flags, kFlagNone);
}

TEST(ReferenceCapsuleCapsule, RegressionEndOnCapsuleCoreFromTheRight) {
  // fuzz/regressions/capsule_capsule.jsonl "capsule-end-on-capsule-core-…": A's core is the
  // world segment x = 89.5, y ∈ [−134, −122] (p1 → p2 upwards); B's core (89.5, −127)–
  // (90.5, −127) starts on it and runs right. A's right side (1, 0) separates by 0 (A's left
  // normal (−1, 0) would read an overlap of 2): separation −1, point (89.5, −127).
  const Capsule a{{-6.5, -0.5}, {5.5, -0.5}, 0.5};
  const Capsule b{{-0.5, 0.5}, {0.5, 0.5}, 0.5};
  const Transform xfA{{89, -127.5}, {0, 1}};
  const Manifold m = collide(a, xfA, b, at(90, -127.5));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {89.5, -127}, -1.0, fid(kFace, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagNone);
  expectSwapSymmetric(a, xfA, b, at(90, -127.5), {}, m);
}

TEST(ReferenceSegmentCapsule, RegressionTipsMeetingAtARightAngle) {
  // fuzz/regressions/segment_capsule.jsonl "segment-end-on-capsule-core-…": the segment runs
  // up from (−64, −64.25) to (−64, −63.75), B's core right from the same point. The cone is
  // between (1, 0) and (0, −1); the rule takes A's right side (1, 0) (A's left normal (−1, 0)
  // would read an overlap of 2.5), flagged. Separation −2, point (−64, −64.25) − (1, 0).
  const Segment a{{0, -0.25}, {0, 0.25}};
  const Capsule b{{-0.5, -0.25}, {0, -0.25}, 2};
  const Manifold m = collide(a, at(-64, -64), b, at(-63.5, -64));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {-65, -64.25}, -2.0, fid(kVertex, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

}  // namespace
}  // namespace touche::reference::testing
