// The exact response of source 003 (design notes §9): the source's formulas as worked examples
// (derived by hand in the comments), the exact tower of roots, and the source's mistakes run on
// their counterexamples (docs/errata.md, source 003).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "response_numbers.h"
#include "touche/core/response.h"
#include "touche/reference/response.h"
#include "touche/testing/response_cases.h"

namespace touche::reference::testing {
namespace {

Body body(double invMass, double invInertia, Vec2 center, Vec2 velocity, double omega = 0.0) {
  return Body{invMass, invInertia, center, velocity, omega};
}

ResponseCase onePoint(Body a, Body b, Vec2 normal, Vec2 point, double separation, double e,
                      double mu) {
  ResponseCase c = touche::testing::onePointCase(a, b, normal, point, separation);
  c.id = "worked";
  c.restitution = e;
  c.friction = mu;
  return c;
}

TEST(ReferenceRespond, HeadOnEqualMassesHalfRestitution) {
  // A at (0,0) moving +1, B at (2,0) moving −1, unit inverse masses, n = (1,0), point (1,0):
  // r × n = 0 for both, so k_n = 1 + 1 = 2; v_rel·n = −1 − 1 = −2;
  // jn = −(1 + 0.5)(−2)/2 = 1.5; B: −1 + 1.5 = 0.5, A: 1 − 1.5 = −0.5; v_rel·n after = 1 = −e·(−2).
  const ResponseCase c = onePoint(body(1, 1, {0, 0}, {1, 0}), body(1, 1, {2, 0}, {-1, 0}), {1, 0},
                                  {1, 0}, 0.0, 0.5, 0.0);
  const ResponseResult r = respond(c);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  ASSERT_EQ(r.pointCount, 1);
  EXPECT_EQ(r.impulses[0], (PointImpulse{1.5, 0.0}));
  EXPECT_EQ(r.a.velocity, (Vec2{-0.5, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0.5, 0}));
  EXPECT_EQ(r.a.angularVelocity, 0.0);
  EXPECT_EQ(r.b.angularVelocity, 0.0);
}

// A static ground A, B (m⁻¹ = 1, I⁻¹ = 2) centred at (1, 0.5) falling at (0, −2) onto the point
// (0, 0) with n = (0, 1), e = 0: r_B = (−1, −0.5), r_B × n = −1, k_n = 1 + (−1)²·2 = 3,
// jn = −(1)(−2)/3 = 2/3; v_B = (0, −2 + 2/3) = (0, −4/3), ω_B = 2·(r_B × (0, 2/3)) = −4/3.
// The point's velocity becomes (0, −4/3) + ω × r = (−2/3, 0): no normal motion, a slip −2/3 along
// x.
ResponseCase offCentre(double mu) {
  return onePoint(body(0, 0, {0, 0}, {0, 0}), body(1, 2, {1, 0.5}, {0, -2}), {0, 1}, {0, 0}, -0.125,
                  0.0, mu);
}

TEST(ReferenceRespond, OffCentreImpactSpinsTheBody) {
  const ResponseResult r = respond(offCentre(0.0));
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 2.0 / 3.0);
  EXPECT_EQ(r.impulses[0].tangent, 0.0);  // μ = 0: no friction
  EXPECT_EQ(r.b.velocity, (Vec2{0, -4.0 / 3.0}));
  EXPECT_EQ(r.b.angularVelocity, -4.0 / 3.0);
  EXPECT_EQ(r.a.velocity, (Vec2{0, 0}));  // static: untouched
  EXPECT_EQ(r.a.angularVelocity, 0.0);
}

TEST(ReferenceRespond, FrictionThatSticksStopsTheSlip) {
  // After the normal impulse u = (−2/3, 0), t = (−1, 0); r_B × t = −0.5, k_t = 1 + 0.25·2 = 1.5;
  // |u|/k_t = 4/9 ≤ μ·jn = 2/3 (μ = 1): jt = −4/9, impulse −u/k_t = (4/9, 0);
  // v_B = (4/9, −4/3), ω_B = −4/3 + 2·(r_B × (4/9, 0)) = −4/3 + 4/9 = −8/9.
  const ResponseResult r = respond(offCentre(1.0));
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 2.0 / 3.0);
  EXPECT_EQ(r.impulses[0].tangent, -4.0 / 9.0);
  EXPECT_EQ(r.b.velocity, (Vec2{4.0 / 9.0, -4.0 / 3.0}));
  EXPECT_EQ(r.b.angularVelocity, -8.0 / 9.0);
}

TEST(ReferenceRespond, FrictionThatSlidesIsClampedToTheCone) {
  // μ = 0.5: μ·jn = 1/3 < 4/9, so jt = −1/3 and the impulse is −μ·jn·t = (1/3, 0);
  // v_B = (1/3, −4/3), ω_B = −4/3 + 2·(0.5·1/3) = −1.
  const ResponseResult r = respond(offCentre(0.5));
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].tangent, -1.0 / 3.0);
  EXPECT_EQ(r.b.velocity, (Vec2{1.0 / 3.0, -4.0 / 3.0}));
  EXPECT_EQ(r.b.angularVelocity, -1.0);
}

TEST(ReferenceRespond, CorrectionNeedsDepthBeyondTheSlop) {
  // Unit inverse masses, depth 0.25, slop 0.05, percent 0.4: c = 0.2/2·0.4 = 0.04 (the exact
  // rational, rounded once); A moves by −0.04·n, B by +0.04·n. At depth = slop: nothing.
  ResponseCase c = onePoint(body(1, 1, {0, 0}, {0, 0}), body(1, 1, {0, 1}, {0, 0}), {0, 1},
                            {0, 0.5}, -0.25, 0.0, 0.0);
  c.slop = 0.05;
  c.percent = 0.4;
  ResponseResult r = respond(c);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  // The doubles 0.05 and 0.4 taken exactly, (0.25 − 0.05)/2·0.4 rounds to 0x1.47ae147ae147bp-5
  // (Python's Fraction agrees); the same in double arithmetic gives 0x1.47ae147ae147cp-5.
  EXPECT_EQ(r.b.correction.y, 0x1.47ae147ae147bp-5) << std::hexfloat << r.b.correction.y;
  EXPECT_NE(r.b.correction.y, (0.25 - 0.05) / 2 * 0.4);
  EXPECT_EQ(r.a.correction.y, -r.b.correction.y);
  EXPECT_EQ(r.a.correction.x, 0.0);
  c.manifold.points[0].separation = -0.05;
  r = respond(c);
  EXPECT_EQ(r.b.correction, (Vec2{0, 0}));
}

TEST(ReferenceRespond, StaticBodyIsKinematicAndKeepsItsVelocity) {
  // A static paddle moving up at 3 hits B at rest: v_rel·n = 0 − 3 = −3, k_n = 1, e = 1:
  // jn = 6, B leaves at 6 (twice the paddle's speed), the paddle keeps its 3 and is not corrected.
  ResponseCase c = onePoint(body(0, 0, {0, 0}, {0, 3}), body(1, 0, {0, 1}, {0, 0}), {0, 1},
                            {0, 0.5}, -0.5, 1.0, 0.0);
  c.percent = 1;
  const ResponseResult r = respond(c);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 6.0);
  EXPECT_EQ(r.b.velocity, (Vec2{0, 6}));
  EXPECT_EQ(r.a.velocity, (Vec2{0, 3}));
  EXPECT_EQ(r.a.correction, (Vec2{0, 0}));
  EXPECT_EQ(r.b.correction, (Vec2{0, 0.5}));
}

TEST(ReferenceRespond, TwoPointsAreSolvedInOrderFromTheUpdatedVelocities) {
  // A box B (m⁻¹ = 1, I⁻¹ = 3) at (0, 1) falling at −1 on static ground, points (−1, 0) and
  // (1, 0), e = 0. Point 0: r = (−1, −1), r × n = −1, k_n = 1 + 3 = 4, jn = 1/4; v_B = −3/4,
  // ω_B = 3·(−1/4) = −3/4. Point 1: r = (1, −1), r × n = 1, v at the point = −3/4 + ω·1 = −3/2,
  // k_n = 4, jn = 3/8; v_B = −3/8, ω_B = −3/4 + 3·(3/8) = 3/8. (A simultaneous solve gives 1/2
  // and 1/2 with the box at rest: the order matters in source 003.)
  ResponseCase c = onePoint(body(0, 0, {0, 0}, {0, 0}), body(1, 3, {0, 1}, {0, -1}), {0, 1},
                            {-1, 0}, 0.0, 0.0, 0.0);
  c.manifold.pointCount = 2;
  c.manifold.points[1] = {{1, 0}, 0.0, {}};
  const ResponseResult r = respond(c);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 0.25);
  EXPECT_EQ(r.impulses[1].normal, 0.375);
  EXPECT_EQ(r.b.velocity, (Vec2{0, -0.375}));
  EXPECT_EQ(r.b.angularVelocity, 0.375);
}

TEST(ReferenceRespond, InvalidInputNamesTheField) {
  ResponseCase c = offCentre(0.5);
  c.b.invMass = -1;
  EXPECT_EQ(respond(c).status, ResponseStatus::error);
  EXPECT_NE(respond(c).reason.find("b.invMass"), std::string::npos) << respond(c).reason;
  c = offCentre(0.5);
  c.a.velocity.x = std::nan("");
  EXPECT_NE(respond(c).reason.find("a.velocity[0]: NaN"), std::string::npos) << respond(c).reason;
  c = offCentre(0.5);
  c.friction = -0.5;
  EXPECT_NE(respond(c).reason.find("friction: -0.5"), std::string::npos) << respond(c).reason;
  c = offCentre(0.5);
  c.manifold.normal = {0, 2};
  EXPECT_NE(respond(c).reason.find("manifold.normal"), std::string::npos) << respond(c).reason;
  EXPECT_NE(respond(offCentre(0.5), "simultaneous").reason.find("model: \"simultaneous\" is not"),
            std::string::npos);
}

// ---- the exact tower of roots -------------------------------------------------------------

TEST(ResponseNumbers, NestedRootsRoundCorrectly) {
  using namespace response;
  Tower tower;
  const Surd2 root2 = tower.sqrt(lift(2));
  EXPECT_EQ(roundNearest(root2), 0x1.6a09e667f3bcdp+0);  // √2
  const Surd2 nested = tower.sqrt(lift(1) + root2);      // √(1 + √2) in Q(√2)(√(1+√2))
  EXPECT_EQ(roundNearest(nested), 1.5537739740300374);
  EXPECT_EQ(sign(nested * nested - lift(1) - root2), 0);           // exact: squares back
  EXPECT_EQ(roundNearest(tower.sqrt(lift(Rational(9, 4)))), 1.5);  // a square stays rational
  EXPECT_EQ(sign(root2 - lift(Rational(14142135623730951, 10000000000000000))), -1);
}

TEST(ResponseNumbers, EnclosureFilterAgreesWithTheExactProof) {
  // Seeded nested radicals p + q·√G with G = c + d·√g, of mixed signs (cancellation included):
  // the filtered rounding must equal the exact midpoint proof, and the filter must decide most.
  using namespace response;
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> small(-40, 40);
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    Tower tower;
    const Surd2 r1 = tower.sqrt(lift(Rational(std::abs(small(rng)) + 2, 3)));
    const Surd2 G =
        lift(Rational(std::abs(small(rng)) + 50, 1)) + lift(Rational(small(rng), 5)) * r1;
    const Surd2 r2 = tower.sqrt(G);
    const Surd2 x = lift(Rational(small(rng), 11)) + lift(Rational(small(rng), 13)) * r1 +
                    lift(Rational(small(rng), 17)) * r2;
    EXPECT_EQ(roundNearest(x), roundNearestExact(x)) << i;
    ++checked;
  }
  EXPECT_EQ(checked, 2000);
}

// ---- source 003's mistakes on their counterexamples ------------------------------------------

TEST(RespondFixesSource003, VelocityAtPointIsOmegaCrossRNotRCrossOmega) {
  // The text writes v' = v + r × ω. For r = (1, 0), ω = 1: ω × r = (0, 1) (the point at the
  // right of a counter-clockwise body moves up), r × ω = (r.y·ω, −r.x·ω) = (0, −1).
  // B spins at ω = 1 about (−1, 0); the point (0, 0) moves up, away from A below it
  // (n = (0, 1)): separating, no impulse. With r × ω it would approach at −1.
  const ResponseCase c = onePoint(body(0, 0, {0, -5}, {0, 0}), body(1, 1, {-1, 0}, {0, 0}, 1.0),
                                  {0, 1}, {0, 0}, 0.0, 1.0, 0.0);
  const double rx = 1, ry = 0, omega = 1;
  const double sourceVy = -rx * omega;  // (r × ω).y
  EXPECT_LT(sourceVy, 0.0);             // the source's velocity approaches
  const ResponseResult r = respond(c);
  EXPECT_EQ(r.impulses[0].normal, 0.0);
  EXPECT_EQ(r.b.angularVelocity, 1.0);
  (void)ry;
}

TEST(RespondFixesSource003, SeparatingBodiesGetNoImpulse) {
  // The post applies jn = −(1 + e)(v_rel·n)/k_n whatever the sign: B leaving A at +2 along n
  // (unit masses, e = 1) gets jn = −2·2/2 = −2 and is pulled back to 0 while A is pushed to +2.
  const ResponseCase c = onePoint(body(1, 0, {0, 0}, {0, 0}), body(1, 0, {0, 1}, {0, 2}), {0, 1},
                                  {0, 0.5}, -0.1, 1.0, 0.5);
  const double sourceJn = -(1 + 1.0) * 2.0 / 2.0;
  EXPECT_LT(sourceJn, 0.0);
  const ResponseResult r = respond(c);
  EXPECT_EQ(r.impulses[0], (PointImpulse{0, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, 2}));
}

TEST(RespondFixesSource003, HeadOnImpactHasNoFrictionDirection) {
  // After a head-on impulse v_rel is along n: the post normalises the zero tangent (0/0). The
  // reference gives no friction impulse and the result is finite.
  const ResponseCase c = onePoint(body(1, 0, {0, 0}, {0, 0}), body(1, 0, {0, 1}, {0, -3}), {0, 1},
                                  {0, 0.5}, 0.0, 0.0, 0.8);
  const ResponseResult r = respond(c);
  ASSERT_EQ(r.status, ResponseStatus::ok);
  EXPECT_EQ(r.impulses[0], (PointImpulse{1.5, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, -1.5}));
}

TEST(RespondFixesSource003, TwoStaticBodiesAreAnErrorNotADivisionByZero) {
  // Both inverse masses 0: the post's k_n is 0 (jn = ±inf or NaN) and its correction divides by
  // mA⁻¹ + mB⁻¹ = 0. The reference refuses the case, naming the field.
  const double kn = 0.0 + 0.0;
  EXPECT_TRUE(std::isnan(0.0 / kn));
  const ResponseCase c = onePoint(body(0, 0, {0, 0}, {0, 1}), body(0, 0, {0, 1}, {0, -1}), {0, 1},
                                  {0, 0.5}, -0.5, 0.5, 0.5);
  const ResponseResult r = respond(c);
  EXPECT_EQ(r.status, ResponseStatus::error);
  EXPECT_NE(r.reason.find("b.invMass"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("two static bodies"), std::string::npos) << r.reason;
}

}  // namespace
}  // namespace touche::reference::testing

namespace touche::reference::testing {
namespace {

TEST(ReferenceRespondSteps, HeadOnWithSlipWorkedByHand) {
  // A at (0,0) moving +1, B at (2,0) moving (−1, 1), unit masses and inertias, n = (1,0), point
  // (1,0), e = 0.5, μ = 1. Step 1: r_A = (1,0), r_B = (−1,0). Step 2: v_rel = (−2, 1). Step 3:
  // v_rel·n = −2. Step 4: r × n = 0 for both, k_n = 2. Step 5: jn = 1.5, so v_A = (−0.5, 0),
  // v_B = (0.5, 1), v_rel = (1, 1), ·n = 1. Step 6: u = (0, 1); r_A × u = 1, r_B × u = −1, k_t =
  // 2 + 1 + 1 = 4; |u|/k_t = 1/4 ≤ μ·jn = 1.5: inside the cone, the slip stops: v_rel after =
  // (1, 0). Step 7: no overlap.
  ResponseCase c = touche::testing::onePointCase(Body{1, 1, {0, 0}, {1, 0}, 0},
                                                 Body{1, 1, {2, 0}, {-1, 1}, 0}, {1, 0}, {1, 0});
  c.restitution = 0.5;
  c.friction = 1;
  const ResponseResult answer = respond(c);
  ASSERT_EQ(answer.status, ResponseStatus::ok) << answer.reason;
  const ResponseSteps s = respondSteps(c, answer, kModelSource003);
  EXPECT_EQ(s.leverA, (Vec2{1, 0}));
  EXPECT_EQ(s.leverB, (Vec2{-1, 0}));
  EXPECT_EQ(s.relativeVelocityBefore, (Vec2{-2, 1}));
  EXPECT_EQ(s.approach, -2);
  EXPECT_TRUE(s.approaching);
  EXPECT_EQ(s.normalMass, 2);
  EXPECT_EQ(s.relativeVelocityAfterNormal, (Vec2{1, 1}));
  EXPECT_EQ(s.approachAfterNormal, 1);
  EXPECT_EQ(s.slip, (Vec2{0, 1}));
  EXPECT_TRUE(s.slipping);
  EXPECT_EQ(s.tangentMass, 4);
  EXPECT_TRUE(s.insideCone);
  EXPECT_EQ(s.relativeVelocityAfter, (Vec2{1, 0}));
  EXPECT_EQ(s.slipAfter, (Vec2{0, 0}));
  EXPECT_EQ(s.depth, 0);
  EXPECT_EQ(s.correction, 0);
  // Under another model step 5 takes the answer's impulse: half of it leaves v_rel·n at −0.5.
  ResponseResult half = answer;
  half.impulses[0].normal = 0.75;
  EXPECT_EQ(respondSteps(c, half, kModelBox2DSequential).approachAfterNormal, -0.5);
  // μ = 0.1: |u|/k_t = 1/4 > μ·jn = 0.15, outside the cone.
  c.friction = 0.1;
  EXPECT_FALSE(respondSteps(c, respond(c), kModelSource003).insideCone);
}

}  // namespace
}  // namespace touche::reference::testing
