// Circle vs circle (reference/src/circles.cpp). Every case is also run with A and B swapped.
#include <cmath>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

TEST(ReferenceCircles, EqualCirclesOverlapByHalf) {
  // Centres (0,0), (1.5,0), radii 1: normal (1,0); surfaces at x = 1 (A) and x = 0.5 (B), so
  // the point is their midpoint (0.75, 0) and the separation 1.5 − 2 = −0.5.
  const Manifold m = collideChecked(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(1.5, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.points[0].point, (Vec2{0.75, 0}));
  EXPECT_EQ(m.points[0].separation, -0.5);
  EXPECT_EQ(m.points[0].id, fid(kVertex, 0, kVertex, 0));
  EXPECT_EQ(m.flags, kFlagNone);
  EXPECT_FALSE(m.gaps.axis.has_value());
  EXPECT_EQ(m.gaps.contact, 0.5);  // |−0.5 − 0|
}

TEST(ReferenceCircles, UnequalRadiiPointIsMidwayBetweenSurfaces) {
  // rA = 1 at the origin, rB = 0.5 at (0, 1.25) given as local centre (0, 0.25) moved by
  // (0, 1): surfaces at y = 1 and y = 0.75 → point (0, 0.875), separation 1.25 − 1.5 = −0.25.
  const Manifold m = collideChecked(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0.25}, 0.5}, at(0, 1));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.875}));
  EXPECT_EQ(m.points[0].separation, -0.25);
}

TEST(ReferenceCircles, TouchingExactlyIsContactAtMarginZero) {
  // Unit circles at (0,0) and (2,0): separation exactly 0 → contact, point (1, 0).
  const Manifold m = collideChecked(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(2, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.points[0].point, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].separation, 0.0);
  EXPECT_EQ(m.gaps.contact, 0.0);
}

TEST(ReferenceCircles, SeparatedByOneUlpIsNoContactUntilTheMarginCoversIt) {
  // B at the next double after 2: separation = ulp(2) = 2^-51 > 0 = margin → no contact;
  // with margin 2^-51 the shapes touch at the margin → contact with separation 2^-51.
  const double x = std::nextafter(2.0, 3.0);
  const Manifold apart = collideChecked(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(x, 0));
  EXPECT_EQ(apart.status, Status::noContact) << describe(apart);
  EXPECT_EQ(apart.gaps.contact, 0x1p-51);
  const Manifold within =
      collideChecked(Circle{{0, 0}, 1}, at(0, 0), Circle{{0, 0}, 1}, at(x, 0), Options{0x1p-51});
  ASSERT_EQ(within.status, Status::contact) << describe(within);
  EXPECT_EQ(within.points[0].separation, 0x1p-51);
  // Midpoint of surfaces at 1 and x − 1: (x)/2 exactly = 1 + 2^-52.
  EXPECT_EQ(within.points[0].point, (Vec2{1 + 0x1p-52, 0}));
}

TEST(ReferenceCircles, ThreeFourFiveNormalIsCorrectlyRounded) {
  // Centres (0,0) and (3,4), radii 2: distance 5, separation 1 > 0; margin 1 → contact at the
  // margin. normal = (3/5, 4/5) rounded to nearest: the doubles 0.6 and 0.8 (the literals are
  // the nearest doubles). Point = ½(0+3, 0+4) + ½(2 − 2)·n = (1.5, 2).
  const Manifold none = collideChecked(Circle{{0, 0}, 2}, at(0, 0), Circle{{0, 0}, 2}, at(3, 4));
  EXPECT_EQ(none.status, Status::noContact);
  const Manifold m =
      collideChecked(Circle{{0, 0}, 2}, at(0, 0), Circle{{0, 0}, 2}, at(3, 4), Options{1});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0.6, 0.8}));
  EXPECT_EQ(m.points[0].point, (Vec2{1.5, 2}));
  EXPECT_EQ(m.points[0].separation, 1.0);
}

TEST(ReferenceCircles, IrrationalDistanceSeparationIsCorrectlyRounded) {
  // Centres (0,0) and (1,1), radii 0.5: separation √2 − 1, normal (√½, √½). Expected values
  // from 60-digit decimal arithmetic: √2 − 1 → 0x1.a827999fcef32p-2, √½ → 0x1.6a09e667f3bcdp-1.
  const Manifold m =
      collideChecked(Circle{{0, 0}, 0.5}, at(0, 0), Circle{{0, 0}, 0.5}, at(1, 1), {0.5});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.points[0].separation, 0x1.a827999fcef32p-2);
  EXPECT_EQ(m.normal, (Vec2{0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1}));
  EXPECT_EQ(m.points[0].point, (Vec2{0.5, 0.5}));
}

TEST(ReferenceCircles, ConcentricCirclesUseAsXAxisAndFlag) {
  // Both centres at (1,1); A rotated by 90° (q = (0, 1)): normal = A's x axis = (0, 1), flagged.
  // Point = centre + ½(rA − rB)·n = (1, 1) + ½(1 − 0.5)(0, 1) = (1, 1.25); separation −1.5.
  const Transform xfA{{1, 1}, {0, 1}};
  const Manifold m = collide(Circle{{0, 0}, 1}, xfA, Circle{{0, 0}, 0.5}, at(1, 1));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.flags & kFlagDegenerateNormal, kFlagDegenerateNormal);
  EXPECT_EQ(m.points[0].point, (Vec2{1, 1.25}));
  EXPECT_EQ(m.points[0].separation, -1.5);
  // Swapped: A is now the unrotated circle, so the normal is its x axis (1, 0); the point is
  // (1, 1) + ½(0.5 − 1)(1, 0) = (0.75, 1).
  const Manifold back = collide(Circle{{0, 0}, 0.5}, at(1, 1), Circle{{0, 0}, 1}, xfA);
  ASSERT_EQ(back.status, Status::contact);
  EXPECT_EQ(back.normal, (Vec2{1, 0}));
  EXPECT_EQ(back.flags, kFlagDegenerateNormal);
  EXPECT_EQ(back.points[0].point, (Vec2{0.75, 1}));
}

TEST(ReferenceCircles, ConcentricWithNonUnitRotationIsNormalised) {
  // q = (0.6, 0.8) as doubles is not exactly unit: the normal is (c, s)/√(c² + s²) correctly
  // rounded, within an ulp of 0.6 and 0.8. (No swap check: swapped, B's x axis is used.)
  const Transform xfA{{0, 0}, {0.6, 0.8}};
  const Manifold m = collide(Circle{{0, 0}, 1}, xfA, Circle{{0, 0}, 1}, at(0, 0));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_NEAR(m.normal.x, 0.6, 0x1p-52);
  EXPECT_NEAR(m.normal.y, 0.8, 0x1p-52);
  EXPECT_EQ(m.flags, kFlagDegenerateNormal);
}

TEST(ReferenceCircles, TinyScaleMicrometres) {
  // The first case scaled by 1e-6: centres 0 and 1.5e-6, radii 1e-6. The separation is the
  // exact sum 1.5e-6 − 1e-6 − 1e-6 of doubles rounded once (long double holds it exactly);
  // the point is the exact midpoint 0.75e-6 = 1.5e-6 / 2.
  const Manifold m =
      collideChecked(Circle{{0, 0}, 1e-6}, at(0, 0), Circle{{0, 0}, 1e-6}, at(1.5e-6, 0));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  EXPECT_EQ(m.points[0].separation,
            static_cast<double>(static_cast<long double>(1.5e-6) - 1e-6 - 1e-6));
  EXPECT_EQ(m.points[0].point.x, 1.5e-6 / 2);
}

TEST(ReferenceCircles, LargeScaleMegametres) {
  const Manifold m =
      collideChecked(Circle{{0, 0}, 1e6}, at(0, 0), Circle{{0, 0}, 1e6}, at(1.5e6, 0));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.points[0].separation, -0.5e6);
  EXPECT_EQ(m.points[0].point, (Vec2{0.75e6, 0}));
}

}  // namespace
}  // namespace touche::reference::testing
