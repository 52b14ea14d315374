// judge()'s filter (oracle/src/filtered.h, case_geometry.h) changes nothing but the time: on
// seeded scenes of every pair with area — random placements and the hard configurations
// (faces exactly parallel, a vertex exactly on a face, shapes touching exactly or a hair apart,
// concentric circles), some scaled to 2^-600 … 2^40 — the manifolds of several engines, and
// corrupted copies of them, get the same outcome, explanation and failed checks with the
// filter on as with every query exact. The test also measures that the filter answers: most
// queries without the exact fallback, and the corruptions caught.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "touche/core/pairs.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/judge.h"
#include "touche/test_support/scene_ops.h"
#include "touche/test_support/scenes.h"

namespace touche::oracle {
namespace {

/// The engines whose manifolds are judged, each under its own declared conventions.
constexpr const char* kEngines[] = {"reference", "fast", "fast_float", "box2d"};

/// A corrupted copy of a contact manifold: each kind breaks one check the judge makes.
Manifold corrupted(Manifold m, int kind, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const double scale = std::fabs(m.points[0].point.x) + std::fabs(m.points[0].point.y) + 1.0;
  switch (kind) {
    case 0:  // a separation off by a little (around the allowance) or a lot
      m.points[0].separation += unit(rng) * (rng() % 2 ? 1e-13 : 1e-3) * scale;
      break;
    case 1: {  // the normal turned
      const double a = unit(rng) * (rng() % 2 ? 1e-12 : 0.05);
      m.normal = {std::cos(a) * m.normal.x - std::sin(a) * m.normal.y,
                  std::sin(a) * m.normal.x + std::cos(a) * m.normal.y};
      break;
    }
    case 2:  // a point moved sideways
      m.points[0].point = m.points[0].point + unit(rng) * 0.01 * Vec2{-m.normal.y, m.normal.x};
      break;
    case 3:  // a point dropped, or a face–face contact cut to one point
      m.pointCount = 1;
      break;
    case 4:  // ids renumbered
      m.points[0].id.indexA = static_cast<std::uint8_t>((m.points[0].id.indexA + 1) % 3);
      break;
    default:  // the contact denied
      m.status = Status::noContact;
      m.pointCount = 0;
      break;
  }
  return m;
}

struct Tally {
  int judged = 0;
  int failing = 0;
};

/// Judges `m` with the filter on and off and requires the same verdict, word for word.
void expectSameJudgement(const Case& c, const Manifold& m, const DeclaredConventions& conventions,
                         const std::string& what, Tally& tally) {
  setJudgeFilterEnabled(true);
  const Comparison filtered = judge(c, m, conventions);
  setJudgeFilterEnabled(false);
  const Comparison exact = judge(c, m, conventions);
  setJudgeFilterEnabled(true);
  ++tally.judged;
  tally.failing += isAcceptable(exact.outcome) ? 0 : 1;
  ASSERT_EQ(outcomeName(filtered.outcome), outcomeName(exact.outcome)) << what;
  EXPECT_EQ(filtered.explanation, exact.explanation) << what;
  ASSERT_EQ(filtered.failures.size(), exact.failures.size()) << what;
  for (std::size_t k = 0; k < exact.failures.size(); ++k) {
    EXPECT_EQ(filtered.failures[k].check, exact.failures[k].check) << what;
    EXPECT_EQ(filtered.failures[k].outcome, exact.failures[k].outcome) << what;
    EXPECT_EQ(filtered.failures[k].explanation, exact.failures[k].explanation) << what;
  }
}

/// Every engine's manifold of `c` and two corrupted copies of each contact.
void judgeScene(const Case& c, std::mt19937_64& rng, const std::string& where, Tally& tally) {
  for (const char* name : kEngines) {
    const Engine* engine = findEngine(name);
    const Manifold m = run(*engine, c);
    if (m.status == Status::unsupported || m.status == Status::error) continue;
    const DeclaredConventions conventions = *engineConventions(name);
    const std::string what = where + " " + name + ": " + formatCase(c, NumberFormat::hex);
    expectSameJudgement(c, m, conventions, what, tally);
    if (m.status != Status::contact) continue;
    for (int k = 0; k < 2; ++k) {
      const int kind = static_cast<int>(rng() % 6);
      expectSameJudgement(c, corrupted(m, kind, rng), conventions,
                          what + " corrupted " + std::to_string(kind), tally);
    }
  }
}

TEST(JudgeFilter, SameVerdictsAsExactOnSeededScenes) {
  constexpr int kScenesPerPair = 60;
  constexpr int kExponents[] = {-600, -40, 0, 40};
  const JudgeFilterStats before = judgeFilterStats();
  Tally tally;
  for (const PairInfo& info : kPairTable) {
    if (!info.hasArea) continue;
    std::mt19937_64 rng(0xf17e4 + static_cast<int>(info.id));
    for (int t = 0; t < kScenesPerPair; ++t) {
      const Case unit = test::sceneFor(rng, info.id);
      const std::string where = std::string(info.name) + " scene " + std::to_string(t);
      judgeScene(unit, rng, where, tally);
      if (t % 5 != 0) continue;
      const int e = kExponents[(t / 5) % 4];
      const Case scaled = test::scaledScene(unit, e);
      if (validateInput(scaled.a, scaled.xfA, scaled.b, scaled.xfB, Options{})) continue;
      judgeScene(scaled, rng, where + " scaled by 2^" + std::to_string(e), tally);
    }
  }
  const JudgeFilterStats after = judgeFilterStats();
  const double queries = static_cast<double>(after.queries - before.queries);
  const double fallbacks = static_cast<double>(after.fallbacks - before.fallbacks);
  std::printf("%d judgements (%d failing), %.0f filtered queries, %.0f exact fallbacks\n",
              tally.judged, tally.failing, queries, fallbacks);
  EXPECT_GT(tally.judged, 4000);
  EXPECT_GT(tally.failing, tally.judged / 10);  // the corruptions are caught
  EXPECT_GT(queries, 10.0 * tally.judged);      // the filter ran
  // Most queries never need the rationals, even on scenes built to be degenerate.
  EXPECT_LT(fallbacks, 0.1 * queries);
}

TEST(JudgeFilter, SwitchRunsExactOnly) {
  const Case c{"boxes", makeBox(1, 1), Transform{}, makeBox(1, 1), Transform{{1.5, 0.25}, {1, 0}}};
  Manifold m = run(*findEngine("reference"), c);
  setJudgeFilterEnabled(false);
  const JudgeFilterStats before = judgeFilterStats();
  EXPECT_EQ(judge(c, m, *conventionsPreset("exact")).outcome, Outcome::agree);
  EXPECT_EQ(judgeFilterStats().queries, before.queries);
  setJudgeFilterEnabled(true);
  EXPECT_EQ(judge(c, m, *conventionsPreset("exact")).outcome, Outcome::agree);
  EXPECT_GT(judgeFilterStats().queries, before.queries);
}

}  // namespace
}  // namespace touche::oracle
