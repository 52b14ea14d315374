// touche — the fast engine (double and float) against the exact reference on seeded random
// pairs. Cases whose decisions the reference reports as close (DecisionGaps: axis, incident
// edge, contact boundary within a band) are skipped; on the others status, point count, ids,
// normal, points and separations must agree within the engine's precision. Hit rate asserted.
#include <gtest/gtest.h>

#include "../../bench/random_pairs.h"
#include "expect.h"
#include "touche/core/jsonl.h"
#include "touche/reference/reference.h"

namespace touche::fast::test {
namespace {

constexpr int kCases = 1500;

bool closeCall(const Manifold& exact, double band) {
  const DecisionGaps& g = exact.gaps;
  return (g.axis && *g.axis < band) || (g.incident && *g.incident < band) ||
         (g.contact && *g.contact < band);
}

/// Compares a fast manifold with the exact one; points matched by feature id.
bool agrees(const Manifold& fast, const Manifold& exact, double tol, std::string* why) {
  if (fast.status != exact.status) return *why = "status", false;
  if (fast.status != Status::contact) return true;
  if (fast.pointCount != exact.pointCount) return *why = "point count", false;
  if (!near(fast.normal, exact.normal, tol)) return *why = "normal", false;
  for (int k = 0; k < exact.pointCount; ++k) {
    bool found = false;
    for (int j = 0; j < fast.pointCount; ++j) {
      const ManifoldPoint& f = fast.points[j];
      const ManifoldPoint& e = exact.points[k];
      found = found || (f.id == e.id && near(f.point, e.point, tol) &&
                        std::abs(f.separation - e.separation) <= tol);
    }
    if (!found) return *why = "point " + std::to_string(k), false;
  }
  return true;
}

/// Rounds every polygon of the case by `radius` (skin) — vertex–vertex contacts and the margin
/// rule only show up with rounded shapes or a positive margin.
bench::PairCase rounded(bench::PairCase c, double radius) {
  if (auto* p = std::get_if<Polygon>(&c.a)) p->radius = radius;
  if (auto* p = std::get_if<Polygon>(&c.b)) p->radius = radius;
  return c;
}

void checkAgainstReference(PairId pair, std::uint64_t seed, double radius = 0.0,
                           double margin = 0.0) {
  const Options options{margin};
  int contacts = 0;
  int compared = 0;
  int agreedDouble = 0;
  int agreedFloat = 0;
  for (const bench::PairCase& generated : bench::makePairs(pair, kCases, seed)) {
    const bench::PairCase c = rounded(generated, radius);
    const Manifold exact = reference::collide(c.a, c.xfA, c.b, c.xfB, options);
    ASSERT_TRUE(exact.status == Status::contact || exact.status == Status::noContact);
    if (exact.status == Status::contact) ++contacts;
    if (closeCall(exact, 1e-4)) continue;
    ++compared;
    std::string why;
    const Manifold d = collide(c.a, c.xfA, c.b, c.xfB, options);
    if (agrees(d, exact, 1e-9, &why)) {
      ++agreedDouble;
    } else {
      ADD_FAILURE() << "double disagrees (" << why << ") on "
                    << formatCase({"", c.a, c.xfA, c.b, c.xfB}) << "\n fast: " << describe(d)
                    << "\n exact: " << describe(exact);
    }
    if (agrees(collideFloat(c.a, c.xfA, c.b, c.xfB, options), exact, 1e-4, &why)) ++agreedFloat;
  }
  const double rate = static_cast<double>(contacts) / kCases;
  EXPECT_GE(rate, 0.30);
  EXPECT_LE(rate, 0.70);
  EXPECT_GE(compared, kCases * 9 / 10);
  EXPECT_EQ(agreedDouble, compared);
  EXPECT_GE(agreedFloat, compared * 95 / 100);
  ::testing::Test::RecordProperty("agreed", std::to_string(agreedDouble) + " double, " +
                                                std::to_string(agreedFloat) + " float of " +
                                                std::to_string(compared));
}

TEST(FastAgainstReference, CircleCircleSeeded) {
  checkAgainstReference(PairId::circle_circle, 11);
}
TEST(FastAgainstReference, PolygonCircleSeeded) {
  checkAgainstReference(PairId::polygon_circle, 22);
}
TEST(FastAgainstReference, PolygonPolygonSeeded) {
  checkAgainstReference(PairId::polygon_polygon, 33);
}

// Rounded polygons (skin 0.05) with margin 0.1: vertex–vertex points, dropped clip points.
TEST(FastAgainstReference, RoundedPolygonsWithMarginSeeded) {
  checkAgainstReference(PairId::polygon_polygon, 44, 0.05, 0.1);
}
TEST(FastAgainstReference, RoundedPolygonCircleWithMarginSeeded) {
  checkAgainstReference(PairId::polygon_circle, 55, 0.05, 0.1);
}

}  // namespace
}  // namespace touche::fast::test
