// touche oracle — the laws of §9 decided exactly on a solver's doubles (response_laws.h).
//
// Each law is a residual that is exactly 0 (or ≤ 0) for the exact response of any impulse
// solver, evaluated in rationals from the solver's outputs. Its budget is what the outputs'
// rounding allows: Σ |∂residual/∂output| · δ(output), δ = half an ulp plus epsilon times the
// output's scale (docs/conventions.md, "Response"). Two slacks come from the model itself, not
// from rounding: n is used as given, so |n·n − 1| (≤ 2⁻²⁰ by validation) lets restitution,
// energy and the friction's direction deviate by that much times the impulse.
#include "touche/oracle/response_laws.h"

#include <algorithm>
#include <boost/multiprecision/gmp.hpp>
#include <cfloat>
#include <cmath>
#include <optional>
#include <sstream>

#include "touche/reference/response.h"

namespace touche::oracle {
namespace {

using Q = boost::multiprecision::mpq_rational;

Q q(double x) {
  return Q(x);  // finite: checked by the "finite" law before any other
}

double halfUlp(double x) {
  const double a = std::fabs(x);
  return (std::nextafter(a, INFINITY) - a) / 2;
}

std::string show(double x) {
  std::ostringstream out;
  out.precision(3);
  out << x;
  return out.str();
}

std::string showQ(const Q& x) {
  return show(x.convert_to<double>());
}

/// The sizes every budget is scaled by, from the case alone.
struct Scales {
  double velocity = 0;   ///< bound on a velocity output
  double angular = 0;    ///< bound on an angular velocity output
  double impulse = 0;    ///< bound on one point's impulse
  double relative = 0;   ///< bound on a relative velocity at a point
  double unitSlack = 0;  ///< |n·n − 1|
  double epsilon = 0;
};

double leverArm(const ResponseCase& c, const Body& b) {
  double r = 0;
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    const Vec2 d = c.manifold.points[i].point - b.center;
    r = std::max(r, std::fabs(d.x) + std::fabs(d.y));
  }
  return r;
}

Scales scalesOf(const ResponseCase& c, const ResponseTolerance& t) {
  Scales s;
  s.epsilon = t.epsilon;
  const double rA = leverArm(c, c.a), rB = leverArm(c, c.b);
  double v = 0;
  for (auto [b, r] : {std::pair{&c.a, rA}, std::pair{&c.b, rB}}) {
    v = std::max(
        v, std::fabs(b->velocity.x) + std::fabs(b->velocity.y) + std::fabs(b->angularVelocity) * r);
  }
  const double grow = (1 + c.restitution) * (1 + c.friction);
  s.relative = 2 * v * grow * grow;
  const double points = std::max(c.manifold.pointCount, 1);
  s.impulse = grow * s.relative / (c.a.invMass + c.b.invMass);
  s.velocity = v + std::max(c.a.invMass, c.b.invMass) * s.impulse * points;
  s.angular = std::max(std::fabs(c.a.angularVelocity), std::fabs(c.b.angularVelocity)) +
              std::max(c.a.invInertia * rA, c.b.invInertia * rB) * s.impulse * points;
  const Vec2 n = c.manifold.normal;
  s.unitSlack =
      c.manifold.pointCount ? std::fabs((q(n.x) * n.x + q(n.y) * n.y - 1).convert_to<double>()) : 0;
  return s;
}

double dv(double x, const Scales& s) {
  return halfUlp(x) + s.epsilon * s.velocity;
}
double dw(double x, const Scales& s) {
  return halfUlp(x) + s.epsilon * s.angular;
}

/// True for the models of Box2D's solver (box2d-sequential, box2d-block), under which two laws
/// do not hold as stated (docs/conventions.md, "What the laws say about the models").
bool isBox2DModel(std::string_view model) {
  return model == kModelBox2DSequential || model == kModelBox2DBlock;
}

/// Appended to a failed cone or energy verdict when the solver declared no model: Box2D's
/// solvers fail these two laws by design, and a solver that declares its model is judged by
/// the laws that hold for it.
constexpr const char* kUndeclaredModelNote =
    " (a solver following box2d-sequential or box2d-block can, by design: declare the model "
    "and this law is judged as it holds for that model)";

LawVerdict verdict(std::string law, LawOutcome outcome, std::string why) {
  return {std::move(law), outcome, std::move(why)};
}

/// pass when |residual| ≤ budget (or residual ≤ budget when one-sided).
LawVerdict held(std::string law, const Q& residual, double budget, bool oneSided,
                const std::string& what) {
  const Q allowed = Q(budget) * Q(1 + 0x1p-40);
  const bool ok = oneSided ? residual <= allowed : abs(residual) <= allowed;
  return verdict(std::move(law), ok ? LawOutcome::pass : LawOutcome::fail,
                 what + ": residual " + showQ(residual) + (ok ? " within" : " exceeds") +
                     " the rounding budget " + show(budget));
}

/// v_rel·n at point i from the given velocities (exact).
Q normalVelocity(const ResponseCase& c, int i, Vec2 vA, double wA, Vec2 vB, double wB) {
  const Vec2 p = c.manifold.points[i].point, n = c.manifold.normal;
  const Q rAx = q(p.x) - c.a.center.x, rAy = q(p.y) - c.a.center.y;
  const Q rBx = q(p.x) - c.b.center.x, rBy = q(p.y) - c.b.center.y;
  const Q x = q(vB.x) - q(wB) * rBy - q(vA.x) + q(wA) * rAy;
  const Q y = q(vB.y) + q(wB) * rBx - q(vA.y) - q(wA) * rAx;
  return x * n.x + y * n.y;
}

/// The budget of a linear form at point i: Σ |coefficient|·δ over vA, ωA, vB, ωB of the result,
/// for the form v_rel·(d) with d = n (normal) or its crossed use (tangential, crossed = true).
double pointBudget(const ResponseCase& c, int i, const ResponseResult& r, const Scales& s,
                   bool crossed) {
  const Vec2 p = c.manifold.points[i].point, n = c.manifold.normal;
  const Vec2 rA = p - c.a.center, rB = p - c.b.center;
  const double cx = crossed ? std::fabs(n.y) : std::fabs(n.x);
  const double cy = crossed ? std::fabs(n.x) : std::fabs(n.y);
  const double armA = crossed ? std::fabs(dot(rA, n)) : std::fabs(cross(rA, n));
  const double armB = crossed ? std::fabs(dot(rB, n)) : std::fabs(cross(rB, n));
  return cx * (dv(r.a.velocity.x, s) + dv(r.b.velocity.x, s)) +
         cy * (dv(r.a.velocity.y, s) + dv(r.b.velocity.y, s)) + armA * dw(r.a.angularVelocity, s) +
         armB * dw(r.b.angularVelocity, s);
}

// ---- the laws ----------------------------------------------------------------------------

LawVerdict finite(const ResponseResult& r) {
  const double values[] = {r.a.velocity.x,       r.a.velocity.y,       r.a.angularVelocity,
                           r.a.correction.x,     r.a.correction.y,     r.b.velocity.x,
                           r.b.velocity.y,       r.b.angularVelocity,  r.b.correction.x,
                           r.b.correction.y,     r.impulses[0].normal, r.impulses[0].tangent,
                           r.impulses[1].normal, r.impulses[1].tangent};
  for (double x : values) {
    if (!std::isfinite(x)) return verdict("finite", LawOutcome::fail, "an output is " + show(x));
  }
  return verdict("finite", LawOutcome::pass, "every output is finite");
}

LawVerdict staticUntouched(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  std::string problems;
  for (auto [name, in, out] : {std::tuple{"A", &c.a, &r.a}, std::tuple{"B", &c.b, &r.b}}) {
    const double tv = s.epsilon * s.velocity, tw = s.epsilon * s.angular;
    if (in->invMass == 0 && (std::fabs(out->velocity.x - in->velocity.x) > tv ||
                             std::fabs(out->velocity.y - in->velocity.y) > tv ||
                             out->correction.x != 0 || out->correction.y != 0)) {
      problems += std::string(name) + " has inverse mass 0 but its velocity or position changed; ";
    }
    if (in->invInertia == 0 && std::fabs(out->angularVelocity - in->angularVelocity) > tw) {
      problems += std::string(name) + " has inverse inertia 0 but its angular velocity changed; ";
    }
  }
  if (!problems.empty()) return verdict("static-untouched", LawOutcome::fail, problems);
  return verdict("static-untouched", LawOutcome::pass, "no infinite mass or inertia moved");
}

LawVerdict linearMomentum(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  if (c.a.invMass == 0 || c.b.invMass == 0) {
    return verdict("linear-momentum", LawOutcome::notApplicable, "a body has infinite mass");
  }
  const Q mA = 1 / q(c.a.invMass), mB = 1 / q(c.b.invMass);
  const Q px =
      (q(r.a.velocity.x) - c.a.velocity.x) * mA + (q(r.b.velocity.x) - c.b.velocity.x) * mB;
  const Q py =
      (q(r.a.velocity.y) - c.a.velocity.y) * mA + (q(r.b.velocity.y) - c.b.velocity.y) * mB;
  const double bx = dv(r.a.velocity.x, s) / c.a.invMass + dv(r.b.velocity.x, s) / c.b.invMass;
  const double by = dv(r.a.velocity.y, s) / c.a.invMass + dv(r.b.velocity.y, s) / c.b.invMass;
  LawVerdict x = held("linear-momentum", px, bx, false, "change of momentum along x");
  return x.outcome == LawOutcome::fail ? x : held("linear-momentum", py, by, false, "along y");
}

LawVerdict angularMomentum(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  if (c.a.invMass == 0 || c.b.invMass == 0 || c.a.invInertia == 0 || c.b.invInertia == 0) {
    return verdict("angular-momentum", LawOutcome::notApplicable,
                   "a body has infinite mass or inertia");
  }
  Q total = 0;
  double budget = 0;
  for (auto [in, out] : {std::pair{&c.a, &r.a}, std::pair{&c.b, &r.b}}) {
    const Q dvx = q(out->velocity.x) - in->velocity.x, dvy = q(out->velocity.y) - in->velocity.y;
    total += (q(in->center.x) * dvy - q(in->center.y) * dvx) / q(in->invMass) +
             (q(out->angularVelocity) - in->angularVelocity) / q(in->invInertia);
    budget += (std::fabs(in->center.y) * dv(out->velocity.x, s) +
               std::fabs(in->center.x) * dv(out->velocity.y, s)) /
                  in->invMass +
              dw(out->angularVelocity, s) / in->invInertia;
  }
  return held("angular-momentum", total, budget, false,
              "change of angular momentum about the origin (with linear momentum: any point)");
}

/// ½(v·v/m⁻¹ + ω²/I⁻¹) over the finite masses and inertias; its rounding budget in *budget.
Q kinetic(const Body& in, Vec2 v, double w, const Scales& s, double* budget) {
  Q e = 0;
  if (in.invMass > 0) {
    e += (q(v.x) * v.x + q(v.y) * v.y) / (2 * q(in.invMass));
    if (budget) {
      *budget += ((std::fabs(v.x) + dv(v.x, s)) * dv(v.x, s) +
                  (std::fabs(v.y) + dv(v.y, s)) * dv(v.y, s)) /
                 in.invMass;
    }
  }
  if (in.invInertia > 0) {
    e += q(w) * w / (2 * q(in.invInertia));
    if (budget) *budget += (std::fabs(w) + dw(w, s)) * dw(w, s) / in.invInertia;
  }
  return e;
}

/// True when some point gets a restitution bias under the box2d models: e > 0 and an approach
/// faster than the threshold, v_rel·n < −restitutionThreshold before any impulse (exact).
bool someBias(const ResponseCase& c) {
  if (c.restitution == 0) return false;
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    const Q vn =
        normalVelocity(c, i, c.a.velocity, c.a.angularVelocity, c.b.velocity, c.b.angularVelocity);
    if (vn < -q(c.restitutionThreshold)) return true;
  }
  return false;
}

LawVerdict energy(const ResponseCase& c, const ResponseResult& r, const Scales& s,
                  std::string_view model) {
  // Under the box2d models energy holds when no point has a restitution bias (every pass is
  // then a projection: friction and normal steps clamp a 1-D or the 2×2 block problem, and
  // neither adds energy), or with one point and no friction (the first normal pass meets the
  // target −e·(v_rel·n) and the passes after it do nothing: source-003's single impulse).
  if (isBox2DModel(model) && someBias(c) && !(c.manifold.pointCount == 1 && c.friction == 0)) {
    return verdict("energy", LawOutcome::notApplicable,
                   "not applied under " + std::string(model) +
                       ": a point has a restitution bias (e > 0, approach faster than the "
                       "threshold) and the case has two points or friction, where meeting the "
                       "fixed bounce targets can add kinetic energy; judged under this model "
                       "only with e = 0, no approach beyond the threshold, or one point "
                       "without friction");
  }
  if (c.restitution > 1) {
    return verdict("energy", LawOutcome::notApplicable, "restitution above 1 adds energy");
  }
  for (const Body* b : {&c.a, &c.b}) {
    if ((b->invMass == 0 && (b->velocity.x != 0 || b->velocity.y != 0)) ||
        (b->invInertia == 0 && b->angularVelocity != 0)) {
      return verdict("energy", LawOutcome::notApplicable,
                     "a moving infinite mass or inertia (kinematic) may add energy");
    }
  }
  double budget = 0;
  const Q before = kinetic(c.a, c.a.velocity, c.a.angularVelocity, s, nullptr) +
                   kinetic(c.b, c.b.velocity, c.b.angularVelocity, s, nullptr);
  const Q after = kinetic(c.a, r.a.velocity, r.a.angularVelocity, s, &budget) +
                  kinetic(c.b, r.b.velocity, r.b.angularVelocity, s, &budget);
  const double k = c.a.invMass + c.b.invMass;
  budget += s.unitSlack * c.manifold.pointCount * s.relative * s.relative * 4 / k;
  LawVerdict v = held("energy", after - before, budget, true, "kinetic energy after minus before");
  if (v.outcome == LawOutcome::fail && c.restitution > 0 && model.empty())
    v.explanation += kUndeclaredModelNote;
  return v;
}

bool allSeparating(const ResponseCase& c) {
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    if (normalVelocity(c, i, c.a.velocity, c.a.angularVelocity, c.b.velocity, c.b.angularVelocity) <
        0) {
      return false;
    }
  }
  return true;
}

LawVerdict separating(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  if (!allSeparating(c)) {
    return verdict("separating", LawOutcome::notApplicable, "a point approaches");
  }
  const bool still =
      std::fabs(r.a.velocity.x - c.a.velocity.x) <= s.epsilon * s.velocity &&
      std::fabs(r.a.velocity.y - c.a.velocity.y) <= s.epsilon * s.velocity &&
      std::fabs(r.b.velocity.x - c.b.velocity.x) <= s.epsilon * s.velocity &&
      std::fabs(r.b.velocity.y - c.b.velocity.y) <= s.epsilon * s.velocity &&
      std::fabs(r.a.angularVelocity - c.a.angularVelocity) <= s.epsilon * s.angular &&
      std::fabs(r.b.angularVelocity - c.b.angularVelocity) <= s.epsilon * s.angular;
  return verdict("separating", still ? LawOutcome::pass : LawOutcome::fail,
                 still ? "every point separates or rests: no impulse, velocities unchanged"
                       : "every point separates or rests (v_rel·n ≥ 0) but the velocities "
                         "changed: an impulse pulled the bodies together");
}

LawVerdict restitution(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  if (c.manifold.pointCount != 1 || c.friction != 0) {
    return verdict("restitution", LawOutcome::notApplicable, "needs one point and no friction");
  }
  const Q before =
      normalVelocity(c, 0, c.a.velocity, c.a.angularVelocity, c.b.velocity, c.b.angularVelocity);
  if (before >= 0) return verdict("restitution", LawOutcome::notApplicable, "not approaching");
  const Q after =
      normalVelocity(c, 0, r.a.velocity, r.a.angularVelocity, r.b.velocity, r.b.angularVelocity);
  const double budget = pointBudget(c, 0, r, s, false) +
                        s.unitSlack * (1 + c.restitution) * std::fabs(before.convert_to<double>());
  const LawVerdict bounce = held("restitution", after + q(c.restitution) * before, budget, false,
                                 "v_rel·n after + e·(v_rel·n before), before = " + showQ(before));
  // A solver with a restitution threshold (box2d-sequential) drops the bounce when the approach
  // speed is at most the threshold: then v_rel·n after = 0 holds the law too.
  if (bounce.outcome == LawOutcome::pass || -before > q(c.restitutionThreshold)) return bounce;
  const LawVerdict stop =
      held("restitution", after, budget, false,
           "below the restitution threshold: v_rel·n after, before = " + showQ(before));
  return stop.outcome == LawOutcome::pass ? stop : bounce;
}

/// The total impulse on B, from whichever body has finite mass, and its rounding per component.
void totalImpulse(const ResponseCase& c, const ResponseResult& r, const Scales& s, Q* px, Q* py,
                  double* budget) {
  const bool fromB = c.b.invMass > 0;
  const Body& in = fromB ? c.b : c.a;
  const BodyResponse& out = fromB ? r.b : r.a;
  const Q sign = fromB ? Q(1) : Q(-1);
  *px = sign * (q(out.velocity.x) - in.velocity.x) / q(in.invMass);
  *py = sign * (q(out.velocity.y) - in.velocity.y) / q(in.invMass);
  *budget = std::max(dv(out.velocity.x, s), dv(out.velocity.y, s)) / in.invMass;
}

/// Every reported normal impulse ≥ 0, and (with `mu`) every |jt| ≤ μ·jn: the first point
/// outside, or nothing.
std::optional<LawVerdict> pointOutside(const ResponseResult& r, const Scales& s,
                                       std::optional<double> mu, const std::string& law,
                                       const std::string& note) {
  for (int i = 0; i < r.pointCount; ++i) {
    const PointImpulse& j = r.impulses[i];
    const double m = mu.value_or(0);
    const double slack = halfUlp(j.tangent) + (1 + m) * (halfUlp(j.normal) + s.epsilon * s.impulse);
    if (j.normal < -slack || (mu && std::fabs(j.tangent) > m * j.normal + slack)) {
      return verdict(law, LawOutcome::fail,
                     "point " + std::to_string(i) + " reports normal " + show(j.normal) +
                         " and tangent " + show(j.tangent) + ": outside " +
                         (mu ? "|jt| ≤ μ·jn with μ = " + show(m) : std::string("jn ≥ 0")) + note);
    }
  }
  return std::nullopt;
}

/// The total impulse on B, P (from the velocities): P·n ≥ 0, and (with `mu`)
/// |P × n| ≤ μ·(P·n).
LawVerdict totalInCone(const ResponseCase& c, const ResponseResult& r, const Scales& s,
                       std::optional<double> mu, const std::string& law, const std::string& note) {
  Q px, py;
  double d = 0;
  totalImpulse(c, r, s, &px, &py, &d);
  const Vec2 n = c.manifold.normal;
  const Q pn = px * n.x + py * n.y, pt = px * n.y - py * n.x;
  const double budgetN = (std::fabs(n.x) + std::fabs(n.y)) * d;
  if (pn < -Q(budgetN)) return held(law, pn, budgetN, false, "the impulse pulls (P·n < 0)");
  if (!mu) return held(law, -pn, budgetN, true, "the total impulse on B pushes: −P·n");
  const double slack = (1 + *mu) * s.unitSlack * c.manifold.pointCount *
                       (s.impulse + s.relative / (c.a.invMass + c.b.invMass)) * 2;
  LawVerdict v = held(law, abs(pt) - q(*mu) * pn, (1 + *mu) * budgetN + slack, true,
                      "|P × n| − μ·(P·n) of the total impulse on B");
  if (v.outcome == LawOutcome::fail) v.explanation += note;
  return v;
}

LawVerdict coulombCone(const ResponseCase& c, const ResponseResult& r, const Scales& s,
                       std::string_view model) {
  if (c.manifold.pointCount == 0)
    return verdict("coulomb-cone", LawOutcome::notApplicable, "no point");
  if (isBox2DModel(model)) {
    return verdict("coulomb-cone", LawOutcome::notApplicable,
                   "not applied under " + std::string(model) +
                       ": each pass clamps the accumulated friction by the normal impulse from "
                       "before that pass's normal step, which may then lower it, so a correct "
                       "answer can report |jt| > μ·jn (friction-bound is judged instead)");
  }
  const std::string note = model.empty() ? kUndeclaredModelNote : "";
  if (auto outside = pointOutside(r, s, c.friction, "coulomb-cone", note)) return *outside;
  return totalInCone(c, r, s, c.friction, "coulomb-cone", note);
}

/// The cone bound the box2d models guarantee: the normal impulses push (each accumulated
/// normal impulse is clamped to ≥ 0, and t·n = 0 exactly, so P·n = Σ jn·(n·n) ≥ 0); the friction
/// is 0 when every pass's clamp is ±μ·0: μ = 0, or one iteration (the first pass's friction
/// comes before any normal impulse).
LawVerdict frictionBound(const ResponseCase& c, const ResponseResult& r, const Scales& s,
                         std::string_view model) {
  if (!isBox2DModel(model)) {
    return verdict("friction-bound", LawOutcome::notApplicable,
                   "coulomb-cone applies to this model and includes this bound");
  }
  if (c.manifold.pointCount == 0)
    return verdict("friction-bound", LawOutcome::notApplicable, "no point");
  const bool noFriction = c.friction == 0 || c.iterations == 1;
  const std::optional<double> mu = noFriction ? std::optional<double>(0.0) : std::nullopt;
  const std::string what = noFriction ? (c.friction == 0 ? " (μ = 0: no friction)"
                                                         : " (one iteration: its friction pass "
                                                           "comes before any normal impulse, "
                                                           "clamped to ±μ·0)")
                                      : " (normal impulses push)";
  if (auto outside = pointOutside(r, s, mu, "friction-bound", what)) return *outside;
  LawVerdict v = totalInCone(c, r, s, mu, "friction-bound", what);
  if (v.outcome == LawOutcome::pass) v.explanation += what;
  return v;
}

LawVerdict slipNotReversed(const ResponseCase& c, const ResponseResult& r, const Scales& s) {
  if (c.manifold.pointCount != 1 || c.friction == 0) {
    return verdict("slip-not-reversed", LawOutcome::notApplicable, "needs one point and friction");
  }
  Q px, py;
  double d = 0;
  totalImpulse(c, r, s, &px, &py, &d);
  const Vec2 n = c.manifold.normal, p = c.manifold.points[0].point;
  const Q rAx = q(p.x) - c.a.center.x, rAy = q(p.y) - c.a.center.y;
  const Q rBx = q(p.x) - c.b.center.x, rBy = q(p.y) - c.b.center.y;
  const Q ux = q(r.b.velocity.x) - q(r.b.angularVelocity) * rBy - q(r.a.velocity.x) +
               q(r.a.angularVelocity) * rAy;
  const Q uy = q(r.b.velocity.y) + q(r.b.angularVelocity) * rBx - q(r.a.velocity.y) -
               q(r.a.angularVelocity) * rAx;
  const Q slipCross = ux * n.y - uy * n.x;     // v_rel after × n: the remaining slip
  const Q impulseCross = px * n.y - py * n.x;  // P × n: the friction impulse
  const double du = pointBudget(c, 0, r, s, true);
  const double dp = (std::fabs(n.x) + std::fabs(n.y)) * d;
  const double budget = std::fabs(impulseCross.convert_to<double>()) * du +
                        std::fabs(slipCross.convert_to<double>()) * dp + du * dp +
                        s.unitSlack * s.relative * s.relative * 2 / (c.a.invMass + c.b.invMass);
  return held("slip-not-reversed", impulseCross * slipCross, budget, true,
              "(P × n)·(v_rel after × n) ≤ 0: friction opposes the slip it leaves");
}

}  // namespace

std::string_view lawOutcomeName(LawOutcome outcome) {
  switch (outcome) {
    case LawOutcome::pass:
      return "pass";
    case LawOutcome::fail:
      return "fail";
    case LawOutcome::notApplicable:
      return "n/a";
  }
  return "fail";
}

ResponseTolerance toleranceForEngine(std::string_view engine) {
  if (engine == "fast") return {64 * 0x1p-52};
  if (engine == "fast_float") return {64 * 0x1p-23};
  return {0.0};
}

std::vector<LawVerdict> judgeResponseLaws(const ResponseCase& c, const ResponseResult& r,
                                          const ResponseTolerance& tolerance,
                                          std::string_view model) {
  if (auto e = validateResponseCase(c)) {
    const bool refused = r.status == ResponseStatus::error;
    return {verdict("status", refused ? LawOutcome::pass : LawOutcome::fail,
                    "the case is invalid (" + e->describe() + ")" +
                        (refused ? "" : " but the solver answered ok"))};
  }
  if (r.status != ResponseStatus::ok) {
    return {verdict("status", LawOutcome::fail,
                    "the case is valid but the solver answered error: " + r.reason)};
  }
  if (r.pointCount != c.manifold.pointCount) {
    return {verdict("status", LawOutcome::fail,
                    std::to_string(r.pointCount) + " impulses for " +
                        std::to_string(c.manifold.pointCount) + " manifold points")};
  }
  LawVerdict isFinite = finite(r);
  if (isFinite.outcome == LawOutcome::fail) return {isFinite};
  const Scales s = scalesOf(c, tolerance);
  return {isFinite,
          staticUntouched(c, r, s),
          linearMomentum(c, r, s),
          angularMomentum(c, r, s),
          energy(c, r, s, model),
          separating(c, r, s),
          restitution(c, r, s),
          coulombCone(c, r, s, model),
          frictionBound(c, r, s, model),
          slipNotReversed(c, r, s)};
}

LawVerdict judgeSwapSymmetry(const ResponseCase& c, const ResponseResult& r,
                             const ResponseResult& swappedResult,
                             const ResponseTolerance& tolerance) {
  const Scales s = scalesOf(c, tolerance);
  const ResponseResult back = swapBodies(swappedResult);
  auto near = [](double x, double y, double t) { return std::fabs(x - y) <= t; };
  bool ok = r.status == back.status && r.pointCount == back.pointCount;
  for (int i = 0; ok && i < r.pointCount; ++i) {
    ok = near(r.impulses[i].normal, back.impulses[i].normal, 2 * s.epsilon * s.impulse) &&
         near(r.impulses[i].tangent, back.impulses[i].tangent, 2 * s.epsilon * s.impulse);
  }
  for (auto [x, y] : {std::pair{&r.a, &back.a}, std::pair{&r.b, &back.b}}) {
    ok = ok && near(x->velocity.x, y->velocity.x, 2 * s.epsilon * s.velocity) &&
         near(x->velocity.y, y->velocity.y, 2 * s.epsilon * s.velocity) &&
         near(x->angularVelocity, y->angularVelocity, 2 * s.epsilon * s.angular) &&
         near(x->correction.x, y->correction.x, 2 * s.epsilon * s.velocity) &&
         near(x->correction.y, y->correction.y, 2 * s.epsilon * s.velocity);
  }
  return verdict("swap-symmetry", ok ? LawOutcome::pass : LawOutcome::fail,
                 ok ? "exchanging A and B exchanges the results"
                    : "the result for B, A (normal negated) is not this result with A and B "
                      "exchanged");
}

LawVerdict judgeAgainstModel(const ResponseCase& c, const ResponseResult& r, std::string_view model,
                             const ResponseTolerance& tolerance) {
  const ResponseResult expected = reference::respond(c, model);
  if (expected.status != r.status || expected.pointCount != r.pointCount) {
    return verdict("model", LawOutcome::fail,
                   "status or point count differs from the reference under " + std::string(model));
  }
  if (expected.status == ResponseStatus::error)
    return verdict("model", LawOutcome::pass, expected.reason);
  const Scales s = scalesOf(c, tolerance);
  std::string worst;
  auto check = [&](const char* name, double x, double e, double scale) {
    if (worst.empty() && !(std::fabs(x - e) <= halfUlp(e) + s.epsilon * scale)) {
      worst = std::string(name) + " is " + show(x) + ", the model gives " + show(e);
    }
  };
  for (int i = 0; i < r.pointCount; ++i) {
    check("impulses.normal", r.impulses[i].normal, expected.impulses[i].normal, s.impulse);
    check("impulses.tangent", r.impulses[i].tangent, expected.impulses[i].tangent, s.impulse);
  }
  for (auto [name, x, e] :
       {std::tuple{"a", &r.a, &expected.a}, std::tuple{"b", &r.b, &expected.b}}) {
    check(name, x->velocity.x, e->velocity.x, s.velocity);
    check(name, x->velocity.y, e->velocity.y, s.velocity);
    check(name, x->angularVelocity, e->angularVelocity, s.angular);
    check(name, x->correction.x, e->correction.x, s.velocity + 1);
    check(name, x->correction.y, e->correction.y, s.velocity + 1);
  }
  return verdict("model", worst.empty() ? LawOutcome::pass : LawOutcome::fail,
                 worst.empty() ? "every output agrees with " + std::string(model) : worst);
}

bool passes(const std::vector<LawVerdict>& verdicts) {
  return std::none_of(verdicts.begin(), verdicts.end(),
                      [](const LawVerdict& v) { return v.outcome == LawOutcome::fail; });
}

}  // namespace touche::oracle
