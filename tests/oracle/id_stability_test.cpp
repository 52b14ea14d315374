// Stable ids: an engine's opaque ids judged across slightly moved copies of its cases
// (id_stability.h; docs/validating-your-engine.md, "Stable ids"). movedCopies() keeps the
// reference's feature pairs; `touche check`, streamed in blocks on two threads, passes an
// engine whose ids follow its features and flags one whose ids follow the points' coordinates,
// or whose copy gives a feature pair's id to another.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <sstream>
#include <tuple>

#include "records.h"
#include "touche/fast/fast.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/id_stability.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;

/// Seeded pairs of polygons, circles and capsules of unit size, about half of them touching.
std::vector<Case> seededCases(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const auto shape = [&](int kind) -> Shape {
    if (kind == 0) return Circle{{0, 0}, 0.5 + u(rng)};
    if (kind == 1) return Capsule{{-0.5, 0}, {0.5, 0}, 0.3 + 0.5 * u(rng)};
    return makeRegularPolygon({0, 0}, 0.5 + u(rng), 3 + kind % 4, 6 * u(rng));
  };
  std::vector<Case> cases;
  for (int i = 0; i < count; ++i) {
    cases.push_back(
        Case{"case-" + std::to_string(i), shape(i % 5), Transform{{0, 0}, rotFromAngle(6 * u(rng))},
             shape((i / 5) % 5),
             Transform{{3 * u(rng) - 1.5, 3 * u(rng) - 1.5}, rotFromAngle(6 * u(rng))}});
  }
  return cases;
}

/// The pairs of a reference manifold, in order.
std::vector<FeatureId> referencePairs(const Case& c) {
  const Manifold m = run(reference::kEngine, c);
  std::vector<FeatureId> pairs;
  for (int i = 0; i < m.pointCount; ++i)
    pairs.push_back(m.points[i].id);
  std::sort(pairs.begin(), pairs.end(), [](const FeatureId& x, const FeatureId& y) {
    return std::tuple{x.typeA, x.indexA, x.typeB, x.indexB} <
           std::tuple{y.typeA, y.indexA, y.typeB, y.indexB};
  });
  return pairs;
}

TEST(MovedCopies, KeepTheReferencesFeaturePairsAndAreDeterministic) {
  int originals = 0, copies = 0, dropped = 0;
  for (const Case& c : seededCases(300, 5)) {
    const MovedCopies moved = movedCopies(c, 2, 7);
    const MovedCopies again = movedCopies(c, 2, 7);
    ASSERT_EQ(moved.copies.size(), again.copies.size());
    if (run(reference::kEngine, c).status != Status::contact) {
      EXPECT_TRUE(moved.copies.empty());
      continue;
    }
    ++originals;
    dropped += moved.dropped;
    for (std::size_t k = 0; k < moved.copies.size(); ++k) {
      const Case& copy = moved.copies[k];
      ++copies;
      EXPECT_EQ(formatCase(copy), formatCase(again.copies[k]));
      EXPECT_EQ(copy.movedFrom, c.id);
      EXPECT_EQ(copy.id, c.id + "~moved-" + std::to_string(k + 1));
      EXPECT_EQ(referencePairs(copy), referencePairs(c)) << formatCase(copy);
      EXPECT_NE(copy.xfA.p.x, c.xfA.p.x);  // the scene moved
    }
  }
  std::printf("%d originals in contact, %d copies made, %d not made\n", originals, copies, dropped);
  EXPECT_GE(originals, 90);
  EXPECT_GE(copies, 2 * originals * 9 / 10);
}

/// An engine's ids: by its typed feature pair (stable), by the point's coordinates (not).
using IdOf = std::function<std::string(const ManifoldPoint&)>;

std::string byFeatures(const ManifoldPoint& p) {
  const FeatureId& f = p.id;
  return "\"" + std::to_string(int(f.typeA)) + ":" + std::to_string(f.indexA) + "/" +
         std::to_string(int(f.typeB)) + ":" + std::to_string(f.indexB) + "\"";
}

std::string byCoordinates(const ManifoldPoint& p) {
  std::ostringstream text;
  text.precision(17);
  text << p.point.x << "," << p.point.y;
  return std::to_string(std::hash<std::string>{}(text.str()) & 0xFFFFFFFu);
}

/// The fast engine's manifold lines for `cases`, ids written by `idOf`; `exchangeInCopies`
/// exchanges the two points' ids of every moved copy.
std::string manifoldLines(const std::vector<Case>& cases, const IdOf& idOf,
                          bool exchangeInCopies = false) {
  std::string text;
  for (const Case& c : cases) {
    const Manifold m = run(fast::kDoubleEngine, c);
    ManifoldRecord r = test::recordWithIds(c, "mine", m, [&](int i) { return idOf(m.points[i]); });
    if (exchangeInCopies && !c.movedFrom.empty() && r.points.size() == 2) {
      std::swap(r.points[0].id, r.points[1].id);
    }
    text += formatManifold(r) + "\n";
  }
  return text;
}

/// Each case followed by its moved copies.
std::vector<Case> withCopies(const std::vector<Case>& cases) {
  std::vector<Case> out;
  for (const Case& c : cases) {
    out.push_back(c);
    for (Case& copy : movedCopies(c, 2, 11).copies)
      out.push_back(std::move(copy));
  }
  return out;
}

std::string caseLines(const std::vector<Case>& cases) {
  std::string text;
  for (const Case& c : cases)
    text += formatCase(c) + "\n";
  return text;
}

DeclaredConventions opaqueIds() {
  DeclaredConventions c = engineConventions("fast").value();
  c.idFormat = IdFormat::opaque;
  c.compareIds = IdComparison::all;
  return c;
}

/// `touche check`, streamed in blocks of 16 cases on two threads.
CheckRun checked(const std::string& cases, const std::string& manifolds,
                 const DeclaredConventions& conventions) {
  std::istringstream caseStream(cases), manifoldStream(manifolds);
  CheckOptions options;
  options.jobs = 2;
  options.blockCases = 16;
  options.keepCases = true;
  return checkStream(caseStream, manifoldStream, conventions, options, {});
}

int count(const CheckRun& run, const std::string& verdict) {
  const auto found = run.verdictCounts.find(verdict);
  return found == run.verdictCounts.end() ? 0 : found->second;
}

TEST(StableIds, IdsByFeaturePassAndIdsByCoordinatesAreFlaggedOnTheCopies) {
  const std::vector<Case> cases = withCopies(seededCases(200, 23));
  int copies = 0, copiesTwoPoints = 0;
  for (const Case& c : cases) {
    if (c.movedFrom.empty()) continue;
    ++copies;
    copiesTwoPoints += run(fast::kDoubleEngine, c).pointCount == 2;
  }
  const std::string text = caseLines(cases);
  const CheckRun stable = checked(text, manifoldLines(cases, byFeatures), opaqueIds());
  const CheckRun unstable = checked(text, manifoldLines(cases, byCoordinates), opaqueIds());
  const CheckRun exchanged = checked(text, manifoldLines(cases, byFeatures, true), opaqueIds());
  std::printf(
      "%zu cases, %d moved copies (%d with two points): unstable-id by features %d, by "
      "coordinates %d, exchanged in the copies %d\n",
      cases.size(), copies, copiesTwoPoints, count(stable, "unstable-id"),
      count(unstable, "unstable-id"), count(exchanged, "unstable-id"));
  EXPECT_GE(copies, 120);
  EXPECT_EQ(stable.failures(), 0) << summaryTable(stable);
  // Unstable ids are no sign of other conventions: no preset is suggested.
  EXPECT_TRUE(unstable.warnings.empty()) << unstable.warnings.front();
  // Every copy is flagged when its points' coordinates name them; no original is.
  EXPECT_EQ(count(unstable, "unstable-id"), copies);
  for (const CheckedCase& c : unstable.cases) {
    const bool copy = c.id.find("~moved-") != std::string::npos;
    EXPECT_EQ(c.verdict == "unstable-id", copy) << c.id;
    if (c.verdict != "unstable-id") continue;
    EXPECT_THAT(c.explanation,
                HasSubstr("an id differs from the original's on the same feature pair"));
    EXPECT_THAT(c.explanation, HasSubstr("the point on it has id"));
  }
  // Exchanged ids in a copy of two points give each feature pair the other's id (a copy whose
  // two points lie on one feature pair keeps both).
  EXPECT_GE(count(exchanged, "unstable-id"), copiesTwoPoints * 9 / 10);
  EXPECT_LE(count(exchanged, "unstable-id"), copiesTwoPoints);
}

TEST(StableIds, OnlyOpaqueIdsAreJudgedAndACopyMustFollowItsOriginal) {
  const std::vector<Case> cases = withCopies(seededCases(40, 3));
  const std::string manifolds = manifoldLines(cases, byCoordinates);
  // Typed formats judge the features themselves: movedFrom is not read.
  DeclaredConventions typed = opaqueIds();
  typed.idFormat = IdFormat::touche;
  EXPECT_EQ(count(checked(caseLines(cases), manifolds, typed), "unstable-id"), 0);
  DeclaredConventions uncompared = opaqueIds();
  uncompared.compareIds = IdComparison::none;
  EXPECT_EQ(count(checked(caseLines(cases), manifolds, uncompared), "unstable-id"), 0);
  // A copy before its original is not linked: a problem says so, and the run fails.
  std::vector<Case> reversed(cases.rbegin(), cases.rend());
  const CheckRun run = checked(caseLines(reversed), manifolds, opaqueIds());
  EXPECT_EQ(count(run, "unstable-id"), 0);
  ASSERT_FALSE(run.problems.empty());
  EXPECT_THAT(run.problems.front(), HasSubstr("names no case on the 65536 case lines before it"));
  EXPECT_GT(run.failures(), 0);
}

}  // namespace
}  // namespace touche::oracle
