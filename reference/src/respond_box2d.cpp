// touche reference — Box2D 2.4.1's sequential impulses for one manifold, exact (design notes
// §9, docs/conventions.md "Response", model box2d-sequential).
//
// The model, in touche's frame (n from A to B, v_rel = v_B(point) − v_A(point)):
//   Step 1. Per point, once: lever arms r_A, r_B; effective masses
//           k_n = mA⁻¹ + mB⁻¹ + (r_A × n)²IA⁻¹ + (r_B × n)²IB⁻¹ and k_t the same with the fixed
//           tangent t = (n.y, −n.x); the velocity bias −e·(v_rel·n) when the approach speed
//           −v_rel·n exceeds the restitution threshold, else 0 (from the velocities before).
//   Step 2. `iterations` times: for every point in order the friction impulse
//           λ = −(v_rel·t)/k_t, the accumulated tangent impulse clamped to ±μ·(accumulated
//           normal impulse), only the change applied; then for every point the normal impulse
//           λ = −(v_rel·n − bias)/k_n, the accumulated normal impulse clamped to ≥ 0, only the
//           change applied.
// No warm starting (accumulated impulses start at 0), no positional correction (corrections 0).
// t is fixed, so nothing needs a square root: every quantity is rational.
#include <algorithm>
#include <vector>

#include "exact.h"
#include "respond_models.h"
#include "rounding.h"

namespace touche::reference {
namespace {

struct ExactBody {
  Rational invMass;
  Rational invInertia;
  ExactVec2 velocity;
  Rational angularVelocity;

  /// v + ω × r with ω × r = (−ω·r.y, ω·r.x).
  ExactVec2 velocityAt(const ExactVec2& r) const {
    return {velocity.x - angularVelocity * r.y, velocity.y + angularVelocity * r.x};
  }
  /// The impulse p at lever arm r: v += m⁻¹·p, ω += I⁻¹·(r × p).
  void apply(const ExactVec2& r, const ExactVec2& p) {
    velocity = velocity + invMass * p;
    angularVelocity += invInertia * cross(r, p);
  }
};

ExactBody liftBody(const Body& b) {
  return {liftExact(b.invMass), liftExact(b.invInertia), liftExact(b.velocity),
          liftExact(b.angularVelocity)};
}

struct PointConstraint {
  ExactVec2 rA;
  ExactVec2 rB;
  Rational normalMass;   ///< k_n
  Rational tangentMass;  ///< k_t
  Rational bias;
  Rational normalImpulse;   ///< accumulated
  Rational tangentImpulse;  ///< accumulated
};

Rational effectiveMass(const ExactBody& a, const ExactBody& b, const PointConstraint& k,
                       const ExactVec2& d) {
  const Rational ca = cross(k.rA, d);
  const Rational cb = cross(k.rB, d);
  return a.invMass + b.invMass + ca * ca * a.invInertia + cb * cb * b.invInertia;
}

Rational relativeSpeed(const ExactBody& a, const ExactBody& b, const PointConstraint& k,
                       const ExactVec2& d) {
  return dot(b.velocityAt(k.rB) - a.velocityAt(k.rA), d);
}

/// Applies the change λ of an accumulated impulse along d: +λ·d to B, −λ·d to A.
void applyChange(ExactBody& a, ExactBody& b, const PointConstraint& k, const ExactVec2& d,
                 const Rational& lambda) {
  const ExactVec2 p = lambda * d;
  b.apply(k.rB, p);
  a.apply(k.rA, Rational(-1) * p);
}

/// Step 1: the constraint of one point, from the velocities before any impulse.
PointConstraint initialize(const ResponseCase& c, const ExactBody& a, const ExactBody& b,
                           const ExactVec2& point, const ExactVec2& n, const ExactVec2& t) {
  PointConstraint k;
  k.rA = point - liftExact(c.a.center);
  k.rB = point - liftExact(c.b.center);
  k.normalMass = effectiveMass(a, b, k, n);
  k.tangentMass = effectiveMass(a, b, k, t);
  const Rational vn = relativeSpeed(a, b, k, n);
  if (vn < -liftExact(c.restitutionThreshold)) k.bias = -liftExact(c.restitution) * vn;
  return k;
}

/// Step 2, friction: accumulated tangent impulse within ±μ·(accumulated normal impulse).
void solveFriction(ExactBody& a, ExactBody& b, PointConstraint& k, const ExactVec2& t,
                   const Rational& mu) {
  const Rational lambda = -relativeSpeed(a, b, k, t) / k.tangentMass;
  const Rational bound = mu * k.normalImpulse;
  const Rational wanted = k.tangentImpulse + lambda;
  const Rational accumulated = std::max(Rational(-bound), std::min(wanted, bound));
  applyChange(a, b, k, t, accumulated - k.tangentImpulse);
  k.tangentImpulse = accumulated;
}

/// Step 2, normal: accumulated normal impulse ≥ 0.
void solveNormal(ExactBody& a, ExactBody& b, PointConstraint& k, const ExactVec2& n) {
  const Rational lambda = -(relativeSpeed(a, b, k, n) - k.bias) / k.normalMass;
  const Rational accumulated = std::max(Rational(0), k.normalImpulse + lambda);
  applyChange(a, b, k, n, accumulated - k.normalImpulse);
  k.normalImpulse = accumulated;
}

BodyResponse roundBody(const ExactBody& s) {
  return {roundNearest(s.velocity), roundNearest(s.angularVelocity), {}};
}

}  // namespace

ResponseResult respondBox2DSequential(const ResponseCase& c) {
  ExactBody a = liftBody(c.a);
  ExactBody b = liftBody(c.b);
  const Manifold& m = c.manifold;
  const ExactVec2 n = liftExact(m.normal);
  const ExactVec2 t{n.y, -n.x};
  const Rational mu = liftExact(c.friction);
  std::vector<PointConstraint> points;
  for (int i = 0; i < m.pointCount; ++i) {
    points.push_back(initialize(c, a, b, liftExact(m.points[i].point), n, t));
  }
  for (int iteration = 0; iteration < c.iterations; ++iteration) {
    for (PointConstraint& k : points)
      solveFriction(a, b, k, t, mu);
    for (PointConstraint& k : points)
      solveNormal(a, b, k, n);
  }
  ResponseResult out;
  out.pointCount = m.pointCount;
  for (int i = 0; i < m.pointCount; ++i) {
    out.impulses[i] = {roundNearest(points[i].normalImpulse),
                       roundNearest(points[i].tangentImpulse)};
  }
  out.a = roundBody(a);
  out.b = roundBody(b);
  return out;
}

}  // namespace touche::reference
