// touche fast — the collision response of source 003 in float or double (design notes §9).
//
// The same steps as the exact reference (reference/src/respond.cpp, whose comments derive
// them), in T arithmetic with no allocation: inputs rounded to T once, outputs widened.
// Step 2 uses ω × r = (−ω·r.y, ω·r.x); Step 3 is the separating guard; Step 6 takes no
// friction when the tangential relative velocity is exactly zero.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "touche/core/response.h"

namespace touche::fast {

template <class T>
struct RVec2 {
  T x;
  T y;
};
template <class T>
RVec2<T> operator+(RVec2<T> u, RVec2<T> v) {
  return {u.x + v.x, u.y + v.y};
}
template <class T>
RVec2<T> operator-(RVec2<T> u, RVec2<T> v) {
  return {u.x - v.x, u.y - v.y};
}
template <class T>
RVec2<T> operator*(T k, RVec2<T> v) {
  return {k * v.x, k * v.y};
}
template <class T>
T dot(RVec2<T> u, RVec2<T> v) {
  return u.x * v.x + u.y * v.y;
}
template <class T>
T cross(RVec2<T> u, RVec2<T> v) {
  return u.x * v.y - u.y * v.x;
}

/// One body in T, updated impulse by impulse.
template <class T>
struct RBody {
  T invMass;
  T invInertia;
  RVec2<T> center;
  RVec2<T> velocity;
  T angularVelocity;

  static RBody from(const Body& b) {
    return {T(b.invMass),
            T(b.invInertia),
            {T(b.center.x), T(b.center.y)},
            {T(b.velocity.x), T(b.velocity.y)},
            T(b.angularVelocity)};
  }
  /// Step 2: v + ω × r.
  RVec2<T> velocityAt(RVec2<T> r) const {
    return {velocity.x - angularVelocity * r.y, velocity.y + angularVelocity * r.x};
  }
  void apply(RVec2<T> r, RVec2<T> impulse) {
    velocity = velocity + invMass * impulse;
    angularVelocity += invInertia * cross(r, impulse);
  }
};

template <class T>
struct RContact {
  RVec2<T> rA;
  RVec2<T> rB;
  RVec2<T> n;
};

/// Steps 4 and 6: mA⁻¹ + mB⁻¹ + (r_A × d)²IA⁻¹ + (r_B × d)²IB⁻¹ for a unit direction d.
template <class T>
T effectiveMass(const RBody<T>& a, const RBody<T>& b, const RContact<T>& k, RVec2<T> d) {
  const T ca = cross(k.rA, d);
  const T cb = cross(k.rB, d);
  return a.invMass + b.invMass + ca * ca * a.invInertia + cb * cb * b.invInertia;
}

/// Steps 3–5: the normal impulse (0 when separating or resting), applied.
template <class T>
T normalImpulse(RBody<T>& a, RBody<T>& b, const RContact<T>& k, T e) {
  const T vn = dot(b.velocityAt(k.rB) - a.velocityAt(k.rA), k.n);
  if (!(vn < T(0))) return T(0);
  const T jn = -(T(1) + e) * vn / effectiveMass(a, b, k, k.n);
  b.apply(k.rB, jn * k.n);
  a.apply(k.rA, -jn * k.n);
  return jn;
}

/// Step 6: the friction impulse along t = u/|u|, clamped to [−μ·jn, μ·jn], applied.
template <class T>
T frictionImpulse(RBody<T>& a, RBody<T>& b, const RContact<T>& k, T jn, T mu) {
  const RVec2<T> vrel = b.velocityAt(k.rB) - a.velocityAt(k.rA);
  const RVec2<T> u = vrel - dot(vrel, k.n) * k.n;
  const T slip = std::hypot(u.x, u.y);
  if (slip == T(0)) return T(0);
  const RVec2<T> t{u.x / slip, u.y / slip};  // not (1/slip)·u: 1/slip is +inf when slip < 2^-1024
  const T jt = std::max(-slip / effectiveMass(a, b, k, t), -mu * jn);
  b.apply(k.rB, jt * t);
  a.apply(k.rA, -jt * t);
  return jt;
}

/// Step 7: the centres' translations.
template <class T>
void correctPositions(const ResponseCase& c, ResponseResult& out) {
  const Manifold& m = c.manifold;
  if (m.pointCount == 0) return;
  T depth = -T(m.points[0].separation);
  for (int i = 1; i < m.pointCount; ++i)
    depth = std::max(depth, -T(m.points[i].separation));
  const T slop = T(c.slop);
  if (!(depth > slop)) return;
  const T invMassA = T(c.a.invMass);
  const T invMassB = T(c.b.invMass);
  // mX⁻¹·c = mX⁻¹/(mA⁻¹ + mB⁻¹)·(depth − slop)·percent: the share first, ≤ 1, so that no
  // intermediate overflows where the correction itself is moderate (masses 2^1000 heavy).
  const T amount = (depth - slop) * T(c.percent);
  const T shareA = invMassA / (invMassA + invMassB);
  const T shareB = invMassB / (invMassA + invMassB);
  const T nx = T(m.normal.x);
  const T ny = T(m.normal.y);
  out.a.correction = {double(-(shareA * amount) * nx), double(-(shareA * amount) * ny)};
  out.b.correction = {double(shareB * amount * nx), double(shareB * amount * ny)};
  if (invMassA == T(0)) out.a.correction = {};
  if (invMassB == T(0)) out.b.correction = {};
}

template <class T>
BodyResponse widen(const RBody<T>& b) {
  return {{double(b.velocity.x), double(b.velocity.y)}, double(b.angularVelocity), {}};
}

/// Model source-003 in T, for a valid case (validateResponseCase).
template <class T>
ResponseResult respondSource003(const ResponseCase& c) {
  RBody<T> a = RBody<T>::from(c.a);
  RBody<T> b = RBody<T>::from(c.b);
  const RVec2<T> n{T(c.manifold.normal.x), T(c.manifold.normal.y)};
  ResponseResult out;
  out.pointCount = c.manifold.pointCount;
  for (int i = 0; i < c.manifold.pointCount; ++i) {
    const Vec2 p = c.manifold.points[i].point;
    const RVec2<T> point{T(p.x), T(p.y)};
    const RContact<T> k{point - a.center, point - b.center, n};  // Step 1
    const T jn = normalImpulse(a, b, k, T(c.restitution));
    const T jt = jn > T(0) ? frictionImpulse(a, b, k, jn, T(c.friction)) : T(0);
    out.impulses[i] = {double(jn), double(jt)};
  }
  out.a = widen(a);
  out.b = widen(b);
  correctPositions<T>(c, out);
  return out;
}

/// Model box2d-sequential: one point's constraint (reference/src/respond_box2d.cpp derives
/// the steps). The effective masses are divided by, not inverted as Box2D does: 1/k is +inf
/// for a subnormal k (a body 2^1050 heavy), and inf·0 would be NaN.
template <class T>
struct RSequentialPoint {
  RContact<T> contact;
  T normalMass;   ///< k_n
  T tangentMass;  ///< k_t
  T bias;
  T normalImpulse;   ///< accumulated
  T tangentImpulse;  ///< accumulated
};

/// Applies the change λ of an accumulated impulse along d: +λ·d to B, −λ·d to A.
template <class T>
void applyChange(RBody<T>& a, RBody<T>& b, const RContact<T>& k, RVec2<T> d, T lambda) {
  const RVec2<T> p = lambda * d;
  b.apply(k.rB, p);
  a.apply(k.rA, -T(1) * p);
}

/// Step 1 of box2d-sequential: effective masses and the restitution bias, from the velocities
/// before any impulse.
template <class T>
RSequentialPoint<T> initializeSequential(const ResponseCase& c, const RBody<T>& a,
                                         const RBody<T>& b, RContact<T> k, RVec2<T> t) {
  const T vn = dot(b.velocityAt(k.rB) - a.velocityAt(k.rA), k.n);
  const T bias = vn < -T(c.restitutionThreshold) ? -T(c.restitution) * vn : T(0);
  return {k, effectiveMass(a, b, k, k.n), effectiveMass(a, b, k, t), bias, T(0), T(0)};
}

/// Step 2, friction: the accumulated tangent impulse within ±μ·(accumulated normal impulse).
template <class T>
void solveFriction(RBody<T>& a, RBody<T>& b, RSequentialPoint<T>& p, RVec2<T> t, T mu) {
  const RContact<T>& k = p.contact;
  const T vt = dot(b.velocityAt(k.rB) - a.velocityAt(k.rA), t);
  const T bound = mu * p.normalImpulse;
  const T accumulated = std::clamp(p.tangentImpulse - vt / p.tangentMass, -bound, bound);
  applyChange(a, b, k, t, accumulated - p.tangentImpulse);
  p.tangentImpulse = accumulated;
}

/// Step 2, normal: the accumulated normal impulse ≥ 0.
template <class T>
void solveNormal(RBody<T>& a, RBody<T>& b, RSequentialPoint<T>& p) {
  const RContact<T>& k = p.contact;
  const T vn = dot(b.velocityAt(k.rB) - a.velocityAt(k.rA), k.n);
  const T accumulated = std::max(p.normalImpulse - (vn - p.bias) / p.normalMass, T(0));
  applyChange(a, b, k, k.n, accumulated - p.normalImpulse);
  p.normalImpulse = accumulated;
}

/// Step 1b of box2d-block: the two points' K = [[k11, k12], [k12, k22]], and the determinant
/// of K·scale, where `scale` is a power of two: 1, unless K's entries are so small that their
/// products would leave the normal range of T and lose their relative precision (inverse masses
/// near 2^-800 with levers near 2^25: entries near 2^-770); then it brings the larger diagonal
/// entry to [1, 2). A power of two changes no rounding, so the test and the solve are K's.
template <class T>
struct RBlockMatrix {
  T k11;
  T k12;
  T k22;
  T scale;
  T det;  ///< (scale·k11)(scale·k22) − (scale·k12)²

  /// trace² / det K, which bounds K's condition number from above.
  T conditioning() const { return (scale * (k11 + k22)) * (scale * (k11 + k22)) / det; }
};

/// The power of two that keeps the products of K's entries (largest diagonal entry `largest`)
/// at full precision in T: 1 unless `largest` is below √(smallest normal / epsilon).
template <class T>
T blockScale(T largest) {
  const T fullPrecision =
      std::sqrt(std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon());
  if (!(largest > T(0) && largest < fullPrecision)) return T(1);
  return std::ldexp(T(1), -std::ilogb(largest));
}

/// K when k11² < 1000·det K (decided on K·scale), else nothing (the points are redundant: the
/// first alone).
template <class T>
std::optional<RBlockMatrix<T>> blockMatrix(const RBody<T>& a, const RBody<T>& b,
                                           const RContact<T>& p1, const RContact<T>& p2) {
  const T k11 = effectiveMass(a, b, p1, p1.n);
  const T k22 = effectiveMass(a, b, p2, p2.n);
  const T k12 = a.invMass + b.invMass + cross(p1.rA, p1.n) * cross(p2.rA, p1.n) * a.invInertia +
                cross(p1.rB, p1.n) * cross(p2.rB, p1.n) * b.invInertia;
  const T scale = blockScale(std::max(k11, k22));
  const T s11 = scale * k11;
  const T s12 = scale * k12;
  const T s22 = scale * k22;
  const RBlockMatrix<T> k{k11, k12, k22, scale, s11 * s22 - s12 * s12};
  if (!(s11 * s11 < T(kBlockMaxConditionNumber) * k.det)) return std::nullopt;
  return k;
}

/// Step 2b of box2d-block: both accumulated normal impulses from the 2×2 linear
/// complementarity problem x ≥ 0, w = K·x + b ≥ 0, x·w = 0, its four cases in order. When
/// rounding leaves none holding (the solution on a border between two cases, where Box2D gives
/// up and keeps the impulses it had), the case that misses by least: the exact solve is then
/// within rounding of it.
template <class T>
std::array<T, 2> solveBlockLcp(const RBlockMatrix<T>& k, T b1, T b2) {
  struct Candidate {
    std::array<T, 2> x;
    T worst;  ///< the most negative of x1, x2, w1, w2: ≥ 0 when the case holds
  };
  // (1) w = 0: x = −K⁻¹b = −(K·scale)⁻¹·b·scale
  const T both1 = -((k.scale * k.k22) * b1 - (k.scale * k.k12) * b2) / k.det * k.scale;
  const T both2 = -((k.scale * k.k11) * b2 - (k.scale * k.k12) * b1) / k.det * k.scale;
  const T first = -b1 / k.k11;   // (2) w1 = 0, x2 = 0
  const T second = -b2 / k.k22;  // (3) w2 = 0, x1 = 0
  const std::array<Candidate, 4> cases{{
      {{both1, both2}, std::min(both1, both2)},
      {{first, T(0)}, std::min(first, k.k12 * first + b2)},
      {{T(0), second}, std::min(second, k.k12 * second + b1)},
      {{T(0), T(0)}, std::min(b1, b2)},  // (4) x = 0
  }};
  const Candidate* best = &cases[0];
  for (const Candidate& candidate : cases) {
    if (candidate.worst >= T(0)) return candidate.x;
    if (candidate.worst > best->worst) best = &candidate;
  }
  return best->x;
}

/// Step 2b applied: only the changes of the accumulated impulses.
template <class T>
void solveNormalBlock(RBody<T>& a, RBody<T>& b, RSequentialPoint<T>& p1, RSequentialPoint<T>& p2,
                      const RBlockMatrix<T>& k) {
  const RContact<T>& c1 = p1.contact;
  const RContact<T>& c2 = p2.contact;
  const T x1 = p1.normalImpulse;
  const T x2 = p2.normalImpulse;
  const T b1 =
      dot(b.velocityAt(c1.rB) - a.velocityAt(c1.rA), c1.n) - p1.bias - (k.k11 * x1 + k.k12 * x2);
  const T b2 =
      dot(b.velocityAt(c2.rB) - a.velocityAt(c2.rA), c2.n) - p2.bias - (k.k12 * x1 + k.k22 * x2);
  const std::array<T, 2> x = solveBlockLcp(k, b1, b2);
  applyChange(a, b, c1, c1.n, x[0] - x1);
  applyChange(a, b, c2, c2.n, x[1] - x2);
  p1.normalImpulse = x[0];
  p2.normalImpulse = x[1];
}

/// Models box2d-sequential (blockSolve false) and box2d-block in T, for a valid case:
/// `iterations` passes of friction then normal impulses, accumulated and clamped; tangent
/// t = (n.y, −n.x); no warm start, no correction. With the block solve a two-point manifold's
/// normal impulses are solved together (or its second point dropped when K is ill-conditioned).
template <class T>
ResponseResult respondBox2D(const ResponseCase& c, bool blockSolve) {
  RBody<T> a = RBody<T>::from(c.a);
  RBody<T> b = RBody<T>::from(c.b);
  const RVec2<T> n{T(c.manifold.normal.x), T(c.manifold.normal.y)};
  const RVec2<T> t{n.y, -n.x};
  const T mu = T(c.friction);
  std::array<RSequentialPoint<T>, 2> points{};
  int count = c.manifold.pointCount;
  for (int i = 0; i < count; ++i) {
    const Vec2 p = c.manifold.points[i].point;
    const RVec2<T> point{T(p.x), T(p.y)};
    points[i] = initializeSequential(c, a, b, {point - a.center, point - b.center, n}, t);
  }
  std::optional<RBlockMatrix<T>> block;
  if (blockSolve && count == 2) {
    block = blockMatrix(a, b, points[0].contact, points[1].contact);
    if (!block) count = 1;  // Step 1b: redundant, the first point alone
  }
  for (int iteration = 0; iteration < c.iterations; ++iteration) {
    for (int i = 0; i < count; ++i)
      solveFriction(a, b, points[i], t, mu);
    if (block) {
      solveNormalBlock(a, b, points[0], points[1], *block);
      continue;
    }
    for (int i = 0; i < count; ++i)
      solveNormal(a, b, points[i]);
  }
  ResponseResult out;
  out.pointCount = c.manifold.pointCount;
  for (int i = 0; i < count; ++i) {
    out.impulses[i] = {double(points[i].normalImpulse), double(points[i].tangentImpulse)};
  }
  out.a = widen(a);
  out.b = widen(b);
  return out;
}

/// Model box2d-sequential in T (the benchmark's model-only entry).
template <class T>
ResponseResult respondBox2DSequential(const ResponseCase& c) {
  return respondBox2D<T>(c, false);
}

/// Validates, then model `model` (one of kResponseModels) in T.
template <class T>
ResponseResult respondAs(const ResponseCase& c, std::string_view model) {
  if (!isResponseModel(model)) return responseError(unknownResponseModel(model));
  if (auto e = validateResponseCase(c)) return responseError(*e);
  if (c.manifold.pointCount == 0) return respondWithoutPoints(c);
  if (model == kModelBox2DSequential) return finiteOrError(respondBox2D<T>(c, false));
  if (model == kModelBox2DBlock) return finiteOrError(respondBox2D<T>(c, true));
  return finiteOrError(respondSource003<T>(c));
}

inline ResponseResult respond(const ResponseCase& c, std::string_view model = kModelSource003) {
  return respondAs<double>(c, model);
}
inline ResponseResult respondFloat(const ResponseCase& c,
                                   std::string_view model = kModelSource003) {
  return respondAs<float>(c, model);
}

}  // namespace touche::fast
