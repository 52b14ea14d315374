// The reference bounce path (reference/src/bounce.cpp): source 001's own scene as a worked
// example, each semantic decision of docs/conventions.md "Bounce path" on a scene made for it
// (a start that touches, a corner hit head on, a leg that ends exactly at maxLength, an
// obstacle touched together with a wall, grazed arcs, a corridor exactly 2r wide), and the
// properties on seeded random scenes: the angle of incidence equals the angle of reflection up
// to rounding, the ball never crosses a wall, and a bounce-only path run backwards retraces
// itself.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <vector>

#include "touche/core/bounce_jsonl.h"
#include "touche/reference/bounce.h"
#include "touche/reference/offset.h"
#include "touche/reference/reference.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche::reference {
namespace {

using test::sourceBounceScene;

const BounceFeature kNone{};

BounceFeature wallFace(std::uint32_t i) {
  return {BounceHit::wall, 0, FeatureType::face, i};
}
BounceFeature wallVertex(std::uint32_t i) {
  return {BounceHit::wall, 0, FeatureType::vertex, i};
}
BounceFeature obstacleVertex(std::uint32_t k, std::uint32_t i) {
  return {BounceHit::obstacle, k, FeatureType::vertex, i};
}

/// A square room of half extent h (counter-clockwise: face 0 bottom, 1 right, 2 top, 3 left).
BounceScene room(double h, double r, Vec2 centre, Vec2 direction) {
  BounceScene s;
  s.walls = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
  s.ball = {centre, r, direction};
  return s;
}

void expectLeg(const BounceLeg& leg, Vec2 start, Vec2 end, BounceFeature feature, Vec2 normal) {
  EXPECT_EQ(leg.start, start);
  EXPECT_EQ(leg.end, end);
  EXPECT_EQ(leg.feature, feature);
  if (feature.hit != BounceHit::none) {
    EXPECT_EQ(leg.normal, normal);
  }
}

// ---- Source 001's scene ------------------------------------------------------------------

TEST(BounceSource001, TheFirstDirectionRunsADiamondForever) {
  // The post's first direction (1, 1), y down; here (1, −1). The ball never reaches the
  // obstacle: it runs the diamond (60, −260) → (260, −60) → (−60, 260) → (−260, 60) until the
  // post's 29 reflections are spent. Every number is exact (the offset walls are at ±260).
  const BouncePath path = bounce(sourceBounceScene());
  ASSERT_EQ(path.status, BounceStatus::maxBounces);
  ASSERT_EQ(path.legs.size(), 30u);
  expectLeg(path.legs[0], {-200, 0}, {60, -260}, wallFace(1), {0, 1});
  EXPECT_EQ(path.legs[0].direction, (Vec2{1, -1}));
  EXPECT_EQ(path.legs[0].length, 260 * std::sqrt(2.0));
  const Vec2 corners[4] = {{60, -260}, {260, -60}, {-60, 260}, {-260, 60}};
  const Vec2 normals[4] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};
  const Vec2 directions[4] = {{1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
  for (std::size_t k = 1; k < path.legs.size(); ++k) {
    SCOPED_TRACE(k);
    const BounceLeg& leg = path.legs[k];
    expectLeg(leg, corners[(k - 1) % 4], corners[k % 4], wallFace((k + 1) % 4), normals[k % 4]);
    EXPECT_EQ(leg.direction, directions[k % 4]);
    EXPECT_EQ(leg.length, (k % 2 ? 200 : 320) * std::sqrt(2.0));
  }
}

TEST(BounceSource001, TheSecondDirectionStopsAtTheObstacle) {
  // The post's second direction (1.2, 1), y down; here (1.2, −1).
  const BouncePath path = bounce(sourceBounceScene({1.2, -1}));
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  ASSERT_GE(path.legs.size(), 2u);
  ASSERT_EQ(path.legs.size(), 3u);
  // Leg 0 meets the bottom wall's offset y = −260 at t = 260: x = −200 + 260·1.2, where 1.2
  // is the double just below 6/5, so x rounds to the double just below 112.
  expectLeg(path.legs[0], {-200, 0}, {std::nextafter(112.0, 0.0), -260}, wallFace(1), {0, 1});
  EXPECT_EQ(path.legs[1].direction, (Vec2{1.2, 1}));
  // Leg 1 meets the right wall's offset x = 260 at y = −260 + 148/1.2.
  EXPECT_EQ(path.legs[1].end.x, 260);
  EXPECT_DOUBLE_EQ(path.legs[1].end.y, -260 + 148 / 1.2);
  EXPECT_EQ(path.legs[1].feature, wallFace(2));
  EXPECT_EQ(path.legs[2].direction, (Vec2{-1.2, 1}));
  // Leg 2 meets the obstacle's right side (face 0, from (20, 100) to (20, −50)) pushed out to
  // x = 60, at y ≈ 30.
  const BounceLeg& last = path.legs.back();
  EXPECT_EQ(last.feature, (BounceFeature{BounceHit::obstacle, 0, FeatureType::face, 0}));
  EXPECT_EQ(last.end.x, 60);
  EXPECT_NEAR(last.end.y, 30, 1e-13);
  EXPECT_EQ(last.normal, (Vec2{1, 0}));
  // Where it stops, the ball touches the obstacle: its centre is r from the rectangle.
  EXPECT_NEAR(approachGap(sourceBounceScene(), last.feature, last.end, last.end), 0, 1e-12);
}

// ---- Semantics ----------------------------------------------------------------------------

TEST(BounceSemantics, AStartTouchingAndMovingInBouncesAtOnce) {
  // The ball touches the right wall (its centre exactly r from it) and moves into it: a
  // zero-length leg, then back across the room.
  const BouncePath path = bounce(room(10, 1, {9, 0}, {1, 0}));
  ASSERT_GE(path.legs.size(), 2u);
  expectLeg(path.legs[0], {9, 0}, {9, 0}, wallFace(1), {-1, 0});
  EXPECT_EQ(path.legs[0].length, 0);
  expectLeg(path.legs[1], {9, 0}, {-9, 0}, wallFace(3), {1, 0});
}

TEST(BounceSemantics, ALegStartingInsideAWallsOffsetMovesOnlyIfItMovesOut) {
  // A leg's start is a rounded contact: it may lie a hair inside the offset of the wall it
  // touches. bounceLeg takes any state; half a radius in shows the rule plainly. Moving out
  // of it, or along it, the wall is ignored; moving in, it is touched at once.
  const BounceScene s = room(10, 1, {0, 0}, {1, 0});
  BounceStep step = bounceLeg(s, {{9.5, 0}, {-1, 0}, kDefaultMaxLength});
  expectLeg(step.leg, {9.5, 0}, {-9, 0}, wallFace(3), {1, 0});
  step = bounceLeg(s, {{9.5, 0}, {0, 1}, kDefaultMaxLength});
  expectLeg(step.leg, {9.5, 0}, {9.5, 9}, wallFace(2), {0, -1});
  step = bounceLeg(s, {{9.5, 0}, {1, 0}, kDefaultMaxLength});
  expectLeg(step.leg, {9.5, 0}, {9.5, 0}, wallFace(1), {-1, 0});
  ASSERT_TRUE(step.reflected.has_value());
  EXPECT_EQ(*step.reflected, (Vec2{-1, 0}));
}

TEST(BounceSemantics, AStartOverlappingAWallIsInvalid) {
  const BouncePath path = bounce(room(10, 1, {9.5, 0}, {1, 0}));
  EXPECT_EQ(path.status, BounceStatus::error);
}

TEST(BounceSemantics, ACornerHitHeadOnIsTwoBouncesTheSecondOfZeroLength) {
  // Into the corner (9, 9): faces 1 and 2 touch at the same t. The tie goes to face 1; the
  // next leg starts touching face 2 and moving into it: a zero-length leg. Together they
  // reflect the ball straight back, as a corner reflector does.
  BounceScene s = room(10, 1, {0, 0}, {1, 1});
  s.maxBounces = 3;
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::maxBounces);
  ASSERT_EQ(path.legs.size(), 4u);
  expectLeg(path.legs[0], {0, 0}, {9, 9}, wallFace(1), {-1, 0});
  EXPECT_EQ(path.legs[0].gaps.feature, 0.0);  // a tie
  expectLeg(path.legs[1], {9, 9}, {9, 9}, wallFace(2), {0, -1});
  EXPECT_EQ(path.legs[1].direction, (Vec2{-1, 1}));
  expectLeg(path.legs[2], {9, 9}, {-9, -9}, wallFace(0), {0, 1});
  EXPECT_EQ(path.legs[2].direction, (Vec2{-1, -1}));
  expectLeg(path.legs[3], {-9, -9}, {-9, -9}, wallFace(3), {1, 0});
}

TEST(BounceSemantics, MaxLengthEndsALegOnItsWayOrExactlyAtAContact) {
  BounceScene s = room(10, 1, {0, 0}, {1, 0});
  s.maxLength = 8.5;
  BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::maxLength);
  ASSERT_EQ(path.legs.size(), 1u);
  expectLeg(path.legs[0], {0, 0}, {8.5, 0}, kNone, {});
  EXPECT_EQ(path.legs[0].length, 8.5);
  // Exactly at the contact: a hit (equal is a hit), and no length is left.
  s.maxLength = 9;
  path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::maxLength);
  ASSERT_EQ(path.legs.size(), 1u);
  expectLeg(path.legs[0], {0, 0}, {9, 0}, wallFace(1), {-1, 0});
  EXPECT_EQ(path.legs[0].gaps.length, 0.0);
  // Beyond it: the next leg runs out after 3.
  s.maxLength = 12;
  path = bounce(s);
  ASSERT_EQ(path.legs.size(), 2u);
  expectLeg(path.legs[1], {9, 0}, {6, 0}, kNone, {});
  // A direction that is not unit: lengths are world lengths all the same.
  s.ball.direction = {0, 0.25};
  s.maxLength = 5;
  path = bounce(s);
  expectLeg(path.legs[0], {0, 0}, {0, 5}, kNone, {});
  EXPECT_EQ(path.legs[0].direction, (Vec2{0, 0.25}));
  // maxLength 0: one leg of length 0.
  s.maxLength = 0;
  path = bounce(s);
  ASSERT_EQ(path.legs.size(), 1u);
  expectLeg(path.legs[0], {0, 0}, {0, 0}, kNone, {});
}

TEST(BounceSemantics, MaxBouncesZeroStopsAtTheFirstWall) {
  BounceScene s = room(10, 1, {0, 0}, {1, 0});
  s.maxBounces = 0;
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::maxBounces);
  ASSERT_EQ(path.legs.size(), 1u);
  EXPECT_EQ(path.legs[0].feature, wallFace(1));
}

TEST(BounceSemantics, AnObstacleTouchedTogetherWithAWallWins) {
  // Room ±100, r = 5: the right wall's offset is x = 95, and the obstacle's vertex (98, 4) is
  // exactly 5 from (95, 0) — both touch when the centre gets there. The ball has touched an
  // obstacle: it stops.
  BounceScene s = room(100, 5, {0, 0}, {1, 0});
  s.obstacles = {{{98, 4}, {96.5, 10}, {99.5, 10}}};
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  ASSERT_EQ(path.legs.size(), 1u);
  expectLeg(path.legs[0], {0, 0}, {95, 0}, obstacleVertex(0, 0), {-0.6, -0.8});
  EXPECT_EQ(path.legs[0].gaps.feature, 0.0);
}

TEST(BounceSemantics, AGrazedObstacleStopsTheBall) {
  // The path passes exactly r below the obstacle's corner (0, 5): a graze is a contact.
  BounceScene s = room(100, 5, {-50, 0}, {1, 0});
  s.obstacles = {{{0, 5}, {0, 15}, {10, 15}, {10, 5}}};
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  expectLeg(path.legs[0], {-50, 0}, {0, 0}, obstacleVertex(0, 0), {0, -1});
  EXPECT_EQ(path.legs[0].gaps.graze, 0.0);
}

TEST(BounceSemantics, AGrazedWallArcIsABounceThatDoesNotTurn) {
  // A spike of the wall points down to (0, 5), exactly r above the path.
  BounceScene s = room(100, 5, {-50, 0}, {1, 0});
  s.walls = {{-100, -100}, {100, -100}, {100, 100}, {10, 100}, {0, 5}, {-10, 100}, {-100, 100}};
  const BouncePath path = bounce(s);
  ASSERT_GE(path.legs.size(), 2u);
  expectLeg(path.legs[0], {-50, 0}, {0, 0}, wallVertex(4), {0, -1});
  EXPECT_EQ(path.legs[1].direction, (Vec2{1, 0}));
  expectLeg(path.legs[1], {0, 0}, {95, 0}, wallFace(1), {-1, 0});
}

TEST(BounceSemantics, ACorridorExactlyTwoRadiiWideIsRunWithBothSidesTouching) {
  // A corridor of width 2r = 10 goes up from the room's ceiling. The ball grazes both mouth
  // corners at once (vertex 3 wins the tie), slides up touching both sides, bounces off the
  // corridor's end, and grazes the mouth again on its way down.
  BounceScene s;
  s.walls = {{-100, -100}, {100, -100}, {100, 0}, {5, 0}, {5, 100}, {-5, 100}, {-5, 0}, {-100, 0}};
  s.ball = {{0, -50}, 5, {0, 1}};
  s.maxBounces = 3;
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.legs.size(), 4u);
  expectLeg(path.legs[0], {0, -50}, {0, 0}, wallVertex(3), {-1, 0});
  EXPECT_EQ(path.legs[0].gaps.feature, 0.0);
  EXPECT_EQ(path.legs[0].gaps.graze, 0.0);
  expectLeg(path.legs[1], {0, 0}, {0, 95}, wallFace(4), {0, -1});
  expectLeg(path.legs[2], {0, 95}, {0, 0}, wallVertex(3), {-1, 0});
  expectLeg(path.legs[3], {0, 0}, {0, -95}, wallFace(0), {0, 1});
}

TEST(BounceSemantics, ALegInsideOneWallsOffsetCannotSlipIntoTheNext) {
  // Found by the fast/reference agreement test (when scenes could start overlapping): the
  // centre 1.35 from face 7 (r = 5.75) moves away from face 7 — into face 8, across the end of
  // face 8's strip, already closer than r to its line. That entry is a contact; once it was
  // not, and the ball left the room. A rounded start near a straight corner can do the same
  // by a hair.
  BounceScene s;
  s.ball = {{0, 0}, 5.75, {1, 0}};
  s.walls = {{-36.875, -6.625}, {-33.6875, -36.125}, {-8.75, -50.75},   {22.8125, -55.875},
             {46.75, -21.4375}, {39.75, 3.3125},     {38.4375, 15.25},  {16.4375, 28.5625},
             {-5.5, 42.9375},   {-28.75, 49.625},    {-53.6875, 25.625}};
  const BounceStep step =
      bounceLeg(s, {{9.875, 31.25}, {-4.147810063543081, 2.011385511723386}, kDefaultMaxLength});
  EXPECT_EQ(step.leg.feature, wallFace(8));
  // It touches face 8 where it crosses the end of face 8's strip: abreast of vertex 8.
  const Vec2 e = s.walls[9] - s.walls[8];
  EXPECT_NEAR(dot(step.leg.end - s.walls[8], e), 0, 1e-9);
}

TEST(BounceSemantics, AnInvalidSceneIsAnErrorWithNoLegs) {
  BounceScene s = room(10, 1, {0, 0}, {0, 0});
  const BouncePath path = bounce(s);
  EXPECT_EQ(path.status, BounceStatus::error);
  EXPECT_TRUE(path.legs.empty());
}

TEST(BounceSemantics, ArcNormalsAndReflectionsAreCorrectlyRounded) {
  // An obstacle's corner met off-centre: the normal (c − v)/r and the reflection carry √D.
  BounceScene s = room(100, 3, {-50, 1}, {1, 0});
  s.obstacles = {{{0, 2}, {-1, 12}, {1, 12}}};  // a sharp triangle pointing down at (0, 2)
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  const BounceLeg& leg = path.legs[0];
  // The centre (x, 1) with x² + (1 − 2)² = 9: x = −√8; the normal (x, −1)/3.
  EXPECT_EQ(leg.end, (Vec2{-std::sqrt(8.0), 1}));
  EXPECT_DOUBLE_EQ(leg.normal.x, -std::sqrt(8.0) / 3);
  EXPECT_DOUBLE_EQ(leg.normal.y, -1.0 / 3);
  EXPECT_EQ(leg.feature, obstacleVertex(0, 0));
}

// ---- docs/derivations/bounce.md: the numbers it quotes, on its committed scenes ------------

BounceScene derivationScene(const std::string& id) {
  std::ifstream in(TOUCHE_DERIVATION_SCENES);
  const BounceCaseFile file = readBounceCases(in);
  for (const BounceCase& c : file.cases) {
    if (c.id == id) return c.scene;
  }
  ADD_FAILURE() << "no scene " << id;
  return {};
}

TEST(BounceDerivationPage, TheNumbersItQuotes) {
  BouncePath path = bounce(derivationScene("bounce-source-001"));
  ASSERT_EQ(path.legs.size(), 3u);
  EXPECT_EQ(path.legs[0].end, (Vec2{111.99999999999999, -260}));
  EXPECT_EQ(path.legs[0].length, 406.13298314714604);
  EXPECT_EQ(path.legs[1].end, (Vec2{260, -136.66666666666666}));
  EXPECT_EQ(path.legs[2].end, (Vec2{60, 30.000000000000014}));
  EXPECT_EQ(path.legs[2].feature, (BounceFeature{BounceHit::obstacle, 0, FeatureType::face, 0}));
  path = bounce(derivationScene("bounce-source-001-diamond"));
  EXPECT_EQ(path.status, BounceStatus::maxBounces);
  EXPECT_EQ(path.legs.size(), 30u);
  path = bounce(derivationScene("bounce-notched-wall"));
  EXPECT_EQ(path.status, BounceStatus::obstacle);
  EXPECT_EQ(path.legs.size(), 28u);
  EXPECT_EQ(path.legs[1].feature, wallVertex(4));  // the notch's tip
  const BounceScene breaks = derivationScene("bounce-offset-breaks");
  const OffsetBoundary offset = offsetPolygon(breaks.walls, breaks.ball.radius);
  EXPECT_TRUE(offset.corners[2].sourceArc && offset.corners[3].sourceArc);
  EXPECT_TRUE(offset.pieces[2].reversed);
  EXPECT_EQ(bounce(breaks).legs[0].end, (Vec2{60, 60}));
  path = bounce(derivationScene("bounce-narrow-corridor"));
  EXPECT_EQ(path.legs[0].feature, wallVertex(3));
  path = bounce(derivationScene("bounce-into-a-corner"));
  ASSERT_EQ(path.legs.size(), 3u);
  EXPECT_EQ(path.legs[0].end, (Vec2{260, -260}));
  EXPECT_EQ(path.legs[1].length, 0);
  EXPECT_EQ(path.legs[2].feature, obstacleVertex(0, 1));
  // Step 5's reflection at an arc: c − v = (−20√3, −20), n = (−√3/2, −1/2), d' = (−1/2, −√3/2).
  path = bounce(derivationScene("bounce-reflection-at-an-arc"));
  ASSERT_EQ(path.legs.size(), 2u);
  EXPECT_EQ(path.legs[0].feature, wallVertex(4));
  EXPECT_EQ(path.legs[0].end, (Vec2{115.35898384862246, -220}));
  EXPECT_EQ(path.legs[0].normal, (Vec2{-0.8660254037844386, -0.5}));
  EXPECT_EQ(path.legs[1].direction, (Vec2{-0.5, -0.8660254037844386}));
}

// ---- Properties on random scenes ---------------------------------------------------------

struct RandomPaths : ::testing::Test {
  std::mt19937_64 rng{20240613};
  test::BounceSceneSpec spec;
};

TEST_F(RandomPaths, AngleOfIncidenceEqualsAngleOfReflection) {
  int reflections = 0;
  for (int i = 0; i < 150; ++i) {
    const BounceScene s = test::randomBounceScene(rng, spec);
    const BouncePath path = bounce(s);
    ASSERT_NE(path.status, BounceStatus::error);
    for (std::size_t k = 0; k + 1 < path.legs.size(); ++k) {
      const BounceLeg& leg = path.legs[k];
      const Vec2 d = leg.direction, next = path.legs[k + 1].direction, n = leg.normal;
      const Vec2 tangent{-n.y, n.x};
      const double unit = 8 * 0x1p-53 * length(d);
      EXPECT_NEAR(dot(next, n), -dot(d, n), unit) << "scene " << i << " leg " << k;
      EXPECT_NEAR(dot(next, tangent), dot(d, tangent), unit) << "scene " << i << " leg " << k;
      EXPECT_NEAR(length(n), 1.0, 0x1p-52);
      ++reflections;
    }
  }
  EXPECT_GT(reflections, 500);
}

TEST_F(RandomPaths, TheBallNeverCrossesAWall) {
  // Along every leg the centre stays at least r (less the rounding of the leg's start) from
  // every edge and vertex of the scene; and it ends touching what it hit.
  int legs = 0, obstacles = 0;
  for (int i = 0; i < 60; ++i) {
    const BounceScene s = test::randomBounceScene(rng, spec);
    const std::vector<BounceFeature> features = bounceFeatures(s);
    // A ball that starts overlapping a wall may slide along it; the property is for the rest.
    bool clear = true;
    for (const BounceFeature& f : features)
      clear = clear && approachGap(s, f, s.ball.center, s.ball.center) >= 0;
    if (!clear) continue;
    const BouncePath path = bounce(s);
    obstacles += path.status == BounceStatus::obstacle ? 1 : 0;
    const double slack = 0x1p-48 * (spec.size + 8);
    for (const BounceLeg& leg : path.legs) {
      for (const BounceFeature& f : features) {
        ASSERT_GE(approachGap(s, f, leg.start, leg.end), -slack) << "scene " << i;
      }
      if (leg.feature.hit != BounceHit::none) {
        ASSERT_NEAR(approachGap(s, leg.feature, leg.end, leg.end), 0, slack) << "scene " << i;
      }
      ++legs;
    }
  }
  EXPECT_GT(legs, 200);
  EXPECT_GT(obstacles, 10);
}

/// How far the reversed path's contacts may lie from the forward path's, from the rounding
/// alone (docs/derivations/bounce.md, step 6: every leg a function of correctly rounded doubles).
/// u = 2^-53: a correctly rounded point P is within u·|P| of its exact value, a rounded
/// direction within an angle u of its exact one. The reversed run starts at the last rounded
/// end P[n−1] (within p = u·|P[n−1]| of the exact contact X[n−1]) along −d[n−1] exactly
/// (angle error a = 0), and retraces leg m = n−1, n−2, ..., 1 back to P[m−1]:
///   - its line runs within h = p + ℓ[m]·a of leg m's line over the leg's length ℓ[m];
///   - leg m's line crosses the offset of the feature touched at P[m−1] within u·|P[m−1]|/c of
///     P[m−1] (P[m−1] lies within u·|P[m−1]| of that offset; c = |d̂[m]·n[m−1]| the incidence),
///     and a line h away crosses it h/c further (to first order; at an arc too);
///   - so the exact reversed contact Y lies within e = (h + u·|P[m−1]|)/c of P[m−1], and its
///     rounding within e + u·|Y| — the bound asserted, for leg m;
///   - the next reversed leg starts within p' = e + u|Y| + u·|P[m−1]| of the exact X[m−1];
///   - its direction: the reflection keeps the angle error a (an isometry), the forward and the
///     reversed reflection each round once (2u), and at an arc the normal (c − v)/r turns by
///     the contact's displacement over r, the reflection by twice that: a' = a + 2u + 2(e/r).
/// The error grows with each leg's length times the angles before it, and is divided by each
/// incidence: a path of grazing legs is ill-conditioned, and its bound says so.
std::vector<double> retraceBounds(const BouncePath& path, double radius) {
  constexpr double u = 0x1p-53;
  const std::vector<BounceLeg>& legs = path.legs;
  std::vector<double> bounds;
  double p = u * length(legs.back().end), a = 0;
  for (std::size_t m = legs.size() - 1; m >= 1; --m) {
    const BounceLeg& back = legs[m - 1];  // the leg whose contact the reversed leg m returns to
    const Vec2 d = legs[m].direction;
    const double c = std::fabs(dot(d, back.normal)) / length(d);
    const double h = p + legs[m].length * a;
    const double e = (h + u * length(back.end)) / c;
    bounds.push_back(e + u * (length(back.end) + e));
    p = bounds.back() + u * length(back.end);
    a += 2 * u + (back.feature.type == FeatureType::vertex ? 2 * e / radius : 0.0);
  }
  return bounds;
}

TEST_F(RandomPaths, ABounceOnlyPathRunBackwardsRetracesItself) {
  // From the last contact, along the last direction reversed, the legs come back through the
  // same contacts in reverse order, each within the bound retraceBounds derives from the
  // rounding (twice it: the first-order terms only). Paths with ties, grazes or zero-length
  // legs are left out: a tie reversed need not choose alike.
  int retraced = 0, contacts = 0, apart = 0;
  double tightest = 0;  // the largest error / bound seen: the bound is not vacuous
  for (int i = 0; i < 200 && retraced < 40; ++i) {
    BounceScene s = test::randomBounceScene(rng, spec);
    s.obstacles.clear();
    s.maxBounces = 6;
    s.maxLength = kDefaultMaxLength;
    const BouncePath path = bounce(s);
    if (path.status != BounceStatus::maxBounces) continue;
    bool clean = true;
    for (const BounceLeg& leg : path.legs) {
      clean = clean && leg.length > 1e-3 && leg.gaps.feature.value_or(1) > 1e-6 &&
              leg.gaps.graze.value_or(1) > 1e-6;
    }
    if (!clean) continue;
    const std::vector<double> bounds = retraceBounds(path, s.ball.radius);
    // The reversed path starts at a rounded contact (a hair inside the wall's offset, maybe:
    // not a valid scene), so it is run leg by leg.
    BounceState state{path.legs.back().end, -path.legs.back().direction, kDefaultMaxLength};
    for (std::size_t j = 0; j + 1 < path.legs.size(); ++j) {
      const BounceStep step = bounceLeg(s, state);
      ASSERT_TRUE(step.reflected.has_value()) << "scene " << i;
      const BounceLeg& forward = path.legs[path.legs.size() - 2 - j];
      EXPECT_EQ(step.leg.feature, forward.feature) << "scene " << i << " leg " << j;
      const double error = length(step.leg.end - forward.end);
      EXPECT_LE(error, 2 * bounds[j]) << "scene " << i << " leg " << j;
      tightest = std::max(tightest, error / bounds[j]);
      ++contacts;
      apart += error > 0 ? 1 : 0;
      state = {step.leg.end, *step.reflected, kDefaultMaxLength};
    }
    ++retraced;
  }
  std::printf(
      "%d paths retraced, %d contacts, %d of them off the forward contact, at most "
      "%.3g of the bound\n",
      retraced, contacts, apart, tightest);
  EXPECT_GE(retraced, 20);
  EXPECT_GT(apart, contacts / 10);  // the rounding shows
  EXPECT_GT(tightest, 0.05);        // and the bound is within a factor 20 of what it allows
}

TEST_F(RandomPaths, TheFilterAgreesWithTheAllExactPath) {
  for (int i = 0; i < 25; ++i) {
    const BounceScene s = test::randomBounceScene(rng, spec);
    const BouncePath filteredPath = bounce(s);
    setFilterEnabled(false);
    const BouncePath exactPath = bounce(s);
    setFilterEnabled(true);
    ASSERT_EQ(filteredPath.legs.size(), exactPath.legs.size());
    for (std::size_t k = 0; k < exactPath.legs.size(); ++k) {
      EXPECT_EQ(filteredPath.legs[k].end, exactPath.legs[k].end);
      EXPECT_EQ(filteredPath.legs[k].feature, exactPath.legs[k].feature);
      EXPECT_EQ(filteredPath.legs[k].normal, exactPath.legs[k].normal);
    }
  }
}

}  // namespace
}  // namespace touche::reference
