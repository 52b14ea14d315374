// The exact response under model box2d-block (docs/derivations/response.md, "The simultaneous
// two-point solve"): each of the four cases of the 2×2 linear complementarity problem on a
// worked example derived by hand in the comments, the ill-conditioned pair reduced to its
// first point, and one-point manifolds answered as box2d-sequential answers them.
#include <gtest/gtest.h>

#include <random>

#include "touche/core/response.h"
#include "touche/reference/response.h"
#include "touche/testing/response_cases.h"

namespace touche::reference::testing {
namespace {

/// B (m⁻¹ = 1, I⁻¹ = 3) centred at (0, 1) on static A, points (−1, 0) and (1, 0), n = (0, 1),
/// no friction. r_B = (∓1, −1), r_B × n = ∓1: K = [[4, −2], [−2, 4]], det K = 12,
/// K⁻¹ = [[4, 2], [2, 4]]/12. The normal velocity at the points is v.y ∓ ω.
ResponseCase rod(double vy, double w, double e) {
  ResponseCase c;
  c.id = "rod";
  c.a = Body{0, 0, {0, 0}, {0, 0}, 0};
  c.b = Body{1, 3, {0, 1}, {0, vy}, w};
  c.manifold.status = Status::contact;
  c.manifold.normal = {0, 1};
  c.manifold.pointCount = 2;
  c.manifold.points[0] = {{-1, 0}, 0.0, {}};
  c.manifold.points[1] = {{1, 0}, 0.0, {}};
  c.restitution = e;
  c.restitutionThreshold = 0;
  c.iterations = 1;
  return c;
}

TEST(ReferenceRespondBlock, FlatLandingIsSolvedInOneIteration) {
  // Case 1 (both push): b = (−1, −1), x = −K⁻¹b = (1/2, 1/2); B stops. box2d-sequential needs
  // many iterations for this (1/4 and 3/8 after one).
  const ResponseResult r = respond(rod(-1, 0, 0), kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{0.5, 0}));
  EXPECT_EQ(r.impulses[1], (PointImpulse{0.5, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, 0}));
  EXPECT_EQ(r.b.angularVelocity, 0);
  EXPECT_EQ(respond(rod(-1, 0, 0), kModelBox2DSequential).impulses[0].normal, 0.25);
}

TEST(ReferenceRespondBlock, SpinningLandingPushesAtBothPointsAndGainsEnergy) {
  // v.y = −1, ω = 3/2, e = 1: the first point approaches at −5/2 (bias 5/2), the second
  // separates at 1/2 (bias 0). b = (−5, 1/2), x = −K⁻¹b = (19/12, 2/3) ≥ 0: case 1.
  // After: v.y = −1 + 27/12 = 5/4, ω = 3/2 + 3·(−19/12 + 2/3) = −5/4; the first point leaves at
  // 5/2, the second rests. Kinetic energy ½(1 + 9/4/3) = 7/8 becomes ½(25/16 + 25/48) = 25/24:
  // Newton's restitution at two points at once adds 1/6 although e = 1.
  const ResponseResult r = respond(rod(-1, 1.5, 1), kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 19.0 / 12.0);
  EXPECT_EQ(r.impulses[1].normal, 2.0 / 3.0);
  EXPECT_EQ(r.b.velocity, (Vec2{0, 1.25}));
  EXPECT_EQ(r.b.angularVelocity, -1.25);
  // box2d-sequential converges to the same answer (Gauss–Seidel on the same problem).
  ResponseCase c = rod(-1, 1.5, 1);
  c.iterations = kMaxResponseIterations;
  const ResponseResult s = respond(c, kModelBox2DSequential);
  EXPECT_NEAR(s.b.velocity.y, 1.25, 1e-12);
  EXPECT_NEAR(s.b.angularVelocity, -1.25, 1e-12);
}

TEST(ReferenceRespondBlock, OnlyTheFirstPointPushes) {
  // v.y = −1, ω = 4, e = 0: b = (−5, 3); x = −K⁻¹b = (7/6, −1/6) is not ≥ 0. Case 2:
  // x1 = 5/4, w2 = −2·5/4 + 3 = 1/2 ≥ 0. After: v.y = 1/4, ω = 4 − 3·5/4 = 1/4.
  const ResponseResult r = respond(rod(-1, 4, 0), kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 1.25);
  EXPECT_EQ(r.impulses[1].normal, 0);
  EXPECT_EQ(r.b.velocity, (Vec2{0, 0.25}));
  EXPECT_EQ(r.b.angularVelocity, 0.25);
}

TEST(ReferenceRespondBlock, OnlyTheSecondPointPushes) {
  // The mirror image, ω = −4: case 3, x = (0, 5/4), ω = −4 + 3·5/4 = −1/4.
  const ResponseResult r = respond(rod(-1, -4, 0), kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0].normal, 0);
  EXPECT_EQ(r.impulses[1].normal, 1.25);
  EXPECT_EQ(r.b.velocity, (Vec2{0, 0.25}));
  EXPECT_EQ(r.b.angularVelocity, -0.25);
}

TEST(ReferenceRespondBlock, NeitherPointPushesWhenBothSeparate) {
  // v.y = 1, ω = 1/2: b = (1/2, 3/2) ≥ 0, case 4: x = 0, nothing changes.
  const ResponseResult r = respond(rod(1, 0.5, 0), kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.impulses[0], (PointImpulse{0, 0}));
  EXPECT_EQ(r.impulses[1], (PointImpulse{0, 0}));
  EXPECT_EQ(r.b.velocity, (Vec2{0, 1}));
  EXPECT_EQ(r.b.angularVelocity, 0.5);
}

TEST(ReferenceRespondBlock, IllConditionedPairKeepsOnlyItsFirstPoint) {
  // Points 1/64 apart, s = 63/64: k11 = 4, k22 = 1 + 3s², k12 = 1 + 3s, det K = 3(1 − s)² =
  // 3/4096, so k11² = 16 ≥ 1000·det K: the second point is dropped, friction included, and the
  // answer is the first point's alone.
  ResponseCase c = rod(-1, 0.5, 0.5);
  c.friction = 0.5;
  c.manifold.points[1] = {{-1 + 1.0 / 64, 0}, 0.0, {}};
  c.iterations = 8;
  const ResponseResult r = respond(c, kModelBox2DBlock);
  ASSERT_EQ(r.status, ResponseStatus::ok) << r.reason;
  EXPECT_EQ(r.pointCount, 2);
  EXPECT_EQ(r.impulses[1], (PointImpulse{0, 0}));
  ResponseCase first = c;
  first.manifold.pointCount = 1;
  const ResponseResult alone = respond(first, kModelBox2DSequential);
  EXPECT_GT(alone.impulses[0].normal, 0);
  EXPECT_EQ(r.impulses[0], alone.impulses[0]);
  EXPECT_EQ(r.b.velocity, alone.b.velocity);
  EXPECT_EQ(r.b.angularVelocity, alone.b.angularVelocity);
  // A pair 1/2 apart is well conditioned (det K = 3/4, 1000·det K = 750 > 16): both push.
  c.manifold.points[1] = {{-0.5, 0}, 0.0, {}};
  EXPECT_GT(respond(c, kModelBox2DBlock).impulses[1].normal, 0);
}

TEST(ReferenceRespondBlock, OnePointManifoldsAreAnsweredAsBox2DSequentialAnswersThem) {
  std::mt19937_64 rng(20261130);
  int onePoint = 0;
  int pushing = 0;
  for (int n = 0; n < 400; ++n) {
    ResponseCase c = touche::testing::randomResponseCase(rng);
    if (c.manifold.pointCount != 1) continue;
    ++onePoint;
    const ResponseResult block = respond(c, kModelBox2DBlock);
    const ResponseResult sequential = respond(c, kModelBox2DSequential);
    ASSERT_EQ(block.status, ResponseStatus::ok) << block.reason;
    EXPECT_EQ(block.impulses[0], sequential.impulses[0]) << "case " << n;
    EXPECT_EQ(block.a, sequential.a) << "case " << n;
    EXPECT_EQ(block.b, sequential.b) << "case " << n;
    if (block.impulses[0].normal > 0) ++pushing;
  }
  EXPECT_GT(onePoint, 150);
  EXPECT_GT(pushing, onePoint / 4);
}

}  // namespace
}  // namespace touche::reference::testing
