// touche — fast engine, polygon–circle golden tests (double and float, A/B swapped).
//
// The box is makeBox(1, 1): vertices v0 (−1,−1), v1 (1,−1), v2 (1,1), v3 (−1,1); faces
// 0 bottom n (0,−1), 1 right n (1,0), 2 top n (0,1), 3 left n (−1,0).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "../../bench/random_pairs.h"
#include "expect.h"
#include "touche/fast/batch.h"
#include "touche/test_support/fast_bits.h"

namespace touche::fast::test {
namespace {

const Polygon kBox = makeBox(1, 1);
const Transform kRotate90{{0, 0}, {0, 1}};

// Circle r = 0.5 at (1.25, 0.2). Face separations: f0 −1.2, f1 0.25, f2 −0.8, f3 −2.25 → f1.
// u1 = (0.25, 1.2)·(0, 2) = 2.4 > 0, u2 = (0.25, −0.8)·(0, −2) = 1.6 > 0 → face region.
// Separation 0.25 − 0.5 = −0.25; point = c + ½(0 − 0.5 − 0.25)·(1, 0) = (0.875, 0.2).
TEST(FastPolygonCircle, FaceRegionRightFace) {
  const Circle c{{0, 0}, 0.5};
  const Transform xfB{{1.25, 0.2}, {}};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 0.2}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g);
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{3, -2}, {0, 1}});
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{-7, 5}, {0.6, 0.8}});
}

// Circle r = 0.6 at (1.3, 1.4): f1 0.3, f2 0.4 → f2 (v2 (1,1) → v3 (−1,1)), outside.
// u1 = (0.3, 0.4)·(−2, 0) = −0.6 < 0 → vertex region of v2. d = (0.3, 0.4), |d| = 0.5,
// normal (0.6, 0.8), separation 0.5 − 0.6 = −0.1. Surfaces: v2 = (1, 1) and
// c − 0.6·n = (0.94, 0.92); midpoint (0.97, 0.96).
TEST(FastPolygonCircle, VertexRegionTopRightCorner) {
  const Circle c{{0, 0}, 0.6};
  const Transform xfB{{1.3, 1.4}, {}};
  const Golden g{Status::contact, {0.6, 0.8}, {{{0.97, 0.96}, -0.1, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g);
  expectRigidMotionInvariance(kBox, kIdentity, c, xfB, g, {{1, 1}, {0.6, 0.8}});
}

// Centre inside: r = 0.1 at (0.5, 0.25). f0 −1.25, f1 −0.5, f2 −0.75, f3 −1.5 → f1, face
// region (centre inside). Separation −0.5 − 0.1 = −0.6; point = c + ½(0 − 0.1 + 0.5)·(1, 0)
// = (0.7, 0.25) (midway between A's surface x = 1 and B's deepest point x = 0.4).
TEST(FastPolygonCircle, CentreInsideUsesFaceOfLeastPenetration) {
  const Circle c{{0, 0}, 0.1};
  const Golden g{Status::contact, {1, 0}, {{{0.7, 0.25}, -0.6, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{0.5, 0.25}, {}}, g);
}

// Rounded box (radius 0.25) at (10, 0) rotated 90°; circle r = 0.5 at (10, 1.5). In A's frame
// the centre is Rᵀ(0, 1.5) = (1.5, 0): face 1, separation 0.5 − 0.25 − 0.5 = −0.25, face
// region. Local point = (1.5, 0) + ½(0.25 − 0.5 − 0.5)·(1, 0) = (1.125, 0) (midway between
// A's surface 1.25 and B's 1.0); world (10, 1.125), normal R(1, 0) = (0, 1).
TEST(FastPolygonCircle, RoundedRotatedPolygonFaceRegion) {
  const Polygon rounded = makeBox(1, 1, 0.25);
  const Transform xfA{{10, 0}, {0, 1}};
  const Circle c{{0, 0}, 0.5};
  const Golden g{Status::contact, {0, 1}, {{{10, 1.125}, -0.25, fv(1, 0)}}};
  expectBothWays(rounded, xfA, c, {{10, 1.5}, {}}, g, {}, 10.0);
}

// Circle r = 0.5 at (1.5, 0): face 1 separation exactly 0.5 − 0.5 = 0 → contact, point (1, 0).
TEST(FastPolygonCircle, TouchingFaceExactly) {
  const Circle c{{0, 0}, 0.5};
  const Golden g{Status::contact, {1, 0}, {{{1, 0}, 0.0, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1.5, 0}, {}}, g);
}

// Circle r = 0.5 at (1.75, 2): f1 0.75, f2 1.0 → f2, u1 = (0.75, 1)·(−2, 0) < 0 → vertex v2.
// d = (0.75, 1), |d| = 1.25 exactly, gap 0.75, normal (0.6, 0.8). Margin 0.75: contact with
// separation 0.75, point midway between (1, 1) and c − 0.5·n = (1.45, 1.6): (1.225, 1.3).
// Margin 0.625: the face gap 1.0 − 0.5 = 0.5 is within it but the vertex gap 0.75 is not.
TEST(FastPolygonCircle, VertexRegionBeyondMarginAlthoughFaceGapWithin) {
  const Circle c{{0, 0}, 0.5};
  const Transform xfB{{1.75, 2}, {}};
  const Golden g{Status::contact, {0.6, 0.8}, {{{1.225, 1.3}, 0.75, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, c, xfB, g, Options{0.75});
  expectBothWays(kBox, kIdentity, c, xfB, noContact(), Options{0.625});
}

// Centre exactly on vertex v2 = (1, 1), r = 0.25: faces 1 and 2 both separate by 0 → the lower
// index, face 1; separation 0 is not > 0, so the face region: normal (1, 0), separation −0.25,
// point (1, 1) + ½(0 − 0.25 − 0)·(1, 0) = (0.875, 1).
TEST(FastPolygonCircle, CentreExactlyOnVertexTakesLowerFace) {
  const Circle c{{0, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1, 1}, {}}, g);
}

// Centre on the rotated box's vertex: box rotated 90° maps local v1 (1, −1) to world (1, 1);
// the centre is again exactly on a vertex in A's frame (the rotation is exact), faces 0 and 1
// tie at 0 → face 0 (local normal (0, −1), world (1, 0)).
TEST(FastPolygonCircle, CentreOnVertexOfRotatedBox) {
  const Circle c{{0, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(0, 0)}}};
  expectBothWays(kBox, kRotate90, c, {{1, 1}, {}}, g);
}

// Centre straight out from a vertex along a face normal: r = 0.75 at (1.5, 1). Face
// separations: f1 0.5, f2 0, f0 −2, f3 −2.5 → f1 (v1 (1,−1) → v2 (1,1)), outside.
// u1 = (0.5, 2)·(0, 2) = 4 > 0; u2 = (0.5, 0)·(0, −2) = 0, not < 0 → the face region, exactly
// at its boundary with v2's region (both give the normal (1, 0); only the id tells them
// apart). Separation 0.5 − 0.75 = −0.25; point (1.5, 1) + ½(0 − 0.75 − 0.5)·(1, 0) =
// (0.875, 1); id (face 1, vertex 0). The same on the face's other end, (1.5, −1): u1 = 0.
TEST(FastPolygonCircle, CentreStraightOutFromVertexAlongFaceNormalIsFaceRegion) {
  const Circle c{{0, 0}, 0.75};
  const Golden upper{Status::contact, {1, 0}, {{{0.875, 1}, -0.25, fv(1, 0)}}};
  const Golden lower{Status::contact, {1, 0}, {{{0.875, -1}, -0.25, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, c, {{1.5, 1}, {}}, upper);
  expectBothWays(kBox, kIdentity, c, {{1.5, -1}, {}}, lower);
  expectRigidMotionInvariance(kBox, kIdentity, c, {{1.5, 1}, {}}, upper, {{3, -2}, {0, 1}});
}

// A sliver triangle whose faces 1 (v1 → v2) and 2 (v2 → v0) are nearly collinear: the centre
// (B's, in A's frame about (28.0, −100.6)) is 63.708 outside both lines, face 1 ahead by
// 1.8e-17 (the reference's exact axis gap), and lies abreast face 1 (foot at t = 0.66) but
// behind v2 along face 2 (t = −0.34). Taking face 2 by rounding then put the centre in v2's
// vertex region: a normal 26° off and a separation 7 too shallow (a fuzz regression, double).
// The face ending at v2 is the closest feature: face 1, separation 63.708 − 25.19 − 101.59 =
// −63.065 (the reference's values, correctly rounded, A rotated by −90°).
/// The sliver scene above with A's vertices in the order `first`, `first + 1`, `first + 2`
/// (mod 3) of the regression case, and the manifold expected with A's chosen face `face`.
void expectSliverScene(int first, int face) {
  const auto h = [](const char* text) { return std::strtod(text, nullptr); };
  const Vec2 vertices[3] = {{h("-0x1.facp+5"), h("0x1.fffefffffffffp+0")},
                            {h("-0x1.342p+4"), h("-0x1.5c88p+7")},
                            {h("-0x1.4a68p+5"), h("-0x1.588802p+6")}};
  const Polygon a = polygon(
      {vertices[first % 3], vertices[(first + 1) % 3], vertices[(first + 2) % 3]}, h("0x1.93p+4"));
  const Circle b{{h("-0x1.bcp+1"), h("0x1.2f7p+5")}, h("0x1.9658p+6")};
  const Transform xfA{{h("-0x1.ap+2"), h("0x1.abep+10")}, {0, -1}};
  const Transform xfB{{h("-0x1.6f58p+6"), h("0x1.ad9ap+10")},
                      {h("-0x1.c0707eee6f4ebp-1"), h("0x1.ee266a9cb89dep-2")}};
  const Golden g{Status::contact,
                 {0.2426368148668191, -0.970117197080479},
                 {{{-124.09899733935194, 1751.4712779314298}, -63.0651579626768, fv(face, 0)}}};
  expectBothWays(a, xfA, b, xfB, g, {}, 2048.0);  // the scene's size: about 2^11
}

TEST(FastPolygonCircle, SliverWithNearlyCollinearFacesTakesTheFaceTheCentreIsAbreast) {
  expectSliverScene(0, 1);
}

// The lane stage reads vertex next(i) of face i from the lanes moved one down. With eight
// vertices (count = kLanes) the last face's end, v0, comes through the wrap of the last lane.
// Octagon v0 (−1,−2), v1 (1,−2), v2 (2,−1), v3 (2,1), v4 (1,2), v5 (−1,2), v6 (−2,1),
// v7 (−2,−1); circle r = 5.5 at (−4, −6). Face 0 (n (0,−1)) separates by 4, face 7 (v7 → v0,
// n (−1,−1)/√2) by (−2,−5)·(−1,−1)/√2 = 7/√2 ≈ 4.95 → face 7. u1 = (−2,−5)·(1,−1) = 3 > 0,
// u2 = (c − v0)·(v7 − v0) = (−3,−4)·(−1,1) = −1 < 0 → v0's region; face 0's u1 =
// (−3,−4)·(2,0) = −6 is not > 0, so no switch to face 0. d = (−3,−4), |d| = 5, normal
// (−0.6,−0.8), separation 5 − 5.5 = −0.5; point midway between v0 and c − 5.5·n =
// (−0.7,−1.6): (−0.85,−1.8).
TEST(FastPolygonCircle, EightVerticesLastFaceEndsInVertexZeroRegion) {
  const Polygon octagon =
      polygon({{-1, -2}, {1, -2}, {2, -1}, {2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}});
  const Circle c{{0, 0}, 5.5};
  const Golden g{Status::contact, {-0.6, -0.8}, {{{-0.85, -1.8}, -0.5, vv(0, 0)}}};
  expectBothWays(octagon, kIdentity, c, {{-4, -6}, {}}, g);
  expectRigidMotionInvariance(octagon, kIdentity, c, {{-4, -6}, {}}, g, {{3, -2}, {0.6, 0.8}});
}

// The same with three vertices: the last face's end v0 comes from the first padded lane.
// Triangle v0 (0,0), v1 (4,0), v2 (0,4); circle r = 5.5 at (−3, −4). Face 0 (n (0,−1))
// separates by 4, face 2 (n (−1,0)) by 3 → face 0; u1 = (−3,−4)·(4,0) = −12 < 0 → v0's region;
// face 2's u2 = (c − v0)·(v2 − v0) = (−3,−4)·(0,4) = −16 is not > 0, no switch. d = (−3,−4),
// normal (−0.6,−0.8), separation −0.5, point midway between v0 and (0.3, 0.4): (0.15, 0.2).
TEST(FastPolygonCircle, TriangleFirstFaceStartsInVertexZeroRegion) {
  const Polygon triangle = polygon({{0, 0}, {4, 0}, {0, 4}});
  const Circle c{{0, 0}, 5.5};
  const Golden g{Status::contact, {-0.6, -0.8}, {{{0.15, 0.2}, -0.5, vv(0, 0)}}};
  expectBothWays(triangle, kIdentity, c, {{-3, -4}, {}}, g);
}

// The sliver above with its vertices renumbered (old v2, v0, v1): the face chosen by rounding
// is now face 0 and the face the centre lies abreast, old face 1, is face 2 = prev(0): the
// switch to the previous face wraps from the first face to the last. Same manifold as above,
// feature id (face 2, vertex 0).
TEST(FastPolygonCircle, SliverSwitchToPreviousFaceWrapsFromFirstToLast) {
  expectSliverScene(2, 2);
}

/// Every build of the scalar pair this CPU can run, in order: the portable build (16-byte
/// lanes), the AVX2 build, the AVX-512 build (float only).
template <class T>
std::vector<ManifoldT<T>> scalarBuilds(const PolygonT<T>& a, const TransformT<T>& xfA,
                                       const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  std::vector<ManifoldT<T>> out(1);
  detail::circlePair(out[0], a, xfA, b, xfB, margin);
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    out.emplace_back();
    detail::avx2::polygonCirclePair(out.back(), a, xfA, b, xfB, margin);
  }
#endif
#if TOUCHE_FAST_AVX512
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx512()) {
      out.emplace_back();
      detail::avx512::polygonCirclePair(out.back(), a, xfA, b, xfB, margin);
    }
  }
#endif
  return out;
}

/// Seeded random pairs through the entry point (the widest build the CPU has), every scalar
/// build of the same pair and both batch kernels: every result bitwise equal. Asserts the mix:
/// contacts and vertex regions both common, every vertex count seen.
template <class T>
void expectBuildsAgree(T margin) {
  const std::vector<bench::PairCase> cases =
      bench::makePairs(PairId::polygon_circle, 4000, 0x1a9e5 + sizeof(T));
  std::vector<PolygonT<T>> polygons;
  std::vector<CircleT<T>> circles;
  std::vector<TransformT<T>> xfA, xfB;
  for (const bench::PairCase& c : cases) {
    polygons.push_back(prepare<T>(std::get<Polygon>(c.a)));
    circles.push_back(prepare<T>(std::get<Circle>(c.b)));
    xfA.push_back(toT<T>(c.xfA));
    xfB.push_back(toT<T>(c.xfB));
  }
  const int n = static_cast<int>(cases.size());
  const PolygonCircleBatchT<T> batch{
      polygons.data(), xfA.data(), circles.data(), xfB.data(), nullptr, nullptr, n};
  std::vector<ManifoldT<T>> runTime(n), portable(n);
  collidePolygonAndCircleBatch(batch, margin, runTime.data());
  detail::sse::polygonCircle(batch, margin, portable.data());
  int contacts = 0, vertexRegions = 0, counts = 0;
  for (int k = 0; k < n; ++k) {
    const ManifoldT<T> entry =
        collidePolygonAndCircle(polygons[k], xfA[k], circles[k], xfB[k], margin);
    const std::vector<ManifoldT<T>> builds =
        scalarBuilds(polygons[k], xfA[k], circles[k], xfB[k], margin);
    for (std::size_t i = 0; i < builds.size(); ++i)
      ASSERT_TRUE(touche::test::sameBits(entry, builds[i])) << "pair " << k << ", build " << i;
    ASSERT_TRUE(touche::test::sameBits(entry, runTime[k])) << "pair " << k;
    ASSERT_TRUE(touche::test::sameBits(entry, portable[k])) << "pair " << k;
    contacts += entry.pointCount;
    vertexRegions += entry.pointCount == 1 && entry.points[0].id.typeA == FeatureType::vertex;
    counts |= 1 << polygons[k].count;
  }
  EXPECT_GT(contacts, n * 3 / 10);
  EXPECT_LT(contacts, n * 9 / 10);
  EXPECT_GT(vertexRegions, n / 20);
  EXPECT_EQ(counts, 0x1f8);  // 3 to 8 vertices
}

TEST(FastPolygonCircle, PortableAndRunTimeBuildsAgreeBitwiseFloat) {
  expectBuildsAgree<float>(0.0f);
  expectBuildsAgree<float>(0.25f);
}

TEST(FastPolygonCircle, PortableAndRunTimeBuildsAgreeBitwiseDouble) {
  expectBuildsAgree<double>(0.0);
  expectBuildsAgree<double>(0.25);
}

/// The seeded pairs scaled by `scale` (a power of two: exact), so small that the offset from
/// a vertex to the centre squares below kFastNormSquared and the vertex region takes the
/// guarded normalisation (the AVX-512 build hands such a pair to the portable build): every
/// build bitwise equal to the entry point. Asserts that a tenth or more of the pairs reach
/// that path (a vertex region with an underflowing offset).
template <class T>
void expectBuildsAgreeOnUnderflowingOffsets(double scale) {
  const std::vector<bench::PairCase> cases =
      bench::makePairs(PairId::polygon_circle, 2000, 0x7e1ab + sizeof(T));
  int underflows = 0;
  for (const bench::PairCase& c : cases) {
    Polygon polygonA = std::get<Polygon>(c.a);
    for (int i = 0; i < polygonA.count; ++i)
      polygonA.vertices[i] = {polygonA.vertices[i].x * scale, polygonA.vertices[i].y * scale};
    const Circle circleB = std::get<Circle>(c.b);
    const PolygonT<T> a = prepare<T>(polygonA);
    const CircleT<T> b = prepare<T>(
        Circle{{circleB.center.x * scale, circleB.center.y * scale}, circleB.radius * scale});
    const TransformT<T> xfA = toT<T>(Transform{{c.xfA.p.x * scale, c.xfA.p.y * scale}, c.xfA.q});
    const TransformT<T> xfB = toT<T>(Transform{{c.xfB.p.x * scale, c.xfB.p.y * scale}, c.xfB.q});
    const ManifoldT<T> entry = collidePolygonAndCircle(a, xfA, b, xfB, T(0));
    for (const ManifoldT<T>& build : scalarBuilds(a, xfA, b, xfB, T(0)))
      ASSERT_TRUE(touche::test::sameBits(entry, build));
    const Vec2T<T> offset = circleCenterInA(xfA, b, xfB) - a.vertex(entry.points[0].id.indexA);
    underflows += entry.points[0].id.typeA == FeatureType::vertex &&
                  dot(offset, offset) < kFastNormSquared<T>;
  }
  EXPECT_GT(underflows, static_cast<int>(cases.size()) / 10);
}

TEST(FastPolygonCircle, BuildsAgreeBitwiseOnVertexOffsetsThatUnderflowFloat) {
  expectBuildsAgreeOnUnderflowingOffsets<float>(0x1p-60);  // offsets ~2^-61, squares ~2^-122
}

TEST(FastPolygonCircle, BuildsAgreeBitwiseOnVertexOffsetsThatUnderflowDouble) {
  expectBuildsAgreeOnUnderflowingOffsets<double>(0x1p-500);  // squares ~2^-1002
}

}  // namespace
}  // namespace touche::fast::test
