// touche_respond_bench: one manifold's response per call — fast (double, float) under models
// box2d-sequential and box2d-block against Box2D 2.4.1's contact solver with its block solver
// off and on, on the same seeded two-body scenes
// (tests/support box2d_response_scenes.h: boxes and discs, one or two points, no warm
// starting, 8 velocity iterations). Box2D's solver is timed by its own step profile (solveInit
// + solveVelocity: velocity integration, constraint set-up and the iterations, the part of
// b2World::Step that does what fast::respond does) as the benchmark's manual time; the whole
// b2World::Step (collision, islands, position integration) is reported beside it.
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "touche/fast/respond.h"
#include "touche/reference/response.h"
#include "touche/test_support/box2d_response_scenes.h"

// Box2D 2.4.1's switch for the two-point block solver (exported, not declared in its headers).
extern bool g_blockSolve;

namespace touche {
namespace {

constexpr int kScenes = 256;

/// The seeds of kScenes scenes whose shapes touch, and the cases Box2D solved for them.
struct Scenes {
  std::vector<std::uint64_t> seeds;
  std::vector<ResponseCase> cases;
};

const Scenes& scenes() {
  static const Scenes all = [] {
    Scenes s;
    for (std::uint64_t seed = 1; static_cast<int>(s.seeds.size()) < kScenes; ++seed) {
      std::mt19937_64 rng(seed);
      testing::Box2DResponseScene scene(rng);
      scene.step();
      if (const auto solved = scene.solved()) {
        s.seeds.push_back(seed);
        s.cases.push_back(solved->c);
      }
    }
    return s;
  }();
  return all;
}

template <class T>
void BM_FastRespond(benchmark::State& state) {
  const std::vector<ResponseCase>& cases = scenes().cases;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(fast::respondAs<T>(cases[i], kModelBox2DSequential));
    i = (i + 1) % cases.size();
  }
  state.SetItemsProcessed(state.iterations());
}

/// The model alone, on cases known valid: what a solver inside an engine would run; range 0:
/// box2d-sequential, 1: box2d-block.
template <class T>
void BM_FastModel(benchmark::State& state) {
  const std::vector<ResponseCase>& cases = scenes().cases;
  const bool blockSolve = state.range(0) == 1;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(fast::respondBox2D<T>(cases[i], blockSolve));
    i = (i + 1) % cases.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ReferenceRespond(benchmark::State& state) {
  const std::vector<ResponseCase>& cases = scenes().cases;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(reference::respond(cases[i], kModelBox2DSequential));
    i = (i + 1) % cases.size();
  }
  state.SetItemsProcessed(state.iterations());
}

/// Box2D: each iteration builds the scene (untimed), steps it once and reports as its time
/// either the solver's share of the step (range 0) or the whole step (range 1), with its
/// two-point block solver off (range 1 = 0: the path of box2d-sequential) or on (1: its
/// default, the path of box2d-block).
void BM_Box2D241(benchmark::State& state) {
  const bool wholeStep = state.range(0) == 1;
  const bool saved = g_blockSolve;
  g_blockSolve = state.range(1) == 1;
  const std::vector<std::uint64_t>& seeds = scenes().seeds;
  std::size_t i = 0;
  for (auto _ : state) {
    std::mt19937_64 rng(seeds[i]);
    auto scene = std::make_unique<testing::Box2DResponseScene>(rng);
    const auto start = std::chrono::steady_clock::now();
    scene->step();
    const auto stop = std::chrono::steady_clock::now();
    const b2Profile& profile = scene->world.GetProfile();
    const double solverSeconds = (profile.solveInit + profile.solveVelocity) * 1e-3;
    state.SetIterationTime(wholeStep ? std::chrono::duration<double>(stop - start).count()
                                     : solverSeconds);
    i = (i + 1) % seeds.size();
  }
  g_blockSolve = saved;
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_FastRespond<double>)->Name("respond/fast_double");
BENCHMARK(BM_FastRespond<float>)->Name("respond/fast_float");
BENCHMARK(BM_FastModel<double>)->Name("respond/fast_double_model")->Arg(0);
BENCHMARK(BM_FastModel<float>)->Name("respond/fast_float_model")->Arg(0);
BENCHMARK(BM_FastModel<double>)->Name("respond/fast_double_block_model")->Arg(1);
BENCHMARK(BM_FastModel<float>)->Name("respond/fast_float_block_model")->Arg(1);
BENCHMARK(BM_ReferenceRespond)->Name("respond/reference");
BENCHMARK(BM_Box2D241)->Name("respond/box2d241_solver")->Args({0, 0})->UseManualTime();
BENCHMARK(BM_Box2D241)->Name("respond/box2d241_block_solver")->Args({0, 1})->UseManualTime();
BENCHMARK(BM_Box2D241)->Name("respond/box2d241_step")->Args({1, 1})->UseManualTime();

}  // namespace
}  // namespace touche

BENCHMARK_MAIN();
