// touche_cast_bench: casts per second — fast (double, float) on prepared shapes, Box2D 2.4.1's
// b2Shape::RayCast on its shapes, and the exact reference (filtered and all-exact) — on the same
// seeded rays per shape type (tests/support cast_scenes.h: rays, sharp polygons, about half of
// them hitting). Shapes are prepared outside the timed loop, as an engine keeps them.
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>

#include <random>
#include <vector>

#include "box2d_shapes.h"
#include "touche/fast/cast.h"
#include "touche/reference/cast.h"
#include "touche/reference/reference.h"
#include "touche/test_support/cast_scenes.h"

namespace touche {
namespace {

constexpr int kCasts = 1 << 12;

/// The same rays for every engine: a shape type's seeded casts, rays only, sharp polygons.
const std::vector<CastCase>& castsOf(ShapeType type) {
  static std::vector<CastCase> cache[kShapeTypeCount];
  std::vector<CastCase>& casts = cache[static_cast<int>(type)];
  if (!casts.empty()) return casts;
  test::CastSceneSpec spec;
  spec.rayChance = 1.0;
  spec.shapes.roundedChance = 0.0;
  spec.thinAim = 0.1;
  std::mt19937_64 rng(0xca57 + static_cast<int>(type));
  while (static_cast<int>(casts.size()) < kCasts) {
    CastCase c = test::randomCast(rng, type, spec);
    if (!validateCast(c.shape, c.xf, c.ray)) casts.push_back(c);
  }
  return casts;
}

template <class T>
void BM_Fast(benchmark::State& state) {
  const auto type = static_cast<ShapeType>(state.range(0));
  struct Prepared {
    fast::CastShapeT<T> shape;
    fast::TransformT<T> xf;
    fast::CastInputT<T> ray;
    T scale;
  };
  std::vector<Prepared> prepared;
  for (const CastCase& c : castsOf(type)) {
    const fast::CastInputT<T> ray{fast::toT<T>(c.ray.origin), fast::toT<T>(c.ray.translation),
                                  static_cast<T>(c.ray.radius), static_cast<T>(c.ray.maxFraction)};
    prepared.push_back({fast::prepareCast<T>(c.shape), fast::toT<T>(c.xf), ray, T(64)});
  }
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const Prepared& p = prepared[i];
    const fast::CastResultT<T> r = fast::castShape(p.shape, p.xf, p.ray, p.scale);
    hits += r.status == CastStatus::hit;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.SetLabel(std::string(shapeTypeName(type)));
}

/// One Box2D shape of any castable type, built once (oracle's builders).
struct Box2dShape {
  b2CircleShape circle;
  b2PolygonShape polygon;
  b2EdgeShape edge;
  const b2Shape* shape = nullptr;
};

void BM_Box2d(benchmark::State& state) {
  using namespace oracle::box2d::shapes;
  const auto type = static_cast<ShapeType>(state.range(0));
  std::vector<Box2dShape> shapes(kCasts);
  std::vector<b2Transform> xfs;
  std::vector<b2RayCastInput> rays;
  for (int k = 0; k < kCasts; ++k) {
    const CastCase& c = castsOf(type)[k];
    Box2dShape& s = shapes[k];
    if (const auto* circle = std::get_if<Circle>(&c.shape)) {
      s.circle = toB2(*circle);
      s.shape = &s.circle;
    } else if (const auto* polygon = std::get_if<Polygon>(&c.shape)) {
      toB2(*polygon, 0.0, &s.polygon);
      s.shape = &s.polygon;
    } else if (const auto* segment = std::get_if<Segment>(&c.shape)) {
      toB2(*segment, 0.0, &s.edge);
      s.shape = &s.edge;
    } else {
      toB2(std::get<ChainSegment>(c.shape), 0.0, &s.edge);
      s.shape = &s.edge;
    }
    xfs.push_back(toB2(c.xf));
    rays.push_back({toB2(c.ray.origin), toB2(c.ray.origin + c.ray.translation),
                    static_cast<float>(c.ray.maxFraction)});
  }
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    b2RayCastOutput out;
    hits += shapes[i].shape->RayCast(&out, rays[i], xfs[i], 0);
    benchmark::DoNotOptimize(out);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.SetLabel(std::string(shapeTypeName(type)));
}

void runReference(benchmark::State& state, bool filtered) {
  const auto type = static_cast<ShapeType>(state.range(0));
  const std::vector<CastCase>& casts = castsOf(type);
  reference::setFilterEnabled(filtered);
  reference::resetFilterStats();
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const CastCase& c = casts[i];
    const CastResult r = reference::cast(c.shape, c.xf, c.ray);
    hits += r.status == CastStatus::hit;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  const reference::FilterStats stats = reference::filterStats();
  if (stats.calls > 0) {
    state.counters["fallback_rate"] =
        static_cast<double>(stats.fallbacks) / static_cast<double>(stats.calls);
  }
  state.SetLabel(std::string(shapeTypeName(type)) + (filtered ? "" : " unfiltered"));
  reference::setFilterEnabled(true);
}

void BM_Reference(benchmark::State& state) {
  runReference(state, true);
}
void BM_ReferenceUnfiltered(benchmark::State& state) {
  runReference(state, false);
}

void castableTypes(benchmark::internal::Benchmark* b) {
  for (ShapeType type :
       {ShapeType::circle, ShapeType::segment, ShapeType::polygon, ShapeType::chainSegment}) {
    b->Arg(static_cast<int>(type));
  }
}

BENCHMARK(BM_Fast<double>)->Apply(castableTypes);
BENCHMARK(BM_Fast<float>)->Apply(castableTypes);
BENCHMARK(BM_Box2d)->Apply(castableTypes);
BENCHMARK(BM_Reference)->Apply(castableTypes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReferenceUnfiltered)->Apply(castableTypes)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace touche

BENCHMARK_MAIN();
