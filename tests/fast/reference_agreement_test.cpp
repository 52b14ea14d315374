// touche — the fast engine (double and float) against the exact reference on seeded random
// pairs: 100 000 per pair type (polygon pairs in shards, so ctest -j runs them in parallel),
// plus rounded polygons with a margin (vertex–vertex points, dropped clip points).
//
// The bound (docs/performance.md, "Agreement with the reference"). With eps = the scalar's
// machine epsilon (2^-23 float, 2^-52 double) and scale = the scene's size (the largest
// coordinate magnitude of the case, at least 1):
// - Outside the tie band every discrete answer agrees: status, point count and feature ids.
//   The tie band is kTieUnits·eps·scale; a case is inside it when the reference reports one of
//   its decisions that close (DecisionGaps: axis, incident edge, contact boundary) or when an
//   exact point's separation is that close to the margin (keep or drop).
// - Two decisions the reference does not report are recognised by their effect: a clip end
//   within the band of a side plane (a vertex id where the reference has a clipped id, or the
//   reverse, at the same place) and a polygon–circle centre on a Voronoi boundary (face and
//   vertex regions give the same point and normal there). Such points must still agree in
//   position; they are counted and the count is bounded.
// - Normal, points and separations: within kValueUnits·eps·scale of the exact values (the
//   normal in absolute terms, it is a unit vector; for normals between two nearby points the
//   reference distance divides the bound: kValueUnits·eps·scale / distance).
// Hit rates are asserted (contact 30–70 %, compared ≥ 95 % of the cases) so the test cannot
// pass vacuously.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "../../bench/random_pairs.h"
#include "agreement_support.h"
#include "expect.h"
#include "touche/core/jsonl.h"
#include "touche/reference/reference.h"

namespace touche::fast::test {
namespace {

/// Tie band and value bound, in units of eps·scale (see the file comment).
constexpr double kTieUnits = 1024.0;
constexpr double kValueUnits = 16.0;  // measured worst: 4.3 (polygon–circle, double)

/// The scene's size: the largest coordinate magnitude of the case's shapes in the world (a
/// bound from the local coordinates and the positions), at least 1.
double sceneScale(const bench::PairCase& c) {
  double local = 0.0;
  for (const Shape* s : {&c.a, &c.b}) {
    if (const auto* p = std::get_if<Polygon>(s)) {
      for (int i = 0; i < p->count; ++i)
        local = std::max({local, std::abs(p->vertices[i].x), std::abs(p->vertices[i].y)});
      local += p->radius;
    }
    if (const auto* q = std::get_if<Circle>(s))
      local = std::max(local, std::hypot(q->center.x, q->center.y) + q->radius);
  }
  const double position = std::max(
      {std::abs(c.xfA.p.x), std::abs(c.xfA.p.y), std::abs(c.xfB.p.x), std::abs(c.xfB.p.y)});
  return std::max(1.0, 2.0 * local + position);
}

/// Whether the reference reports a decision within `band`, or a point that close to the margin.
bool insideTieBand(const Manifold& exact, double band, double margin) {
  const DecisionGaps& g = exact.gaps;
  if ((g.axis && *g.axis < band) || (g.incident && *g.incident < band) ||
      (g.contact && *g.contact < band))
    return true;
  for (int k = 0; k < exact.pointCount; ++k)
    if (std::abs(exact.points[k].separation - margin) < band) return true;
  return false;
}

/// Compares one case; returns an explanation on failure, empty on agreement.
std::string compareCase(const Manifold& fast, const Manifold& exact, double eps, double scale,
                        double margin, double radii, Tally& tally) {
  const double band = kTieUnits * eps * scale;
  if (insideTieBand(exact, band, margin)) {
    ++tally.ties;
    return {};
  }
  ++tally.compared;
  if (fast.status != exact.status) return "status";
  if (exact.status != Status::contact) return {};
  if (fast.pointCount != exact.pointCount) return "point count";
  const double unit = eps * scale;
  // A normal between two points (circle centres, a vertex and a centre, two vertices) turns by
  // (error / their distance): the bound is divided by that distance, separation + radii.
  double distance = 1.0;
  if (exact.pointCount == 1) distance = std::max(1e-300, exact.points[0].separation + radii);
  const double normalError =
      std::hypot(fast.normal.x - exact.normal.x, fast.normal.y - exact.normal.y);
  tally.worstUnits = std::max(tally.worstUnits, normalError * std::min(1.0, distance) / unit);
  if (normalError > kValueUnits * unit / std::min(1.0, distance)) return "normal";
  bool explained = false;
  for (int k = 0; k < exact.pointCount; ++k) {
    const ManifoldPoint& e = exact.points[k];
    bool sameId = false;
    const ManifoldPoint* f = matchPoint(fast, e, &sameId);
    const double pointError = std::hypot(f->point.x - e.point.x, f->point.y - e.point.y);
    const double sepError = std::abs(f->separation - e.separation);
    tally.worstUnits = std::max({tally.worstUnits, pointError / unit, sepError / unit});
    if (pointError > kValueUnits * unit) return sameId ? "point" : "feature id";
    if (sepError > kValueUnits * unit) return "separation";
    explained = explained || !sameId;
  }
  if (explained) ++tally.explained;
  return {};
}

/// Rounds every polygon of the case by `radius`.
bench::PairCase rounded(bench::PairCase c, double radius) {
  if (auto* p = std::get_if<Polygon>(&c.a)) p->radius = radius;
  if (auto* p = std::get_if<Polygon>(&c.b)) p->radius = radius;
  return c;
}

/// Runs `cases` pairs of `pair` from `seed` through the exact reference and both precisions.
void checkAgainstReference(PairId pair, int cases, std::uint64_t seed, double radius = 0.0,
                           double margin = 0.0) {
  const Options options{margin};
  Tally forDouble, forFloat;
  int failures = 0;
  for (const bench::PairCase& generated : bench::makePairs(pair, cases, seed)) {
    const bench::PairCase c = rounded(generated, radius);
    const Manifold exact = reference::collide(c.a, c.xfA, c.b, c.xfB, options);
    ASSERT_TRUE(exact.status == Status::contact || exact.status == Status::noContact);
    const double scale = sceneScale(c);
    const double radii = radiusOf(c.a) + radiusOf(c.b);
    for (Tally* t : {&forDouble, &forFloat}) {
      ++t->cases;
      if (exact.status == Status::contact) ++t->contacts;
    }
    const Manifold d = collide(c.a, c.xfA, c.b, c.xfB, options);
    const Manifold f = collideFloat(c.a, c.xfA, c.b, c.xfB, options);
    const std::string whyD = compareCase(d, exact, 0x1p-52, scale, margin, radii, forDouble);
    const std::string whyF = compareCase(f, exact, 0x1p-23, scale, margin, radii, forFloat);
    reportDisagreements(whyD, d, whyF, f, exact, c, NumberFormat::decimal, failures);
  }
  expectHitRates(forDouble, forFloat, true);
  recordTallies(forDouble, forFloat);
  EXPECT_EQ(failures, 0);
}

TEST(FastAgainstReference, CircleCircle100k) {
  checkAgainstReference(PairId::circle_circle, 100000, 11);
}
TEST(FastAgainstReference, PolygonCircle50kShard1) {
  checkAgainstReference(PairId::polygon_circle, 50000, 21);
}
TEST(FastAgainstReference, PolygonCircle50kShard2) {
  checkAgainstReference(PairId::polygon_circle, 50000, 22);
}
TEST(FastAgainstReference, PolygonPolygon25kShard1) {
  checkAgainstReference(PairId::polygon_polygon, 25000, 31);
}
TEST(FastAgainstReference, PolygonPolygon25kShard2) {
  checkAgainstReference(PairId::polygon_polygon, 25000, 32);
}
TEST(FastAgainstReference, PolygonPolygon25kShard3) {
  checkAgainstReference(PairId::polygon_polygon, 25000, 33);
}
TEST(FastAgainstReference, PolygonPolygon25kShard4) {
  checkAgainstReference(PairId::polygon_polygon, 25000, 34);
}

// Rounded polygons (skin 0.05) with margin 0.1: vertex–vertex points, dropped clip points.
TEST(FastAgainstReference, RoundedPolygonsWithMargin20k) {
  checkAgainstReference(PairId::polygon_polygon, 20000, 44, 0.05, 0.1);
}
TEST(FastAgainstReference, RoundedPolygonCircleWithMargin20k) {
  checkAgainstReference(PairId::polygon_circle, 20000, 55, 0.05, 0.1);
}

}  // namespace
}  // namespace touche::fast::test
