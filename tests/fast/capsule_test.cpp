// touche — fast engine, capsule golden tests (capsule_circle, capsule_capsule, polygon_capsule;
// double and float, A/B swapped).
//
// The capsule kCapsule is p1 (−1, 0) → p2 (1, 0), radius 0.25: e = p2 − p1 = (2, 0), face 0 is
// below (outward normal rightPerp(e)/|e| = (0, −1)), face 1 above ((0, 1)).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

#include "../../bench/random_pairs.h"
#include "expect.h"
#include "touche/fast/collide.h"
#include "touche/test_support/fast_bits.h"

namespace touche::fast::test {
namespace {

const Capsule kCapsule{{-1, 0}, {1, 0}, 0.25};
const Polygon kBox = makeBox(1, 1);

// ---- capsule_circle -------------------------------------------------------------------------

// Circle r = 0.5 at (0.5, 0.6): s1 = (1.5, 0.6)·(2, 0) = 3 ≥ 0, s2 = (0.5, −0.6)·(2, 0) = 1 ≥ 0
// → interior. w = (1.5, 0.6)·(0, −1) = −0.6 → face 1, normal (0, 1), distance 0.6, separation
// 0.6 − 0.25 − 0.5 = −0.15; point = c + ½(0.25 − 0.5 − 0.6)·(0, 1) = (0.5, 0.175) (midway
// between the capsule's surface y = 0.25 and the circle's bottom y = 0.1).
TEST(FastCapsuleCircle, FaceRegionAbove) {
  const Golden g{Status::contact, {0, 1}, {{{0.5, 0.175}, -0.15, fv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, 0.6}, {}}, g);
  expectRigidMotionInvariance(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, 0.6}, {}}, g,
                              {{3, -2}, {0, 1}});
  expectRigidMotionInvariance(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, 0.6}, {}}, g,
                              {{-7, 5}, {0.6, 0.8}}, {}, 10.0);
}

// Circle r = 0.5 at (0.5, −0.375): w = 0.375 > 0 → face 0, normal (0, −1), separation
// 0.375 − 0.75 = −0.375; point = c + ½(0.25 − 0.5 − 0.375)·(0, −1) = (0.5, −0.0625).
TEST(FastCapsuleCircle, FaceRegionBelowIsFaceZero) {
  const Golden g{Status::contact, {0, -1}, {{{0.5, -0.0625}, -0.375, fv(0, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0.5, -0.375}, {}}, g);
}

// Circle r = 0.5 at (1.375, 0.5): s2 = (1 − 1.375)·2 = −0.75 < 0 → vertex 1. Offset (0.375,
// 0.5), length 0.625, normal (0.6, 0.8); separation 0.625 − 0.75 = −0.125; point = c +
// ½(0.25 − 0.5 − 0.625)·n = (1.375, 0.5) − 0.4375·(0.6, 0.8) = (1.1125, 0.15).
TEST(FastCapsuleCircle, VertexRegionBeyondP2) {
  const Golden g{Status::contact, {0.6, 0.8}, {{{1.1125, 0.15}, -0.125, vv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{1.375, 0.5}, {}}, g);
  expectRigidMotionInvariance(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{1.375, 0.5}, {}}, g,
                              {{1, 1}, {0.6, 0.8}});
}

// Circle at (−1.375, −0.5): s1 = −0.375·2 < 0 → vertex 0, offset (−0.375, −0.5), normal
// (−0.6, −0.8), same separation; point = (−1.375, −0.5) + 0.4375·(0.6, 0.8) = (−1.1125, −0.15).
TEST(FastCapsuleCircle, VertexRegionBeforeP1) {
  const Golden g{Status::contact, {-0.6, -0.8}, {{{-1.1125, -0.15}, -0.125, vv(0, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{-1.375, -0.5}, {}}, g);
}

// Centre exactly abreast p1, (−1, 0.5): s1 = 0 is not < 0 → the interior region (strict tests,
// Box2D v3): face 1, normal (0, 1), separation 0.5 − 0.75 = −0.25, point (−1, 0.125). The
// vertex region would give the same point and normal but the id (vertex 0, vertex 0).
TEST(FastCapsuleCircle, CentreExactlyAbreastEndpointIsFaceRegion) {
  const Golden g{Status::contact, {0, 1}, {{{-1, 0.125}, -0.25, fv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{-1, 0.5}, {}}, g);
  const Golden g2{Status::contact, {0, 1}, {{{1, 0.125}, -0.25, fv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{1, 0.5}, {}}, g2);
}

// Centre on the core, (0.25, 0): no direction; the fallback is leftPerp(e) = (0, 1) (face 1),
// flagged. Separation −0.75, point (0.25, 0) + ½(0.25 − 0.5)·(0, 1) = (0.25, −0.125).
TEST(FastCapsuleCircle, CentreOnCoreTakesLeftNormalFlagged) {
  const Golden g{
      Status::contact, {0, 1}, {{{0.25, -0.125}, -0.75, fv(1, 0)}}, kFlagDegenerateNormal};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0.25, 0}, {}}, g);
}

// Zero-length capsule (p1 = p2 = (0.5, 0), r 0.25) is the circle: circle r 0.5 at (1, 0),
// distance 0.5, normal (1, 0), separation −0.25, point (1, 0) + ½(0.25 − 0.5 − 0.5)·(1, 0) =
// (0.625, 0); ids (vertex 0, vertex 0).
TEST(FastCapsuleCircle, ZeroLengthCapsuleIsACircle) {
  const Capsule point{{0.5, 0}, {0.5, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.625, 0}, -0.25, vv(0, 0)}}};
  expectBothWays(point, kIdentity, Circle{{0, 0}, 0.5}, {{1, 0}, {}}, g);
}

// Regression (fuzzing): a core shorter than float's rounding, p1 = (−0.359375 − 2^-52·…, y) and
// p2 = (−0.359375, y): both ends round to one float. The centre lies far beyond p2 along the
// core's axis, so the exact region is vertex 1; the float engine used to treat the capsule as
// the circle at p1 and name vertex 0. The prepared axis (computed in double) keeps the side.
TEST(FastCapsuleCircle, CoreShorterThanFloatRoundingKeepsItsEndpointId) {
  const Capsule tiny{{-0x1.700000000004dp-2, -0.46875}, {-0x1.7p-2, -0.46875}, 0.25};
  const Manifold f = collideFloat(tiny, kIdentity, Circle{{0, 0}, 0.5}, {{0.25, -0.46875}, {}});
  ASSERT_EQ(f.status, Status::contact) << describe(f);
  EXPECT_EQ(f.points[0].id, vv(1, 0));
  EXPECT_NEAR(f.normal.x, 1.0, 1e-6);
  EXPECT_NEAR(f.points[0].separation, 0.609375 - 0.75, 1e-6);
  const Manifold d = collide(tiny, kIdentity, Circle{{0, 0}, 0.5}, {{0.25, -0.46875}, {}});
  EXPECT_EQ(d.points[0].id, vv(1, 0));
  // Abreast of the tiny core: the face region, distance 0.5 straight up (face 1).
  const Manifold up =
      collideFloat(tiny, kIdentity, Circle{{0, 0}, 0.25}, {{-0.359375, 0.03125}, {}});
  ASSERT_EQ(up.status, Status::contact) << describe(up);
  EXPECT_EQ(up.points[0].id, fv(1, 0));
}

// Circle r = 0.5 at (0, 1.25): gap 1.25 − 0.75 = 0.5. Margin 0.5: contact with separation 0.5,
// point (0, 1.25) + ½(0.25 − 0.5 − 1.25)·(0, 1) = (0, 0.5); margin 0.375: none.
TEST(FastCapsuleCircle, GapExactlyAtMargin) {
  const Golden g{Status::contact, {0, 1}, {{{0, 0.5}, 0.5, fv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0, 1.25}, {}}, g, Options{0.5});
  expectBothWays(kCapsule, kIdentity, Circle{{0, 0}, 0.5}, {{0, 1.25}, {}}, noContact(),
                 Options{0.375});
}

// ---- capsule_capsule ------------------------------------------------------------------------

// Parallel capsules side by side: B = (−0.5, 0.4) → (1.5, 0.4), r 0.25. SAT: A's face 1 and
// B's face 0 both separate by 0.4 → tie → A is the reference (normal (0, 1)). B's ends along
// A's axis: t = 1 and 5 against |e|² = 4 → q2 is clipped at A's vertex 1: (1, 0.4), named
// (vertex 1, B's face 0); q1 stays (face 1, vertex 0). Heights 0.4, separations 0.4 − 0.5 =
// −0.1, points 0.2 below: (−0.5, 0.2) and (1, 0.2).
TEST(FastCapsuleCapsule, ParallelSideBySideTwoPoints) {
  const Capsule b{{-0.5, 0.4}, {1.5, 0.4}, 0.25};
  const Golden g{
      Status::contact, {0, 1}, {{{-0.5, 0.2}, -0.1, fv(1, 0)}, {{1, 0.2}, -0.1, vf(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, b, kIdentity, g);
  expectRigidMotionInvariance(kCapsule, kIdentity, b, kIdentity, g, {{2, -3}, {0, -1}});
  expectRigidMotionInvariance(kCapsule, kIdentity, b, kIdentity, g, {{2, -3}, {0.8, 0.6}}, {}, 4.0);
}

/// The parallel side-by-side case scaled by 2^e: every point and separation scales exactly.
Golden parallelScaled(int e) {
  const double k = std::ldexp(1.0, e);
  return {Status::contact,
          {0, 1},
          {{{-0.5 * k, 0.2 * k}, -0.1 * k, fv(1, 0)}, {{1 * k, 0.2 * k}, -0.1 * k, vf(1, 0)}}};
}

Capsule scaledCapsule(const Capsule& c, int e) {
  return {{std::ldexp(c.p1.x, e), std::ldexp(c.p1.y, e)},
          {std::ldexp(c.p2.x, e), std::ldexp(c.p2.y, e)},
          std::ldexp(c.radius, e)};
}

// The same scene at 2^40 and 2^-60: in float the product of the squared core lengths would
// overflow (2^164) or underflow (2^-240); the engine computes such cores at a power-of-two
// scale, which is exact, so the answer is the unit scene's scaled.
TEST(FastCapsuleCapsule, ParallelCoresFarFromUnitLengthScaleExactly) {
  const Capsule b{{-0.5, 0.4}, {1.5, 0.4}, 0.25};
  for (int e : {40, -60}) {
    SCOPED_TRACE(e);
    expectBothWays(scaledCapsule(kCapsule, e), kIdentity, scaledCapsule(b, e), kIdentity,
                   parallelScaled(e), {}, std::ldexp(1.0, e));
  }
}

// Regression (fuzzing): cores of subnormal size (2^-1040) in double; every squared length
// underflows to zero and the closest-point fraction was 0/0, a NaN point. Now: the same two
// points as the unit scene, finite.
TEST(FastCapsuleCapsule, SubnormalCoresGiveFinitePoints) {
  const Capsule b{{-0.5, 0.4}, {1.5, 0.4}, 0.25};
  for (const auto& [a, bb] : {std::pair{scaledCapsule(kCapsule, -1040), scaledCapsule(b, -1040)},
                              std::pair{scaledCapsule(b, -1040), scaledCapsule(kCapsule, -1040)}}) {
    const Manifold m = collide(a, kIdentity, bb, kIdentity);
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    ASSERT_EQ(m.pointCount, 2);
    EXPECT_NEAR(std::abs(m.normal.y), 1.0, 1e-15);
    for (int k = 0; k < 2; ++k) {
      EXPECT_TRUE(std::isfinite(m.points[k].point.x) && std::isfinite(m.points[k].point.y));
      EXPECT_LT(m.points[k].separation, 0.0);
    }
  }
}

// Regression (fuzzing): B's core (length about 2^-91) collapses to one point once moved into A's
// frame (it sits 2 and 4 away from A's origin). The closest-point step took A's fraction from
// the 2×2 solve, which is 0 without B's direction, and reported A's far end. Now a collapsed
// core is the point–segment case: A = (0, 16) → (0, 0), r 16; B a point at (−12, 0) in A's
// frame... here in A's own coordinates: B at (4, −10) below A's p2 — A's vertex 1 against B.
TEST(FastCapsuleCapsule, CoreCollapsingInAsFrameIsAPoint) {
  const Capsule a{{0, 16}, {0, 0x1.3da5c573fefffp-329}, 16};
  const Capsule b{{0x1.4c31d3e7b2987p-958, -12}, {0x1.8p-91, -12}, 0x1.7ffffffffffbep+3};
  const Transform xfA{{-1020, -214}, {0, -1}};
  const Transform xfB{{-1018, -216}, {0, -1}};
  for (const Manifold& m : {collide(a, xfA, b, xfB), collideFloat(a, xfA, b, xfB)}) {
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_EQ(m.points[0].id, vv(1, 0)) << describe(m);
  }
  const Manifold s = collide(b, xfB, a, xfA);
  ASSERT_EQ(s.status, Status::contact) << describe(s);
  EXPECT_EQ(s.points[0].id, vv(0, 1)) << describe(s);
}

// Nearly parallel cores that cross: A (0, −1) → (0, 1), B (−2^-11, −1) → (2^-11, 1), radii
// 2^-14. In float their angle (about 2^-11) is inside the near-parallel threshold, whose four
// end-to-segment candidates are each about 2^-11 from the other core, beyond rA + rB = 2^-13:
// the pair was reported apart. The cores cross at the origin. The reference's manifold: B's
// face 0 is the reference (its separation ties A's, axis gap 0, and B's is the larger by a
// hair), A's vertex 1 the one point kept, 2^-11 behind that face: separation −2^-11 − 2^-13.
TEST(FastCapsuleCapsule, NearlyParallelCoresThatCrossTouch) {
  const Capsule a{{0, -1}, {0, 1}, 0x1p-14};
  const Capsule b{{-0x1p-11, -1}, {0x1p-11, 1}, 0x1p-14};
  for (const Manifold& m :
       {collide(a, kIdentity, b, kIdentity), collideFloat(a, kIdentity, b, kIdentity)}) {
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_EQ(m.points[0].id, vf(1, 0)) << describe(m);
    EXPECT_NEAR(m.points[0].separation, -0x1p-11 - 0x1p-13, 1e-9) << describe(m);
    EXPECT_NEAR(m.normal.x, -1.0, 1e-6);
  }
}

// Capsule tip to tip, collinear: A (−1, 0) → (0, 0), B (0.4, 0) → (1.4, 0), r 0.25 each. B
// projects beyond A's p2 → one point between the endpoints: normal (1, 0), distance 0.4,
// separation −0.1, point (0.4, 0) + ½(0 − 0.4)·(1, 0) = (0.2, 0), ids (vertex 1, vertex 0).
TEST(FastCapsuleCapsule, TipToTipCollinear) {
  const Capsule a{{-1, 0}, {0, 0}, 0.25};
  const Capsule b{{0.4, 0}, {1.4, 0}, 0.25};
  const Golden g{Status::contact, {1, 0}, {{{0.2, 0}, -0.1, vv(1, 0)}}};
  expectBothWays(a, kIdentity, b, kIdentity, g);
  // Touching tip to tip (distance 0.5 = rA + rB): separation 0, point (0.25, 0).
  const Golden touching{Status::contact, {1, 0}, {{{0.25, 0}, 0, vv(1, 0)}}};
  expectBothWays(a, kIdentity, Capsule{{0.5, 0}, {1.5, 0}, 0.25}, kIdentity, touching);
  expectBothWays(a, kIdentity, Capsule{{0.5, 0}, {1.5, 0}, 0.2}, kIdentity, noContact());
}

// Tips meeting exactly (A's p2 = B's p1 = (0, 0), B going up): the closest points coincide.
// Touching cores take K5's side (reference step 6): A's left side (0, 1) and B's left side
// both separate by 0 (a cone of normals between them), the rule takes A's, flagged; distance
// 0, separation −0.5, point (0, 0), (vertex 1, vertex 0). Swapped, the rule takes the new A's
// (B's) left side, (−1, 0.5) normalised: another normal of the same cone.
TEST(FastCapsuleCapsule, TipsMeetingExactlyTakeTheRulesSideFlagged) {
  const Capsule a{{-1, 0}, {0, 0}, 0.25};
  const Capsule b{{0, 0}, {0.5, 1}, 0.25};
  const Golden g{Status::contact, {0, 1}, {{{0, 0}, -0.5, vv(1, 0)}}, kFlagDegenerateNormal};
  expectMatches(collide(a, kIdentity, b, kIdentity), g, kTolDouble, "double A,B");
  expectMatches(collideFloat(a, kIdentity, b, kIdentity), g, kTolFloat, "float A,B");
  const Vec2 bLeft{-2 / std::sqrt(5.0), 1 / std::sqrt(5.0)};
  const Golden s{Status::contact, bLeft, {{{0, 0}, -0.5, vv(0, 1)}}, kFlagDegenerateNormal};
  expectMatches(collide(b, kIdentity, a, kIdentity), s, kTolDouble, "double B,A");
  expectMatches(collideFloat(b, kIdentity, a, kIdentity), s, kTolFloat, "float B,A");
  // B bent below A's line, (0, 0) → (0.5, −1): the cone lies below, A's right side (0, −1)
  // (A's left normal (0, 1) would read an overlap of 1.5).
  const Golden below{Status::contact, {0, -1}, {{{0, 0}, -0.5, vv(1, 0)}}, kFlagDegenerateNormal};
  const Capsule down{{0, 0}, {0.5, -1}, 0.25};
  expectMatches(collide(a, kIdentity, down, kIdentity), below, kTolDouble, "double below");
  expectMatches(collideFloat(a, kIdentity, down, kIdentity), below, kTolFloat, "float below");
}

// The tee: A (0, 0) → (1, 0), B (0, −1) → (0, 1) at (1, 0), radii 0.1. A's tip lies on B's core
// and B projects at A's end (K4): one point with c1 = c2 = (1, 0). B's side facing A
// separates by 0, every other side by −1: normal (1, 0), not A's left normal (0, 1) (an
// overlap of 1.2 along it); separation −0.2, point (1, 0), (vertex 1 of A, face 1 of B).
TEST(FastCapsuleCapsule, TeeOfTouchingCoresTakesTheFaceThroughTheOrigin) {
  const Capsule a{{0, 0}, {1, 0}, 0.1};
  const Capsule b{{0, -1}, {0, 1}, 0.1};
  const Golden g{Status::contact, {1, 0}, {{{1, 0}, -0.2, vf(1, 1)}}};
  expectBothWays(a, kIdentity, b, {{1, 0}, {}}, g);
  expectRigidMotionInvariance(a, kIdentity, b, {{1, 0}, {}}, g, {{3, -2}, {0.6, 0.8}}, {}, 8.0);
  // Mirrored in x: normal (−1, 0).
  const Golden mirrored{Status::contact, {-1, 0}, {{{-1, 0}, -0.2, vf(1, 0)}}};
  expectBothWays(Capsule{{0, 0}, {-1, 0}, 0.1}, kIdentity, b, {{-1, 0}, {}}, mirrored);
  // B standing on A's core from below, (0.5, 0) → (0.5, −1): A's right side (0, −1).
  const Golden under{Status::contact, {0, -1}, {{{0.5, 0}, -0.2, fv(0, 0)}}};
  expectBothWays(a, kIdentity, Capsule{{0.5, 0}, {0.5, -1}, 0.1}, kIdentity, under);
  // Collinear end to end: every side separates by 0; the rule's A's right side, flagged.
  const Golden line{Status::contact, {0, -1}, {{{1, 0}, -0.2, vv(1, 0)}}, kFlagDegenerateNormal};
  expectMatches(collide(a, kIdentity, Capsule{{1, 0}, {2, 0}, 0.1}, kIdentity), line, kTolDouble,
                "double collinear");
  expectMatches(collideFloat(a, kIdentity, Capsule{{1, 0}, {2, 0}, 0.1}, kIdentity), line,
                kTolFloat, "float collinear");
}

// The tee crossed by a hair: B at x = 1 − 2^-40, so that A's tip pokes 2^-40 through B's core.
// Exactly, B projects inside A's extent and the clip keeps A's tip on B's face: normal (1, 0),
// separation −0.2 − 2^-40. Float rounds 1 − 2^-40 to 1 and takes one point at closest points
// that coincide: K5's side within the band, the same normal.
TEST(FastCapsuleCapsule, TeeCrossedWithinTheRoundingKeepsTheFaceNormal) {
  const Capsule a{{0, 0}, {1, 0}, 0.1};
  const Capsule b{{0, -1}, {0, 1}, 0.1};
  const Transform xfB{{1 - 0x1p-40, 0}, {}};
  for (const Manifold& m : {collide(a, kIdentity, b, xfB), collideFloat(a, kIdentity, b, xfB)}) {
    ASSERT_EQ(m.status, Status::contact) << describe(m);
    EXPECT_NEAR(m.normal.x, 1.0, 1e-6) << describe(m);
    EXPECT_NEAR(m.normal.y, 0.0, 1e-6) << describe(m);
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_NEAR(m.points[0].separation, -0.2, 1e-6);
  }
}

// B stands on A like a T: B (0.25, 0.375) → (0.25, 2). B projects onto A's axis inside, but A
// projects onto B's axis at or below B's p1 (both −0.6375 ≤ 0) → one point: A's interior
// against B's vertex 0, normal (0, 1), distance 0.375, separation −0.125, point (0.25, 0.1875).
TEST(FastCapsuleCapsule, EndpointOnFaceLikeAT) {
  const Capsule b{{0.25, 0.375}, {0.25, 2}, 0.25};
  const Golden g{Status::contact, {0, 1}, {{{0.25, 0.1875}, -0.125, fv(1, 0)}}};
  expectBothWays(kCapsule, kIdentity, b, kIdentity, g);
  expectRigidMotionInvariance(kCapsule, kIdentity, b, kIdentity, g, {{5, 5}, {0.6, -0.8}}, {}, 8.0);
}

// Crossing cores (both r 0.1): A horizontal, B (0, −1) → (0, 1). SAT: both sides of both cores
// separate by −1 → A's face 0 (normal (0, −1)) by the tie rules. Nothing is clipped; q1 has
// height 1 (separation 0.8, dropped), q2 height −1: separation −1.2, point (0, 1) +
// ½(0 + 1)·(0, −1) = (0, 0.5), id (face 0, vertex 1).
TEST(FastCapsuleCapsule, CrossingCoresClipToOnePoint) {
  const Capsule a{{-1, 0}, {1, 0}, 0.1};
  const Capsule b{{0, -1}, {0, 1}, 0.1};
  const Golden g{Status::contact, {0, -1}, {{{0, 0.5}, -1.2, fv(0, 1)}}};
  expectMatches(collide(a, kIdentity, b, kIdentity), g, kTolDouble, "double A,B");
  expectMatches(collideFloat(a, kIdentity, b, kIdentity), g, kTolFloat, "float A,B");
  // Swapped, B is A: its face 0 (normal (1, 0)) is the reference; A's p1 (height −1) is kept:
  // point (−1, 0) + ½(0 + 1)·(1, 0) = (−0.5, 0), id (face 0 of B, vertex 0 of A).
  const Golden s{Status::contact, {1, 0}, {{{-0.5, 0}, -1.2, fv(0, 0)}}};
  expectMatches(collide(b, kIdentity, a, kIdentity), s, kTolDouble, "double B,A");
  expectMatches(collideFloat(b, kIdentity, a, kIdentity), s, kTolFloat, "float B,A");
}

// B's face is the reference: A (0, 0) → (4, 0), B (2, 2) → (6, −1), r 0.5 each. B's unit normal
// rightPerp(4, −3)/5 = (−0.6, −0.8); A's ends sit 2.8 and 0.4 beyond it, A's own best side
// only −1 → B is the reference, the normal A → B is (0.6, 0.8). A's p1 is clipped (separation
// 2.8 − 1 > 0, dropped); A's p2 at height 0.4: separation −0.6, point (4, 0) + ½(0 − 0.4)·
// (−0.6, −0.8) = (4.12, 0.16), id (vertex 1 of A, face 0 of B).
TEST(FastCapsuleCapsule, ReferenceFaceOnB) {
  const Capsule a{{0, 0}, {4, 0}, 0.5};
  const Capsule b{{2, 2}, {6, -1}, 0.5};
  const Golden g{Status::contact, {0.6, 0.8}, {{{4.12, 0.16}, -0.6, vf(1, 0)}}};
  expectBothWays(a, kIdentity, b, kIdentity, g, {}, 4.0);
  expectRigidMotionInvariance(a, kIdentity, b, kIdentity, g, {{-1, 2}, {0, 1}}, {}, 8.0);
}

// A zero-length capsule (0.5, 0.5), r 0.25, against kCapsule is capsule–circle with the roles
// swapped back: kCapsule's face 1 at distance 0.5, separation 0; normal A → B (0, −1), point
// (0.5, 0.25), id (vertex 0, face 1).
TEST(FastCapsuleCapsule, ZeroLengthCapsuleIsACircle) {
  const Capsule point{{0.5, 0.5}, {0.5, 0.5}, 0.25};
  const Golden g{Status::contact, {0, -1}, {{{0.5, 0.25}, 0, vf(0, 1)}}};
  expectBothWays(point, kIdentity, kCapsule, kIdentity, g);
  // Both zero length: circle–circle, (vertex 0, vertex 0).
  const Capsule other{{0.5, 1}, {0.5, 1}, 0.25};
  const Golden both{Status::contact, {0, 1}, {{{0.5, 0.75}, 0, vv(0, 0)}}};
  expectBothWays(point, kIdentity, other, kIdentity, both);
}

// Parallel capsules a margin apart: B (−0.5, 0.75) → (0.5, 0.75), gap 0.75 − 0.5 = 0.25.
// Margin 0.25: two points (separation 0.25, y = 0.75 + ½(0 − 0.75) = 0.375); margin 0.125: none.
TEST(FastCapsuleCapsule, ParallelGapWithinMargin) {
  const Capsule b{{-0.5, 0.75}, {0.5, 0.75}, 0.25};
  const Golden g{
      Status::contact, {0, 1}, {{{-0.5, 0.375}, 0.25, fv(1, 0)}, {{0.5, 0.375}, 0.25, fv(1, 1)}}};
  expectBothWays(kCapsule, kIdentity, b, kIdentity, g, Options{0.25});
  expectBothWays(kCapsule, kIdentity, b, kIdentity, noContact(), Options{0.125});
}

// ---- polygon_capsule ------------------------------------------------------------------------

// Box (half-extents 1) and a horizontal capsule (−0.5, 1.2) → (0.5, 1.2), r 0.25: the box's top
// face 2 and the capsule's face 0 both separate by 0.2 → the box (A) is the reference; the
// capsule's face 0 edge (p1 → p2) is incident and lies within the face: points at the capsule's
// ends, separation 0.2 − 0.25 = −0.05, y = 1.2 + ½(0 − 0.25 − 0.2) = 0.975; ids (face 2, vertex
// j).
TEST(FastPolygonCapsule, CapsuleLyingOnTopFace) {
  const Capsule b{{-0.5, 1.2}, {0.5, 1.2}, 0.25};
  const Golden g{
      Status::contact, {0, 1}, {{{0.5, 0.975}, -0.05, fv(2, 1)}, {{-0.5, 0.975}, -0.05, fv(2, 0)}}};
  expectBothWays(kBox, kIdentity, b, kIdentity, g);
  expectRigidMotionInvariance(kBox, kIdentity, b, kIdentity, g, {{-3, 4}, {0.8, -0.6}}, {}, 8.0);
}

// Capsule (1.2, 1.2) → (2, 2), r 0.5, off the box's corner v2 (1, 1): the cores are 0.2 apart
// on faces 1 and 2 (tie → face 1), the closest features are v2 and the capsule's p1 → one
// vertex–vertex point: d = (0.2, 0.2), |d| = 0.2√2, normal (1, 1)/√2, separation 0.2√2 − 0.5,
// point = p1 + ½(0 − 0.5 − 0.2√2)·n.
TEST(FastPolygonCapsule, CapsuleTipOffCornerVertexVertex) {
  const Capsule b{{1.2, 1.2}, {2, 2}, 0.5};
  const double d = 0.2 * std::sqrt(2.0);
  const double h = std::sqrt(0.5);
  const double along = 0.5 * (0 - 0.5 - d) * h;
  const Golden g{Status::contact, {h, h}, {{{1.2 + along, 1.2 + along}, d - 0.5, vv(2, 0)}}};
  expectBothWays(kBox, kIdentity, b, kIdentity, g);
}

// A capsule core 2^-136 long at coordinates near 2^-35 (a fuzz case): in A's frame its ends
// round to one point, the capsule's face was the reference with no extent, and the clip
// dropped every point (no contact). It is a circle there: the reference's answer, one
// vertex–vertex point 1.36e-12 deep (scene scale 3.8e-11), in both precisions.
TEST(FastPolygonCapsule, CoreCollapsingInAsFrameIsACircle) {
  const auto h = [](const char* text) { return std::strtod(text, nullptr); };
  const Polygon a = polygon({{h("0x1.a7fffffffffbep-41"), h("0x1p-42")},
                             {h("0x1.fp-42"), h("0x1.ap-41")},
                             {h("-0x1.ap-42"), h("0x1.18p-41")},
                             {h("-0x1.cp-42"), h("0x1.fp-42")},
                             {h("-0x1.6p-42"), h("-0x1.6p-43")},
                             {h("0x1.cp-43"), h("-0x1.bp-42")}},
                            h("0x1.4p-44"));
  const Capsule b{{h("-0x1.2d02b63dadc91p-908"), h("0x1.8p-43")},
                  {h("-0x1.fp-136"), h("0x1.8p-43")},
                  h("0x1.b8p-40")};
  const Transform xfA{{h("-0x1.49p-35"), h("0x1.578p-37")},
                      {h("0x1.9e0ed5d7e8c04p-1"), h("-0x1.2d2a180e527ecp-1")}};
  const Transform xfB{{h("-0x1.4dp-35"), h("0x1.5d8p-37")},
                      {h("-0x1.758086p-2"), h("0x1.dcb9f6p-1")}};
  const Vec2 normal{-0.9825673133967807, 0.1859071667371445};
  const double separation = -1.3607331278636031e-12;
  for (const bool useFloat : {false, true}) {
    const Manifold m = useFloat ? collideFloat(a, xfA, b, xfB, {}) : collide(a, xfA, b, xfB, {});
    SCOPED_TRACE(useFloat ? "float" : "double");
    ASSERT_EQ(m.status, Status::contact);
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_NEAR(m.normal.x, normal.x, useFloat ? 1e-6 : 1e-12);
    EXPECT_NEAR(m.normal.y, normal.y, useFloat ? 1e-6 : 1e-12);
    EXPECT_NEAR(m.points[0].separation, separation, useFloat ? 1e-17 : 1e-24);
  }
}

// Zero-length capsule (1.5, 0), r 0.5: polygon–circle, face 1 touching: point (1, 0), sep 0.
TEST(FastPolygonCapsule, ZeroLengthCapsuleIsACircle) {
  const Capsule point{{1.5, 0}, {1.5, 0}, 0.5};
  const Golden g{Status::contact, {1, 0}, {{{1, 0}, 0, fv(1, 0)}}};
  expectBothWays(kBox, kIdentity, point, kIdentity, g);
}

// The fast path builds the capsule's two-vertex polygon from the prepared capsule: it must be
// bit for bit the polygon prepare() makes from {p1, p2} (same normals and face offsets).
// Regression: a sliver triangle A (0, 0), (−3.73, −2^-1074), (3.73, 0) under the capsule (1,
// 1/4) → (3, 1/4), r 1/8, margin 1/4. The sliver's face 0 (v0 → v1) has the unit normal
// (−2^-1074, 3.73)/|·|, which rounds to (0, 1), face 2's (v2 → v0) exactly; both separate by
// 1/4 from the core in T and the lower index, face 0 (x ∈ [−3.73, 0], beside the capsule),
// was the reference: nothing clipped, no contact. Exactly, face 0's line rises to the right of
// v0, so face 2 separates more (and ties with the capsule's face 0: A's face wins). Face 2,
// incident the capsule's face 0 (normal (0, −1)), nothing to clip: points at the capsule's
// ends, (3, 1/4) and (1, 1/4) moved ½(1/8 − 1/8 − 1/4)·(0, 1) → y = 1/16, separation 1/4 − 1/8
// = 1/8, ids (face 2, vertex 1 / 0). In float the sliver is flat; the face the capsule lies
// over is taken there too.
TEST(FastPolygonCapsule, SliverFacesTiedInRoundingTakeTheOneUnderTheCapsule) {
  const double x = 0x1.dd70a3d70a3d7p+1;  // 3.73
  const Polygon sliver = polygon({{0, 0}, {-x, -0x1p-1074}, {x, 0}});
  const Capsule b{{1, 0.25}, {3, 0.25}, 0.125};
  const Golden g{
      Status::contact, {0, 1}, {{{3, 0.0625}, 0.125, fv(2, 1)}, {{1, 0.0625}, 0.125, fv(2, 0)}}};
  expectBothWays(sliver, kIdentity, b, kIdentity, g, Options{0.25});
}

TEST(FastPolygonCapsule, TwoVertexPolygonMatchesPreparedPolygon) {
  const Capsule c{{0.1, -0.3}, {1.7, 2.9}, 0.125};
  Polygon two;
  two.vertices[0] = c.p1;
  two.vertices[1] = c.p2;
  two.count = 2;
  two.radius = c.radius;
  const auto check = [](const auto& built, const auto& prepared) {
    EXPECT_EQ(built.count, prepared.count);
    EXPECT_EQ(built.radius, prepared.radius);
    for (int lane = 0; lane < kLanes; ++lane) {
      EXPECT_EQ(built.vx[lane], prepared.vx[lane]) << lane;
      EXPECT_EQ(built.vy[lane], prepared.vy[lane]) << lane;
      EXPECT_EQ(built.nx[lane], prepared.nx[lane]) << lane;
      EXPECT_EQ(built.ny[lane], prepared.ny[lane]) << lane;
      EXPECT_EQ(built.offset[lane], prepared.offset[lane]) << lane;
    }
  };
  check(asPolygon(prepare<double>(c)), prepare<double>(two));
  check(asPolygon(prepare<float>(c)), prepare<float>(two));
}

// ---- the builds chosen at run time -----------------------------------------------------------

// capsule_capsule and segment_capsule run steps K2–K6 in AVX2 and AVX-512 builds of the same
// code, polygon_capsule its stages in an AVX2 build, when the CPU has them (the run-time choice
// of collideCapsules and collidePolygonAndCapsule). Every build must give the portable SSE2
// build's bits: random pairs, a margin, rounded polygons, and the same scenes scaled by 2^-30
// (the cores' rescaling) and 2^30. (GCC 12 fused a rotation into vfmaddsub in the AVX-512 build
// despite -ffp-contract=off: the double results moved by an ulp, which this test caught.) On a
// CPU without them the chosen build is the portable one and the comparisons are trivial.
/// The pair's random cases, and the first 500 of them scaled by 2^-30 and by 2^30.
std::vector<bench::PairCase> buildCases(PairId pair, std::uint64_t seed) {
  std::vector<bench::PairCase> cases = bench::makePairs(pair, 3000, seed);
  for (const double scale : {0x1p-30, 0x1p30}) {
    for (int k = 0; k < 500; ++k) {
      bench::PairCase c = cases[static_cast<std::size_t>(k)];
      const auto scaled = [scale](Vec2 v) { return Vec2{v.x * scale, v.y * scale}; };
      std::visit(
          [&](auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Polygon>) {
              for (int i = 0; i < shape.count; ++i)
                shape.vertices[i] = scaled(shape.vertices[i]);
              shape.radius *= scale;
            } else if constexpr (std::is_same_v<S, Capsule> || std::is_same_v<S, Segment>) {
              shape.p1 = scaled(shape.p1);
              shape.p2 = scaled(shape.p2);
              if constexpr (std::is_same_v<S, Capsule>) shape.radius *= scale;
            }
          },
          c.a);
      auto& b = std::get<Capsule>(c.b);
      b = {scaled(b.p1), scaled(b.p2), b.radius * scale};
      c.xfA.p = scaled(c.xfA.p);
      c.xfB.p = scaled(c.xfB.p);
      cases.push_back(c);
    }
  }
  return cases;
}

template <class T>
void expectCapsuleBuildsAgree(PairId pair) {
  int contacts = 0;
  int k = 0;
  const std::vector<bench::PairCase> cases = buildCases(pair, 93);
  for (const bench::PairCase& c : cases) {
    const CapsuleT<T> a = std::holds_alternative<Capsule>(c.a)
                              ? prepare<T>(std::get<Capsule>(c.a))
                              : CapsuleT<T>{prepare<T>(std::get<Segment>(c.a))};
    const CapsuleT<T> b = prepare<T>(std::get<Capsule>(c.b));
    const TransformT<T> xfA = toT<T>(c.xfA);
    const TransformT<T> xfB = toT<T>(c.xfB);
    const T margin = static_cast<T>(k++ % 2) * T(0.05);
    ManifoldT<T> portable;
    detail::cores::capsulePair(portable, a, xfA, b, xfB, margin);
    const ManifoldT<T> chosen = collideCapsules(a, xfA, b, xfB, margin);
    contacts += chosen.pointCount > 0;
    EXPECT_TRUE(touche::test::sameBits(portable, chosen)) << "case " << k;
#if TOUCHE_FAST_AVX2
    if (detail::haveAvx2()) {
      ManifoldT<T> avx2;
      detail::avx2::capsulePair(avx2, a, xfA, b, xfB, margin);
      EXPECT_TRUE(touche::test::sameBits(portable, avx2)) << "case " << k;
    }
#endif
  }
  const int count = static_cast<int>(cases.size());
  EXPECT_GT(contacts, count * 3 / 10);
  EXPECT_LT(contacts, count * 7 / 10);
}

TEST(FastCapsuleCapsule, PortableAndWiderBuildsAgreeBitForBit) {
  expectCapsuleBuildsAgree<float>(PairId::capsule_capsule);
  expectCapsuleBuildsAgree<double>(PairId::capsule_capsule);
}

TEST(FastSegmentCapsule, PortableAndWiderBuildsAgreeBitForBit) {
  expectCapsuleBuildsAgree<float>(PairId::segment_capsule);
  expectCapsuleBuildsAgree<double>(PairId::segment_capsule);
}

template <class T>
void expectPolygonCapsuleBuildsAgree() {
  int contacts = 0;
  int k = 0;
  const std::vector<bench::PairCase> cases = buildCases(PairId::polygon_capsule, 94);
  for (bench::PairCase c : cases) {
    std::get<Polygon>(c.a).radius = (k % 3 == 0) ? 0.125 : 0.0;
    const PolygonT<T> a = prepare<T>(std::get<Polygon>(c.a));
    const CapsuleT<T> b = prepare<T>(std::get<Capsule>(c.b));
    const TransformT<T> xfA = toT<T>(c.xfA);
    const TransformT<T> xfB = toT<T>(c.xfB);
    const T margin = static_cast<T>(k++ % 2) * T(0.05);
    ManifoldT<T> portable;
    const bool portableCore = detail::cores::polygonCapsulePair(portable, a, xfA, b, xfB, margin);
    const ManifoldT<T> chosen = collidePolygonAndCapsule(a, xfA, b, xfB, margin);
    contacts += chosen.pointCount > 0;
    if (portableCore) {
      EXPECT_TRUE(touche::test::sameBits(portable, chosen)) << "case " << k;
    }
#if TOUCHE_FAST_AVX2
    if (detail::haveAvx2()) {
      ManifoldT<T> avx2;
      EXPECT_EQ(detail::avx2::polygonCapsulePair(avx2, a, xfA, b, xfB, margin), portableCore);
      EXPECT_TRUE(touche::test::sameBits(portable, avx2)) << "case " << k;
    }
#endif
  }
  const int count = static_cast<int>(cases.size());
  EXPECT_GT(contacts, count * 3 / 10);
  EXPECT_LT(contacts, count * 7 / 10);
}

TEST(FastPolygonCapsule, PortableAndAvx2BuildsAgreeBitForBit) {
  expectPolygonCapsuleBuildsAgree<float>();
  expectPolygonCapsuleBuildsAgree<double>();
}

}  // namespace
}  // namespace touche::fast::test
