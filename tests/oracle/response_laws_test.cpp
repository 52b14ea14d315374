// The laws of §9 as a judge: every law holds exactly (within the half-ulp rounding of the
// outputs) on the reference over seeded random cases, within its bound on the fast engine, and
// each planted solver bug is caught by the law that names it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <string_view>

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
  ResponseCase c = touche::testing::onePointCase(
      Body{1, 0, {0, 0}, {0, 0}, 0}, Body{1, 0, {0, 1}, {0, 2}, 0}, {0, 1}, {0, 0.5}, -0.1);
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
  ResponseCase c = touche::testing::onePointCase(Body{1, 1, {0, 0}, {0.25, 0}, 0},
                                                 Body{1, 1, {2, 0}, {-0.25, 0}, 0}, {1, 0}, {1, 0});
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

// ---- the laws as they hold for each declared model ------------------------------------------

namespace touche::oracle {
namespace {

using touche::testing::randomResponseCase;

/// The verdict named `law` in `verdicts` (a fail named "missing" when there is none).
const LawVerdict& verdictOf(const std::vector<LawVerdict>& verdicts, std::string_view law) {
  for (const LawVerdict& v : verdicts) {
    if (v.law == law) return v;
  }
  static const LawVerdict missing{"missing", LawOutcome::fail, "no such law"};
  return missing;
}

/// A seeded case with the box2d models' coefficients drawn too (1 to 10 iterations, threshold
/// 0, 1/2 or 1).
ResponseCase drawModelCase(std::mt19937_64& rng) {
  ResponseCase c = randomResponseCase(rng);
  c.iterations = std::uniform_int_distribution<int>(1, 10)(rng);
  c.restitutionThreshold = 0.5 * std::uniform_int_distribution<int>(0, 2)(rng);
  return c;
}

bool pushed(const ResponseResult& r) {
  for (int i = 0; i < r.pointCount; ++i) {
    if (r.impulses[i].normal > 0) return true;
  }
  return false;
}

/// A property of the laws under one declared model: every model of kResponseModels, or the
/// box2d models alone.
class ResponseLawsPerModel : public ::testing::TestWithParam<std::string_view> {};
class ResponseLawsPerBox2DModel : public ResponseLawsPerModel {};

/// The test name of a model: its name with '-' as '_' (source_003, box2d_block, ...).
std::string modelTestName(const ::testing::TestParamInfo<std::string_view>& info) {
  std::string name(info.param);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// The correct answers under each model (the exact reference, and fast in double within its
// precision) pass every law applied for that model; the cone (source-003) or friction-bound
// (box2d models) and energy are judged on a case where a point pushed often enough to mean
// something. Without the declared model the box2d answers do fail the cone and energy: what
// the model-aware judge fixes.
TEST_P(ResponseLawsPerModel, CorrectAnswersPassEveryAppliedLaw) {
  const std::string_view model = GetParam();
  std::mt19937_64 rng(20261130);
  constexpr int kCases = 1000;
  std::map<std::string, int> judged;
  int undeclaredFails = 0;
  for (int n = 0; n < kCases; ++n) {
    ResponseCase c = drawModelCase(rng);
    if (n % 3 == 0) c.restitution = 0;  // energy under the box2d models
    const ResponseResult exact = reference::respond(c, model);
    const ResponseResult fastDouble = fast::respond(c, model);
    const auto verdicts = judgeResponseLaws(c, exact, {}, model);
    for (const LawVerdict& v : verdicts) {
      ASSERT_NE(v.outcome, LawOutcome::fail)
          << model << " case " << n << ": " << v.law << ": " << v.explanation;
      if (v.outcome == LawOutcome::pass && pushed(exact)) ++judged[v.law];
    }
    for (const LawVerdict& v :
         judgeResponseLaws(c, fastDouble, toleranceForEngine("fast"), model)) {
      ASSERT_NE(v.outcome, LawOutcome::fail)
          << "fast " << model << " case " << n << ": " << v.law << ": " << v.explanation;
    }
    if (!passes(judgeResponseLaws(c, exact, {}))) ++undeclaredFails;
  }
  const bool box2d = model != kModelSource003;
  std::printf(
      "%s: of %d cases judged with a push: coulomb-cone %d, friction-bound %d, energy "
      "%d, slip-not-reversed %d; failing without the declared model %d\n",
      std::string(model).c_str(), kCases, judged["coulomb-cone"], judged["friction-bound"],
      judged["energy"], judged["slip-not-reversed"], undeclaredFails);
  EXPECT_GT(judged[box2d ? "friction-bound" : "coulomb-cone"], kCases * 3 / 10) << model;
  EXPECT_EQ(judged[box2d ? "coulomb-cone" : "friction-bound"], 0) << model;
  EXPECT_GT(judged["energy"], kCases / 8) << model;
  EXPECT_LT(judged["energy"], kCases * 7 / 10) << model;
  if (box2d) {
    EXPECT_GT(undeclaredFails, kCases / 20) << model;
  } else {
    EXPECT_EQ(undeclaredFails, 0);
  }
}

TEST(ResponseLawsPerModel, TheVerdictSaysWhyALawIsNotApplied) {
  // The spinning rod of docs/conventions.md: e = 1 at two points, kinetic energy 7/8 → 25/24
  // under box2d-block; judged without a model energy fails, under the model it is not applied.
  ResponseCase c;
  c.a = Body{0, 0, {0, 0}, {0, 0}, 0};
  c.b = Body{1, 3, {0, 1}, {0, -1}, 1.5};
  c.manifold.status = Status::contact;
  c.manifold.normal = {0, 1};
  c.manifold.pointCount = 2;
  c.manifold.points[0] = {{-1, 0}, 0, {}};
  c.manifold.points[1] = {{1, 0}, 0, {}};
  c.restitution = 1;
  c.restitutionThreshold = 0;
  const ResponseResult r = reference::respond(c, kModelBox2DBlock);
  const LawVerdict strict = verdictOf(judgeResponseLaws(c, r, {}), "energy");
  EXPECT_EQ(strict.outcome, LawOutcome::fail);
  EXPECT_NE(strict.explanation.find("declare the model"), std::string::npos) << strict.explanation;
  const auto verdicts = judgeResponseLaws(c, r, {}, kModelBox2DBlock);
  const LawVerdict& declared = verdictOf(verdicts, "energy");
  EXPECT_EQ(declared.outcome, LawOutcome::notApplicable);
  EXPECT_NE(declared.explanation.find("not applied under box2d-block"), std::string::npos)
      << declared.explanation;
  EXPECT_EQ(verdictOf(verdicts, "coulomb-cone").outcome, LawOutcome::notApplicable);
  EXPECT_EQ(verdictOf(verdicts, "friction-bound").outcome, LawOutcome::pass);
  EXPECT_TRUE(passes(verdicts));
  // With e = 0 the weaker law is judged, and holds.
  c.restitution = 0;
  EXPECT_EQ(
      verdictOf(judgeResponseLaws(c, reference::respond(c, kModelBox2DBlock), {}, kModelBox2DBlock),
                "energy")
          .outcome,
      LawOutcome::pass);
}

// ---- planted bugs under each model: the reference's answer for a wrong coefficient ----------

/// The checks `touche check-responses` makes of a result declaring `model`: the laws as they
/// hold for it and the comparison with the reference under it.
std::vector<LawVerdict> judgedAsDeclared(const ResponseCase& c, const ResponseResult& r,
                                         std::string_view model) {
  auto verdicts = judgeResponseLaws(c, r, {}, model);
  verdicts.push_back(judgeAgainstModel(c, r, model, {}));
  return verdicts;
}

struct Caught {
  int bugged = 0;  ///< cases where the planted bug changed the answer
  std::map<std::string, int> byLaw;
};

/// How the planted bug (`plant` changes the coefficients the solver uses) is caught on seeded
/// cases shaped by `shape`, under `model`.
template <class Shape, class Plant>
Caught catchPlanted(std::string_view model, Shape shape, Plant plant) {
  std::mt19937_64 rng(4242);
  Caught caught;
  for (int n = 0; n < 400; ++n) {
    ResponseCase c = drawModelCase(rng);
    shape(c);
    ResponseCase wrong = c;
    plant(wrong);
    const ResponseResult r = reference::respond(wrong, model);
    const ResponseResult right = reference::respond(c, model);
    if (r.a == right.a && r.b == right.b) continue;
    ++caught.bugged;
    for (const LawVerdict& v : judgedAsDeclared(c, r, model)) {
      if (v.outcome == LawOutcome::fail) ++caught.byLaw[v.law];
    }
  }
  return caught;
}

TEST_P(ResponseLawsPerModel, RestitutionDoubledIsCaughtByTheRestitutionLawUnderEachModel) {
  const std::string_view model = GetParam();
  const Caught caught = catchPlanted(
      model,
      [](ResponseCase& c) {
        c.manifold.pointCount = 1;
        c.friction = 0;
        c.restitutionThreshold = 0;
      },
      [](ResponseCase& c) { c.restitution = 2 * c.restitution; });
  std::printf("%s, restitution doubled: %d answers changed, restitution fails %d, energy %d\n",
              std::string(model).c_str(), caught.bugged, caught.byLaw.at("restitution"),
              caught.byLaw.count("energy") ? caught.byLaw.at("energy") : 0);
  EXPECT_GT(caught.bugged, 120) << model;
  EXPECT_EQ(caught.byLaw.at("restitution"), caught.bugged) << model;
}

/// Box2D's sequential impulses for one point written in double, with its friction clamp
/// (`clamped`) or without: what a port of the box2d models might get wrong.
ResponseResult box2dOnePoint(const ResponseCase& c, bool clamped) {
  Body a = c.a, b = c.b;
  const Vec2 n = c.manifold.normal, t{n.y, -n.x}, p = c.manifold.points[0].point;
  const Vec2 rA = p - a.center, rB = p - b.center;
  auto relative = [&] {
    return b.velocity + Vec2{-b.angularVelocity * rB.y, b.angularVelocity * rB.x} - a.velocity -
           Vec2{-a.angularVelocity * rA.y, a.angularVelocity * rA.x};
  };
  auto apply = [&](Vec2 d, double lambda) {
    b.velocity = b.velocity + (b.invMass * lambda) * d;
    b.angularVelocity += b.invInertia * lambda * cross(rB, d);
    a.velocity = a.velocity - (a.invMass * lambda) * d;
    a.angularVelocity -= a.invInertia * lambda * cross(rA, d);
  };
  auto mass = [&](Vec2 d) {
    return a.invMass + b.invMass + cross(rA, d) * cross(rA, d) * a.invInertia +
           cross(rB, d) * cross(rB, d) * b.invInertia;
  };
  const double vn0 = dot(relative(), n);
  const double bias = vn0 < -c.restitutionThreshold ? -c.restitution * vn0 : 0.0;
  double normal = 0, tangent = 0;
  for (int k = 0; k < c.iterations; ++k) {
    const double wanted = tangent - dot(relative(), t) / mass(t);
    const double bound = c.friction * normal;
    const double nextTangent = clamped ? std::clamp(wanted, -bound, bound) : wanted;
    apply(t, nextTangent - tangent);
    tangent = nextTangent;
    const double nextNormal = std::max(0.0, normal - (dot(relative(), n) - bias) / mass(n));
    apply(n, nextNormal - normal);
    normal = nextNormal;
  }
  ResponseResult out;
  out.pointCount = 1;
  out.impulses[0] = {normal, tangent};
  out.a = {a.velocity, a.angularVelocity, {}};
  out.b = {b.velocity, b.angularVelocity, {}};
  return out;
}

TEST_P(ResponseLawsPerBox2DModel, UnclampedFrictionIsCaughtUnderTheBox2DModels) {
  // Under the box2d models the cone is not applied; friction-bound catches a port that forgets
  // the friction clamp where the model's clamp is ±μ·0 (one iteration), and the comparison with
  // the model everywhere. The same port with its clamp passes every law and the model.
  const std::string_view model = GetParam();
  std::mt19937_64 rng(4243);
  int slipping = 0, byBound = 0, byModel = 0, oneIteration = 0;
  const ResponseTolerance t = toleranceForEngine("fast");
  for (int n = 0; n < 1000; ++n) {
    ResponseCase c = drawModelCase(rng);
    c.manifold.pointCount = 1;
    c.friction *= 0.2;
    if (n % 4 == 0) c.iterations = 1;
    auto verdicts = judgeResponseLaws(c, box2dOnePoint(c, true), t, model);
    verdicts.push_back(judgeAgainstModel(c, box2dOnePoint(c, true), model, t));
    for (const LawVerdict& v : verdicts) {
      ASSERT_NE(v.outcome, LawOutcome::fail)
          << model << " case " << n << ": " << v.law << ": " << v.explanation;
    }
    const ResponseResult bugged = box2dOnePoint(c, false);
    if (bugged.impulses[0].normal <= 0 ||
        std::fabs(bugged.impulses[0].tangent) <= c.friction * bugged.impulses[0].normal) {
      continue;  // the clamp would not have acted
    }
    ++slipping;
    if (c.iterations == 1) ++oneIteration;
    if (verdictOf(judgeResponseLaws(c, bugged, t, model), "friction-bound").outcome ==
        LawOutcome::fail) {
      ++byBound;
    }
    if (judgeAgainstModel(c, bugged, model, t).outcome == LawOutcome::fail) ++byModel;
  }
  std::printf(
      "%s, unclamped friction: %d slipping beyond the clamp (%d with one iteration), "
      "friction-bound fails %d, model %d\n",
      std::string(model).c_str(), slipping, oneIteration, byBound, byModel);
  EXPECT_GT(slipping, 200) << model;
  EXPECT_EQ(byModel, slipping) << model;
  EXPECT_GE(byBound, oneIteration) << model;
  EXPECT_GT(oneIteration, slipping / 10) << model;
}

TEST_P(ResponseLawsPerModel, UnclampedFrictionIsCaughtUnderEachModel) {
  // μ taken as 10^6 by the solver while the case says μ: source-003's cone catches it; under
  // the box2d models (whose clamp is ±μ·0 in a first pass, whatever μ) the comparison with the
  // model does.
  const std::string_view model = GetParam();
  const Caught caught = catchPlanted(
      model, [](ResponseCase& c) { c.friction *= 0.2; }, [](ResponseCase& c) { c.friction = 1e6; });
  const auto count = [&](const char* law) {
    return caught.byLaw.count(law) ? caught.byLaw.at(law) : 0;
  };
  std::printf(
      "%s, unclamped friction: %d answers changed, coulomb-cone fails %d, "
      "friction-bound %d, model %d\n",
      std::string(model).c_str(), caught.bugged, count("coulomb-cone"), count("friction-bound"),
      count("model"));
  EXPECT_GT(caught.bugged, 120) << model;
  EXPECT_EQ(count("model"), caught.bugged) << model;
  if (model == kModelSource003) {
    EXPECT_GT(count("coulomb-cone"), caught.bugged * 9 / 10);
  } else {
    EXPECT_EQ(count("coulomb-cone"), 0) << model;  // not applied: friction-bound instead
  }
}

INSTANTIATE_TEST_SUITE_P(Models, ResponseLawsPerModel, ::testing::ValuesIn(kResponseModels),
                         modelTestName);
INSTANTIATE_TEST_SUITE_P(Box2DModels, ResponseLawsPerBox2DModel,
                         ::testing::Values(kModelBox2DSequential, kModelBox2DBlock), modelTestName);

}  // namespace
}  // namespace touche::oracle
