// Seeded random casts of one shape type run through a cast engine and judged against the
// reference under the engine's declared conventions (compareCast): the outcome counts, the hit
// rate, where swept hits stopped relative to their target, and the failures — those a
// `recognize` function attributes to a documented finding counted apart from the rest.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "touche/oracle/cast_compare.h"
#include "touche/reference/cast.h"
#include "touche/test_support/cast_findings.h"
#include "touche/test_support/cast_scenes.h"

namespace touche::oracle::testing {

/// A finding's name when a failing verdict is one, else "".
using Recognize = std::function<std::string(const CastCase&, const CastResult& expected,
                                            const CastResult& actual, const CastComparison&)>;

struct CastRun {
  int casts = 0;
  int hits = 0;  ///< the engine's hits
  int unsupported = 0;
  int outcomes[9] = {};  ///< by CastOutcome
  int findings = 0;      ///< failures recognized as a documented finding
  int failures = 0;      ///< other failures
  std::string firstFailure;
  std::string firstFinding;
  double lowest = 1e300;    ///< swept hits: core distance at the stop minus σ, least
  double highest = -1e300;  ///< ... and most
  double hitRate() const { return casts ? static_cast<double>(hits) / casts : 0.0; }
  int passed() const { return outcomes[0] + outcomes[1] + outcomes[2]; }
};

/// Changes a generated cast (re-aims it through a vertex, scales it, ...).
using Reshape = std::function<CastCase(std::mt19937_64&, CastCase)>;

/// `reshape` may change each generated cast.
inline CastRun runCasts(const CastEngine& engine, ShapeType type, const test::CastSceneSpec& spec,
                        std::uint64_t seed, int casts, const CastConventions& conventions,
                        const Recognize& recognize = {}, const Reshape& reshape = {}) {
  CastRun run;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < casts; ++i) {
    CastCase c = test::randomCast(rng, type, spec);
    if (reshape) c = reshape(rng, c);
    const CastResult expected = reference::cast(c.shape, c.xf, c.ray);
    const CastResult actual = engine.cast(c.shape, c.xf, c.ray);
    ++run.casts;
    if (actual.status == CastStatus::unsupported) {
      ++run.unsupported;
      continue;
    }
    const CastComparison verdict = compareCast(c, expected, actual, conventions);
    ++run.outcomes[static_cast<int>(verdict.outcome)];
    if (actual.status == CastStatus::hit) ++run.hits;
    if (const auto target = targetFor(c, conventions);
        target && actual.status == CastStatus::hit && actual.fraction > 0) {
      const Vec2 centre = c.ray.origin + actual.fraction * c.ray.translation;
      const double off = coreDistance(c, centre) - targetDistance(c, *target);
      run.lowest = std::min(run.lowest, off);
      run.highest = std::max(run.highest, off);
    }
    if (verdict.passed()) continue;
    const std::string text = std::string(castOutcomeName(verdict.outcome)) + ": " +
                             verdict.explanation + "\n" + formatCastCase(c, NumberFormat::hex);
    const std::string finding = recognize ? recognize(c, expected, actual, verdict) : "";
    if (!finding.empty()) {
      ++run.findings;
      if (run.firstFinding.empty()) run.firstFinding = finding + ": " + text;
    } else {
      ++run.failures;
      if (run.firstFailure.empty()) run.firstFailure = text;
    }
  }
  return run;
}

inline void printRun(const char* label, ShapeType type, const CastRun& run) {
  std::printf(
      "%s %-12s %d casts, %.1f%% hit: agree %d, within tie %d, declared %d, findings %d, "
      "failed %d, unsupported %d",
      label, std::string(shapeTypeName(type)).c_str(), run.casts, 100 * run.hitRate(),
      run.outcomes[0], run.outcomes[1], run.outcomes[2], run.findings, run.failures,
      run.unsupported);
  if (run.lowest <= run.highest) {
    std::printf(", stop - sigma in [%.3g, %.3g]", run.lowest, run.highest);
  }
  std::printf("\n");
  if (!run.firstFailure.empty()) std::printf("  first failure: %s\n", run.firstFailure.c_str());
}

/// A ray or circle re-aimed through one of the shape's core points (ends, corners, centres).
inline CastCase aimedAtACorePoint(std::mt19937_64& rng, CastCase c) {
  std::vector<Vec2> points;
  if (const auto* p = std::get_if<Polygon>(&c.shape)) {
    points.assign(p->vertices.begin(), p->vertices.begin() + p->count);
  } else if (const auto* k = std::get_if<Capsule>(&c.shape)) {
    points = {k->p1, k->p2};
  } else if (const auto* g = std::get_if<Segment>(&c.shape)) {
    points = {g->p1, g->p2};
  } else if (const auto* h = std::get_if<ChainSegment>(&c.shape)) {
    points = {h->p1, h->p2};
  } else {
    points = {std::get<Circle>(c.shape).center};
  }
  const Vec2 target =
      apply(c.xf, points[test::uniformInt(rng, 0, static_cast<int>(points.size()) - 1)]);
  c.ray.translation = 2.0 * (target - c.ray.origin);
  return c;
}

/// Per shape type, rays and swept circles, random and through core points (20 000 each): how
/// many casts the engine answered and hit, its findings C1 and C2 (with C2's largest turn of
/// the normal from the reference's, and its case) and other failures, which must be none.
inline void rateStudy(const CastEngine& engine, test::cast_findings::Release release,
                      const CastConventions& conventions, std::span<const ShapeType> types) {
  std::printf("%-12s %-6s %-8s %6s %8s %6s %6s %6s %9s %5s\n", "shape", "cast", "aim", "casts",
              "answers", "hits", "C1", "C2", "C2 turn", "other");
  for (ShapeType type : types) {
    for (const double rayChance : {1.0, 0.0}) {
      for (const bool throughPoints : {false, true}) {
        double turn = 0.0;
        std::string worst;
        int c1 = 0, c2 = 0;
        const Recognize recognize = [&](const CastCase& c, const CastResult& expected,
                                        const CastResult& actual, const CastComparison&) {
          const std::string finding =
              test::cast_findings::knownFinding(release, c, actual, conventions);
          c1 += finding == "C1";
          if (finding == "C2") {  // turned from the reference's normal at the touch
            ++c2;
            const double angle =
                std::asin(std::min(1.0, std::fabs(cross(actual.normal, expected.normal))));
            if (angle > turn) worst = formatCastCase(c);
            turn = std::max(turn, angle);
          }
          return finding;
        };
        test::CastSceneSpec spec;
        spec.rayChance = rayChance;
        const CastRun run = runCasts(engine, type, spec, 0xca57, 20000, conventions, recognize,
                                     throughPoints ? Reshape(&aimedAtACorePoint) : Reshape());
        std::printf("%-12s %-6s %-8s %6d %8d %6d %6d %6d %8.3g° %5d\n",
                    std::string(shapeTypeName(type)).c_str(), rayChance == 1.0 ? "ray" : "swept",
                    throughPoints ? "points" : "random", run.casts, run.casts - run.unsupported,
                    run.hits, c1, c2, turn * 180 / 3.141592653589793, run.failures);
        if (!worst.empty()) std::printf("  largest C2 turn: %s\n", worst.c_str());
        if (!run.firstFailure.empty()) std::printf("  failure: %s\n", run.firstFailure.c_str());
        EXPECT_EQ(run.failures, 0);
      }
    }
  }
}

}  // namespace touche::oracle::testing
