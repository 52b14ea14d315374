// touche — narrow-phase benchmark: fast (float, double, batch) vs Box2D 2.4.1 vs the exact
// reference, and Box2D v3 when built in (box2d_v3_bench.cpp).
//
// Benchmarks are named <engine>/<pair>; engines reference (filtered), reference_exact (filter
// off), fast_float, fast_double, fast_batch (circle and polygon pairs),
// box2d (the baseline: Box2D's own b2Collide*, a local-frame manifold; segment pairs through a
// two-sided b2EdgeShape of radius 0, no capsule pairs), box2d_world (plus
// b2WorldManifold::Initialize, which produces what touche returns: world points, separations,
// a unit normal) and box2d_v3 (Box2D v3's b2Collide*, whose manifold is already the world one;
// every pair). Every engine of a pair runs on the same 1M seeded random pairs over pools of
// bodies (bench/random_pairs.h, makePairSet); the reference, exact and slow, on the first
// kReferencePairs. Shapes are prepared outside the timed loop for every engine: the fast
// engine's PolygonT/CircleT, Box2D's b2PolygonShape/b2CircleShape (filled directly from our
// validated counter-clockwise polygon, radius 0 — b2PolygonShape::Set would re-order and weld
// vertices and add the 0.01 skin), the reference's core shapes.
// Counters: items_per_second (pairs/s), ns_per_pair, overlap (fraction of pairs in contact).
// Accepts Google Benchmark's flags (--benchmark_filter, --benchmark_repetitions, ...).
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bench_common.h"
#include "touche/fast/chain_segment.h"
#include "touche/fast/collide.h"
#include "touche/reference/reference.h"

namespace touche::bench {

constexpr int kReferencePairs = 256;

const PairSet& pairsFor(PairId pair) {
  static std::map<PairId, PairSet> sets;
  auto found = sets.find(pair);
  if (found == sets.end())
    found = sets.emplace(pair, makePairSet(pair, kPairs, kPool, kSeed)).first;
  return found->second;
}

const std::vector<ChainCase>& chainCasesFor(PairId pair) {
  static std::map<PairId, std::vector<ChainCase>> sets;
  auto found = sets.find(pair);
  if (found == sets.end())
    found = sets.emplace(pair, makeChainCases(pair, kChainCases, kSeed)).first;
  return found->second;
}

namespace {

// ---- fast engine --------------------------------------------------------------------------

using namespace touche::fast;  // NOLINT: the typed API reads best unqualified here

/// The fast engine's prepared pools and per-pair transforms, rounded to T.
template <class T>
struct FastPrepared {
  std::vector<PolygonT<T>> polyA, polyB;
  std::vector<CircleT<T>> circleA, circleB;
  std::vector<CapsuleT<T>> capsuleA, capsuleB;
  std::vector<SegmentT<T>> segmentA;
  const std::vector<int>* indexA = nullptr;
  const std::vector<int>* indexB = nullptr;
  std::vector<TransformT<T>> xfA, xfB;
};

template <class T>
FastPrepared<T> prepareFast(PairId pair) {
  const PairSet& set = pairsFor(pair);
  FastPrepared<T> p;
  for (const Shape& s : set.shapesA) {
    if (const auto* poly = std::get_if<Polygon>(&s)) p.polyA.push_back(prepare<T>(*poly));
    if (const auto* circle = std::get_if<Circle>(&s)) p.circleA.push_back(prepare<T>(*circle));
    if (const auto* capsule = std::get_if<Capsule>(&s)) p.capsuleA.push_back(prepare<T>(*capsule));
    if (const auto* segment = std::get_if<Segment>(&s)) p.segmentA.push_back(prepare<T>(*segment));
  }
  for (const Shape& s : set.shapesB) {
    if (const auto* poly = std::get_if<Polygon>(&s)) p.polyB.push_back(prepare<T>(*poly));
    if (const auto* circle = std::get_if<Circle>(&s)) p.circleB.push_back(prepare<T>(*circle));
    if (const auto* capsule = std::get_if<Capsule>(&s)) p.capsuleB.push_back(prepare<T>(*capsule));
  }
  p.indexA = &set.indexA;
  p.indexB = &set.indexB;
  for (const Transform& xf : set.xfA)
    p.xfA.push_back(toT<T>(xf));
  for (const Transform& xf : set.xfB)
    p.xfB.push_back(toT<T>(xf));
  return p;
}

/// One typed function over the prepared pools `a` and `b` (the capsule and segment pairs).
template <class T, class PoolA, class PoolB, class Collide>
void runTyped(benchmark::State& state, const PairSet& set, const FastPrepared<T>& p, const PoolA& a,
              const PoolB& b, Collide collideTyped) {
  const int* ia = p.indexA->data();
  const int* ib = p.indexB->data();
  runPairs(state, set, kPairs, [&](int i) {
    const ManifoldT<T> m = collideTyped(a[ia[i]], p.xfA[ia[i]], b[ib[i]], p.xfB[ib[i]], T(0));
    benchmark::DoNotOptimize(m);
    return m.pointCount;
  });
}

template <class T>
void benchFast(benchmark::State& state, PairId pair) {
  const PairSet& set = pairsFor(pair);
  const FastPrepared<T> p = prepareFast<T>(pair);
  const int* ia = p.indexA->data();
  const int* ib = p.indexB->data();
  switch (pair) {
    case PairId::capsule_circle:
      return runTyped(state, set, p, p.capsuleA, p.circleB, &collideCapsuleAndCircle<T>);
    case PairId::capsule_capsule:
      return runTyped(state, set, p, p.capsuleA, p.capsuleB, &collideCapsules<T>);
    case PairId::polygon_capsule:
      return runTyped(state, set, p, p.polyA, p.capsuleB, &collidePolygonAndCapsule<T>);
    case PairId::segment_circle:
      return runTyped(state, set, p, p.segmentA, p.circleB, &collideSegmentAndCircle<T>);
    case PairId::segment_capsule:
      return runTyped(state, set, p, p.segmentA, p.capsuleB, &collideSegmentAndCapsule<T>);
    case PairId::segment_polygon:
      return runTyped(state, set, p, p.segmentA, p.polyB, &collideSegmentAndPolygon<T>);
    default:
      break;
  }
  // One lambda per pair, each constructing its manifold in place (no copy of the result, as
  // Box2D writes through its pointer).
  if (pair == PairId::polygon_polygon) {
    runPairs(state, set, kPairs, [&](int i) {
      const ManifoldT<T> m =
          collidePolygons(p.polyA[ia[i]], p.xfA[ia[i]], p.polyB[ib[i]], p.xfB[ib[i]], T(0));
      benchmark::DoNotOptimize(m);
      return m.pointCount;
    });
  } else if (pair == PairId::polygon_circle) {
    runPairs(state, set, kPairs, [&](int i) {
      const ManifoldT<T> m = collidePolygonAndCircle(p.polyA[ia[i]], p.xfA[ia[i]], p.circleB[ib[i]],
                                                     p.xfB[ib[i]], T(0));
      benchmark::DoNotOptimize(m);
      return m.pointCount;
    });
  } else {
    runPairs(state, set, kPairs, [&](int i) {
      const ManifoldT<T> m =
          collideCircles(p.circleA[ia[i]], p.xfA[ia[i]], p.circleB[ib[i]], p.xfB[ib[i]], T(0));
      benchmark::DoNotOptimize(m);
      return m.pointCount;
    });
  }
}

/// The chain pairs, scalar typed API in T: each scene's shapes prepared outside the loop.
template <class T>
void benchFastChain(benchmark::State& state, PairId pair) {
  const std::vector<ChainCase>& cases = chainCasesFor(pair);
  std::vector<ChainSegmentT<T>> chains;
  std::vector<TransformT<T>> xfA, xfB;
  std::vector<CircleT<T>> circles;
  std::vector<PolygonT<T>> polygons;  // a capsule as the two-vertex polygon the engine uses
  for (const ChainCase& c : cases) {
    chains.push_back(prepare<T>(std::get<ChainSegment>(c.a)));
    xfA.push_back(toT<T>(c.xfA));
    xfB.push_back(toT<T>(c.xfB));
    if (const auto* circle = std::get_if<Circle>(&c.b)) circles.push_back(prepare<T>(*circle));
    if (const auto* capsule = std::get_if<Capsule>(&c.b))
      polygons.push_back(prepareCapsuleAsPolygon<T>(*capsule));
    if (const auto* polygon = std::get_if<Polygon>(&c.b)) polygons.push_back(prepare<T>(*polygon));
  }
  const int count = static_cast<int>(cases.size());
  if (pair == PairId::chainSegment_circle) {
    return runCases(state, count, [&](int i) {
      const ManifoldT<T> m =
          collideChainSegmentAndCircle(chains[i], xfA[i], circles[i], xfB[i], T(0));
      benchmark::DoNotOptimize(m);
      return m.pointCount;
    });
  }
  runCases(state, count, [&](int i) {
    const ManifoldT<T> m =
        pair == PairId::chainSegment_capsule
            ? collideChainSegmentAndCapsule(chains[i], xfA[i], polygons[i], xfB[i], T(0))
            : collideChainSegmentAndPolygon(chains[i], xfA[i], polygons[i], xfB[i], T(0));
    benchmark::DoNotOptimize(m);
    return m.pointCount;
  });
}

/// The batch path (touche/fast/batch.h), float, on the same pools and index arrays as
/// fast_float, in calls of kChunk pairs into one reused output buffer (as an engine would run
/// its contact list: the results stay in L1 instead of streaming 48 bytes a pair to memory).
void benchBatch(benchmark::State& state, PairId pair) {
  using T = float;
  constexpr int kChunk = 256;
  const PairSet& set = pairsFor(pair);
  const FastPrepared<T> p = prepareFast<T>(pair);
  ManifoldT<T> out[kChunk];
  std::int64_t contacts = 0;
  for (auto _ : state) {
    for (int k = 0; k < kPairs; k += kChunk) {
      const int* ia = set.indexA.data() + k;
      const int* ib = set.indexB.data() + k;
      const int n = kPairs - k < kChunk ? kPairs - k : kChunk;
      if (pair == PairId::polygon_polygon) {
        collidePolygonsBatch<T>(
            {p.polyA.data(), p.xfA.data(), p.polyB.data(), p.xfB.data(), ia, ib, n}, T(0), out);
      } else if (pair == PairId::polygon_circle) {
        collidePolygonAndCircleBatch<T>(
            {p.polyA.data(), p.xfA.data(), p.circleB.data(), p.xfB.data(), ia, ib, n}, T(0), out);
      } else {
        collideCirclesBatch<T>(
            {p.circleA.data(), p.xfA.data(), p.circleB.data(), p.xfB.data(), ia, ib, n}, T(0), out);
      }
      benchmark::DoNotOptimize(out);
      for (int i = 0; i < n; ++i)
        contacts += out[i].pointCount > 0 ? 1 : 0;
    }
  }
  setCounters(state, static_cast<double>(state.iterations()) * kPairs, contacts);
}

// ---- Box2D 2.4.1 --------------------------------------------------------------------------

/// Box2D polygon filled field by field from a validated counter-clockwise polygon: same
/// vertices (rounded to float), unit edge normals computed in double, area centroid, radius as
/// ours (0 here) instead of b2_polygonRadius.
b2PolygonShape toBox2d(const Polygon& polygon) {
  b2PolygonShape shape;
  shape.m_count = polygon.count;
  double area = 0.0;
  Vec2 centroid;
  for (int i = 0; i < polygon.count; ++i) {
    const Vec2 v = polygon.vertices[i];
    const Vec2 w = polygon.vertices[i + 1 < polygon.count ? i + 1 : 0];
    const UnitT<double> n = normalizeOr(Vec2T<double>{w.y - v.y, v.x - w.x}, {1.0, 0.0});
    shape.m_vertices[i].Set(static_cast<float>(v.x), static_cast<float>(v.y));
    shape.m_normals[i].Set(static_cast<float>(n.unit.x), static_cast<float>(n.unit.y));
    const double a = cross(v, w);  // twice the signed area of triangle (0, v, w)
    area += a;
    centroid = centroid + (a / 3.0) * (v + w);
  }
  centroid = (1.0 / area) * centroid;
  shape.m_centroid.Set(static_cast<float>(centroid.x), static_cast<float>(centroid.y));
  shape.m_radius = static_cast<float>(polygon.radius);
  return shape;
}

b2CircleShape toBox2d(const Circle& circle) {
  b2CircleShape shape;
  shape.m_p.Set(static_cast<float>(circle.center.x), static_cast<float>(circle.center.y));
  shape.m_radius = static_cast<float>(circle.radius);
  return shape;
}

/// A two-sided Box2D edge with radius 0 (our segment; b2EdgeShape's default radius is the
/// 0.01 skin).
b2EdgeShape toBox2d(const Segment& segment) {
  b2EdgeShape shape;
  shape.SetTwoSided(b2Vec2(static_cast<float>(segment.p1.x), static_cast<float>(segment.p1.y)),
                    b2Vec2(static_cast<float>(segment.p2.x), static_cast<float>(segment.p2.y)));
  shape.m_radius = 0.0f;
  return shape;
}

b2Transform toBox2d(const Transform& xf) {
  b2Transform out;
  out.p.Set(static_cast<float>(xf.p.x), static_cast<float>(xf.p.y));
  out.q.c = static_cast<float>(xf.q.c);
  out.q.s = static_cast<float>(xf.q.s);
  return out;
}

/// Box2D's world-frame step: b2WorldManifold::Initialize turns the local manifold into world
/// points (midway between the surfaces), separations and a unit normal — what touche's
/// engines return. Timed only for the "box2d_world" engine, for a like-for-like comparison.
template <class ShapeA, class ShapeB>
void toWorldBox2d(bool world, const b2Manifold& m, const b2Transform& xfA, const ShapeA& a,
                  const b2Transform& xfB, const ShapeB& b) {
  if (!world || m.pointCount == 0) return;
  b2WorldManifold wm;
  wm.Initialize(&m, xfA, a.m_radius, xfB, b.m_radius);
  benchmark::DoNotOptimize(wm);
}

/// Box2D 2.4.1's b2Collide* on the same pairs; `world` adds b2WorldManifold::Initialize.
void benchBox2dWith(benchmark::State& state, PairId pair, bool world) {
  const PairSet& set = pairsFor(pair);
  std::vector<b2PolygonShape> polyA, polyB;
  std::vector<b2CircleShape> circleA, circleB;
  std::vector<b2EdgeShape> edgeA;
  std::vector<b2Transform> xfA, xfB;
  for (const Shape& s : set.shapesA) {
    if (const auto* p = std::get_if<Polygon>(&s)) polyA.push_back(toBox2d(*p));
    if (const auto* p = std::get_if<Circle>(&s)) circleA.push_back(toBox2d(*p));
    if (const auto* p = std::get_if<Segment>(&s)) edgeA.push_back(toBox2d(*p));
  }
  for (const Shape& s : set.shapesB) {
    if (const auto* p = std::get_if<Polygon>(&s)) polyB.push_back(toBox2d(*p));
    if (const auto* p = std::get_if<Circle>(&s)) circleB.push_back(toBox2d(*p));
  }
  for (const Transform& xf : set.xfA)
    xfA.push_back(toBox2d(xf));
  for (const Transform& xf : set.xfB)
    xfB.push_back(toBox2d(xf));
  const int* ia = set.indexA.data();
  const int* ib = set.indexB.data();
  b2Manifold m;
  if (pair == PairId::segment_circle) {
    runPairs(state, set, kPairs, [&](int i) {
      b2CollideEdgeAndCircle(&m, &edgeA[ia[i]], xfA[ia[i]], &circleB[ib[i]], xfB[ib[i]]);
      benchmark::DoNotOptimize(m);
      toWorldBox2d(world, m, xfA[ia[i]], edgeA[ia[i]], xfB[ib[i]], circleB[ib[i]]);
      return m.pointCount;
    });
  } else if (pair == PairId::segment_polygon) {
    runPairs(state, set, kPairs, [&](int i) {
      b2CollideEdgeAndPolygon(&m, &edgeA[ia[i]], xfA[ia[i]], &polyB[ib[i]], xfB[ib[i]]);
      benchmark::DoNotOptimize(m);
      toWorldBox2d(world, m, xfA[ia[i]], edgeA[ia[i]], xfB[ib[i]], polyB[ib[i]]);
      return m.pointCount;
    });
  } else if (pair == PairId::polygon_polygon) {
    runPairs(state, set, kPairs, [&](int i) {
      b2CollidePolygons(&m, &polyA[ia[i]], xfA[ia[i]], &polyB[ib[i]], xfB[ib[i]]);
      benchmark::DoNotOptimize(m);
      toWorldBox2d(world, m, xfA[ia[i]], polyA[ia[i]], xfB[ib[i]], polyB[ib[i]]);
      return m.pointCount;
    });
  } else if (pair == PairId::polygon_circle) {
    runPairs(state, set, kPairs, [&](int i) {
      b2CollidePolygonAndCircle(&m, &polyA[ia[i]], xfA[ia[i]], &circleB[ib[i]], xfB[ib[i]]);
      benchmark::DoNotOptimize(m);
      toWorldBox2d(world, m, xfA[ia[i]], polyA[ia[i]], xfB[ib[i]], circleB[ib[i]]);
      return m.pointCount;
    });
  } else {
    runPairs(state, set, kPairs, [&](int i) {
      b2CollideCircles(&m, &circleA[ia[i]], xfA[ia[i]], &circleB[ib[i]], xfB[ib[i]]);
      benchmark::DoNotOptimize(m);
      toWorldBox2d(world, m, xfA[ia[i]], circleA[ia[i]], xfB[ib[i]], circleB[ib[i]]);
      return m.pointCount;
    });
  }
}

void benchBox2d(benchmark::State& state, PairId pair) {
  benchBox2dWith(state, pair, false);
}
void benchBox2dWorld(benchmark::State& state, PairId pair) {
  benchBox2dWith(state, pair, true);
}

// ---- exact reference ----------------------------------------------------------------------

void benchReference(benchmark::State& state, PairId pair) {
  const PairSet& set = pairsFor(pair);
  const Options options;
  runPairs(state, set, kReferencePairs, [&](int i) {
    const int ia = set.indexA[static_cast<std::size_t>(i)];
    const int ib = set.indexB[static_cast<std::size_t>(i)];
    const Shape& a = set.shapesA[static_cast<std::size_t>(ia)];
    const Shape& b = set.shapesB[static_cast<std::size_t>(ib)];
    const auto canonical = [&](auto collideExact, auto typeA, auto typeB) {
      return collideExact(std::get<decltype(typeA)>(a), set.xfA[ia], std::get<decltype(typeB)>(b),
                          set.xfB[ib], options);
    };
    Manifold m;
    switch (pair) {
      case PairId::polygon_polygon:
        m = canonical(&reference::collidePolygons, Polygon{}, Polygon{});
        break;
      case PairId::polygon_circle:
        m = canonical(&reference::collidePolygonAndCircle, Polygon{}, Circle{});
        break;
      case PairId::capsule_circle:
        m = canonical(&reference::collideCapsuleAndCircle, Capsule{}, Circle{});
        break;
      case PairId::capsule_capsule:
        m = canonical(&reference::collideCapsules, Capsule{}, Capsule{});
        break;
      case PairId::polygon_capsule:
        m = canonical(&reference::collidePolygonAndCapsule, Polygon{}, Capsule{});
        break;
      case PairId::segment_circle:
        m = canonical(&reference::collideSegmentAndCircle, Segment{}, Circle{});
        break;
      case PairId::segment_capsule:
        m = canonical(&reference::collideSegmentAndCapsule, Segment{}, Capsule{});
        break;
      case PairId::segment_polygon:
        m = canonical(&reference::collideSegmentAndPolygon, Segment{}, Polygon{});
        break;
      default:
        m = canonical(&reference::collideCircles, Circle{}, Circle{});
        break;
    }
    benchmark::DoNotOptimize(m);
    return m.pointCount;
  });
}

/// The reference with its interval filter off: every decision in exact rationals (the filter
/// covers polygon–polygon; the other pairs are exact either way).
void benchReferenceExact(benchmark::State& state, PairId pair) {
  reference::setFilterEnabled(false);
  benchReference(state, pair);
  reference::setFilterEnabled(true);
}

/// Which engines run a pair: the fast scalar engines and the reference everywhere; the batch
/// path for the pairs it has; Box2D 2.4.1 where it has the pair (a two-sided b2EdgeShape for
/// our segment; it has no capsule).
bool engineRuns(const std::string& engine, PairId pair) {
  const bool batch = pair == PairId::polygon_polygon || pair == PairId::circle_circle ||
                     pair == PairId::polygon_circle;
  if (engine == "fast_batch") return batch;
  if (engine == "box2d" || engine == "box2d_world") {
    return batch || pair == PairId::segment_circle || pair == PairId::segment_polygon;
  }
  return true;
}

void registerAll() {
  const PairId pairs[] = {
      PairId::polygon_polygon, PairId::circle_circle,   PairId::polygon_circle,
      PairId::capsule_circle,  PairId::capsule_capsule, PairId::polygon_capsule,
      PairId::segment_circle,  PairId::segment_capsule, PairId::segment_polygon};
  using Fn = void (*)(benchmark::State&, PairId);
  const std::pair<const char*, Fn> engines[] = {
      {"reference", &benchReference},    {"reference_exact", &benchReferenceExact},
      {"fast_float", &benchFast<float>}, {"fast_double", &benchFast<double>},
      {"fast_batch", &benchBatch},       {"box2d", &benchBox2d},
      {"box2d_world", &benchBox2dWorld}};
  for (const auto& [engine, fn] : engines) {
    for (PairId pair : pairs) {
      if (!engineRuns(engine, pair)) continue;
      const std::string name = std::string(engine) + "/" + std::string(pairInfo(pair).name);
      benchmark::RegisterBenchmark(name.c_str(), fn, pair);
    }
  }
  // The chain pairs: the fast engine's scalar API and Box2D v3 (2.4.1's one-sided edges are
  // not v3's chain segments; the reference is judged on them by touche_agreement).
  const PairId chainPairs[] = {PairId::chainSegment_circle, PairId::chainSegment_capsule,
                               PairId::chainSegment_polygon};
  for (const auto& [engine, fn] : {std::pair{"fast_float", &benchFastChain<float>},
                                   std::pair{"fast_double", &benchFastChain<double>}}) {
    for (PairId pair : chainPairs) {
      const std::string name = std::string(engine) + "/" + std::string(pairInfo(pair).name);
      benchmark::RegisterBenchmark(name.c_str(), fn, pair);
    }
  }
#ifdef TOUCHE_BENCH_BOX2D_V3
  registerBox2dV3(pairs, static_cast<int>(std::size(pairs)));
  registerBox2dV3(chainPairs, static_cast<int>(std::size(chainPairs)));
#endif
}

}  // namespace
}  // namespace touche::bench

int main(int argc, char** argv) {
  touche::bench::registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
