// touche reference — the collision response of source 003, exact (design notes §9).
//
// Source 003 ("separating the colliding bodies and the collision impulse") in touche's frame:
// the normal n points from A to B and v_rel = v_B(point) − v_A(point), so approaching means
// v_rel·n < 0 (the post uses vr = vA − vB with the opposite sign convention). Per manifold
// point, in order:
//   Step 1. Lever arms r_A = point − c_A, r_B = point − c_B.
//   Step 2. Velocity at the point v + ω × r, ω × r = (−ω r.y, ω r.x). (The text writes r × ω,
//           the negative; its code's scalarCross computes ω × r. Erratum.)
//   Step 3. v_rel·n ≥ 0: separating or resting, no impulse. (The post has no such guard and
//           pulls separating bodies together. Erratum.)
//   Step 4. k_n = mA⁻¹ + mB⁻¹ + (r_A × n)²·IA⁻¹ + (r_B × n)²·IB⁻¹ (the post's n·((r×n)/I × r)).
//   Step 5. jn = −(1 + e)(v_rel·n)/k_n: B gets +jn·n at the point, A gets −jn·n.
//   Step 6. Friction from the updated velocities: u = v_rel − (v_rel·n)n, t = u/|u| (none when
//           u = 0: the post normalises a zero vector. Erratum); k_t as k_n with t;
//           jt = −|u|/k_t clamped to [−μ·jn, μ·jn]; B gets +jt·t, A gets −jt·t.
// After all points:
//   Step 7. depth = max(−separation); if depth > slop, c = (depth − slop)/(mA⁻¹ + mB⁻¹)·percent,
//           A moves by −mA⁻¹·c·n and B by +mB⁻¹·c·n. (Two static bodies divide by zero in the
//           post; here they are refused by validation. Erratum.)
// Everything is rational except √(u·u), one per point; response_numbers.h keeps those exact.
#include "touche/reference/response.h"

#include <algorithm>
#include <optional>
#include <string>

#include "respond_models.h"
#include "response_numbers.h"
#include "rounding.h"

namespace touche::reference {
namespace {

using response::lift;
using response::Surd2;

using Vec2S = Vec2Of<Surd2>;  // +, −, k·a, dot, cross: exact.h

Vec2S liftVec(Vec2 v) {
  return {lift(liftExact(v.x)), lift(liftExact(v.y))};
}

/// One body during the response: exact state, updated impulse by impulse.
struct BodyState {
  Surd2 invMass;
  Surd2 invInertia;
  Vec2S center;
  Vec2S velocity;
  Surd2 angularVelocity;
};

BodyState liftBody(const Body& b) {
  return {lift(liftExact(b.invMass)), lift(liftExact(b.invInertia)), liftVec(b.center),
          liftVec(b.velocity), lift(liftExact(b.angularVelocity))};
}

/// Step 2: v + ω × r with ω × r = (−ω·r.y, ω·r.x).
Vec2S velocityAt(const BodyState& body, const Vec2S& r) {
  return {body.velocity.x - body.angularVelocity * r.y,
          body.velocity.y + body.angularVelocity * r.x};
}

/// The impulse `impulse` applied at lever arm r: v += m⁻¹·P, ω += I⁻¹·(r × P).
void applyImpulse(BodyState& body, const Vec2S& r, const Vec2S& impulse) {
  body.velocity = body.velocity + body.invMass * impulse;
  body.angularVelocity = body.angularVelocity + body.invInertia * cross(r, impulse);
}

/// Step 4 (and 6 with d = u, scaled by 1/|u|²): mA⁻¹ + mB⁻¹ + ((r_A × d)²IA⁻¹ + (r_B ×
/// d)²IB⁻¹)/(d·d).
Surd2 effectiveMass(const BodyState& a, const BodyState& b, const Vec2S& rA, const Vec2S& rB,
                    const Vec2S& d, const Surd2& dd) {
  const Surd2 ca = cross(rA, d);
  const Surd2 cb = cross(rB, d);
  return a.invMass + b.invMass + (ca * ca * a.invInertia + cb * cb * b.invInertia) / dd;
}

struct Contact {
  Vec2S rA;
  Vec2S rB;
  Vec2S n;
};

Vec2S relativeVelocity(const BodyState& a, const BodyState& b, const Contact& k) {
  return velocityAt(b, k.rB) - velocityAt(a, k.rA);
}

/// u = v − (v·n)n: the part of v along the contact plane (n as given, never renormalised).
Vec2S tangentialPart(const Vec2S& v, const Vec2S& n) {
  return v - dot(v, n) * n;
}

/// Steps 3–5: the normal impulse jn (0 when separating or resting), applied.
Surd2 normalImpulse(BodyState& a, BodyState& b, const Contact& k, const Surd2& e) {
  const Surd2 vn = dot(relativeVelocity(a, b, k), k.n);
  if (response::sign(vn) >= 0) return {};  // Step 3: the guard the post forgets
  const Surd2 kn = effectiveMass(a, b, k.rA, k.rB, k.n, lift(1));  // Step 4 (n as given)
  const Surd2 jn = -(lift(1) + e) * vn / kn;                       // Step 5
  applyImpulse(b, k.rB, jn * k.n);
  applyImpulse(a, k.rA, -jn * k.n);
  return jn;
}

/// Step 6: the friction impulse jt along t = u/|u| (0 when u = 0), clamped and applied.
Surd2 frictionImpulse(BodyState& a, BodyState& b, const Contact& k, const Surd2& jn,
                      const Surd2& mu, response::Tower& tower) {
  const Vec2S u = tangentialPart(relativeVelocity(a, b, k), k.n);
  const Surd2 uu = dot(u, u);
  if (response::sign(uu) == 0) return {};  // no slip, no direction: the post's 0/0
  const Surd2 slip = tower.sqrt(uu);       // |u| = v_rel·t
  const Surd2 kt = effectiveMass(a, b, k.rA, k.rB, u, uu);
  const Surd2 bound = mu * jn;
  // |u|/k_t ≤ μ·jn: the impulse that stops the slip is within the cone.
  const bool sticks = response::sign(bound * kt - slip) >= 0;
  const Surd2 jt = sticks ? -(slip / kt) : -bound;
  // jt·t = jt·u/|u|: −u/k_t when it sticks, −μ·jn·u·|u|/|u|² when it slides.
  const Vec2S impulse = sticks ? (-(lift(1) / kt)) * u : (-bound * slip / uu) * u;
  applyImpulse(b, k.rB, impulse);
  applyImpulse(a, k.rA, lift(-1) * impulse);
  return jt;
}

/// Step 7: depth = max over the points of −separation (at least one point).
Rational deepest(const Manifold& m) {
  Rational depth = -liftExact(m.points[0].separation);
  for (int i = 1; i < m.pointCount; ++i)
    depth = std::max(depth, -liftExact(m.points[i].separation));
  return depth;
}

/// Step 7: c = (depth − slop)/(mA⁻¹ + mB⁻¹)·percent when depth > slop, else nothing.
std::optional<Rational> correctionAmount(const ResponseCase& c, const Rational& depth) {
  const Rational slop = liftExact(c.slop);
  if (depth <= slop) return std::nullopt;
  return (depth - slop) / (liftExact(c.a.invMass) + liftExact(c.b.invMass)) * liftExact(c.percent);
}

/// Step 7: the translations of the centres; rational.
void correct(const ResponseCase& c, ResponseResult& out) {
  const Manifold& m = c.manifold;
  if (m.pointCount == 0) return;
  const std::optional<Rational> amount = correctionAmount(c, deepest(m));
  if (!amount) return;
  const ExactVec2 n = liftExact(m.normal);
  out.a.correction = roundNearest(Rational(-liftExact(c.a.invMass) * *amount) * n);
  out.b.correction = roundNearest(Rational(liftExact(c.b.invMass) * *amount) * n);
}

double rounded(const Surd2& x) {
  return response::roundNearest(x);
}

Vec2 rounded(const Vec2S& v) {
  return {rounded(v.x), rounded(v.y)};
}

BodyResponse roundBody(const BodyState& s) {
  return {{rounded(s.velocity.x), rounded(s.velocity.y)}, rounded(s.angularVelocity), {}};
}

ResponseResult respondSource003(const ResponseCase& c) {
  response::Tower tower;
  BodyState a = liftBody(c.a);
  BodyState b = liftBody(c.b);
  const Surd2 e = lift(liftExact(c.restitution));
  const Surd2 mu = lift(liftExact(c.friction));
  const Vec2S n = liftVec(c.manifold.normal);
  ResponseResult out;
  out.pointCount = c.manifold.pointCount;
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    const Vec2S point = liftVec(c.manifold.points[i].point);
    const Contact k{point - a.center, point - b.center, n};  // Step 1
    const Surd2 jn = normalImpulse(a, b, k, e);
    const Surd2 jt = response::sign(jn) > 0 ? frictionImpulse(a, b, k, jn, mu, tower) : Surd2{};
    out.impulses[i] = {rounded(jn), rounded(jt)};
  }
  out.a = roundBody(a);
  out.b = roundBody(b);
  correct(c, out);
  return out;
}

/// The velocities of `answer` on the bodies of `c` (masses and centres the case's).
BodyState answered(const Body& body, const BodyResponse& answer) {
  BodyState s = liftBody(body);
  s.velocity = liftVec(answer.velocity);
  s.angularVelocity = lift(liftExact(answer.angularVelocity));
  return s;
}

/// Steps 1–6 at the first point: the state before (the case's), after jn·n, and the answer's.
void pointSteps(const ResponseCase& c, const ResponseResult& answer, std::string_view model,
                ResponseSteps& out) {
  BodyState a = liftBody(c.a);
  BodyState b = liftBody(c.b);
  const Vec2S point = liftVec(c.manifold.points[0].point);
  const Contact k{point - a.center, point - b.center, liftVec(c.manifold.normal)};  // Step 1
  out.leverA = rounded(k.rA);
  out.leverB = rounded(k.rB);
  const Vec2S before = relativeVelocity(a, b, k);  // Step 2
  const Surd2 vn = dot(before, k.n);               // Step 3
  out.relativeVelocityBefore = rounded(before);
  out.approach = rounded(vn);
  out.approaching = response::sign(vn) < 0;
  out.normalMass = rounded(effectiveMass(a, b, k.rA, k.rB, k.n, lift(1)));  // Step 4
  // Step 5: source 003's impulse, or the answer's under another model, applied at the point.
  const Surd2 jn = model != kModelSource003
                       ? lift(liftExact(answer.impulses[0].normal))
                       : normalImpulse(a, b, k, lift(liftExact(c.restitution)));
  if (model != kModelSource003) {
    applyImpulse(b, k.rB, jn * k.n);
    applyImpulse(a, k.rA, -jn * k.n);
  }
  const Vec2S afterNormal = relativeVelocity(a, b, k);
  out.relativeVelocityAfterNormal = rounded(afterNormal);
  out.approachAfterNormal = rounded(dot(afterNormal, k.n));
  // Step 6: the slip u, and how hard it is to stop; inside the cone when |u|/k_t ≤ μ·jn, that
  // is u·u ≤ (μ·jn·k_t)² (jn ≥ 0), decided without the root.
  const Vec2S u = tangentialPart(afterNormal, k.n);
  const Surd2 uu = dot(u, u);
  out.slip = rounded(u);
  out.slipping = response::sign(uu) > 0;
  if (out.slipping) {
    const Surd2 kt = effectiveMass(a, b, k.rA, k.rB, u, uu);
    const Surd2 bound = lift(liftExact(c.friction)) * jn * kt;
    out.tangentMass = rounded(kt);
    out.insideCone = response::sign(bound * bound - uu) >= 0;
  }
  const Vec2S after = relativeVelocity(answered(c.a, answer.a), answered(c.b, answer.b), k);
  out.relativeVelocityAfter = rounded(after);
  out.slipAfter = rounded(tangentialPart(after, k.n));
}

}  // namespace

ResponseSteps respondSteps(const ResponseCase& c, const ResponseResult& answer,
                           std::string_view model) {
  ResponseSteps out;
  pointSteps(c, answer, model, out);
  // Step 7: the depth over every point and the correction it asks for.
  const Rational depth = std::max(Rational(0), deepest(c.manifold));
  out.depth = roundNearest(depth);
  if (const std::optional<Rational> amount = correctionAmount(c, depth)) {
    const Rational invMasses = liftExact(c.a.invMass) + liftExact(c.b.invMass);
    const ExactVec2 n = liftExact(c.manifold.normal);
    out.correction = roundNearest(*amount);
    out.moved = roundNearest(Rational(invMasses * *amount * dot(n, n)));
  }
  return out;
}

ResponseResult respond(const ResponseCase& c, std::string_view model) {
  if (!isResponseModel(model)) return responseError(unknownResponseModel(model));
  if (auto e = validateResponseCase(c)) return responseError(*e);
  if (c.manifold.pointCount == 0) return respondWithoutPoints(c);
  try {
    if (model == kModelBox2DSequential) return finiteOrError(respondBox2DSequential(c));
    if (model == kModelBox2DBlock) return finiteOrError(respondBox2DBlock(c));
    return finiteOrError(respondSource003(c));
  } catch (const NonFiniteValue& e) {
    return responseError(InputError{"case", e.what()});
  }
}

}  // namespace touche::reference
