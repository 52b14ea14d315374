// The laws of §9 as a judge: every law holds exactly (within the half-ulp rounding of the
// outputs) on the reference over seeded random cases, within its bound on the fast engine, and
// each planted solver bug is caught by the law that names it.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "touche/fast/respond.h"
#include "touche/oracle/response_laws.h"
#include "touche/reference/response.h"
#include "touche/testing/response_cases.h"

namespace touche::oracle::testing {
namespace {

using touche::testing::randomResponseCase;

const LawVerdict& find(const std::vector<LawVerdict>& verdicts, const std::string& law) {
  for (const LawVerdict& v : verdicts) {
    if (v.law == law) return v;
  }
  static const LawVerdict missing{"missing", LawOutcome::fail, "no such law"};
  return missing;
}

TEST(ResponseLaws, EveryLawHoldsExactlyOnTheReference) {
  std::mt19937_64 rng(1403);
  std::map<std::string, int> applied;
  constexpr int kCases = 20000;
  for (int n = 0; n < kCases; ++n) {
    ResponseCase c = randomResponseCase(rng);
    if (n % 4 == 0) c.friction = 0;             // restitution applies
    if (n % 8 == 1) c.manifold.pointCount = 1;  // slip applies more often
    const ResponseResult r = reference::respond(c);
    const auto verdicts = judgeResponseLaws(c, r, {});
    for (const LawVerdict& v : verdicts) {
      ASSERT_NE(v.outcome, LawOutcome::fail)
          << "case " << n << ": " << v.law << ": " << v.explanation;
      if (v.outcome == LawOutcome::pass) ++applied[v.law];
    }
    const LawVerdict swap = judgeSwapSymmetry(c, r, reference::respond(swapBodies(c)), {});
    ASSERT_EQ(swap.outcome, LawOutcome::pass) << "case " << n << ": " << swap.explanation;
    ASSERT_EQ(judgeAgainstModel(c, r, kModelSource003, {}).outcome, LawOutcome::pass);
  }
  // Each law was decided (not skipped) often enough for the property to mean something.
  for (const char* law : {"linear-momentum", "angular-momentum", "energy", "separating",
                          "restitution", "coulomb-cone", "slip-not-reversed", "static-untouched"}) {
    std::printf("%s decided on %d of %d cases\n", law, applied[law], kCases);
    EXPECT_GT(applied[law], kCases / 50) << law;
  }
}

TEST(ResponseLaws, FastEnginesPassWithinTheirDeclaredPrecision) {
  std::mt19937_64 rng(77);
  for (int n = 0; n < 5000; ++n) {
    ResponseCase c = randomResponseCase(rng);
    if (n % 4 == 0) c.friction = 0;
    for (auto [engine, r] :
         {std::pair{"fast", fast::respond(c)}, std::pair{"fast_float", fast::respondFloat(c)}}) {
      const ResponseTolerance t = toleranceForEngine(engine);
      for (const LawVerdict& v : judgeResponseLaws(c, r, t)) {
        ASSERT_NE(v.outcome, LawOutcome::fail)
            << engine << " case " << n << ": " << v.law << ": " << v.explanation;
      }
      ASSERT_EQ(judgeAgainstModel(c, r, kModelSource003, t).outcome, LawOutcome::pass)
          << engine << " case " << n;
    }
  }
}

// ---- planted bugs: a one-point solver written the way source 003's readers might -------------

enum class Bug { none, rCrossOmega, noGuard, unclampedFriction };

ResponseResult plantedSolver(const ResponseCase& c, Bug bug) {
  ResponseResult out;
  out.pointCount = 1;
  Body a = c.a, b = c.b;
  const Vec2 n = c.manifold.normal, p = c.manifold.points[0].point;
  const Vec2 rA = p - a.center, rB = p - b.center;
  auto at = [bug](const Body& body, Vec2 r) {
    const double w = bug == Bug::rCrossOmega ? -body.angularVelocity : body.angularVelocity;
    return body.velocity + Vec2{-w * r.y, w * r.x};
  };
  auto apply = [](Body& body, Vec2 r, Vec2 impulse) {
    body.velocity = body.velocity + body.invMass * impulse;
    body.angularVelocity += body.invInertia * cross(r, impulse);
  };
  const double vn = dot(at(b, rB) - at(a, rA), n);
  if (vn >= 0 && bug != Bug::noGuard) {
    out.a = {a.velocity, a.angularVelocity, {}};
    out.b = {b.velocity, b.angularVelocity, {}};
    return out;
  }
  const double kn = a.invMass + b.invMass + cross(rA, n) * cross(rA, n) * a.invInertia +
                    cross(rB, n) * cross(rB, n) * b.invInertia;
  const double jn = -(1 + c.restitution) * vn / kn;
  apply(b, rB, jn * n);
  apply(a, rA, -jn * n);
  const Vec2 vrel = at(b, rB) - at(a, rA);
  const Vec2 u = vrel - dot(vrel, n) * n;
  double jt = 0;
  if (length(u) > 0) {
    const Vec2 t = (1 / length(u)) * u;
    const double kt = a.invMass + b.invMass + cross(rA, t) * cross(rA, t) * a.invInertia +
                      cross(rB, t) * cross(rB, t) * b.invInertia;
    jt = -length(u) / kt;
    if (bug != Bug::unclampedFriction) jt = std::max(jt, -c.friction * std::fabs(jn));
    apply(b, rB, jt * t);
    apply(a, rA, -jt * t);
  }
  out.impulses[0] = {jn, jt};
  out.a = {a.velocity, a.angularVelocity, {}};
  out.b = {b.velocity, b.angularVelocity, {}};
  return out;
}

/// How many of `cases` seeded one-point cases the named law fails on for the planted bug.
int caught(Bug bug, const std::string& law, double friction, int cases) {
  std::mt19937_64 rng(99);
  int failures = 0;
  for (int n = 0; n < cases; ++n) {
    ResponseCase c = randomResponseCase(rng);
    c.manifold.pointCount = 1;
    c.friction = friction;
    c.percent = 0;
    const ResponseResult r = plantedSolver(c, bug);
    // Without the bug the same solver passes every law (so what is caught is the bug).
    EXPECT_TRUE(
        passes(judgeResponseLaws(c, plantedSolver(c, Bug::none), toleranceForEngine("fast"))))
        << n;
    if (find(judgeResponseLaws(c, r, toleranceForEngine("fast")), law).outcome ==
        LawOutcome::fail) {
      ++failures;
    }
  }
  return failures;
}

TEST(ResponseLawsPlantedBugs, RCrossOmegaIsCaughtByRestitution) {
  const int n = caught(Bug::rCrossOmega, "restitution", 0.0, 2000);
  std::printf("r × ω: restitution fails on %d of 2000\n", n);
  EXPECT_GT(n, 500);
}

TEST(ResponseLawsPlantedBugs, MissingGuardIsCaughtBySeparating) {
  const int n = caught(Bug::noGuard, "separating", 0.5, 2000);
  std::printf("no guard: separating fails on %d of 2000\n", n);
  EXPECT_GT(n, 500);
}

TEST(ResponseLawsPlantedBugs, UnclampedFrictionIsCaughtByTheCone) {
  const int n = caught(Bug::unclampedFriction, "coulomb-cone", 0.1, 2000);
  std::printf("unclamped friction: coulomb-cone fails on %d of 2000\n", n);
  EXPECT_GT(n, 300);
}

TEST(ResponseLaws, WorkedSeparatingExampleExplainsItself) {
  // B leaving A at +2 along n: the unguarded solver pulls it back; the verdict says so.
  ResponseCase c;
  c.a = Body{1, 0, {0, 0}, {0, 0}, 0};
  c.b = Body{1, 0, {0, 1}, {0, 2}, 0};
  c.manifold.status = Status::contact;
  c.manifold.normal = {0, 1};
  c.manifold.pointCount = 1;
  c.manifold.points[0] = {{0, 0.5}, -0.1, {}};
  c.restitution = 1;
  const auto verdicts = judgeResponseLaws(c, plantedSolver(c, Bug::noGuard), {});
  const LawVerdict& v = find(verdicts, "separating");
  EXPECT_EQ(v.outcome, LawOutcome::fail);
  EXPECT_NE(v.explanation.find("pulled the bodies together"), std::string::npos) << v.explanation;
  EXPECT_EQ(find(verdicts, "linear-momentum").outcome, LawOutcome::pass);  // still conserved
}

}  // namespace
}  // namespace touche::oracle::testing

namespace touche::oracle {
namespace {

TEST(ResponseLaws, RestitutionHoldsForASolverThatDropsTheBounceBelowItsThreshold) {
  // Head on at 0.25 each, e = 0.5: approach speed 0.5 ≤ the threshold 1. box2d-sequential
  // stops both bodies (v_rel·n after 0) and passes; a result bouncing at a wrong speed fails.
  ResponseCase c;
  c.a = Body{1, 1, {0, 0}, {0.25, 0}, 0};
  c.b = Body{1, 1, {2, 0}, {-0.25, 0}, 0};
  c.manifold.status = Status::contact;
  c.manifold.normal = {1, 0};
  c.manifold.pointCount = 1;
  c.manifold.points[0] = {{1, 0}, 0, {}};
  c.restitution = 0.5;
  const auto lawOf = [&](const ResponseResult& r) {
    for (const LawVerdict& v : judgeResponseLaws(c, r, {}))
      if (v.law == "restitution") return v.outcome;
    return LawOutcome::notApplicable;
  };
  const ResponseResult stopped = reference::respond(c, kModelBox2DSequential);
  EXPECT_EQ(stopped.b.velocity, (Vec2{0, 0}));
  EXPECT_EQ(lawOf(stopped), LawOutcome::pass);
  EXPECT_EQ(lawOf(reference::respond(c)), LawOutcome::pass);  // source-003 bounces
  ResponseResult wrong = stopped;
  wrong.a.velocity = {-0.05, 0};
  wrong.b.velocity = {0.05, 0};
  EXPECT_EQ(lawOf(wrong), LawOutcome::fail);
  c.restitutionThreshold = 0.25;  // above the threshold the bounce is required
  EXPECT_EQ(lawOf(stopped), LawOutcome::fail);
}

}  // namespace
}  // namespace touche::oracle
