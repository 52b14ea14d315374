// touche_judge_bench: how fast the oracle judges a foreign engine's manifolds, against how fast
// the reference engine collides the same cases, in one process (docs/performance.md,
// "Judging").
//
// Inputs: a seeded mix of the pairs Box2D 2.4.1 collides — circle_circle, polygon_circle,
// polygon_polygon, segment_circle, segment_polygon (bench/random_pairs.h: about half touch),
// chainSegment_circle and chainSegment_polygon (bench/chain_scenes.h) — 512 cases of each,
// interleaved, and two engines' manifolds of them: Box2D 2.4.1 through touche's adapter
// (judged under box2d-2.4.1-noskin) and the fast engine in double (under its own conventions).
//
//   reference/<pair>            the exact reference engine's collide on the cases
//   judge/<engine>/<pair>       judge() per case, as shipped (filtered, exact when uncertain)
//   judge_exact/<engine>/<pair> the same with setJudgeFilterEnabled(false): all exact
//   check/jobs:N                oracle::check() on the cases and Box2D's manifolds as JSON
//                               Lines in memory (reading, parsing, matching, judging), keeping
//                               every case
//   check_stream/jobs:N         oracle::checkStream() on the same, as `touche check` runs it:
//                               the verdict lines written (to a counter), only aggregates kept
//   parse/case, parse/manifold  parseCase and parseManifold of one line (the mix's: read by
//                               the plain readers)
//   parse_document/case, ...    the same lines through the document readers (every line's
//                               reading before the plain readers)
// <pair> is one pair, or `mix` (all of them). Counters: items_per_second (cases/s), and for
// judge the share of filtered queries the exact path redid (fallback_rate).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "chain_scenes.h"
#include "jsonl_detail.h"
#include "random_pairs.h"
#include "touche/core/pairs.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/judge.h"

namespace {

using namespace touche;

constexpr PairId kPairs[] = {PairId::circle_circle,       PairId::polygon_circle,
                             PairId::polygon_polygon,     PairId::segment_circle,
                             PairId::segment_polygon,     PairId::chainSegment_circle,
                             PairId::chainSegment_polygon};
constexpr int kPairCount = static_cast<int>(std::size(kPairs));
constexpr int kCasesPerPair = 512;

/// The engines whose manifolds are judged, and the conventions they are judged under.
struct Judged {
  const char* engine;
  const char* conventions;  ///< a preset, or "" for the engine's own (engineConventions)
};
constexpr Judged kJudged[] = {{"box2d", "box2d-2.4.1-noskin"}, {"fast", ""}};

struct Inputs {
  std::vector<Case> cases;  ///< interleaved: case k is of pair kPairs[k % kPairCount]
  std::vector<ManifoldRecord> manifolds[std::size(kJudged)];
  std::string casesText;  ///< the cases as JSON Lines
  std::string box2dText;  ///< Box2D's manifolds as JSON Lines
};

std::vector<Case> casesOf(PairId pair, std::uint64_t seed) {
  std::vector<Case> out;
  const PairInfo& info = pairInfo(pair);
  if (info.a == ShapeType::chainSegment) {
    for (const bench::ChainCase& c : bench::makeChainCases(pair, kCasesPerPair, seed))
      out.push_back({"", c.a, c.xfA, c.b, c.xfB});
  } else {
    for (const bench::PairCase& c : bench::makePairs(pair, kCasesPerPair, seed))
      out.push_back({"", c.a, c.xfA, c.b, c.xfB});
  }
  return out;
}

const Inputs& inputs() {
  static const Inputs in = [] {
    Inputs r;
    std::vector<std::vector<Case>> byPair;
    for (int p = 0; p < kPairCount; ++p)
      byPair.push_back(casesOf(kPairs[p], 0x7d6e + static_cast<std::uint64_t>(p)));
    for (int k = 0; k < kCasesPerPair; ++k) {
      for (int p = 0; p < kPairCount; ++p) {
        Case c = byPair[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)];
        c.id = std::string(pairInfo(kPairs[p]).name) + "-" + std::to_string(k);
        r.cases.push_back(std::move(c));
      }
    }
    for (std::size_t e = 0; e < std::size(kJudged); ++e) {
      const Engine& engine = *oracle::findEngine(kJudged[e].engine);
      for (const Case& c : r.cases) {
        ManifoldRecord record;
        record.id = c.id;
        record.engine = kJudged[e].engine;
        record.manifold = oracle::run(engine, c);
        r.manifolds[e].push_back(std::move(record));
      }
    }
    for (std::size_t k = 0; k < r.cases.size(); ++k) {
      r.casesText += formatCase(r.cases[k]) + "\n";
      r.box2dText += formatManifold(r.manifolds[0][k]) + "\n";
    }
    return r;
  }();
  return in;
}

oracle::DeclaredConventions conventionsOf(const Judged& judged) {
  if (*judged.conventions) return *oracle::conventionsPreset(judged.conventions);
  return *oracle::engineConventions(judged.engine);
}

/// The indices of the cases of pair `p` (kPairCount: all).
std::vector<std::size_t> selection(int p) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < inputs().cases.size(); ++k) {
    if (p == kPairCount || static_cast<int>(k % kPairCount) == p) out.push_back(k);
  }
  return out;
}

void BM_ReferenceCollide(benchmark::State& state, int pair) {
  const Inputs& in = inputs();
  const std::vector<std::size_t> chosen = selection(pair);
  const Engine& reference = *oracle::findEngine("reference");
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(oracle::run(reference, in.cases[chosen[i]]));
    i = i + 1 == chosen.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Judge(benchmark::State& state, std::size_t e, int pair, bool filtered) {
  const Inputs& in = inputs();
  const std::vector<std::size_t> chosen = selection(pair);
  const oracle::DeclaredConventions conventions = conventionsOf(kJudged[e]);
  oracle::setJudgeFilterEnabled(filtered);
  const oracle::JudgeFilterStats before = oracle::judgeFilterStats();
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = chosen[i];
    benchmark::DoNotOptimize(oracle::judge(in.cases[k], in.manifolds[e][k], conventions));
    i = i + 1 == chosen.size() ? 0 : i + 1;
  }
  const oracle::JudgeFilterStats after = oracle::judgeFilterStats();
  oracle::setJudgeFilterEnabled(true);
  state.SetItemsProcessed(state.iterations());
  const double queries = static_cast<double>(after.queries - before.queries);
  if (queries > 0) {
    state.counters["fallback_rate"] =
        static_cast<double>(after.fallbacks - before.fallbacks) / queries;
  }
}

void BM_Check(benchmark::State& state, unsigned jobs) {
  const Inputs& in = inputs();
  const oracle::DeclaredConventions conventions = conventionsOf(kJudged[0]);
  for (auto _ : state) {
    std::istringstream cases(in.casesText);
    std::istringstream manifolds(in.box2dText);
    benchmark::DoNotOptimize(oracle::check(cases, manifolds, conventions, {}, jobs));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.cases.size()));
}

void BM_CheckStream(benchmark::State& state, unsigned jobs) {
  const Inputs& in = inputs();
  const oracle::DeclaredConventions conventions = conventionsOf(kJudged[0]);
  oracle::CheckOptions options;
  options.jobs = jobs;
  std::size_t written = 0;
  const oracle::TextSink count = [&](const std::string& lines) {
    written += lines.size();
    return true;
  };
  for (auto _ : state) {
    std::istringstream cases(in.casesText);
    std::istringstream manifolds(in.box2dText);
    benchmark::DoNotOptimize(oracle::checkStream(cases, manifolds, conventions, options, count));
  }
  benchmark::DoNotOptimize(written);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.cases.size()));
}

/// The lines of a JSON Lines text.
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

void BM_ParseCase(benchmark::State& state, bool document) {
  static const std::vector<std::string> lines = linesOf(inputs().casesText);
  std::size_t i = 0;
  for (auto _ : state) {
    if (document) {
      benchmark::DoNotOptimize(jsonl_detail::parseCaseDocument(lines[i]));
    } else {
      benchmark::DoNotOptimize(parseCase(lines[i]));
    }
    i = i + 1 == lines.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ParseManifold(benchmark::State& state, bool document) {
  static const std::vector<std::string> lines = linesOf(inputs().box2dText);
  const ManifoldReading reading = oracle::manifoldReading(conventionsOf(kJudged[0]));
  std::size_t i = 0;
  for (auto _ : state) {
    if (document) {
      benchmark::DoNotOptimize(jsonl_detail::parseManifoldDocument(lines[i], reading));
    } else {
      benchmark::DoNotOptimize(parseManifold(lines[i], reading));
    }
    i = i + 1 == lines.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

std::string pairName(int p) {
  return p == kPairCount ? "mix" : std::string(pairInfo(kPairs[p]).name);
}

void registerAll() {
  for (int p = 0; p <= kPairCount; ++p) {
    benchmark::RegisterBenchmark(("reference/" + pairName(p)).c_str(), BM_ReferenceCollide, p);
  }
  for (std::size_t e = 0; e < std::size(kJudged); ++e) {
    for (int p = 0; p <= kPairCount; ++p) {
      const std::string tail = std::string(kJudged[e].engine) + "/" + pairName(p);
      benchmark::RegisterBenchmark(("judge/" + tail).c_str(), BM_Judge, e, p, true);
      benchmark::RegisterBenchmark(("judge_exact/" + tail).c_str(), BM_Judge, e, p, false);
    }
  }
  for (const unsigned jobs : {1U, 2U}) {
    benchmark::RegisterBenchmark(("check/jobs:" + std::to_string(jobs)).c_str(), BM_Check, jobs)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("check_stream/jobs:" + std::to_string(jobs)).c_str(),
                                 BM_CheckStream, jobs)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("parse/case", BM_ParseCase, false);
  benchmark::RegisterBenchmark("parse/manifold", BM_ParseManifold, false);
  benchmark::RegisterBenchmark("parse_document/case", BM_ParseCase, true);
  benchmark::RegisterBenchmark("parse_document/manifold", BM_ParseManifold, true);
}

}  // namespace

int main(int argc, char** argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
