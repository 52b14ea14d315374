// Polygon A vs capsule B and segment A vs polygon B (reference/src/polygon_capsule.cpp): the
// capsule or segment is a rounded two-vertex polygon run through polygon_polygon.cpp. The box
// is makeBox(1, 1): faces 0 bottom, 1 right, 2 top, 3 left.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

Polygon box() {
  return makePolygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
}

void expectPoint(const ManifoldPoint& p, Vec2 point, double separation, FeatureId id) {
  EXPECT_EQ(p.point, point);
  EXPECT_EQ(p.separation, separation);
  EXPECT_EQ(p.id, id) << describe(p.id);
}

TEST(ReferencePolygonCapsule, CapsuleLyingOnTheTopFace) {
  // Capsule core (−0.5, 0)–(0.5, 0), r = 0.25, at (0, 1.125): bottom surface y = 0.875.
  // SAT: box face 2 and capsule face 0 both separate the cores by 0.125 → tie → A (box) face 2.
  // Incident edge: capsule face 0 (normal (0, −1)). Parallel edges → clip: no clipping,
  // points vertex 1 (0.5, 1.125) then vertex 0; separation 0.125 − 0.25 = −0.125, points
  // midway between y = 1 and 0.875.
  const Capsule capsule{{-0.5, 0}, {0.5, 0}, 0.25};
  const Manifold m = collide(box(), at(0, 0), capsule, at(0, 1.125));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {0.5, 0.9375}, -0.125, fid(kFace, 2, kVertex, 1));
  expectPoint(m.points[1], {-0.5, 0.9375}, -0.125, fid(kFace, 2, kVertex, 0));
  expectSwapSymmetric(box(), at(0, 0), capsule, at(0, 1.125), {}, m);
}

TEST(ReferencePolygonCapsule, CornerToEndWithinTheMargin) {
  // Capsule core (2, 2)–(3, 3), r = 0.5: its end (2, 2) faces box vertex 2 (1, 1) across
  // √2 − 0.5 ≈ 0.914: no contact at margin 0; at margin 1 one vertex–vertex point with normal
  // (1, 1)/√2 (correctly rounded: √0.5 in double).
  const Capsule capsule{{2, 2}, {3, 3}, 0.5};
  EXPECT_EQ(collide(box(), at(0, 0), capsule, at(0, 0)).status, Status::noContact);
  const Manifold m = collide(box(), at(0, 0), capsule, at(0, 0), Options{1});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{std::sqrt(0.5), std::sqrt(0.5)}));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kVertex, 0));
  EXPECT_NEAR(m.points[0].separation, std::sqrt(2.0) - 0.5, 1e-15);
  expectSwapSymmetric(box(), at(0, 0), capsule, at(0, 0), Options{1}, m);
}

TEST(ReferencePolygonCapsule, ZeroLengthCapsuleIsACircle) {
  // Core (0, 0)–(0, 0), r = 0.5, at (1.25, 0): the polygon–circle face region (face 1).
  const Capsule dot{{0, 0}, {0, 0}, 0.5};
  const Manifold m = collide(box(), at(0, 0), dot, at(1.25, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  expectPoint(m.points[0], {0.875, 0}, -0.25, fid(kFace, 1, kVertex, 0));
  expectSwapSymmetric(box(), at(0, 0), dot, at(1.25, 0), {}, m);
}

TEST(ReferenceSegmentPolygon, SegmentUnderABox) {
  // Segment (−2, 0)–(2, 0); box at (0, 0.75) (bottom face at y = −0.25). SAT: the segment's
  // face 1 (above) and the box's face 0 both separate by −0.25 → tie → A (segment) face 1.
  // Incident: box face 0, no clipping; points box vertex 1 (1, −0.25) then vertex 0, each
  // separation −0.25, midway between y = 0 and −0.25.
  const Segment segment{{-2, 0}, {2, 0}};
  const Manifold m = collide(segment, at(0, 0), box(), at(0, 0.75));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {1, -0.125}, -0.25, fid(kFace, 1, kVertex, 1));
  expectPoint(m.points[1], {-1, -0.125}, -0.25, fid(kFace, 1, kVertex, 0));
  expectSwapSymmetric(segment, at(0, 0), box(), at(0, 0.75), {}, m);
}

TEST(ReferenceSegmentPolygon, EndOfSegmentFacingASideWithinTheMargin) {
  // Segment (−1, 0)–(1, 0); box half-extent 0.25 at (1.5, 0). B's face 3 separates by 0.25 >
  // the segment's −0.25 → B holds the reference face. The incident segment face 0 is clipped
  // to face 3's extent (both ends project to y = 0): (1, 0) at 0.25 and (−1, 0) at 2.25; with
  // margin 0.5 only (1, 0) stays, midway between x = 1 and 1.25: (1.125, 0); id (vertex 1 of
  // the segment, face 3 of the box); normal (1, 0).
  const Segment segment{{-1, 0}, {1, 0}};
  const Polygon small = makePolygon({{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}});
  EXPECT_EQ(collide(segment, at(0, 0), small, at(1.5, 0)).status, Status::noContact);
  const Manifold m = collide(segment, at(0, 0), small, at(1.5, 0), Options{0.5});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {1.125, 0}, 0.25, fid(kVertex, 1, kFace, 3));
  expectSwapSymmetric(segment, at(0, 0), small, at(1.5, 0), Options{0.5}, m);
}

}  // namespace
}  // namespace touche::reference::testing
