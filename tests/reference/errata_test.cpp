// Counterexamples to the mistakes of the five source posts (docs/errata.md). Each test runs
// the counterexample: through the reference engine when the mistake is in a manifold
// derivation, or as a tiny self-contained check of the formula when the post's topic (ray
// casting, impulses) is outside touche. Tests of the same errata that live next to their pair
// are listed in docs/errata.md.
#include <cmath>
#include <limits>
#include <numbers>

#include "exact.h"
#include "reference_test_support.h"
#include "touche/reference/ngon.h"

namespace touche::reference::testing {
namespace {

Polygon box(double hx, double hy) {
  return makePolygon({{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}});
}

// ---- Source 000 -------------------------------------------------------------------------

TEST(ErrataSource000, SinglePointClipIsKept) {
  // Source 000 clips three times and returns no manifold when fewer than two points remain;
  // after the face clip only B's vertex (0, 0.25) is inside A. A's top face (separation
  // −0.25) is the reference, B's edge 0 the incident edge; (1, 0.75) is 0.25 outside and
  // dropped, (0, 0.25) is kept: one point (0, 0.375), separation −0.25, id (face 2, vertex 0).
  const Polygon b = makePolygon({{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}});
  const Manifold m = collide(box(2, 0.5), at(0, 0), b, at(0, 0));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));
  expectSwapSymmetric(box(2, 0.5), at(0, 0), b, at(0, 0), {}, m);
}

TEST(ErrataSource000, EachPointHasItsOwnSeparation) {
  // Source 000 reports one penetration (−bestDistance = 0.75) for every point. The same B
  // moved down by 0.5: its edge 0 runs from (0, −0.25) (0.75 deep) to (1, 0.25) (0.25 deep).
  const Polygon b = makePolygon({{0, 0.25}, {1, 0.75}, {0.5, 1.75}, {-0.5, 1.25}});
  const Manifold m = collide(box(2, 0.5), at(0, 0), b, at(0, -0.5));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].point, (Vec2{1, 0.375}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 1));
  EXPECT_EQ(m.points[1].point, (Vec2{0, 0.125}));
  EXPECT_EQ(m.points[1].separation, -0.75);
  EXPECT_EQ(m.points[1].id, fid(kFace, 2, kVertex, 0));
}

TEST(ErrataSource000, InsideTestUsesTheBestFaceNotTheLastVisited) {
  // Source 000's `if (distance < 0)` reads the loop's last value: the loop counts down, so it
  // is face 0's separation (−2.25 here) although the centre is outside face 2 (0.25). Circle
  // r = 0.5 at (0, 1.25): face 2, normal (0, 1), separation −0.25, point midway between y = 1
  // and 0.75.
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(0, 1.25));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  EXPECT_EQ(m.points[0].point, (Vec2{0, 0.875}));
  EXPECT_EQ(m.points[0].separation, -0.25);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));
}

TEST(ErrataSource000, IncidentEdgeBeforeVertexZeroIsTheLastEdge) {
  // Source 000's getIncidentEdgeIndex returns nIndex − 1 = −1 when the support vertex is 0 and
  // the edge before it is the more perpendicular one. B lists its vertices from the lower
  // right corner and is turned by −0.1 rad, so vertex 0 is the deepest and the edge before it
  // (edge 3, the bottom) is the incident edge: ids name B's vertices 0 and 3, never −1.
  const Polygon b = makePolygon({{0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}});
  const Transform xfB{{0, 1.4}, {std::cos(-0.1), std::sin(-0.1)}};
  const Manifold m = collide(box(1, 1), at(0, 0), b, xfB);
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{0, 1}));
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_EQ(m.points[0].id, fid(kFace, 2, kVertex, 0));
  EXPECT_EQ(m.points[1].id, fid(kFace, 2, kVertex, 3));
  EXPECT_NEAR(m.points[0].separation, 1.4 - 0.5 * std::cos(0.1) - 0.5 * std::sin(0.1) - 1, 1e-15);
}

// ---- Source 002 -------------------------------------------------------------------------

TEST(ErrataSource002, CentreJustOutsideAFaceIsNotInside) {
  // Source 002's b2CollidePolygonAndCircle treats `separation < b2_epsilon` (FLT_EPSILON ≈
  // 1.2e-7) as "centre inside": face normal. Centre (1 + 2^-30, 1 + 2^-31) is outside face 1
  // by 2^-30 and beyond vertex 2, so it is in vertex 2's region: normal (2, 1)/√5.
  const double x = 1 + std::ldexp(1.0, -30);
  const double y = 1 + std::ldexp(1.0, -31);
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 0.5}, at(x, y));
  ASSERT_EQ(m.status, Status::contact) << describe(m);
  EXPECT_EQ(m.normal, (Vec2{2 / std::sqrt(5.0), 1 / std::sqrt(5.0)}));
  EXPECT_EQ(m.points[0].id, fid(kVertex, 2, kVertex, 0));
}

// ---- Source 004 -------------------------------------------------------------------------

TEST(ErrataSource004, AcosLosesTheSignOfDy) {
  // acos(dx/length) ∈ [0, π] is the same for (0, −2.5) and its mirror (0, 2.5): the post
  // tests the circle below the triangle as if it were above. The reference decides by the
  // true geometry (ReferencePolygonCircle.CircleBelowDownwardVertexOfRotatedTriangle).
  const double below = std::acos(0.0 / std::hypot(0.0, -2.5));
  const double above = std::acos(0.0 / std::hypot(0.0, 2.5));
  EXPECT_EQ(below, above);
  EXPECT_NE(std::atan2(-2.5, 0.0), std::atan2(2.5, 0.0));
  const double s = std::sqrt(3.0);
  const Polygon triangle = makePolygon({{0, -2}, {s, 1}, {-s, 1}});
  EXPECT_EQ(collide(triangle, at(0, 0), Circle{{0, 0}, 1}, at(0, -2.5)).status, Status::contact);
  EXPECT_EQ(collide(triangle, at(0, 0), Circle{{0, 0}, 1}, at(0, 2.5)).status, Status::noContact);
}

TEST(ErrataSource004, StrictComparisonMissesTouching) {
  // `length < threshold` says "no collision" when the circle touches the n-gon exactly.
  // Square of circumradius √2 (the box), circle r = 1 at (2, 0): touches face 1.
  const Manifold m = collide(box(1, 1), at(0, 0), Circle{{0, 0}, 1}, at(2, 0));
  ASSERT_EQ(m.status, Status::contact);
  EXPECT_EQ(m.points[0].separation, 0.0);
}

TEST(ErrataSource004, LengthMinNeedsTheSquareOfTheCircumradius) {
  // Law of cosines for the corner distance: L² = R² + r² − 2·R·r·cos θ (R circumradius, r
  // circle radius). The post writes r² + R·r − 2·r·R·cos θ: wrong unless R = r.
  const double R = 2, r = 1, cosTheta = -0.5;
  const double lawOfCosines = R * R + r * r - 2 * R * r * cosTheta;  // 7
  const double post = r * r + R * r - 2 * r * R * cosTheta;          // 5
  EXPECT_EQ(lawOfCosines, 7.0);
  EXPECT_NE(post, lawOfCosines);
}

TEST(ErrataSource004, RemainderKeepsTheSignOfTheDividend) {
  // JS `%` (like std::fmod) keeps the dividend's sign: an angle 0.5 below the polygon's
  // rotation gives a sector offset of −0.5 instead of period − 0.5, and the edge/corner test
  // then compares a negative angle. The sector offset must be wrapped into [0, period).
  const double period = 2.0;
  EXPECT_EQ(std::fmod(-0.5, period), -0.5);
  const double wrapped = std::fmod(std::fmod(-0.5, period) + period, period);
  EXPECT_EQ(wrapped, 1.5);
}

/// Source 004's corner threshold angleTouchMin (its lines 4–11) with the mistakes listed
/// above corrected — lengthMin with ρ², the centre's angle `inter` from atan2 in [0, 2π) — so
/// that only the corner formula itself is on trial. ρ circumradius, r circle radius.
double postCornerThreshold(double rho, double r, int n, double rotation, double inter) {
  const double divide = std::numbers::pi / n;
  const double assistAnCos = std::cos((n - 1) * std::numbers::pi / n);  // cos ∠WOF
  const double lengthMin = std::sqrt(r * r + rho * rho - 2 * r * rho * assistAnCos);
  const double A = std::acos((rho - r * assistAnCos) / lengthMin);
  const double angleCount = std::trunc((inter - rotation + A) / (2 * divide));
  const double firstAngle = angleCount * (2 * divide) + rotation;
  const double secondAngle = ((inter - firstAngle + A) / A + angleCount * 2 - 1) * divide;
  return std::sqrt(rho * rho + r * r + 2 * rho * r * std::cos(firstAngle - secondAngle));
}

/// The circle's overlap with the n-gon by the exact predicate and by the Voronoi path.
void expectExactOverlap(const RegularPolygon& ngon, const Circle& circle, Vec2 centre) {
  const RegularPolygonCircleTest t =
      testRegularPolygonAndCircle(ngon, at(0, 0), circle, at(centre.x, centre.y));
  EXPECT_TRUE(t.overlap);
  EXPECT_EQ(t.part, kVertex);
  EXPECT_EQ(t.feature, 0);
  EXPECT_EQ(collide(toPolygon(ngon), at(0, 0), circle, at(centre.x, centre.y)).status,
            Status::contact);
}

TEST(ErrataSource004, CornerThresholdKeepsTheRotation) {
  // firstAngle includes the rotation, secondAngle does not: firstAngle − secondAngle =
  // rotation − (δ/A)·π/n, so the rotation leaks into the corner distance. Square of
  // circumradius √2 turned by 45° (vertices ≈ (±1, ±1)); circle r = 1 at (1.6, 1.6), straight
  // out from vertex 0 (δ = 0): the threshold should be ρ + r = 2.414, the post computes
  // √(2 + 1 + 2·√2·cos 45°) = √5 = 2.236 < |c| = 2.263 → "no contact". The circle is
  // 0.6·√2 = 0.849 < 1 from vertex (1, 1).
  const double rho = std::sqrt(2.0), r = 1, pi = std::numbers::pi;
  const double length = std::hypot(1.6, 1.6);
  const double post = postCornerThreshold(rho, r, 4, pi / 4, std::atan2(1.6, 1.6));
  EXPECT_NEAR(post, std::sqrt(5.0), 1e-12);
  EXPECT_LT(post, length);
  EXPECT_GT(rho + r, length);
  expectExactOverlap(RegularPolygon{{0, 0}, rho, 4, pi / 4}, Circle{{0, 0}, r}, {1.6, 1.6});
}

TEST(ErrataSource004, CornerAngleIsNotLinearInTheCentreAngle) {
  // secondAngle maps the centre's angle δ ∈ [−A, A] linearly onto the angle φ ∈ [−π/n, π/n]
  // at the vertex; the true relation tan δ = r·sin φ/(ρ + r·cos φ) is linear only for ρ = r.
  // Triangle ρ = 2 (rotation 0, vertex 0 = (2, 0)), circle r = 1 at (2.87, 0.49): δ = 0.169,
  // A = 0.333; the far crossing of the ray with the vertex's circle is at
  // ρ·cos δ + √(r² − ρ²·sin² δ) = 2.9131 > |c| = 2.9115, the post's linear angle gives
  // 2.9067 < |c| → "no contact". |c − (2, 0)|² = 0.87² + 0.49² = 0.997 < 1: contact.
  const double rho = 2, r = 1;
  const double length = std::hypot(2.87, 0.49);
  const double delta = std::atan2(0.49, 2.87);
  const double post = postCornerThreshold(rho, r, 3, 0.0, delta);
  const double farCrossing =
      rho * std::cos(delta) + std::sqrt(r * r - rho * rho * std::sin(delta) * std::sin(delta));
  EXPECT_LT(post, length - 1e-3);
  EXPECT_GT(farCrossing, length + 1e-3);
  expectExactOverlap(RegularPolygon{{0, 0}, rho, 3, 0.0}, Circle{{0, 0}, r}, {2.87, 0.49});
}

// ---- Source 001 (ray casting; formulas only) ----------------------------------------------

TEST(ErrataSource001, TangentTestByFloatEqualityFailsOnAnExactTangent) {
  // Ray from (0, 0) along (3, 4); circle centre (−1, 7), radius 5. Exactly tangent:
  // cross((3, 4), (−1, 7)) = 25 and 25² = r²·|d|² = 25·25. The post normalises d, projects,
  // and compares b === r in doubles: b = 4.999999999999999.
  const Rational cr = cross(ExactVec2{3, 4}, ExactVec2{-1, 7});
  EXPECT_EQ(cr * cr, Rational(25) * Rational(25));
  const double n = std::hypot(3.0, 4.0);
  const double dx = 3 / n, dy = 4 / n;
  const double t = -1 * dx + 7 * dy;
  const double b = std::hypot(t * dx + 1, t * dy - 7);
  EXPECT_NE(b, 5.0);
}

TEST(ErrataSource001, PointOnSegmentTestExcludesTheEndpoints) {
  // The text: P is on AB iff |AP| ≤ |AB| and |BP| ≤ |AB|. The code uses <, so a ray hitting
  // the endpoint B exactly (|AP|² = |AB|²) misses the segment.
  const double ab2 = 1.0;  // A = (0, 0), B = (1, 0), P = B
  const double ap2 = 1.0, bp2 = 0.0;
  EXPECT_FALSE(ap2 < ab2 && bp2 < ab2);
  EXPECT_TRUE(ap2 <= ab2 && bp2 <= ab2);
}

TEST(ErrataSource001, PointOnRayTestExcludesTheOrigin) {
  // The text: P is on the ray iff v·AP ≥ 0; intersectLine uses > 0, so a line through the
  // ray's origin is missed.
  const double vDotAP = 0.0;  // P = A
  EXPECT_FALSE(vDotAP > 0);
  EXPECT_TRUE(vDotAP >= 0);
}

TEST(ErrataSource001, BoundingBoxElseIfNeverRaisesMaxForADescendingPoint) {
  // expand() with `else if`: starting from min = +∞, max = −∞, a point that lowers min never
  // raises max. Points (1, 1) then (0, 0) leave max at −∞.
  const double inf = std::numeric_limits<double>::infinity();
  double minX = inf, maxX = -inf;
  for (double x : {1.0, 0.0}) {
    if (minX > x) {
      minX = x;
    } else if (maxX < x) {
      maxX = x;
    }
  }
  EXPECT_EQ(minX, 0.0);
  EXPECT_EQ(maxX, -inf);  // should be 1
}

TEST(ErrataSource001, RayFromInsideTheCircleBehindTheCentreIsMissed) {
  // projectByPoint returns null when the centre projects behind the origin, and intersectArc
  // then returns null; but a ray starting inside the circle always leaves it. Circle centre
  // (0, 0), r = 1; ray from (0.5, 0) along (1, 0): the projection is −0.5 < 0, yet the ray
  // exits at (1, 0): t = −p + √(p² − c) with p = dot(o − centre, d) = 0.5, c = |o|² − r².
  const double p = 0.5, c = 0.25 - 1;
  EXPECT_LT(-p, 0.0);  // the post's early return
  EXPECT_EQ(-p + std::sqrt(p * p - c), 0.5);
}

TEST(ErrataSource001, ArcHitReturnsThePointNotTheRay) {
  // isIntersectionInArcFront returns `this` (the ray) where it means the intersection: a ray
  // from (−2, 0) along (1, 0) enters the unit circle at (−1, 0), not at the ray's origin.
  const Vec2 origin{-2, 0};
  const double p = -2, c = 4 - 1;  // p = dot(o − centre, d), c = |o − centre|² − r²
  const double t = -p - std::sqrt(p * p - c);
  const Vec2 hit{origin.x + t, 0};
  EXPECT_EQ(hit, (Vec2{-1, 0}));
  EXPECT_NE(hit, origin);
}

// ---- Source 003 (impulses; formulas only) -------------------------------------------------

TEST(ErrataSource003, AngularVelocityUpdateIsAnAssignment) {
  // The text prints "ω1+ω1- + (r1 × Jn) / I1": the '=' is missing; the update is
  // ω1+ = ω1− + (r1 × J·n)/I1. r1 = (0, 1), J·n = (2, 0), I1 = 4: r1 × Jn = −2, ω1+ = ω1− − 0.5.
  const double omegaBefore = 1.0;
  const double r1CrossJn = 0 * 0 - 1 * 2;
  EXPECT_EQ(omegaBefore + r1CrossJn / 4, 0.5);
}

TEST(ErrataSource003, FrictionTangentIsUndefinedForNormalVelocity) {
  // tangent = normalize(vr − (vr·n)n) is 0/0 when vr is along n (head-on impact): NaN. The
  // friction impulse must be zero there instead.
  const double vrx = 0, vry = -3, nx = 0, ny = 1;
  const double vn = vrx * nx + vry * ny;
  const double tx = vrx - vn * nx, ty = vry - vn * ny;
  const double length = std::hypot(tx, ty);
  EXPECT_EQ(length, 0.0);
  EXPECT_TRUE(std::isnan(tx / length));
}

TEST(ErrataSource003, PositionCorrectionNeedsTheContactsOwnNormal) {
  // correctPosition(bodyA, bodyB, penetration) reads `this.normal`, not a normal passed with
  // the penetration: called for a second contact it pushes along the first contact's normal.
  // Correction for penetration 0.25 (slop 0.05, 40%, unit inverse masses) along n = (0, 1)
  // moves B by (0, 0.04); with a stale n = (1, 0) it moves B sideways by (0.04, 0).
  const double k = (0.25 - 0.05) / 2 * 0.4;
  EXPECT_NEAR(k, 0.04, 1e-17);
  const Vec2 correct{0 * k, 1 * k};
  const Vec2 stale{1 * k, 0 * k};
  EXPECT_NE(correct, stale);
}

}  // namespace
}  // namespace touche::reference::testing
