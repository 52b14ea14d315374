// Several bugs planted at once on Box2D 2.4.1's answers (touche's adapter, engine box2d_skin,
// judged under the preset box2d-2.4.1): the run the failure clusters must open with, one line
// per bug. mechanisms_test.cpp checks its clusters; plant_bugs.cpp writes it for the HTML
// report's test in headless Chromium (chromium_report.cmake).
#pragma once

#include <algorithm>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "golden_cases.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/validation.h"

namespace touche::oracle::planted {

/// A bug: the mechanism that must explain it and what its cluster says.
struct Bug {
  const char* name;
  const char* says;
};

inline constexpr Bug kBugs[] = {
    {"separation-sign-flipped", "separation sign flipped"},
    {"normal-reversed", "normal reversed"},
    {"one-shared-depth", "one shared depth for all points"},
    {"radius-missing", "A's radius missing (separations larger by r)"},
};
inline constexpr int kSignFlipped = 0, kNormalReversed = 1, kSharedDepth = 2, kRadiusOfAMissing = 3;

/// The built-in corpus and 600 seeded random polygon and circle pairs (golden::randomCases).
inline std::vector<Case> cases() {
  std::istringstream in{std::string(builtinCorpus())};
  std::vector<Case> all = readCases(in).cases;
  for (const Case& c : golden::randomCases(600))
    all.push_back(c);
  return all;
}

inline bool is(const Shape& s, ShapeType t) {
  return typeOf(s) == t;
}

/// Plants on the engine's contact `m` for case `c` the bug of its pair, if any, where it changes
/// the answer: the separations negated where A is a polygon or a segment and B a circle (the
/// engine swaps the shapes internally and forgets the sign); circles' normal reversed (not where
/// they are concentric: any normal is right there); two points of two polygons given the
/// deeper one's separation; A's radius left out where A is a circle and B a polygon (A's surface
/// on its centre: each separation larger by r, each point, midway, moved back by r/2). Returns
/// the bug planted (its index in kBugs), or −1.
inline int plant(const Case& c, Manifold& m) {
  const bool circleB = is(c.b, ShapeType::circle);
  if (circleB && (is(c.a, ShapeType::polygon) || is(c.a, ShapeType::segment))) {
    bool changed = false;
    for (int i = 0; i < m.pointCount; ++i) {
      changed = changed || m.points[i].separation != 0.0;
      m.points[i].separation = -m.points[i].separation;
    }
    return changed ? kSignFlipped : -1;
  }
  if (circleB && is(c.a, ShapeType::circle)) {
    const Vec2 centreA = apply(c.xfA, std::get<Circle>(c.a).center);
    const Vec2 centreB = apply(c.xfB, std::get<Circle>(c.b).center);
    if (centreA.x == centreB.x && centreA.y == centreB.y) return -1;
    m.normal = -m.normal;
    return kNormalReversed;
  }
  if (is(c.a, ShapeType::polygon) && is(c.b, ShapeType::polygon)) {
    if (m.pointCount != 2 || m.points[0].separation == m.points[1].separation) return -1;
    m.points[0].separation = m.points[1].separation =
        std::min(m.points[0].separation, m.points[1].separation);
    return kSharedDepth;
  }
  if (is(c.a, ShapeType::circle) && is(c.b, ShapeType::polygon)) {
    const double r = std::get<Circle>(c.a).radius;
    for (int i = 0; i < m.pointCount; ++i) {
      m.points[i].separation += r;
      m.points[i].point = m.points[i].point - 0.5 * r * m.normal;
    }
    return kRadiusOfAMissing;
  }
  return -1;
}

/// The planted run: its case lines, its manifold lines and how many answers each bug changed.
struct Run {
  std::string caseLines;
  std::string manifoldLines;
  std::vector<int> planted = std::vector<int>(std::size(kBugs), 0);  ///< by kBugs' order
};

inline Run plantedRun() {
  const Engine& engine = *findEngine("box2d_skin");
  Run run;
  for (const Case& c : cases()) {
    ManifoldRecord record;
    record.id = c.id;
    record.engine = std::string(engine.name);
    record.manifold = oracle::run(engine, c);
    if (record.manifold.status == Status::contact) {
      const int bug = plant(c, record.manifold);
      if (bug >= 0) ++run.planted[static_cast<std::size_t>(bug)];
    }
    run.caseLines += formatCase(c, NumberFormat::decimal) + "\n";
    run.manifoldLines += formatManifold(record, NumberFormat::decimal) + "\n";
  }
  return run;
}

}  // namespace touche::oracle::planted
