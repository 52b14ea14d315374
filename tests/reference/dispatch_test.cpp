// The reference engine's entry point: validation errors, unsupported pairs, role swapping.
#include <limits>

#include "exact.h"
#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

TEST(ReferenceDispatch, ImplementsEveryPairWithArea) {
  for (const PairInfo& info : kPairTable) {
    EXPECT_EQ(implements(info.id), info.hasArea) << info.name;
  }
}

TEST(ReferenceDispatch, NonFiniteInputIsAnErrorNotACrash) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(collide(Circle{{nan, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(0, 0)).status,
            Status::error);
  EXPECT_EQ(collide(Circle{{0, 0}, 1}, at(inf, 0), Circle{{0, 0}, 1}, at(0, 0)).status,
            Status::error);
  EXPECT_EQ(collide(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(0, 0), Options{nan}).status,
            Status::error);
  // Called directly (bypassing validation), the exact layer still refuses NaN cleanly.
  EXPECT_THROW(collideCircles(Circle{{nan, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(0, 0), {}),
               NonFiniteValue);
}

TEST(ReferenceDispatch, PairsWithoutAreaAreUnsupported) {
  const Segment s1{{0, 0}, {1, 0}};
  const ChainSegment c1{{-1, 0}, {0, 0}, {1, 0}, {2, 0}};
  EXPECT_EQ(collide(s1, at(0, 0), s1, at(0, 0)).status, Status::unsupported);
  EXPECT_EQ(collide(c1, at(0, 0), s1, at(0, 0)).status, Status::unsupported);
  EXPECT_EQ(collide(s1, at(0, 0), c1, at(0, 0)).status, Status::unsupported);
  EXPECT_EQ(collide(c1, at(0, 0), c1, at(0, 0)).status, Status::unsupported);
  // A capsule pair is computed now.
  const Capsule capsule{{0, 0}, {1, 0}, 0.5};
  EXPECT_EQ(collide(capsule, at(0, 0), Circle{{0, 0}, 1}, at(0, 0)).status, Status::contact);
}

TEST(ReferenceDispatch, CircleThenPolygonIsSwappedBack) {
  // (circle, polygon) is computed as polygon_circle and swapped: normal from the circle to the
  // box, id (vertex 0 on the circle, face 3 on the box).
  const Polygon box = makePolygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
  const Manifold m = collide(Circle{{0, 0}, 0.5}, at(-1.25, 0), box, at(0, 0));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 0, kFace, 3));
  EXPECT_EQ(m.points[0].point, (Vec2{-0.875, 0}));
}

}  // namespace
}  // namespace touche::reference::testing
