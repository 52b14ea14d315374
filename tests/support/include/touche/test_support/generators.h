// touche test support — scene generators on a dyadic grid.
//
// Every generator takes a 64-bit random bit generator by reference (a seeded std::mt19937_64,
// the fuzzer's ByteRng, or rapidcheck through rc_generators.h) and draws only through the
// portable helpers of random.h, so a seed means the same scene on every platform.
//
// Coordinates are multiples of 2^-fractionBits (a dyadic grid). On that grid, sums, negations,
// 90° rotations (x, y) → (−y, x) and power-of-two scalings are exact, which the invariance
// properties rely on. Convex polygons come from sorted distinct angles on a circle, snapped to
// the grid; snapping may break strict convexity, so touche::validateShape (exact) decides and
// the generator retries (bounded: after kMaxTries a grid box, so an exhausted byte reader still
// terminates).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <variant>

#include "touche/core/geometry.h"
#include "touche/core/jsonl.h"
#include "touche/core/pairs.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"
#include "touche/test_support/random.h"

namespace touche::test {

inline constexpr int kMaxTries = 32;

/// A dyadic grid: multiples of 2^-fractionBits.
struct Grid {
  int fractionBits = 6;
};

/// Sizes of generated shapes and scenes (all on the grid).
struct SceneSpec {
  Grid grid;
  double minSize = 0.5;         ///< smallest circumradius / circle radius
  double maxSize = 4.0;         ///< largest circumradius / circle radius
  double worldLimit = 64;       ///< largest |coordinate| of a transform's translation
  double roundedChance = 0.25;  ///< probability that a polygon gets a radius > 0
};

/// One grid step, 2^-fractionBits.
inline double gridStep(Grid grid) {
  return std::ldexp(1.0, -grid.fractionBits);
}

/// Nearest grid value (ties to even). Exact for |v| < 2^(53 − fractionBits).
inline double snapToGrid(double v, Grid grid) {
  return std::ldexp(std::nearbyint(std::ldexp(v, grid.fractionBits)), -grid.fractionBits);
}

inline Vec2 snapToGrid(Vec2 v, Grid grid) {
  return {snapToGrid(v.x, grid), snapToGrid(v.y, grid)};
}

/// Uniform grid value in [lo, hi] (the grid values inside the interval; lo ≤ hi).
template <class Rng>
double gridValue(Rng& rng, Grid grid, double lo, double hi) {
  const auto nLo = static_cast<std::int64_t>(std::ceil(std::ldexp(lo, grid.fractionBits)));
  const auto nHi = static_cast<std::int64_t>(std::floor(std::ldexp(hi, grid.fractionBits)));
  return std::ldexp(static_cast<double>(uniformInt(rng, nLo, std::max(nLo, nHi))),
                    -grid.fractionBits);
}

/// Uniform grid point in the square [−limit, limit]².
template <class Rng>
Vec2 gridPoint(Rng& rng, Grid grid, double limit) {
  const double x = gridValue(rng, grid, -limit, limit);
  return {x, gridValue(rng, grid, -limit, limit)};
}

/// The four exact rotations by multiples of 90°.
inline constexpr Rot kQuarterTurns[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

/// A rotation by an exact multiple of 90°.
template <class Rng>
Rot quarterTurnRot(Rng& rng) {
  return pick(rng, kQuarterTurns);
}

/// x rounded to float's 24-bit significand (ties to even), for |x| in float's normal range.
/// Written with frexp/ldexp rather than static_cast<float>: with the casts, g++ 12.2 at -O2
/// miscompiles generalRot in tests/properties/generators_test.cpp — its SLP vectorizer
/// (-fdump-tree-slp2) converts the (c, s) pair to float and back on the taken branch, but
/// the merged store writes the unconverted vector, so no rotation comes out rounded.
/// Generators.SomeGeneralRotationsAreRoundedToFloat fails (0 of 300 rounded) with the casts.
inline double roundToFloatPrecision(double x) {
  if (x == 0 || !std::isfinite(x)) return x;
  int exponent = 0;
  const double significand = std::frexp(x, &exponent);  // in [1/2, 1)
  return std::ldexp(std::nearbyint(std::ldexp(significand, 24)), exponent - 24);
}

/// A rotation (cos θ, sin θ) of a uniform angle θ, rounded once to double (as a JSON "angle"
/// is), or one time in four rounded on to float (c² + s² then misses 1 by up to ~2^-24, which
/// validation accepts: kRotationUnitTolerance; engines must still return unit normals).
template <class Rng>
Rot generalRot(Rng& rng) {
  Rot q = rotFromAngle(2 * std::numbers::pi * uniformUnit(rng));
  if (chance(rng, 0.25)) q = {roundToFloatPrecision(q.c), roundToFloatPrecision(q.s)};
  return q;
}

enum class RotationKind { quarterTurn, general, mixed };

template <class Rng>
Rot rotationOf(Rng& rng, RotationKind kind) {
  const bool quarter =
      kind == RotationKind::quarterTurn || (kind == RotationKind::mixed && chance(rng, 0.5));
  return quarter ? quarterTurnRot(rng) : generalRot(rng);
}

/// A transform with a grid translation within ±limit and a rotation of the given kind.
template <class Rng>
Transform transformOf(Rng& rng, Grid grid, double limit, RotationKind kind) {
  const Vec2 p = gridPoint(rng, grid, limit);
  return {p, rotationOf(rng, kind)};
}

/// n uniform angles in [from, to), sorted ascending (n ≤ kMaxPolygonVertices). Equal angles
/// give duplicate vertices, which validation rejects (the caller retries).
template <class Rng>
std::array<double, kMaxPolygonVertices> sortedAngles(Rng& rng, int n, double from, double to) {
  std::array<double, kMaxPolygonVertices> angles{};
  // Insertion sort: n ≤ 8, and std::sort on a prefix trips g++ 12's -Warray-bounds at -O2.
  for (int i = 0; i < n; ++i) {
    const double angle = from + (to - from) * uniformUnit(rng);
    int j = i;
    for (; j > 0 && angles[j - 1] > angle; --j)
      angles[j] = angles[j - 1];
    angles[j] = angle;
  }
  return angles;
}

/// One attempt at a convex polygon: `count` sorted random angles on a circle of radius R around
/// a grid centre near the local origin, snapped to the grid. May be invalid; the caller checks.
template <class Rng>
Polygon polygonAttempt(Rng& rng, const SceneSpec& spec, int count, double circumradius) {
  const Vec2 center = gridPoint(rng, spec.grid, 0.5 * circumradius);
  const auto angles = sortedAngles(rng, count, 0.0, 2 * std::numbers::pi);
  Polygon polygon;
  polygon.count = count;
  for (int i = 0; i < count; ++i) {
    const Vec2 onCircle{std::cos(angles[i]), std::sin(angles[i])};
    polygon.vertices[i] = snapToGrid(center + circumradius * onCircle, spec.grid);
  }
  return polygon;
}

/// A polygon radius > 0 on the grid, at most half the circumradius.
template <class Rng>
double roundingRadius(Rng& rng, const SceneSpec& spec, double circumradius) {
  return gridValue(rng, spec.grid, gridStep(spec.grid), 0.5 * circumradius);
}

/// Strictly convex counter-clockwise polygon with 3–8 grid vertices (validated exactly);
/// rounded (radius > 0) with probability spec.roundedChance.
template <class Rng>
Polygon convexPolygon(Rng& rng, const SceneSpec& spec) {
  for (int attempt = 0; attempt < kMaxTries; ++attempt) {
    const int count = static_cast<int>(uniformInt(rng, 3, kMaxPolygonVertices));
    const double circumradius = gridValue(rng, spec.grid, spec.minSize, spec.maxSize);
    Polygon polygon = polygonAttempt(rng, spec, count, circumradius);
    if (validateShape(polygon, "polygon")) continue;
    if (chance(rng, spec.roundedChance)) polygon.radius = roundingRadius(rng, spec, circumradius);
    return polygon;
  }
  return makeBox(spec.minSize, spec.minSize);
}

/// A polygon whose last edge (before the cyclic shift) lies on the local x axis from (−R, 0) to
/// (R, 0), with the body above it: face `flatFace` has outward normal exactly (0, −1).
struct FlatPolygon {
  Polygon polygon;
  double halfWidth = 0;  ///< R: the flat face spans x ∈ [−R, R] at y = 0
  int flatFace = 0;
};

/// Half-disk polygon with 3–8 vertices: angle 0, sorted angles in (0, π), angle π, shifted
/// cyclically by a random offset so the flat face gets any index.
template <class Rng>
FlatPolygon flatBottomPolygon(Rng& rng, const SceneSpec& spec) {
  for (int attempt = 0; attempt < kMaxTries; ++attempt) {
    const int count = static_cast<int>(uniformInt(rng, 3, kMaxPolygonVertices));
    const double r = gridValue(rng, spec.grid, spec.minSize, spec.maxSize);
    const auto angles = sortedAngles(rng, count - 2, 0.0, std::numbers::pi);
    std::array<Vec2, kMaxPolygonVertices> ccw{};
    ccw[0] = {r, 0};
    for (int i = 0; i < count - 2; ++i) {
      ccw[i + 1] = snapToGrid(Vec2{r * std::cos(angles[i]), r * std::sin(angles[i])}, spec.grid);
    }
    ccw[count - 1] = {-r, 0};
    const int shift = static_cast<int>(uniformInt(rng, 0, count - 1));
    FlatPolygon flat{Polygon{}, r, (count - 1 - shift + count) % count};
    flat.polygon.count = count;
    for (int i = 0; i < count; ++i)
      flat.polygon.vertices[i] = ccw[(i + shift) % count];
    if (!validateShape(flat.polygon, "polygon")) return flat;
  }
  // Fallback: the box [−R, R] × [0, 2R]; its face 0 runs from (−R, 0) to (R, 0).
  const double r = spec.minSize;
  FlatPolygon box{Polygon{}, r, 0};
  box.polygon.count = 4;
  box.polygon.vertices[0] = {-r, 0};
  box.polygon.vertices[1] = {r, 0};
  box.polygon.vertices[2] = {r, 2 * r};
  box.polygon.vertices[3] = {-r, 2 * r};
  return box;
}

/// Circle with a grid centre near the local origin and a grid radius in [minSize, maxSize].
template <class Rng>
Circle circleShape(Rng& rng, const SceneSpec& spec) {
  const double radius = gridValue(rng, spec.grid, spec.minSize, spec.maxSize);
  return {gridPoint(rng, spec.grid, 0.5 * radius), radius};
}

/// Two distinct grid points: a segment of grid length in [minSize, 2·maxSize] through a grid
/// point near the local origin, at a random angle (snapped; retried if the ends coincide).
template <class Rng>
std::array<Vec2, 2> segmentEnds(Rng& rng, const SceneSpec& spec) {
  const Vec2 middle = gridPoint(rng, spec.grid, 0.5 * spec.minSize);
  for (int attempt = 0; attempt < kMaxTries; ++attempt) {
    const double half = gridValue(rng, spec.grid, 0.5 * spec.minSize, spec.maxSize);
    const double phi = 2 * std::numbers::pi * uniformUnit(rng);
    const Vec2 offset = half * Vec2{std::cos(phi), std::sin(phi)};
    const Vec2 p1 = snapToGrid(middle - offset, spec.grid);
    const Vec2 p2 = snapToGrid(middle + offset, spec.grid);
    if (!(p1 == p2)) return {p1, p2};
  }
  return {middle, middle + Vec2{spec.minSize, 0}};
}

/// Capsule: a grid segment with a grid radius in [minSize/2, maxSize/2]; one time in eight the
/// two core points coincide (a zero-length capsule, valid input).
template <class Rng>
Capsule capsuleShape(Rng& rng, const SceneSpec& spec) {
  const auto ends = segmentEnds(rng, spec);
  const double radius = gridValue(rng, spec.grid, 0.5 * spec.minSize, 0.5 * spec.maxSize);
  return {ends[0], chance(rng, 0.125) ? ends[0] : ends[1], radius};
}

/// Two-sided segment between two distinct grid points.
template <class Rng>
Segment segmentShape(Rng& rng, const SceneSpec& spec) {
  const auto ends = segmentEnds(rng, spec);
  return {ends[0], ends[1]};
}

/// A ghost vertex beyond `end` (seen from `from`): the segment's direction continued and bent
/// by up to ±60°, or (one time in eight) exactly collinear, so smooth, convex and concave
/// joints all occur.
template <class Rng>
Vec2 ghostBeyond(Rng& rng, const SceneSpec& spec, Vec2 from, Vec2 end) {
  const Vec2 d = end - from;
  if (chance(rng, 0.125)) return end + d;  // collinear continuation (exact on the grid)
  const double bend = (uniformUnit(rng) - 0.5) * 2 * std::numbers::pi / 3;
  const double c = std::cos(bend);
  const double s = std::sin(bend);
  return snapToGrid(end + Vec2{c * d.x - s * d.y, s * d.x + c * d.y}, spec.grid);
}

/// One-sided chain segment with ghost vertices on both sides.
template <class Rng>
ChainSegment chainSegmentShape(Rng& rng, const SceneSpec& spec) {
  const auto ends = segmentEnds(rng, spec);
  return {ghostBeyond(rng, spec, ends[1], ends[0]), ends[0], ends[1],
          ghostBeyond(rng, spec, ends[0], ends[1])};
}

/// A valid shape of the given type.
template <class Rng>
Shape shapeOf(Rng& rng, ShapeType type, const SceneSpec& spec) {
  switch (type) {
    case ShapeType::polygon:
      return convexPolygon(rng, spec);
    case ShapeType::capsule:
      return capsuleShape(rng, spec);
    case ShapeType::segment:
      return segmentShape(rng, spec);
    case ShapeType::chainSegment:
      return chainSegmentShape(rng, spec);
    default:
      return circleShape(rng, spec);
  }
}

/// Upper bound of |local point| over any shape, radius included (for placing shapes; a chain
/// segment's ghosts are not part of its surface).
inline double localBound(const Shape& shape) {
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    return length(circle->center) + circle->radius;
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    return std::max(length(capsule->p1), length(capsule->p2)) + capsule->radius;
  }
  if (const auto* segment = std::get_if<Segment>(&shape)) {
    return std::max(length(segment->p1), length(segment->p2));
  }
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) {
    return std::max(length(chain->p1), length(chain->p2));
  }
  double bound = 0;
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    for (int i = 0; i < polygon->count; ++i)
      bound = std::max(bound, length(polygon->vertices[i]));
    bound += polygon->radius;
  }
  return bound;
}

}  // namespace touche::test
