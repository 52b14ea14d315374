// Source 004's circle vs regular n-gon test (reference/src/ngon.cpp) against the reference's
// Voronoi path: collidePolygonAndCircle on the same exact polygon (toPolygon), or, above eight
// sides (more than a touche Polygon holds), the reference's capsule–circle on every edge plus an
// exact inside test. Golden cases derive their expectations in comments; every predicate call
// also runs with the circle first, and every reference call also runs swapped.
#include <mpfr.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <string>

#include "exact.h"
#include "reference_test_support.h"
#include "touche/reference/ngon.h"

namespace touche::reference::testing {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kSqrt3 = std::sqrt(3.0);  // correctly rounded (IEEE sqrt)

RegularPolygon ngon(int sides, double circumradius, double rotation = 0.0, Vec2 center = {0, 0},
                    double radius = 0.0) {
  return RegularPolygon{center, circumradius, sides, rotation, radius};
}

std::string describe(const RegularPolygon& g, const Transform& xfA, const Circle& c,
                     const Transform& xfB, double margin) {
  auto v = [](Vec2 p) { return "(" + hexfloat(p.x) + ", " + hexfloat(p.y) + ")"; };
  return "ngon centre " + v(g.center) + " rho " + hexfloat(g.circumradius) + " sides " +
         std::to_string(g.sides) + " rotation " + hexfloat(g.rotation) + " radius " +
         hexfloat(g.radius) + " xfA " + v(xfA.p) + " q " + v({xfA.q.c, xfA.q.s}) + "; circle " +
         v(c.center) + " r " + hexfloat(c.radius) + " xfB " + v(xfB.p) + " q " +
         v({xfB.q.c, xfB.q.s}) + "; margin " + hexfloat(margin);
}

/// The reference's Voronoi-path decision on the n-gon's exact polygon. Up to eight sides:
/// collide(polygon, circle), required equal to collide(circle, polygon). Above: the centre is
/// inside (exact signs) or some edge, as a capsule of the n-gon's rounding radius, touches.
bool voronoiOverlap(const PreparedRegularPolygon& a, const Transform& xfA, const Circle& b,
                    const Transform& xfB, const Options& options, bool alsoSwapped = true) {
  const std::vector<Vec2>& v = a.vertices();
  const int n = static_cast<int>(v.size());
  if (n <= kMaxPolygonVertices) {
    Polygon polygon;
    polygon.count = n;
    polygon.radius = a.ngon().radius;
    for (int k = 0; k < n; ++k)
      polygon.vertices[k] = v[k];
    const Status forward = collide(polygon, xfA, b, xfB, options).status;
    if (alsoSwapped) {
      EXPECT_EQ(collide(b, xfB, polygon, xfA, options).status, forward);
    }
    return forward == Status::contact;
  }
  const ExactVec2 p = toWorldExact(xfB, b.center);
  bool inside = true;
  for (int k = 0; k < n && inside; ++k) {
    const ExactVec2 v1 = toWorldExact(xfA, v[k]);
    const ExactVec2 v2 = toWorldExact(xfA, v[(k + 1) % n]);
    inside = sign(cross(v2 - v1, p - v1)) >= 0;
  }
  if (inside) return true;
  for (int k = 0; k < n; ++k) {
    const Capsule edge{v[k], v[(k + 1) % n], a.ngon().radius};
    if (collide(edge, xfA, b, xfB, options).status == Status::contact) return true;
  }
  return false;
}

/// Where the predicate must put the centre.
struct Expected {
  bool overlap;
  int sector;
  FeatureType part;
  int feature;
};

/// The predicate (both orders) gives `expected`; the Voronoi path gives the same overlap.
void expectDecision(const RegularPolygon& g, const Transform& xfA, const Circle& c,
                    const Transform& xfB, const Expected& expected, double margin = 0.0) {
  const Options options{margin};
  const std::string context = describe(g, xfA, c, xfB, margin);
  const RegularPolygonCircleTest t = testRegularPolygonAndCircle(g, xfA, c, xfB, options);
  ASSERT_FALSE(t.error.has_value()) << t.error->describe();
  EXPECT_EQ(t.overlap, expected.overlap) << context;
  EXPECT_EQ(t.sector, expected.sector) << context;
  EXPECT_EQ(t.part, expected.part) << context;
  EXPECT_EQ(t.feature, expected.feature) << context;
  const RegularPolygonCircleTest swapped = testCircleAndRegularPolygon(c, xfB, g, xfA, options);
  EXPECT_EQ(swapped.overlap, t.overlap) << context;
  EXPECT_EQ(swapped.sector, t.sector) << context;
  EXPECT_EQ(voronoiOverlap(PreparedRegularPolygon(g), xfA, c, xfB, options), expected.overlap)
      << context;
}

// ---- The exact polygon ------------------------------------------------------------------------

TEST(ReferenceNgonVertices, RotationZeroMultiplesOfThirtyDegreesAreExact) {
  // Rotation 0: θk = 2πk/n. Square: 0°, 90°, 180°, 270° → cos, sin ∈ {0, ±1}; centre
  // (0.5, −1), ρ = 2: (2.5, −1), (0.5, 1), (−1.5, −1), (0.5, −3), all exact.
  const std::vector<Vec2> square = regularPolygonVertices(ngon(4, 2, 0, {0.5, -1}));
  ASSERT_EQ(square.size(), 4u);
  EXPECT_EQ(square[0], (Vec2{2.5, -1}));
  EXPECT_EQ(square[1], (Vec2{0.5, 1}));
  EXPECT_EQ(square[2], (Vec2{-1.5, -1}));
  EXPECT_EQ(square[3], (Vec2{0.5, -3}));
  // Hexagon, ρ = 2: cos 60° = ½ exact, sin 60° = √3/2 irrational → 2·(√3/2) = √3 rounded,
  // which is exactly IEEE sqrt(3.0). Vertex 1 = (1, √3), vertex 3 = (−2, 0).
  const std::vector<Vec2> hexagon = regularPolygonVertices(ngon(6, 2));
  EXPECT_EQ(hexagon[1], (Vec2{1, kSqrt3}));
  EXPECT_EQ(hexagon[2], (Vec2{-1, kSqrt3}));
  EXPECT_EQ(hexagon[3], (Vec2{-2, 0}));
  EXPECT_EQ(hexagon[5], (Vec2{1, -kSqrt3}));
  // 12-gon, ρ = 2: 30° → (√3, 1): sin 30° = ½ exact.
  EXPECT_EQ(regularPolygonVertex(ngon(12, 2), 1), (Vec2{kSqrt3, 1}));
  EXPECT_EQ(regularPolygonVertex(ngon(12, 2), 3), (Vec2{0, 2}));
}

/// The ideal coordinate c + ρ·cos(φ + 2πk/n) at 1024 bits by a different route than the
/// engine's (the angle summed first, then one cosine).
double distanceToIdealInUlps(double value, double center, double rho, double phi, int k, int n,
                             bool sine) {
  mpfr_t angle, ideal, diff;
  mpfr_inits2(1024, angle, ideal, diff, static_cast<mpfr_ptr>(nullptr));
  mpfr_const_pi(angle, MPFR_RNDN);
  mpfr_mul_ui(angle, angle, 2UL * static_cast<unsigned long>(k), MPFR_RNDN);
  mpfr_div_ui(angle, angle, static_cast<unsigned long>(n), MPFR_RNDN);
  mpfr_add_d(angle, angle, phi, MPFR_RNDN);
  if (sine) {
    mpfr_sin(ideal, angle, MPFR_RNDN);
  } else {
    mpfr_cos(ideal, angle, MPFR_RNDN);
  }
  mpfr_mul_d(ideal, ideal, rho, MPFR_RNDN);
  mpfr_add_d(ideal, ideal, center, MPFR_RNDN);
  mpfr_sub_d(diff, ideal, value, MPFR_RNDN);
  const double ulp = std::nextafter(std::fabs(value), kInf) - std::fabs(value);
  const double ulps = std::fabs(mpfr_get_d(diff, MPFR_RNDN)) / ulp;
  mpfr_clears(angle, ideal, diff, static_cast<mpfr_ptr>(nullptr));
  return ulps;
}

TEST(ReferenceNgonVertices, EveryVertexIsTheNearestDoubleOfTheIdealVertex) {
  // Within half an ulp of the ideal coordinate (strictly: the ideal value is irrational away
  // from the exact cases). Random n-gons, every vertex, both coordinates; the centre's
  // magnitude varies so that the rounding is sometimes coarse relative to ρ.
  std::mt19937_64 rng(0x40060ACE);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double worst = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Vec2 center{std::ldexp(unit(rng) - 0.5, static_cast<int>(rng() % 20)), unit(rng) - 0.5};
    const RegularPolygon g = ngon(3 + static_cast<int>(rng() % 14), 0.1 + 3 * unit(rng),
                                  trial % 8 == 0 ? 0.0 : 20 * unit(rng) - 10, center);
    const std::vector<Vec2> v = regularPolygonVertices(g);
    for (int k = 0; k < g.sides; ++k) {
      for (bool sine : {false, true}) {
        const double value = sine ? v[k].y : v[k].x;
        const double ulps = distanceToIdealInUlps(value, sine ? center.y : center.x, g.circumradius,
                                                  g.rotation, k, g.sides, sine);
        EXPECT_LE(ulps, 0.5) << "vertex " << k << " sine " << sine << " " << hexfloat(value);
        worst = std::max(worst, ulps);
      }
    }
  }
  EXPECT_GT(worst, 0.25);  // the check is not vacuous: some vertices round far from ideal
}

TEST(ReferenceNgonVertices, ToPolygonIsTheSameExactPolygonAndCloseToMakeRegularPolygon) {
  // toPolygon carries the rounded vertices and the rounding radius; makeRegularPolygon (libm
  // cos/sin of a rounded angle) lands within a few ulps of them.
  const RegularPolygon g = ngon(7, 1.25, 0.3, {0.5, -0.25}, 0.125);
  const Polygon p = toPolygon(g);
  const Polygon libm = makeRegularPolygon(g.center, g.circumradius, g.sides, g.rotation, 0.125);
  ASSERT_EQ(p.count, 7);
  EXPECT_EQ(p.radius, 0.125);
  for (int k = 0; k < 7; ++k) {
    EXPECT_EQ(p.vertices[k], regularPolygonVertex(g, k));
    EXPECT_NEAR(p.vertices[k].x, libm.vertices[k].x, 0x1p-49);
    EXPECT_NEAR(p.vertices[k].y, libm.vertices[k].y, 0x1p-49);
  }
  EXPECT_FALSE(validateShape(p, "a").has_value());
  EXPECT_THROW(toPolygon(ngon(9, 1)), std::invalid_argument);
}

// ---- Validation ---------------------------------------------------------------------------

void expectInvalid(const RegularPolygon& g, const std::string& field) {
  const auto error = validateRegularPolygon(g, "a");
  ASSERT_TRUE(error.has_value()) << field;
  EXPECT_EQ(error->field, field) << error->describe();
  const RegularPolygonCircleTest t =
      testRegularPolygonAndCircle(g, at(0, 0), Circle{{0, 0}, 1}, at(0, 0));
  ASSERT_TRUE(t.error.has_value());
  EXPECT_EQ(t.error->field, field);
  EXPECT_FALSE(t.overlap);
  const RegularPolygonCircleTest swapped =
      testCircleAndRegularPolygon(Circle{{0, 0}, 1}, at(0, 0), g, at(0, 0));
  ASSERT_TRUE(swapped.error.has_value());
  EXPECT_EQ(swapped.error->field, "b" + field.substr(1));
}

TEST(ReferenceNgonValidation, BadParametersNameTheirField) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expectInvalid(ngon(4, nan), "a.circumradius");
  expectInvalid(ngon(4, 0.0), "a.circumradius");
  expectInvalid(ngon(4, -1.0), "a.circumradius");
  expectInvalid(ngon(2, 1.0), "a.sides");
  expectInvalid(ngon(kMaxRegularPolygonSides + 1, 1.0), "a.sides");
  expectInvalid(ngon(4, 1.0, kInf), "a.rotation");
  expectInvalid(ngon(4, 1.0, 0.0, {nan, 0}), "a.center[0]");
  expectInvalid(ngon(4, 1.0, 0.0, {0, 0x1p51}), "a.center[1]");
  expectInvalid(ngon(4, 1.0, 0.0, {0, 0}, -0.5), "a.radius");
  EXPECT_THROW(regularPolygonVertex(ngon(4, nan), 0), std::invalid_argument);
  EXPECT_THROW(regularPolygonVertex(ngon(4, 1), 4), std::invalid_argument);
}

TEST(ReferenceNgonValidation, CircumradiusBelowTheCentresUlpCollapsesThePolygon) {
  // Centre x = 2^49 has ulp 1/8: with ρ = 0.01 every vertex x rounds to 2^49, so vertices 0 and
  // the centre's foot no longer make a counter-clockwise turn about the centre.
  const auto error = validateRegularPolygon(ngon(5, 0.01, 0.0, {0x1p49, 0}), "a");
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->field.rfind("a.vertices[", 0), 0u) << error->describe();
  // The same shape near the origin is fine.
  EXPECT_FALSE(validateRegularPolygon(ngon(5, 0.01, 0.0, {1, 0}), "a").has_value());
}

TEST(ReferenceNgonValidation, BadCircleTransformOrMarginNameTheirField) {
  const RegularPolygon g = ngon(3, 1);
  auto fieldOf = [&](const Circle& c, const Transform& xfB, double margin) {
    const RegularPolygonCircleTest t = testRegularPolygonAndCircle(g, at(0, 0), c, xfB, {margin});
    return t.error ? t.error->field : std::string("none");
  };
  EXPECT_EQ(fieldOf(Circle{{0, 0}, -1}, at(0, 0), 0), "b.radius");
  EXPECT_EQ(fieldOf(Circle{{0, 0}, 1}, Transform{{0, 0}, {2, 0}}, 0), "xfB.q");
  EXPECT_EQ(fieldOf(Circle{{0, 0}, 1}, at(0, 0), -0.5), "margin");
  EXPECT_EQ(fieldOf(Circle{{0, 0}, 1}, at(0, 0), 0), "none");
}

// ---- Golden cases -------------------------------------------------------------------------
// Triangle T: n = 3, ρ = 2, rotation 0, centre (0, 0): vertices v0 = (2, 0), v1 = (−1, √3),
// v2 = (−1, −√3) (√3 rounded). Face 1 (v1 → v2) is the line x = −1 exactly, outward normal
// (−1, 0). Sector k is the wedge from ray c→vk to ray c→vk+1.

TEST(ReferenceNgon, TriangleCircleTangentToAFaceExactly) {
  // Circle r = 0.5 at (−1.5, 0.25): direction ≈ 170.5°, in sector 1 (120° … 240°). The split
  // rays pass through v1 + 0.5·(−1, 0) = (−1.5, √3) (≈ 130.9°) and (−1.5, −√3) (≈ 229.1°):
  // edge part of face 1. Distance to x = −1 is 0.5 = r: touching → overlap.
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.5}, at(-1.5, 0.25), {true, 1, kFace, 1});
  // One ulp farther: no overlap. One ulp nearer: overlap.
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.5}, at(std::nextafter(-1.5, -kInf), 0.25),
                 {false, 1, kFace, 1});
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.5}, at(std::nextafter(-1.5, 0.0), 0.25),
                 {true, 1, kFace, 1});
}

TEST(ReferenceNgon, TriangleCircleTangentToAVertexExactly) {
  // Circle r = 5/8 at v0 + (3/8, 1/2) = (2.375, 0.5): |p − v0| = 5/8 exactly. Direction ≈ 11.9°;
  // the split ray of vertex 0 passes through v0 + (5/8)·n0, n0 = (cos 60°, sin 60°), at ≈ 13.2°:
  // corner part of vertex 0 in sector 0. Touching → overlap; y one ulp up → |p − v0| > r.
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.625}, at(2.375, 0.5),
                 {true, 0, kVertex, 0});
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.625}, at(2.375, std::nextafter(0.5, 1.0)),
                 {false, 0, kVertex, 0});
}

TEST(ReferenceNgon, CentreOnAVertexRayIsInTheSectorThatStartsThere) {
  // Circle r = 1 at (3, 0): exactly on ray c→v0, the start of sector 0 (sectors are closed at
  // their first ray), corner part of vertex 0; |p − v0| = 1 = r → touching.
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 1}, at(3, 0), {true, 0, kVertex, 0});
  // Hexagon ρ = 2: v1 = (1, √3); p = 2·v1 = (2, 2√3) is exactly on ray c→v1: sector 1, corner
  // part of vertex 1 (beyond v1 along the ray). |p − v1|² = 1 + √3² where √3 is rounded:
  // √3² < 3 in exact arithmetic (IEEE sqrt(3) rounds down), so |p − v1|² < 4: r = 2 overlaps,
  // r = 1.99 (r² = 3.9601) does not.
  const Vec2 p{2, 2 * kSqrt3};
  expectDecision(ngon(6, 2), at(0, 0), Circle{{0, 0}, 2}, at(p.x, p.y), {true, 1, kVertex, 1});
  expectDecision(ngon(6, 2), at(0, 0), Circle{{0, 0}, 1.99}, at(p.x, p.y), {false, 1, kVertex, 1});
  // On the ray c→v3 = (−2, 0) at (−3, 0): sector 3, corner part of vertex 3, |p − v3| = 1.
  expectDecision(ngon(6, 2), at(0, 0), Circle{{0, 0}, 1}, at(-3, 0), {true, 3, kVertex, 3});
  expectDecision(ngon(6, 2), at(0, 0), Circle{{0, 0}, std::nextafter(1.0, 0.0)}, at(-3, 0),
                 {false, 3, kVertex, 3});
}

TEST(ReferenceNgon, CentreExactlyOnAVertex) {
  // Circle centred on v0 = (2, 0) of T. r = 0.25: d = v0 − c lies on ray c→v0 and before the
  // split ray through v0 + 0.25·n0 → corner part of vertex 0, (p − c)·(p − v0) = 0 → overlap.
  // r = 0: the split ray is ray c→v0 itself, so d is on it → edge part of face 0, and
  // m·(p − v0) = 0 ≤ 0 → touching, overlap.
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0.25}, at(2, 0), {true, 0, kVertex, 0});
  expectDecision(ngon(3, 2), at(0, 0), Circle{{0, 0}, 0}, at(2, 0), {true, 0, kFace, 0});
}

TEST(ReferenceNgon, CentreAtTheNgonCentreOverlapsForEverySideCount) {
  // No direction: sector 0, edge part, face 0; the centre is inside, so even a circle of
  // radius 0 overlaps.
  for (int sides : {3, 4, 6, 8, 12, 64}) {
    expectDecision(ngon(sides, 1.5, 0.7, {0.25, -0.5}), at(0, 0), Circle{{0.25, -0.5}, 0}, at(0, 0),
                   {true, 0, kFace, 0});
  }
}

TEST(ReferenceNgon, SquareFaceAndVertexThresholds) {
  // Square (diamond) ρ = 2, rotation 0: v0 = (2, 0), v1 = (0, 2); face 0 lies on x + y = 2,
  // apothem √2. Centre (1.5, 1.5) faces the middle of face 0 (45°, edge part of sector 0):
  // distance (3 − 2)/√2 = 0.7071…: r = 0.75 overlaps, r = 0.7 does not.
  expectDecision(ngon(4, 2), at(0, 0), Circle{{0, 0}, 0.75}, at(1.5, 1.5), {true, 0, kFace, 0});
  expectDecision(ngon(4, 2), at(0, 0), Circle{{0, 0}, 0.7}, at(1.5, 1.5), {false, 0, kFace, 0});
  // (0, 3.5) on ray c→v1: corner part of vertex 1, |p − v1| = 1.5.
  expectDecision(ngon(4, 2), at(0, 0), Circle{{0, 0}, 1.5}, at(0, 3.5), {true, 1, kVertex, 1});
  expectDecision(ngon(4, 2), at(0, 0), Circle{{0, 0}, 1.4375}, at(0, 3.5), {false, 1, kVertex, 1});
}

TEST(ReferenceNgon, OctagonAndLargerVertexTangency) {
  // Rotation 0, ρ = 1: the vertex at 90° is (0, 1) exactly (k = n/4). Circle r = 1/4 at
  // (0, 1.25) touches it; a radius one ulp smaller does not.
  for (int sides : {8, 12, 16, 32, 64}) {
    const int k = sides / 4;
    expectDecision(ngon(sides, 1), at(0, 0), Circle{{0, 0}, 0.25}, at(0, 1.25),
                   {true, k, kVertex, k});
    expectDecision(ngon(sides, 1), at(0, 0), Circle{{0, 0}, std::nextafter(0.25, 0.0)}, at(0, 1.25),
                   {false, k, kVertex, k});
  }
}

TEST(ReferenceNgon, SourceBoundaryAngleSplitsCornerFromEdge) {
  // Source 004 §3.1 with ρ = 2, r = 1, n = 3: ∠WOF = 120° (vertex O, centre F, W = O + r·n0);
  // law of cosines |FW|² = 4 + 1 − 2·2·1·cos 120° = 7, and the boundary angle β = ∠WFO has
  // tan β = (√3/2)/(5/2) = √3/5 ≈ 0.3464 (19.1°). Directions of slope 0.34 lie before β (corner
  // part of vertex 0), of slope 0.35 after it (edge part of face 0, the line x/2 + y·√3/2 = 1).
  //   (2.8, 0.952): |p − v0|² = 0.64 + 0.9063 = 1.546 > 1        → no overlap (corner);
  //   (2.8, 0.98):  1.4 + 0.98·√3/2 − 1 = 1.249 > 1 from the line → no overlap (edge);
  //   (2.5, 0.85):  |p − v0|² = 0.25 + 0.7225 = 0.9725 ≤ 1       → overlap (corner);
  //   (2.4, 0.84):  1.2 + 0.84·√3/2 − 1 = 0.9275 ≤ 1              → overlap (edge).
  const Circle unit{{0, 0}, 1};
  expectDecision(ngon(3, 2), at(0, 0), unit, at(2.8, 0.952), {false, 0, kVertex, 0});
  expectDecision(ngon(3, 2), at(0, 0), unit, at(2.8, 0.98), {false, 0, kFace, 0});
  expectDecision(ngon(3, 2), at(0, 0), unit, at(2.5, 0.85), {true, 0, kVertex, 0});
  expectDecision(ngon(3, 2), at(0, 0), unit, at(2.4, 0.84), {true, 0, kFace, 0});
}

TEST(ReferenceNgon, CornerPartIsNotTheVertexVoronoiRegion) {
  // The sectors' split rays and the Voronoi regions' normal lines partition the plane
  // differently; they meet only on the grown n-gon's boundary, so the decisions agree while the
  // features may not. Hexagon ρ = 1, rotation 0.2: v0 ≈ (0.980, 0.199), face 0's normal n0 at
  // 0.2 + 30°. Circle r = 0.5 at (1.17, 0.435) ≈ v0 + 0.05·(edge direction) + 0.3·n0: angle
  // 0.356 rad, before the split ray through v0 + 0.5·n0 (0.373 rad) → corner part of vertex 0;
  // but strictly between face 0's endpoints and outside it → the Voronoi path's face 0, 0.3
  // from the face: separation 0.3 − 0.5 ≈ −0.2.
  const RegularPolygon hexagon = ngon(6, 1, 0.2);
  const Circle c{{0, 0}, 0.5};
  expectDecision(hexagon, at(0, 0), c, at(1.17, 0.435), {true, 0, kVertex, 0});
  const Manifold m = collideChecked(toPolygon(hexagon), at(0, 0), c, at(1.17, 0.435));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.points[0].id, fid(kFace, 0, kVertex, 0));
  EXPECT_NEAR(m.points[0].separation, -0.2, 0.01);
}

TEST(ReferenceNgon, TransformedTriangleFaceTangency) {
  // Triangle T turned by exactly 90° (q = (0, 1)) and moved by (0.5, 0.25): world = (−y, x) +
  // (0.5, 0.25). Face 1 (local x = −1) becomes the world line y = −0.75. Circle r = 0.5 at
  // (0.25, −1.25): relative to the n-gon's centre it is (−0.25, −1.5) = R·(−1.5, 0.25), the first
  // golden case turned: edge part of face 1, 0.5 from the line → touching.
  const Transform xfA{{0.5, 0.25}, {0, 1}};
  expectDecision(ngon(3, 2), xfA, Circle{{0, 0}, 0.5}, at(0.25, -1.25), {true, 1, kFace, 1});
  expectDecision(ngon(3, 2), xfA, Circle{{0, 0}, 0.5}, at(0.25, std::nextafter(-1.25, -kInf)),
                 {false, 1, kFace, 1});
}

TEST(ReferenceNgon, MarginAndRoundingRadiusGrowTheThreshold) {
  // Circle r = 0.5 at (−1.75, 0): 0.75 from face 1 of T, gap 0.25. Margin 0.25 → touching
  // within the margin; a margin one ulp smaller → no contact. A rounding radius 0.25 on the
  // n-gon closes the gap the same way.
  const Circle c{{0, 0}, 0.5};
  expectDecision(ngon(3, 2), at(0, 0), c, at(-1.75, 0), {false, 1, kFace, 1});
  expectDecision(ngon(3, 2), at(0, 0), c, at(-1.75, 0), {true, 1, kFace, 1}, 0.25);
  expectDecision(ngon(3, 2), at(0, 0), c, at(-1.75, 0), {false, 1, kFace, 1},
                 std::nextafter(0.25, 0.0));
  expectDecision(ngon(3, 2, 0, {0, 0}, 0.25), at(0, 0), c, at(-1.75, 0), {true, 1, kFace, 1});
}

TEST(ReferenceNgon, CircleBelowADownwardVertexIsNotMirrored) {
  // Source 004's acos loses the sign of dy (docs/errata.md). Triangle ρ = 2 with vertex 0 at
  // −90° (rotation −π/2 rounded: vertex 0 ≈ (6e-17·2, −2)); circle r = 1 at (0, −2.5) overlaps
  // vertex 0 by ≈ 0.5, its mirror (0, 2.5) faces edge 1 at distance 1.5 and does not.
  const RegularPolygon g = ngon(3, 2, -std::numbers::pi / 2);
  const RegularPolygonCircleTest below =
      testRegularPolygonAndCircle(g, at(0, 0), Circle{{0, 0}, 1}, at(0, -2.5));
  EXPECT_TRUE(below.overlap);
  EXPECT_EQ(below.part, kVertex);
  EXPECT_EQ(below.feature, 0);
  expectDecision(g, at(0, 0), Circle{{0, 0}, 1}, at(0, 2.5), {false, 1, kFace, 1});
  EXPECT_TRUE(
      voronoiOverlap(PreparedRegularPolygon(g), at(0, 0), Circle{{0, 0}, 1}, at(0, -2.5), {}));
}

// ---- Seeded random agreement with the Voronoi path ---------------------------------------------

/// Counts per margin class: index 0 for margin 0, 1 for a margin > 0.
struct AgreementStats {
  int pairs[2] = {0, 0};
  int overlaps[2] = {0, 0};
  int aimed[2] = {0, 0};
  int aimedOverlaps[2] = {0, 0};
  int mismatches = 0;
};
class Scenes {
 public:
  explicit Scenes(std::uint64_t seed) : rng_(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }
  int index(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }

  RegularPolygon polygon(int sides) {
    const double rotation = index(8) == 0 ? 0.0 : uniform(-4, 4);
    const double radius = index(3) == 0 ? uniform(0, 0.2) : 0.0;
    return RegularPolygon{
        {uniform(-1, 1), uniform(-1, 1)}, uniform(0.3, 1.5), sides, rotation, radius};
  }
  Transform transform() {
    if (index(2) == 0) return at(0, 0);
    const double angle = uniform(-3.2, 3.2);
    return Transform{{uniform(-2, 2), uniform(-2, 2)}, {std::cos(angle), std::sin(angle)}};
  }

 private:
  std::mt19937_64 rng_;
};

/// World-frame doubles of the n-gon (rounded; used only to aim circles).
std::vector<Vec2> worldVertices(const PreparedRegularPolygon& g, const Transform& xf) {
  std::vector<Vec2> out;
  for (Vec2 v : g.vertices())
    out.push_back(apply(xf, v));
  return out;
}

/// A circle centre near the boundary of the n-gon grown by `grow`: on a corner arc or on a
/// pushed-out edge, then nudged by a few ulps either way.
Vec2 aimedCentre(Scenes& s, const std::vector<Vec2>& v, double grow) {
  const int n = static_cast<int>(v.size());
  const int k = s.index(n);
  const Vec2 a = v[k], b = v[(k + 1) % n];
  const Vec2 e = b - a;
  const Vec2 normal = (1.0 / length(e)) * Vec2{e.y, -e.x};
  Vec2 p;
  if (s.index(2) == 0) {  // edge part
    p = a + s.uniform(0, 1) * e + grow * normal;
  } else {  // corner of vertex k + 1: between the normals of edges k and k + 1
    const Vec2 f = v[(k + 2) % n] - b;
    const Vec2 next = (1.0 / length(f)) * Vec2{f.y, -f.x};
    const double t = s.uniform(0, 1);
    const Vec2 mix = (1 - t) * normal + t * next;
    p = b + (grow / length(mix)) * mix;
  }
  for (int i = s.index(4); i > 0; --i) {
    p.x = std::nextafter(p.x, s.index(2) ? kInf : -kInf);
    p.y = std::nextafter(p.y, s.index(2) ? kInf : -kInf);
  }
  return p;
}

/// One pair: the predicate's decision must equal the Voronoi path's.
void compareOnce(const PreparedRegularPolygon& g, const Transform& xfA, const Circle& c,
                 const Transform& xfB, double margin, bool aimed, AgreementStats& stats) {
  const RegularPolygonCircleTest t = testRegularPolygonAndCircle(g, xfA, c, xfB, {margin});
  const bool voronoi = voronoiOverlap(g, xfA, c, xfB, {margin}, false);
  if ((t.error || t.overlap != voronoi) && ++stats.mismatches <= 5) {
    ADD_FAILURE() << "predicate " << t.overlap << " vs Voronoi path " << voronoi << ": "
                  << describe(g.ngon(), xfA, c, xfB, margin)
                  << (t.error ? "; error " + t.error->describe() : "");
  }
  const int m = margin > 0.0 ? 1 : 0;
  ++stats.pairs[m];
  stats.overlaps[m] += t.overlap;
  stats.aimed[m] += aimed;
  stats.aimedOverlaps[m] += aimed && t.overlap;
}

/// `polygons` random n-gons, `circlesPerPolygon` circles each (the n-gon's exact polygon is
/// prepared once). 25% of the circles are aimed at the boundary of the grown n-gon (near
/// tangent, a few ulps either way), the rest spread around the n-gon. Pairs alternate between
/// margin 0 and a margin in [2^−10, 0.25), aimed at the boundary of their own margin.
AgreementStats runAgreement(int sides, int polygons, int circlesPerPolygon, std::uint64_t seed) {
  Scenes s(seed);
  AgreementStats stats;
  for (int i = 0; i < polygons; ++i) {
    const PreparedRegularPolygon g(s.polygon(sides));
    EXPECT_FALSE(g.validate("a").has_value());
    const Transform xfA = s.transform();
    const std::vector<Vec2> world = worldVertices(g, xfA);
    const Vec2 centreWorld = apply(xfA, g.ngon().center);
    for (int j = 0; j < circlesPerPolygon; ++j) {
      const double r = s.index(10) == 0 ? 0.0 : s.uniform(0.02, 1.0);
      const double margin = j % 2 == 0 ? 0.0 : s.uniform(0x1p-10, 0.25);
      const bool aimed = s.index(4) == 0;
      Circle c{{0, 0}, r};
      Transform xfB = at(0, 0);
      if (aimed) {
        const Vec2 p = aimedCentre(s, world, g.ngon().radius + r + margin);
        xfB = at(p.x, p.y);
      } else {
        const double angle = s.uniform(-3.2, 3.2);
        const double reach = s.uniform(0, 1.45) * (g.ngon().circumradius + g.ngon().radius + r);
        c.center = {s.uniform(-0.25, 0.25), s.uniform(-0.25, 0.25)};
        xfB = s.transform();
        const Vec2 target = centreWorld + reach * Vec2{std::cos(angle), std::sin(angle)};
        xfB.p = target - rotate(xfB.q, c.center);
      }
      compareOnce(g, xfA, c, xfB, margin, aimed, stats);
    }
  }
  return stats;
}

/// Every pair agrees; per margin class the overlap rate is 30–70% and the aimed pairs fall on
/// both sides of the boundary (20–80%), so the agreement is not vacuous.
void expectAgreement(int sides, int polygons, int circlesPerPolygon, std::uint64_t seed) {
  const AgreementStats stats = runAgreement(sides, polygons, circlesPerPolygon, seed);
  EXPECT_EQ(stats.mismatches, 0);
  EXPECT_EQ(stats.pairs[0] + stats.pairs[1], polygons * circlesPerPolygon);
  for (int m = 0; m < 2; ++m) {
    const double hitRate = static_cast<double>(stats.overlaps[m]) / stats.pairs[m];
    const double aimedRate = static_cast<double>(stats.aimedOverlaps[m]) / stats.aimed[m];
    EXPECT_GE(hitRate, 0.3) << "margin class " << m;
    EXPECT_LE(hitRate, 0.7) << "margin class " << m;
    EXPECT_GE(stats.aimed[m], stats.pairs[m] / 5) << "margin class " << m;
    EXPECT_GE(aimedRate, 0.2) << "margin class " << m;
    EXPECT_LE(aimedRate, 0.8) << "margin class " << m;
  }
}

// 100k pairs each for n = 3, 6 and 8, fewer for the other counts the reference Polygon holds,
// and the edge-by-edge path above eight sides.
TEST(ReferenceNgonRandom, TriangleAgreesWithVoronoiPathOn100kPairs) {
  expectAgreement(3, 6250, 16, 0x3A11);
}
TEST(ReferenceNgonRandom, HexagonAgreesWithVoronoiPathOn100kPairs) {
  expectAgreement(6, 6250, 16, 0x6A11);
}
TEST(ReferenceNgonRandom, OctagonAgreesWithVoronoiPathOn100kPairs) {
  expectAgreement(8, 6250, 16, 0x8A11);
}
TEST(ReferenceNgonRandom, SquarePentagonHeptagonAgreeWithVoronoiPath) {
  expectAgreement(4, 500, 8, 0x4A11);
  expectAgreement(5, 500, 8, 0x5A11);
  expectAgreement(7, 500, 8, 0x7A11);
}
TEST(ReferenceNgonRandom, TwelveAndSixteenSidesAgreeWithEdgeByEdgePath) {
  expectAgreement(12, 150, 8, 0x12A11);
  expectAgreement(16, 150, 8, 0x16A11);
}

}  // namespace
}  // namespace touche::reference::testing
