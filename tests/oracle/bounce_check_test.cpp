// judgeBounce (oracle/bounce_compare.h): the reference's own paths agree; hand-made foreign
// paths — a corner tie taken the other way, a path that stops early or goes on, a leg that
// ends off its contact, turns the wrong way, or passes through a wall — get the right verdict
// at the right leg; and the fast engines, judged leg by leg on seeded random scenes (concave
// walls, corridors exactly 2r wide, grazed corners, directions along walls), all pass, with
// the share of paths that end at an obstacle asserted so the test cannot pass vacuously; and on
// large scenes (star walls of 1 000 to 10 000 vertices, tens of obstacles), where the fast
// engines find each leg's contact through their BVH.
#include <gtest/gtest.h>

#include <random>

#include "touche/fast/bounce.h"
#include "touche/oracle/bounce_compare.h"
#include "touche/reference/bounce.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche::oracle {
namespace {

BounceScene corner() {
  BounceScene s;
  s.walls = {{-10, -10}, {10, -10}, {10, 10}, {-10, 10}};
  s.ball = {{0, 0}, 1, {1, 1}};
  s.maxBounces = 3;
  return s;
}

BounceJudgement judge(const BounceScene& s, const BouncePath& path,
                      std::string_view engine = "fast") {
  return judgeBounce(s, path, {}, bounceConventionsFor(engine));
}

TEST(JudgeBounce, TheReferencesOwnPathsAgree) {
  for (const BounceScene& s :
       {test::sourceBounceScene(), test::sourceBounceScene({1.2, -1}), corner()}) {
    const BounceJudgement j = judge(s, reference::bounce(s));
    EXPECT_EQ(j.outcome, BounceOutcome::agree) << j.explanation;
    EXPECT_FALSE(j.leg.has_value());
  }
}

TEST(JudgeBounce, ACornerTakenTheOtherWayIsATie) {
  const BounceScene s = corner();
  BouncePath path = reference::bounce(s);
  // Face 2 first, then face 1 at zero length: the same corner, the tie broken the other way.
  std::swap(path.legs[0].feature, path.legs[1].feature);
  std::swap(path.legs[0].normal, path.legs[1].normal);
  path.legs[1].direction = {1, -1};
  const BounceJudgement j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::agreeWithinTie) << j.explanation;
  EXPECT_EQ(j.leg, 0u);
  EXPECT_NE(j.explanation.find("a tie: wall face 1 and wall face 2"), std::string::npos)
      << j.explanation;
}

TEST(JudgeBounce, NamesTheFirstLegThatLeavesTheReference) {
  const BounceScene s = test::sourceBounceScene();
  const BouncePath good = reference::bounce(s);
  BouncePath path = good;
  path.legs[3].end.x += 1e-6;  // off its contact, and the next leg starts there
  path.legs[4].start = path.legs[3].end;
  BounceJudgement j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongEnd) << j.explanation;
  EXPECT_EQ(j.leg, 3u);
  // The error in world units, then in the unit the tolerance counts, named, and the allowance.
  EXPECT_NE(j.explanation.find("is 1e-06 from the reference's"), std::string::npos)
      << j.explanation;
  EXPECT_NE(j.explanation.find("units of ε·scale, weighted by the incidence"), std::string::npos)
      << j.explanation;
  EXPECT_NE(j.explanation.find("(ε·scale = 2^-52 × 340 = 7.55e-14); at most 64 are allowed"),
            std::string::npos)
      << j.explanation;
  BouncePath far = good;  // under float's conventions, a larger error
  far.legs[3].end.x += 0.5;
  far.legs[4].start = far.legs[3].end;
  const BounceJudgement asFloat = judge(s, far, "fast_float");
  EXPECT_EQ(asFloat.outcome, BounceOutcome::wrongEnd) << asFloat.explanation;
  EXPECT_NE(asFloat.explanation.find("(ε·scale = 2^-23 × 340 = 4.05e-05)"), std::string::npos)
      << asFloat.explanation;
  path = good;
  path.legs[5].direction = {-1, 1.001};
  j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongDirection) << j.explanation;
  EXPECT_EQ(j.leg, 5u);
  path = good;
  path.legs[7].start.y += 1;
  j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongStart) << j.explanation;
  EXPECT_EQ(j.leg, 7u);
  path = good;
  path.legs[2].normal = {0, 1};
  j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongNormal) << j.explanation;
  path = good;
  path.legs.resize(10);
  j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::missingLegs) << j.explanation;
  EXPECT_EQ(j.leg, 10u);
  path = good;
  path.status = BounceStatus::obstacle;
  j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::statusMismatch) << j.explanation;
  path = good;
  path.legs[0].normal.x = std::nan("");
  EXPECT_EQ(judge(s, path).outcome, BounceOutcome::nonFinite);
}

TEST(JudgeBounce, APathThroughAWallIsAWrongHit) {
  // The first leg claims the far wall: the ball would pass through the obstacle on its way.
  BounceScene s = test::sourceBounceScene({1, 0});
  s.ball.center = {-200, 20};
  BouncePath path = reference::bounce(s);
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  path.legs[0].end = {260, 20};
  path.legs[0].length = 460;
  path.legs[0].feature = {BounceHit::wall, 0, FeatureType::face, 2};
  path.legs[0].normal = {-1, 0};
  path.status = BounceStatus::maxBounces;
  s.maxBounces = 0;
  const BounceJudgement j = judge(s, path);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongHit) << j.explanation;
  EXPECT_NE(j.explanation.find("overlaps obstacle 0"), std::string::npos) << j.explanation;
  EXPECT_NE(j.explanation.find(", beyond the tie band 7.73e-11, 2^10 units of ε·scale = "
                               "2^-52 × 340 = 7.55e-14"),
            std::string::npos)
      << j.explanation;
}

TEST(JudgeBounce, AGrazeMissedOrTakenIsATie) {
  // The path passes exactly r under the obstacle's corner: the reference stops there (a graze
  // is a contact); an engine that misses it by a rounding and goes on to the wall is inside
  // the tie band.
  BounceScene s;
  s.walls = {{-100, -100}, {100, -100}, {100, 100}, {-100, 100}};
  s.obstacles = {{{0, 5}, {0, 15}, {10, 15}, {10, 5}}};
  s.ball = {{-50, 0}, 5, {1, 0}};
  s.maxBounces = 0;
  BouncePath missed;
  missed.status = BounceStatus::maxBounces;
  BounceLeg leg;
  leg.start = {-50, 0};
  leg.direction = {1, 0};
  leg.end = {95, 0};
  leg.length = 145;
  leg.feature = {BounceHit::wall, 0, FeatureType::face, 1};
  leg.normal = {-1, 0};
  missed.legs = {leg};
  // A tenth of the band lower the reference misses the corner too and meets the wall.
  s.ball.center.y = -0x1p-48;
  missed.legs[0].start = s.ball.center;
  missed.legs[0].end.y = s.ball.center.y;
  BounceJudgement j = judge(s, missed);
  EXPECT_EQ(j.outcome, BounceOutcome::agree) << j.explanation;
  // Exactly r under the corner the reference stops: the engine that went on is inside the tie.
  s.ball.center.y = 0;
  missed.legs[0].start.y = missed.legs[0].end.y = 0;
  j = judge(s, missed);
  EXPECT_EQ(j.outcome, BounceOutcome::agreeWithinTie) << j.explanation;
  EXPECT_NE(j.explanation.find("a graze"), std::string::npos) << j.explanation;
  // A unit higher the ball would cut the corner: going on is wrong.
  s.ball.center.y = 1;
  missed.legs[0].start.y = missed.legs[0].end.y = 1;
  j = judge(s, missed);
  EXPECT_EQ(j.outcome, BounceOutcome::wrongHit) << j.explanation;
  EXPECT_NE(j.explanation.find("overlaps obstacle 0"), std::string::npos) << j.explanation;
}

// ---- The fast engines against the reference, leg by leg ------------------------------------

struct FastAgreement : ::testing::TestWithParam<const char*> {};

TEST_P(FastAgreement, EveryLegOnRandomScenes) {
  const std::string engine = GetParam();
  const BounceFn run = engine == "fast" ? &fast::bounce : &fast::bounceFloat;
  std::mt19937_64 rng{engine == "fast" ? 1312u : 2718u};
  int obstacles = 0, ties = 0, legs = 0;
  const int scenes = 1000;
  for (int i = 0; i < scenes; ++i) {
    BounceScene s = test::randomBounceScene(rng);
    const BouncePath path = run(s);
    const BounceJudgement j = judgeBounce(s, path, {}, bounceConventionsFor(engine));
    ASSERT_TRUE(j.passed()) << "scene " << i << ": " << bounceOutcomeName(j.outcome) << " — "
                            << j.explanation << "\n"
                            << formatBounceCase({"failing", s});
    obstacles += path.status == BounceStatus::obstacle ? 1 : 0;
    ties += j.outcome == BounceOutcome::agreeWithinTie ? 1 : 0;
    legs += static_cast<int>(path.legs.size());
  }
  EXPECT_GT(obstacles, scenes * 3 / 10);
  EXPECT_LT(obstacles, scenes * 7 / 10);
  EXPECT_GT(legs, 4 * scenes);
  std::printf("%s: %d of %d paths end at an obstacle, %d legs, %d within a tie\n", engine.c_str(),
              obstacles, scenes, legs, ties);
}

INSTANTIATE_TEST_SUITE_P(DoubleAndFloat, FastAgreement, ::testing::Values("fast", "fast_float"));

// ---- Large scenes: the fast engines' BVH path against the reference -------------------------

struct LargeSceneAgreement : ::testing::TestWithParam<const char*> {};

TEST_P(LargeSceneAgreement, EveryLegThroughTheBvh) {
  // fast::bounce and fast::bounceFloat take their BVH from 256 features: star walls of 1 000 to
  // 10 000 vertices and tens of obstacles (tests/support's largeRandomBounceScene), every path
  // judged leg by leg by the reference. About half the paths end at an obstacle, the rest run
  // out of bounces along the wall: both kinds of contact are judged, faces and arcs.
  const std::string engine = GetParam();
  const BounceFn run = engine == "fast" ? &fast::bounce : &fast::bounceFloat;
  std::mt19937_64 rng{engine == "fast" ? 0x1a5e1u : 0x1a5e2u};
  int paths = 0, obstacles = 0, wallContacts = 0, arcs = 0, legs = 0;
  for (const int vertices : {1000, 2000, 4000, 10000}) {
    test::LargeBounceSceneSpec spec;
    spec.wallVertices = vertices;
    for (int k = 0; k < 6; ++k) {
      const BounceScene s = test::largeRandomBounceScene(rng, spec);
      ASSERT_GE(s.obstacles.size(), 10u);
      ASSERT_GE(fast::prepareBounce<double>(s).features.size(), 256u);  // through the BVH
      const BouncePath path = run(s);
      const BounceJudgement j = judgeBounce(s, path, {}, bounceConventionsFor(engine));
      ASSERT_TRUE(j.passed()) << vertices << " vertices, scene " << k << ": "
                              << bounceOutcomeName(j.outcome) << " — " << j.explanation;
      ++paths;
      obstacles += path.status == BounceStatus::obstacle ? 1 : 0;
      for (const BounceLeg& leg : path.legs) {
        wallContacts += leg.feature.hit == BounceHit::wall ? 1 : 0;
        arcs += leg.feature.type == FeatureType::vertex ? 1 : 0;
      }
      legs += static_cast<int>(path.legs.size());
    }
  }
  std::printf("%s: %d of %d paths end at an obstacle, %d legs, %d wall contacts, %d at arcs\n",
              engine.c_str(), obstacles, paths, legs, wallContacts, arcs);
  EXPECT_GE(obstacles, paths * 3 / 10);
  EXPECT_LE(obstacles, paths * 7 / 10);
  EXPECT_GT(wallContacts, 4 * paths);
  EXPECT_GT(arcs, paths / 2);
}

INSTANTIATE_TEST_SUITE_P(DoubleAndFloat, LargeSceneAgreement,
                         ::testing::Values("fast", "fast_float"));

}  // namespace
}  // namespace touche::oracle
