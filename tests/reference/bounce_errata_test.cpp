// Source 001's offset construction and bounce loop against touche's (docs/errata.md, "Source
// 001"): the post's PolyExtendGeometry, intersectLib and §14 loop transcribed in
// source_logic.h (run in the post's frame, y down, the scene mirrored there and back), next to
// reference::offsetPolygon (the same construction with the exact turn rule) and
// reference::bounce (the features one by one).
//
// Where the construction breaks — a concave corner whose offset lines meet beyond a short
// edge, an edge whose offset vanishes, a passage narrower than 2r — the drawn curve is not the
// boundary of where the ball can be. The path stays right all the same, in the post's code and
// in touche's: every piece lies r from its own edge and the true boundary is among the pieces,
// so the nearest crossing is the first contact. Where the post's path does go wrong is at a
// corner of the offset itself, through its endpoint tests.
#include <gtest/gtest.h>

#include "source_logic.h"
#include "touche/reference/bounce.h"
#include "touche/reference/offset.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche::reference {
namespace {

namespace s001 = testing::sources::s001;

Vec2 mirrored(Vec2 v) {
  return {v.x, -v.y};
}

std::vector<Vec2> mirrored(const std::vector<Vec2>& polygon) {
  std::vector<Vec2> out;
  for (const Vec2 v : polygon)
    out.push_back(mirrored(v));
  return out;
}

/// The post's §14 loop on a touche scene, its points brought back to touche's frame.
s001::ReboundPath sourcePath(const BounceScene& s) {
  std::vector<std::vector<s001::ExtendElement>> obstacles;
  for (const auto& obstacle : s.obstacles)
    obstacles.push_back(s001::extendPolygon(mirrored(obstacle), s.ball.radius));
  s001::ReboundPath path = s001::reboundPath(
      mirrored(s.ball.center), testing::sources::normalized(mirrored(s.ball.direction)),
      s001::extendPolygon(mirrored(s.walls), s.ball.radius), obstacles, s.ball.radius,
      s.maxBounces + 1);
  for (Vec2& p : path.points)
    p = mirrored(p);
  return path;
}

/// A room ±100 whose top-right corner is cut by a 45° edge from (100, 100 − c) to (100 − c, 100);
/// the ball of radius 40 at the centre, aimed at the corner.
BounceScene chamfered(double c) {
  BounceScene s;
  s.walls = {{-100, -100}, {100, -100}, {100, 100 - c}, {100 - c, 100}, {-100, 100}};
  s.ball = {{0, 0}, 40, {1, 1}};
  s.maxBounces = 3;
  return s;
}

const BounceFeature kTopWall{BounceHit::wall, 0, FeatureType::face, 3};

TEST(BounceErrataSource001, OffsetDrawsAnArcAtAConcaveCornerWhoseLinesMeetBeyondAShortEdge) {
  // The cut is 10√2 long. At its corners (100, 90) and (90, 100) the room turns left (concave
  // seen from the ball): the offset lines x = 60 and x + y = 190 − 40√2 meet at (60, 73.4),
  // beyond the cut's offset segment, so the post's segment-crossing test finds nothing and
  // draws an arc around the vertex — from (60, 90), where a ball would overlap the ceiling by
  // 30. touche's rule (the turn) makes it the lines' crossing.
  const BounceScene s = chamfered(10);
  const auto extended = s001::extendPolygon(mirrored(s.walls), s.ball.radius);
  EXPECT_TRUE(extended[2].arc);
  EXPECT_TRUE(extended[3].arc);
  const Vec2 arcStart = mirrored(extended[2].startPosition);
  EXPECT_EQ(arcStart, (Vec2{60, 90}));
  EXPECT_NEAR(approachGap(s, kTopWall, arcStart, arcStart), -30, 1e-12);
  const OffsetBoundary offset = offsetPolygon(s.walls, s.ball.radius);
  EXPECT_FALSE(offset.corners[2].arc);
  EXPECT_TRUE(offset.corners[2].sourceArc);
  EXPECT_NEAR(offset.corners[2].from.y, 190 - 40 * std::sqrt(2.0) - 60, 1e-12);
  // The cut's own offset runs backwards: it vanished (the ball never touches the cut).
  EXPECT_TRUE(offset.pieces[2].reversed);
  // The first contact is right all the same, in the post's loop and in touche's path: the
  // corner (60, 60) of the offset walls x = 60 and y = 60.
  EXPECT_EQ(sourcePath(s).points.at(1), (Vec2{60, 60}));
  EXPECT_EQ(bounce(s).legs.at(0).end, (Vec2{60, 60}));
}

TEST(BounceErrataSource001, OffsetOfAnEdgeThatVanishesRunsBackwards) {
  // A cut 20√2 long: now the offset segments cross at both its corners, at (60, 63.4) and
  // (63.4, 60), so the cut's piece runs from the first to the second — against the cut's
  // direction. The drawn curve loops; the boundary is the corner (60, 60).
  const BounceScene s = chamfered(20);
  const auto extended = s001::extendPolygon(mirrored(s.walls), s.ball.radius);
  EXPECT_FALSE(extended[2].arc);
  EXPECT_FALSE(extended[3].arc);
  const Vec2 from = mirrored(extended[2].point), to = mirrored(extended[3].point);
  EXPECT_LT(dot(to - from, s.walls[3] - s.walls[2]), 0);
  const OffsetBoundary offset = offsetPolygon(s.walls, s.ball.radius);
  EXPECT_TRUE(offset.pieces[2].reversed);
  EXPECT_FALSE(offset.corners[2].sourceArc);
  EXPECT_NEAR(sourcePath(s).points.at(1).x, 60, 1e-12);
  EXPECT_NEAR(sourcePath(s).points.at(1).y, 60, 1e-12);
  EXPECT_EQ(bounce(s).legs.at(0).end, (Vec2{60, 60}));
}

TEST(BounceErrataSource001, OffsetOfAPassageNarrowerThanTwoRadiiCrossesItself) {
  // A corridor 40 wide (2r = 80) up from the room's ceiling. Each side's offset lies on the
  // opposite side (x = ∓20), the corridor's end's offset runs backwards; the ball cannot
  // enter: it meets the two mouth arcs where they cross, (0, −√(40² − 20²)).
  BounceScene s;
  s.walls = {{-100, -100}, {100, -100}, {100, 0}, {20, 0},
             {20, 100},    {-20, 100},  {-20, 0}, {-100, 0}};
  s.ball = {{0, -50}, 40, {0, 1}};
  s.maxBounces = 3;
  const OffsetBoundary offset = offsetPolygon(s.walls, s.ball.radius);
  EXPECT_EQ(offset.pieces[3].from.x, -20);  // the right side's offset, on the left wall
  EXPECT_EQ(offset.pieces[5].from.x, 20);
  EXPECT_TRUE(offset.pieces[4].reversed);
  const BounceFeature leftSide{BounceHit::wall, 0, FeatureType::face, 5};
  EXPECT_NEAR(approachGap(s, leftSide, offset.pieces[3].from, offset.pieces[3].to), -40, 1e-12);
  // Both paths: the same contacts.
  const BouncePath path = bounce(s);
  const s001::ReboundPath source = sourcePath(s);
  ASSERT_EQ(source.points.size(), path.legs.size() + 1);
  EXPECT_EQ(path.legs[0].end, (Vec2{0, -std::sqrt(1200.0)}));
  for (std::size_t k = 0; k < path.legs.size(); ++k) {
    EXPECT_NEAR(source.points[k + 1].x, path.legs[k].end.x, 1e-9);
    EXPECT_NEAR(source.points[k + 1].y, path.legs[k].end.y, 1e-9);
  }
}

TEST(BounceErrataSource001, ABallAimedAtAnOffsetCornerLeavesTheRoom) {
  // Source 001's scene, the ball at (200, −200) aimed at the offset corner (260, −260): the
  // post's intersectSegment keeps a crossing only strictly inside a segment (`<`), so both
  // offset walls that end at the corner let the ray through, and nothing else is in front:
  // the loop adds no point — the ball has left the room. touche touches both walls there (a
  // tie: face 1, then face 2 at zero length) and comes back, to the obstacle's corner.
  BounceScene s = test::sourceBounceScene({1, -1});
  s.ball.center = {200, -200};
  s.maxBounces = 3;
  const s001::ReboundPath source = sourcePath(s);
  EXPECT_EQ(source.points.size(), 1u);
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.status, BounceStatus::obstacle);
  ASSERT_EQ(path.legs.size(), 3u);
  EXPECT_EQ(path.legs[0].end, (Vec2{260, -260}));
  EXPECT_EQ(path.legs[1].end, (Vec2{260, -260}));
  EXPECT_EQ(path.legs[1].length, 0);
  EXPECT_EQ(path.legs[2].feature, (BounceFeature{BounceHit::obstacle, 0, FeatureType::vertex, 1}));
}

TEST(BounceErrataSource001, APathStopsAfterItHitsAnOffsetCorner) {
  // The cut room's corner (60, 60), hit head on: the post's ray reflects off x = 60 and starts
  // again on y = 60, where intersectLine drops a crossing at the origin (`> 0`); nothing else
  // is ahead, and the loop runs out. touche's next leg touches y = 60 at t = 0 and goes on.
  const BounceScene s = chamfered(10);
  EXPECT_EQ(sourcePath(s).points.size(), 2u);
  const BouncePath path = bounce(s);
  ASSERT_EQ(path.legs.size(), 4u);
  EXPECT_EQ(path.legs[2].end, (Vec2{-60, -60}));
}

}  // namespace
}  // namespace touche::reference
