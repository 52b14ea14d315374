// touche — the fast engine's generic entry points: pair table, unsupported pairs, invalid
// input, and the typed API giving the same answer as the generic one.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "expect.h"
#include "touche/fast/collide.h"

namespace touche::fast::test {
namespace {

TEST(FastDispatch, ImplementsTheCircleCapsuleSegmentAndPolygonPairs) {
  for (const PairInfo& info : kPairTable) {
    const bool chain = info.a == ShapeType::chainSegment || info.b == ShapeType::chainSegment;
    if (chain) continue;  // the chain segment pairs are wired separately
    EXPECT_EQ(implements(info.id), info.hasArea) << info.name;
  }
}

TEST(FastDispatch, AreaLessPairsAreUnsupportedNotEmpty) {
  const Segment segment{{0, 0}, {1, 0}};
  for (auto engine : {&collide, &collideFloat}) {
    EXPECT_EQ(engine(segment, kIdentity, segment, kIdentity, {}).status, Status::unsupported);
  }
}

TEST(FastDispatch, InvalidInputIsAnErrorInBothPrecisions) {
  const Polygon clockwise = polygon({{0, 0}, {0, 1}, {1, 0}});
  const Circle circle{{0, 0}, 1};
  const Circle negative{{0, 0}, -1};
  const Transform nan{{std::numeric_limits<double>::quiet_NaN(), 0}, {}};
  for (auto engine : {&collide, &collideFloat}) {
    EXPECT_EQ(engine(clockwise, kIdentity, circle, kIdentity, {}).status, Status::error);
    EXPECT_EQ(engine(negative, kIdentity, circle, kIdentity, {}).status, Status::error);
    EXPECT_EQ(engine(circle, nan, circle, kIdentity, {}).status, Status::error);
    EXPECT_EQ(engine(circle, kIdentity, circle, kIdentity, Options{-1.0}).status, Status::error);
  }
}

// The circle–polygon order is canonicalised as polygon–circle and swapped back: the normal
// points from the circle (A) to the box (B). Circle r = 0.5 at (1.25, 0.2) against the box
// half 1: the golden of FastPolygonCircle.FaceRegionRightFace seen from the circle,
// normal (−1, 0), id (vertex 0, face 1).
TEST(FastDispatch, CirclePolygonOrderIsSwappedBack) {
  const Manifold m = collide(Circle{{0, 0}, 0.5}, {{1.25, 0.2}, {}}, makeBox(1, 1), kIdentity);
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.normal.x, -1.0);
  EXPECT_EQ(m.points[0].id, vf(0, 1));
}

// The typed float API on prepared shapes gives bit for bit what collideFloat returns.
TEST(FastDispatch, TypedFloatApiMatchesCollideFloatBitForBit) {
  const Polygon a = makeRegularPolygon({0, 0}, 1.0, 5, 0.3);
  const Polygon b = makeRegularPolygon({0, 0}, 0.8, 7, 1.1);
  const Transform xfA{{0.1, -0.2}, rotFromAngle(0.4)};
  const Transform xfB{{1.3, 0.5}, rotFromAngle(-2.0)};
  const Manifold generic = collideFloat(a, xfA, b, xfB);
  const ManifoldT<float> typed =
      collidePolygons(prepare<float>(a), toT<float>(xfA), prepare<float>(b), toT<float>(xfB), 0.0f);
  ASSERT_EQ(generic.status, Status::contact);
  ASSERT_EQ(typed.pointCount, generic.pointCount);
  EXPECT_EQ(static_cast<double>(typed.normal.x), generic.normal.x);
  EXPECT_EQ(static_cast<double>(typed.normal.y), generic.normal.y);
  for (int k = 0; k < typed.pointCount; ++k) {
    EXPECT_EQ(static_cast<double>(typed.points[k].point.x), generic.points[k].point.x);
    EXPECT_EQ(static_cast<double>(typed.points[k].separation), generic.points[k].separation);
    EXPECT_EQ(typed.points[k].id, generic.points[k].id);
  }
}

}  // namespace
}  // namespace touche::fast::test
