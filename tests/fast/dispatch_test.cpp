// touche — the fast engine's generic entry points: pair table, unsupported pairs, invalid
// input, and the typed API giving the same answer as the generic one.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "expect.h"
#include "touche/fast/collide.h"

namespace touche::fast::test {
namespace {

// Every canonical pair with area, the three chain segment pairs included; the area-less
// pairs (segment or chain segment against segment or chain segment) are not.
TEST(FastDispatch, ImplementsEveryPairWithAreaChainSegmentsIncluded) {
  int implemented = 0;
  for (const PairInfo& info : kPairTable) {
    EXPECT_EQ(implements(info.id), info.hasArea) << info.name;
    implemented += implements(info.id) ? 1 : 0;
  }
  EXPECT_EQ(implemented, 12);
  EXPECT_TRUE(implements(PairId::chainSegment_circle));
  EXPECT_TRUE(implements(PairId::chainSegment_capsule));
  EXPECT_TRUE(implements(PairId::chainSegment_polygon));
  EXPECT_FALSE(implements(PairId::chainSegment_segment));
  EXPECT_FALSE(implements(PairId::chainSegment_chainSegment));
}

// The chain pairs through the generic entry points, both role orders and both precisions.
// Chain (−1, 0) → (1, 0) with collinear ghosts: its front is below (the right of p1 → p2).
// A circle r = 0.5 centred at (0.25, −0.75) is 0.25 away: contact only with margin ≥ 0.25;
// with margin 0.5 the normal is (0, −1), separation 0.25, point (0.25, −0.125) (midway
// between the segment at y = 0 and the circle's top at y = −0.25), id (face 0, vertex 0).
// The same circle behind the chain, at (0.25, 0.75), never touches: one-sided.
TEST(FastDispatch, ChainSegmentCircleThroughTheGenericEntryPoints) {
  const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
  const Circle circle{{0, 0}, 0.5};
  const Transform front{{0.25, -0.75}, {}};
  const Transform behind{{0.25, 0.75}, {}};
  for (auto engine : {&collide, &collideFloat}) {
    EXPECT_EQ(engine(chain, kIdentity, circle, front, {}).status, Status::noContact);
    const Manifold m = engine(chain, kIdentity, circle, front, Options{0.5});
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_EQ(m.normal.x, 0.0);
    EXPECT_EQ(m.normal.y, -1.0);
    EXPECT_EQ(m.points[0].point.x, 0.25);
    EXPECT_EQ(m.points[0].point.y, -0.125);
    EXPECT_EQ(m.points[0].separation, 0.25);
    EXPECT_EQ(m.points[0].id, fv(0, 0));
    const Manifold s = engine(circle, front, chain, kIdentity, Options{0.5});
    ASSERT_EQ(s.status, Status::contact);
    EXPECT_EQ(s.normal.y, 1.0);
    EXPECT_EQ(s.points[0].id, vf(0, 0));
    EXPECT_EQ(engine(chain, kIdentity, circle, behind, Options{0.5}).status, Status::noContact);
    EXPECT_EQ(engine(circle, behind, chain, kIdentity, Options{0.5}).status, Status::noContact);
  }
}

// A rotation that is not exactly unit scales the chain: (c, s) = (1 + 2^-22, 0) (validation
// accepts |c² + s² − 1| ≤ 2^-20) maps the chain's local (−1, 0) → (1, 0) to the world's
// (−k, 0) → (k, 0), k = 1 + 2^-22. A box half (0.25, 0.5) at (1.25 + 2^-23, −0.5) has its top
// face on the chain's line from x = 1 + 2^-23 to 1.5 + 2^-23 (exact in float): the scaled
// chain overlaps it by 2^-23 → contact, separation 0, points between the box's corner
// x = 1 + 2^-23 and the chain's end x = k (float may merge the two: the overlap is below its
// resolution at the clipping's tangent coordinates ~2); the unscaled chain ends 2^-23 short
// of the box → no contact.
TEST(FastDispatch, ChainSegmentRotationThatScalesMovesTheScaleIntoTheChain) {
  const ChainSegment chain{{-2, 0}, {-1, 0}, {1, 0}, {2, 0}};
  const double k = 1 + 0x1p-22;
  const Transform xfA{{0, 0}, {k, 0}};
  const Transform xfB{{1.25 + 0x1p-23, -0.5}, {}};
  const Polygon box = makeBox(0.25, 0.5);
  for (auto engine : {&collide, &collideFloat}) {
    const Manifold m = engine(chain, xfA, box, xfB, {});
    ASSERT_EQ(m.status, Status::contact);
    EXPECT_EQ(m.normal.y, -1.0);
    ASSERT_GE(m.pointCount, 1);
    for (int i = 0; i < m.pointCount; ++i) {
      EXPECT_EQ(m.points[i].separation, 0.0);
      EXPECT_GE(m.points[i].point.x, 1 + 0x1p-23);
      EXPECT_LE(m.points[i].point.x, k);
    }
    EXPECT_EQ(engine(chain, kIdentity, box, xfB, {}).status, Status::noContact);
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
