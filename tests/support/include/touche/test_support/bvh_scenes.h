// touche test support — random scenes of placed shapes and casts through them, for the BVH's
// tests, fuzzing and benchmarks (touche/fast/bvh.h, touche/reference/bvh.h).
//
// A scene scatters shapes of every type over a square whose side grows with √count (the same
// density at every size), on the dyadic grid of generators.h. Some shapes repeat an earlier
// one exactly (the same shape and transform: every cast touches both at the same t, a tie the
// lower index must win), and some are a segment along an earlier sharp polygon's edge placed
// by a quarter turn (exact world points: a ray through that face touches both at the same t).
// Casts aim at a shape of the scene from a few spacings away, or run exactly along a side of a
// shape's box (the grazes where a broad phase that rounds inwards would lose a hit).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "touche/core/broad_phase.h"
#include "touche/test_support/generators.h"
#include "touche/test_support/random.h"
#include "touche/test_support/scene_ops.h"

namespace touche::test {

struct BvhSceneSpec {
  SceneSpec shapes{Grid{8}, 0.25, 1.0, 0.0, 0.25};
  RotationKind rotation = RotationKind::mixed;
  double spacing = 3.0;                ///< the square's side is spacing·√count
  double duplicateChance = 1.0 / 16;   ///< an exact copy of an earlier shape
  double sharedFaceChance = 1.0 / 16;  ///< a segment on an earlier polygon's edge
  double rayChance = 0.5;              ///< a cast of radius 0
  double maxRadius = 0.5;              ///< the largest moving circle radius
  double fullFractionChance = 0.5;     ///< maxFraction 1, else in [0.5, 1]
  double grazeChance = 1.0 / 8;        ///< a cast along a side of a shape's box
};

/// The side of the square the scene's shape positions lie in.
inline double sceneSide(const BvhSceneSpec& spec, std::size_t count) {
  return spec.spacing * std::sqrt(static_cast<double>(std::max<std::size_t>(count, 1)));
}

/// A segment along edge i of a polygon placed by a quarter turn (its world points exact).
inline PlacedShape segmentOnEdge(const Polygon& polygon, const Transform& xf, int i) {
  const Vec2 a = apply(xf, polygon.vertices[i]);
  const Vec2 b = apply(xf, polygon.vertices[(i + 1) % polygon.count]);
  return {Segment{a, b}, Transform{}};
}

inline bool isQuarterTurn(Rot q) {
  return (q.c == 0 || q.s == 0) && std::abs(q.c) + std::abs(q.s) == 1;
}

/// A random scene of `count` shapes.
template <class Rng>
std::vector<PlacedShape> randomScene(Rng& rng, std::size_t count, const BvhSceneSpec& spec) {
  constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                  ShapeType::polygon, ShapeType::chainSegment};
  const double half = sceneSide(spec, count) / 2;
  std::vector<PlacedShape> scene;
  scene.reserve(count);
  while (scene.size() < count) {
    if (!scene.empty() && chance(rng, spec.duplicateChance)) {
      scene.push_back(scene[uniformInt(rng, 0, static_cast<std::int64_t>(scene.size()) - 1)]);
      continue;
    }
    if (!scene.empty() && chance(rng, spec.sharedFaceChance)) {
      const PlacedShape& earlier =
          scene[uniformInt(rng, 0, static_cast<std::int64_t>(scene.size()) - 1)];
      const auto* polygon = std::get_if<Polygon>(&earlier.shape);
      if (polygon && polygon->radius == 0 && isQuarterTurn(earlier.xf.q)) {
        scene.push_back(
            segmentOnEdge(*polygon, earlier.xf, uniformInt(rng, 0, polygon->count - 1)));
        continue;
      }
    }
    const Shape shape = shapeOf(rng, pick(rng, kTypes), spec.shapes);
    const Transform xf{gridPoint(rng, spec.shapes.grid, half), rotationOf(rng, spec.rotation)};
    scene.push_back({shape, xf});
  }
  return scene;
}

/// The moving circle's radius and maxFraction.
template <class Rng>
void randomRadiusAndFraction(Rng& rng, const BvhSceneSpec& spec, CastInput& cast) {
  cast.radius =
      chance(rng, spec.rayChance) ? 0.0 : gridValue(rng, spec.shapes.grid, 0.0, spec.maxRadius);
  cast.maxFraction = chance(rng, spec.fullFractionChance) ? 1.0 : gridValue(rng, Grid{8}, 0.5, 1.0);
}

/// A cast along one side of `box` (one of its four lines, at the moving circle's radius
/// outside it, or one ulp either side of that), from beyond one end to beyond the other.
template <class Rng>
CastInput grazingCast(Rng& rng, const BvhSceneSpec& spec, const Aabb& box) {
  CastInput cast;
  randomRadiusAndFraction(rng, spec, cast);
  const double r = cast.radius;
  const int side = static_cast<int>(uniformInt(rng, 0, 3));
  const int nudge = static_cast<int>(uniformInt(rng, -1, 1));
  const auto at = [&](double line, double outward) {
    const double v = line + outward * r;
    return nudge == 0 ? v : std::nextafter(v, nudge * outward * INFINITY);
  };
  const double reachBefore = 1 + 4 * uniformUnit(rng);
  const double reachAfter = 1 + 4 * uniformUnit(rng);
  const bool forward = chance(rng, 0.5);
  if (side < 2) {  // along a horizontal side: y fixed
    const double y = side == 0 ? at(box.lower.y, -1) : at(box.upper.y, 1);
    const double x0 = box.lower.x - reachBefore;
    const double x1 = box.upper.x + reachAfter;
    cast.origin = {forward ? x0 : x1, y};
    cast.translation = {forward ? x1 - x0 : x0 - x1, 0.0};
  } else {  // along a vertical side: x fixed
    const double x = side == 2 ? at(box.lower.x, -1) : at(box.upper.x, 1);
    const double y0 = box.lower.y - reachBefore;
    const double y1 = box.upper.y + reachAfter;
    cast.origin = {x, forward ? y0 : y1};
    cast.translation = {0.0, forward ? y1 - y0 : y0 - y1};
  }
  return cast;
}

/// A cast through the scene: from a few spacings away, aimed near one of its shapes (the
/// translation reaching 0.5–1.5 times the aim point), or a graze along the side of a shape's
/// box (`boxes`: each shape's box; empty: no grazes).
template <class Rng>
CastInput randomSceneCast(Rng& rng, const std::vector<PlacedShape>& scene,
                          const std::vector<Aabb>& boxes, const BvhSceneSpec& spec) {
  const auto index =
      static_cast<std::size_t>(uniformInt(rng, 0, static_cast<std::int64_t>(scene.size()) - 1));
  if (!boxes.empty() && chance(rng, spec.grazeChance)) return grazingCast(rng, spec, boxes[index]);
  CastInput cast;
  randomRadiusAndFraction(rng, spec, cast);
  const Grid grid = spec.shapes.grid;
  const Vec2 target = scene[index].xf.p + gridPoint(rng, grid, 0.5);
  const double distance = spec.spacing * (0.5 + 2 * uniformUnit(rng));
  const double phi = 2 * std::numbers::pi * uniformUnit(rng);
  cast.origin = snapToGrid(target + distance * Vec2{std::cos(phi), std::sin(phi)}, grid);
  const double stretch = 0.5 + uniformUnit(rng);
  cast.translation = snapToGrid(stretch * (target - cast.origin), grid);
  return cast;
}

/// The scene with every length multiplied by 2^e, then moved by `offset` (exact while the grid
/// values stay within double's precision: the caller chooses e and offset).
inline std::vector<PlacedShape> scaledScene(std::vector<PlacedShape> scene, int e, Vec2 offset) {
  for (PlacedShape& placed : scene) {
    placed.shape = scaledShape(placed.shape, e);
    placed.xf.p = Vec2{std::ldexp(placed.xf.p.x, e), std::ldexp(placed.xf.p.y, e)} + offset;
  }
  return scene;
}

/// The cast scaled and moved as scaledScene moves its scene.
inline CastInput scaledSceneCast(CastInput cast, int e, Vec2 offset) {
  cast.origin = Vec2{std::ldexp(cast.origin.x, e), std::ldexp(cast.origin.y, e)} + offset;
  cast.translation = {std::ldexp(cast.translation.x, e), std::ldexp(cast.translation.y, e)};
  cast.radius = std::ldexp(cast.radius, e);
  return cast;
}

/// Bitwise equality of doubles (so that −0 ≠ +0 and NaN = NaN of the same bits).
inline bool sameDouble(double x, double y) {
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}
inline bool sameDouble(const std::optional<double>& x, const std::optional<double>& y) {
  return x.has_value() == y.has_value() && (!x || sameDouble(*x, *y));
}

/// Whether two first hits are the same bit for bit: index, status, fraction, point, normal,
/// feature, flags and gaps.
inline bool sameHit(const ShapeHit& x, const ShapeHit& y) {
  const CastResult& a = x.result;
  const CastResult& b = y.result;
  return x.index == y.index && a.status == b.status && sameDouble(a.fraction, b.fraction) &&
         sameDouble(a.point.x, b.point.x) && sameDouble(a.point.y, b.point.y) &&
         sameDouble(a.normal.x, b.normal.x) && sameDouble(a.normal.y, b.normal.y) &&
         a.feature == b.feature && a.flags == b.flags && sameDouble(a.gaps.hit, b.gaps.hit) &&
         sameDouble(a.gaps.initial, b.gaps.initial) && sameDouble(a.gaps.feature, b.gaps.feature) &&
         sameDouble(a.gaps.side, b.gaps.side);
}

/// "index 3: hit at 0x1.8p-1 (face 2)" — for failure messages.
inline std::string describeHit(const ShapeHit& hit) {
  std::string out =
      "index " + std::to_string(hit.index) + ": " + std::string(castStatusName(hit.result.status));
  if (touches(hit.result.status)) {
    out += " at " + hexfloat(hit.result.fraction) +
           (hit.result.feature.type == FeatureType::face ? " (face " : " (vertex ") +
           std::to_string(hit.result.feature.index) + ")";
  }
  return out;
}

/// "origin (x, y) translation (x, y) radius r maxFraction f" in hexfloats.
inline std::string describeCast(const CastInput& c) {
  return "origin (" + hexfloat(c.origin.x) + ", " + hexfloat(c.origin.y) + ") translation (" +
         hexfloat(c.translation.x) + ", " + hexfloat(c.translation.y) + ") radius " +
         hexfloat(c.radius) + " maxFraction " + hexfloat(c.maxFraction);
}

}  // namespace touche::test
