// touche — the fast engine's chain segment pairs (double and float) against the exact reference
// on seeded random scenes: 100 000 per pair type, in shards so that ctest -j runs them in
// parallel (chain_support.h: convex, concave and flat ghost corners, shapes in front, behind
// and beyond the ends).
//
// The bound follows tests/fast/reference_agreement_test.cpp. With eps = the scalar's machine
// epsilon (2^-23 float, 2^-52 double) and scale = the scene's size (twice the largest local
// coordinate magnitude plus the largest position, at least 1):
// - Outside the tie band every discrete answer agrees: status, point count and feature ids.
//   The tie band is kTieUnits·eps·scale; a case is inside it when the reference reports one of
//   its decisions that close (DecisionGaps: axis, contact, clip, region, normal; the incident
//   edge's alignment within kTieUnits·eps) or an exact point's separation is that close to the
//   margin (keep or drop). The reference reports no gap for the corner classification; a
//   discrete choice there that differs is a failure of this test.
// - Normal, points and separations: within kValueUnits·eps·scale of the exact values (the
//   normal in absolute terms; a normal between two points turns by the error over their
//   distance, so its bound is divided by that distance).
// Hit rates are asserted: contact 30–70 %, compared ≥ 95 %, and each of these in at least 5 %
// of the scenes: B behind the chain's line, B beyond an end at a convex corner, at a concave
// or flat corner.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <tuple>

#include "agreement_support.h"
#include "chain_support.h"
#include "expect.h"
#include "touche/core/jsonl.h"
#include "touche/reference/reference.h"

namespace touche::fast::test {
namespace {

/// Tie band and value bound, in units of eps·scale (see the file comment).
constexpr double kTieUnits = 1024.0;
constexpr double kValueUnits = 16.0;

/// The scene's size: twice the largest local coordinate magnitude (radii included) plus the
/// largest position magnitude, at least 1.
double sceneScale(const ChainCase& c) {
  double local = 0.0;
  const auto grow = [&local](Vec2 v, double radius) {
    local = std::max({local, std::abs(v.x) + radius, std::abs(v.y) + radius});
  };
  const auto& chain = std::get<ChainSegment>(c.a);
  for (Vec2 v : {chain.ghost1, chain.p1, chain.p2, chain.ghost2})
    grow(v, 0.0);
  if (const auto* p = std::get_if<Polygon>(&c.b)) {
    for (int i = 0; i < p->count; ++i)
      grow(p->vertices[i], p->radius);
  } else if (const auto* q = std::get_if<Circle>(&c.b)) {
    grow(q->center, q->radius);
  } else if (const auto* k = std::get_if<Capsule>(&c.b)) {
    grow(k->p1, k->radius);
    grow(k->p2, k->radius);
  }
  const double position = std::max(
      {std::abs(c.xfA.p.x), std::abs(c.xfA.p.y), std::abs(c.xfB.p.x), std::abs(c.xfB.p.y)});
  return std::max(1.0, 2.0 * local + position);
}

/// Whether the reference reports one of its decisions within `band` (lengths) or
/// `angleBand` (the incident edge's alignment, dimensionless), or a point that close to the
/// margin.
bool insideTieBand(const Manifold& exact, double band, double angleBand, double margin) {
  const DecisionGaps& g = exact.gaps;
  for (const std::optional<double>& gap : {g.axis, g.contact, g.clip, g.region, g.normal})
    if (gap && *gap < band) return true;
  if (g.incident && *g.incident < angleBand) return true;
  for (int k = 0; k < exact.pointCount; ++k)
    if (std::abs(exact.points[k].separation - margin) < band) return true;
  return false;
}

/// Compares one case; returns an explanation on failure, empty on agreement. Points are
/// matched by feature id (ids must agree outside the tie band).
std::string compareCase(const Manifold& fast, const Manifold& exact, double eps, double scale,
                        double margin, double radius, Tally& tally) {
  const double band = kTieUnits * eps * scale;
  if (insideTieBand(exact, band, kTieUnits * eps, margin)) {
    ++tally.ties;
    return {};
  }
  ++tally.compared;
  if (fast.status != exact.status) return "status";
  if (exact.status != Status::contact) return {};
  if (fast.pointCount != exact.pointCount) return "point count";
  if (fast.flags != exact.flags) return "flags";
  const double unit = eps * scale;
  double distance = 1.0;  // a normal between two points: the bound over their distance
  if (exact.pointCount == 1) distance = std::max(1e-300, exact.points[0].separation + radius);
  const double normalError =
      std::hypot(fast.normal.x - exact.normal.x, fast.normal.y - exact.normal.y);
  tally.worstUnits = std::max(tally.worstUnits, normalError * std::min(1.0, distance) / unit);
  if (normalError > kValueUnits * unit / std::min(1.0, distance)) return "normal";
  for (int k = 0; k < exact.pointCount; ++k) {
    const ManifoldPoint& e = exact.points[k];
    const ManifoldPoint* f = nullptr;
    for (int j = 0; j < fast.pointCount; ++j)
      if (fast.points[j].id == e.id) f = &fast.points[j];
    if (f == nullptr) return "feature id";
    const double pointError = std::hypot(f->point.x - e.point.x, f->point.y - e.point.y);
    const double sepError = std::abs(f->separation - e.separation);
    tally.worstUnits = std::max({tally.worstUnits, pointError / unit, sepError / unit});
    if (pointError > kValueUnits * unit) return "point";
    if (sepError > kValueUnits * unit) return "separation";
  }
  return {};
}

/// Runs `cases` scenes of `pair` from `seed` through the exact reference and both precisions.
void checkAgainstReference(PairId pair, int cases, std::uint64_t seed, double margin = 0.0) {
  const Options options{margin};
  Tally forDouble, forFloat;
  int failures = 0, behind = 0, convexCorner = 0, otherCorner = 0;
  for (const ChainCase& c : makeChainCases(pair, cases, seed)) {
    const Manifold exact = reference::collide(c.a, c.xfA, c.b, c.xfB, options);
    ASSERT_TRUE(exact.status == Status::contact || exact.status == Status::noContact);
    behind += c.behind;
    convexCorner += c.atCorner && c.cornerConvex;
    otherCorner += c.atCorner && !c.cornerConvex;
    const double scale = sceneScale(c);
    for (Tally* t : {&forDouble, &forFloat}) {
      ++t->cases;
      if (exact.status == Status::contact) ++t->contacts;
    }
    const Manifold d = collideChain(c.a, c.xfA, c.b, c.xfB, options);
    const Manifold f = collideChainFloat(c.a, c.xfA, c.b, c.xfB, options);
    const double radius = radiusOf(c.b);
    const std::string whyD = compareCase(d, exact, 0x1p-52, scale, margin, radius, forDouble);
    const std::string whyF = compareCase(f, exact, 0x1p-23, scale, margin, radius, forFloat);
    reportDisagreements(whyD, d, whyF, f, exact, c, NumberFormat::hex, failures);
  }
  expectHitRates(forDouble, forFloat, false);
  EXPECT_GE(behind, cases / 20);
  EXPECT_GE(convexCorner, cases / 20);
  EXPECT_GE(otherCorner, cases / 20);
  ::testing::Test::RecordProperty(
      "tally",
      "double: " + std::to_string(forDouble.contacts) + " contacts, " +
          std::to_string(forDouble.compared) + " compared, " + std::to_string(forDouble.ties) +
          " ties, worst " + std::to_string(forDouble.worstUnits) +
          " units; float: " + std::to_string(forFloat.compared) + " compared, " +
          std::to_string(forFloat.ties) + " ties, worst " + std::to_string(forFloat.worstUnits) +
          " units; behind " + std::to_string(behind) + ", convex corner " +
          std::to_string(convexCorner) + ", concave or flat corner " + std::to_string(otherCorner));
  EXPECT_EQ(failures, 0);
}

TEST(FastChainAgainstReference, ChainSegmentCircle100k) {
  checkAgainstReference(PairId::chainSegment_circle, 100000, 61);
}
TEST(FastChainAgainstReference, ChainSegmentCapsule50kShard1) {
  checkAgainstReference(PairId::chainSegment_capsule, 50000, 71);
}
TEST(FastChainAgainstReference, ChainSegmentCapsule50kShard2) {
  checkAgainstReference(PairId::chainSegment_capsule, 50000, 72);
}
TEST(FastChainAgainstReference, ChainSegmentPolygon25kShard1) {
  checkAgainstReference(PairId::chainSegment_polygon, 25000, 81);
}
TEST(FastChainAgainstReference, ChainSegmentPolygon25kShard2) {
  checkAgainstReference(PairId::chainSegment_polygon, 25000, 82);
}
TEST(FastChainAgainstReference, ChainSegmentPolygon25kShard3) {
  checkAgainstReference(PairId::chainSegment_polygon, 25000, 83);
}
TEST(FastChainAgainstReference, ChainSegmentPolygon25kShard4) {
  checkAgainstReference(PairId::chainSegment_polygon, 25000, 84);
}

// With a margin: vertex–vertex points at the corners and dropped clip points.
TEST(FastChainAgainstReference, ChainSegmentPolygonWithMargin20k) {
  checkAgainstReference(PairId::chainSegment_polygon, 20000, 91, 0.1);
}
TEST(FastChainAgainstReference, ChainSegmentCapsuleWithMargin20k) {
  checkAgainstReference(PairId::chainSegment_capsule, 20000, 92, 0.1);
}

}  // namespace
}  // namespace touche::fast::test
