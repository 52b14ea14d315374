// Box2D 2.4.1 adapter: golden manifolds derived by hand from b2Collide* and
// b2WorldManifold::Initialize, each repeated with A and B swapped.
#include <gtest/gtest.h>

#include <cmath>

#include "touche/oracle/box2d.h"

namespace touche::oracle {
namespace {

constexpr double kFloatTol = 1e-6;  // inputs and outputs pass through float

const Transform kIdentity{};
Transform at(double x, double y) {
  return Transform{{x, y}, {}};
}

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

TEST(Box2dAdapter, SeparatedShapesHaveNoContact) {
  EXPECT_EQ(box2d::collide(makeBox(1, 1), kIdentity, makeBox(1, 1), at(3, 0)).status,
            Status::noContact);
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, 1}, kIdentity, makeBox(1, 1), at(2.5, 0)).status,
            Status::noContact);
}

TEST(Box2dAdapter, MarginCapsulesAndBadInputAreNotAnswered) {
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, 1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0), {0.1}).status,
            Status::unsupported);
  EXPECT_EQ(
      box2d::collide(Capsule{{0, 0}, {1, 0}, 0.1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0)).status,
      Status::unsupported);
  EXPECT_EQ(box2d::collide(Circle{{0, 0}, -1}, kIdentity, Circle{{0, 0}, 1}, at(1, 0)).status,
            Status::error);
}

}  // namespace
}  // namespace touche::oracle
