// The exact response under model box2d-sequential (docs/conventions.md "Response"): worked
// examples derived by hand in the comments, asserted exactly; the restitution threshold, the
// friction solved before the normal impulse, the accumulated clamp; the coefficients' errors.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "touche/core/response.h"
#include "touche/reference/response.h"
#include "touche/testing/response_cases.h"

namespace touche::reference::testing {
namespace {

ResponseCase headOn(double speed, double e) {
  ResponseCase c = touche::testing::onePointCase(
      Body{1, 1, {0, 0}, {speed, 0}, 0}, Body{1, 1, {2, 0}, {-speed, 0}, 0}, {1, 0}, {1, 0});
  c.id = "head-on";
  c.restitution = e;
  return c;
}

TEST(ReferenceRespondBox2D, HeadOnAboveTheThresholdBouncesLikeSource003) {
  // v_rel·n = −2 < −1 (the threshold): bias = 0.5·2 = 1, k_n = 2; iteration 1: friction bound
  // 0, then λ = −(−2 − 1)/2 = 1.5; iteration 2 on: v_rel·n = 1 = bias, λ = 0.
  const ResponseResult r = respond(headOn(1, 0.5), kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  ASSERT_EQ(r.pointCount, 1);
  EXPECT_EQ(r.impulses[0], (PointImpulse{1.5, 0.0}));
  EXPECT_EQ(r.a.velocity, (Vec2{-0.5, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0.5, 0}));
  EXPECT_EQ(r.a.correction, (Vec2{}));
}

TEST(ReferenceRespondBox2D, BelowTheThresholdThereIsNoBounce) {
  // v_rel·n = −0.5, not below −1: bias 0, λ = 0.5/2 = 0.25, both bodies stop (source-003 would
  // give jn = 1.5·0.5/2 = 0.375). With the threshold 0.25 the bounce is back: bias 0.25.
  ResponseCase c = headOn(0.25, 0.5);
  ResponseResult r = respond(c, kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 0.25);
  EXPECT_EQ(r.a.velocity, (Vec2{0, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, 0}));
  EXPECT_EQ(respond(c).impulses[0].normal, 0.375);
  c.restitutionThreshold = 0.25;
  r = respond(c, kModelBox2DSequential);
  EXPECT_EQ(r.impulses[0].normal, 0.375);
  EXPECT_EQ(r.b.velocity, (Vec2{0.125, 0}));
}

// A static ground A, B (m⁻¹ = 1, I⁻¹ = 2) centred at (1, 0.5) falling at (0, −2) onto the point
// (0, 0), n = (0, 1), t = (n.y, −n.x) = (1, 0), e = 0. r_B = (−1, −0.5): r_B × n = −1,
// k_n = 1 + 2 = 3; r_B × t = 0.5, k_t = 1 + 0.25·2 = 1.5.
// Iteration 1: friction bound μ·0 = 0; normal λ = 2/3: v_B = (0, −4/3), ω_B = 2·(−2/3) = −4/3,
// the point's velocity (−2/3, 0).
ResponseCase offCentre(double mu, int iterations) {
  ResponseCase c = headOn(0, 0);
  c.a = Body{0, 0, {0, 0}, {0, 0}, 0};
  c.b = Body{1, 2, {1, 0.5}, {0, -2}, 0};
  c.manifold.normal = {0, 1};
  c.manifold.points[0] = {{0, 0}, -0.125, {}};
  c.friction = mu;
  c.iterations = iterations;
  c.slop = 0.01;
  c.percent = 0.5;
  return c;
}

TEST(ReferenceRespondBox2D, TheFirstIterationHasNoFrictionForFrictionComesFirst) {
  const ResponseResult r = respond(offCentre(1, 1), kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{2.0 / 3.0, 0.0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, -4.0 / 3.0}));
  EXPECT_EQ(r.b.angularVelocity, -4.0 / 3.0);
  EXPECT_EQ(r.b.correction, (Vec2{}));  // no positional correction in this model
}

TEST(ReferenceRespondBox2D, SecondIterationFrictionWithinTheCone) {
  // Iteration 2, μ = 1: λ_t = (2/3)/1.5 = 4/9 ≤ μ·2/3: v_B = (4/9, −4/3), ω_B = −4/3 + 4/9 =
  // −8/9, the point's velocity (0, −4/9); normal λ = (4/9)/3 = 4/27, accumulated 22/27:
  // v_B.y = −32/27, ω_B = −8/9 − 8/27 = −32/27.
  const ResponseResult r = respond(offCentre(1, 2), kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{22.0 / 27.0, 4.0 / 9.0}));
  EXPECT_EQ(r.b.velocity, (Vec2{4.0 / 9.0, -32.0 / 27.0}));
  EXPECT_EQ(r.b.angularVelocity, -32.0 / 27.0);
  EXPECT_EQ(r.a.velocity, (Vec2{}));
  EXPECT_EQ(r.a.angularVelocity, 0.0);
}

TEST(ReferenceRespondBox2D, SecondIterationFrictionClampedByTheAccumulatedNormalImpulse) {
  // μ = 1/4: the bound is 2/3·1/4 = 1/6 < 4/9, accumulated friction 1/6: v_B = (1/6, −4/3),
  // ω_B = −4/3 + 1/6 = −7/6, the point's velocity (−5/12, −1/6); normal λ = 1/18, accumulated
  // 13/18: v_B.y = −23/18, ω_B = −7/6 − 1/9 = −23/18.
  const ResponseResult r = respond(offCentre(0.25, 2), kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{13.0 / 18.0, 1.0 / 6.0}));
  EXPECT_EQ(r.b.velocity, (Vec2{1.0 / 6.0, -23.0 / 18.0}));
  EXPECT_EQ(r.b.angularVelocity, -23.0 / 18.0);
}

TEST(ReferenceRespondBox2D, ASeparatingPointGetsNoImpulse) {
  ResponseCase c = headOn(-1, 0.5);  // moving apart
  c.friction = 0.5;
  const ResponseResult r = respond(c, kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{0, 0}));
  EXPECT_EQ(r.a.velocity, (Vec2{-1, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{1, 0}));
}

TEST(ReferenceRespondBox2D, TwoPointsShareTheLoadOfAFlatLanding) {
  // B (m⁻¹ = 1, I⁻¹ = 3) centred at (0, 1) falls at (0, −1) flat onto static A: points (±1, 0),
  // n = (0, 1), e = 0. r_B = (∓1, −1), k_n = 1 + 3 = 4 at each. Iteration 1: point 0 takes
  // λ = 1/4 (v_B.y = −3/4, ω_B = 3·(−1·1/4) = −3/4), point 1 then sees
  // v_rel·n = −3/4 + ω·1 = −3/2: λ = 3/8 (v_B.y = −3/8, ω_B = −3/4 + 9/8 = 3/8). The iterations
  // converge to the symmetric answer, 1/2 each and v_B = 0, ω_B = 0 (Gauss–Seidel,
  // contracting by (k_12/k_11)² = 1/4 per iteration).
  ResponseCase c = headOn(0, 0);
  c.a = Body{0, 0, {0, 0}, {0, 0}, 0};
  c.b = Body{1, 3, {0, 1}, {0, -1}, 0};
  c.manifold.normal = {0, 1};
  c.manifold.pointCount = 2;
  c.manifold.points[0] = {{-1, 0}, 0.0, {}};
  c.manifold.points[1] = {{1, 0}, 0.0, {}};
  c.iterations = 1;
  ResponseResult r = respond(c, kModelBox2DSequential);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 0.25);
  EXPECT_EQ(r.impulses[1].normal, 0.375);
  EXPECT_EQ(r.b.velocity, (Vec2{0, -0.375}));
  EXPECT_EQ(r.b.angularVelocity, 0.375);
  c.iterations = kMaxResponseIterations;
  r = respond(c, kModelBox2DSequential);
  EXPECT_NEAR(r.impulses[0].normal, 0.5, 1e-9);
  EXPECT_NEAR(r.impulses[1].normal, 0.5, 1e-9);
  EXPECT_NEAR(r.b.velocity.y, 0, 1e-9);
}

TEST(ReferenceRespondBox2D, CoefficientErrorsNameTheField) {
  ResponseCase c = headOn(1, 0.5);
  c.iterations = 0;
  EXPECT_NE(respond(c, kModelBox2DSequential).reason.find("iterations: 0 is not in [1, 64]"),
            std::string::npos);
  c.iterations = kMaxResponseIterations + 1;
  EXPECT_NE(respond(c, kModelBox2DSequential).reason.find("iterations"), std::string::npos);
  c = headOn(1, 0.5);
  c.restitutionThreshold = -1;
  EXPECT_NE(respond(c, kModelBox2DSequential).reason.find("restitutionThreshold: -1 is negative"),
            std::string::npos);
  c.restitutionThreshold = std::numeric_limits<double>::infinity();
  EXPECT_NE(respond(c, kModelBox2DSequential).reason.find("restitutionThreshold"),
            std::string::npos);
  EXPECT_NE(respond(headOn(1, 0.5), "simultaneous").reason.find("model"), std::string::npos);
}

}  // namespace
}  // namespace touche::reference::testing
