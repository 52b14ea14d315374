// touche_bvh_bench: the broad phase on scenes of segments (the edges of seeded convex
// obstacles), in one process, the same scene and rays for every engine:
//   - bvh_ray/<engine>/<edges>: one ray's first hit, through touche's BVH (fast double and
//     float) and through Box2D 2.4.1's b2DynamicTree::RayCast with a closest-hit callback on
//     its b2EdgeShapes (proxies inserted one by one with Box2D's fattened boxes, as b2World
//     does) — the same 4096 rays, 1 to 10 spacings long, cycled.
//   - bvh_path/<tree|brute_force>/<edges>: 100 sequential casts (a ray bouncing: each leg
//     starts where the last one hit, mirrored about the normal), through the BVH and through
//     the brute-force loop over every edge (fast double); the same 8 paths an iteration.
//   - bvh_bounce/<engine>[_brute_force]/<edges>: a bounce path of 100 legs in tests/support's
//     largeBounceScene of 1 000 to 1 000 000 edges, each leg's first contact through the bounce
//     BVH (fast/bounce_bvh.h) or, up to 100 000 edges, by the brute-force firstHit
//     (fast::bouncePath), double and float.
//   - bvh_build/<engine>/<edges>: building the BVH (placing and boxing every edge, then the
//     tree) and Box2D's tree (one CreateProxy per edge).
// docs/performance.md, "Broad phase", records a run.
#include <benchmark/benchmark.h>
#include <box2d/b2_dynamic_tree.h>
#include <box2d/b2_edge_shape.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <numbers>
#include <random>
#include <vector>

#include "touche/fast/bounce_bvh.h"
#include "touche/fast/bvh.h"
#include "touche/test_support/bounce_scenes.h"
#include "touche/test_support/generators.h"
#include "touche/test_support/random.h"

namespace touche {
namespace {

constexpr int kRays = 4096;
constexpr double kSpacing = 3.0;  ///< one obstacle per kSpacing² on average

/// A scene of edges: convex obstacles (3–8 vertices, circumradius 0.5–1.5, any rotation)
/// scattered over a square at a constant density, each contributing its edges as segments in
/// world coordinates (identity transforms), and rays through it.
struct EdgeScene {
  std::vector<PlacedShape> edges;
  std::vector<CastInput> rays;
  double side = 0.0;
};

EdgeScene makeEdgeScene(int edgeCount) {
  std::mt19937_64 rng(0xed6e5 + static_cast<std::uint64_t>(edgeCount));
  const test::SceneSpec spec{test::Grid{16}, 0.5, 1.5, 0.0, 0.0};
  EdgeScene scene;
  scene.side = kSpacing * std::sqrt(edgeCount / 5.5);  // 5.5 edges an obstacle on average
  while (static_cast<int>(scene.edges.size()) < edgeCount) {
    const Polygon obstacle = test::convexPolygon(rng, spec);
    const Transform xf{test::gridPoint(rng, spec.grid, scene.side / 2), test::generalRot(rng)};
    for (int i = 0; i < obstacle.count && static_cast<int>(scene.edges.size()) < edgeCount; ++i) {
      const Vec2 a = apply(xf, obstacle.vertices[i]);
      const Vec2 b = apply(xf, obstacle.vertices[(i + 1) % obstacle.count]);
      scene.edges.push_back({Segment{a, b}, Transform{}});
    }
  }
  for (int k = 0; k < kRays; ++k) {
    CastInput ray;
    ray.origin = {(test::uniformUnit(rng) - 0.5) * scene.side,
                  (test::uniformUnit(rng) - 0.5) * scene.side};
    const double phi = 2 * std::numbers::pi * test::uniformUnit(rng);
    const double length = kSpacing * (1 + 9 * test::uniformUnit(rng));
    ray.translation = {length * std::cos(phi), length * std::sin(phi)};
    scene.rays.push_back(ray);
  }
  return scene;
}

/// One scene per size, made on first use and shared by every benchmark.
const EdgeScene& sceneOf(int edgeCount) {
  static std::map<int, std::unique_ptr<EdgeScene>> cache;
  auto& slot = cache[edgeCount];
  if (!slot) slot = std::make_unique<EdgeScene>(makeEdgeScene(edgeCount));
  return *slot;
}

template <class T>
const fast::BvhT<T>& bvhOf(int edgeCount) {
  static std::map<int, std::unique_ptr<fast::BvhT<T>>> cache;
  auto& slot = cache[edgeCount];
  if (!slot) slot = std::make_unique<fast::BvhT<T>>(fast::buildBvh<T>(sceneOf(edgeCount).edges));
  return *slot;
}

void setRayCounters(benchmark::State& state, std::int64_t hits) {
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}

template <class T>
void BM_ToucheRay(benchmark::State& state) {
  const int edges = static_cast<int>(state.range(0));
  const EdgeScene& scene = sceneOf(edges);
  const fast::BvhT<T>& bvh = bvhOf<T>(edges);
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const ShapeHit hit = fast::firstHit(bvh, scene.rays[i]);
    hits += hit.index >= 0;
    benchmark::DoNotOptimize(hit);
    i = (i + 1) & (kRays - 1);
  }
  setRayCounters(state, hits);
}

/// Box2D 2.4.1: the edges as b2EdgeShapes in a b2DynamicTree, and the closest-hit callback
/// b2World::RayCast users write (clip the ray to every hit).
struct Box2dScene {
  std::vector<b2EdgeShape> edges;
  b2DynamicTree tree;
  std::vector<b2RayCastInput> rays;
};

b2Vec2 toB2(Vec2 v) {
  return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

void insertEdges(const EdgeScene& scene, Box2dScene& out) {
  out.edges.resize(scene.edges.size());
  b2Transform identity;
  identity.SetIdentity();
  for (std::size_t i = 0; i < scene.edges.size(); ++i) {
    const auto& segment = std::get<Segment>(scene.edges[i].shape);
    out.edges[i].SetTwoSided(toB2(segment.p1), toB2(segment.p2));
    b2AABB box;
    out.edges[i].ComputeAABB(&box, identity, 0);
    out.tree.CreateProxy(box, reinterpret_cast<void*>(static_cast<std::uintptr_t>(i)));
  }
}

const Box2dScene& box2dOf(int edgeCount) {
  static std::map<int, std::unique_ptr<Box2dScene>> cache;
  auto& slot = cache[edgeCount];
  if (slot) return *slot;
  slot = std::make_unique<Box2dScene>();
  const EdgeScene& scene = sceneOf(edgeCount);
  insertEdges(scene, *slot);
  for (const CastInput& ray : scene.rays)
    slot->rays.push_back({toB2(ray.origin), toB2(ray.origin + ray.translation), 1.0f});
  return *slot;
}

struct ClosestEdge {
  const Box2dScene* scene;
  b2Transform identity;
  float fraction = 1.0f;
  int index = -1;
  b2Vec2 normal{0, 0};

  float RayCastCallback(const b2RayCastInput& input, int32 proxyId) {
    const auto i =
        static_cast<int>(reinterpret_cast<std::uintptr_t>(scene->tree.GetUserData(proxyId)));
    b2RayCastOutput out;
    if (!scene->edges[i].RayCast(&out, input, identity, 0)) return input.maxFraction;
    fraction = out.fraction;
    index = i;
    normal = out.normal;
    return out.fraction;
  }
};

void BM_Box2dRay(benchmark::State& state) {
  const Box2dScene& scene = box2dOf(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    ClosestEdge closest{&scene, {}};
    closest.identity.SetIdentity();
    scene.tree.RayCast(&closest, scene.rays[i]);
    hits += closest.index >= 0;
    benchmark::DoNotOptimize(closest);
    i = (i + 1) & (kRays - 1);
  }
  setRayCounters(state, hits);
}

/// 100 sequential casts: each leg starts where the last one hit (pulled back by 2^-20 of the
/// leg), its direction mirrored about the normal (r = d − 2(d·n)n); a leg that hits nothing
/// ends at its end and turns by a quarter. `first` is the first hit function.
template <class FirstHit>
int bouncePath(const CastInput& start, FirstHit&& first) {
  CastInput leg = start;
  int hits = 0;
  for (int k = 0; k < 100; ++k) {
    const ShapeHit hit = first(leg);
    if (hit.index < 0 || hit.result.status != CastStatus::hit) {
      leg.origin = leg.origin + leg.translation;
      leg.translation = {-leg.translation.y, leg.translation.x};
      continue;
    }
    ++hits;
    const double t = hit.result.fraction * (1 - 0x1p-20);
    const Vec2 d = leg.translation;
    const Vec2 n = hit.result.normal;
    leg.origin = leg.origin + t * d;
    leg.translation = d - 2 * dot(d, n) * n;
  }
  return hits;
}

/// The same 8 paths (from the first 8 rays) per iteration for the tree and the loop, so that
/// their hit rates must agree.
constexpr int kPaths = 8;

void runPaths(benchmark::State& state, bool tree) {
  const int edges = static_cast<int>(state.range(0));
  const EdgeScene& scene = sceneOf(edges);
  const fast::Bvh& bvh = bvhOf<double>(edges);
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (int k = 0; k < kPaths; ++k) {
      hits += tree ? bouncePath(scene.rays[k],
                                [&](const CastInput& c) { return fast::firstHit(bvh, c); })
                   : bouncePath(scene.rays[k], [&](const CastInput& c) {
                       return fast::firstHitBruteForce(bvh, c);
                     });
    }
  }
  state.SetItemsProcessed(state.iterations() * kPaths * 100);
  state.counters["hit_rate"] = static_cast<double>(hits) / (100.0 * kPaths * state.iterations());
}

void BM_PathTree(benchmark::State& state) {
  runPaths(state, true);
}
void BM_PathBruteForce(benchmark::State& state) {
  runPaths(state, false);
}

/// tests/support's largeBounceScene of `edges` edges, prepared in T, and its bounce BVH: made on
/// first use and shared by the tree and the brute force (a million edges take seconds).
template <class T>
struct PreparedBounce {
  BounceScene scene;
  fast::BounceSceneT<T> prepared;
  fast::BounceBvhT<T> bvh;
};

template <class T>
const PreparedBounce<T>& preparedBounceOf(int edges) {
  static std::map<int, std::unique_ptr<PreparedBounce<T>>> cache;
  auto& slot = cache[edges];
  if (!slot) {
    slot = std::make_unique<PreparedBounce<T>>();
    slot->scene = test::largeBounceScene(edges);
    slot->prepared = fast::prepareBounce<T>(slot->scene);
    slot->bvh = fast::buildBounceBvh(slot->prepared);
  }
  return *slot;
}

/// A bounce path of 100 legs in tests/support's largeBounceScene (walls of `edges` edges round
/// a circle, no obstacle), through the bounce BVH or by brute force (fast::bouncePath).
template <class T>
void runBounce(benchmark::State& state, bool tree) {
  const PreparedBounce<T>& made = preparedBounceOf<T>(static_cast<int>(state.range(0)));
  const BounceScene& scene = made.scene;
  const fast::BounceSceneT<T>& prepared = made.prepared;
  const fast::BounceBvhT<T>& bvh = made.bvh;
  std::size_t legs = 0;
  for (auto _ : state) {
    const BouncePath path =
        tree ? fast::bouncePathThrough(scene, prepared, bvh) : fast::bouncePath(scene, prepared);
    legs += path.legs.size();
    benchmark::DoNotOptimize(path.legs.data());
  }
  state.counters["legs"] = static_cast<double>(legs) / static_cast<double>(state.iterations());
}

template <class T>
void BM_BounceTree(benchmark::State& state) {
  runBounce<T>(state, true);
}
template <class T>
void BM_BounceBruteForce(benchmark::State& state) {
  runBounce<T>(state, false);
}

template <class T>
void BM_ToucheBuild(benchmark::State& state) {
  const EdgeScene& scene = sceneOf(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    const fast::BvhT<T> bvh = fast::buildBvh<T>(scene.edges);
    benchmark::DoNotOptimize(bvh.tree.nodes.data());
    state.counters["depth"] = bvh.tree.depth;
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_Box2dBuild(benchmark::State& state) {
  const EdgeScene& scene = sceneOf(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    Box2dScene built;
    insertEdges(scene, built);
    benchmark::DoNotOptimize(built.tree.GetHeight());
    state.counters["depth"] = built.tree.GetHeight();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int edges : {1000, 10000, 100000, 1000000})
    b->Arg(edges);
}

BENCHMARK(BM_ToucheRay<double>)->Name("bvh_ray/fast_double")->Apply(sizes);
BENCHMARK(BM_ToucheRay<float>)->Name("bvh_ray/fast_float")->Apply(sizes);
BENCHMARK(BM_Box2dRay)->Name("bvh_ray/box2d")->Apply(sizes);
BENCHMARK(BM_PathTree)->Name("bvh_path/tree")->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PathBruteForce)
    ->Name("bvh_path/brute_force")
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
/// The bounce path's scene sizes: the tree at every size, the brute force up to 100 000 edges
/// (at a million a path of 100 legs takes it about half a second).
void bounceSizes(benchmark::internal::Benchmark* b) {
  for (int edges : {1000, 10000, 100000, 1000000})
    b->Arg(edges);
}
void bruteForceBounceSizes(benchmark::internal::Benchmark* b) {
  for (int edges : {1000, 10000, 100000})
    b->Arg(edges);
}

BENCHMARK(BM_BounceTree<double>)
    ->Name("bvh_bounce/fast_double")
    ->Apply(bounceSizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BounceBruteForce<double>)
    ->Name("bvh_bounce/fast_double_brute_force")
    ->Apply(bruteForceBounceSizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BounceTree<float>)
    ->Name("bvh_bounce/fast_float")
    ->Apply(bounceSizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BounceBruteForce<float>)
    ->Name("bvh_bounce/fast_float_brute_force")
    ->Apply(bruteForceBounceSizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ToucheBuild<double>)
    ->Name("bvh_build/fast_double")
    ->Apply(sizes)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ToucheBuild<float>)
    ->Name("bvh_build/fast_float")
    ->Apply(sizes)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Box2dBuild)->Name("bvh_build/box2d")->Apply(sizes)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace touche

BENCHMARK_MAIN();
