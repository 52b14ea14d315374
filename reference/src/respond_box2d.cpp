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
//
// Model box2d-block (Box2D 2.4.1 as it ships, its block solver on) differs for two points only:
//   Step 1b. K = [[k11, k12], [k12, k22]], k_ii the points' k_n and
//            k12 = mA⁻¹ + mB⁻¹ + (r_A1 × n)(r_A2 × n)IA⁻¹ + (r_B1 × n)(r_B2 × n)IB⁻¹. When
//            k11² ≥ 1000·det K the points are redundant: only the first is solved (friction
//            too), the second reports 0.
//   Step 2b. The normal step solves both accumulated impulses x = (x1, x2) at once: with a the
//            accumulated impulses before and b = v_rel·n − bias − K·a at each point, the
//            relative normal velocities after are w = K·x + b, and x solves the linear
//            complementarity problem x ≥ 0, w ≥ 0, x·w = 0 by total enumeration, first case
//            that holds: (1) both pushing, w = 0: x = −K⁻¹b ≥ 0; (2) only the first, x2 = 0:
//            x1 = −b1/k11 ≥ 0 and w2 = k12·x1 + b2 ≥ 0; (3) only the second, x1 = 0:
//            x2 = −b2/k22 ≥ 0 and w1 = k12·x2 + b1 ≥ 0; (4) neither: b1 ≥ 0 and b2 ≥ 0. K is
//            positive definite (det K > k11²/1000 > 0), so exactly one case holds in exact
//            arithmetic (a float solver may find none: Box2D then keeps a, touche's fast engine
//            takes the case that misses by least).
//            Only the change x − a is applied.
#include <algorithm>
#include <array>
#include <optional>
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

/// Step 1b: the two points' effective mass matrix K = [[k11, k12], [k12, k22]].
struct BlockMatrix {
  Rational k11;
  Rational k12;
  Rational k22;
  Rational det;  ///< k11·k22 − k12², > 0
};

/// K when it is well conditioned (k11² < 1000·det K), else nothing: the points are redundant.
std::optional<BlockMatrix> blockMatrix(const ExactBody& a, const ExactBody& b,
                                       const PointConstraint& p1, const PointConstraint& p2,
                                       const ExactVec2& n) {
  const Rational k12 = a.invMass + b.invMass + cross(p1.rA, n) * cross(p2.rA, n) * a.invInertia +
                       cross(p1.rB, n) * cross(p2.rB, n) * b.invInertia;
  BlockMatrix k{p1.normalMass, k12, p2.normalMass, p1.normalMass * p2.normalMass - k12 * k12};
  if (!(k.k11 * k.k11 < liftExact(kBlockMaxConditionNumber) * k.det)) return std::nullopt;
  return k;
}

/// Step 2b: the accumulated normal impulses of both points from the 2×2 linear complementarity
/// problem x ≥ 0, w = K·x + b ≥ 0, x·w = 0, its four cases tried in order.
std::optional<std::array<Rational, 2>> solveBlockLcp(const BlockMatrix& k, const Rational& b1,
                                                     const Rational& b2) {
  const Rational zero = 0;
  // (1) both push, w = 0: x = −K⁻¹b.
  const Rational both1 = -(k.k22 * b1 - k.k12 * b2) / k.det;
  const Rational both2 = -(k.k11 * b2 - k.k12 * b1) / k.det;
  if (both1 >= zero && both2 >= zero) return std::array{both1, both2};
  // (2) the first pushes, the second separates or rests: w1 = 0, x2 = 0.
  const Rational first = -b1 / k.k11;
  if (first >= zero && k.k12 * first + b2 >= zero) return std::array{first, zero};
  // (3) the second pushes: w2 = 0, x1 = 0.
  const Rational second = -b2 / k.k22;
  if (second >= zero && k.k12 * second + b1 >= zero) return std::array{zero, second};
  // (4) neither pushes.
  if (b1 >= zero && b2 >= zero) return std::array{zero, zero};
  return std::nullopt;  // unreachable for a positive definite K
}

/// Step 2b, applied: only the changes of the accumulated impulses.
void solveNormalBlock(ExactBody& a, ExactBody& b, PointConstraint& p1, PointConstraint& p2,
                      const BlockMatrix& k, const ExactVec2& n) {
  const Rational x1 = p1.normalImpulse, x2 = p2.normalImpulse;
  const Rational b1 = relativeSpeed(a, b, p1, n) - p1.bias - (k.k11 * x1 + k.k12 * x2);
  const Rational b2 = relativeSpeed(a, b, p2, n) - p2.bias - (k.k12 * x1 + k.k22 * x2);
  const std::optional<std::array<Rational, 2>> x = solveBlockLcp(k, b1, b2);
  if (!x) return;
  applyChange(a, b, p1, n, (*x)[0] - x1);
  applyChange(a, b, p2, n, (*x)[1] - x2);
  p1.normalImpulse = (*x)[0];
  p2.normalImpulse = (*x)[1];
}

ResponseResult respondBox2D(const ResponseCase& c, bool blockSolve) {
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
  std::optional<BlockMatrix> block;
  if (blockSolve && points.size() == 2) {
    block = blockMatrix(a, b, points[0], points[1], n);
    if (!block) points.pop_back();  // Step 1b: redundant, the first point alone
  }
  for (int iteration = 0; iteration < c.iterations; ++iteration) {
    for (PointConstraint& k : points)
      solveFriction(a, b, k, t, mu);
    if (block) {
      solveNormalBlock(a, b, points[0], points[1], *block, n);
      continue;
    }
    for (PointConstraint& k : points)
      solveNormal(a, b, k, n);
  }
  ResponseResult out;
  out.pointCount = m.pointCount;
  for (std::size_t i = 0; i < points.size(); ++i) {
    out.impulses[i] = {roundNearest(points[i].normalImpulse),
                       roundNearest(points[i].tangentImpulse)};
  }
  out.a = roundBody(a);
  out.b = roundBody(b);
  return out;
}

}  // namespace

ResponseResult respondBox2DSequential(const ResponseCase& c) {
  return respondBox2D(c, false);
}

ResponseResult respondBox2DBlock(const ResponseCase& c) {
  return respondBox2D(c, true);
}

}  // namespace touche::reference
