// touche — seeded random shape pairs shared by the benchmark and the fast engine's tests.
//
// Polygons: 3–8 vertices at sorted random angles on a circle of radius 0.5 perturbed by ±10 %
// per vertex (size about 1), kept only when validateShape accepts them (strictly convex,
// counter-clockwise). Circles: radius 0.25–0.75. Capsules: core half-length 0.2–0.5, radius
// 0.1–0.3; segments: half-length 0.3–0.6 (both at random angles). Transforms: random rotation, B's
// position uniform in a square around A sized so that about half the pairs overlap. The generator
// uses its own uniform mapping of mt19937_64 bits, so a seed gives the same pairs everywhere.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <utility>
#include <vector>

#include "touche/core/pairs.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche::bench {

/// One generated query.
struct PairCase {
  Shape a;
  Transform xfA;
  Shape b;
  Transform xfB;
};

/// Deterministic source of shapes and transforms.
class ShapeSource {
 public:
  explicit ShapeSource(std::uint64_t seed) : rng_(seed) {}

  /// Uniform in [lo, hi): 53 random bits scaled, independent of the standard library's
  /// distribution implementations.
  double uniform(double lo, double hi) {
    const double unit = static_cast<double>(rng_() >> 11) * 0x1p-53;
    return lo + (hi - lo) * unit;
  }

  int uniformInt(int lo, int hi) {  // inclusive
    return lo + static_cast<int>(uniform(0.0, 1.0) * (hi - lo + 1));
  }

  Circle circle() { return Circle{{uniform(-0.1, 0.1), uniform(-0.1, 0.1)}, uniform(0.25, 0.75)}; }

  /// A capsule: core of half-length 0.2–0.5 at a random angle through a centre within ±0.1,
  /// radius 0.1–0.3 (size about 1, like the polygons).
  Capsule capsule() {
    const auto [p1, p2] = core(0.2, 0.5);
    return Capsule{p1, p2, uniform(0.1, 0.3)};
  }

  /// A segment: half-length 0.3–0.6 at a random angle through a centre within ±0.1.
  Segment segment() {
    const auto [p1, p2] = core(0.3, 0.6);
    return Segment{p1, p2};
  }

  /// A valid polygon of 3–8 vertices (retries until validateShape accepts one).
  Polygon polygon() {
    for (;;) {
      Polygon p;
      p.count = uniformInt(3, kMaxPolygonVertices);
      double angles[kMaxPolygonVertices];
      for (int i = 0; i < p.count; ++i)
        angles[i] = uniform(0.0, 2.0 * std::numbers::pi);
      for (int i = 1; i < p.count; ++i) {  // insertion sort (GCC 12 misreads std::sort here)
        for (int j = i; j > 0 && angles[j - 1] > angles[j]; --j)
          std::swap(angles[j - 1], angles[j]);
      }
      for (int i = 0; i < p.count; ++i) {
        const double r = 0.5 * uniform(0.9, 1.1);
        p.vertices[i] = {r * std::cos(angles[i]), r * std::sin(angles[i])};
      }
      if (!validateShape(p, "p")) return p;
    }
  }

  /// A random shape of the given type (polygon, circle, capsule or segment).
  Shape shape(ShapeType type) {
    switch (type) {
      case ShapeType::circle:
        return circle();
      case ShapeType::capsule:
        return capsule();
      case ShapeType::segment:
        return segment();
      default:
        return polygon();
    }
  }

  /// A random rigid transform whose position lies in [−spread, spread]².
  Transform transform(double spread) {
    const double angle = uniform(-std::numbers::pi, std::numbers::pi);
    return Transform{{uniform(-spread, spread), uniform(-spread, spread)}, rotFromAngle(angle)};
  }

 private:
  /// The two ends of a core of half-length in [lo, hi), random direction and centre.
  std::pair<Vec2, Vec2> core(double lo, double hi) {
    const Vec2 center{uniform(-0.1, 0.1), uniform(-0.1, 0.1)};
    const double angle = uniform(0.0, 2.0 * std::numbers::pi);
    const double half = uniform(lo, hi);
    const Vec2 offset{half * std::cos(angle), half * std::sin(angle)};
    return {center - offset, center + offset};
  }

  std::mt19937_64 rng_;
};

/// The half-width of the square B's position is drawn from, per pair, tuned so that about
/// half the generated pairs overlap (measured by the benchmark and asserted by the tests).
inline double spreadFor(PairId pair) {
  switch (pair) {
    case PairId::circle_circle:
      return 1.25;
    case PairId::polygon_circle:
      return 1.1;
    case PairId::capsule_circle:
      return 1.12;
    case PairId::capsule_capsule:
      return 0.95;
    case PairId::polygon_capsule:
      return 0.92;
    case PairId::segment_circle:
      return 0.9;
    case PairId::segment_capsule:
      return 0.72;
    case PairId::segment_polygon:
      return 0.67;
    default:
      return 1.0;
  }
}

/// `count` random pairs of the canonical `pair` (any pair of circles, polygons, capsules and
/// segments) from `seed`. A sits at a random transform near the origin.
inline std::vector<PairCase> makePairs(PairId pair, int count, std::uint64_t seed) {
  ShapeSource source(seed);
  std::vector<PairCase> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    PairCase c;
    c.a = source.shape(pairInfo(pair).a);
    c.b = source.shape(pairInfo(pair).b);
    c.xfA = source.transform(0.01);
    c.xfB = source.transform(spreadFor(pair));
    out.push_back(c);
  }
  return out;
}

/// A large set of pairs over pools of bodies, like a physics engine's contact list: pair k
/// collides body indexA[k] of pool A (shapesA, xfA) with body indexB[k] of pool B (shapesB,
/// xfB). Pool A's bodies sit near the origin and pool B's are spread over the square of
/// spreadFor(pair), each drawn independently, so a pair has the same distribution of shapes,
/// placements and overlap as makePairs; the per-pair data is two indices (the pools stay in
/// cache, as the bodies of a scene do).
struct PairSet {
  PairId pair = PairId::polygon_polygon;
  std::vector<Shape> shapesA, shapesB;
  std::vector<Transform> xfA, xfB;
  std::vector<int> indexA, indexB;
  int size() const { return static_cast<int>(indexA.size()); }
};

/// `count` random pairs of the canonical `pair` over pools of `poolSize` bodies per role, from
/// `seed`.
inline PairSet makePairSet(PairId pair, int count, int poolSize, std::uint64_t seed) {
  ShapeSource source(seed);
  PairSet set;
  set.pair = pair;
  for (int k = 0; k < poolSize; ++k) {
    set.shapesA.push_back(source.shape(pairInfo(pair).a));
    set.xfA.push_back(source.transform(0.01));
    set.shapesB.push_back(source.shape(pairInfo(pair).b));
    set.xfB.push_back(source.transform(spreadFor(pair)));
  }
  set.indexA.reserve(static_cast<std::size_t>(count));
  set.indexB.reserve(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    set.indexA.push_back(source.uniformInt(0, poolSize - 1));
    set.indexB.push_back(source.uniformInt(0, poolSize - 1));
  }
  return set;
}

}  // namespace touche::bench
