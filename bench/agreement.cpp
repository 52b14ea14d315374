// touche_agreement — the fast engine's agreement with the exact reference at scale.
//
// ctest holds the fast engine to the reference on 100 000 seeded pairs per pair type
// (tests/fast/*agreement_test.cpp); this program runs the same judgement on as many pairs as
// asked (10 000 000 per pair type by default) on every core. Each pair comes from
// bench/random_pairs.h (the benchmark's shapes and placements, about half the pairs in contact);
// the reference answers once and the oracle's compare() judges fast (double) and fast_float
// under their declared conventions (oracle::conventionsFor: the rounding band of 2^10 units of
// epsilon × the scene's scale, 64 units for lengths). Pairs are made in blocks from a seed
// derived from (seed, pair, block), so the result does not depend on the number of threads.
// Chain-segment pairs come from bench/chain_scenes.h instead (a chain segment with ghosts
// turned by up to ±60°, B placed about its front, its back and beyond its ends; a third to two
// fifths of the pairs touch).
//
//   touche_agreement                          # every pair the fast engine has, 10M pairs each
//   touche_agreement --pair polygon_polygon --pairs 1000000 --threads 2 --margin 0.1
//
// Prints one row per (pair, engine): pairs, contact rate, agree, agree-within-tie and every
// failing outcome class; writes the first failing cases as JSONL (hexfloats) to stderr. Exit
// status 1 if any pair failed, 2 on a usage error.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "chain_scenes.h"
#include "random_pairs.h"
#include "touche/core/engine.h"
#include "touche/core/jsonl.h"
#include "touche/fast/fast.h"
#include "touche/oracle/compare.h"
#include "touche/reference/reference.h"

namespace touche::bench {
namespace {

constexpr int kBlockSize = 4096;   ///< pairs made from one derived seed
constexpr int kFailuresShown = 5;  ///< failing cases written per (pair, engine)
const Engine* const kFastEngines[] = {&fast::kDoubleEngine, &fast::kFloatEngine};
constexpr int kEngineCount = 2;

/// Command-line settings.
struct Settings {
  std::vector<PairId> pairs;
  long long count = 10'000'000;
  std::uint64_t seed = 1;
  double margin = 0.0;
  int threads = 1;
};

/// Outcome counts of one engine on one pair type (plus the contact tally of the reference).
struct Tally {
  long long pairs = 0;
  long long contacts = 0;
  std::array<long long, oracle::kOutcomeCount> outcomes{};
  std::vector<std::string> failures;  ///< the first kFailuresShown failing cases, as JSONL

  void merge(const Tally& other) {
    pairs += other.pairs;
    contacts += other.contacts;
    for (int k = 0; k < oracle::kOutcomeCount; ++k)
      outcomes[k] += other.outcomes[k];
    for (const std::string& f : other.failures) {
      if (static_cast<int>(failures.size()) < kFailuresShown) failures.push_back(f);
    }
  }
  long long failed() const {
    long long n = 0;
    for (int k = 0; k < oracle::kOutcomeCount; ++k) {
      if (!oracle::isAcceptable(static_cast<oracle::Outcome>(k))) n += outcomes[k];
    }
    return n;
  }
};

/// The seed of block `block` of pair type `pair` (splitmix64 of the three, so neighbouring
/// blocks share no generator state).
std::uint64_t blockSeed(std::uint64_t seed, PairId pair, long long block) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull +
                    static_cast<std::uint64_t>(pair) * 0x632be59bd9b4e019ull +
                    static_cast<std::uint64_t>(block);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Whether one of the pair's shapes is a chain segment.
bool isChainPair(PairId pair) {
  return pairInfo(pair).a == ShapeType::chainSegment || pairInfo(pair).b == ShapeType::chainSegment;
}

/// `count` seeded cases of `pair`: chain scenes for the chain pairs, random_pairs.h otherwise.
std::vector<Case> makeCases(PairId pair, int count, std::uint64_t seed) {
  std::vector<Case> out;
  out.reserve(static_cast<std::size_t>(count));
  if (isChainPair(pair)) {
    for (const ChainCase& c : makeChainCases(pair, count, seed))
      out.push_back(Case{"", c.a, c.xfA, c.b, c.xfB});
  } else {
    for (const PairCase& p : makePairs(pair, count, seed))
      out.push_back(Case{"", p.a, p.xfA, p.b, p.xfB});
  }
  return out;
}

/// One case judged for both fast engines against one reference answer.
void judgeCase(const Case& scene, const Options& options, std::array<Tally, kEngineCount>& out) {
  const Manifold expected =
      reference::kEngine.collide(scene.a, scene.xfA, scene.b, scene.xfB, options);
  for (int e = 0; e < kEngineCount; ++e) {
    const Engine& engine = *kFastEngines[e];
    const oracle::Conventions conventions = oracle::conventionsFor(engine.name);
    oracle::Tolerance tolerance = oracle::toleranceFor(scene, conventions);
    tolerance.margin = options.margin;
    const Manifold actual = engine.collide(scene.a, scene.xfA, scene.b, scene.xfB, options);
    const oracle::Comparison verdict = oracle::compare(scene, expected, actual, tolerance);
    Tally& t = out[static_cast<std::size_t>(e)];
    ++t.pairs;
    t.contacts += expected.status == Status::contact ? 1 : 0;
    ++t.outcomes[static_cast<std::size_t>(verdict.outcome)];
    if (!oracle::isAcceptable(verdict.outcome) &&
        static_cast<int>(t.failures.size()) < kFailuresShown) {
      t.failures.push_back(formatCase(scene, NumberFormat::hex) + "\n  " + verdict.explanation);
    }
  }
}

/// Every block of one pair type, shared among the threads by an atomic block counter.
std::array<Tally, kEngineCount> runPair(PairId pair, const Settings& s) {
  const long long blocks = (s.count + kBlockSize - 1) / kBlockSize;
  std::atomic<long long> next{0};
  std::mutex merging;
  std::array<Tally, kEngineCount> total;
  const auto worker = [&] {
    std::array<Tally, kEngineCount> mine;
    for (long long b = next++; b < blocks; b = next++) {
      const int n = static_cast<int>(std::min<long long>(kBlockSize, s.count - b * kBlockSize));
      for (const Case& scene : makeCases(pair, n, blockSeed(s.seed, pair, b)))
        judgeCase(scene, Options{s.margin}, mine);
    }
    const std::lock_guard<std::mutex> lock(merging);
    for (int e = 0; e < kEngineCount; ++e)
      total[e].merge(mine[e]);
  };
  std::vector<std::thread> pool;
  for (int k = 1; k < s.threads; ++k)
    pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool)
    t.join();
  return total;
}

/// One row: pair, engine, pairs, contact %, then every outcome class with a non-zero count.
void printRow(std::string_view pair, std::string_view engine, const Tally& t) {
  std::printf(
      "%-16s %-10s %10lld  contact %5.1f%%", std::string(pair).c_str(), std::string(engine).c_str(),
      t.pairs,
      t.pairs ? 100.0 * static_cast<double>(t.contacts) / static_cast<double>(t.pairs) : 0.0);
  for (int k = 0; k < oracle::kOutcomeCount; ++k) {
    if (t.outcomes[static_cast<std::size_t>(k)] == 0) continue;
    std::printf("  %s %lld",
                std::string(oracle::outcomeName(static_cast<oracle::Outcome>(k))).c_str(),
                t.outcomes[static_cast<std::size_t>(k)]);
  }
  std::printf("\n");
  std::fflush(stdout);
}

/// Every canonical pair type with area the fast engine implements.
std::vector<PairId> defaultPairs() {
  std::vector<PairId> pairs;
  for (const PairInfo& info : kPairTable) {
    if (info.hasArea && fast::implements(info.id)) pairs.push_back(info.id);
  }
  return pairs;
}

int usage(const std::string& problem) {
  std::cerr << "touche_agreement: " << problem
            << "\nusage: touche_agreement [--pair NAME] [--pairs N] [--seed S] [--margin M] "
               "[--threads T]\n";
  return 2;
}

/// Parses the command line into s; returns an error text (empty when fine).
std::string parse(int argc, char** argv, Settings& s) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return "missing value after " + flag;
    const std::string value = argv[++i];
    char* end = nullptr;
    if (flag == "--pair") {
      const auto found = std::find_if(kPairTable.begin(), kPairTable.end(),
                                      [&](const PairInfo& p) { return p.name == value; });
      if (found == kPairTable.end() || !found->hasArea || !fast::implements(found->id)) {
        return "--pair " + value + ": not a canonical pair with area the fast engine implements";
      }
      s.pairs.push_back(found->id);
    } else if (flag == "--pairs") {
      s.count = std::strtoll(value.c_str(), &end, 10);
      if (*end != '\0' || s.count < 1) return "--pairs " + value + ": expected a positive count";
    } else if (flag == "--seed") {
      s.seed = std::strtoull(value.c_str(), &end, 10);
      if (*end != '\0') return "--seed " + value + ": expected an unsigned integer";
    } else if (flag == "--margin") {
      s.margin = std::strtod(value.c_str(), &end);
      if (*end != '\0' || !(s.margin >= 0.0 && s.margin <= 1.0)) {
        return "--margin " + value + ": expected a number in [0, 1]";
      }
    } else if (flag == "--threads") {
      s.threads = static_cast<int>(std::strtol(value.c_str(), &end, 10));
      if (*end != '\0' || s.threads < 1 || s.threads > 256) {
        return "--threads " + value + ": expected 1 to 256";
      }
    } else {
      return "unknown option " + flag;
    }
  }
  if (s.pairs.empty()) s.pairs = defaultPairs();
  return "";
}

}  // namespace
}  // namespace touche::bench

int main(int argc, char** argv) {
  using namespace touche;
  using namespace touche::bench;
  Settings settings;
  settings.threads = std::max(1u, std::thread::hardware_concurrency());
  if (const std::string problem = parse(argc, argv, settings); !problem.empty()) {
    return usage(problem);
  }
  long long failed = 0;
  for (PairId pair : settings.pairs) {
    const std::array<Tally, kEngineCount> tallies = runPair(pair, settings);
    for (int e = 0; e < kEngineCount; ++e) {
      const Tally& t = tallies[static_cast<std::size_t>(e)];
      printRow(pairInfo(pair).name, kFastEngines[e]->name, t);
      failed += t.failed();
      for (const std::string& f : t.failures)
        std::cerr << f << "\n";
    }
  }
  return failed == 0 ? 0 : 1;
}
