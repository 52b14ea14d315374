// touche test support — bounce scenes: source 001's own, and random scenes on a dyadic grid.
//
// The random scenes are what the fast/reference agreement test, the properties and the fuzz
// target run: walls that are a box, a star (concave corners), a room with a corridor exactly
// 2r wide, or a comb of thin teeth; a few small obstacles (stars, boxes, slivers, some of them
// crossing the walls); the ball placed inside, sometimes touching a wall or grazing a corner;
// directions that are random, parallel to an edge, or aimed exactly at a vertex. Every
// coordinate is on the grid (exact ties happen: corners hit head-on, arcs grazed).
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "touche/core/bounce.h"
#include "touche/test_support/generators.h"

namespace touche::test {

/// Source 001's scene in touche's frame: the post's y negated (its canvas has y down, touche's
/// y is up: the picture is the same; docs/conventions.md, "Bounce path"). The wall is the ±300
/// square, the obstacle the 40 × 150 rectangle, the ball of radius 40 at (−200, 0) along the
/// post's first direction (1, 1) (here (1, −1)); 29 reflections as the post's loop allows.
inline BounceScene sourceBounceScene(Vec2 direction = {1, -1}) {
  BounceScene s;
  s.ball = {{-200, 0}, 40, direction};
  s.walls = {{-300, 300}, {-300, -300}, {300, -300}, {300, 300}};
  s.obstacles = {{{20, 100}, {20, -50}, {-20, -50}, {-20, 100}}};
  s.maxBounces = 29;
  return s;
}

struct BounceSceneSpec {
  Grid grid{4};
  double size = 64;  ///< the walls' half extent
  int maxObstacles = 4;
  int maxBounces = 12;
  double lengthChance = 0.2;  ///< probability of a maxLength short enough to end the path
};

/// A star polygon around c: n vertices at sorted angles and radii in [inner, outer]
/// (counter-clockwise; reverse it for an obstacle). Simple by construction.
template <class Rng>
std::vector<Vec2> starPolygon(Rng& rng, Grid grid, Vec2 c, int n, double inner, double outer) {
  std::vector<Vec2> v;
  const double start = 2 * std::numbers::pi * uniformUnit(rng);
  for (int i = 0; i < n; ++i) {
    const double angle = start + 2 * std::numbers::pi * (i + 0.8 * uniformUnit(rng)) / n;
    const double radius = inner + (outer - inner) * uniformUnit(rng);
    v.push_back(snapToGrid(c + radius * Vec2{std::cos(angle), std::sin(angle)}, grid));
  }
  return v;
}

/// An axis-aligned box, counter-clockwise.
inline std::vector<Vec2> boxPolygon(Vec2 lo, Vec2 hi) {
  return {lo, {hi.x, lo.y}, hi, {lo.x, hi.y}};
}

/// Walls of one of four kinds (counter-clockwise, half extent about `size`).
template <class Rng>
std::vector<Vec2> randomWalls(Rng& rng, const BounceSceneSpec& spec, double r) {
  const double h = spec.size;
  switch (uniformInt(rng, 0, 3)) {
    case 0:
      return boxPolygon({-h, -h}, {h, h});
    case 1:
      return starPolygon(rng, spec.grid, {0, 0}, static_cast<int>(uniformInt(rng, 5, 24)), 0.5 * h,
                         h);
    case 2: {
      // A room with a corridor exactly 2r wide going up from its top edge.
      const double half = r, top = h / 2;
      return {{-h, -h},  {h, -h},    {h, top},     {half, top},
              {half, h}, {-half, h}, {-half, top}, {-h, top}};
    }
    default: {
      // A comb: thin teeth (some narrower than 2r apart) hanging from the top.
      std::vector<Vec2> v{{-h, -h}, {h, -h}, {h, h}};
      const int teeth = static_cast<int>(uniformInt(rng, 2, 6));
      for (int i = teeth; i >= 1; --i) {
        const double x = snapToGrid(-h + 2 * h * i / (teeth + 1), spec.grid);
        const double width = gridValue(rng, spec.grid, gridStep(spec.grid), r);
        v.push_back({x + width, h});
        v.push_back({x + width, gridValue(rng, spec.grid, -h / 2, h / 2)});
        v.push_back({x - width, v.back().y});
        v.push_back({x - width, h});
      }
      v.push_back({-h, h});
      return v;
    }
  }
}

/// A small obstacle (clockwise): a star, a box, or a sliver narrower than the ball.
template <class Rng>
std::vector<Vec2> randomObstacle(Rng& rng, const BounceSceneSpec& spec, double r) {
  const Vec2 c = gridPoint(rng, spec.grid, spec.size);
  std::vector<Vec2> v;
  switch (uniformInt(rng, 0, 2)) {
    case 0:
      v = starPolygon(rng, spec.grid, c, static_cast<int>(uniformInt(rng, 3, 9)), 0.1 * spec.size,
                      0.25 * spec.size);
      break;
    case 1:
      v = boxPolygon(c, c + Vec2{gridValue(rng, spec.grid, 1, spec.size / 4),
                                 gridValue(rng, spec.grid, 1, spec.size / 4)});
      break;
    default:
      v = boxPolygon(c, c + Vec2{gridValue(rng, spec.grid, gridStep(spec.grid), r / 2),
                                 gridValue(rng, spec.grid, r, spec.size / 2)});
  }
  std::reverse(v.begin(), v.end());
  return v;
}

/// A direction: random on the grid, parallel to a wall edge, or aimed at a vertex.
template <class Rng>
Vec2 randomDirection(Rng& rng, const BounceScene& s) {
  const double roll = uniformUnit(rng);
  const auto& w = s.walls;
  if (roll < 0.15) {
    const std::size_t i = static_cast<std::size_t>(uniformInt(rng, 0, std::int64_t(w.size()) - 1));
    return w[(i + 1) % w.size()] - w[i];
  }
  if (roll < 0.3) {
    const std::vector<Vec2>& polygon = s.obstacles.empty() || chance(rng, 0.5)
                                           ? w
                                           : s.obstacles[static_cast<std::size_t>(uniformInt(
                                                 rng, 0, std::int64_t(s.obstacles.size()) - 1))];
    const Vec2 target =
        polygon[static_cast<std::size_t>(uniformInt(rng, 0, std::int64_t(polygon.size()) - 1))];
    if (!(target == s.ball.center)) return target - s.ball.center;
  }
  Vec2 d{0, 0};
  while (d == Vec2{0, 0})
    d = gridPoint(rng, Grid{2}, 4);
  return d;
}

/// A large scene for benchmarks: walls of `edges` edges, a zigzag round a circle of radius 1000
/// (every other vertex 5 further in: half the corners are arcs), no obstacle, the ball of
/// radius 2 at the centre. Every path in it runs to maxBounces (its legs cross the room).
inline BounceScene largeBounceScene(int edges, int maxBounces = 99) {
  BounceScene s;
  for (int i = 0; i < edges; ++i) {
    const double angle = 2 * std::numbers::pi * i / edges;
    const double radius = i % 2 ? 995.0 : 1000.0;
    s.walls.push_back({radius * std::cos(angle), radius * std::sin(angle)});
  }
  s.ball = {{0, 0}, 2, {1, 0.37}};
  s.maxBounces = maxBounces;
  return s;
}

/// A large random scene: what makes the fast engines take their BVH (fast/bounce_bvh.h, from
/// 256 features) in the shape of a real level rather than a benchmark's regular zigzag.
struct LargeBounceSceneSpec {
  int wallVertices = 1000;  ///< the star wall's vertices (its edges)
  int minObstacles = 10;
  int maxObstacles = 30;
  double obstacleSize = 0.003;  ///< the largest obstacle's circumradius, × size
  double ballSize = 0.002;      ///< the largest ball radius, × size
  double size = 1024;           ///< the wall's mean radius is about 0.8 × size
  Grid grid{8};                 ///< steps far below the shortest edge of 10 000 (about 0.5)
  int maxBounces = 12;
};

/// A star wall of spec.wallVertices vertices round the origin (counter-clockwise): a radius that
/// swells and narrows a few times round the room (a wave of 2–9 lobes, ±12 %), each vertex moved
/// in or out by up to `jag` edge lengths, so that its corners turn both ways (arcs at the ones
/// that point into the room, crossings at the others). Simple: the angles are sorted and the
/// radius stays far above the grid's step.
template <class Rng>
std::vector<Vec2> largeStarWall(Rng& rng, const LargeBounceSceneSpec& spec, double jag) {
  const int n = spec.wallVertices;
  const double lobes = static_cast<double>(uniformInt(rng, 2, 9));
  const double phase = 2 * std::numbers::pi * uniformUnit(rng);
  const double edge = 2 * std::numbers::pi * 0.8 * spec.size / n;
  std::vector<Vec2> v;
  v.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double angle = 2 * std::numbers::pi * (i + 0.8 * uniformUnit(rng)) / n;
    const double radius = spec.size * (0.8 + 0.12 * std::sin(lobes * angle + phase)) +
                          jag * edge * (2 * uniformUnit(rng) - 1);
    v.push_back(snapToGrid(radius * Vec2{std::cos(angle), std::sin(angle)}, spec.grid));
  }
  return v;
}

/// A large valid random scene: a star wall (largeStarWall), tens of obstacles — convex (vertices
/// on a circle) and concave (stars), 3 to 12 vertices, circumradius spec.obstacleSize/3 to
/// spec.obstacleSize of the size, some overlapping each other — in a square inside the room's
/// inner 60 %, and the ball (radius spec.ballSize/4 to spec.ballSize) placed by rejection among
/// them along a random direction. The obstacles are small against the room so that about half
/// the paths meet one within 12 bounces: a path runs along the wall's corners and faces, through
/// the middle, until it meets an obstacle or runs out of bounces.
template <class Rng>
BounceScene largeRandomBounceScene(Rng& rng, const LargeBounceSceneSpec& spec = {}) {
  BounceScene s;
  s.walls = largeStarWall(rng, spec, 0.6 * uniformUnit(rng));
  const int count = static_cast<int>(uniformInt(rng, spec.minObstacles, spec.maxObstacles));
  const double reach = 0.6 * 0.68 * spec.size;  // inside the narrowest the wall can be
  for (int k = 0; k < count; ++k) {
    const double outer =
        gridValue(rng, spec.grid, spec.obstacleSize * spec.size / 3, spec.obstacleSize * spec.size);
    const double inner = chance(rng, 0.5) ? outer : 0.4 * outer;  // convex, or a star
    const Vec2 c = gridPoint(rng, spec.grid, reach / std::numbers::sqrt2);
    std::vector<Vec2> v =
        starPolygon(rng, spec.grid, c, static_cast<int>(uniformInt(rng, 3, 12)), inner, outer);
    std::reverse(v.begin(), v.end());
    s.obstacles.push_back(std::move(v));
  }
  s.ball.radius =
      gridValue(rng, spec.grid, spec.ballSize * spec.size / 4, spec.ballSize * spec.size);
  s.maxBounces = spec.maxBounces;
  for (int tries = 0; tries < 64 * kMaxTries; ++tries) {
    s.ball.center = gridPoint(rng, spec.grid, reach / std::numbers::sqrt2);
    s.ball.direction = gridPoint(rng, Grid{2}, 4);
    if (!(s.ball.direction == Vec2{0, 0}) && !validateBounceScene(s)) return s;
  }
  // Every try inside an obstacle (or an obstacle invalid after snapping): drop the obstacles.
  s.obstacles.clear();
  s.ball.center = {0, 0};
  s.ball.direction = {1, 0.25};
  return s;
}

/// A valid random scene (the ball placed by rejection; a box room when every try fails).
template <class Rng>
BounceScene randomBounceScene(Rng& rng, const BounceSceneSpec& spec = {}) {
  BounceScene s;
  s.ball.radius = gridValue(rng, spec.grid, 0.5, spec.size / 8);
  s.walls = randomWalls(rng, spec, s.ball.radius);
  const int obstacles = static_cast<int>(uniformInt(rng, 0, spec.maxObstacles));
  for (int k = 0; k < obstacles; ++k)
    s.obstacles.push_back(randomObstacle(rng, spec, s.ball.radius));
  s.maxBounces = static_cast<int>(uniformInt(rng, 0, spec.maxBounces));
  if (chance(rng, spec.lengthChance)) s.maxLength = gridValue(rng, spec.grid, 0, 8 * spec.size);
  s.ball.direction = {1, 0};
  for (int tries = 0; tries < kMaxTries; ++tries) {
    s.ball.center = gridPoint(rng, spec.grid, spec.size);
    if (chance(rng, 0.1)) {  // touching a wall: r from the middle of an edge, inwards
      const std::size_t i =
          static_cast<std::size_t>(uniformInt(rng, 0, std::int64_t(s.walls.size()) - 1));
      const Vec2 a = s.walls[i], e = s.walls[(i + 1) % s.walls.size()] - a;
      const Vec2 inward = (1 / length(e)) * Vec2{-e.y, e.x};
      s.ball.center = snapToGrid(a + 0.5 * e + s.ball.radius * inward, spec.grid);
    }
    s.ball.direction = randomDirection(rng, s);
    if (!validateBounceScene(s)) return s;
  }
  s.walls = boxPolygon({-spec.size, -spec.size}, {spec.size, spec.size});
  s.obstacles.clear();
  s.ball.center = {0, 0};
  s.ball.direction = {1, 0};
  return s;
}

}  // namespace touche::test
