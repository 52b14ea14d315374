// touche_bounce_bench: one bounce path of 100 legs in a scene of 1k and 10k edges
// (tests/support bounce_scenes.h largeBounceScene: a zigzag wall, half its corners arcs), by the
// fast engine's brute-force first contact (double, float) and by the exact reference, in one
// process on the same scene. The scene is prepared outside the timed loop, as an engine keeps
// it. docs/performance.md ("Bounce path") records a run; a broad phase is measured against the
// brute force below on the same scene (largeBounceScene).
#include <benchmark/benchmark.h>

#include "touche/fast/bounce.h"
#include "touche/reference/bounce.h"
#include "touche/test_support/bounce_scenes.h"

namespace touche {
namespace {

template <class T>
void BM_BruteForce(benchmark::State& state) {
  const BounceScene scene = test::largeBounceScene(static_cast<int>(state.range(0)));
  const fast::BounceSceneT<T> prepared = fast::prepareBounce<T>(scene);
  std::size_t legs = 0;
  for (auto _ : state) {
    const BouncePath path = fast::bouncePath(scene, prepared);
    legs += path.legs.size();
    benchmark::DoNotOptimize(path);
  }
  if (legs != 100 * static_cast<std::size_t>(state.iterations())) {
    state.SkipWithError("the path did not run 100 legs");
  }
  state.counters["legs/s"] =
      benchmark::Counter(static_cast<double>(legs), benchmark::Counter::kIsRate);
  state.counters["features"] = static_cast<double>(prepared.features.size());
}
BENCHMARK(BM_BruteForce<double>)
    ->Name("fast_double/brute_force")
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BruteForce<float>)
    ->Name("fast_float/brute_force")
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);

void BM_Reference(benchmark::State& state) {
  const BounceScene scene = test::largeBounceScene(static_cast<int>(state.range(0)));
  std::size_t legs = 0;
  for (auto _ : state) {
    const BouncePath path = reference::bounce(scene);
    legs += path.legs.size();
    benchmark::DoNotOptimize(path);
  }
  state.counters["legs/s"] =
      benchmark::Counter(static_cast<double>(legs), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Reference)
    ->Name("reference/brute_force")
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
}  // namespace touche

BENCHMARK_MAIN();
