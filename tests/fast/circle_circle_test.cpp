// touche — fast engine, circle–circle golden tests (double and float, A/B swapped).
#include <gtest/gtest.h>

#include "expect.h"
#include "touche/fast/collide.h"

namespace touche::fast::test {
namespace {

// A: r = 1 at the origin; B: r = 0.5 at (1.25, 0). Distance 1.25, separation
// 1.25 − 1 − 0.5 = −0.25, normal (1, 0). Surfaces at x = 1 (A) and x = 0.75 (B); midpoint
// (0.875, 0). Id (vertex 0, vertex 0).
TEST(FastCircleCircle, OverlapQuarterAlongX) {
  const Circle a{{0, 0}, 1.0};
  const Circle b{{0, 0}, 0.5};
  const Transform xfB{{1.25, 0}, {}};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 0}, -0.25, vv(0, 0)}}};
  expectBothWays(a, kIdentity, b, xfB, g);
  expectRigidMotionInvariance(a, kIdentity, b, xfB, g, {{3, -2}, {0, 1}});
  expectRigidMotionInvariance(a, kIdentity, b, xfB, g, {{-7, 5}, {0.6, 0.8}});
}

// A: r = 0.75, local centre (1, 0), rotated by 90° (q = (0, 1)) → world centre (0, 1).
// B: r = 1.5 at (0, 3). Distance 2, separation 2 − 2.25 = −0.25, normal (0, 1).
// Surfaces at y = 1.75 (A) and y = 1.5 (B): midpoint (0, 1.625).
TEST(FastCircleCircle, LocalCentreRotatedIntoWorld) {
  const Circle a{{1, 0}, 0.75};
  const Circle b{{0, 0}, 1.5};
  const Transform xfA{{0, 0}, {0, 1}};
  const Transform xfB{{0, 3}, {}};
  const Golden g{Status::contact, {0, 1}, {{{0, 1.625}, -0.25, vv(0, 0)}}};
  expectBothWays(a, xfA, b, xfB, g);
}

// Unit circles at (0, 0) and (2, 0) touch exactly: separation 0 is contact at margin 0, the
// point is the touching point (1, 0).
TEST(FastCircleCircle, TouchingExactlyIsContact) {
  const Circle c{{0, 0}, 1.0};
  const Golden g{Status::contact, {1, 0}, {{{1, 0}, 0.0, vv(0, 0)}}};
  expectBothWays(c, kIdentity, c, {{2, 0}, {}}, g);
}

// Unit circles at (0, 0) and (2.5, 0): gap 0.5. Margin 0.5 → contact with separation 0.5 and
// the point midway between the surfaces x = 1 and x = 1.5, (1.25, 0). Margin 0.25 → none.
TEST(FastCircleCircle, GapEqualToMarginIsContactSmallerMarginIsNot) {
  const Circle c{{0, 0}, 1.0};
  const Transform xfB{{2.5, 0}, {}};
  const Golden g{Status::contact, {1, 0}, {{{1.25, 0}, 0.5, vv(0, 0)}}};
  expectBothWays(c, kIdentity, c, xfB, g, Options{0.5});
  expectBothWays(c, kIdentity, c, xfB, noContact(), Options{0.25});
  expectBothWays(c, kIdentity, c, xfB, noContact());
}

// Concentric: A r = 1 rotated by q = (0.6, 0.8) at (2, 3); B r = 0.5 at (2, 3). The normal is
// A's local x axis in the world, (0.6, 0.8), flagged degenerate; separation −1.5; the point is
// midway between the surfaces along it: (2, 3) + ½(1 − 0.5)·(0.6, 0.8) = (2.15, 3.2).
// Swapped, A is the unrotated circle: normal (1, 0), point (2, 3) + ½(0.5 − 1)·(1, 0) =
// (1.75, 3). (Not swapRoles of the first: the fallback follows whichever shape is A.)
TEST(FastCircleCircle, ConcentricUsesLocalXAxisOfA) {
  const Circle a{{0, 0}, 1.0};
  const Circle b{{0, 0}, 0.5};
  const Transform xfA{{2, 3}, {0.6, 0.8}};
  const Transform xfB{{2, 3}, {}};
  const Golden g{
      Status::contact, {0.6, 0.8}, {{{2.15, 3.2}, -1.5, vv(0, 0)}}, kFlagDegenerateNormal};
  const Golden gSwapped{
      Status::contact, {1, 0}, {{{1.75, 3}, -1.5, vv(0, 0)}}, kFlagDegenerateNormal};
  for (auto engine : {&collide, &collideFloat}) {
    const double tol = engine == &collide ? kTolDouble : kTolFloat;
    expectMatches(engine(a, xfA, b, xfB, {}), g, tol, "A,B");
    expectMatches(engine(b, xfB, a, xfA, {}), gSwapped, tol, "B,A");
  }
}

// The typed API in float: a 90° rotation stored in float is exact, the manifold is the
// same as through the generic entry point.
TEST(FastCircleCircle, TypedFloatApiMatchesGenericEntryPoint) {
  const CircleT<float> a{{0, 0}, 1.0f};
  const CircleT<float> b{{0, 0}, 0.5f};
  const ManifoldT<float> m =
      collideCircles(a, TransformT<float>{}, b, TransformT<float>{{0, 1.25f}, {}}, 0.0f);
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.normal.x, 0.0f);
  EXPECT_EQ(m.normal.y, 1.0f);
  EXPECT_EQ(m.points[0].point.y, 0.875f);
  EXPECT_EQ(m.points[0].separation, -0.25f);
}

}  // namespace
}  // namespace touche::fast::test
