// touche — fast engine, segment golden tests (segment_circle, segment_capsule, segment_polygon;
// double and float, A/B swapped).
//
// The segment kSegment is p1 (−1, 0) → p2 (1, 0): a capsule of radius 0, face 0 below (normal
// (0, −1)), face 1 above ((0, 1)).
#include <gtest/gtest.h>

#include <cstring>

#include "../../bench/random_pairs.h"
#include "expect.h"
#include "touche/fast/collide.h"

namespace touche::fast::test {
namespace {

const Segment kSegment{{-1, 0}, {1, 0}};
const Polygon kBox = makeBox(1, 1);

// ---- segment_circle -------------------------------------------------------------------------

// Circle r = 0.5 at (0.5, 0.25): interior, w = −0.25 → face 1, normal (0, 1), separation
// 0.25 − 0.5 = −0.25; point = c + ½(0 − 0.5 − 0.25)·(0, 1) = (0.5, −0.125).
TEST(FastSegmentCircle, FaceRegionAbove) {
  const Golden g{Status::contact, {0, 1}, {{{0.5, -0.125}, -0.25, fv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, 0.25}, {}}, g);
  expectRigidMotionInvariance(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, 0.25}, {}}, g,
                              {{-2, 9}, {0.6, 0.8}}, {}, 10.0);
}

// Circle r = 0.75 at (1.375, −0.5): vertex 1, offset (0.375, −0.5), length 0.625, normal
// (0.6, −0.8), separation −0.125; point = c + ½(0 − 0.75 − 0.625)·n = (0.9625, 0.05).
TEST(FastSegmentCircle, VertexRegionBeyondP2) {
  const Golden g{Status::contact, {0.6, -0.8}, {{{0.9625, 0.05}, -0.125, vv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.75}, {{1.375, -0.5}, {}}, g);
}

// Circle r = 0.625 at (1.375, −0.5): distance 0.625 exactly → touching, separation 0, point on
// p2 (1, 0). With r = 0.5: gap 0.125 → none (margin 0) or contact with margin 0.125.
TEST(FastSegmentCircle, TouchingTheEndpointExactly) {
  const Golden g{Status::contact, {0.6, -0.8}, {{{1, 0}, 0, vv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.625}, {{1.375, -0.5}, {}}, g);
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{1.375, -0.5}, {}}, noContact());
  const Golden margin{Status::contact, {0.6, -0.8}, {{{1.0375, -0.05}, 0.125, vv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{1.375, -0.5}, {}}, margin,
                 Options{0.125});
}

// Centre on the segment (0.25, 0): the fallback leftPerp = (0, 1), flagged; separation −0.5,
// point (0.25, 0) + ½(0 − 0.5)·(0, 1) = (0.25, −0.25).
TEST(FastSegmentCircle, CentreOnSegmentTakesLeftNormalFlagged) {
  const Golden g{Status::contact, {0, 1}, {{{0.25, -0.25}, -0.5, fv(1, 0)}}, kFlagDegenerateNormal};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{0.25, 0}, {}}, g);
  // The same under a rotation by 90° (exact): the fallback rotates with A.
  const Golden r{Status::contact, {-1, 0}, {{{0.25, 0.25}, -0.5, fv(1, 0)}}, kFlagDegenerateNormal};
  expectBothWays(kSegment, {{0, 0}, {0, 1}}, Circle{{0, 0}, 0.5}, {{0, 0.25}, {}}, r);
}

// Centre on the segment's line beyond p2, (1.25, 0): vertex 1, normal (1, 0), distance 0.25,
// separation −0.25, point (1.25, 0) + ½(0 − 0.5 − 0.25)·(1, 0) = (0.875, 0).
TEST(FastSegmentCircle, CentreOnTheLineBeyondAnEndpoint) {
  const Golden g{Status::contact, {1, 0}, {{{0.875, 0}, -0.25, vv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, Circle{{0, 0}, 0.5}, {{1.25, 0}, {}}, g);
}

// Centre 2^-140·(2, 1) beyond the end at the origin, r 0.5: in float |c − p|² = 2^-278 underflows
// to 0, so the vertex normal comes from the guarded normalisation (in double from the fast
// one); both ends are normalised side by side, and the unlikely path must still pick the right
// end. Normal (2, 1)/√5 = (0.894427191, 0.4472135955) from p2 (vertex 1), distance
// 2^-141·√5 ≈ 0, separation −0.5, point c + ½(0 − 0.5 − 0)·n = (−0.2236067977, −0.1118033989).
// Mirrored (segment (0, 0) → (1, 0), centre 2^-140·(−2, 1)): vertex 0, normal (−2, 1)/√5.
TEST(FastSegmentCircle, CentreWithinAnUnderflowOfEitherEndTakesThatEndsVertexNormal) {
  const double x = 0x1p-139;
  const double y = 0x1p-140;
  const Golden beyondP2{Status::contact,
                        {0.894427190999916, 0.447213595499958},
                        {{{-0.223606797749979, -0.111803398874989}, -0.5, vv(1, 0)}}};
  expectBothWays(Segment{{-1, 0}, {0, 0}}, kIdentity, Circle{{0, 0}, 0.5}, {{x, y}, {}}, beyondP2);
  const Golden beforeP1{Status::contact,
                        {-0.894427190999916, 0.447213595499958},
                        {{{0.223606797749979, -0.111803398874989}, -0.5, vv(0, 0)}}};
  expectBothWays(Segment{{0, 0}, {1, 0}}, kIdentity, Circle{{0, 0}, 0.5}, {{-x, y}, {}}, beforeP1);
}

// ---- segment_capsule ------------------------------------------------------------------------

// Capsule (−0.5, 0.3) → (0.5, 0.3), r 0.5, parallel above: SAT tie → the segment is the
// reference (face 1); the capsule lies within its extent: two points at the capsule's ends,
// separation 0.3 − 0.5 = −0.2, y = 0.3 + ½(0 − 0.5 − 0.3) = −0.1.
TEST(FastSegmentCapsule, ParallelCapsuleAboveTwoPoints) {
  const Capsule b{{-0.5, 0.3}, {0.5, 0.3}, 0.5};
  const Golden g{
      Status::contact, {0, 1}, {{{-0.5, -0.1}, -0.2, fv(1, 0)}, {{0.5, -0.1}, -0.2, fv(1, 1)}}};
  expectBothWays(kSegment, kIdentity, b, kIdentity, g);
  expectRigidMotionInvariance(kSegment, kIdentity, b, kIdentity, g, {{1, -1}, {0, -1}});
}

// A capsule standing on the segment's end: (1.25, 0.25) → (2, 1), r 0.5. Closest: the
// segment's p2 (1, 0) and the capsule's p1 (1.25, 0.25); the capsule projects beyond p2 → one
// vertex–vertex point: d = (0.25, 0.25), normal (1, 1)/√2, distance 0.25√2, separation
// 0.25√2 − 0.5, point = (1.25, 0.25) + ½(0 − 0.5 − 0.25√2)·n.
TEST(FastSegmentCapsule, CapsuleTipOffSegmentEnd) {
  const Capsule b{{1.25, 0.25}, {2, 1}, 0.5};
  const double d = 0.25 * std::sqrt(2.0);
  const double h = std::sqrt(0.5);
  const double along = 0.5 * (-0.5 - d) * h;
  const Golden g{Status::contact, {h, h}, {{{1.25 + along, 0.25 + along}, d - 0.5, vv(1, 0)}}};
  expectBothWays(kSegment, kIdentity, b, kIdentity, g);
}

// A zero-length capsule (0, −0.25), r 0.5, is segment–circle: face 0, normal (0, −1),
// separation −0.25, point (0, −0.25) + ½(−0.5 − 0.25)·(0, −1) = (0, 0.125).
TEST(FastSegmentCapsule, ZeroLengthCapsuleIsACircle) {
  const Capsule point{{0, -0.25}, {0, -0.25}, 0.5};
  const Golden g{Status::contact, {0, -1}, {{{0, 0.125}, -0.25, fv(0, 0)}}};
  expectBothWays(kSegment, kIdentity, point, kIdentity, g);
}

// The capsule's core crosses the segment: (0, −1) → (0, 1), r 0.25. The tie rules pick the
// segment's face 0 (normal (0, −1)); the capsule's p1 is 1 beyond it (dropped), p2 is 1 deep:
// separation −1.25, point (0, 1) + ½(−0.25 + 1)·(0, −1) = (0, 0.625), id (face 0, vertex 1).
TEST(FastSegmentCapsule, CapsuleCrossingTheSegment) {
  const Capsule b{{0, -1}, {0, 1}, 0.25};
  const Golden g{Status::contact, {0, -1}, {{{0, 0.625}, -1.25, fv(0, 1)}}};
  expectMatches(collide(kSegment, kIdentity, b, kIdentity), g, kTolDouble, "double A,B");
  expectMatches(collideFloat(kSegment, kIdentity, b, kIdentity), g, kTolFloat, "float A,B");
}

// Regression (fuzzing): the segment (−0.5, 0) → (0.5, 2^-1074) tilted by one subnormal, a
// capsule standing on it, (0.25, 0) → (0.25, 0.5), r 0.25. Exactly, the segment's end p2 lies
// 2^-1075 beyond the capsule's perpendicular at its p1, so the cores project onto each other
// and the clip gives one point on the segment's face 1 (normal up, separation −0.25). The
// projection onto p2 − p1 scaled by |d|² underflowed to 0 ("projects outside": one point below,
// the other face); on the unit axis it does not.
TEST(FastSegmentCapsule, SegmentTiltedByASubnormal) {
  const Segment s{{-0.5, 0}, {0.5, 0x1p-1074}};
  const Capsule b{{0.25, 0}, {0.25, 0.5}, 0.25};
  const Golden g{Status::contact, {0, 1}, {{{0.25, -0.125}, -0.25, fv(1, 0)}}};
  expectMatches(collide(s, kIdentity, b, kIdentity), g, kTolDouble, "double A,B");
  expectMatches(collide(b, kIdentity, s, kIdentity), swapGolden(g), kTolDouble, "double B,A");
}

// Regression (fuzzing): a segment 2^-51 long rounds to one point in float; the fraction on the
// capsule was left unclamped (−8.4) and the float engine reported a deep contact with a
// capsule 37 away. Now: no contact in either precision, both role orders.
TEST(FastSegmentCapsule, SegmentShorterThanFloatRoundingFarAway) {
  const Segment s{{-0x1.c2p+1, 0.5}, {-0x1.c1ffffffffffp+1, 0.5}};
  const Capsule b{{-0x1.38p+1, 0x1.fp-2}, {0x1.38p+1, 0x1.f000000000001p-2}, 0x1.fp-2};
  const Transform xfA{{-0x1.c58p+3, 0x1p-1074}, {0, -1}};
  const Transform xfB{{-0x1.c58p+3, -0x1.3dep+5}, {0, -1}};
  expectBothWays(s, xfA, b, xfB, noContact(), Options{0.421875});
  // Moved next to it: B's p1 0.25 beyond the segment's point along the capsule's axis (in A's
  // frame B spans x from 37.296875; a world move of +40.5625 in y is −40.5625 along A's x):
  // contact with the capsule's vertex 0, in both precisions.
  const Transform near{{-0x1.c58p+3, 0.828125}, {0, -1}};
  for (const Manifold& m : {collide(s, xfA, b, near), collideFloat(s, xfA, b, near)}) {
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    EXPECT_EQ(m.points[0].id.typeB, FeatureType::vertex) << describe(m);
    EXPECT_EQ(m.points[0].id.indexB, 0) << describe(m);
  }
}

// Regression (fuzzing): the capsule's core crosses the segment's line symmetrically, so the
// segment's two faces tie exactly in step K5. In A's frame: the segment (1.5, −0.75) →
// (−1.5, 0.75), direction d = (−3, 1.5), face 0 normal n = rightPerp(d)/|d| = (1, 2)/√5; the
// capsule (0.25, −0.25) → (−0.25, 0.25) (moved by xfB.p − xfA.p = (0.25, 0)), r 0.25. Heights
// w = (x − p1)·n: (−1.25, 0.5)·(1, 2)/√5 = −0.25/√5 and (−1.75, 1)·(1, 2)/√5 = +0.25/√5, so face
// 0 (min w) and face 1 (−max w) both separate by −0.25/√5 → face 0. The capsule's side
// separates by −0.75/√2 (smaller) → the segment is the reference. Both capsule ends project
// inside the segment (t = 3/√5 and 4.5/√5 of 7.5/√5): two points, separations ∓0.25/√5 − 0.25
// = −0.3618…, −0.1382…; point = x + ½(0 − 0.25 − w)·n, plus xfA.p = (55, −64). The rounded
// unit normal made w1 + w2 = −2^-55 and picked face 1 (normal and points flipped).
TEST(FastSegmentCapsule, CoreCrossingTheSegmentLineSymmetricallyTakesFaceZero) {
  const Segment s{{1.5, -0.75}, {-1.5, 0.75}};
  const Capsule b{{0, -0.25}, {-0.5, 0.25}, 0.25};
  const Transform xfA{{0x1.b8p+5, -0x1p+6}, {}};
  const Transform xfB{{0x1.bap+5, -0x1p+6}, {}};
  const double w = 0.25 / std::sqrt(5.0);
  const Vec2 n{1 / std::sqrt(5.0), 2 / std::sqrt(5.0)};
  const Vec2 x1 = Vec2{55.25, -64.25} + (0.5 * (-0.25 + w)) * n;
  const Vec2 x2 = Vec2{54.75, -63.75} + (0.5 * (-0.25 - w)) * n;
  const Golden g{Status::contact, n, {{x1, -w - 0.25, fv(0, 0)}, {x2, w - 0.25, fv(0, 1)}}};
  expectBothWays(s, xfA, b, xfB, g, {}, 64.0);
}

// Regression (fuzzing): the same symmetric crossing, the tie broken by a segment tilted by one
// subnormal: (−1.75, 0) → (1.75, −2^-1074), the capsule (1, −0.25) → (1, 0.25), r 0.5. Face 0's
// normal rightPerp(d)/|d| = (−2^-1074, −3.5)/3.5 rounds to (0, −1), and the heights ±0.25 tie
// in double; exactly, w1 + w2 = ((1, −0.25) + (1, 0.25) − 2·p1)·rightPerp(d)/|d| = (5.5, 0)·
// (−2^-1074, −3.5)/3.5 < 0 → face 1, normal (0, 1). Points: (1, −0.25) + ½(−0.5 + 0.25)·(0, 1)
// = (1, −0.375), separation −0.75, id (face 1, vertex 0); (1, 0.25) + ½(−0.5 − 0.25)·(0, 1) =
// (1, −0.125), separation −0.25, id (face 1, vertex 1). Double only: in float the tilt rounds
// away (the input itself is the untilted tie, face 0).
TEST(FastSegmentCapsule, CoreCrossingASegmentTiltedByASubnormalTakesTheExactSide) {
  const Segment s{{-1.75, 0}, {1.75, -0x1p-1074}};
  const Capsule b{{1, -0.25}, {1, 0.25}, 0.5};
  const Golden g{
      Status::contact, {0, 1}, {{{1, -0.375}, -0.75, fv(1, 0)}, {{1, -0.125}, -0.25, fv(1, 1)}}};
  expectMatches(collide(s, kIdentity, b, kIdentity), g, kTolDouble, "double A,B");
  expectMatches(collide(b, kIdentity, s, kIdentity), swapGolden(g), kTolDouble, "double B,A");
}

// Regression (fuzzing): the segment's end lies exactly on the capsule's end line. World: the
// capsule (47, −74) → (47, −73), r 4 (face 1, normal (−1, 0), faces the segment); the segment
// (−1, 0) → (0, 0) under q = (c, s) ≈ (0.8006, 0.5992) at (46.5, −73): p1 = (46.5 − c, −73 −
// s), p2 = (46.5, −73), on the line y = −73 through the capsule's p2. The capsule is the
// reference (its side separates by −0.5, the segment's by about −0.7); the segment projects
// onto its core at t = 1 − s and t = 1 = the extent exactly: nothing to clip, two points,
// heights 0.5 + c and 0.5: separations c − 3.5 and −3.5, points x + ½(4 − h)·(−1, 0), normal
// (1, 0), ids (segment vertex j, capsule face 1). Moved into A's frame, p2's projection rounds
// beyond the extent; the clipped end then "descended" and one vertex–vertex point was given.
TEST(FastSegmentCapsule, SegmentEndExactlyOnTheCapsulesEndLineKeepsTwoPoints) {
  const Segment s{{-1, 0}, {0, 0}};
  const Capsule b{{-0.5, -1}, {-0.5, 0}, 4};
  const double c = 0x1.99e3e104928a7p-1;
  const double sn = 0x1.32d010555710fp-1;
  const Transform xfA{{0x1.74p+5, -0x1.24p+6}, {c, sn}};
  const Transform xfB{{0x1.7cp+5, -0x1.24p+6}, {}};
  const Golden g{Status::contact,
                 {1, 0},
                 {{{46.5 - c - 0.5 * (3.5 - c), -73 - sn}, c - 3.5, vf(0, 1)},
                  {{44.75, -73}, -3.5, vf(1, 1)}}};
  expectBothWays(s, xfA, b, xfB, g, Options{0.5}, 64.0);
}

// ---- segment_polygon ------------------------------------------------------------------------

// Segment (−0.5, 0.9) → (0.5, 0.9) just inside the box's top: the segment's face 0 and the
// box's face 2 both separate by −0.1 → the segment is the reference (normal (0, −1)); the top
// edge of the box is clipped to the segment's extent at both ends: points (±0.5, 1) moved
// ½·0.1 down, separation −0.1, ids (vertex k of the segment, face 2 of the box).
TEST(FastSegmentPolygon, SegmentInsideTheTopFace) {
  const Segment s{{-0.5, 0.9}, {0.5, 0.9}};
  const Golden g{
      Status::contact, {0, -1}, {{{-0.5, 0.95}, -0.1, vf(0, 2)}, {{0.5, 0.95}, -0.1, vf(1, 2)}}};
  expectBothWays(s, kIdentity, kBox, kIdentity, g);
  expectRigidMotionInvariance(s, kIdentity, kBox, kIdentity, g, {{6, 1}, {0.6, 0.8}}, {}, 8.0);
}

// A long segment resting on the box's top, y = 1 exactly: both separate by 0 → the segment's
// face 0 is the reference; the box's top edge lies within the segment: points at the box's
// corners v3 (−1, 1) and v2 (1, 1), separation 0, ids (face 0 of the segment, vertex j).
TEST(FastSegmentPolygon, LongSegmentTouchingTheTopFace) {
  const Segment s{{-3, 1}, {3, 1}};
  const Golden g{Status::contact, {0, -1}, {{{-1, 1}, 0, fv(0, 3)}, {{1, 1}, 0, fv(0, 2)}}};
  expectBothWays(s, kIdentity, kBox, kIdentity, g);
}

// A segment pointing at the box's face: (1.25, 0) → (3, 0) is 0.25 away from face 1 → no
// contact; with margin 0.25 one point at the segment's p1... the box's face 1 is the reference
// (0.25 > the segment's faces, −1 and −1), the incident edge is the segment's face (either;
// the lower index, face 0), clipped to the face's extent [−1, 1] along y: both of the
// segment's ends project to y = 0 — the segment's p1 at x = 1.25 (separation 0.25, kept) and
// p2 at x = 3 (separation 2, dropped): point (1.25, 0) + ½(0 − 0 − 0.25)·(1, 0) = (1.125, 0).
TEST(FastSegmentPolygon, SegmentEndOnFaceWithinMargin) {
  const Segment s{{1.25, 0}, {3, 0}};
  expectBothWays(s, kIdentity, kBox, kIdentity, noContact());
  const Manifold m = collide(s, kIdentity, kBox, kIdentity, Options{0.25});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_NEAR(m.normal.x, -1, 1e-15);
  EXPECT_NEAR(m.points[0].point.x, 1.125, 1e-15);
  EXPECT_NEAR(m.points[0].point.y, 0, 1e-15);
  EXPECT_NEAR(m.points[0].separation, 0.25, 1e-15);
}

// Regression: a sliver triangle (0, 0), (−3.73, −2^-1074), (3.73, 0) under the segment (3,
// 1/8) → (1, 1/8) (face 1 faces down), margin 1/4. SAT: the segment's face 1 and the sliver's
// face 2 (v2 → v0, normal (0, 1)) both separate by 1/8 → the segment is the reference, normal
// (0, −1). Stage 3: face 0 (v0 → v1) has the unit normal (−2^-1074, 3.73)/|·|, which rounds to
// (0, 1), face 2's exactly; their dot products with (0, −1) tie in T, but exactly face 2's is
// the least (face 0 turns by 2^-1074/3.73): face 2, spanning x ∈ [0, 3.73], clipped to the
// segment's [1, 3]: points (3, 0) and (1, 0) moved ½·1/8 up, separation 1/8, ids (segment
// vertex 0 / 1, face 2). The lower index, face 0 (x ∈ [−3.73, 0]), does not overlap the
// segment: no contact was reported. In float the sliver is flat (v1 rounds to (−3.73, −0)) and
// the two faces tie exactly; the one overlapping the segment, face 2, is taken: the same.
TEST(FastSegmentPolygon, SliverFacesTiedInRoundingTakeTheExactlyAntiParallelOne) {
  const double x = 0x1.dd70a3d70a3d7p+1;  // 3.73
  const Polygon sliver = polygon({{0, 0}, {-x, -0x1p-1074}, {x, 0}});
  const Segment s{{3, 0.125}, {1, 0.125}};
  const Golden g{
      Status::contact, {0, -1}, {{{3, 0.0625}, 0.125, vf(0, 2)}, {{1, 0.0625}, 0.125, vf(1, 2)}}};
  expectBothWays(s, kIdentity, sliver, kIdentity, g, Options{0.25});
  // Across the sliver's middle, (2, 0) → (−1, 0) touching: face 2 is clipped at the segment's
  // vertex 0 (x = 2) and keeps its own end v0 (0, 0) (id: segment face 1, sliver vertex 0).
  // Double only: on the flat float sliver the segment's two faces tie too (either side).
  const Segment across{{2, 0}, {-1, 0}};
  const Golden mid{Status::contact, {0, -1}, {{{2, 0}, 0, vf(0, 2)}, {{0, 0}, 0, fv(1, 0)}}};
  expectMatches(collide(across, kIdentity, sliver, kIdentity), mid, kTolDouble, "double A,B");
  expectMatches(collide(sliver, kIdentity, across, kIdentity), swapGolden(mid), kTolDouble,
                "double B,A");
}

// Regression (fuzz): a sliver triangle v0 (0.140625, 0.2421875), v1 (0.28125, 0.484375), v2
// (0, 2^-1074) — v0 lies 2^-1074·0.14 off the line v2 → v1 — above the segment (−1, −0.140625)
// → (1, −0.140625), margin 0.421875. A's face 1 (normal (0, 1)) is the reference (separation
// 0.140625). Stage 3: the edges v2 → v0 (2) and v0 → v1 (0) have the same unit normal in T
// and tie exactly (in float the sliver is flat); exactly, the pair rises along (0, 1) and the
// left turn at v0 makes edge 0 steeper, so edge 2, holding the deeper end v2, is incident:
// points v2 (separation 0.140625, moved ½·0.140625 down to y = −0.0703125) and v0
// (separation 0.3828125, y = 0.2421875 − 0.19140625 = 0.05078125), ids (face 1, vertex 2 / 0).
// Edge 0 (equal overlap, lower index) was taken before: one point, v0, 0.3828125 deep, with v1
// (0.625) beyond the margin — the deepest point missed.
TEST(FastSegmentPolygon, SliverIncidentEdgesTiedInRoundingTakeTheOneWithTheDeeperEnd) {
  const Polygon sliver = polygon({{0.140625, 0.2421875}, {0.28125, 0.484375}, {0, 0x1p-1074}});
  const Segment s{{-1, -0.140625}, {1, -0.140625}};
  const Golden g{
      Status::contact,
      {0, 1},
      {{{0, -0.0703125}, 0.140625, fv(1, 2)}, {{0.140625, 0.05078125}, 0.3828125, fv(1, 0)}}};
  expectBothWays(s, kIdentity, sliver, kIdentity, g, Options{0.421875});
}

// The segment–polygon stages are specialised for the two-vertex polygon (twoVertexSat, and
// twoVertexFeatures: A's incident edge without a search); they must give bit for bit what
// polygon–polygon gives with the segment as a prepared polygon. Random pairs, then the exact
// tie of A's incident edge: B's reference face perpendicular to the segment (both of A's edge
// normals at dot product 0 with it), the box's right face crossed by the segment
// (0.5, 0) → (2, 0), under rotations by multiples of 90° (exact) and with the segment reversed.
template <class T>
void expectSame(const SegmentT<T>& a, const TransformT<T>& xfA, const PolygonT<T>& b,
                const TransformT<T>& xfB, T margin, int* contacts) {
  const ManifoldT<T> m = collideSegmentAndPolygon(a, xfA, b, xfB, margin);
  const ManifoldT<T> p = collidePolygons(asPolygon<T>(a), xfA, b, xfB, margin);
  *contacts += m.pointCount > 0;
  ASSERT_EQ(m.pointCount, p.pointCount);
  if (m.pointCount == 0) return;
  EXPECT_EQ(std::memcmp(&m.normal, &p.normal, sizeof m.normal), 0);
  for (int k = 0; k < m.pointCount; ++k) {
    EXPECT_EQ(std::memcmp(&m.points[k], &p.points[k], sizeof m.points[k]), 0);
  }
}

template <class T>
void expectSameAsPolygonPolygon() {
  int contacts = 0;
  for (const bench::PairCase& c : bench::makePairs(PairId::segment_polygon, 4000, 91)) {
    expectSame(prepare<T>(std::get<Segment>(c.a)), toT<T>(c.xfA),
               prepare<T>(std::get<Polygon>(c.b)), toT<T>(c.xfB), T(0.05), &contacts);
  }
  EXPECT_GT(contacts, 1200);
  EXPECT_LT(contacts, 2800);
  int tied = 0;
  const PolygonT<T> box = prepare<T>(kBox);
  const Rot quarterTurns[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (const Rot& q : quarterTurns) {
    for (const Segment& s : {Segment{{0.5, 0}, {2, 0}}, Segment{{2, 0}, {0.5, 0}}}) {
      const TransformT<T> xf = toT<T>(Transform{{0, 0}, q});
      expectSame(prepare<T>(s), xf, box, xf, T(0), &tied);
    }
  }
  EXPECT_EQ(tied, 8);  // every tie case touches (one point, the end inside the box)
}

TEST(FastSegmentPolygon, SpecialisedStagesMatchPolygonPolygonBitForBit) {
  expectSameAsPolygonPolygon<float>();
  expectSameAsPolygonPolygon<double>();
}

// The pair runs in an AVX2 build of the same code when the CPU has it (the run-time choice of
// collideSegmentAndPolygon); the portable SSE2 build must give the same bits, rounded polygons
// (stage 4's vertex–vertex point) and a margin included. On a CPU without AVX2 both calls run
// the portable build.
template <class T>
void expectBuildsAgree() {
  int contacts = 0;
  int k = 0;
  for (bench::PairCase c : bench::makePairs(PairId::segment_polygon, 4000, 92)) {
    std::get<Polygon>(c.b).radius = (k++ % 2) * 0.125;
    const SegmentT<T> a = prepare<T>(std::get<Segment>(c.a));
    const PolygonT<T> b = prepare<T>(std::get<Polygon>(c.b));
    const TransformT<T> xfA = toT<T>(c.xfA);
    const TransformT<T> xfB = toT<T>(c.xfB);
    const T margin = T(0.05);
    ManifoldT<T> portable;
    detail::cores::segmentPolygonPair(portable, a, xfA, b, xfB, margin);
    const ManifoldT<T> chosen = collideSegmentAndPolygon(a, xfA, b, xfB, margin);
    contacts += chosen.pointCount > 0;
    ASSERT_EQ(portable.pointCount, chosen.pointCount);
    EXPECT_EQ(portable.flags, chosen.flags);
    EXPECT_EQ(std::memcmp(&portable.normal, &chosen.normal, sizeof chosen.normal), 0);
    for (int i = 0; i < chosen.pointCount; ++i) {
      EXPECT_EQ(std::memcmp(&portable.points[i], &chosen.points[i], sizeof chosen.points[i]), 0);
    }
  }
  EXPECT_GT(contacts, 1400);
  EXPECT_LT(contacts, 3200);
}

TEST(FastSegmentPolygon, PortableAndAvx2BuildsAgreeBitForBit) {
  expectBuildsAgree<float>();
  expectBuildsAgree<double>();
}

}  // namespace
}  // namespace touche::fast::test
