// touche — seeded random agreement between the float and the double paths of the fast engine.
//
// For each canonical pair, 4000 random pairs (bench/random_pairs.h, fixed seed). A case is a
// near tie when a discrete decision is within kTieBand in double: the two best SAT axes (over
// A's and B's faces), the best separation against 0 (vertex–vertex switch), the two best
// incident candidates, or the contact/keep boundary (the double answer changes when the margin
// grows by kTieBand). On the other cases float and double must give the same status and point
// count on ≥ 95 % (measured: all of them), and normals within 1e-3. The overlap rate must be
// 30–70 % so the comparison cannot pass vacuously.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "../../bench/random_pairs.h"
#include "expect.h"
#include "touche/fast/collide.h"

namespace touche::fast::test {
namespace {

constexpr double kTieBand = 1e-4;
constexpr int kCases = 4000;

/// Separation of every face of p against q's vertices (both in the same frame), double.
std::vector<double> faceSeparations(const PolygonT<double>& p, const PolygonT<double>& q) {
  std::vector<double> out;
  for (int i = 0; i < p.count; ++i) {
    double s = 1e300;
    for (int j = 0; j < q.count; ++j)
      s = std::min(s, dot(p.normal(i), q.vertex(j) - p.vertex(i)));
    out.push_back(s);
  }
  return out;
}

/// Difference between the largest and second largest value (infinite with one value).
double topGap(std::vector<double> v) {
  std::sort(v.rbegin(), v.rend());
  return v.size() < 2 ? 1e300 : v[0] - v[1];
}

/// The polygon–polygon decisions of stages 1–3, recomputed in double without tie-breaking.
bool polygonDecisionNearTie(const Polygon& a, const Transform& xfA, const Polygon& b,
                            const Transform& xfB) {
  const PolygonT<double> pa = prepare<double>(a);
  const PolygonT<double> bInA =
      detail::moveInto(prepare<double>(b), invMul(toT<double>(xfA), toT<double>(xfB)));
  const std::vector<double> sepA = faceSeparations(pa, bInA);
  const std::vector<double> sepB = faceSeparations(bInA, pa);
  std::vector<double> all = sepA;
  all.insert(all.end(), sepB.begin(), sepB.end());
  if (topGap(all) < kTieBand) return true;
  const double best = *std::max_element(all.begin(), all.end());
  if (std::abs(best) < kTieBand) return true;
  const bool flip = *std::max_element(sepB.begin(), sepB.end()) > best - 0.0 &&
                    *std::max_element(sepA.begin(), sepA.end()) < best;
  const PolygonT<double>& ref = flip ? bInA : pa;
  const PolygonT<double>& inc = flip ? pa : bInA;
  const std::vector<double>& sepRef = flip ? sepB : sepA;
  const int face =
      static_cast<int>(std::max_element(sepRef.begin(), sepRef.end()) - sepRef.begin());
  std::vector<double> negDots;
  for (int k = 0; k < inc.count; ++k)
    negDots.push_back(-dot(ref.normal(face), inc.normal(k)));
  return topGap(negDots) < kTieBand;
}

bool nearTie(PairId pair, const bench::PairCase& c) {
  const Manifold at0 = collide(c.a, c.xfA, c.b, c.xfB);
  const Manifold wider = collide(c.a, c.xfA, c.b, c.xfB, Options{kTieBand});
  if (at0.status != wider.status || at0.pointCount != wider.pointCount) return true;
  if (pair != PairId::polygon_polygon) return false;
  return polygonDecisionNearTie(std::get<Polygon>(c.a), c.xfA, std::get<Polygon>(c.b), c.xfB);
}

void checkAgreement(PairId pair, std::uint64_t seed) {
  int overlaps = 0;
  int compared = 0;
  int agreed = 0;
  for (const bench::PairCase& c : bench::makePairs(pair, kCases, seed)) {
    const Manifold d = collide(c.a, c.xfA, c.b, c.xfB);
    ASSERT_NE(d.status, Status::error);
    if (d.status == Status::contact) ++overlaps;
    if (nearTie(pair, c)) continue;
    const Manifold f = collideFloat(c.a, c.xfA, c.b, c.xfB);
    ++compared;
    if (f.status != d.status || f.pointCount != d.pointCount) continue;
    ++agreed;
    if (d.status == Status::contact) {
      EXPECT_NEAR(f.normal.x, d.normal.x, 1e-3);
      EXPECT_NEAR(f.normal.y, d.normal.y, 1e-3);
    }
  }
  const double overlapRate = static_cast<double>(overlaps) / kCases;
  EXPECT_GE(overlapRate, 0.30);
  EXPECT_LE(overlapRate, 0.70);
  EXPECT_GE(compared, kCases * 8 / 10) << "too many near ties: the tie band is too wide";
  EXPECT_GE(agreed, compared * 95 / 100) << agreed << " of " << compared << " agree";
  ::testing::Test::RecordProperty("overlap_rate", std::to_string(overlapRate));
  ::testing::Test::RecordProperty("agreed",
                                  std::to_string(agreed) + "/" + std::to_string(compared));
}

TEST(FastFloatDoubleAgreement, CircleCircleSeeded) {
  checkAgreement(PairId::circle_circle, 101);
}
TEST(FastFloatDoubleAgreement, PolygonCircleSeeded) {
  checkAgreement(PairId::polygon_circle, 202);
}
TEST(FastFloatDoubleAgreement, PolygonPolygonSeeded) {
  checkAgreement(PairId::polygon_polygon, 303);
}

}  // namespace
}  // namespace touche::fast::test
