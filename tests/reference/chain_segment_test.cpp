// Chain segment A vs circle, capsule, polygon B (reference/src/chain_segment.cpp). The chain
// runs p1 → p2 along the x axis, so its collision side (the right of p1→p2) is below: face 0
// with normal (0, −1). Swapped runs (B first) are exactly symmetric through dispatch.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

/// Flat neighbours on both sides (both corners collinear: not convex).
const ChainSegment kFlat{{-3, 0}, {-2, 0}, {2, 0}, {3, 0}};
const ChainSegment kShort{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};

void expectPoint(const ManifoldPoint& p, Vec2 point, double separation, FeatureId id) {
  EXPECT_EQ(p.point, point);
  EXPECT_EQ(p.separation, separation);
  EXPECT_EQ(p.id, id) << describe(p.id);
}

TEST(ReferenceChainSegmentCircle, FrontInterior) {
  // Circle r = 0.5 at (0, −0.25): closest (0, 0), normal (0, −1), separation −0.25, point
  // midway between y = 0 and the circle's near surface y = 0.25: (0, 0.125).
  const Manifold m = collideChecked(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.25));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  expectPoint(m.points[0], {0, 0.125}, -0.25, fid(kFace, 0, kVertex, 0));
}

TEST(ReferenceChainSegmentCircle, BehindIsNoContactButATwoSidedSegmentTouches) {
  // The same circle mirrored above (centre (0, 0.25)) is behind the one-sided chain.
  EXPECT_EQ(collideChecked(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, 0.25)).status,
            Status::noContact);
  const Segment segment{{-1, 0}, {1, 0}};
  EXPECT_EQ(collideChecked(segment, at(0, 0), Circle{{0, 0}, 0.5}, at(0, 0.25)).status,
            Status::contact);
}

TEST(ReferenceChainSegmentCircle, CornerRegionOwnedByThePreviousSegment) {
  // Circle r = 0.5 at (−1.25, −0.25), before p1 (v = −0.5 ≤ 0). With a flat previous segment
  // dot(p1 − ghost1, c − p1) = −0.25 ≤ 0: the previous segment owns the centre → none.
  EXPECT_EQ(collideChecked(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(-1.25, -0.25)).status,
            Status::noContact);
  // With ghost1 = (−2, 2) the previous segment turns away: dot((1, −2), (−0.25, −0.25)) = 0.25
  // > 0 → vertex p1: normal (−1, −1)/√2, separation √0.125 − 0.5.
  const ChainSegment bent{{-2, 2}, {-1, 0}, {1, 0}, {2, 0}};
  const Manifold m = collideChecked(bent, at(0, 0), Circle{{0, 0}, 0.5}, at(-1.25, -0.25));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{-std::sqrt(0.5), -std::sqrt(0.5)}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 0, kVertex, 0));
  EXPECT_NEAR(m.points[0].separation, std::sqrt(0.125) - 0.5, 1e-15);
}

TEST(ReferenceChainSegmentCircle, CentreOnTheSegmentUsesTheFrontNormal) {
  // Circle r = 0.5 centred at (0.5, 0): no direction; fallback rightPerp(e) ∝ (0, −1), flagged;
  // separation −0.5; point ½(c + c) + ½(0 − 0.5)·(0, −1) = (0.5, 0.25).
  const Manifold m = collideChecked(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  expectPoint(m.points[0], {0.5, 0.25}, -0.5, fid(kFace, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

TEST(ReferenceChainSegmentPolygon, BoxPushedUpIntoTheFront) {
  // Box half-extent 0.5 at (0, −0.375): top face y = 0.125 crosses the chain → SAT. Segment
  // axis separates by −0.125 (box vertex 2 deepest); every box face normal snaps (flat
  // corners) → the segment face is the reference; incident box face 2 (top); no clipping.
  // Points: box vertex 3 (−0.5, 0.125) then vertex 2, separation −0.125, midway y = 0.0625.
  const Polygon box = makePolygon({{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}});
  const Manifold m = collideChecked(kFlat, at(0, 0), box, at(0, -0.375));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-0.5, 0.0625}, -0.125, fid(kFace, 0, kVertex, 3));
  expectPoint(m.points[1], {0.5, 0.0625}, -0.125, fid(kFace, 0, kVertex, 2));
  // Behind: the mirror image above the chain is one-sided no contact; a segment touches it.
  EXPECT_EQ(collideChecked(kFlat, at(0, 0), box, at(0, 0.375)).status, Status::noContact);
  const Segment segment{{-2, 0}, {2, 0}};
  EXPECT_EQ(collideChecked(segment, at(0, 0), box, at(0, 0.375)).status, Status::contact);
}

TEST(ReferenceChainSegmentPolygon, SegmentLyingAlongAPolygonFaceTouches) {
  // Regression: the segment (0.5, 0) → (−0.5, 0) lies inside the triangle's face (−1, 0)–(2, 0)
  // with the triangle in front (the right of p1 → p2 is y > 0). Neither end crosses a face
  // strictly, no triangle vertex projects inside the segment, and the faces' "looks at the
  // segment" test was strict, so the closest features were a corner pair 0.5 apart: no
  // contact. Distance 0 → SAT: the segment face is the reference (normal (0, 1), the face
  // normals snap through the concave corner at p1 and the collinear one at p2), the
  // triangle's face 2 is incident and is clipped to the segment: two points at the segment
  // ends, separation 0, ids (vertex k of the chain, face 2 of the triangle).
  const ChainSegment chain{{1, 0.75}, {0.5, 0}, {-0.5, 0}, {-1.5, 0}};
  const Polygon triangle = makePolygon({{2, 0}, {1.25, 1.25}, {-1, 0}});
  for (double margin : {0.0, 0.25}) {
    const Manifold m = collideChecked(chain, at(0, 0), triangle, at(0, 0), Options{margin});
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    EXPECT_EQ(m.normal, (Vec2{0, 1}));
    ASSERT_EQ(m.pointCount, 2) << describe(m);
    // The incident face runs (−1, 0) → (2, 0) and is clipped at p1 = (0.5, 0) first.
    expectPoint(m.points[0], {0.5, 0}, 0.0, fid(kVertex, 0, kFace, 2));
    expectPoint(m.points[1], {-0.5, 0}, 0.0, fid(kVertex, 1, kFace, 2));
  }
}

TEST(ReferenceChainSegmentPolygon, DiamondTipBelowWithinTheMargin) {
  // Diamond (0,−1), (1,0), (0,1), (−1,0) at (0, −1.25): tip (0, −0.25) at distance 0.25 below
  // the chain's interior (edge–vertex). Incident face: 1 and 2 tie in anti-parallelism →
  // face 2 (tie → the face starting at the tip). Clipped points (−1, −1.25) at 1.25 (dropped
  // at margin 0.5) and the tip at 0.25: point (0, −0.125), id (face 0, vertex 2).
  const Polygon diamond = makePolygon({{0, -1}, {1, 0}, {0, 1}, {-1, 0}});
  EXPECT_EQ(collideChecked(kFlat, at(0, 0), diamond, at(0, -1.25)).status, Status::noContact);
  const Manifold m = collideChecked(kFlat, at(0, 0), diamond, at(0, -1.25), Options{0.5});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {0, -0.125}, 0.25, fid(kFace, 0, kVertex, 2));
}

TEST(ReferenceChainSegmentPolygon, ConvexCornerBeyondTheEndIsTheNextSegments) {
  // Chain (−1, 0) → (1, 0) whose next segment rises to ghost2 = (2, 1) (convex corner at p2).
  // Box half-extent 0.25 at (1.5, 0): its left face is 0.25 from p2, normal (1, 0) from the
  // chain, which lies outside p2's normal cone (cross(n2, n) = 1 > 0) → skipped: no contact
  // even at margin 0.5. The two-sided segment does touch it (see polygon_capsule_test.cpp).
  const ChainSegment rising{{-2, 0}, {-1, 0}, {1, 0}, {2, 1}};
  const Polygon small = makePolygon({{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}});
  EXPECT_EQ(collideChecked(rising, at(0, 0), small, at(1.5, 0), Options{0.5}).status,
            Status::noContact);
}

TEST(ReferenceChainSegmentPolygon, ConvexCornerAdmitsVertexToVertex) {
  // Chain (−1, 0) → (1, 0), next piece rising to ghost2 = (2, 1) (convex corner at p2).
  // Triangle tip (1.5, −0.5), (2, −2), (2.5, −1): the closest features are p2 and the tip,
  // normal (1, −1)/√2, on the edge of p2's normal cone (cross(n2, n) = 0) → admitted: one
  // vertex–vertex point at margin 1, midway (1.25, −0.25), separation √0.5.
  const ChainSegment rising{{-2, 0}, {-1, 0}, {1, 0}, {2, 1}};
  const Polygon tip = makePolygon({{1.5, -0.5}, {2, -2}, {2.5, -1}});
  const Manifold m = collideChecked(rising, at(0, 0), tip, at(0, 0), Options{1});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{std::sqrt(0.5), -std::sqrt(0.5)}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1.25, -0.25}, std::sqrt(0.5), fid(kVertex, 1, kVertex, 0));
}

TEST(ReferenceChainSegmentPolygon, FlatCornerSnapsToTheSegmentNormal) {
  // The same triangle with a flat next piece (ghost2 = (3, 0)): the vertex–vertex normal snaps
  // to the segment normal; the incident edge at the tip (edge 2) lies beyond p2 along the
  // segment, so clipping leaves nothing: no contact (the next piece owns the triangle).
  const ChainSegment flat{{-2, 0}, {-1, 0}, {1, 0}, {3, 0}};
  const Polygon tip = makePolygon({{1.5, -0.5}, {2, -2}, {2.5, -1}});
  EXPECT_EQ(collideChecked(flat, at(0, 0), tip, at(0, 0), Options{1}).status, Status::noContact);
}

TEST(ReferenceChainSegmentPolygon, NeighbourMoreAntiParallelOwnsTheFace) {
  // Triangle (−0.5, −1), (−2, −0.25), (−2, −1.5): its face 0 (outward normal ∝ (1, 2)) is
  // 1.5/√5 from p1 = (−1, 0), the closest features (vertex–edge). With the previous piece
  // coming down from ghost1 = (−2, 1) (convex corner, normal ∝ (−1, −1)), the face normal is
  // admitted but that neighbour is more anti-parallel to it (−2.25/√2 < −3/2) → none.
  const ChainSegment bent{{-2, 1}, {-1, 0}, {1, 0}, {2, 0}};
  const Polygon wedge = makePolygon({{-0.5, -1}, {-2, -0.25}, {-2, -1.5}});
  EXPECT_EQ(collideChecked(bent, at(0, 0), wedge, at(0, 0), Options{1}).status, Status::noContact);
  // With a flat previous piece the normal snaps: face 0 is incident to the segment face and is
  // clipped at p1: (−1, −0.75) (separation 0.75, id (vertex 0, face 0)) and its end
  // (−0.5, −1) (separation 1, id (face 0, vertex 0)); points midway toward y = 0.
  const Manifold m = collideChecked(kShort, at(0, 0), wedge, at(0, 0), Options{1});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-1, -0.375}, 0.75, fid(kVertex, 0, kFace, 0));
  expectPoint(m.points[1], {-0.5, -0.5}, 1.0, fid(kFace, 0, kVertex, 0));
}

TEST(ReferenceChainSegmentCapsule, CapsuleUnderTheChain) {
  // Capsule core (−0.5, 0)–(0.5, 0), r = 0.25, at (0, −0.125): top surface y = 0.125. Both
  // core vertices lie 0.125 below the chain's interior (edge–vertex, vertex 0 first); the
  // incident face is the capsule's face 1 (upper side, normal (0, 1)). Points vertex 0 then 1,
  // separation 0.125 − 0.25 = −0.125, midway between y = 0 and 0.125.
  const Capsule capsule{{-0.5, 0}, {0.5, 0}, 0.25};
  const Manifold m = collideChecked(kFlat, at(0, 0), capsule, at(0, -0.125));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, -1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-0.5, 0.0625}, -0.125, fid(kFace, 0, kVertex, 0));
  expectPoint(m.points[1], {0.5, 0.0625}, -0.125, fid(kFace, 0, kVertex, 1));
}

TEST(ReferenceChainSegmentCapsule, ZeroLengthCapsuleIsACircle) {
  const Capsule dot{{0, 0}, {0, 0}, 0.5};
  const Manifold m = collideChecked(kShort, at(0, 0), dot, at(0, -0.25));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  expectPoint(m.points[0], {0, 0.125}, -0.25, fid(kFace, 0, kVertex, 0));
}

}  // namespace
}  // namespace touche::reference::testing
