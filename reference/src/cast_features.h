// touche reference — a moving point against one feature of an offset shape: source 001's ray
// against a directed segment (§3) and ray against an arc (§4), decided exactly.
//
// Source 001 ("drawing the bounce path of a circle among polygons") expands every shape by the
// circle's radius: each face is pushed out along its outward normal by R, and each convex
// corner gets an arc of radius R around the vertex. The circle's centre then moves as a point
// (a ray) against these offset features, and the first one it meets is where the circle first
// touches the shape. The steps below are the source's, numbered as it numbers them; where this
// code departs from the source it says so and why (docs/derivations/cast.md follows the same
// steps with figures).
//
// Exactness: t against a face is (R·√G − w)/(n·d), rational when R = 0 and one radical √G
// otherwise (G = |edge|²); t against an arc is x − √D/(d·d) with D the discriminant. Every
// decision is the sign of such a form, decided by signs and squares (exact.h); nothing is
// normalised to decide. One template over the number type N (Rational, or Approx for the
// filter).
#pragma once

#include <optional>

#include "cast_core.h"

namespace touche::reference {

/// One offset feature the moving point meets, at the exact fraction t.
template <class N>
struct CastHitOf {
  FeatureType type = FeatureType::face;
  int index = 0;
  SqrtFormOf<N> t;  ///< face: radicand G = |b − a|²; arc: radicand D (0 when tangent)
  Vec2Of<N> a;      ///< face: the core edge's start; arc: the vertex (the arc's centre)
  Vec2Of<N> b;      ///< face: the core edge's end
};

/// The square of |P − Q| for a vector given as α + β·√g (α, β rational vectors).
template <class N>
SqrtFormOf<N> squaredLength(const Vec2Of<N>& alpha, const Vec2Of<N>& beta, const N& g) {
  return {N(dot(alpha, alpha) + dot(beta, beta) * g), N(N(2) * dot(alpha, beta)), g};
}

/// Source 001 §3: the moving point against the face a→b of the core pushed out by R along its
/// outward normal n = rightPerp(b − a) (to the right of a→b; a counter-clockwise polygon's
/// outside). Empty when the point does not cross the offset face for t in [0, maxFraction].
template <class N>
std::optional<CastHitOf<N>> castAgainstFace(const CastPathOf<N>& path, const Vec2Of<N>& a,
                                            const Vec2Of<N>& b, int index) {
  const Vec2Of<N>& o = path.origin;
  const Vec2Of<N>& d = path.d;
  const Vec2Of<N> e = b - a;
  const N g = dot(e, e);
  // Step 3-1: the ray points at the face's front iff the 2D cross product e^d > 0 (d has a
  // component against n = rightPerp(e): d·n = −(e^d)). e^d < 0 is the back; e^d = 0 is
  // parallel, which the source leaves aside: a point sliding along the offset line meets the
  // face at its end, where the neighbouring arc (or, for a ray, the vertex) takes it.
  const N den = cross(e, d);
  if (sign(den) <= 0) return std::nullopt;
  // Step 3-2: both lines in general form Ax + By + C = 0. The face's line through a is
  // e.y·x − e.x·y + (e.x·a.y − e.y·a.x) = 0, i.e. n·(x − a) = 0; pushed out by R it becomes
  // n·(x − a) − R·√G = 0, so C1 = c0 − R·√G carries the one radical. The ray's line through o
  // with direction d is d.y·x − d.x·y + (d.x·o.y − d.y·o.x) = 0. Their intersection is
  // P = ((B1·C2 − C1·B2)/den, (A2·C1 − A1·C2)/den) with den = A1·B2 − A2·B1 = e^d > 0.
  const N A1 = e.y, B1 = N(-e.x), c0 = e.x * a.y - e.y * a.x, c1 = N(-path.total);
  const N A2 = d.y, B2 = N(-d.x), C2 = d.x * o.y - d.y * o.x;
  const Vec2Of<N> pRational{(B1 * C2 - c0 * B2) / den, (A2 * c0 - A1 * C2) / den};
  const Vec2Of<N> pRadical{N(-c1) * B2 / den, A2 * c1 / den};  // times √G
  // Step 3-3: P lies on the offset face a'→b' (a' = a + R·n/√G, b' likewise; |a'b'|² = G)
  // iff |a'P|² ≤ G and |b'P|² ≤ G — the source's test, with squared lengths so that it stays
  // exact. (The source's code tests < and so misses a ray through an end: docs/errata.md.)
  const Vec2Of<N> shift = scaled<N>(path.total / g, rightPerp(e));  // R·n/G, times √G
  const Vec2Of<N> beta = pRadical - shift;
  for (const Vec2Of<N>& end : {a, b}) {
    const SqrtFormOf<N> length2 = squaredLength(pRational - end, beta, g);
    if (compare(length2, g) > 0) return std::nullopt;
  }
  // Step 3-4: P lies on the ray iff d·(P − o) ≥ 0; then t = d·(P − o)/(d·d), and the cast
  // may use it only up to maxFraction.
  const N dd = dot(d, d);
  const SqrtFormOf<N> t{dot(d, pRational - o) / dd, dot(d, pRadical) / dd, g};
  if (sign(t) < 0 || compare(t, path.maxFraction) > 0) return std::nullopt;
  return CastHitOf<N>{FeatureType::face, index, t, a, b};
}

/// The arc's angular range: outward directions u with u·k ≥ 0 for each limit k (none: a full
/// circle). Departure from source 001, which tests start ≤ arctan(u.y/u.x) ≤ end for its four
/// arc forms: the signs of (at most) two dot products say the same without an angle, because
/// an angle is transcendental (no exact decision), the arctan of a ratio reads opposite
/// quadrants alike (docs/errata.md), and one rule covers a polygon corner (two limits), a
/// segment's end (one) and a circle (none).
template <class N>
struct ArcLimitsOf {
  std::array<Vec2Of<N>, 2> limits;
  int count = 0;
};

/// u = α + β·√D within the arc's range, by signs (exact).
template <class N>
bool inArcRange(const ArcLimitsOf<N>& range, const Vec2Of<N>& alpha, const Vec2Of<N>& beta,
                const N& D) {
  for (int k = 0; k < range.count; ++k) {
    const Vec2Of<N>& limit = range.limits[k];
    if (sign(SqrtFormOf<N>{dot(alpha, limit), dot(beta, limit), D}) < 0) return false;
  }
  return true;
}

/// Source 001 §4, case 二 (the ray's origin outside the arc's circle — always so here: an
/// origin within R of a vertex already touches the shape, initial_overlap): the moving point
/// against the arc of radius R around the vertex v, limited to `range`.
template <class N>
std::optional<CastHitOf<N>> castAgainstArc(const CastPathOf<N>& path, const Vec2Of<N>& v,
                                           const ArcLimitsOf<N>& range, int index) {
  const Vec2Of<N>& d = path.d;
  const Vec2Of<N> m = path.origin - v;  // from the arc's centre to the origin: −MO
  const N dd = dot(d, d);
  // Step 1: the ray heads towards the arc iff MO·d ≥ 0 (MO = v − origin).
  const N toward = N(-dot(m, d));
  if (sign(toward) < 0) return std::nullopt;
  // Step 2: the foot of the perpendicular from v to the ray's line, F = M + (MO·v̂)·v̂, is at
  // t = x = MO·d/(d·d) (d is not unit here). Its distance b = |F − v| compares with R by
  // squares: b² = (m^d)²/(d·d), so b ≷ R ⟺ (m^d)² ≷ R²·(d·d). b > R: the line misses.
  const N x = toward / dd;
  const N c = cross(m, d);
  const N D = path.total * path.total * dd - c * c;  // (R² − b²)·(d·d), the discriminant
  if (sign(D) < 0) return std::nullopt;
  const Vec2Of<N> foot = m + scaled<N>(x, d);  // F − v
  std::optional<SqrtFormOf<N>> t;
  if (sign(D) == 0) {
    // Step 3: tangent — F is the one common point; it counts if it is on the arc.
    if (inArcRange(range, foot, Vec2Of<N>{N(0), N(0)}, D)) t = SqrtFormOf<N>{x, N(0), D};
  } else {
    // Step 4: secant — the line meets the circle at A = F − h·v̂ and B = F + h·v̂ with the
    // half chord h = √(R² − b²), i.e. at t = x ∓ √D/(d·d). The ray enters the arc's front at A
    // (AO·d = √D > 0, the source's front test holds); at B it leaves through the back
    // (BO·d < 0), so only A can be a hit. A counts if it is on the arc.
    const Vec2Of<N> beta = scaled<N>(N(N(-1) / dd), d);  // A − v = foot + beta·√D
    if (inArcRange(range, foot, beta, D)) t = SqrtFormOf<N>{x, N(N(-1) / dd), D};
  }
  if (!t || compare(*t, path.maxFraction) > 0) return std::nullopt;
  return CastHitOf<N>{FeatureType::vertex, index, *t, v, v};
}

}  // namespace touche::reference
