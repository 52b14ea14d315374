// Polygon vs polygon (reference/src/polygon_polygon.cpp). Every case also runs swapped.
// Boxes list their vertices (−hx,−hy), (hx,−hy), (hx,hy), (−hx,hy): face 0 bottom, 1 right,
// 2 top, 3 left.
#include <algorithm>
#include <cmath>
#include <random>

#include "reference_test_support.h"

namespace touche::reference::testing {
namespace {

Polygon box(double hx, double hy, double radius = 0.0) {
  return makePolygon({{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}}, radius);
}

/// A square tilted by atan(1/2), dyadic vertices, CCW: its lowest vertex 0 at (0, 0.25) and
/// vertex 1 at (1, 0.75) (edge (1, 0.5), side √1.25).
Polygon tiltedSquare() {
  return makePolygon({{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}});
}

void expectPoint(const ManifoldPoint& p, Vec2 point, double separation, FeatureId id) {
  EXPECT_EQ(p.point, point) << hexfloat(p.point.x) << ", " << hexfloat(p.point.y);
  EXPECT_EQ(p.separation, separation);
  EXPECT_EQ(p.id, id) << describe(p.id);
}

TEST(ReferencePolygons, ParallelFacesOverlapByHalfTieGoesToA) {
  // Boxes half 1 at x = 0 and x = 1.5. A's face 1 and B's face 3 both separate by 0.5 − 1 =
  // −0.5: exact tie → A's face 1, axis gap 0. Incident: B's face 3 (normal (−1,0), dot −1; the
  // runner-up faces have dot 0 → incident gap 1). The incident edge B3 → B0, (0.5,1) → (0.5,−1),
  // lies inside the reference extent y ∈ [−1, 1]: no clipping; points at x = 0.5 + ½·0.5 =
  // 0.75, lower (nearest A's vertex 1) first: (0.75,−1) id (face 1, vertex 0), then (0.75, 1)
  // id (face 1, vertex 3).
  const Manifold m = collide(box(1, 1), at(0, 0), box(1, 1), at(1.5, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{1, 0}));
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {0.75, -1}, -0.5, fid(kFace, 1, kVertex, 0));
  expectPoint(m.points[1], {0.75, 1}, -0.5, fid(kFace, 1, kVertex, 3));
  EXPECT_EQ(m.gaps.axis, 0.0);
  EXPECT_EQ(m.gaps.incident, 1.0);
  EXPECT_EQ(m.gaps.contact, 0.5);
  // Swapped, the tie again prefers the first argument: its face 3 (left side of the box at
  // 1.5); the other box's face 1 is incident: (0.75, 1) id (face 3, vertex 2) first (lower
  // along the reference tangent (0,−2)), then (0.75, −1) id (face 3, vertex 1).
  const Manifold back =
      expectSwapSymmetric(box(1, 1), at(0, 0), box(1, 1), at(1.5, 0), {}, m, false);
  ASSERT_EQ(back.pointCount, 2);
  expectPoint(back.points[0], {0.75, 1}, -0.5, fid(kFace, 3, kVertex, 2));
  expectPoint(back.points[1], {0.75, -1}, -0.5, fid(kFace, 3, kVertex, 1));
}

TEST(ReferencePolygons, TouchingExactlyIsContactWithZeroSeparation) {
  const Manifold m = collide(box(1, 1), at(0, 0), box(1, 1), at(2, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {1, -1}, 0.0, fid(kFace, 1, kVertex, 0));
  expectPoint(m.points[1], {1, 1}, 0.0, fid(kFace, 1, kVertex, 3));
  expectSwapSymmetric(box(1, 1), at(0, 0), box(1, 1), at(2, 0), {}, m, false);
}

TEST(ReferencePolygons, ParallelFacesSeparatedByOneUlp) {
  // B at next(2): separation 2^-51 > 0 → no contact; margin 2^-51 → both points, sep 2^-51,
  // at x = 1 + 2^-52 (midway between 1 and next(2) − 1 = 1 + 2^-51).
  const double x = std::nextafter(2.0, 3.0);
  const Manifold none = collide(box(1, 1), at(0, 0), box(1, 1), at(x, 0));
  EXPECT_EQ(none.status, Status::noContact) << describe(none);
  EXPECT_EQ(none.gaps.contact, 0x1p-51);
  const Manifold m = collide(box(1, 1), at(0, 0), box(1, 1), at(x, 0), Options{0x1p-51});
  ASSERT_EQ(m.status, Status::contact);
  ASSERT_EQ(m.pointCount, 2);
  expectPoint(m.points[0], {1 + 0x1p-52, -1}, 0x1p-51, fid(kFace, 1, kVertex, 0));
}

TEST(ReferencePolygons, TiltedSquareOneCornerInsideMarginKeepsOrDropsTheOther) {
  // A = box half (2, 0.5); B = tilted square. A's top face 2 separates by 0.25 − 0.5 = −0.25;
  // B's best face (face 0, normal (0.5,−1)/√1.25) only by −1.25/√1.25 = −√1.25 → A's face 2.
  // Incident: B's face 0 (dot with (0,1): −0.894 vs face 3 −0.447 → incident gap 1/√5).
  // B0 = (0, 0.25) is 0.25 deep, B1 = (1, 0.75) 0.25 above: no clipping needed.
  //   margin 0: only B0 → point (0, 0.25 + ½·0.25) = (0, 0.375), sep −0.25, id (face 2, v 0).
  //   margin 0.25: also B1 (first: nearer A's vertex 2) → (1, 0.75 − 0.125) = (1, 0.625).
  // Source 000 loses this contact entirely (its third clip keeps only B0, then needs two).
  const Manifold m = collide(box(2, 0.5), at(0, 0), tiltedSquare(), at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 1);
  expectPoint(m.points[0], {0, 0.375}, -0.25, fid(kFace, 2, kVertex, 0));
  EXPECT_NEAR(*m.gaps.axis, std::sqrt(1.25) - 0.25, 1e-15);
  EXPECT_NEAR(*m.gaps.incident, 1 / std::sqrt(5.0), 1e-15);
  expectSwapSymmetric(box(2, 0.5), at(0, 0), tiltedSquare(), at(0, 0), {}, m);

  const Manifold both = collide(box(2, 0.5), at(0, 0), tiltedSquare(), at(0, 0), {0.25});
  ASSERT_EQ(both.pointCount, 2) << describe(both);
  expectPoint(both.points[0], {1, 0.625}, 0.25, fid(kFace, 2, kVertex, 1));
  expectPoint(both.points[1], {0, 0.375}, -0.25, fid(kFace, 2, kVertex, 0));
  expectSwapSymmetric(box(2, 0.5), at(0, 0), tiltedSquare(), at(0, 0), {0.25}, both);

  const Options justBelow{std::nextafter(0.25, 0.0)};
  EXPECT_EQ(collide(box(2, 0.5), at(0, 0), tiltedSquare(), at(0, 0), justBelow).pointCount, 1);
}

TEST(ReferencePolygons, TiltedSquareEveryVertexRotation) {
  // Rotating B's vertex list by k renames B's vertex i to (i − k) mod 4; nothing else changes.
  for (int k = 0; k < 4; ++k) {
    std::vector<Vec2> v = {{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}};
    std::rotate(v.begin(), v.begin() + k, v.end());
    const Polygon b = makePolygon(v);
    const Manifold m = collide(box(2, 0.5), at(0, 0), b, at(0, 0), {0.25});
    ASSERT_EQ(m.pointCount, 2) << k;
    expectPoint(m.points[0], {1, 0.625}, 0.25, fid(kFace, 2, kVertex, (1 - k + 4) % 4));
    expectPoint(m.points[1], {0, 0.375}, -0.25, fid(kFace, 2, kVertex, (4 - k) % 4));
    expectSwapSymmetric(box(2, 0.5), at(0, 0), b, at(0, 0), {0.25}, m);
  }
}

TEST(ReferencePolygons, WideIncidentEdgeIsClippedAtBothReferenceVertices) {
  // A = box half 1; B = box half (2, 0.5) at (0, 1.25): B's bottom face y = 0.75 and A's top
  // face tie at −0.25 → A's face 2, from (1,1) to (−1,1). B's face 0, (−2,0.75) → (2,0.75),
  // sticks out on both sides: clipped at A's vertex 2 (x = 1) and vertex 3 (x = −1). Points
  // (±1, 0.75 + 0.125); ids (vertex 2 on A, face 0 on B) then (vertex 3 on A, face 0 on B).
  const Manifold m = collide(box(1, 1), at(0, 0), box(2, 0.5), at(0, 1.25));
  ASSERT_EQ(m.pointCount, 2) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  expectPoint(m.points[0], {1, 0.875}, -0.25, fid(kVertex, 2, kFace, 0));
  expectPoint(m.points[1], {-1, 0.875}, -0.25, fid(kVertex, 3, kFace, 0));
  // Swapped: the tie now picks the wide box's face 0, (−2,0.75) → (2,0.75); A's top face is
  // incident and lies inside its extent: unclipped vertices, the one nearer (−2, 0.75) first:
  // (−1, 0.875) id (face 0, vertex 3), then (1, 0.875) id (face 0, vertex 2).
  const Manifold back =
      expectSwapSymmetric(box(1, 1), at(0, 0), box(2, 0.5), at(0, 1.25), {}, m, false);
  ASSERT_EQ(back.pointCount, 2);
  expectPoint(back.points[0], {-1, 0.875}, -0.25, fid(kFace, 0, kVertex, 3));
  expectPoint(back.points[1], {1, 0.875}, -0.25, fid(kFace, 0, kVertex, 2));
}

TEST(ReferencePolygons, RoundedCornersMeetVertexToVertexWithinMargin) {
  // Boxes half 1, radius 0.25, at (0,0) and (2.5,2.5): cores' corners (1,1) and (1.5,1.5) are
  // √0.5 apart; separation √0.5 − 0.5 ≈ 0.207 > 0 → no contact at margin 0. Margin 0.25 →
  // one vertex–vertex point: normal (√½, √½), point (1.25, 1.25) (equal radii), separation
  // √0.5 − 0.5 = 0x1.a827999fcef32p-3 (60-digit decimal), id (vertex 2, vertex 0).
  EXPECT_EQ(collide(box(1, 1, 0.25), at(0, 0), box(1, 1, 0.25), at(2.5, 2.5)).status,
            Status::noContact);
  const Manifold m = collide(box(1, 1, 0.25), at(0, 0), box(1, 1, 0.25), at(2.5, 2.5), {0.25});
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.normal, (Vec2{0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1}));
  expectPoint(m.points[0], {1.25, 1.25}, 0x1.a827999fcef32p-3, fid(kVertex, 2, kVertex, 0));
  expectSwapSymmetric(box(1, 1, 0.25), at(0, 0), box(1, 1, 0.25), at(2.5, 2.5), {0.25}, m);
}

TEST(ReferencePolygons, SharpCornersVertexToVertexWithLargeMargin) {
  const Manifold m = collide(box(1, 1), at(0, 0), box(1, 1), at(2.5, 2.5), {1.0});
  ASSERT_EQ(m.pointCount, 1) << describe(m);
  expectPoint(m.points[0], {1.25, 1.25}, 0x1.6a09e667f3bcdp-1, fid(kVertex, 2, kVertex, 0));
  expectSwapSymmetric(box(1, 1), at(0, 0), box(1, 1), at(2.5, 2.5), {1.0}, m);
}

TEST(ReferencePolygons, RoundedFacesParallelUseClippingNotVertexToVertex) {
  // Radius 0.25 boxes at x = 0 and 2.25: cores 0.25 apart (> 0) but the edges overlap along
  // their length, so the closest points are not unique endpoints → clipping: B's left-face
  // vertices (1.25, ±1), separation 0.25 − 0.5 = −0.25, midway between surfaces at x = 1.25
  // (A) and x = 1 (B): (1.125, ±1).
  const Manifold m = collide(box(1, 1, 0.25), at(0, 0), box(1, 1, 0.25), at(2.25, 0));
  ASSERT_EQ(m.pointCount, 2) << describe(m);
  expectPoint(m.points[0], {1.125, -1}, -0.25, fid(kFace, 1, kVertex, 0));
  expectPoint(m.points[1], {1.125, 1}, -0.25, fid(kFace, 1, kVertex, 3));
}

TEST(ReferencePolygons, PlateauOfEqualFaceSeparationsDoesNotHideTheMaximum) {
  // Source 002's hill climb stops on A's faces 0 and 3 (both −5/√2) and misses face 2
  // (−6/√5 ≈ −2.683); B's best face is −2.757. Brute force: A's face 2 is the reference, its
  // normal (−2, 4)/√20 = (−1/√5, 2/√5); axis gap −6/√5 − (−2.757...) ≈ 0.0741.
  const Polygon a = makePolygon({{-1, 0}, {0, -1}, {4, 3}, {0, 1}});
  const Polygon b = makePolygon({{-3, -3}, {4, 0}, {-3, 4}});
  const Manifold m = collide(a, at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{-0x1.c9f25c5bfedd9p-2, 0x1.c9f25c5bfedd9p-1}));
  for (int i = 0; i < m.pointCount; ++i) {
    const FeatureId id = m.points[i].id;
    EXPECT_TRUE((id.typeA == kFace && id.indexA == 2) ||
                (id.typeA == kVertex && (id.indexA == 2 || id.indexA == 3)))
        << describe(id);
  }
  EXPECT_NEAR(*m.gaps.axis, 0.0741, 1e-4);
  expectSwapSymmetric(a, at(0, 0), b, at(0, 0), {}, m);
}

TEST(ReferencePolygons, TinyAndLargeScales) {
  // The first case scaled by s. Exact values as sums of doubles (long double holds them):
  // B's left side xL = 1.5s − s, raw separation xL − s, point x = xL − ½·raw.
  for (const double s : {1e-6, 1e6}) {
    const Manifold m = collide(box(s, s), at(0, 0), box(s, s), at(1.5 * s, 0));
    ASSERT_EQ(m.pointCount, 2) << s;
    const long double left = static_cast<long double>(1.5 * s) - s;
    const long double raw = left - s;
    EXPECT_EQ(m.points[0].separation, static_cast<double>(raw)) << s;
    EXPECT_EQ(m.points[0].point, (Vec2{static_cast<double>(left - raw / 2), -s})) << s;
    EXPECT_EQ(m.normal, (Vec2{1, 0}));
  }
}

Polygon randomPolygon(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int sides = 3 + static_cast<int>(rng() % 6);
  const double radius = unit(rng) < 0.3 ? 0.2 * unit(rng) : 0.0;
  return makeRegularPolygon({0, 0}, 0.5 + unit(rng), sides, 6.283185307179586 * unit(rng), radius);
}

/// Independent double-precision SAT: the largest separation of any face of p (world) against
/// the vertices of q (world). Used only outside a wide band around the decision boundary.
double satInDoubles(const Polygon& p, const Transform& xfP, const Polygon& q,
                    const Transform& xfQ) {
  double best = -HUGE_VAL;
  for (int i = 0; i < p.count; ++i) {
    const Vec2 v1 = apply(xfP, p.vertices[i]);
    const Vec2 e = apply(xfP, p.vertices[(i + 1) % p.count]) - v1;
    const Vec2 n = (1 / length(e)) * Vec2{e.y, -e.x};
    double s = HUGE_VAL;
    for (int j = 0; j < q.count; ++j)
      s = std::min(s, dot(apply(xfQ, q.vertices[j]) - v1, n));
    best = std::max(best, s);
  }
  return best;
}

TEST(ReferencePolygons, SeededRandomPairsAreSwapSymmetricAndAgreeWithDoubleSat) {
  // 1500 random regular polygons (3–8 sides, 30% rounded), centres in [−2.5, 2.5]², random
  // rotations, margin 0 or 0.1. For every pair: contact points within the margin, a unit
  // normal, swap symmetry (ids too unless the axis choice was an exact tie), and agreement
  // with an independent double SAT wherever it is 1e-9 away from the boundary: overlapping
  // cores must give contact; cores farther apart than margin + radii must not.
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> pos(-2.5, 2.5);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
  int contacts = 0;
  int overlapping = 0;
  int apart = 0;
  constexpr int kCases = 1500;
  for (int n = 0; n < kCases; ++n) {
    const Polygon a = randomPolygon(rng);
    const Polygon b = randomPolygon(rng);
    const Transform xfA{{pos(rng), pos(rng)}, rotFromAngle(angle(rng))};
    const Transform xfB{{pos(rng), pos(rng)}, rotFromAngle(angle(rng))};
    const Options options{(rng() % 4 == 0) ? 0.1 : 0.0};
    const Manifold m = collide(a, xfA, b, xfB, options);
    ASSERT_NE(m.status, Status::error) << n;
    if (m.status == Status::contact) {
      ++contacts;
      EXPECT_NEAR(std::hypot(m.normal.x, m.normal.y), 1.0, 1e-15) << n;
      for (int i = 0; i < m.pointCount; ++i)
        EXPECT_LE(m.points[i].separation, options.margin);
    }
    expectSwapSymmetric(a, xfA, b, xfB, options, m, m.gaps.axis.value_or(1.0) > 0.0);
    const double sat = std::max(satInDoubles(a, xfA, b, xfB), satInDoubles(b, xfB, a, xfA));
    if (sat < -1e-9) {
      ++overlapping;
      EXPECT_EQ(m.status, Status::contact) << n;
    } else if (sat > options.margin + a.radius + b.radius + 1e-9) {
      ++apart;
      EXPECT_EQ(m.status, Status::noContact) << n;
    }
  }
  // Hit rates: the generator must exercise both outcomes and both double-SAT checks.
  EXPECT_GT(contacts, kCases * 3 / 10);
  EXPECT_LT(contacts, kCases * 7 / 10);
  EXPECT_GT(overlapping, kCases / 5);
  EXPECT_GT(apart, kCases / 5);
}

}  // namespace
}  // namespace touche::reference::testing
