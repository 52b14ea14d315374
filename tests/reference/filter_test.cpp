// The filter (reference/src/approx.h; interval.h's enclosures): the filtered polygon–polygon
// result is bit-identical to the all-exact one (status, normal, points, separations, ids,
// flags and every gap), the exact fallback is rare on random pairs and does happen on
// near-ties that the enclosures cannot separate (filter_identity*.cpp: 100 000 pairs per
// filtered pair type).
#include <cmath>
#include <cstdio>
#include <random>
#include <variant>

#include "approx.h"
#include "interval.h"
#include "reference_test_support.h"
#include "rounding.h"

namespace touche::reference::testing {
namespace {

::testing::AssertionResult identical(const Manifold& x, const Manifold& y) {
  return bitIdentical(x, y);
}

/// Filtered, then all-exact; the filter is left on.
std::pair<Manifold, Manifold> bothWays(const Polygon& a, const Transform& xfA, const Polygon& b,
                                       const Transform& xfB, const Options& options = {}) {
  const Manifold filtered = collide(a, xfA, b, xfB, options);
  setFilterEnabled(false);
  const Manifold exact = collide(a, xfA, b, xfB, options);
  setFilterEnabled(true);
  return {filtered, exact};
}

TEST(ReferenceFilter, IntervalSignsAreCertainOrThrow) {
  EXPECT_EQ(sign(point(0.0) * point(3.0)), 0);                 // exact products stay points
  EXPECT_EQ(sign(point(0.1) * point(0.1) - point(0.009)), 1);  // 0.1² rounds; enclosure > 0
  EXPECT_THROW(sign(point(0.1) * point(3.0) - point(0.30000000000000004)), Uncertain);
  const Interval third = point(1.0) * point(1.0 / 3);
  EXPECT_EQ(third.lo, third.hi);  // 1 · x is exact
}

TEST(ReferenceFilter, ApproxRoundsProvablyOrThrows) {
  // 0.1 · 0.1 is not a midpoint between doubles: the enclosure proves the nearest double, the
  // one the hardware multiplication rounds to.
  EXPECT_EQ(roundNearest(Approx(0.1) * Approx(0.1)), 0.1 * 0.1);
  EXPECT_EQ(roundNearest(sqrt(Approx(2.0))), std::sqrt(2.0));
  // 0.1 · 3 is exactly the midpoint between 0.29999999999999998890 and 0.30000000000000004441
  // (0.1 = 3602879701896397/2^55; the product's last bit falls half-way): no proof on either
  // side, the exact path decides (ties to even: 0.30000000000000004).
  EXPECT_THROW(roundNearest(Approx(0.1) * Approx(3.0)), Uncertain);
  EXPECT_EQ(roundNearest(liftExact(0.1) * 3), 0.1 * 3);
  EXPECT_EQ(sign(Approx(0.1) * Approx(3.0) - Approx(0.3)), 1);  // certain, though tiny
  EXPECT_EQ(sign(Approx(0.7) - Approx(0.7)), 0);                // exact zeros stay exact
  EXPECT_EQ(roundNearest(Approx(1.0) / Approx(4.0)), 0.25);     // exact quotient, no error
}

TEST(ReferenceFilter, RandomPolygonPairsAreBitIdenticalAndRarelyFallBack) {
  std::mt19937_64 rng(0xf117e5);
  const auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1p-53;
  };
  resetFilterStats();
  int contacts = 0;
  const int trials = 4000;
  for (int t = 0; t < trials; ++t) {
    const Polygon a = makeRegularPolygon({uniform(-0.1, 0.1), uniform(-0.1, 0.1)},
                                         uniform(0.4, 0.6), 3 + static_cast<int>(rng() % 6),
                                         uniform(0, 6.3), rng() % 2 ? 0.0 : uniform(0, 0.1));
    const Polygon b = makeRegularPolygon({uniform(-0.1, 0.1), uniform(-0.1, 0.1)},
                                         uniform(0.4, 0.6), 3 + static_cast<int>(rng() % 6),
                                         uniform(0, 6.3), rng() % 2 ? 0.0 : uniform(0, 0.1));
    const double angleA = uniform(-3.2, 3.2);
    const double angleB = uniform(-3.2, 3.2);
    const Transform xfA{{uniform(-0.8, 0.8), uniform(-0.8, 0.8)},
                        {std::cos(angleA), std::sin(angleA)}};
    const Transform xfB{{uniform(-0.8, 0.8), uniform(-0.8, 0.8)},
                        {std::cos(angleB), std::sin(angleB)}};
    const Options options{rng() % 4 == 0 ? 0.125 : 0.0};
    const auto [filtered, exact] = bothWays(a, xfA, b, xfB, options);
    contacts += filtered.status == Status::contact;
    EXPECT_TRUE(identical(filtered, exact)) << "trial " << t;
  }
  const FilterStats stats = filterStats();
  std::printf("filter: %llu calls, %llu exact fallbacks\n",
              static_cast<unsigned long long>(stats.calls),
              static_cast<unsigned long long>(stats.fallbacks));
  EXPECT_EQ(stats.calls, static_cast<std::uint64_t>(trials));
  EXPECT_LT(stats.fallbacks * 100, stats.calls);  // under 1 %
  EXPECT_GT(contacts, trials / 4);
  EXPECT_LT(contacts, trials * 3 / 4);
}

TEST(ReferenceFilter, CapsuleAndSegmentAgainstPolygonsAreBitIdentical) {
  // polygon_capsule and segment_polygon reach the same filtered steps with a two-vertex
  // polygon.
  std::mt19937_64 rng(0xca95);
  const auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1p-53;
  };
  resetFilterStats();
  int contacts = 0;
  for (int t = 0; t < 1000; ++t) {
    const Polygon p = makeRegularPolygon({0, 0}, uniform(0.4, 0.6), 3 + static_cast<int>(rng() % 6),
                                         uniform(0, 6.3), rng() % 2 ? 0.0 : uniform(0, 0.1));
    const Vec2 p1{uniform(-0.5, 0.5), uniform(-0.5, 0.5)};
    const Vec2 p2{uniform(-0.5, 0.5), uniform(-0.5, 0.5)};
    const double angle = uniform(-3.2, 3.2);
    const Transform xf{{uniform(-0.8, 0.8), uniform(-0.8, 0.8)},
                       {std::cos(angle), std::sin(angle)}};
    const Shape other = t % 2 ? Shape{Capsule{p1, p2, uniform(0, 0.2)}} : Shape{Segment{p1, p2}};
    const Manifold filtered = collide(p, at(0, 0), other, xf);
    setFilterEnabled(false);
    const Manifold exact = collide(p, at(0, 0), other, xf);
    setFilterEnabled(true);
    contacts += filtered.status == Status::contact;
    EXPECT_TRUE(identical(filtered, exact)) << "trial " << t;
  }
  EXPECT_EQ(filterStats().calls, 1000u);
  EXPECT_LT(filterStats().fallbacks * 100, filterStats().calls);
  EXPECT_GT(contacts, 250);
  EXPECT_LT(contacts, 750);
}

TEST(ReferenceFilter, NearTieFallsBackToExactAndAgrees) {
  // Two equal boxes turned by the same inexact rotation, face to face: the two reference
  // candidates (A's face 1, B's face 3) tie exactly, and their interval enclosures overlap,
  // so the rationals decide (tie → A).
  const Polygon box = makePolygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
  const Rot q{std::cos(0.3), std::sin(0.3)};
  const Transform xfA{{0, 0}, q};
  const Transform xfB{{1.5 * q.c, 1.5 * q.s}, q};
  resetFilterStats();
  const auto [filtered, exact] = bothWays(box, xfA, box, xfB);
  EXPECT_EQ(filterStats().fallbacks, 1u);
  EXPECT_TRUE(identical(filtered, exact));
  ASSERT_EQ(filtered.status, Status::contact);
  EXPECT_EQ(filtered.pointCount, 2);
  EXPECT_EQ(filtered.gaps.axis, 0.0);  // the exact tie, decided for A
  // Axis-aligned dyadic boxes are exact in doubles: even their exact tie needs no fallback.
  resetFilterStats();
  const auto [f2, e2] = bothWays(box, at(0, 0), box, at(1.5, 0));
  EXPECT_EQ(filterStats().fallbacks, 0u);
  EXPECT_TRUE(identical(f2, e2));
}

/// The reported square of half-extent h against the same square at (1.5h, h/4): A's face 1 is
/// the axis, normal (1, 0), depth h/2 (both faces x = ±h overlap by h/2; the y faces by 7h/4
/// and 9h/4).
Polygon squareOf(double h) {
  return makePolygon({{-h, -h}, {h, -h}, {h, h}, {-h, h}});
}

TEST(ReferenceFilter, ProductOfAnUnderflowedEnclosureIsNotExact) {
  // (2^-600)² underflows to 0 with an error bound; times 2^-600 the propagated bound
  // (2^-600 · 2^-1000) underflows too. The product must keep a positive bound: with bound 0
  // it read as an exact zero and polygons 2^-300 wide took a wrong SAT axis.
  const Approx square = Approx(0x1p-600) * Approx(0x1p-600);
  EXPECT_EQ(square.hi, 0.0);
  EXPECT_GT(square.err, 0.0);
  const Approx cube = square * Approx(0x1p-600);
  EXPECT_GT(cube.err, 0.0);
  EXPECT_THROW(sign(cube), Uncertain);
  EXPECT_THROW(sign(cube - Approx(0.0)), Uncertain);
  // Exact inputs and an exact operation still give an exact result.
  EXPECT_EQ((Approx(0x1p-600) * Approx(0.0)).err, 0.0);
  EXPECT_EQ((Approx(0x1p-500) * Approx(0x1p-300)).err, 0.0);
}

TEST(ReferenceFilter, TinySquaresTakeTheRightAxisAtEveryScale) {
  // Regression: every half-extent from 2^-271 to 2^-449 gave normal (0, −1), separation
  // −0x1.2p-299 (at 2^-300) instead of (1, 0), −h/2. Swept over the whole range whose outputs
  // stay normal doubles, filtered and all-exact alike.
  int checked = 0;
  for (int e = -1010; e <= 45; ++e) {
    const double h = std::ldexp(1.0, e);
    const Polygon box = squareOf(h);
    const auto [filtered, exact] = bothWays(box, at(0, 0), box, at(1.5 * h, 0.25 * h));
    ASSERT_TRUE(identical(filtered, exact)) << "h = 2^" << e;
    ASSERT_EQ(filtered.status, Status::contact) << "h = 2^" << e;
    EXPECT_EQ(filtered.normal, (Vec2{1, 0})) << "h = 2^" << e;
    ASSERT_EQ(filtered.pointCount, 2) << "h = 2^" << e;
    EXPECT_EQ(filtered.points[0].separation, -0.5 * h) << "h = 2^" << e;
    EXPECT_EQ(filtered.points[1].separation, -0.5 * h) << "h = 2^" << e;
    ++checked;
  }
  EXPECT_EQ(checked, 1056);
}

TEST(ReferenceFilter, TinySquareAgainstSegmentAndCapsuleAtEveryScale) {
  // The same layer served polygon–segment and polygon–capsule: a vertical segment (capsule of
  // radius h/4) at x = h/2 crossing the square [−h, h]²: A's face 1 with depth h/2 (+ h/4),
  // normal (1, 0), filtered and all-exact alike.
  for (int e = -1010; e <= 45; e += 3) {
    const double h = std::ldexp(1.0, e);
    const Polygon box = squareOf(h);
    const Segment segment{{0.5 * h, -0.75 * h}, {0.5 * h, 1.25 * h}};
    const Capsule capsule{segment.p1, segment.p2, 0.25 * h};
    for (const Shape& other : {Shape{segment}, Shape{capsule}}) {
      const double radius = std::holds_alternative<Capsule>(other) ? 0.25 * h : 0.0;
      const Manifold filtered = collide(box, at(0, 0), other, at(0, 0));
      setFilterEnabled(false);
      const Manifold exact = collide(box, at(0, 0), other, at(0, 0));
      setFilterEnabled(true);
      ASSERT_TRUE(identical(filtered, exact)) << "h = 2^" << e;
      ASSERT_EQ(filtered.status, Status::contact) << "h = 2^" << e;
      EXPECT_EQ(filtered.normal, (Vec2{1, 0})) << "h = 2^" << e;
      ASSERT_GE(filtered.pointCount, 1) << "h = 2^" << e;
      EXPECT_EQ(filtered.points[0].separation, -0.5 * h - radius) << "h = 2^" << e;
    }
  }
}

}  // namespace
}  // namespace touche::reference::testing
