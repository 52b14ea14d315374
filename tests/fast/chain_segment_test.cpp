// Golden cases for the fast engine's chain segment pairs
// (fast/include/touche/fast/chain_segment.h), in double and float, with A and B swapped. The chain
// runs along the x axis from p1 to p2, so its collision side (the right of p1 → p2) is below: face
// 0 with normal (0, −1). Expected values are derived in the comments
// (docs/derivations/chain-segment.md for the rules).
#include <cmath>
#include <string>
#include <vector>

#include "chain_support.h"
#include "expect.h"
#include "touche/test_support/scene_ops.h"

namespace touche::fast::test {
namespace {

/// Flat neighbours (collinear ghosts: neither corner convex).
const ChainSegment kShort{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
const ChainSegment kFlat{{-3, 0}, {-2, 0}, {2, 0}, {3, 0}};
/// ghost1 = (−2, 2): edge0 = (1, −2), cross(edge0, edge1) = 4 > 0: convex corner at p1.
const ChainSegment kConvexAtP1{{-2, 2}, {-1, 0}, {1, 0}, {2, 0}};
/// ghost1 = (−2, −1): edge0 = (1, 1), cross(edge0, edge1) = −2 < 0: concave corner at p1.
const ChainSegment kConcaveAtP1{{-2, -1}, {-1, 0}, {1, 0}, {2, 0}};
/// ghost2 = (2, 1): edge2 = (1, 1), cross(edge1, edge2) = 2 > 0: convex corner at p2.
const ChainSegment kConvexAtP2{{-2, 0}, {-1, 0}, {1, 0}, {2, 1}};
/// ghost2 = (2, −1): edge2 = (1, −1), cross(edge1, edge2) = −2 < 0: concave corner at p2.
const ChainSegment kConcaveAtP2{{-2, 0}, {-1, 0}, {1, 0}, {2, -1}};

using touche::test::at;

/// expectBothWays (expect.h) through the chain pairs' entry points.
void expectChain(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Golden& g, Options options = {}) {
  const Golden gs = swapGolden(g);
  expectMatches(collideChain(a, xfA, b, xfB, options), g, kTolDouble, "double A,B");
  expectMatches(collideChain(b, xfB, a, xfA, options), gs, kTolDouble, "double B,A");
  expectMatches(collideChainFloat(a, xfA, b, xfB, options), g, kTolFloat, "float A,B");
  expectMatches(collideChainFloat(b, xfB, a, xfA, options), gs, kTolFloat, "float B,A");
}

/// The same case turned by 90° about the origin, (x, y) → (−y, x): exact in float and double.
void expectChainTurned(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                       Golden g, Options options = {}) {
  const Rot quarter{0, 1};
  const auto turn = [&](const Transform& xf) {
    return Transform{rotate(quarter, xf.p), {-xf.q.s, xf.q.c}};
  };
  g.normal = rotate(quarter, g.normal);
  for (ManifoldPoint& p : g.points)
    p.point = rotate(quarter, p.point);
  expectChain(a, turn(xfA), b, turn(xfB), g, options);
}

void expectNone(const Shape& a, const Shape& b, const Transform& xfB, Options options = {}) {
  expectChain(a, at(0, 0), b, xfB, noContact(), options);
}

// --- circle ----------------------------------------------------------------------------------

TEST(FastChainCircle, ContactFromInFront) {
  // Circle r = 0.5 at (0, −0.25): interior region, normal (0, −1), separation −0.25, point
  // midway between y = 0 and the circle's near surface y = 0.25: (0, 0.125).
  const Golden g{Status::contact, {0, -1}, {{{0, 0.125}, -0.25, fv(0, 0)}}};
  expectChain(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.25), g);
  expectChainTurned(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.25), g);
}

TEST(FastChainCircle, FromBehindIsNoContact) {
  // The mirror image (centre (0, 0.25)) overlaps the line by the same amount but from behind.
  expectNone(kShort, Circle{{0, 0}, 0.5}, at(0, 0.25));
  expectNone(kShort, Circle{{0, 0}, 0.5}, at(0, 0x1p-40));  // a hair behind
}

TEST(FastChainCircle, CentreExactlyOnTheSegmentTakesTheFrontNormalFlagged) {
  // Centre (0.5, 0): no direction; front normal (0, −1), flagged; separation −0.5; point
  // c + ½(0 − 0.5 − 0)·(0, −1) = (0.5, 0.25).
  Golden g{Status::contact, {0, -1}, {{{0.5, 0.25}, -0.5, fv(0, 0)}}, kFlagDegenerateNormal};
  expectChain(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0), g);
  expectChainTurned(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0.5, 0), g);
}

TEST(FastChainCircle, CentreExactlyOnTheEndpointTakesTheFrontNormalFlagged) {
  // Centre on p2 = (1, 0) with a convex next piece: the vertex region, zero direction → the
  // front normal, flagged; point (1, 0.25), separation −0.5, id (vertex 1, vertex 0).
  Golden g{Status::contact, {0, -1}, {{{1, 0.25}, -0.5, vv(1, 0)}}, kFlagDegenerateNormal};
  expectChain(kConvexAtP2, at(0, 0), Circle{{0, 0}, 0.5}, at(1, 0), g);
}

TEST(FastChainCircle, ConvexGhostCornerGivesTheVertex) {
  // Centre (−1.25, −0.25) is before p1 (v = 2·(−0.25) < 0); the convex previous piece turns
  // away: dot(edge0, c − p1) = (1)(−0.25) + (−2)(−0.25) = 0.25 > 0 → vertex p1. Direction
  // (−0.25, −0.25): normal (−√½, −√½), distance √0.125, separation √0.125 − 0.5; point
  // c + ½(−0.5 − √0.125)·n = (−1.25 + ½(0.5 + √0.125)√½, −0.25 + ½(0.5 + √0.125)√½).
  const double d = std::sqrt(0.125);
  const double k = 0.5 * (0.5 + d) * std::sqrt(0.5);
  const Golden g{Status::contact,
                 {-std::sqrt(0.5), -std::sqrt(0.5)},
                 {{{-1.25 + k, -0.25 + k}, d - 0.5, vv(0, 0)}}};
  expectChain(kConvexAtP1, at(0, 0), Circle{{0, 0}, 0.5}, at(-1.25, -0.25), g);
  expectChainTurned(kConvexAtP1, at(0, 0), Circle{{0, 0}, 0.5}, at(-1.25, -0.25), g);
}

TEST(FastChainCircle, ConcaveAndFlatGhostCornersBelongToTheNeighbour) {
  // Same centre with a concave previous piece: dot((1, 1), (−0.25, −0.25)) = −0.5 ≤ 0 → the
  // previous piece owns it; flat: dot((1, 0), ·) = −0.25 ≤ 0 → owned too. Although the circle
  // overlaps p1 by 0.15, no contact.
  expectNone(kConcaveAtP1, Circle{{0, 0}, 0.5}, at(-1.25, -0.25));
  expectNone(kShort, Circle{{0, 0}, 0.5}, at(-1.25, -0.25));
  // After p2 the rule is strict the other way: dot(edge2, c − p2) > 0 → the next piece owns.
  // Concave next piece (1, −1): dot with (0.25, −0.25) = 0.5 > 0 → none.
  expectNone(kConcaveAtP2, Circle{{0, 0}, 0.5}, at(1.25, -0.25));
}

TEST(FastChainCircle, ConvexCornerAtP2OnTheConeBoundaryIsOwned) {
  // Centre (1.25, −0.25) after p2, next piece (1, 1): dot((1, 1), (0.25, −0.25)) = 0, not > 0
  // → vertex p2: normal (√½, −√½), separation √0.125 − 0.5, point (1.25 − k, −0.25 + k).
  const double d = std::sqrt(0.125);
  const double k = 0.5 * (0.5 + d) * std::sqrt(0.5);
  const Golden g{Status::contact,
                 {std::sqrt(0.5), -std::sqrt(0.5)},
                 {{{1.25 - k, -0.25 + k}, d - 0.5, vv(1, 0)}}};
  expectChain(kConvexAtP2, at(0, 0), Circle{{0, 0}, 0.5}, at(1.25, -0.25), g);
}

TEST(FastChainCircle, ApartWithinTheMargin) {
  // Centre (0, −0.75), r = 0.5: separation 0.25, kept at margin 0.25 (boundary), dropped at 0.
  const Golden g{Status::contact, {0, -1}, {{{0, -0.125}, 0.25, fv(0, 0)}}};
  expectChain(kShort, at(0, 0), Circle{{0, 0}, 0.5}, at(0, -0.75), g, Options{0.25});
  expectNone(kShort, Circle{{0, 0}, 0.5}, at(0, -0.75));
}

// --- polygon ---------------------------------------------------------------------------------

const Polygon kBox = polygon({{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}});

TEST(FastChainPolygon, BoxFaceParallelToTheSegmentPushedInFromTheFront) {
  // Box at (0, −0.375): top face y = 0.125 crosses the chain → SAT; the segment axis separates
  // by −0.125, every box face snaps (flat corners) → the segment face is the reference, the
  // box's top face (2) incident and inside [−2, 2]: points vertex 3 then vertex 2 at midway
  // height 0.0625, separation −0.125.
  const Golden g{Status::contact,
                 {0, -1},
                 {{{-0.5, 0.0625}, -0.125, fv(0, 3)}, {{0.5, 0.0625}, -0.125, fv(0, 2)}}};
  expectChain(kFlat, at(0, 0), kBox, at(0, -0.375), g);
  expectChainTurned(kFlat, at(0, 0), kBox, at(0, -0.375), g);
}

TEST(FastChainPolygon, BoxFromBehindIsNoContact) {
  expectNone(kFlat, kBox, at(0, 0.375));
  expectNone(kConvexAtP1, kBox, at(0, 0.375));  // centroid behind the convex neighbour too
}

TEST(FastChainPolygon, FaceParallelApartTiesEdgeVertexAndVertexEdge) {
  // Box half-width 2 at (0, −0.75): its top face y = −0.25 runs under the whole segment
  // (p1 = (−1, 0), p2 = (1, 0)). Closest features: p1 to face 2 (vertex–edge) at 0.25; the box
  // vertices lie beyond the ends. Face 2's normal (0, 1) reversed is (0, −1) = the segment
  // normal: flat corner at p1 → snap → face 2 is incident to the segment face, clipped at both
  // side planes: (vertex 0, face 2) at (−1, −0.125) and (vertex 1, face 2) at (1, −0.125),
  // separation 0.25 (margin 0.5).
  const Polygon wide = polygon({{-2, -0.5}, {2, -0.5}, {2, 0.5}, {-2, 0.5}});
  const Golden g{
      Status::contact, {0, -1}, {{{-1, -0.125}, 0.25, vf(0, 2)}, {{1, -0.125}, 0.25, vf(1, 2)}}};
  expectChain(kShort, at(0, 0), wide, at(0, -0.75), g, Options{0.5});
  // With a convex corner at p1 the reversed face normal lies inside p1's cone (cross with
  // n0 = (−2, −1)/√5 is −2/√5 < 0) → admitted: face 2 is the reference and the segment is clipped
  // to it: both chain vertices inside, the same points and ids after the roles are swapped back.
  expectChain(kConvexAtP1, at(0, 0), wide, at(0, -0.75), g, Options{0.5});
  expectChainTurned(kConvexAtP1, at(0, 0), wide, at(0, -0.75), g, Options{0.5});
}

TEST(FastChainPolygon, TipBelowWithinTheMargin) {
  // Diamond at (0, −1.25): tip (0, −0.25) 0.25 below the interior (edge–vertex). Incident
  // face 2 (faces 1 and 2 tie; tie → the face starting at the tip); its far end is 1.25 away
  // (dropped at margin 0.5): one point (0, −0.125), separation 0.25, id (face 0, vertex 2).
  const Polygon diamond = polygon({{0, -1}, {1, 0}, {0, 1}, {-1, 0}});
  expectNone(kFlat, diamond, at(0, -1.25));
  const Golden g{Status::contact, {0, -1}, {{{0, -0.125}, 0.25, fv(0, 2)}}};
  expectChain(kFlat, at(0, 0), diamond, at(0, -1.25), g, Options{0.5});
}

TEST(FastChainPolygon, ConvexGhostCornerAdmitsVertexToVertexOnTheConeBoundary) {
  // Triangle tip (1.5, −0.5) beyond p2 with the next piece rising (convex): normal (1, −1)/√2,
  // exactly on the boundary of p2's cone (cross(n2, n) = 0) → admitted: one vertex–vertex
  // point midway (1.25, −0.25), separation √0.5, id (vertex 1, vertex 0); margin 1.
  const Polygon tip = polygon({{1.5, -0.5}, {2, -2}, {2.5, -1}});
  const Golden g{Status::contact,
                 {std::sqrt(0.5), -std::sqrt(0.5)},
                 {{{1.25, -0.25}, std::sqrt(0.5), vv(1, 0)}}};
  expectChain(kConvexAtP2, at(0, 0), tip, at(0, 0), g, Options{1});
  expectChainTurned(kConvexAtP2, at(0, 0), tip, at(0, 0), g, Options{1});
  // A concave or flat next piece snaps the normal to the segment's; the incident edge at the
  // tip lies beyond p2 along the segment, so clipping leaves nothing: no contact.
  expectNone(kConcaveAtP2, tip, at(0, 0), Options{1});
  expectNone(kShort, tip, at(0, 0), Options{1});
}

TEST(FastChainPolygon, ConvexGhostCornerSkipsAFaceOutsideItsCone) {
  // Box half-extent 0.25 at (1.5, 0): its left face is 0.25 from p2 with normal (1, 0) from
  // the chain, outside p2's cone (cross(n2, n) = √½ > 0) → skipped: none even at margin 0.5.
  const Polygon small = polygon({{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}});
  expectNone(kConvexAtP2, small, at(1.5, 0), Options{0.5});
}

TEST(FastChainPolygon, ConvexNextPieceOwnsABoxAcrossTheJoint) {
  // Box half-extent 0.25 at (1.1875, −0.0625): x in [0.9375, 1.4375], y in [−0.3125, 0.1875];
  // the segment crosses its left face → SAT. Segment axis: the top vertices are 0.1875 behind
  // the line (separation −0.1875, incident vertex 2). With a flat next piece nothing else
  // competes (every reversed box normal snaps): the top face (vertex 2 → 3) is incident,
  // clipped at p2's side plane: (face 0, vertex 3) at (0.9375, 0.1875) and (vertex 1, face 2)
  // at (1, 0.1875), both separation −0.1875, points midway to y = 0.09375.
  const Polygon small = polygon({{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}});
  const Golden g{Status::contact,
                 {0, -1},
                 {{{0.9375, 0.09375}, -0.1875, fv(0, 3)}, {{1, 0.09375}, -0.1875, vf(1, 2)}}};
  expectChain(kShort, at(0, 0), small, at(1.1875, -0.0625), g);
  // A convex next piece (normal (1, −1)/√2 from p2): its axis separates the box by only
  // (−0.0625 − 0.1875)/√2 ≈ −0.177 > −0.1875 → the neighbour owns the box: none.
  expectNone(kConvexAtP2, small, at(1.1875, -0.0625));
}

TEST(FastChainPolygon, ConcaveGhostCornerSnapsAFaceToTheSegment) {
  // Wedge (−0.5, −1), (−2, −0.25), (−2, −1.5): face 0 (outward ∝ (1, 2)) is closest to p1
  // (vertex–edge, 1.5/√5). Concave previous piece → the normal snaps: face 0 is incident to
  // the segment face, clipped at p1: (−1, −0.75) moved to (−1, −0.375), separation 0.75, id
  // (vertex 0, face 0); its end (−0.5, −1) → (−0.5, −0.5), separation 1, id (face 0, vertex 0).
  const Polygon wedge = polygon({{-0.5, -1}, {-2, -0.25}, {-2, -1.5}});
  const Golden g{
      Status::contact, {0, -1}, {{{-1, -0.375}, 0.75, vf(0, 0)}, {{-0.5, -0.5}, 1.0, fv(0, 0)}}};
  expectChain(kConcaveAtP1, at(0, 0), wedge, at(0, 0), g, Options{1});
  expectChain(kShort, at(0, 0), wedge, at(0, 0), g, Options{1});
  expectChainTurned(kConcaveAtP1, at(0, 0), wedge, at(0, 0), g, Options{1});
  // A convex previous piece coming down from (−2, 1) admits face 0's normal, but that
  // neighbour's normal (−1, −1)/√2 is more anti-parallel to the face (−3/√10 < −2/√5) → the
  // neighbour owns it: none.
  const ChainSegment down{{-2, 1}, {-1, 0}, {1, 0}, {2, 0}};
  expectNone(down, wedge, at(0, 0), Options{1});
}

TEST(FastChainPolygon, SegmentLyingAlongAPolygonFaceTouchesAtSeparationZero) {
  // The segment p1 = (0.5, 0) → p2 = (−0.5, 0) lies inside the triangle's face 2, (−1, 0) →
  // (2, 0), with the triangle in front (the right of p1 → p2 is y > 0). No end crosses a face
  // strictly and no triangle vertex projects inside the segment; each end lies ON face 2
  // (height 0), which must count as a vertex–edge candidate at distance 0 → SAT. There the
  // segment axis separates by 0 (incident vertex 0 or 2), face 2's reversed normal (0, 1)
  // snaps at the concave corner at p1 (cross((−0.5, −0.75), (−1, 0)) = −0.75 < 0) and the
  // flat one at p2, the other faces look away → the segment face is the reference, normal
  // (0, 1), face 2 incident. Clipped along the tangent (−1, 0): its end (2, 0) is moved to p1,
  // its end (−1, 0) to p2: (0.5, 0) id (vertex 0, face 2) first, then (−0.5, 0) id (vertex 1,
  // face 2), separation 0 at any margin ≥ 0 (the reference's answer).
  const ChainSegment chain{{1, 0.75}, {0.5, 0}, {-0.5, 0}, {-1.5, 0}};
  const Polygon triangle = polygon({{2, 0}, {1.25, 1.25}, {-1, 0}});
  const Golden g{Status::contact, {0, 1}, {{{0.5, 0}, 0.0, vf(0, 2)}, {{-0.5, 0}, 0.0, vf(1, 2)}}};
  for (double margin : {0.0, 0.25}) {
    expectChain(chain, at(0, 0), triangle, at(0, 0), g, Options{margin});
    expectChainTurned(chain, at(0, 0), triangle, at(0, 0), g, Options{margin});
  }
}

// --- capsule ---------------------------------------------------------------------------------

TEST(FastChainCapsule, CapsuleParallelUnderTheChain) {
  // Core (−0.5, 0)–(0.5, 0), r = 0.25, at (0, −0.125): both core vertices 0.125 below the
  // interior (edge–vertex, vertex 0 first); incident face 1 (upper side). Points vertex 0 then
  // 1, separation 0.125 − 0.25 = −0.125, midway between y = 0 and y = 0.125.
  const Capsule capsule{{-0.5, 0}, {0.5, 0}, 0.25};
  const Golden g{Status::contact,
                 {0, -1},
                 {{{-0.5, 0.0625}, -0.125, fv(0, 0)}, {{0.5, 0.0625}, -0.125, fv(0, 1)}}};
  expectChain(kFlat, at(0, 0), capsule, at(0, -0.125), g);
  expectChainTurned(kFlat, at(0, 0), capsule, at(0, -0.125), g);
  expectNone(kFlat, capsule, at(0, 0.125));  // from behind
}

TEST(FastChainCapsule, ZeroLengthCapsuleIsACircle) {
  const Capsule dot{{0, 0}, {0, 0}, 0.5};
  const Golden g{Status::contact, {0, -1}, {{{0, 0.125}, -0.25, fv(0, 0)}}};
  expectChain(kShort, at(0, 0), dot, at(0, -0.25), g);
}

TEST(FastChainCapsule, ConvexGhostCornerVertexToVertex) {
  // Core (1.5, −0.5)–(2.5, −1.5), r = 0.1, beyond the convex corner at p2: closest p2 and core
  // vertex 0, normal (1, −1)/√2 on the cone boundary → admitted. Distance √0.5, separation
  // √0.5 − 0.1, point (1.5, −0.5) + ½(−0.1 − √0.5)·n.
  const Capsule capsule{{1.5, -0.5}, {2.5, -1.5}, 0.1};
  const double h = std::sqrt(0.5);
  const double k = 0.5 * (0.1 + h) * h;
  const Golden g{Status::contact, {h, -h}, {{{1.5 - k, -0.5 + k}, h - 0.1, vv(1, 0)}}};
  expectChain(kConvexAtP2, at(0, 0), capsule, at(0, 0), g, Options{1});
  expectNone(kConcaveAtP2, capsule, at(0, 0), Options{1});
}

// --- regressions (fuzz/regressions/chainSegment_*.jsonl) --------------------------------------

/// Status and feature ids of (a, b) and (b, a), double and float.
void expectIds(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
               Options options, Status status, std::vector<FeatureId> ids) {
  for (bool useFloat : {false, true}) {
    for (bool swap : {false, true}) {
      const Manifold m = useFloat ? (swap ? collideChainFloat(b, xfB, a, xfA, options)
                                          : collideChainFloat(a, xfA, b, xfB, options))
                                  : (swap ? collideChain(b, xfB, a, xfA, options)
                                          : collideChain(a, xfA, b, xfB, options));
      SCOPED_TRACE(std::string(useFloat ? "float" : "double") + (swap ? " B,A: " : " A,B: ") +
                   describe(m));
      ASSERT_EQ(m.status, status);
      ASSERT_EQ(m.pointCount, static_cast<int>(ids.size()));
      for (int k = 0; k < m.pointCount; ++k)
        EXPECT_EQ(m.points[k].id, swap ? swapped(ids[k]) : ids[k]);
    }
  }
}

TEST(FastChainRegression, LargeCoordinatesDoNotOverflowTheSquaredDistanceInFloat) {
  // Coordinates near 2^40: the capsule core lies 2^30 in front of the segment's interior with
  // radius 2^32 (separation −3·2^30). The squared edge–vertex distance once came from
  // cross²/|e|², a fourth power that overflows float (≈ 2^150) and lost the contact.
  const ChainSegment chain{{-0x1.77p+36, 0x1.44p+36},
                           {-0x1.6ap+35, -0x1.8p+31},
                           {0x1.9ep+35, -0x1.8p+31},
                           {0x1.298p+37, -0x1.8p+31}};
  const Capsule capsule{{-0x1p+2, -0x1p+32}, {-0x1p+33, -0x1p+32}, 0x1p+32};
  expectIds(chain, {{-0x1p+40, -0x1p+40}, {1, 0}}, capsule, {{-0x1.fb2p+39, -0x1p+40}, {1, 0}}, {},
            Status::contact, {fv(0, 1), fv(0, 0)});
}

TEST(FastChainRegression, GhostASubnormalOffTheLineDecidesTheConvexCone) {
  // ghost1 and p1 lie 2^-1073 and 2^-1074 above the line through p2: a convex corner at p1
  // whose cone excludes the polygon's face normal (0, 1) by that subnormal angle → skip, no
  // contact. A unit neighbour normal rounds the subnormal component away (cross = 0 → admit);
  // the unnormalised edge keeps it.
  const ChainSegment chain{{0x1.874166p+2, 0x0.0000000000002p-1022},
                           {0x1.04d644p+1, 0x0.0000000000001p-1022},
                           {0x1.a846600dedf5bp-386, 0},
                           {-0x1.874166p+2, -0x0.0000000000001p-1022}};
  const Polygon wedge = polygon({{-0x1.7606e8p+0, 0x1.ec7cep+0},
                                 {-0x1.353574p+1, 0},
                                 {0x1.353574p+1, 0},
                                 {0x1.31a418p+1, 0x1.76b1ap-2},
                                 {0x1.2ddeacp+1, 0x1.0bdf1p-1},
                                 {-0x1.7c24cp-2, 0x1.31892cp+1}});
  const Manifold m = collideChain(chain, {{0x1.0d0d0cfffffb3p+4, -0x1.0d0d0dp+4}, {0, -1}}, wedge,
                                  {{0x1.0d0d0dp+4, -0x1.1de69fp+4}, {0, -1}}, Options{0x1p-7});
  EXPECT_EQ(m.status, Status::noContact) << describe(m);
}

TEST(FastChainRegression, CircleCentreATinyDistanceBehindFarFromTheOrigin) {
  // The centre is 2^-472 behind the line y = 0 of A's frame, both bodies near (−30, −64): the
  // world centre rounds onto the line (then the front normal, a contact), the relative
  // transform keeps it behind.
  const ChainSegment chain{
      {0x1.ap+1, 0x1p+1}, {0x1.6p+0, 0}, {-0x1.6p+0, 0}, {-0x1.e8p+1, 0x1.4p+0}};
  const Circle circle{{0, -0x1.0d121ff4f6d89p-472}, 0x1.7p+0};
  const Manifold m =
      collideChain(chain, {{-0x1.cep+4, -0x1p+6}, {1, 0}}, circle, {{-0x1.e1p+4, -0x1p+6}, {1, 0}});
  EXPECT_EQ(m.status, Status::noContact) << describe(m);
}

TEST(FastChainRegression, CapsuleCentroidAHalfUlpBehindTheLine) {
  // The capsule core runs from (44, 0) to (60, −2^-51) in A's frame (one end tilted by an ulp
  // of 4 in B's frame): its midpoint (52, −2^-52) is behind the line y = 0, and both flat
  // neighbours say behind → none. Taken in B's frame first, the midpoint's y = 4 − 2^-52 rounds
  // to 4 (a tie to even) and lands on the line.
  const ChainSegment chain{{156, 0}, {52, 0}, {-52, 0}, {-156, 0}};
  const Capsule capsule{{-8, 4}, {8, 0x1.fffffffffffffp+1}, 4};
  const Manifold m = collideChain(chain, {{844, 864}, {1, 0}}, capsule, {{896, 860}, {1, 0}});
  EXPECT_EQ(m.status, Status::noContact) << describe(m);
}

TEST(FastChainRegression, CapsuleCentroidBehindASegmentTiltedByASubnormal) {
  // p1 = (4, 2^-1074): the line through p2 = (−4, 0) passes 2^-1078 above the capsule's
  // centroid (−3.5, 0) in A's frame, so it is behind; both corners (concave, flat) agree → none.
  // The side test's product 2^-1074·7.5 rounds to 2^-1074·8 and cancels to 0 (on the line) unless
  // the factors are scaled out of the subnormal range first.
  const ChainSegment chain{
      {12, 1.25}, {4, 0x0.0000000000001p-1022}, {-4, 0}, {-12, -0x0.0000000000001p-1022}};
  const Capsule capsule{{0, 0.25}, {0, 0.75}, 0.25};
  const Manifold m = collideChain(chain, {{-56, -62}, {1, 0}}, capsule, {{-59.5, -62.5}, {1, 0}});
  EXPECT_EQ(m.status, Status::noContact) << describe(m);
}

TEST(FastChainRegression, SegmentShorterThanFloatRoundingClipsBothEndsOntoIt) {
  // p1 = (2^-761·1.69, −0.25), p2 = (−0, −0.25): in float the segment has length 0. Its face
  // still has the direction of its double normal; the octagon's face 4 crosses it, and both of
  // its ends are clipped onto the segment's one point: ids (vertex 0, face 4), (vertex 1, face 4).
  const ChainSegment chain{
      {-0x1.dp-1, 0x1.8p-5}, {0x1.af801p-761, -0x1p-2}, {-0.0, -0x1p-2}, {0x1.1p-2, -0x1.58p-1}};
  const Polygon octagon = polygon({{0x1.38p+0, -0x1.3p-2},
                                   {-0x1.7p-2, 0x1.f4p+0},
                                   {-0x1.02p+1, 0x1.f8p+0},
                                   {-0x1.cep+1, 0x1.2p-3},
                                   {-0x1.4ep+1, -0x1.2ap+1},
                                   {-0x1.cp-3, -0x1.46p+1},
                                   {0x1.08p+0, -0x1.4p+0},
                                   {0x1.3p+0, -0x1.7p-1}});
  expectIds(chain, {{0x1.68p+4, 0x1.9ap+4}, {1, 0}}, octagon, {{0x1.8b4p+4, 0x1.9b8p+4}, {1, 0}},
            {}, Status::contact, {vf(0, 4), vf(1, 4)});
  const Manifold m = collideChainFloat(chain, {{0x1.68p+4, 0x1.9ap+4}, {1, 0}}, octagon,
                                       {{0x1.8b4p+4, 0x1.9b8p+4}, {1, 0}});
  EXPECT_NEAR(m.points[0].point.x, 22.5, 1e-5) << describe(m);
  EXPECT_NEAR(m.points[1].point.x, 22.5, 1e-5) << describe(m);
}

TEST(FastChainRegression, PolygonSmallerThanFloatRoundingOfItsPositionKeepsItsCentroid) {
  // A rounded polygon 2^-32 across whose centroid lies 2^-10 behind the segment's line (both
  // corners concave → none). Moved into A's frame in float its vertices collapse (area 0, the
  // centroid was 0/0 and no side); the centroid's offset is taken in B's own frame instead.
  const ChainSegment chain{
      {0x1.74p-32, -0x1.4p-34}, {0x1p-33, 0}, {0x1.34p+2, 0}, {-0x1.2p-32, -0x1.9p-33}};
  const Polygon tiny = polygon(
      {{0x1.f8p-33, 0}, {0x1.7p-34, 0x1.d8p-33}, {0x1p-34, 0x1.e8p-33}, {-0x1.f8p-33, 0}}, 0.5);
  expectIds(chain, {{0x1.3p+1, 0x1.fcp-11}, {-1, 0}}, tiny, {{0x1.c6cp-27, 0x1.fcp-27}, {-1, 0}},
            {}, Status::noContact, {});
}

}  // namespace
}  // namespace touche::fast::test
