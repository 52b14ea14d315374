// touche_bench — Box2D v3's b2Collide* on the same pairs as the other engines (bench_common.h),
// registered as box2d_v3/<pair>. Its manifold is the world one (world points midway, unit
// normal, separations): the like-for-like figure for touche's fast engine, as box2d_world is
// for 2.4.1.
//
// v3's headers are read inside a namespace of their own, as in oracle/src/box2d_v3.cpp: their
// C types share Box2D 2.4.1's names. Shapes are prepared outside the timed loop and filled
// from touche's validated polygons directly (vertices, unit normals, area centroid, radius as
// touche's): b2ComputeHull would drop or reorder some of the random polygons' vertices, and
// every engine must run the very same geometry. Capsules are b2Capsule, segments b2Segment.
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

namespace touche::bench::v3 {
#include <box2d/collision.h>
}  // namespace touche::bench::v3

#include <string>
#include <vector>

#include "bench_common.h"

namespace touche::bench {
namespace {

using v3::b2Capsule;
using v3::b2Circle;
using v3::b2Manifold;
using v3::b2Polygon;
using v3::b2Segment;
using v3::b2Transform;
using v3::b2Vec2;

b2Vec2 toV3(Vec2 v) {
  return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

b2Transform toV3(const Transform& xf) {
  return {toV3(xf.p), {static_cast<float>(xf.q.c), static_cast<float>(xf.q.s)}};
}

/// The polygon as b2MakePolygon would fill it from a hull of exactly these vertices: normals
/// normalize(cross(edge, 1)) in float, the area centroid, the polygon's radius.
b2Polygon toV3(const Polygon& p) {
  b2Polygon out{};
  out.count = p.count;
  out.radius = static_cast<float>(p.radius);
  double area = 0.0;
  Vec2 centroid;
  for (int i = 0; i < p.count; ++i) {
    const Vec2 v = p.vertices[i];
    const Vec2 w = p.vertices[i + 1 < p.count ? i + 1 : 0];
    out.vertices[i] = toV3(v);
    const b2Vec2 edge = {static_cast<float>(w.x - v.x), static_cast<float>(w.y - v.y)};
    out.normals[i] = v3::b2Normalize(v3::b2CrossVS(edge, 1.0f));
    const double a = cross(v, w);  // twice the signed area of triangle (0, v, w)
    area += a;
    centroid = centroid + (a / 3.0) * (v + w);
  }
  out.centroid = toV3((1.0 / area) * centroid);
  return out;
}

b2Circle toV3(const Circle& c) {
  return {toV3(c.center), static_cast<float>(c.radius)};
}

b2Capsule toV3(const Capsule& c) {
  return {toV3(c.p1), toV3(c.p2), static_cast<float>(c.radius)};
}

b2Segment toV3(const Segment& s) {
  return {toV3(s.p1), toV3(s.p2)};
}

/// A pool of shapes of one type, converted; empty for shapes of other types.
template <class V3, class Touche>
std::vector<V3> poolOf(const std::vector<Shape>& shapes) {
  std::vector<V3> out;
  for (const Shape& s : shapes) {
    if (const auto* t = std::get_if<Touche>(&s)) out.push_back(toV3(*t));
  }
  return out;
}

/// v3's collide function `collide` over pools `a` and `b` for every pair of the set.
template <class A, class B, class Collide>
void runV3(benchmark::State& state, const PairSet& set, const std::vector<A>& a,
           const std::vector<B>& b, Collide collide) {
  std::vector<b2Transform> xfA, xfB;
  for (const Transform& xf : set.xfA)
    xfA.push_back(toV3(xf));
  for (const Transform& xf : set.xfB)
    xfB.push_back(toV3(xf));
  const int* ia = set.indexA.data();
  const int* ib = set.indexB.data();
  runPairs(state, set, kPairs, [&](int i) {
    const b2Manifold m = collide(&a[ia[i]], xfA[ia[i]], &b[ib[i]], xfB[ib[i]]);
    benchmark::DoNotOptimize(m);
    return m.pointCount;
  });
}

v3::b2ChainSegment toV3(const ChainSegment& c) {
  v3::b2ChainSegment out{};
  out.ghost1 = toV3(c.ghost1);
  out.segment = {toV3(c.p1), toV3(c.p2)};
  out.ghost2 = toV3(c.ghost2);
  return out;
}

/// The chain pairs on their scenes (chainCasesFor); the simplex cache zeroed for every call,
/// as for a single query (and in the adapter).
void benchBox2dV3Chain(benchmark::State& state, PairId pair) {
  const std::vector<ChainCase>& cases = chainCasesFor(pair);
  std::vector<v3::b2ChainSegment> chains;
  std::vector<b2Transform> xfA, xfB;
  std::vector<b2Circle> circles;
  std::vector<b2Capsule> capsules;
  std::vector<b2Polygon> polygons;
  for (const ChainCase& c : cases) {
    chains.push_back(toV3(std::get<ChainSegment>(c.a)));
    xfA.push_back(toV3(c.xfA));
    xfB.push_back(toV3(c.xfB));
    if (const auto* circle = std::get_if<Circle>(&c.b)) circles.push_back(toV3(*circle));
    if (const auto* capsule = std::get_if<Capsule>(&c.b)) capsules.push_back(toV3(*capsule));
    if (const auto* polygon = std::get_if<Polygon>(&c.b)) polygons.push_back(toV3(*polygon));
  }
  const int count = static_cast<int>(cases.size());
  runCases(state, count, [&](int i) {
    v3::b2SimplexCache cache{};
    b2Manifold m;
    if (pair == PairId::chainSegment_circle) {
      m = v3::b2CollideChainSegmentAndCircle(&chains[i], xfA[i], &circles[i], xfB[i]);
    } else if (pair == PairId::chainSegment_capsule) {
      m = v3::b2CollideChainSegmentAndCapsule(&chains[i], xfA[i], &capsules[i], xfB[i], &cache);
    } else {
      m = v3::b2CollideChainSegmentAndPolygon(&chains[i], xfA[i], &polygons[i], xfB[i], &cache);
    }
    benchmark::DoNotOptimize(m);
    return m.pointCount;
  });
}

void benchBox2dV3(benchmark::State& state, PairId pair) {
  const PairSet& set = pairsFor(pair);
  const auto& A = set.shapesA;
  const auto& B = set.shapesB;
  switch (pair) {
    case PairId::circle_circle:
      return runV3(state, set, poolOf<b2Circle, Circle>(A), poolOf<b2Circle, Circle>(B),
                   &v3::b2CollideCircles);
    case PairId::capsule_circle:
      return runV3(state, set, poolOf<b2Capsule, Capsule>(A), poolOf<b2Circle, Circle>(B),
                   &v3::b2CollideCapsuleAndCircle);
    case PairId::capsule_capsule:
      return runV3(state, set, poolOf<b2Capsule, Capsule>(A), poolOf<b2Capsule, Capsule>(B),
                   &v3::b2CollideCapsules);
    case PairId::polygon_circle:
      return runV3(state, set, poolOf<b2Polygon, Polygon>(A), poolOf<b2Circle, Circle>(B),
                   &v3::b2CollidePolygonAndCircle);
    case PairId::polygon_capsule:
      return runV3(state, set, poolOf<b2Polygon, Polygon>(A), poolOf<b2Capsule, Capsule>(B),
                   &v3::b2CollidePolygonAndCapsule);
    case PairId::polygon_polygon:
      return runV3(state, set, poolOf<b2Polygon, Polygon>(A), poolOf<b2Polygon, Polygon>(B),
                   &v3::b2CollidePolygons);
    case PairId::segment_circle:
      return runV3(state, set, poolOf<b2Segment, Segment>(A), poolOf<b2Circle, Circle>(B),
                   &v3::b2CollideSegmentAndCircle);
    case PairId::segment_capsule:
      return runV3(state, set, poolOf<b2Segment, Segment>(A), poolOf<b2Capsule, Capsule>(B),
                   &v3::b2CollideSegmentAndCapsule);
    case PairId::segment_polygon:
      return runV3(state, set, poolOf<b2Segment, Segment>(A), poolOf<b2Polygon, Polygon>(B),
                   &v3::b2CollideSegmentAndPolygon);
    default:
      return benchBox2dV3Chain(state, pair);
  }
}

}  // namespace

void registerBox2dV3(const PairId* pairs, int count) {
  for (int k = 0; k < count; ++k) {
    const std::string name = "box2d_v3/" + std::string(pairInfo(pairs[k]).name);
    benchmark::RegisterBenchmark(name.c_str(), &benchBox2dV3, pairs[k]);
  }
}

}  // namespace touche::bench
