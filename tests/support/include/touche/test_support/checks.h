// touche test support — checks shared by the property tests and the fuzz harness: run an
// engine against the reference through the oracle, match manifold points exactly, and count
// hit rates so a random test can prove it was not vacuous.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "touche/core/engine.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"
#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"

namespace touche::test {

/// Runs an engine on a scene.
inline Manifold runEngine(const Engine& engine, const Case& scene, const Options& options = {}) {
  return engine.collide(scene.a, scene.xfA, scene.b, scene.xfB, options);
}

/// The oracle's verdict on one engine for one scene, with both manifolds.
struct CrossCheck {
  oracle::Comparison comparison;
  Manifold expected;  ///< the reference's, on the case the engine's conventions expect
  Manifold actual;
};

/// Reference vs `engine` under the engine's declared conventions (oracle::conventionsFor):
/// the expected manifold is oracle::expectationFor's (the reference's on expectedCaseFor(scene),
/// at the engine's fixed margin if it has one, keeping the points it keeps beyond the margin),
/// judged by compare() with toleranceFor(scene).
inline CrossCheck crossCheck(const Engine& engine, const Case& scene, const Options& options = {}) {
  const oracle::Conventions conventions = oracle::conventionsFor(engine.name);
  CrossCheck check;
  check.actual = runEngine(engine, scene, options);
  const oracle::Expectation e = oracle::expectationFor(scene, conventions, options, check.actual);
  check.expected = e.expected;
  oracle::Tolerance tolerance = oracle::toleranceFor(scene, conventions);
  tolerance.margin = e.tolerance.margin;
  check.comparison = oracle::compare(scene, check.expected, check.actual, tolerance);
  return check;
}

/// True when every number a contact manifold reports is finite (trivially for other statuses).
inline bool isFinite(const Manifold& m) {
  if (m.status != Status::contact) return true;
  bool ok = std::isfinite(m.normal.x) && std::isfinite(m.normal.y);
  for (int i = 0; i < m.pointCount && i < 2; ++i) {
    ok = ok && std::isfinite(m.points[i].point.x) && std::isfinite(m.points[i].point.y) &&
         std::isfinite(m.points[i].separation);
  }
  return ok;
}

/// The index of the point of `m` at exactly `point`, or −1.
inline int findPoint(const Manifold& m, Vec2 point) {
  for (int i = 0; i < m.pointCount && i < 2; ++i) {
    if (m.points[i].point == point) return i;
  }
  return -1;
}

/// A short text form of a manifold for failure messages (hexfloats).
inline std::string describe(const Manifold& m) {
  return formatManifold({"", "", m, "", true}, NumberFormat::hex);
}

/// Counts hits among trials, for hit-rate assertions.
struct Tally {
  int trials = 0;
  int hits = 0;
  void add(bool hit) {
    ++trials;
    hits += hit ? 1 : 0;
  }
  double fraction() const { return trials == 0 ? 0.0 : static_cast<double>(hits) / trials; }
  std::string text() const {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%d/%d (%.1f%%)", hits, trials, 100 * fraction());
    return buffer;
  }
};

/// Collects failure messages of a loop: how many, and the first one in full (so a broken
/// engine gives one readable message instead of hundreds).
struct FailureLog {
  int count = 0;
  std::string first;
  void add(const std::string& failure) {
    if (failure.empty()) return;
    if (count++ == 0) first = failure;
  }
};

}  // namespace touche::test
