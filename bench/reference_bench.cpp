// touche_reference_bench: how fast the exact reference engine verifies pairs, per shape pair.
//
// For every pair with area: a pool of 65 536 seeded random scenes (polygons of 3–8 vertices,
// about half of the scenes in contact), cycled through by the benchmark loop; pairs/s is the
// items_per_second counter. The filtered pairs (circle_circle, polygon_circle, capsule_circle,
// segment_circle and the pairs through polygon_polygon.cpp) run every decision and construction on
// double-double values with error bounds first and in exact rationals only when uncertain (the
// fallback_rate counter); BM_ReferenceUnfiltered runs the same pairs all exact. The rest is all
// exact (docs/performance.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_pairs.h"
#include "touche/core/pairs.h"
#include "touche/core/validate.h"
#include "touche/reference/reference.h"

namespace {

using namespace touche;

/// One scene: two shapes and their transforms.
using Scene = bench::PairCase;

class SceneSource {
 public:
  explicit SceneSource(std::uint64_t seed) : rng_(seed) {}
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng_() >> 11) * 0x1p-53;
  }
  Vec2 point(double r) { return {uniform(-r, r), uniform(-r, r)}; }
  Transform transform(double spread) {
    const double angle = uniform(-3.2, 3.2);
    return Transform{point(spread), Rot{std::cos(angle), std::sin(angle)}};
  }
  Shape shape(ShapeType type) {
    switch (type) {
      case ShapeType::circle:
        return Circle{point(0.1), uniform(0.25, 0.75)};
      case ShapeType::capsule:
        return Capsule{point(0.5), point(0.5), uniform(0.05, 0.3)};
      case ShapeType::segment:
        return Segment{point(0.7), point(0.7)};
      case ShapeType::chainSegment:
        return ChainSegment{point(1.5), point(0.7), point(0.7), point(1.5)};
      case ShapeType::polygon:
      default:
        return makeRegularPolygon(point(0.1), uniform(0.4, 0.6), 3 + static_cast<int>(rng_() % 6),
                                  uniform(0, 6.3), rng_() % 2 ? 0.0 : uniform(0, 0.1));
    }
  }

 private:
  std::mt19937_64 rng_;
};

/// Scenes of one pair, positioned so that roughly half of them touch.
std::vector<Scene> makeScenes(PairId id, int count) {
  const PairInfo& info = pairInfo(id);
  const double spread = info.a == ShapeType::chainSegment ? 0.35
                        : info.a == ShapeType::segment    ? 0.6
                                                          : 0.8;
  SceneSource source(0xbe7c4 + static_cast<int>(id));
  std::vector<Scene> scenes;
  scenes.reserve(count);
  while (static_cast<int>(scenes.size()) < count) {
    Scene s{source.shape(info.a), source.transform(spread), source.shape(info.b),
            source.transform(spread)};
    if (!validateInput(s.a, s.xfA, s.b, s.xfB, Options{})) scenes.push_back(s);
  }
  return scenes;
}

void runPair(benchmark::State& state, bool filtered) {
  const auto id = static_cast<PairId>(state.range(0));
  reference::setFilterEnabled(filtered);
  reference::resetFilterStats();
  const std::vector<Scene> scenes = makeScenes(id, 1 << 16);
  std::size_t i = 0;
  std::int64_t contacts = 0;
  for (auto _ : state) {
    const Scene& s = scenes[i];
    const Manifold m = reference::collide(s.a, s.xfA, s.b, s.xfB);
    contacts += m.status == Status::contact;
    benchmark::DoNotOptimize(m);
    i = (i + 1) & (scenes.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["contact_rate"] =
      static_cast<double>(contacts) / static_cast<double>(state.iterations());
  const reference::FilterStats stats = reference::filterStats();
  if (stats.calls > 0) {
    state.counters["fallback_rate"] =
        static_cast<double>(stats.fallbacks) / static_cast<double>(stats.calls);
  }
  state.SetLabel(std::string(pairInfo(id).name) + (filtered ? "" : " unfiltered"));
  reference::setFilterEnabled(true);
}

void BM_Reference(benchmark::State& state) {
  runPair(state, true);
}

void BM_ReferenceUnfiltered(benchmark::State& state) {
  runPair(state, false);
}

void registerPairs(benchmark::internal::Benchmark* b) {
  for (const PairInfo& info : kPairTable) {
    if (info.hasArea) b->Arg(static_cast<int>(info.id));
  }
}

BENCHMARK(BM_Reference)->Apply(registerPairs)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReferenceUnfiltered)
    ->Arg(static_cast<int>(PairId::circle_circle))
    ->Arg(static_cast<int>(PairId::capsule_circle))
    ->Arg(static_cast<int>(PairId::polygon_circle))
    ->Arg(static_cast<int>(PairId::polygon_capsule))
    ->Arg(static_cast<int>(PairId::polygon_polygon))
    ->Arg(static_cast<int>(PairId::segment_circle))
    ->Arg(static_cast<int>(PairId::segment_polygon))
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
