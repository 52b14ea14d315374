// judge() over the whole scale range: the reference's own manifolds are accepted and wrong ones
// are not, for seeded scenes of every pair scaled by 2^e from 2^-1000 to 2^40 (past 2^-1000 a
// unit-scale output would leave the normal doubles). Regression: the judge measured lengths
// through their squares in double, so once shapes were ≤ 2^-537 wide the squared lengths
// underflowed, the best separation read −0 and the exactly right manifold was "wrong-normal".
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "exact_geometry.h"
#include "touche/oracle/cast_compare.h"
#include "touche/oracle/compare.h"
#include "touche/oracle/judge.h"
#include "touche/reference/reference.h"
#include "touche/test_support/generators.h"
#include "touche/test_support/scene_ops.h"
#include "touche/test_support/scenes.h"

namespace touche::oracle {
namespace {

constexpr int kExponents[] = {-1000, -900, -800, -700, -600, -537, -500, -449,
                              -300,  -271, -200, -100, -40,  0,    20,   40};

Manifold referenceOf(const Case& c) {
  return reference::collide(c.a, c.xfA, c.b, c.xfB, Options{});
}

/// The manifold with its first point's separation off by half the scene's unit (2^e): far
/// beyond any rounding at that scale.
Manifold withWrongSeparation(Manifold m, int e) {
  m.points[0].separation += std::ldexp(0.5, e);
  return m;
}

/// The manifold with its normal turned by a quarter turn.
Manifold withWrongNormal(Manifold m) {
  m.normal = {-m.normal.y, m.normal.x};
  return m;
}

TEST(JudgeAtEveryScale, ReferenceManifoldsAgreeAndWrongOnesFail) {
  const DeclaredConventions exact = *conventionsPreset("exact");
  for (const PairInfo& info : kPairTable) {
    if (!info.hasArea) continue;
    std::mt19937_64 rng(0x5ca1e0 + static_cast<int>(info.id));
    int judged = 0;
    int contacts = 0;
    for (int t = 0; t < 24; ++t) {
      const Case unit =
          test::randomScene(rng, info.id, test::SceneSpec{}, test::RotationKind::mixed);
      for (const int e : kExponents) {
        const Case c = test::scaledScene(unit, e);
        if (validateInput(c.a, c.xfA, c.b, c.xfB, Options{})) continue;
        const Manifold m = referenceOf(c);
        ++judged;
        const Comparison right = judge(c, m, exact);
        EXPECT_TRUE(isAcceptable(right.outcome))
            << info.name << " trial " << t << " scale 2^" << e << ": " << right.explanation;
        if (m.status != Status::contact) continue;
        ++contacts;
        const Comparison separation = judge(c, withWrongSeparation(m, e), exact);
        EXPECT_FALSE(isAcceptable(separation.outcome))
            << info.name << " trial " << t << " scale 2^" << e << ": separation off by 2^" << e - 1;
        const Comparison normal = judge(c, withWrongNormal(m), exact);
        EXPECT_FALSE(isAcceptable(normal.outcome))
            << info.name << " trial " << t << " scale 2^" << e << ": normal turned";
      }
    }
    EXPECT_GT(judged, 24 * 15) << info.name;        // nearly every scaled scene stays valid
    EXPECT_GT(contacts, judged / 10) << info.name;  // chain segments touch from one side only
    EXPECT_LT(contacts, judged * 4 / 5) << info.name;
  }
}

TEST(JudgeAtEveryScale, TinySquaresPassAtEveryScale) {
  // The reported case: a square of half-extent h against the same square at (1.5h, h/4); the
  // exact answer is normal (1, 0), two points at depth h/2.
  const DeclaredConventions exact = *conventionsPreset("exact");
  for (int e = -1000; e <= 40; ++e) {
    const double h = std::ldexp(1.0, e);
    const Polygon box = makeBox(h, h);
    const Case c{"tiny-squares", box, Transform{}, box, Transform{{1.5 * h, 0.25 * h}, {1, 0}}};
    const Manifold m = referenceOf(c);
    ASSERT_EQ(m.status, Status::contact) << "h = 2^" << e;
    EXPECT_EQ(m.normal, (Vec2{1, 0})) << "h = 2^" << e;
    const Comparison r = judge(c, m, exact);
    EXPECT_EQ(r.outcome, Outcome::agree) << "h = 2^" << e << ": " << r.explanation;
  }
}

/// A circle of radius s resting 0.1·s deep on a box 4s wide and 2s tall, scaled by s = 2^e.
Case circleOnBox(int e) {
  const double s = std::ldexp(1.0, e);
  return Case{"circle-on-box", makeBox(2 * s, s), Transform{}, Circle{{0, 0}, s},
              Transform{{0, 1.9 * s}, {1, 0}}};
}

/// The exact answer of circleOnBox: normal (0, 1), one point midway between the box's top and
/// the circle's bottom, 0.1·s deep.
Manifold circleOnBoxAnswer(int e) {
  const double s = std::ldexp(1.0, e);
  Manifold m;
  m.status = Status::contact;
  m.normal = {0, 1};
  m.pointCount = 1;
  m.points[0] = {{0, 0.95 * s}, -0.1 * s, {}};
  return m;
}

TEST(JudgeAtEveryScale, CircleDeclaredAsPolygonRestsOnABoxAtEveryScale) {
  // Regression: with circleSegments declared the judge measured the circle's chord by √(r² −
  // h²) in double; r² underflowed below 2^-537, the chord read 0 and the right answer was
  // wrong-point at 2^-600 and 2^-1000.
  const auto conventions = std::get<DeclaredConventions>(
      parseConventions(R"({"circleSegments":16,"compareIds":false})"));
  for (const int e : {0, -300, -537, -600, -1000, 40}) {
    const Case c = circleOnBox(e);
    const Manifold right = circleOnBoxAnswer(e);
    const Comparison r = judge(c, right, conventions);
    EXPECT_EQ(r.outcome, Outcome::agree) << "2^" << e << ": " << r.explanation;
    Manifold deeper = right;
    deeper.points[0].separation *= 2;  // 0.1·s too deep: beyond the 16-gon's sagitta
    EXPECT_EQ(judge(c, deeper, conventions).outcome, Outcome::wrongSeparation) << "2^" << e;
  }
}

TEST(CompareAtEveryScale, SidePlaneExtensionAtEveryScale) {
  // Regression: compare() projected a point on the expected incident line by the line's
  // squared length in double, which underflowed below 2^-537: a point clipped at Box2D
  // 2.4.1's side plane (pushed out by the radius) was wrong-point at 2^-600.
  for (const int e : {0, -600, -1000, 40}) {
    const double s = std::ldexp(1.0, e);
    Polygon a = makeBox(2 * s, s);
    a.radius = 0.25 * s;
    Polygon b = makeBox(0.5 * s, 0.5 * s);
    b.radius = 0.25 * s;
    // B's bottom face 0.1·s into A's top face, its left end 0.2·s beyond A's right side plane.
    const Case c{"rounded-boxes", a, Transform{}, b, Transform{{1.7 * s, 1.9 * s}, {1, 0}}};
    const Manifold expected = reference::collide(c.a, c.xfA, c.b, c.xfB, Options{});
    ASSERT_EQ(expected.status, Status::contact) << "2^" << e;
    ASSERT_EQ(expected.pointCount, 2) << "2^" << e;
    // The same incident edge clipped 0.2·s farther out (inside the 0.5·s extension).
    Manifold extended = expected;
    const int far = expected.points[0].point.x > expected.points[1].point.x ? 0 : 1;
    const ManifoldPoint& near = expected.points[1 - far];
    ManifoldPoint& moved = extended.points[far];
    const double t = 1.0 + 0.2 * s / (moved.point.x - near.point.x);
    moved.point = near.point + t * (moved.point - near.point);
    moved.separation = near.separation + t * (moved.separation - near.separation);
    // Box2D 2.4.1's conventions in double (in float a scene at 2^-600 is below its numbers).
    Conventions conventions = conventionsFor("box2d");
    conventions.precision = Precision::float64;
    const Tolerance tolerance = toleranceFor(c, conventions);
    const Comparison r = compare(c, expected, extended, tolerance);
    EXPECT_EQ(r.outcome, Outcome::agreeWithinTie) << "2^" << e << ": " << r.explanation;
    // 0.4·s farther still: beyond the extension.
    Manifold beyond = extended;
    beyond.points[far].point.x += 0.4 * s;
    EXPECT_EQ(compare(c, expected, beyond, tolerance).outcome, Outcome::wrongPoint) << "2^" << e;
  }
}

TEST(CastAtEveryScale, CoreDistanceAtEveryScale) {
  // Regression: the cast judge found the closest point of a segment through its squared
  // length in double: at 2^-600 it read the segment's end instead of its foot.
  for (const int e : {0, -600, -1000, 40}) {
    const double s = std::ldexp(1.0, e);
    const CastCase c{"segment", Segment{{-s, 0}, {s, 0}}, Transform{}, CastInput{}};
    EXPECT_EQ(coreDistance(c, {0.5 * s, 0.25 * s}), 0.25 * s) << "2^" << e;
  }
}

TEST(ExactAtEveryScale, RationalSquareRootsOfEveryMagnitude) {
  // cornerTouch once took √g through a double: a square of 2^-1200 read 0.
  using exact::Q;
  const Q tiny = Q(1) / (Q(boost::multiprecision::mpz_int(1) << 600));
  ASSERT_TRUE(exact::rationalSqrt(tiny * tiny));
  EXPECT_EQ(*exact::rationalSqrt(tiny * tiny), tiny);
  const Q odd = Q((boost::multiprecision::mpz_int(1) << 60) + 1);
  EXPECT_EQ(*exact::rationalSqrt(odd * odd), odd);
  EXPECT_EQ(*exact::rationalSqrt(Q(9, 4)), Q(3, 2));
  EXPECT_FALSE(exact::rationalSqrt(Q(2)));
  EXPECT_FALSE(exact::rationalSqrt(Q(-4)));
}

}  // namespace
}  // namespace touche::oracle
