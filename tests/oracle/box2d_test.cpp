// Box2D 2.4.1 adapter: golden manifolds derived by hand from b2Collide* and
// b2WorldManifold::Initialize, each repeated with A and B swapped.
#include <gtest/gtest.h>

#include <cmath>

#include "touche/oracle/box2d.h"
#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/scene_ops.h"

namespace touche::oracle {
namespace {

constexpr double kFloatTol = 1e-6;  // inputs and outputs pass through float

const Transform kIdentity{};
using test::at;

void expectPoint(const ManifoldPoint& p, Vec2 point, double separation) {
  EXPECT_NEAR(p.point.x, point.x, kFloatTol);
  EXPECT_NEAR(p.point.y, point.y, kFloatTol);
  EXPECT_NEAR(p.separation, separation, kFloatTol);
}

FeatureId id(FeatureType ta, int ia, FeatureType tb, int ib) {
  return {ta, static_cast<std::uint8_t>(ia), tb, static_cast<std::uint8_t>(ib)};
}
constexpr FeatureType kFace = FeatureType::face;
constexpr FeatureType kVertex = FeatureType::vertex;

TEST(Box2dAdapter, TwoBoxesParallelFacesTieKeepsFaceOfA) {
  // Box half 1 at the origin, box half 0.5 at (0.25, 1.4): sepA (A's top, face 2) = −0.1 and
  // sepB (B's bottom, face 0) = −0.1 tie, so A's face 2 is the reference. B's bottom edge
  // lies inside A's top face: both vertices survive clipping, at y = 0.9; the midpoint with
  // A's surface y = 1 is y = 0.95.
  const Manifold m = box2d::collide(makeBox(1, 1), kIdentity, makeBox(0.5, 0.5), at(0.25, 1.4));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.x, 0.0, kFloatTol);
  EXPECT_NEAR(m.normal.y, 1.0, kFloatTol);
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-0.25, 0.95}, -0.1);
  expectPoint(m.points[1], {0.75, 0.95}, -0.1);
  EXPECT_EQ(m.points[0].id, id(kFace, 2, kVertex, 0));
  EXPECT_EQ(m.points[1].id, id(kFace, 2, kVertex, 1));
}

TEST(Box2dAdapter, TwoBoxesSwappedClipsTheBigFaceToTheSmallOne) {
  // Swapped: the tie keeps the small box's bottom (face 0) as reference; the big box's top
  // edge (face 2, from (1, 1) to (−1, 1)) is clipped at x = −0.25 (reference vertex 0) and
  // x = 0.75 (reference vertex 1): ids (vertex k on A, face 2 on B).
  const Manifold m = box2d::collide(makeBox(0.5, 0.5), at(0.25, 1.4), makeBox(1, 1), kIdentity);
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.x, 0.0, kFloatTol);
  EXPECT_NEAR(m.normal.y, -1.0, kFloatTol);
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {-0.25, 0.95}, -0.1);
  expectPoint(m.points[1], {0.75, 0.95}, -0.1);
  EXPECT_EQ(m.points[0].id, id(kVertex, 0, kFace, 2));
  EXPECT_EQ(m.points[1].id, id(kVertex, 1, kFace, 2));
}

TEST(Box2dAdapter, SkinAddsPolygonRadiusToEachBox) {
  // box2d_skin: both boxes carry 0.01f, so the same pair overlaps by 0.1 + 0.02.
  const Manifold m =
      box2d::collideWithSkin(makeBox(1, 1), kIdentity, makeBox(0.5, 0.5), at(0.25, 1.4));
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_NEAR(m.points[0].separation, -0.12, kFloatTol);
  EXPECT_NEAR(m.points[0].point.y, 0.95, kFloatTol);  // midway between 1.01 and 0.89
}

TEST(Box2dAdapter, CircleCircleMidpointAndBothOrders) {
  // Unit circles 1.5 apart: surfaces at x = 1 (A) and x = 0.5 (B), midpoint 0.75, sep −0.5.
  for (bool swap : {false, true}) {
    const Manifold m =
        swap ? box2d::collide(Circle{{0, 0}, 1}, at(1.5, 0), Circle{{0, 0}, 1}, kIdentity)
             : box2d::collide(Circle{{0, 0}, 1}, kIdentity, Circle{{0, 0}, 1}, at(1.5, 0));
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_NEAR(m.normal.x, swap ? -1.0 : 1.0, kFloatTol);
    EXPECT_NEAR(m.normal.y, 0.0, kFloatTol);
    ASSERT_EQ(m.pointCount, 1);
    expectPoint(m.points[0], {0.75, 0}, -0.5);
    EXPECT_EQ(m.points[0].id, id(kVertex, 0, kVertex, 0));  // circle manifolds: key 0
  }
}

TEST(Box2dAdapter, ConcentricCirclesUseWorldXAxis) {
  // b2WorldManifold::Initialize: centres closer than b2_epsilon give normal (1, 0) in world,
  // whatever A's rotation. Point: pA + ½(rA − rB)·n = (0.25, 0); separation −(1 + 0.5).
  const Transform rotated{{0, 0}, rotFromAngle(0.3)};
  const Manifold m = box2d::collide(Circle{{0, 0}, 1}, rotated, Circle{{0, 0}, 0.5}, kIdentity);
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.normal.x, 1.0);
  EXPECT_EQ(m.normal.y, 0.0);
  expectPoint(m.points[0], {0.25, 0}, -1.5);
}

TEST(Box2dAdapter, PolygonCircleFaceRegionBothOrders) {
  // Box half 1, circle r 0.5 at (0.25, 1.25): face 2 (top), surfaces at y = 1 and y = 0.75,
  // midpoint y = 0.875, separation −0.25.
  for (bool swap : {false, true}) {
    const Polygon box = makeBox(1, 1);
    const Circle circle{{0, 0}, 0.5};
    const Manifold m = swap ? box2d::collide(circle, at(0.25, 1.25), box, kIdentity)
                            : box2d::collide(box, kIdentity, circle, at(0.25, 1.25));
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_NEAR(m.normal.x, 0.0, kFloatTol);
    EXPECT_NEAR(m.normal.y, swap ? -1.0 : 1.0, kFloatTol);
    ASSERT_EQ(m.pointCount, 1);
    expectPoint(m.points[0], {0.25, 0.875}, -0.25);
  }
}

TEST(Box2dAdapter, PolygonCircleVertexRegionBothOrders) {
  // Circle r 0.6 at (1.3, 1.4), beyond vertex (1, 1): normal (0.3, 0.4)/0.5 = (0.6, 0.8);
  // A's surface at (1, 1), B's at (1.3, 1.4) − 0.6·(0.6, 0.8) = (0.94, 0.92): midpoint
  // (0.97, 0.96), separation dot((−0.06, −0.08), n) = −0.1.
  for (bool swap : {false, true}) {
    const Polygon box = makeBox(1, 1);
    const Circle circle{{0, 0}, 0.6};
    const Manifold m = swap ? box2d::collide(circle, at(1.3, 1.4), box, kIdentity)
                            : box2d::collide(box, kIdentity, circle, at(1.3, 1.4));
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_NEAR(m.normal.x, swap ? -0.6 : 0.6, kFloatTol);
    EXPECT_NEAR(m.normal.y, swap ? -0.8 : 0.8, kFloatTol);
    ASSERT_EQ(m.pointCount, 1);
    expectPoint(m.points[0], {0.97, 0.96}, -0.1);
  }
}

TEST(Box2dAdapter, CircleCentreOnAPolygonVertexGetsAZeroNormalThatTheOracleRejects) {
  // docs/findings.md, finding 8: the circle's centre, (62.5, −65) in world coordinates, is the
  // pentagon's vertex (0, −1). Box2D's face separations there are float residues above FLT_EPSILON,
  // so its vertex branch normalises the zero vector (centre − vertex): normal (0, 0). The exact
  // answer is a face normal with separation −radius; the oracle must say wrong-normal.
  const Polygon pentagon{{{{0, 2}, {-2, 2}, {-3, 1.25}, {0, -1}, {1, 0}}}, 5, 0.0};
  const Case c{"finding-8", pentagon, at(62.5, -64), Circle{{-1.25, -1}, 4}, at(63.75, -64)};
  const test::CrossCheck check = test::crossCheck(box2d::kEngine, c);
  ASSERT_EQ(check.actual.status, Status::contact);
  EXPECT_EQ(check.actual.normal.x, 0.0);
  EXPECT_EQ(check.actual.normal.y, 0.0);
  EXPECT_FALSE(isAcceptable(check.comparison.outcome));
  EXPECT_EQ(check.comparison.explanation.rfind("wrong-normal", 0), 0u)
      << check.comparison.explanation;
  EXPECT_NEAR(check.expected.points[0].separation, -4.0, 0.0);
}

TEST(Box2dAdapter, SeparatedShapesHaveNoContact) {
  EXPECT_EQ(box2d::collide(makeBox(1, 1), kIdentity, makeBox(1, 1), at(3, 0)).status,
            Status::noContact);
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, 1}, kIdentity, makeBox(1, 1), at(2.5, 0)).status,
            Status::noContact);
}

// --- edges: b2CollideEdgeAndCircle, b2CollideEdgeAndPolygon ---------------------------------

const Segment kSegment{{-1, 0}, {1, 0}};
/// The same edge as one piece of a straight chain: ghosts continue it at both ends. Its front
/// (touche's and Box2D's one side) is the right of p1 → p2: y < 0.
const ChainSegment kStraightChain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};

TEST(Box2dAdapter, SegmentCircleInteriorEitherSideNamesTheSide) {
  // Circle r 0.5 at (0.25, ±0.25): region AB, projection (0.25, 0), distance 0.25. Box2D flips
  // its edge normal rightPerp(e) = (0, −2) towards the centre; the surfaces are y = 0 and
  // y = ±0.25 ∓ 0.5: midpoint y = ∓0.125, separation −0.25. Box2D calls the edge face 0 on both
  // sides; touche's face 0 is the right side (y < 0), face 1 the left: the adapter names it.
  for (double side : {1.0, -1.0}) {
    for (bool swap : {false, true}) {
      const Circle circle{{0, 0}, 0.5};
      const Manifold m = swap ? box2d::collide(circle, at(0.25, 0.25 * side), kSegment, kIdentity)
                              : box2d::collide(kSegment, kIdentity, circle, at(0.25, 0.25 * side));
      ASSERT_EQ(m.status, Status::contact);
      EXPECT_NEAR(m.normal.x, 0.0, kFloatTol);
      EXPECT_NEAR(m.normal.y, swap ? -side : side, kFloatTol);
      ASSERT_EQ(m.pointCount, 1);
      expectPoint(m.points[0], {0.25, -0.125 * side}, -0.25);
      const int face = side > 0 ? 1 : 0;
      EXPECT_EQ(m.points[0].id, swap ? id(kVertex, 0, kFace, face) : id(kFace, face, kVertex, 0));
      const Manifold exact = swap ? reference::collide(circle, at(0.25, 0.25 * side), kSegment, {})
                                  : reference::collide(kSegment, {}, circle, at(0.25, 0.25 * side));
      EXPECT_EQ(m.points[0].id, exact.points[0].id);
    }
  }
}

TEST(Box2dAdapter, ChainCircleBehindHasNoContactInFrontHasFace0) {
  // The one-sided edge: a centre at y = +0.25 is behind (offset = dot((0, −2), c − p1) < 0),
  // no contact although the circle overlaps the line; at y = −0.25 it is the front face 0.
  const Circle circle{{0, 0}, 0.5};
  EXPECT_EQ(box2d::collide(kStraightChain, kIdentity, circle, at(0.25, 0.25)).status,
            Status::noContact);
  EXPECT_EQ(box2d::collide(circle, at(0.25, 0.25), kStraightChain, kIdentity).status,
            Status::noContact);
  const Manifold m = box2d::collide(kStraightChain, kIdentity, circle, at(0.25, -0.25));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.y, -1.0, kFloatTol);
  expectPoint(m.points[0], {0.25, 0.125}, -0.25);
  EXPECT_EQ(m.points[0].id, id(kFace, 0, kVertex, 0));
}

TEST(Box2dAdapter, ChainCircleBeyondP1OwnedByPreviousPieceUnlessCornerTurns) {
  // Centre (−1.3, −0.1), r 0.5: before p1 (v = dot(e, c − p1) = −0.6), 0.316 from p1. With the
  // straight ghost (−2, 0), dot(p1 − ghost1, c − p1) = −0.3 < 0: the previous piece owns the
  // centre, no contact. With ghost1 = (−1, 1) (the chain comes down to p1) the product is
  // dot((0, −1), (−0.3, −0.1)) = 0.1 > 0: vertex 0 region, normal (−0.3, −0.1)/√0.1.
  const Circle circle{{0, 0}, 0.5};
  EXPECT_EQ(box2d::collide(kStraightChain, kIdentity, circle, at(-1.3, -0.1)).status,
            Status::noContact);
  const ChainSegment corner{{-1, 1}, {-1, 0}, {1, 0}, {2, 0}};
  const Manifold m = box2d::collide(corner, kIdentity, circle, at(-1.3, -0.1));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.x, -0.3 / std::sqrt(0.1), kFloatTol);
  EXPECT_NEAR(m.normal.y, -0.1 / std::sqrt(0.1), kFloatTol);
  EXPECT_NEAR(m.points[0].separation, std::sqrt(0.1) - 0.5, kFloatTol);
  EXPECT_EQ(m.points[0].id, id(kVertex, 0, kVertex, 0));
}

TEST(Box2dAdapter, SegmentUnderBoxEdgeIsReferenceOnItsLeftFace) {
  // Box half 0.5 at (0.25, 0.4) on the segment y = 0: its bottom face is 0.1 below the line.
  // Edge axes: (0, −1) gives −0.9, (0, 1) gives −0.1; B's bottom face also −0.1, and 2.4.1 takes
  // the polygon axis only if −0.1 > 0.98·(−0.1) + 0.001: the edge (left side, face 1) is the
  // reference. Incident: the bottom face, both vertices kept at y = −0.1: midpoints y = −0.05,
  // separation −0.1, ids (face 1, vertex j) — as the reference, which ties to A.
  for (bool swap : {false, true}) {
    const Polygon box = makeBox(0.5, 0.5);
    const Manifold m = swap ? box2d::collide(box, at(0.25, 0.4), kSegment, kIdentity)
                            : box2d::collide(kSegment, kIdentity, box, at(0.25, 0.4));
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_NEAR(m.normal.y, swap ? -1.0 : 1.0, kFloatTol);
    ASSERT_EQ(m.pointCount, 2);
    expectPoint(m.points[0], {-0.25, -0.05}, -0.1);
    expectPoint(m.points[1], {0.75, -0.05}, -0.1);
    EXPECT_EQ(m.points[0].id, swap ? id(kVertex, 0, kFace, 1) : id(kFace, 1, kVertex, 0));
    EXPECT_EQ(m.points[1].id, swap ? id(kVertex, 1, kFace, 1) : id(kFace, 1, kVertex, 1));
  }
}

TEST(Box2dAdapter, SegmentEndIntoBoxFaceKeepsEdgeVertexId) {
  // A vertical segment (0.2, 0.9) → (0.2, 3) pokes 0.1 into a unit box's top face (face 2).
  // Edge axes give −0.8 at best; the top face gives min(0.9 − 1, 3 − 1) = −0.1, which beats
  // 0.98·(−0.8) + 0.001: face 2 of B is the reference. Of the incident edge only p1 is within
  // the radius: one point, on the edge at (0.2, 0.9) and the face at y = 1: midpoint
  // (0.2, 0.95), separation −0.1, normal A → B (0, −1). 2.4.1 swaps this id into (face 2,
  // vertex 0); touche's id is (vertex 0 on A, face 2 on B), as the reference says.
  const Segment stick{{0.2, 0.9}, {0.2, 3}};
  const Polygon box = makeBox(1, 1);
  for (bool swap : {false, true}) {
    const Manifold m = swap ? box2d::collide(box, kIdentity, stick, kIdentity)
                            : box2d::collide(stick, kIdentity, box, kIdentity);
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_NEAR(m.normal.y, swap ? 1.0 : -1.0, kFloatTol);
    ASSERT_EQ(m.pointCount, 1);
    expectPoint(m.points[0], {0.2, 0.95}, -0.1);
    EXPECT_EQ(m.points[0].id, swap ? id(kFace, 2, kVertex, 0) : id(kVertex, 0, kFace, 2));
    const Manifold exact =
        swap ? reference::collide(box, {}, stick, {}) : reference::collide(stick, {}, box, {});
    EXPECT_EQ(m.points[0].id, exact.points[0].id);
  }
}

TEST(Box2dAdapter, PolygonFaceReferenceClipsSegmentAtPolygonVertexIds) {
  // Random study case segment_polygon-1-129: B's face 2 is the reference (its axis beats the
  // edge axes by 0.19, beyond the 0.98/0.001 hysteresis); the segment is the incident edge, its
  // p2 survives clipping and it is clipped at B's vertex 3. 2.4.1 swaps both ids into polygon
  // features; the adapter's ids are touche's: (vertex 1, face 2) for the kept segment vertex and
  // (face 0, vertex 3) for the clipped point (face 0: the segment's right side faces B), as the
  // reference names them. Normal (−0.917, 0.399) in both engines.
  const Segment segment{{-0.1964607679785288, -0.7178433477505858},
                        {0.4912612685513807, 0.8794907093824084}};
  const Polygon octagon{{{{1.1598038764786798, 0.08439673513921993},
                          {1.0222514750450147, 0.5543191883431641},
                          {0.6705447129534823, 0.9500724334108765},
                          {-0.5972963419825179, 0.9977499289157757},
                          {-1.1485659785886508, -0.18183518258529435},
                          {-0.7832056587209942, -0.859567761694531},
                          {0.013199089770921877, -1.1627956075021748},
                          {0.5232379900715443, -1.038503657452887}}},
                        8,
                        0.0};
  const Transform xfA{{0.38817988740873355, -0.44395893942769993}, rotFromAngle(2.829187087511608)};
  const Transform xfB{{-1.0391378422014672, -1.071133143862927}, rotFromAngle(-1.9436392625133947)};
  for (bool swap : {false, true}) {
    const Manifold m = swap ? box2d::collide(octagon, xfB, segment, xfA)
                            : box2d::collide(segment, xfA, octagon, xfB);
    const Manifold exact = swap ? reference::collide(octagon, xfB, segment, xfA)
                                : reference::collide(segment, xfA, octagon, xfB);
    ASSERT_EQ(m.status, Status::contact);
    ASSERT_EQ(m.pointCount, 2);
    EXPECT_NEAR(m.normal.x, swap ? 0.9169491 : -0.9169491, kFloatTol);
    EXPECT_NEAR(m.normal.y, swap ? -0.3990041 : 0.3990041, kFloatTol);
    const FeatureId kept = swap ? id(kFace, 2, kVertex, 1) : id(kVertex, 1, kFace, 2);
    const FeatureId clipped = swap ? id(kVertex, 3, kFace, 0) : id(kFace, 0, kVertex, 3);
    EXPECT_EQ(m.points[0].id, kept);
    EXPECT_EQ(m.points[1].id, clipped);
    ASSERT_EQ(exact.pointCount, 2);
    EXPECT_TRUE(exact.points[0].id == kept || exact.points[1].id == kept);
    EXPECT_TRUE(exact.points[0].id == clipped || exact.points[1].id == clipped);
  }
}

TEST(Box2dAdapter, ChainBoxWithCentroidBehindTheLineHasNoContact) {
  // Box half 0.5 at (0, 0.3) straddles the chain line: its centroid (0, 0.3) is behind (y > 0),
  // so 2.4.1's one-sided edge gives no contact; in front, at (0, −0.3), the front face 0 is the
  // reference (the box's top face ties at −0.2 and loses to the hysteresis): the top vertices
  // at y = 0.2 are 0.2 deep, ids (face 0, vertex 2) and (face 0, vertex 3).
  const Polygon box = makeBox(0.5, 0.5);
  EXPECT_EQ(box2d::collide(kStraightChain, kIdentity, box, at(0, 0.3)).status, Status::noContact);
  const Manifold m = box2d::collide(kStraightChain, kIdentity, box, at(0, -0.3));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.y, -1.0, kFloatTol);
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_NEAR(m.points[0].separation, -0.2, kFloatTol);
  EXPECT_EQ(m.points[0].id, id(kFace, 0, kVertex, 2));
  EXPECT_EQ(m.points[1].id, id(kFace, 0, kVertex, 3));
}

TEST(Box2dAdapter, SkinGivesEdgesPolygonRadiusAndChainsAreNotImplemented) {
  // box2d_skin: the edge carries b2_polygonRadius (0.01), as b2EdgeShape's constructor sets:
  // the segment–circle pair above overlaps by 0.25 + 0.01. A chain segment grown by a radius is
  // no touche shape: box2d_skin does not implement chain pairs (engine box2d does).
  const Manifold m =
      box2d::collideWithSkin(kSegment, kIdentity, Circle{{0, 0}, 0.5}, at(0.25, 0.25));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_NEAR(m.points[0].separation, -0.26, kFloatTol);
  EXPECT_TRUE(box2d::kEngine.implements(PairId::chainSegment_polygon));
  EXPECT_FALSE(box2d::kSkinEngine.implements(PairId::chainSegment_polygon));
  EXPECT_FALSE(box2d::kSkinEngine.implements(PairId::chainSegment_circle));
  EXPECT_TRUE(box2d::kSkinEngine.implements(PairId::segment_polygon));
  const Case c{"chain", kStraightChain, kIdentity, Circle{{0, 0}, 0.5}, at(0, -0.25)};
  EXPECT_EQ(run(box2d::kSkinEngine, c).status, Status::unsupported);
  EXPECT_NE(reasonFor(box2d::kSkinEngine, c, {}, Status::unsupported).find("box2d_skin"),
            std::string::npos);
}

TEST(Box2dAdapter, EdgeShorterThanFltEpsilonIsRefusedWithItsLength) {
  // b2Vec2::Normalize leaves a vector shorter than b2_epsilon (FLT_EPSILON = 2^-23) as it is, so
  // b2CollideEdgeAndCircle's normal for a segment 2^-37 long would be 2^-37, not unit (found by
  // fuzzing). Segments and chain segments whose float length is below FLT_EPSILON are refused,
  // and so are the ghost edges Box2D normalises; 2^-23 itself is accepted.
  const Circle circle{{0, 0}, 0.5};
  const Segment tiny{{0, 0}, {0x1p-37, 0}};
  const Segment justLongEnough{{0, 0}, {0x1p-23, 0}};
  for (bool swap : {false, true}) {
    EXPECT_EQ((swap ? box2d::collide(circle, at(0, 0.25), tiny, kIdentity)
                    : box2d::collide(tiny, kIdentity, circle, at(0, 0.25)))
                  .status,
              Status::unsupported);
    EXPECT_EQ((swap ? box2d::collide(circle, at(0, 0.25), justLongEnough, kIdentity)
                    : box2d::collide(justLongEnough, kIdentity, circle, at(0, 0.25)))
                  .status,
              Status::contact);
  }
  const std::string why = box2d::refusal(tiny, circle);
  EXPECT_NE(why.find("segment of shape a: its length in float is 0x1p-37"), std::string::npos)
      << why;
  const ChainSegment shortGhost{{-1 - 0x1p-30, 0}, {-1, 0}, {1, 0}, {2, 0}};
  EXPECT_EQ(box2d::collide(shortGhost, kIdentity, makeBox(0.5, 0.5), at(0, -0.3)).status,
            Status::unsupported);
  EXPECT_NE(box2d::refusal(circle, shortGhost).find("ghost edge ghost1 -> p1 of shape b"),
            std::string::npos);
  // Ends 2^-40 apart are distinct doubles (a valid segment) but the same float: length 0.
  const Segment sameInFloat{{1, 0}, {1 + 0x1p-40, 0}};
  EXPECT_EQ(box2d::collide(sameInFloat, kIdentity, circle, at(1, 0.25)).status,
            Status::unsupported);
}

// --- polygons Box2D cannot build: area not above FLT_EPSILON ------------------------------

TEST(Box2dAdapter, PolygonAreaExactlyFltEpsilonIsRefusedWithTheArea) {
  // b2PolygonShape::Set() asserts area > b2_epsilon (FLT_EPSILON = 2^-23) in its centroid.
  // Box 2^-12 × 2^-13 half extents: area 4 · 2^-25 = 2^-23 exactly (each fan triangle is exact
  // in float): not above, refused. Half extents 2^-12 × 2^-12: area 2^-22, accepted.
  const Polygon flat = makeBox(0x1p-12, 0x1p-13);
  const Polygon square = makeBox(0x1p-12, 0x1p-12);
  const Circle circle{{0, 0}, 0x1p-13};
  for (bool swap : {false, true}) {
    const Manifold refused = swap ? box2d::collide(circle, at(0, 0x1p-13), flat, kIdentity)
                                  : box2d::collide(flat, kIdentity, circle, at(0, 0x1p-13));
    EXPECT_EQ(refused.status, Status::unsupported);
    const Manifold accepted = swap ? box2d::collide(circle, at(0, 0x1p-12), square, kIdentity)
                                   : box2d::collide(square, kIdentity, circle, at(0, 0x1p-12));
    EXPECT_EQ(accepted.status, Status::contact);
  }
  const std::string why = box2d::refusal(flat, circle);
  EXPECT_NE(why.find("polygon a"), std::string::npos) << why;
  EXPECT_NE(why.find("0x1p-23"), std::string::npos) << why;
  EXPECT_NE(box2d::refusal(circle, flat).find("polygon b"), std::string::npos);
  EXPECT_EQ(box2d::refusal(square, circle), "");
}

TEST(Box2dAdapter, SliverFarFromCircleIsRefusedNotAnsweredWithPenetration) {
  // docs/findings.md, finding 7: the triangle (0, 0), (512, 2^-58), (−1024, 0) has area 2^-49;
  // Box2D's absolute inside test reported contact (separation −128) with a circle 16 154 away.
  // The adapter refuses it, and the reason (touche collide's "reason") names the area.
  const Polygon sliver{{{{0, 0}, {512, 0x1p-58}, {-1024, 0}}}, 3, 0.0};
  const Case c{"sliver", sliver, Transform{{0, -16384}, {-1, 0}}, Circle{{0, 0}, 128},
               at(-16384, -16384)};
  for (const Engine* engine : {&box2d::kEngine, &box2d::kSkinEngine}) {
    EXPECT_EQ(run(*engine, c).status, Status::unsupported);
    const std::string why = reasonFor(*engine, c, {}, Status::unsupported);
    EXPECT_NE(why.find("area in float is 0x1p-49"), std::string::npos) << why;
  }
}

TEST(Box2dAdapter, MarginCapsulesAndBadInputAreNotAnswered) {
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, 1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0), {0.1}).status,
            Status::unsupported);
  EXPECT_EQ(
      box2d::collide(Capsule{{0, 0}, {1, 0}, 0.1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0)).status,
      Status::unsupported);
  const Case capsule{"capsule", Capsule{{0, 0}, {1, 0}, 0.1}, kIdentity, kSegment, at(0, 0.5)};
  EXPECT_EQ(reasonFor(box2d::kEngine, capsule, {}, Status::unsupported),
            box2d::kCapsuleUnsupported);
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, -1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0)).status,
            Status::error);
}

}  // namespace
}  // namespace touche::oracle
