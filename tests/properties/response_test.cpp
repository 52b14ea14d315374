// Response (design notes §9): RapidCheck properties of the laws under every model, each decided
// exactly on the reference's correctly rounded outputs by the oracle's law checks with
// tolerance 0 (touche/oracle/response_laws.h), with the model declared as check-responses
// declares it, so that what is tested is the per-model law table of docs/conventions.md ("What
// the laws say about the models"): linear and angular momentum conserved, kinetic energy not
// increasing for e ≤ 1, the normal relative velocity −e times what it was with one point and no
// friction, the impulses within the Coulomb cone (source-003) or within the friction bound (the
// box2d models), static bodies untouched, and swapping A and B mirroring the result. Each law is
// drawn on cases where it applies (no static body for momentum, one point without friction for
// restitution, ...; energy under the box2d models with e = 0, where no point has a restitution
// bias). A law the table does not apply to a model is n/a under it, whatever the case
// (ResponseProperties.TheLawTableIsApplied); judged with no declared model, the box2d models'
// answers do leave the cone and can gain energy (so the table's exceptions are needed). The
// properties run with a fixed seed (RC_PARAMS); ResponseProperties.HitRatesAndEveryLaw runs
// every law under every model it is judged under on seeded cases and asserts how often each
// law judged a case where a point pushed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>
#include <random>
#include <string>
#include <string_view>

#include "touche/core/response_jsonl.h"
#include "touche/oracle/response_laws.h"
#include "touche/reference/response.h"
#include "touche/test_support/checks.h"
#include "touche/test_support/rc_generators.h"
#include "touche/testing/response_cases.h"

namespace touche::test {
namespace {

using oracle::LawOutcome;
using oracle::LawVerdict;

/// What a law needs of its cases.
struct Shaping {
  bool noStatic = false;            ///< momentum: both bodies of finite mass and inertia
  bool oneStatic = false;           ///< static-untouched: A of infinite mass and inertia
  bool onePointNoFriction = false;  ///< restitution
  bool inelastic = false;           ///< energy under the box2d models: e = 0
};

/// A seeded case (touche/testing/response_cases.h) shaped for a law, with the box2d models'
/// iterations (1 to 10) and restitution threshold (0, 1/2 or 1) drawn too.
ResponseCase drawCase(std::mt19937_64& rng, const Shaping& s) {
  ResponseCase c = touche::testing::randomResponseCase(rng);
  c.iterations = std::uniform_int_distribution<int>(1, 10)(rng);
  c.restitutionThreshold = 0.5 * std::uniform_int_distribution<int>(0, 2)(rng);
  if (s.noStatic) {
    for (Body* b : {&c.a, &c.b}) {
      if (b->invMass == 0) b->invMass = touche::testing::uniform(rng, 0.1, 4.0);
      if (b->invInertia == 0) b->invInertia = touche::testing::uniform(rng, 0.1, 3.0);
    }
  }
  if (s.oneStatic) {
    c.a.invMass = 0;
    c.a.invInertia = 0;
    if (c.b.invMass == 0) c.b.invMass = 1;
  }
  if (s.inelastic) c.restitution = 0;
  if (s.onePointNoFriction) {
    c.manifold.pointCount = 1;
    c.friction = 0;
  }
  return c;
}

rc::Gen<ResponseCase> genCase(Shaping s = {}) {
  return fromSeededRng([s](std::mt19937_64& rng) { return drawCase(rng, s); });
}

rc::Gen<std::string_view> genModel() {
  return rc::gen::elementOf(kResponseModels);
}

std::string describe(const ResponseCase& c, std::string_view model) {
  return std::string(model) + " on " + formatResponseCase(c, NumberFormat::hex);
}

/// The verdict named `law` on the reference's answer under `model`, tolerance 0, judged with
/// `declared` as the solver's declared model ("" = none).
LawVerdict lawOf(const ResponseCase& c, std::string_view model, std::string_view law,
                 const ResponseResult& r, std::string_view declared) {
  if (law == "swap-symmetry") {
    return oracle::judgeSwapSymmetry(c, r, reference::respond(swapBodies(c), model), {});
  }
  for (const LawVerdict& v : oracle::judgeResponseLaws(c, r, {}, declared)) {
    if (v.law == law || v.outcome == LawOutcome::fail) {
      if (v.law == law || v.law == "status" || v.law == "finite") return v;
    }
  }
  return {std::string(law), LawOutcome::fail, "no verdict named " + std::string(law)};
}

/// The verdict with the model declared, as check-responses judges a result that declares it.
LawVerdict lawOf(const ResponseCase& c, std::string_view model, std::string_view law) {
  return lawOf(c, model, law, reference::respond(c, model), model);
}

/// True when a point pushed.
bool pushed(const ResponseResult& r) {
  for (int i = 0; i < r.pointCount; ++i) {
    if (r.impulses[i].normal > 0) return true;
  }
  return false;
}

/// "" when the law holds or does not apply, else the verdict and the case.
std::string failureOf(const ResponseCase& c, std::string_view model, std::string_view law) {
  const LawVerdict v = lawOf(c, model, law);
  if (v.outcome != LawOutcome::fail) return "";
  return v.law + ": " + v.explanation + "\n  " + describe(c, model);
}

void require(const std::string& failure) {
  if (!failure.empty()) RC_FAIL(failure);
}

/// The laws, each with the cases it is drawn on and the models it is judged under (the
/// table of docs/conventions.md, "What the laws say about the models"): the Coulomb cone under
/// source-003 only, the weaker friction bound under the box2d models only (they clamp the
/// accumulated friction by the normal impulse of the pass before, which the last normal pass
/// may lower, so a reported impulse can leave the cone); energy under every model, drawn
/// inelastic under the box2d models (their restitution bias, aimed at two points at once or
/// after friction has changed the normal velocity, can add kinetic energy for e ≤ 1, and the
/// law is judged under them only where no point has a bias).
struct LawSpec {
  std::string_view law;
  Shaping shaping;
  bool underSource003 = true;
  bool underBox2D = true;
};

constexpr LawSpec kLaws[] = {
    {"linear-momentum", {.noStatic = true}},
    {"angular-momentum", {.noStatic = true}},
    {"energy", {}},
    {"restitution", {.onePointNoFriction = true}},
    {"coulomb-cone", {}, true, false},
    {"friction-bound", {}, false, true},
    {"static-untouched", {.oneStatic = true}},
    {"swap-symmetry", {}},
};

/// True when the table judges `spec`'s law under `model`.
bool judgedUnder(const LawSpec& spec, std::string_view model) {
  return model == kModelSource003 ? spec.underSource003 : spec.underBox2D;
}

/// The shaping of `spec` under `model`: energy under the box2d models is drawn inelastic.
Shaping shapingFor(const LawSpec& spec, std::string_view model) {
  Shaping s = spec.shaping;
  if (spec.law == "energy" && model != kModelSource003) s.inelastic = true;
  return s;
}

/// A model `spec`'s law is judged under.
rc::Gen<std::string_view> genModelFor(const LawSpec& spec) {
  if (!spec.underBox2D) return rc::gen::just(kModelSource003);
  if (!spec.underSource003) return rc::gen::element(kModelBox2DSequential, kModelBox2DBlock);
  return genModel();
}

/// The law on a generated case under a generated model it holds under, classified by whether
/// it was judged (pass) or did not apply.
void checkLaw(const LawSpec& spec) {
  const std::string_view model = *genModelFor(spec);
  const ResponseCase c = *genCase(shapingFor(spec, model));
  RC_CLASSIFY(lawOf(c, model, spec.law).outcome == LawOutcome::pass, "judged");
  require(failureOf(c, model, spec.law));
}

RC_GTEST_PROP(ResponseProperties, LinearMomentumIsConserved, ()) {
  checkLaw(kLaws[0]);
}

RC_GTEST_PROP(ResponseProperties, AngularMomentumIsConserved, ()) {
  checkLaw(kLaws[1]);
}

RC_GTEST_PROP(ResponseProperties, EnergyDoesNotIncrease, ()) {
  checkLaw(kLaws[2]);
}

RC_GTEST_PROP(ResponseProperties, RestitutionWithOnePointAndNoFriction, ()) {
  checkLaw(kLaws[3]);
}

RC_GTEST_PROP(ResponseProperties, ImpulsesStayInTheCoulombCone, ()) {
  checkLaw(kLaws[4]);
}

RC_GTEST_PROP(ResponseProperties, ImpulsesStayWithinTheFrictionBound, ()) {
  checkLaw(kLaws[5]);
}

RC_GTEST_PROP(ResponseProperties, StaticBodiesAreUntouched, ()) {
  checkLaw(kLaws[6]);
}

RC_GTEST_PROP(ResponseProperties, SwappingTheBodiesMirrorsTheResult, ()) {
  checkLaw(kLaws[7]);
}

// ---- every law under every model on seeded cases, with the rates asserted -------------------

// Every law under every model it is judged under, the model declared, on 300 seeded cases
// each: no failure, and the law judged (not n/a) on a case where a point pushed for 30–70% of
// them (the rest: nothing approaches, or the law does not apply).
TEST(ResponseProperties, HitRatesAndEveryLaw) {
  int judgedPairs = 0;
  for (const LawSpec& spec : kLaws) {
    for (std::string_view model : kResponseModels) {
      if (!judgedUnder(spec, model)) continue;
      ++judgedPairs;
      std::mt19937_64 rng(20261128);
      Tally judged;
      FailureLog failures;
      for (int i = 0; i < 300; ++i) {
        const ResponseCase c = drawCase(rng, shapingFor(spec, model));
        const ResponseResult r = reference::respond(c, model);
        const LawVerdict v = lawOf(c, model, spec.law, r, model);
        judged.add(v.outcome == LawOutcome::pass && pushed(r));
        if (v.outcome == LawOutcome::fail)
          failures.add(v.explanation + "\n  " + describe(c, model));
      }
      const std::string name = std::string(spec.law) + " under " + std::string(model);
      std::cout << name << ": judged with a push " << judged.text() << "\n";
      EXPECT_EQ(failures.count, 0) << name << ", first: " << failures.first;
      EXPECT_GE(judged.fraction(), 0.3) << name;
      EXPECT_LE(judged.fraction(), 0.7) << name;
    }
  }
  EXPECT_EQ(judgedPairs, 21);  // 6 laws under 3 models, the cone under 1, the bound under 2
}

// The table's n/a entries, on 300 seeded cases a model: with the model declared, a law the table
// does not judge under it is never judged (the cone under the box2d models, the friction bound
// under source-003), and energy under the box2d models is judged only where no point has a
// restitution bias or with one point and μ = 0 (e > 0 and a point approaching faster than the
// threshold: n/a) — met on at least a fifth of the cases, so the check is not vacuous.
TEST(ResponseProperties, TheLawTableIsApplied) {
  for (std::string_view model : kResponseModels) {
    std::mt19937_64 rng(20261128);
    Tally notJudged, energyWithBias;
    FailureLog failures;
    for (int i = 0; i < 300; ++i) {
      const ResponseCase c = drawCase(rng, {});
      const ResponseResult r = reference::respond(c, model);
      for (const LawSpec& spec : kLaws) {
        if (judgedUnder(spec, model)) continue;
        const LawVerdict v = lawOf(c, model, spec.law, r, model);
        notJudged.add(true);
        if (v.outcome != LawOutcome::notApplicable)
          failures.add(std::string(spec.law) + " judged: " + v.explanation + "\n  " +
                       describe(c, model));
      }
      if (model != kModelSource003) {
        bool biased = false;
        for (int k = 0; k < c.manifold.pointCount; ++k) {
          const ManifoldPoint& p = c.manifold.points[k];
          const Vec2 rA = p.point - c.a.center, rB = p.point - c.b.center;
          const Vec2 vA =
              c.a.velocity + Vec2{-c.a.angularVelocity * rA.y, c.a.angularVelocity * rA.x};
          const Vec2 vB =
              c.b.velocity + Vec2{-c.b.angularVelocity * rB.y, c.b.angularVelocity * rB.x};
          // clear of rounding: the approach speed beyond the threshold by a margin
          if (-dot(vB - vA, c.manifold.normal) > c.restitutionThreshold + 1e-6) biased = true;
        }
        const bool onePointNoFriction = c.manifold.pointCount == 1 && c.friction == 0;
        if (c.restitution > 0 && biased && !onePointNoFriction) {
          energyWithBias.add(true);
          const LawVerdict v = lawOf(c, model, "energy", r, model);
          if (v.outcome != LawOutcome::notApplicable)
            failures.add("energy judged with a bias: " + v.explanation + "\n  " +
                         describe(c, model));
        }
      }
    }
    std::cout << model << ": " << notJudged.hits << " verdicts the table does not apply, "
              << energyWithBias.hits << " cases with a restitution bias\n";
    EXPECT_EQ(failures.count, 0) << model << ", first: " << failures.first;
    EXPECT_EQ(notJudged.hits, 300) << model;  // one law a model, on every case
    if (model != kModelSource003) {
      EXPECT_GE(energyWithBias.hits, 60) << model;
    }
  }
}

// The two laws the box2d models do not keep, met on seeded cases judged with no declared model
// (so that the table's exceptions are needed): a reported impulse outside the cone, and energy
// gained for e ≤ 1.
TEST(ResponseProperties, TheBox2DModelsLeaveTheConeAndCanGainEnergy) {
  for (std::string_view model : {kModelBox2DSequential, kModelBox2DBlock}) {
    std::mt19937_64 rng(20261128);
    Tally cone, energy;
    for (int i = 0; i < 600; ++i) {
      const ResponseCase c = drawCase(rng, {});
      const ResponseResult r = reference::respond(c, model);
      cone.add(lawOf(c, model, "coulomb-cone", r, {}).outcome == LawOutcome::fail);
      energy.add(lawOf(c, model, "energy", r, {}).outcome == LawOutcome::fail);
    }
    std::cout << model << ": outside the cone " << cone.text() << ", energy gained "
              << energy.text() << "\n";
    EXPECT_GE(cone.fraction(), 0.05) << model;
    EXPECT_GE(energy.hits, 2) << model;
  }
}

}  // namespace
}  // namespace touche::test
