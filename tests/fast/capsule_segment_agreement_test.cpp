// touche — the fast engine (double and float) against the exact reference on seeded random
// capsule and segment pairs: 100 000 per pair type (in shards of 25 000 so ctest -j runs them
// in parallel), plus capsules with a margin and zero-length capsules.
//
// The bound is reference_agreement_test.cpp's (docs/performance.md, "Agreement with the
// reference"). With eps = the scalar's machine epsilon and scale = the scene's size (largest
// world coordinate magnitude, at least 1):
// - Outside the tie band kTieUnits·eps·scale every discrete answer agrees: status, point count
//   and feature ids. A case is inside the band when the reference reports a decision that
//   close (DecisionGaps) or when one of the decisions of the capsule steps is that close,
//   measured here in double from the world geometry (decisionGap): an endpoint or a closest
//   point that close to a line through an endpoint of the other core perpendicular to it
//   (Voronoi regions, projections outside, clipping), an endpoint that close to the other
//   core's line (crossing), the two ends of a core at heights that close above the other's
//   line (parallel cores: SAT side, the single-point fallback), the two SAT sides that close.
// - Clip ids named across a side plane within the band are recognised by their effect (same
//   point, other name), counted and bounded, as for the polygon pairs.
// - Normal, points and separations: within kValueUnits·eps·scale of the exact values (a normal
//   between two points within that bound divided by their distance, and a point placed along
//   such a normal within that normal bound times the radii, its lever arm).
// Hit rates are asserted (contact 30–70 %, compared ≥ 95 %) so the test cannot pass vacuously.
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

constexpr double kTieUnits = 1024.0;
constexpr double kValueUnits = 16.0;

/// A core p → q of radius r in the world frame (a circle is a core of zero length).
struct WorldCore {
  Vec2 p;
  Vec2 q;
  double radius = 0.0;
};

std::optional<WorldCore> worldCore(const Shape& s, const Transform& xf) {
  if (const auto* c = std::get_if<Capsule>(&s))
    return WorldCore{apply(xf, c->p1), apply(xf, c->p2), c->radius};
  if (const auto* g = std::get_if<Segment>(&s))
    return WorldCore{apply(xf, g->p1), apply(xf, g->p2), 0.0};
  if (const auto* c = std::get_if<Circle>(&s)) {
    const Vec2 center = apply(xf, c->center);
    return WorldCore{center, center, c->radius};
  }
  return std::nullopt;
}

/// The scene's size: the largest world coordinate magnitude bound of the case, at least 1.
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
    if (const auto* k = std::get_if<Capsule>(s))
      local =
          std::max({local, std::hypot(k->p1.x, k->p1.y), std::hypot(k->p2.x, k->p2.y)}) + k->radius;
    if (const auto* g = std::get_if<Segment>(s))
      local = std::max({local, std::hypot(g->p1.x, g->p1.y), std::hypot(g->p2.x, g->p2.y)});
  }
  const double position = std::max(
      {std::abs(c.xfA.p.x), std::abs(c.xfA.p.y), std::abs(c.xfB.p.x), std::abs(c.xfB.p.y)});
  return std::max(1.0, 2.0 * local + position);
}

/// Distance of x to the line through o perpendicular to d (|(x − o)·d|/|d|).
double acrossPerpendicular(Vec2 x, Vec2 o, Vec2 d) {
  return std::abs(dot(x - o, d)) / length(d);
}

/// Distance of x to the line through o along d (|(x − o) × d|/|d|).
double toLine(Vec2 x, Vec2 o, Vec2 d) {
  return std::abs(cross(x - o, d)) / length(d);
}

/// Closest points of two cores of non-zero length (plain double, Ericson 5.1.9).
std::pair<Vec2, Vec2> closestPoints(const WorldCore& a, const WorldCore& b) {
  const Vec2 d1 = a.q - a.p;
  const Vec2 d2 = b.q - b.p;
  const Vec2 r = a.p - b.p;
  const double dd1 = dot(d1, d1), dd2 = dot(d2, d2), rd1 = dot(r, d1), rd2 = dot(r, d2);
  const double d12 = dot(d1, d2), denom = dd1 * dd2 - d12 * d12;
  const auto clamp01 = [](double f) { return std::clamp(f, 0.0, 1.0); };
  double f1 = denom > 0 ? clamp01((d12 * rd2 - rd1 * dd2) / denom) : 0.0;
  double f2 = (d12 * f1 + rd2) / dd2;
  if (f2 < 0) f2 = 0, f1 = clamp01(-rd1 / dd1);
  if (f2 > 1) f2 = 1, f1 = clamp01((d12 - rd1) / dd1);
  return {a.p + f1 * d1, b.p + f2 * d2};
}

/// How close the capsule decisions of the case are (see the file comment); +inf when the case
/// has no core (a polygon pair's decisions are reported by the reference itself).
double decisionGap(const bench::PairCase& c) {
  const auto a = worldCore(c.a, c.xfA);
  const auto b = worldCore(c.b, c.xfB);
  double gap = std::numeric_limits<double>::infinity();
  if (!a || !b) return gap;
  const auto lengthOf = [](const WorldCore& k) { return length(k.q - k.p); };
  if (lengthOf(*a) == 0.0 || lengthOf(*b) == 0.0) {  // core against a point: its regions
    const WorldCore& core = lengthOf(*a) == 0.0 ? *b : *a;
    const Vec2 center = lengthOf(*a) == 0.0 ? a->p : b->p;
    if (lengthOf(core) == 0.0) return gap;
    const Vec2 d = core.q - core.p;
    return std::min({acrossPerpendicular(center, core.p, d), acrossPerpendicular(center, core.q, d),
                     toLine(center, core.p, d)});
  }
  const auto [c1, c2] = closestPoints(*a, *b);
  for (const auto& [self, other, closest] : {std::tuple{*a, *b, c2}, std::tuple{*b, *a, c1}}) {
    const Vec2 d = self.q - self.p;
    for (const Vec2 x : {other.p, other.q, closest}) {
      gap = std::min({gap, acrossPerpendicular(x, self.p, d), acrossPerpendicular(x, self.q, d)});
    }
    gap = std::min({gap, toLine(other.p, self.p, d), toLine(other.q, self.p, d)});
    const double h1 = cross(d, other.p - self.p) / length(d);
    const double h2 = cross(d, other.q - self.p) / length(d);
    gap = std::min({gap, std::abs(h1 - h2), std::abs(h1 + h2)});
  }
  return gap;
}

/// Whether the reference reports a decision within `band`, or a point that close to the margin.
bool insideTieBand(const Manifold& exact, double band, double margin) {
  const DecisionGaps& g = exact.gaps;
  for (const auto& gap : {g.axis, g.incident, g.contact, g.clip, g.region}) {
    if (gap && *gap < band) return true;
  }
  for (int k = 0; k < exact.pointCount; ++k)
    if (std::abs(exact.points[k].separation - margin) < band) return true;
  return false;
}

std::string compareCase(const Manifold& fast, const Manifold& exact, double eps, double scale,
                        double margin, double radii, double capsuleGap, Tally& tally) {
  const double band = kTieUnits * eps * scale;
  if (capsuleGap < band || insideTieBand(exact, band, margin)) {
    ++tally.ties;
    return {};
  }
  ++tally.compared;
  if (fast.status != exact.status) return "status";
  if (exact.status != Status::contact) return {};
  if (fast.pointCount != exact.pointCount) return "point count";
  if (fast.flags != exact.flags) return "flags";
  const double unit = eps * scale;
  double distance = 1.0;
  if (exact.pointCount == 1) distance = std::max(1e-300, exact.points[0].separation + radii);
  const double normalError = length(fast.normal - exact.normal);
  const double normalBound = kValueUnits * unit / std::min(1.0, distance);
  tally.worstUnits = std::max(tally.worstUnits, normalError * std::min(1.0, distance) / unit);
  if (normalError > normalBound) return "normal";
  // A point is placed along the normal, half the radii's difference away from a core point:
  // it inherits the normal's error times that lever (at most the radii).
  const double pointBound = kValueUnits * unit + radii * normalBound;
  bool explained = false;
  for (int k = 0; k < exact.pointCount; ++k) {
    const ManifoldPoint& e = exact.points[k];
    bool sameId = false;
    const ManifoldPoint* f = matchPoint(fast, e, &sameId);
    const double pointError = length(f->point - e.point);
    const double sepError = std::abs(f->separation - e.separation);
    tally.worstUnits = std::max({tally.worstUnits, pointError / unit, sepError / unit});
    if (pointError > pointBound) return sameId ? "point" : "feature id";
    if (sepError > kValueUnits * unit) return "separation";
    explained = explained || !sameId;
  }
  if (explained) ++tally.explained;
  return {};
}

/// Options of one run: margin, and whether capsules get a zero-length core (p2 = p1).
struct Variant {
  double margin = 0.0;
  bool zeroLength = false;
};

/// The case of the variant: B's capsule (A's when B has none) shrunk to its p1, and B moved
/// 0.7 of the way towards A's position, since a circle is smaller than the capsule it replaces
/// (the contact rate stays within 30–70 %).
bench::PairCase varied(bench::PairCase c, const Variant& v) {
  if (!v.zeroLength) return c;
  Capsule* k = std::get_if<Capsule>(&c.b);
  if (k == nullptr) k = std::get_if<Capsule>(&c.a);
  if (k != nullptr) k->p2 = k->p1;
  c.xfB.p = c.xfA.p + 0.7 * (c.xfB.p - c.xfA.p);
  return c;
}

void checkAgainstReference(PairId pair, int cases, std::uint64_t seed, Variant variant = {}) {
  const Options options{variant.margin};
  Tally forDouble, forFloat;
  int failures = 0;
  for (const bench::PairCase& generated : bench::makePairs(pair, cases, seed)) {
    const bench::PairCase c = varied(generated, variant);
    const Manifold exact = reference::collide(c.a, c.xfA, c.b, c.xfB, options);
    ASSERT_TRUE(exact.status == Status::contact || exact.status == Status::noContact);
    const double scale = sceneScale(c);
    const double radii = radiusOf(c.a) + radiusOf(c.b);
    const double capsuleGap = decisionGap(c);
    for (Tally* t : {&forDouble, &forFloat}) {
      ++t->cases;
      if (exact.status == Status::contact) ++t->contacts;
    }
    const Manifold d = collide(c.a, c.xfA, c.b, c.xfB, options);
    const Manifold f = collideFloat(c.a, c.xfA, c.b, c.xfB, options);
    const std::string whyD =
        compareCase(d, exact, 0x1p-52, scale, variant.margin, radii, capsuleGap, forDouble);
    const std::string whyF =
        compareCase(f, exact, 0x1p-23, scale, variant.margin, radii, capsuleGap, forFloat);
    reportDisagreements(whyD, d, whyF, f, exact, c, NumberFormat::decimal, failures);
  }
  expectHitRates(forDouble, forFloat, true);
  recordTallies(forDouble, forFloat);
  EXPECT_EQ(failures, 0);
}

// 100 000 pairs per pair type, four shards each.
class FastCapsuleAgainstReference : public ::testing::TestWithParam<std::tuple<PairId, int>> {};

TEST_P(FastCapsuleAgainstReference, Shard25k) {
  const auto [pair, shard] = GetParam();
  checkAgainstReference(pair, 25000, 1000 * (static_cast<int>(pair) + 1) + shard);
}

INSTANTIATE_TEST_SUITE_P(
    Pairs, FastCapsuleAgainstReference,
    ::testing::Combine(::testing::Values(PairId::capsule_circle, PairId::capsule_capsule,
                                         PairId::polygon_capsule, PairId::segment_circle,
                                         PairId::segment_capsule, PairId::segment_polygon),
                       ::testing::Values(1, 2, 3, 4)),
    [](const auto& param) {
      return std::string(pairInfo(std::get<0>(param.param)).name) + "_shard" +
             std::to_string(std::get<1>(param.param));
    });

// A margin of 0.1: points kept or dropped at the margin, contacts of separated cores.
TEST(FastCapsuleAgainstReferenceVariants, CapsulesWithMargin20k) {
  checkAgainstReference(PairId::capsule_capsule, 20000, 77, {0.1, false});
}
TEST(FastCapsuleAgainstReferenceVariants, PolygonCapsuleWithMargin20k) {
  checkAgainstReference(PairId::polygon_capsule, 20000, 78, {0.1, false});
}
TEST(FastCapsuleAgainstReferenceVariants, SegmentCapsuleWithMargin20k) {
  checkAgainstReference(PairId::segment_capsule, 20000, 79, {0.1, false});
}

// Zero-length capsules (p2 = p1): the circle paths of every capsule pair.
TEST(FastCapsuleAgainstReferenceVariants, ZeroLengthCapsules10k) {
  checkAgainstReference(PairId::capsule_circle, 10000, 81, {0.0, true});
  checkAgainstReference(PairId::capsule_capsule, 10000, 82, {0.0, true});
  checkAgainstReference(PairId::polygon_capsule, 10000, 83, {0.0, true});
  checkAgainstReference(PairId::segment_capsule, 10000, 84, {0.0, true});
}

}  // namespace
}  // namespace touche::fast::test
