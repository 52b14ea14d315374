// touche — fast engine, polygon–polygon: every compiled build gives the portable build's bits.
//
// The pair is compiled several times inside the portable build and chosen at run time
// (polygons.h, batch.h): the portable SSE2 code, an AVX2 build (32-byte SAT chunks) and an
// AVX-512 build (both SAT passes in one 16-lane register, the minimum over the vertices taken
// as a tree, the margin verdict taken lane-wise before the best faces, stages 2–3 before the
// one branch), for the scalar pair and for the batch. The determinism driver compares the
// run-time choice with the portable build only; here every build this CPU can run is compared
// with the portable scalar pair, field by field and bit for bit (points up to the count), in
// float and double, on seeded random pairs (plain, and rounded with a margin: stage 4's
// vertex–vertex point) and on boxes that touch exactly (separations of exactly zero, faces tied
// in the SAT and in the incident-edge search). A build the CPU lacks is skipped.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "../../bench/random_pairs.h"
#include "touche/fast/batch.h"
#include "touche/test_support/fast_bits.h"

namespace touche::fast::test {
namespace {

/// One seeded case set: the pairs, the polygons' radius and the margin.
struct Inputs {
  std::vector<bench::PairCase> cases;
  double margin = 0.0;
};

/// The prepared pools of a case set (body k = pair k).
template <class T>
struct Pools {
  std::vector<PolygonT<T>> a, b;
  std::vector<TransformT<T>> xfA, xfB;

  explicit Pools(const std::vector<bench::PairCase>& cases) {
    for (const bench::PairCase& c : cases) {
      a.push_back(prepare<T>(std::get<Polygon>(c.a)));
      b.push_back(prepare<T>(std::get<Polygon>(c.b)));
      xfA.push_back(toT<T>(c.xfA));
      xfB.push_back(toT<T>(c.xfB));
    }
  }
  PolygonBatchT<T> batch() const {
    return {
        a.data(), xfA.data(), b.data(), xfB.data(), nullptr, nullptr, static_cast<int>(a.size())};
  }
};

/// Runs every build on the case set and expects the portable scalar bits from each; returns
/// the number of pairs in contact and adds the points at a separation of exactly zero to
/// `touchingPoints`.
template <class T>
int expectEveryBuildAgrees(const Inputs& in, int& touchingPoints) {
  const Pools<T> pools(in.cases);
  const T margin = static_cast<T>(in.margin);
  const std::size_t n = in.cases.size();
  std::vector<ManifoldT<T>> portable(n);
  for (std::size_t k = 0; k < n; ++k)
    detail::polygonPair<T, 16>(portable[k], pools.a[k], pools.xfA[k], pools.b[k], pools.xfB[k],
                               margin);
  // Each build's results, by name.
  std::vector<std::pair<std::string, std::vector<ManifoldT<T>>>> builds;
  const auto scalar = [&](const char* name, auto pair) {
    std::vector<ManifoldT<T>> out(n);
    for (std::size_t k = 0; k < n; ++k)
      pair(out[k], pools.a[k], pools.xfA[k], pools.b[k], pools.xfB[k], margin);
    builds.emplace_back(name, std::move(out));
  };
  const auto batched = [&](const char* name, auto kernel) {
    std::vector<ManifoldT<T>> out(n);
    kernel(pools.batch(), margin, out.data());
    builds.emplace_back(name, std::move(out));
  };
  scalar("collidePolygons (run-time choice)",
         [](ManifoldT<T>& m, const auto&... args) { m = collidePolygons<T>(args...); });
  batched("batch, SSE2", [](const auto&... args) { detail::sse::polygons<T>(args...); });
  batched("collidePolygonsBatch (run-time choice)",
          [](const auto&... args) { collidePolygonsBatch<T>(args...); });
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    scalar("scalar, AVX2", [](auto&... args) { detail::avx2::polygonPair<T>(args...); });
    batched("batch, AVX2", [](const auto&... args) { detail::avx2::polygons<T>(args...); });
  }
#endif
#if TOUCHE_FAST_AVX512
  if (detail::haveAvx512()) {
    scalar("scalar, AVX-512", [](auto&... args) { detail::avx512::polygonPair<T>(args...); });
    if constexpr (std::is_same_v<T, float>) {
      batched("batch, AVX-512", [](const auto&... args) { detail::avx512::polygons(args...); });
    }
  }
#endif
  int contacts = 0;
  for (std::size_t k = 0; k < n; ++k) {
    contacts += portable[k].pointCount > 0;
    for (int i = 0; i < portable[k].pointCount; ++i)
      touchingPoints += portable[k].points[i].separation == T(0);
  }
  for (const auto& [name, out] : builds) {
    int differing = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (touche::test::sameBits(out[k], portable[k])) continue;
      if (++differing <= 3) ADD_FAILURE() << name << " differs from the portable pair at " << k;
    }
    EXPECT_EQ(differing, 0) << name;
  }
  return contacts;
}

/// Seeded random pairs of the benchmark's distribution; every second one rounded by `radius`.
Inputs randomPairs(int count, std::uint64_t seed, double radius, double margin) {
  Inputs in;
  in.margin = margin;
  in.cases = bench::makePairs(PairId::polygon_polygon, count, seed);
  for (std::size_t k = 0; k < in.cases.size(); k += 2) {
    std::get<Polygon>(in.cases[k].a).radius = radius;
    std::get<Polygon>(in.cases[k].b).radius = radius;
  }
  return in;
}

/// The right triangle (0, 0), (2, 0), (0, 2), counter-clockwise.
Polygon triangle() {
  Polygon p;
  p.count = 3;
  p.vertices[0] = {0, 0};
  p.vertices[1] = {2, 0};
  p.vertices[2] = {0, 2};
  return p;
}

/// Boxes and right triangles on an integer grid, turned by quarter turns: many pairs touch with
/// a separation of exactly zero (+0 or −0 after the frame change) and tie faces in the SAT
/// (equal separations of parallel faces) and in the incident-edge search.
Inputs touchingShapes() {
  const Polygon shapes[] = {makeBox(1, 1), makeBox(2, 1), triangle()};
  const Rot turns[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  Inputs in;
  for (const Polygon& a : shapes) {
    for (const Polygon& b : shapes) {
      for (const Rot& q : turns) {
        for (int x = -4; x <= 4; ++x) {
          for (int y = -4; y <= 4; ++y)
            in.cases.push_back({a, Transform{{0, 0}, {1, 0}}, b,
                                Transform{{static_cast<double>(x), static_cast<double>(y)}, q}});
        }
      }
    }
  }
  return in;
}

TEST(FastPolygonKernels, EveryBuildGivesThePortableBitsOnRandomPairs) {
  // 4001 pairs: the AVX-512 batch's last block of 64 is partial (4001 = 62·64 + 33).
  const Inputs plain = randomPairs(4001, 0x6b65726e, 0.0, 0.0);
  int touching = 0;
  const int contactsFloat = expectEveryBuildAgrees<float>(plain, touching);
  const int contactsDouble = expectEveryBuildAgrees<double>(plain, touching);
  // The benchmark's distribution puts about 41 % of the pairs in contact.
  EXPECT_GT(contactsFloat, 1200);
  EXPECT_LT(contactsFloat, 2800);
  EXPECT_EQ(contactsFloat, contactsDouble);
}

TEST(FastPolygonKernels, EveryBuildGivesThePortableBitsOnRoundedPairsWithAMargin) {
  // Rounded pairs apart by less than the radii and the margin take stage 4 (one vertex–vertex
  // point) or clip with points beyond the cores.
  const Inputs rounded = randomPairs(4001, 0x726f756e, 0.125, 0.1);
  int touching = 0;
  const int contacts = expectEveryBuildAgrees<float>(rounded, touching);
  expectEveryBuildAgrees<double>(rounded, touching);
  EXPECT_GT(contacts, 1600);
  EXPECT_LT(contacts, 3600);
}

TEST(FastPolygonKernels, EveryBuildGivesThePortableBitsWhenNearlyEveryPairOfABlockTouches) {
  // B moved onto A's position: the two polygons, each drawn around its origin, overlap unless
  // one is a sliver that misses the other (about 9 % here). The AVX-512 batch then clips 50–64
  // pairs of most blocks, in four registers of 16 lanes; 991 = 15·64 + 31 pairs.
  Inputs stacked = randomPairs(991, 0x73746163, 0.0, 0.0);
  for (bench::PairCase& c : stacked.cases)
    c.xfB.p = c.xfA.p;
  int touching = 0;
  const int contacts = expectEveryBuildAgrees<float>(stacked, touching);
  EXPECT_EQ(expectEveryBuildAgrees<double>(stacked, touching), contacts);
  EXPECT_GT(contacts, 850);
}

TEST(FastPolygonKernels, EveryBuildGivesThePortableBitsOnExactlyTouchingShapes) {
  const Inputs shapes = touchingShapes();
  int touchingFloat = 0;
  int touchingDouble = 0;
  const int contacts = expectEveryBuildAgrees<float>(shapes, touchingFloat);
  expectEveryBuildAgrees<double>(shapes, touchingDouble);
  // 9 shape pairs × 4 turns × 81 grid offsets = 2916 pairs; the shapes reach at most 2 from
  // their origin, so offsets up to 2–4 touch or overlap: several hundred contacts, many of
  // them with points at a separation of exactly zero (about 1190 in either type; the
  // triangle's rounded hypotenuse normal makes a few of them differ between float and double).
  EXPECT_EQ(shapes.cases.size(), 2916u);
  EXPECT_GT(contacts, 400);
  EXPECT_LT(contacts, 2000);
  EXPECT_GT(touchingFloat, 1000);
  EXPECT_GT(touchingDouble, 1000);
}

}  // namespace
}  // namespace touche::fast::test
