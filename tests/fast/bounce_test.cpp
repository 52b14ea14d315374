// The fast engine's bounce path (touche/fast/bounce.h) in double and float: source 001's scene,
// the semantic cases of the reference's tests (a start that touches, a corner head on, a leg
// cut by maxLength, an obstacle together with a wall, a graze), the broad-phase hooks (any
// order of offering features gives firstHit's answer; every contact lies in its feature's
// bounds), and invalid scenes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "touche/fast/bounce.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche::fast {
namespace {

BounceFeature wallFace(std::uint32_t i) {
  return {BounceHit::wall, 0, FeatureType::face, i};
}

BounceScene room(double h, double r, Vec2 centre, Vec2 direction) {
  BounceScene s;
  s.walls = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
  s.ball = {centre, r, direction};
  return s;
}

void expectNear(Vec2 actual, Vec2 expected, double tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
}

struct Engines : ::testing::TestWithParam<bool> {
  BouncePath run(const BounceScene& s) const { return GetParam() ? bounceFloat(s) : bounce(s); }
  double tolerance(double scale) const { return (GetParam() ? 0x1p-20 : 0x1p-48) * scale; }
};

TEST_P(Engines, SourceSceneRunsTheDiamond) {
  const BouncePath path = run(test::sourceBounceScene());
  ASSERT_EQ(path.status, BounceStatus::maxBounces);
  ASSERT_EQ(path.legs.size(), 30u);
  const Vec2 corners[4] = {{60, -260}, {260, -60}, {-60, 260}, {-260, 60}};
  for (std::size_t k = 0; k < path.legs.size(); ++k) {
    SCOPED_TRACE(k);
    expectNear(path.legs[k].end, corners[k % 4], tolerance(300) * (k + 1));
    EXPECT_EQ(path.legs[k].feature, wallFace((k + 1) % 4));
  }
}

TEST_P(Engines, SourceSceneTiltedStopsAtTheObstacle) {
  const BouncePath path = run(test::sourceBounceScene({1.2, -1}));
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  ASSERT_EQ(path.legs.size(), 3u);
  expectNear(path.legs[0].end, {112, -260}, tolerance(300));
  expectNear(path.legs[2].end, {60, 30}, tolerance(300) * 4);
  EXPECT_EQ(path.legs[2].feature, (BounceFeature{BounceHit::obstacle, 0, FeatureType::face, 0}));
  expectNear(path.legs[2].normal, {1, 0}, 0);
}

TEST_P(Engines, TheReferencesSemanticCases) {
  // Touching and moving in: a zero-length leg.
  BouncePath path = run(room(10, 1, {9, 0}, {1, 0}));
  EXPECT_EQ(path.legs[0].length, 0);
  EXPECT_EQ(path.legs[0].feature, wallFace(1));
  // A corner head on: two bounces, the second of zero length.
  BounceScene corner = room(10, 1, {0, 0}, {1, 1});
  corner.maxBounces = 3;
  path = run(corner);
  ASSERT_EQ(path.legs.size(), 4u);
  EXPECT_EQ(path.legs[0].feature, wallFace(1));
  EXPECT_EQ(path.legs[1].feature, wallFace(2));
  EXPECT_EQ(path.legs[1].length, 0);
  expectNear(path.legs[2].end, {-9, -9}, tolerance(10));
  // maxLength on the way.
  BounceScene cut = room(10, 1, {0, 0}, {1, 0});
  cut.maxLength = 12;
  path = run(cut);
  ASSERT_EQ(path.status, BounceStatus::maxLength);
  ASSERT_EQ(path.legs.size(), 2u);
  expectNear(path.legs[1].end, {6, 0}, tolerance(10));
  EXPECT_EQ(path.legs[1].feature.hit, BounceHit::none);
  // An obstacle together with a wall: the obstacle.
  BounceScene tie = room(100, 5, {0, 0}, {1, 0});
  tie.obstacles = {{{98, 4}, {96.5, 10}, {99.5, 10}}};
  path = run(tie);
  EXPECT_EQ(path.status, BounceStatus::obstacle);
  // A grazed obstacle corner stops the ball.
  BounceScene graze = room(100, 5, {-50, 0}, {1, 0});
  graze.obstacles = {{{0, 5}, {0, 15}, {10, 15}, {10, 5}}};
  path = run(graze);
  EXPECT_EQ(path.status, BounceStatus::obstacle);
  expectNear(path.legs[0].end, {0, 0}, tolerance(100));
}

TEST_P(Engines, AnInvalidSceneIsAnError) {
  const BouncePath path = run(room(10, 1, {20, 0}, {1, 0}));
  EXPECT_EQ(path.status, BounceStatus::error);
  EXPECT_TRUE(path.legs.empty());
}

INSTANTIATE_TEST_SUITE_P(DoubleAndFloat, Engines, ::testing::Values(false, true),
                         [](const auto& param) { return param.param ? "Float" : "Double"; });

TEST(BounceBroadPhaseHooks, OfferingFeaturesInAnyOrderGivesFirstHitsAnswer) {
  std::mt19937_64 rng{7};
  int hits = 0;
  for (int i = 0; i < 200; ++i) {
    const BounceScene s = test::randomBounceScene(rng);
    const BounceSceneT<double> prepared = prepareBounce<double>(s);
    const BounceLegT<double> leg{toT<double>(s.ball.center),
                                 normalizeOr(toT<double>(s.ball.direction), {1, 0}).unit};
    const FirstHitT<double> expected = firstHit(prepared, leg);
    std::vector<std::uint32_t> order(prepared.features.size());
    for (std::uint32_t k = 0; k < order.size(); ++k)
      order[k] = k;
    std::shuffle(order.begin(), order.end(), rng);
    FirstHitT<double> shuffled;
    for (const std::uint32_t k : order)
      offerFeature(prepared, k, leg, shuffled);
    EXPECT_EQ(shuffled.t, expected.t);
    EXPECT_EQ(shuffled.feature, expected.feature);
    if (expected.feature == FirstHitT<double>::npos) continue;
    ++hits;
    // The contact lies in the feature's bounds (which include the rounding allowance).
    const Vec2T<double> c = leg.start + expected.t * leg.heading;
    const BoxT<double> box = featureBounds(prepared, expected.feature);
    EXPECT_TRUE(c.x >= box.min.x && c.x <= box.max.x && c.y >= box.min.y && c.y <= box.max.y)
        << "scene " << i;
  }
  EXPECT_GT(hits, 190);
}

}  // namespace
}  // namespace touche::fast
