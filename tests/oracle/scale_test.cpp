// judge() over the whole scale range: the reference's own manifolds are accepted and wrong ones
// are not, for seeded scenes of every pair scaled by 2^e from 2^-1000 to 2^40 (past 2^-1000 a
// unit-scale output would leave the normal doubles). Regression: the judge measured lengths
// through their squares in double, so once shapes were ≤ 2^-537 wide the squared lengths
// underflowed, the best separation read −0 and the exactly right manifold was "wrong-normal".
#include <gtest/gtest.h>

#include <cmath>
#include <random>

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

}  // namespace
}  // namespace touche::oracle
