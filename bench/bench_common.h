// touche_bench — what its translation units share: the pairs every engine runs on, the timing
// loop and the counters. Box2D v3's benchmarks live in a translation unit of their own
// (box2d_v3_bench.cpp): its headers name types as Box2D 2.4.1's do.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

#include <vector>

#include "chain_scenes.h"
#include "random_pairs.h"

namespace touche::bench {

#ifndef TOUCHE_BENCH_PAIRS
#define TOUCHE_BENCH_PAIRS 1000000
#endif
inline constexpr int kPairs = TOUCHE_BENCH_PAIRS;
inline constexpr int kPool = 1024;
inline constexpr std::uint64_t kSeed = 0x70c4e5eedULL;

/// The pairs of one shape pair, made on first use and shared by every engine (touche_bench.cpp).
const PairSet& pairsFor(PairId pair);

/// Sets the counters from the pairs processed and the contacts found.
inline void setCounters(benchmark::State& state, double pairs, std::int64_t contacts) {
  state.SetItemsProcessed(static_cast<std::int64_t>(pairs));
  state.counters["overlap"] = static_cast<double>(contacts) / pairs;
  state.counters["ns_per_pair"] =
      benchmark::Counter(pairs, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

/// Runs `one(i)` for every pair i of `set` (the first `count`) per iteration; `one` returns the
/// point count. The pair indices are prefetched a few cache lines ahead, the same for every
/// engine: on this virtual machine the hardware prefetcher does not keep up with the index
/// stream once it leaves L2, and each miss would add ~10 ns per pair to every engine alike.
template <class One>
void runPairs(benchmark::State& state, const PairSet& set, int count, One&& one) {
  const int* ia = set.indexA.data();
  const int* ib = set.indexB.data();
  constexpr int kAhead = 64;  // pairs: four cache lines of each index array
  std::int64_t contacts = 0;
  for (auto _ : state) {
    for (int i = 0; i < count; ++i) {
      __builtin_prefetch(ia + i + kAhead);
      __builtin_prefetch(ib + i + kAhead);
      contacts += one(i) > 0 ? 1 : 0;
    }
  }
  setCounters(state, static_cast<double>(state.iterations()) * count, contacts);
}

/// Chain pairs run on scenes of their own (bench/chain_scenes.h: a chain segment with ghosts
/// and B about its front, back and ends), one shape pair a scene: fewer of them.
inline constexpr int kChainCases = 1 << 18;

/// The chain scenes of a chain pair, made on first use and shared by every engine.
const std::vector<ChainCase>& chainCasesFor(PairId pair);

/// Runs `one(i)` for every scene i < count per iteration (scenes are stored in order: no
/// index stream to prefetch).
template <class One>
void runCases(benchmark::State& state, int count, One&& one) {
  std::int64_t contacts = 0;
  for (auto _ : state) {
    for (int i = 0; i < count; ++i)
      contacts += one(i) > 0 ? 1 : 0;
  }
  setCounters(state, static_cast<double>(state.iterations()) * count, contacts);
}

/// Registers `box2d_v3/<pair>` for each of `pairs` (box2d_v3_bench.cpp; a build without Box2D
/// v3 has none).
void registerBox2dV3(const PairId* pairs, int count);

}  // namespace touche::bench
