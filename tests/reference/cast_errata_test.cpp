// Source 001's ray–arc steps against touche's (reference/src/cast_features.h): the places the
// post's formulas go wrong, each with a counterexample (docs/errata.md, source 001).
#include <cmath>

#include "cast_features.h"
#include "cast_test_support.h"

namespace touche::reference::testing {
namespace {

ExactVec2 v2(double x, double y) {
  return {Rational(x), Rational(y)};
}

CastPathOf<Rational> exactRay(Vec2 origin, Vec2 d, double total) {
  CastPathOf<Rational> path;
  path.origin = liftExact(origin);
  path.d = liftExact(d);
  path.radius = Rational(total);
  path.total = Rational(total);
  path.maxFraction = Rational(1);
  return path;
}

TEST(CastErrataSource001, ArcRangeByTheAngleOfTheRatioConfusesOppositeQuadrants) {
  // The post tests start ≤ arctan(OB.y/OB.x) ≤ end. An arc around (0, 0) from 0 to 90° (the
  // corner of a box's first quadrant) and the point B = (−√½, −√½) at 225°: OB.y/OB.x = 1 and
  // arctan 1 = 45° lies in [0°, 90°], so the post takes B as on the arc. A ray from (−3, −3)
  // towards the centre enters the full circle at exactly that B.
  EXPECT_NEAR(std::atan(-0.5 / -0.5), std::atan2(1.0, 1.0), 1e-15);  // the post's reading
  ArcLimitsOf<Rational> firstQuadrant;
  firstQuadrant.limits = {v2(1, 0), v2(0, 1)};  // u·(1, 0) ≥ 0 and u·(0, 1) ≥ 0
  firstQuadrant.count = 2;
  const auto hit = castAgainstArc(exactRay({-3, -3}, {4, 4}, 1), v2(0, 0), firstQuadrant, 0);
  EXPECT_FALSE(hit.has_value());  // touche decides by signs: B is not on the arc
  ArcLimitsOf<Rational> full;
  const auto whole = castAgainstArc(exactRay({-3, -3}, {4, 4}, 1), v2(0, 0), full, 0);
  ASSERT_TRUE(whole.has_value());  // the full circle is entered there, at t = (3 − √½)/4
  EXPECT_NEAR(roundNearest(whole->t), (3 - std::sqrt(0.5)) / 4, 1e-16);
}

TEST(CastErrataSource001, QuadraticAlternativeNeedsTheCentreNotTheConstantTerm) {
  // The post's extension: (m + x·d − o)² − r² = 0 gives a·x² + b·x + c = 0 with a = d·d,
  // "b = 2(m − c)·d" (c is already the constant term: it must be the centre o, 2(m − o)·d) and
  // c = (m − o)·(m − o) − r²; and it says b² − 4ac > 0 means the line and circle "相离"
  // (apart) where it means they cross. Ray m = (−5, 0.5), d = (10, 0), unit circle at o = 0:
  const double a = 100, b = 2 * (-5 * 10 + 0.5 * 0), c = 25 + 0.25 - 1;
  const double discriminant = b * b - 4 * a * c;  // 10000 − 9700 = 300 > 0: two crossings
  EXPECT_GT(discriminant, 0);
  // With the typo, b = 2(m − c)·d = 2·(−5 − 24.25)·10 = −585 and the smaller root is
  // (585 − √332525)/200 ≈ 0.0417: a "hit" 3.7 units before the circle.
  const double bWithTheTypo = 2 * ((-5 - c) * 10 + 0.5 * 0);
  const double typoRoot =
      (-bWithTheTypo - std::sqrt(bWithTheTypo * bWithTheTypo - 4 * a * c)) / (2 * a);
  // touche's foot-of-perpendicular radicand D = R²·(d·d) − (m^d)² is (b² − 4ac)/4:
  const CastResult r = castAt(Circle{{0, 0}, 1}, ray({-5, 0.5}, {10, 0}));
  ASSERT_EQ(r.status, CastStatus::hit) << describe(r);
  EXPECT_EQ(r.fraction, 0x1.a751a9e54bd78p-2);  // (−b − √(b² − 4ac))/(2a) = (5 − √0.75)/10
  EXPECT_NEAR((-b - std::sqrt(discriminant)) / (2 * a), r.fraction, 1e-16);
  EXPECT_GT(std::fabs(typoRoot - r.fraction), 0.3);
}

}  // namespace
}  // namespace touche::reference::testing
