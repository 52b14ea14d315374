// touche — fast engine: the capsule and segment pairs (capsule_circle, capsule_capsule,
// polygon_capsule, segment_circle, segment_capsule, segment_polygon).
//
// A capsule is a rounded two-vertex polygon and a segment a capsule of radius 0 (Box2D v3
// b2MakeCapsule; reference/src/cores.h): vertex 0 = p1, vertex 1 = p2, face 0 = the side to the
// right of p1→p2 (outward normal rightPerp(p2 − p1)), face 1 = the left side. The decision
// rules are the reference's; the pairs with a capsule or polygon B are computed in A's frame, B
// moved into it once, and only the results are rotated into the world; capsule–circle is
// computed in the world frame (as short a chain as possible).
//
// Capsule (or segment) A vs circle B — reference/src/capsule_circle.cpp (Box2D v3
// b2CollideCapsuleAndCircle; Ericson 5.1.2):
//   C1: the core and the centre in the world frame; a zero-length core is the circle (p1, rA)
//       (circles.h).
//   C2: region of c along the core: s1 = (c − p1)·e < 0 → vertex 0; else s2 = (p2 − c)·e < 0 →
//       vertex 1; else the interior (face) region (strict tests: a centre exactly abreast an
//       endpoint is in the interior). Projected on the prepared unit axis, not on e.
//   C3: vertex region: normal from the vertex to c. Face region: the signed distance
//       w = (c − p1)·n along the prepared unit normal n of face 0 — face 0 if w > 0, face 1
//       otherwise, normal ±n. (The reference normalises c − closest; in the face region that
//       is ±n exactly, and using the prepared normal keeps a deep contact's normal accurate.)
//       w = 0 (centre on the core): the documented fallback leftPerp(e) = −n, flagged.
//   C4: the round contact (midpoint rule) and the margin test.
//   Both ends run as the two halves of one SIMD quad (QuadT): moved into the world, their
//   region projections, and their vertex-region normalisations (square root and divisions)
//   before the region is known, which then selects with vector masks — the same IEEE
//   operations on the same operands as computing only the chosen end, so the same bits.
//
// Capsule (or segment) A vs capsule B — reference/src/capsule_capsule.cpp (Box2D v3
// b2CollideCapsules; Ericson 5.1.9 for the closest points):
//   K1: a zero-length core is a circle (capsule–circle, roles swapped back if it is A's).
//   K2: closest points c1 = p1 + f1·d1, c2 = q1 + f2·d2 (the reference's clamping order;
//       nearly parallel cores that cross are closest at their crossing; other nearly parallel
//       cores start from f1 = 0, as polygons.h's closestEndpoints, and then take the closest of
//       the four end-to-segment candidates when it is shorter). Cores far from unit length are
//       computed at a power-of-two scale (exact), so that the products of squared lengths
//       neither underflow nor overflow; short cores far from A's origin are scaled up only
//       while their endpoints stay in range.
//   K3: the distance along the line of closest points, each case in its best-conditioned form
//       (c1 inside A's core and c2 an endpoint: |(c2 − p1)·nA|; the reverse: |(c1 − q1)·nB|;
//       two endpoints: |c2 − c1|); beyond rA + rB + margin → no contact.
//   K4: either core projecting entirely at or beyond one end of the other → one point (K6).
//       Projections here and in K5 are on the prepared unit axes (the signs of the reference's
//       projections on p2 − p1, without squaring a length).
//   K5: SAT side of each core (the larger of min(w) and min(−w) over the other core's
//       endpoints, tie → face 0; within the rounding band the side is the sign of w1 + w2 taken
//       against the unnormalised rightPerp(p2 − p1), see faceOneAtTie: a core crossing the
//       other's line symmetrically is an exact tie that the rounded unit normal would turn
//       either way), the reference is A when sepA ≥ sepB; the other core is
//       clipped to the reference's extent. The reference keeps the two clipped points unless
//       both are farther from the reference line than the closest distance (v3's rule without
//       its slop). That happens exactly when a clipped end of the incident core continues
//       beyond the side plane while descending towards the reference line (then points beyond
//       the extent are closer) at a positive height; the fast engine tests that form — the
//       heights of the two incident endpoints compared, with a rounding band — because the
//       distance comparison itself is an exact tie whenever the closest point is a clipped end.
//   K6: one point on the line of closest points. Cores whose closest distance is within the
//       rounding band of 0 (touching, or crossing where K4 decided within rounding) take K5's
//       side instead (the reference's step 6 for c1 = c2: the face through the origin of the
//       cores' difference), kFlagDegenerateNormal when the two cores' sides tie within the band:
//       rounded closest points a hair apart, or coinciding, give no direction, and A's left
//       normal (Box2D v3's fallback) can read an overlap of the cores' length.
//   Two branches: K3's contact test (only the distance is computed before it) and K4's choice
//   between the clip and one point; the other decisions are selects on masks held in SSE
//   registers (MaskT), and the clip runs both incident ends as the halves of one quad. AVX2 and
//   AVX-512 builds of the same code are chosen at run time (the same bits).
// Feature ids: the two-vertex-polygon scheme of the reference (see there).
//
// Polygon A vs capsule B, segment A vs polygon B — reference/src/polygon_capsule.cpp: the
// capsule or segment is a two-vertex polygon and the pair is polygon–polygon (polygons.h); a
// zero-length capsule is a circle (polygon–circle). Each runs stage 1 for its two-vertex side
// only (twoVertexSat, twoVertexSatOnB) in an AVX2 build chosen at run time. Both resolve the
// exact ties in T of stages 2 and 3 (a sliver's nearly collinear faces with equal rounded normals)
// as the exact rule does (featuresAtTies).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "touche/core/shapes.h"
#include "touche/fast/circles.h"
#include "touche/fast/mutant.h"
#include "touche/fast/polygons.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

// The SIMD helpers of segment–polygon are instantiated with 32-byte vectors for its AVX2 build
// and always inlined there; GCC's note that such a vector passed by value would change the ABI
// of a non-AVX call does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace touche::fast {

/// Prepared capsule, local frame: the core p1 → p2, the unit outward normal of face 0
/// (rightPerp(p2 − p1) normalised, computed in double from the exact input and rounded once),
/// the two face offsets as a two-vertex polygon has them (polygons.h), the radius, and whether
/// the core has zero length (exactly, in the double input: then the capsule is the circle
/// (p1, radius)). A core whose ends round to one point in T is still a core: its prepared
/// normal, computed in double, keeps its direction, and every region test below projects on
/// the unit axis rather than on p2 − p1.
template <class T>
struct CapsuleT {
  Vec2T<T> p1;
  Vec2T<T> p2;
  Vec2T<T> normal;     ///< unit outward normal of face 0 (face 1's is its negation)
  T offset0 = T(0);    ///< normal·p1, face 0's plane (computed in double)
  T offset1 = T(0);    ///< −normal·p2, face 1's plane (computed in double)
  T radius = T(0);     ///< 0 for a segment
  bool point = false;  ///< p1 == p2 in the input: a circle
};

/// Prepared two-sided segment: a capsule of radius 0 (its own type so that the typed API names
/// the pair). Validation guarantees p1 ≠ p2, so `point` is never set.
template <class T>
struct SegmentT : CapsuleT<T> {};

namespace detail::cores {

/// Prepares a core p1 → p2 with radius r (see CapsuleT). The normal and offsets are computed
/// exactly as prepare(Polygon) computes them for the two-vertex polygon {p1, p2}, so the
/// polygon built from them (asPolygon) is bit for bit that prepared polygon.
template <class T>
inline CapsuleT<T> prepareCore(Vec2 p1, Vec2 p2, double r) {
  const Vec2 e = p2 - p1;
  const UnitT<double> n = normalizeOr(Vec2T<double>{e.y, -e.x}, Vec2T<double>{0.0, -1.0});
  CapsuleT<T> out;
  out.p1 = toT<T>(p1);
  out.p2 = toT<T>(p2);
  out.normal = {static_cast<T>(n.unit.x), static_cast<T>(n.unit.y)};
  out.offset0 = static_cast<T>(n.unit.x * p1.x + n.unit.y * p1.y);
  out.offset1 = static_cast<T>(-n.unit.x * p2.x + -n.unit.y * p2.y);
  out.radius = static_cast<T>(r);
  out.point = p1 == p2;  // exactly, as the reference decides it
  return out;
}

}  // namespace detail::cores

/// Prepares a validated capsule (a zero-length core is allowed: it is a circle).
template <class T>
inline CapsuleT<T> prepare(const Capsule& capsule) {
  return detail::cores::prepareCore<T>(capsule.p1, capsule.p2, capsule.radius);
}

/// Prepares a validated segment (p1 ≠ p2).
template <class T>
inline SegmentT<T> prepare(const Segment& segment) {
  return {detail::cores::prepareCore<T>(segment.p1, segment.p2, 0.0)};
}

/// The capsule (or segment) as a prepared two-vertex polygon: vertex 0 = p1, vertex 1 = p2,
/// normals n and −n, lanes ≥ 2 repeating lane 0 (as prepare(Polygon) pads).
template <class T>
[[gnu::always_inline]] inline PolygonT<T> asPolygon(const CapsuleT<T>& c) {
  PolygonT<T> out;
  out.count = 2;
  out.radius = c.radius;
  // Every lane as lane 0 (broadcast stores), then lane 1 overwritten: a per-lane choice would
  // compile to a loop with a branch in it, and the segment–polygon pair builds this per call.
  for (int lane = 0; lane < kLanes; ++lane) {
    out.vx[lane] = c.p1.x;
    out.vy[lane] = c.p1.y;
    out.nx[lane] = c.normal.x;
    out.ny[lane] = c.normal.y;
    out.offset[lane] = c.offset0;
  }
  out.vx[1] = c.p2.x;
  out.vy[1] = c.p2.y;
  if constexpr (TOUCHE_MUTANT_IS(104)) {  // mutant 104: face 1 given face 0's normal
    out.nx[1] = c.normal.x;
    out.ny[1] = c.normal.y;
  } else {
    out.nx[1] = -c.normal.x;
    out.ny[1] = -c.normal.y;
  }
  out.offset[1] = c.offset1;
  return out;
}

namespace detail::cores {

/// The capsule's zero-length core as the circle (p1, radius).
template <class T>
inline CircleT<T> asCircle(const CapsuleT<T>& c) {
  return {c.p1, c.radius};
}

/// Exchanges the roles of A and B in a manifold: negated normal, swapped ids (points and
/// separations are symmetric under the midpoint rule).
template <class T>
inline ManifoldT<T> swappedRoles(ManifoldT<T> m) {
  m.normal = -m.normal;
  for (ManifoldPointT<T>& p : m.points)
    p.id = swapped(p.id);
  return m;
}

/// A feature id from (type, index) pairs.
inline FeatureId idOf(FeatureType typeA, int indexA, FeatureType typeB, int indexB) {
  return {typeA, static_cast<std::uint8_t>(indexA), typeB, static_cast<std::uint8_t>(indexB)};
}

/// A core and its radius in the frame of a computation (A's, or the world): endpoints, unit
/// normal of face 0.
template <class T>
struct CoreT {
  Vec2T<T> p1;
  Vec2T<T> p2;
  Vec2T<T> normal;
  T radius;
  /// The unit axis p1 → p2 (n = rightPerp(axis)).
  Vec2T<T> axis() const { return {-normal.y, normal.x}; }
};

/// Four lanes of T holding two 2D vectors, (x, y) of the first then (x, y) of the second: the
/// two ends of a core, or one vector twice. Held as SSE-width vectors: one for float, two for
/// double (a plain 32-byte vector of double would leave GCC to split its shuffles and selects
/// through memory without AVX). Every operation is the IEEE operation lane by lane.
template <class T>
struct QuadT {
  static constexpr int kRegs = static_cast<int>(4 * sizeof(T) / 16);
  static constexpr int kWidth = detail::kWidth<T>;
  using V = detail::Simd<T>;
  V r[kRegs];

  /// The quad (a, b, c, d).
  static QuadT of(T a, T b, T c, T d) {
    if constexpr (kRegs == 1) {
      return {{V{a, b, c, d}}};
    } else {
      return {{V{a, b}, V{c, d}}};
    }
  }
  /// The quad (v, v).
  static QuadT twice(Vec2T<T> v) { return of(v.x, v.y, v.x, v.y); }
  T operator[](int i) const { return r[i / kWidth][i % kWidth]; }
};

/// Lane-wise comparison results of two quads (all ones or all zeros per lane).
template <class T>
struct QuadMaskT {
  using M = decltype(detail::Simd<T>{} < detail::Simd<T>{});
  M r[QuadT<T>::kRegs];
  bool operator[](int i) const { return r[i / QuadT<T>::kWidth][i % QuadT<T>::kWidth] != 0; }
};

/// Lane-wise operations on quads (the same IEEE operation on every lane).
template <class T, class Op>
[[gnu::always_inline]] inline QuadT<T> lanewise(const QuadT<T>& a, const QuadT<T>& b, Op op) {
  QuadT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = op(a.r[k], b.r[k]);
  return out;
}
template <class T>
[[gnu::always_inline]] inline QuadT<T> operator+(const QuadT<T>& a, const QuadT<T>& b) {
  return lanewise(a, b, [](auto x, auto y) { return x + y; });
}
template <class T>
[[gnu::always_inline]] inline QuadT<T> operator-(const QuadT<T>& a, const QuadT<T>& b) {
  return lanewise(a, b, [](auto x, auto y) { return x - y; });
}
template <class T>
[[gnu::always_inline]] inline QuadT<T> operator*(const QuadT<T>& a, const QuadT<T>& b) {
  return lanewise(a, b, [](auto x, auto y) { return x * y; });
}
template <class T>
[[gnu::always_inline]] inline QuadT<T> operator/(const QuadT<T>& a, const QuadT<T>& b) {
  return lanewise(a, b, [](auto x, auto y) { return x / y; });
}
template <class T>
[[gnu::always_inline]] inline QuadT<T> operator-(const QuadT<T>& a) {
  return lanewise(a, a, [](auto x, auto) { return -x; });
}

/// Lane-wise a < b, a <= b and a > b.
template <class T, class Op>
[[gnu::always_inline]] inline QuadMaskT<T> compare(const QuadT<T>& a, const QuadT<T>& b, Op op) {
  QuadMaskT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = op(a.r[k], b.r[k]);
  return out;
}
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator<(const QuadT<T>& a, const QuadT<T>& b) {
  return compare(a, b, [](auto x, auto y) { return x < y; });
}
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator<=(const QuadT<T>& a, const QuadT<T>& b) {
  return compare(a, b, [](auto x, auto y) { return x <= y; });
}
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator>(const QuadT<T>& a, const QuadT<T>& b) {
  return compare(a, b, [](auto x, auto y) { return x > y; });
}

/// Lane i of the mask in every lane.
template <int I, class T>
[[gnu::always_inline]] inline QuadMaskT<T> broadcast(const QuadMaskT<T>& m) {
  QuadMaskT<T> out;
  if constexpr (QuadT<T>::kRegs == 1) {
    out.r[0] = __builtin_shufflevector(m.r[0], m.r[0], I, I, I, I);
  } else {
    out.r[0] = out.r[1] = __builtin_shufflevector(m.r[I / 2], m.r[I / 2], I % 2, I % 2);
  }
  return out;
}

/// Lane-wise a | b of masks.
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator|(const QuadMaskT<T>& a, const QuadMaskT<T>& b) {
  QuadMaskT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = a.r[k] | b.r[k];
  return out;
}

/// Lane-wise m ? a : b (exactly a or b, bit for bit).
template <class T>
[[gnu::always_inline]] inline QuadT<T> blend(const QuadMaskT<T>& m, const QuadT<T>& a,
                                             const QuadT<T>& b) {
  // As and/andnot/or on the bits: GCC turns a vector ?: whose mask it can trace to one lane
  // into a branch on that lane, a coin toss on random pairs.
  using M = typename QuadMaskT<T>::M;
  using V = typename QuadT<T>::V;
  QuadT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = reinterpret_cast<V>((reinterpret_cast<M>(a.r[k]) & m.r[k]) |
                                   (reinterpret_cast<M>(b.r[k]) & ~m.r[k]));
  return out;
}

/// (y, x) of each half: the partner a dot product adds.
template <class T>
[[gnu::always_inline]] inline QuadT<T> swapXY(const QuadT<T>& q) {
  QuadT<T> out;
  if constexpr (QuadT<T>::kRegs == 1) {
    out.r[0] = __builtin_shufflevector(q.r[0], q.r[0], 1, 0, 3, 2);
  } else {
    out.r[0] = __builtin_shufflevector(q.r[0], q.r[0], 1, 0);
    out.r[1] = __builtin_shufflevector(q.r[1], q.r[1], 1, 0);
  }
  return out;
}

/// The two halves exchanged.
template <class T>
[[gnu::always_inline]] inline QuadT<T> swapHalves(const QuadT<T>& q) {
  QuadT<T> out;
  if constexpr (QuadT<T>::kRegs == 1) {
    out.r[0] = __builtin_shufflevector(q.r[0], q.r[0], 2, 3, 0, 1);
  } else {
    out.r[0] = q.r[1];
    out.r[1] = q.r[0];
  }
  return out;
}

/// The dot product of each half with the other quad's, in both lanes of the half: a.x·b.x +
/// a.y·b.y, the operations of dot() (the two products added in either order give the same sum).
template <class T>
[[gnu::always_inline]] inline QuadT<T> dotHalves(const QuadT<T>& a, const QuadT<T>& b) {
  const QuadT<T> products = a * b;
  return products + swapXY(products);
}

/// Each lane's square root, correctly rounded (the IEEE operation std::sqrt performs, so the
/// same bits): sqrtps / sqrtpd under SSE2, without std::sqrt's errno branch.
template <class T>
[[gnu::always_inline]] inline QuadT<T> sqrtLanes(QuadT<T> q) {
  for (int k = 0; k < QuadT<T>::kRegs; ++k) {
#if defined(__SSE2__)
    if constexpr (std::is_same_v<T, float>) {
      q.r[k] = _mm_sqrt_ps(q.r[k]);
    } else {
      q.r[k] = _mm_sqrt_pd(q.r[k]);
    }
#else
    for (int i = 0; i < QuadT<T>::kWidth; ++i)
      q.r[k][i] = std::sqrt(q.r[k][i]);
#endif
  }
  return q;
}

/// A core's two ends moved by xf, both at once: lane-wise apply(xf, ·). The x lanes compute
/// c·x + (−s)·y, which is c·x − s·y exactly (negating a product is exact), and the y lanes
/// c·y + s·x, the same sum as s·x + c·y: the same bits.
template <class T>
[[gnu::always_inline]] inline QuadT<T> applyToEnds(const TransformT<T>& xf, Vec2T<T> p1,
                                                   Vec2T<T> p2) {
  using Q = QuadT<T>;
  const Q ends = Q::of(p1.x, p1.y, p2.x, p2.y);
  const Q cosines = Q::of(xf.q.c, xf.q.c, xf.q.c, xf.q.c);
  const Q sines = Q::of(-xf.q.s, xf.q.s, -xf.q.s, xf.q.s);
  return (cosines * ends + sines * swapXY(ends)) + Q::twice(xf.p);
}

/// Steps C2–C4: the core with ends `ends` (p1 then p2), unit normal `normal` of face 0 and
/// radius rA against the circle of centre c and radius rB, all in one frame; writes m (empty
/// on entry) in that frame. Branch-free on the common path: both ends' normals and the face's
/// are computed and the region selects, with vector masks (random pairs make a branch here a
/// coin toss, and a select through a general register costs more than the arithmetic).
template <class T>
[[gnu::always_inline]] inline void capsuleCircleCore(ManifoldT<T>& m, const QuadT<T>& ends,
                                                     Vec2T<T> normal, T rA, Vec2T<T> c, T rB,
                                                     T margin) {
  using Q = QuadT<T>;
  const Vec2T<T> axis{-normal.y, normal.x};  // unit, p1 → p2
  const Q fromEnds = Q::twice(c) - ends;     // (c − p1, c − p2)
  // C2: the region along the unit axis (the sign of (c − p1)·e; the unit axis keeps it when
  // p1 and p2 round to one point in T). s1 = (c − p1)·axis is lane 0 of `along`; s2 =
  // (p2 − c)·axis is the negation of lane 2 exactly (negating the operands of the products
  // negates the rounded sum), so s2 < 0 ⟺ lane 2 > 0. Vector masks for the selects, bools
  // for the id.
  const Q along = dotHalves(fromEnds, Q::twice(axis));
  QuadMaskT<T> nearEnd1 = along < Q{};                           // lane 0: s1 < 0
  if constexpr (TOUCHE_MUTANT_IS(101)) nearEnd1 = along <= Q{};  // mutant 101: abreast → vertex
  const QuadMaskT<T> beyondEnd2 = along > Q{};                   // lane 2: s2 < 0
  const bool inV1 = nearEnd1[0];
  const bool inV2 = !inV1 & beyondEnd2[2];
  const bool vertexRegion = inV1 | inV2;
  const QuadMaskT<T> inV1Mask = broadcast<0>(nearEnd1);
  const QuadMaskT<T> vertexMask = inV1Mask | broadcast<2>(beyondEnd2);
  // C3, vertex region: from the vertex to the centre (non-zero in exact arithmetic; the core's
  // axis, pointing away from the core, guards a rounding to zero). Both ends are normalised
  // (unitFast's operations lane-wise) before the region is known, so the square root and the
  // divisions leave the region test's dependency chain; the region then selects the half that
  // holds the bits normalising only that end would give.
  const Q squared = dotHalves(fromEnds, fromEnds);
  const Q length = sqrtLanes(squared);
  const Q unit = fromEnds / length;
  Q radial = blend(inV1Mask, unit, swapHalves(unit));
  Q radialLength = blend(inV1Mask, length, swapHalves(length));
  const T chosenSquared = select(inV1, squared[0], squared[2]);
  if (vertexRegion & (chosenSquared < kFastNormSquared<T>)) [[unlikely]] {
    const Vec2T<T> toCenter{select(inV1, fromEnds[0], fromEnds[2]),
                            select(inV1, fromEnds[1], fromEnds[3])};
    const UnitT<T> tiny = normalizeOr(toCenter, select(inV1, -axis, axis));
    radial = Q::twice(tiny.unit);
    radialLength = Q::twice({tiny.length, tiny.length});
  }
  // C3, face region: the signed distance w = (c − p1)·n along face 0's normal (lanes 0 and 1);
  // w > 0 → face 0, else face 1 (normal −n); zero → −n, flagged.
  const Q w = dotHalves(fromEnds, Q::twice(normal));
  const QuadMaskT<T> face0Mask = w > Q{};
  const Q faceNormal = blend(face0Mask, Q::twice(normal), -Q::twice(normal));
  const Q absW = blend(face0Mask, w, -w);  // |w| but for the sign of a zero, which no result keeps
  const Q chosenNormal = blend(vertexMask, radial, faceNormal);
  const Q distance = blend(vertexMask, radialLength, absW);
  const bool face0 = face0Mask[0];
  const bool degenerate = !vertexRegion & (w[0] == T(0));
  const FeatureId id{vertexRegion ? FeatureType::vertex : FeatureType::face,
                     static_cast<std::uint8_t>(
                         selectInt(vertexRegion, selectInt(inV1, 0, 1), selectInt(face0, 0, 1))),
                     FeatureType::vertex, 0};
  // C4: midpoint rule and margin.
  if constexpr (TOUCHE_MUTANT_IS(100)) rA = -rA;  // mutant 100: radius subtracted
  const bool contact = distance[0] - rA - rB <= margin;
  singlePoint(m, contact, Vec2T<T>{chosenNormal[0], chosenNormal[1]}, c, distance[0], rA, rB, id);
  m.flags = static_cast<std::uint32_t>(degenerate & contact) * kFlagDegenerateNormal;
}

}  // namespace detail::cores

/// Capsule A vs circle B (steps C1–C4 at the top of this file), world frame.
template <class T>
ManifoldT<T> collideCapsuleAndCircle(const CapsuleT<T>& a, const TransformT<T>& xfA,
                                     const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  using namespace detail::cores;
  // The one result object, returned by name on every path (also the circle's: returning another
  // object there costs the named return value, and the copy out of m reads it back in 16-byte
  // loads before its 4-byte stores retire — a store-forwarding stall on every pair).
  ManifoldT<T> m;
  if (a.point) [[unlikely]] {
    m = collideCircles(asCircle(a), xfA, b, xfB, margin);
    return m;
  }
  // Computed in the world frame: the core's two endpoints and normal move there (as many
  // operations as moving the centre into A's frame), and the result needs no rotation back,
  // which shortens the dependency chain of a pair.
  capsuleCircleCore(m, applyToEnds(xfA, a.p1, a.p2), rotate(xfA.q, a.normal), a.radius,
                    apply(xfB, b.center), b.radius, margin);
  return m;
}

/// Segment A vs circle B: the capsule–circle steps with radius 0.
template <class T>
ManifoldT<T> collideSegmentAndCircle(const SegmentT<T>& a, const TransformT<T>& xfA,
                                     const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  return collideCapsuleAndCircle<T>(a, xfA, b, xfB, margin);
}

namespace detail::cores {

#if defined(__SSE2__)
/// The SSE register type of T (a specialisation rather than std::conditional_t, whose template
/// arguments would drop the vector types' attributes).
template <class T>
struct SseOf {
  using R = __m128;
};
template <>
struct SseOf<double> {
  using R = __m128d;
};
#endif

/// The result of a comparison of two T held as a mask in lane 0 of an SSE register (all ones
/// or all zeros): selects on it (pick) stay in the vector registers as compare, and, andnot,
/// or. types.h's select(bool, …) moves the condition through a general register and back,
/// several cycles on every link of a chain of selects; K2–K6 are such chains. Lanes above 0
/// carry no meaning. Without SSE2, a bool.
template <class T>
struct MaskT {
#if defined(__SSE2__)
  using R = typename SseOf<T>::R;
  R r;
  /// Whether the mask is set (movmskps / movmskpd).
  bool test() const {
    if constexpr (std::is_same_v<T, float>) {
      return (_mm_movemask_ps(r) & 1) != 0;
    } else {
      return (_mm_movemask_pd(r) & 1) != 0;
    }
  }
#else
  bool r;
  bool test() const {
    return r;
  }
#endif
};

#if defined(__SSE2__)
/// x in lane 0 of an SSE register, the other lanes whatever the register holds: a scalar T
/// already lives in lane 0 of one, so under GCC this is no instruction (GCC keeps _mm_set_ss's
/// clearing of the other lanes, two instructions for every operand of every compare and select).
template <class T>
[[gnu::always_inline]] inline typename MaskT<T>::R lane0(T x) {
#if defined(__clang__)
  // Clang cannot tie a scalar to a vector operand (its back end stops); it drops the clearing
  // of the upper lanes itself where they are never read.
  if constexpr (std::is_same_v<T, float>) {
    return _mm_set_ss(x);
  } else {
    return _mm_set_sd(x);
  }
#else
  typename MaskT<T>::R v;
  asm("" : "=x"(v) : "0"(x));
  return v;
#endif
}
#endif

/// a < b, a <= b and a == b as masks (false on NaN, as the C++ comparisons).
template <class T>
[[gnu::always_inline]] inline MaskT<T> less(T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_cmplt_ss(lane0(a), lane0(b))};
  } else {
    return {_mm_cmplt_sd(lane0(a), lane0(b))};
  }
#else
  return {a < b};
#endif
}
template <class T>
[[gnu::always_inline]] inline MaskT<T> lessEqual(T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_cmple_ss(lane0(a), lane0(b))};
  } else {
    return {_mm_cmple_sd(lane0(a), lane0(b))};
  }
#else
  return {a <= b};
#endif
}
template <class T>
[[gnu::always_inline]] inline MaskT<T> equal(T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_cmpeq_ss(lane0(a), lane0(b))};
  } else {
    return {_mm_cmpeq_sd(lane0(a), lane0(b))};
  }
#else
  return {a == b};
#endif
}

/// Mask logic: and, or, not.
template <class T>
[[gnu::always_inline]] inline MaskT<T> operator&(MaskT<T> a, MaskT<T> b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_and_ps(a.r, b.r)};
  } else {
    return {_mm_and_pd(a.r, b.r)};
  }
#else
  return {a.r && b.r};
#endif
}
template <class T>
[[gnu::always_inline]] inline MaskT<T> operator|(MaskT<T> a, MaskT<T> b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_or_ps(a.r, b.r)};
  } else {
    return {_mm_or_pd(a.r, b.r)};
  }
#else
  return {a.r || b.r};
#endif
}
template <class T>
[[gnu::always_inline]] inline MaskT<T> operator!(MaskT<T> a) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_xor_ps(a.r, _mm_castsi128_ps(_mm_set1_epi32(-1)))};
  } else {
    return {_mm_xor_pd(a.r, _mm_castsi128_pd(_mm_set1_epi32(-1)))};
  }
#else
  return {!a.r};
#endif
}
/// a & !b in one operation (andnot).
template <class T>
[[gnu::always_inline]] inline MaskT<T> andNot(MaskT<T> a, MaskT<T> b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return {_mm_andnot_ps(b.r, a.r)};
  } else {
    return {_mm_andnot_pd(b.r, a.r)};
  }
#else
  return {a.r && !b.r};
#endif
}

/// m ? a : b, exactly a or b (bit for bit).
template <class T>
[[gnu::always_inline]] inline T pick(MaskT<T> m, T a, T b) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return _mm_cvtss_f32(_mm_or_ps(_mm_and_ps(m.r, lane0(a)), _mm_andnot_ps(m.r, lane0(b))));
  } else {
    return _mm_cvtsd_f64(_mm_or_pd(_mm_and_pd(m.r, lane0(a)), _mm_andnot_pd(m.r, lane0(b))));
  }
#else
  return m.r ? a : b;
#endif
}
template <class T>
[[gnu::always_inline]] inline Vec2T<T> pick(MaskT<T> m, Vec2T<T> a, Vec2T<T> b) {
  return {pick(m, a.x, b.x), pick(m, a.y, b.y)};
}
template <class T>
[[gnu::always_inline]] inline MaskT<T> pick(MaskT<T> m, MaskT<T> a, MaskT<T> b) {
  return (m & a) | andNot(b, m);
}

/// The correctly rounded square root (sqrtss / sqrtsd: std::sqrt's IEEE operation without its
/// errno branch).
template <class T>
[[gnu::always_inline]] inline T sqrtOf(T x) {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    return _mm_cvtss_f32(_mm_sqrt_ss(lane0(x)));
  } else {
    const __m128d v = lane0(x);
    return _mm_cvtsd_f64(_mm_sqrt_sd(v, v));
  }
#else
  return std::sqrt(x);
#endif
}

/// Step K2's result: fractions f1 on A's core and f2 on B's, and the points they give.
template <class T>
struct ClosestT {
  T f1 = T(0);
  T f2 = T(0);
  Vec2T<T> c1;
  Vec2T<T> c2;
};

/// Clamps f to [0, 1] (mask selects: where a fraction clamps is a coin toss on random pairs).
template <class T>
[[gnu::always_inline]] inline T clamp01(T f) {
  return pick(less(f, T(0)), T(0), pick(less(T(1), f), T(1), f));
}

/// The point at fraction f of p1 → p2, the endpoints exactly at f = 0 and f = 1 (mask selects).
template <class T>
[[gnu::always_inline]] inline Vec2T<T> at(Vec2T<T> p1, Vec2T<T> p2, T f) {
  return pick(equal(f, T(0)), p1, pick(equal(f, T(1)), p2, p1 + f * (p2 - p1)));
}

/// Step K2 for a core of squared length 0 in T (the fractions of the point–segment case set):
/// the points, then such a core's fraction named by the end facing the other closest point
/// along its unit axis u (the end the exact computation clamps to).
template <class T>
inline ClosestT<T> collapsedEnds(ClosestT<T> out, Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1,
                                 Vec2T<T> q2, Vec2T<T> u1, Vec2T<T> u2, T dd1, T dd2) {
  out.c1 = at(p1, p2, out.f1);
  out.c2 = at(q1, q2, out.f2);
  if (!(dd1 > T(0))) out.f1 = dot(out.c2 - p1, u1) > T(0) ? T(1) : T(0);
  if (!(dd2 > T(0))) out.f2 = dot(out.c1 - q1, u2) > T(0) ? T(1) : T(0);
  return out;
}

/// Step K2 for nearly parallel cores (sin² of their angle within 64 eps): starting from
/// f1 = 0, as exactly parallel cores do, finds one closest pair only when the distance is the
/// same all along the overlap; at an angle of 0.002 it varies by 0.002 over a core of length 1,
/// far beyond rounding (a float pair 2e-4 deep was reported apart). Two segments that do not
/// cross are closest at an end of one of them, so the four end-to-segment candidates decide:
/// `first` (the f1 = 0 start's answer) unless another is shorter by more than rounding.
template <class T>
inline ClosestT<T> closestEndOfFour(ClosestT<T> first, Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1,
                                    Vec2T<T> q2, T dd1, T dd2, T rd1, T rd2, T d12) {
  const T f2ofP1 = clamp01(rd2 / dd2);
  const T f2ofP2 = clamp01((rd2 + d12) / dd2);
  const T f1ofQ1 = clamp01(-rd1 / dd1);
  const T f1ofQ2 = clamp01((d12 - rd1) / dd1);
  const ClosestT<T> candidates[4] = {{T(0), f2ofP1, p1, at(q1, q2, f2ofP1)},
                                     {T(1), f2ofP2, p2, at(q1, q2, f2ofP2)},
                                     {f1ofQ1, T(0), at(p1, p2, f1ofQ1), q1},
                                     {f1ofQ2, T(1), at(p1, p2, f1ofQ2), q2}};
  const auto squared = [](const ClosestT<T>& c) { return dot(c.c2 - c.c1, c.c2 - c.c1); };
  ClosestT<T> best = first;
  T bestSquared = squared(first) * (T(1) - T(64) * std::numeric_limits<T>::epsilon());
  for (const ClosestT<T>& c : candidates) {
    const T cs = squared(c);
    if (cs < bestSquared) {
      best = c;
      bestSquared = cs;
    }
  }
  return best;
}

/// Step K2 for nearly parallel cores that cross: the four end candidates of closestEndOfFour
/// assume that the cores do not cross, yet cores at an angle below the threshold (float: about
/// 0.003) cross as readily as any other, and their closest points are the crossing, at
/// distance 0. Each core's ends lie strictly on opposite sides of the other's line: the
/// fraction along p is where cross(d2, p(f1) − q1) = v1 + f1·(v2 − v1) vanishes, f1 = v1 /
/// (v1 − v2), a quotient without cancellation (v1 and v2 of opposite signs), likewise f2.
/// Returns false, writing nothing, when they do not cross.
template <class T>
inline bool crossingPoints(ClosestT<T>& out, Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1, Vec2T<T> q2,
                           Vec2T<T> d1, Vec2T<T> d2, Vec2T<T> r) {
  const T w1 = cross(d1, -r);  // q's ends against p's line (r = p1 − q1)
  const T w2 = cross(d1, q2 - p1);
  const T v1 = cross(d2, r);  // p's ends against q's line
  const T v2 = cross(d2, p2 - q1);
  const auto opposite = [](T x, T y) { return (x < T(0) && y > T(0)) || (x > T(0) && y < T(0)); };
  if (!opposite(w1, w2) || !opposite(v1, v2)) return false;
  out.f1 = v1 / (v1 - v2);
  out.f2 = w1 / (w1 - w2);
  out.c1 = at(p1, p2, out.f1);
  out.c2 = at(q1, q2, out.f2);
  return true;
}

/// Step K2 for nearly parallel cores: their crossing if they cross, else the closest of the
/// four end candidates (out of line: the common path keeps its values in registers).
template <class T>
[[gnu::noinline]] ClosestT<T> nearlyParallel(ClosestT<T> first, Vec2T<T> p1, Vec2T<T> p2,
                                             Vec2T<T> q1, Vec2T<T> q2, T dd1, T dd2, T rd1, T rd2,
                                             T d12) {
  ClosestT<T> crossing;
  if (crossingPoints(crossing, p1, p2, q1, q2, p2 - p1, q2 - q1, p1 - q1)) return crossing;
  return closestEndOfFour(first, p1, p2, q1, q2, dd1, dd2, rd1, rd2, d12);
}

/// Step K2: closest points of cores p1p2 and q1q2 (both of non-zero length): f1 from the
/// unclamped solution, the lines' crossing (clamped), f2 = the projection of c1 onto q (if it
/// clamps, f1 is re-projected), the reference's order (Box2D v3 b2SegmentDistance). Nearly
/// parallel cores (|d1 × d2|² ≤ 64·eps·|d1|²|d2|²) start from f1 = 0, as the exactly parallel
/// ones do. u1, u2: the cores' unit axes (for cores that collapse to a point in T).
template <class T>
[[gnu::always_inline]] inline ClosestT<T> closestPoints(Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1,
                                                        Vec2T<T> q2, Vec2T<T> u1, Vec2T<T> u2) {
  const Vec2T<T> d1 = p2 - p1;
  const Vec2T<T> d2 = q2 - q1;
  const Vec2T<T> r = p1 - q1;
  const T dd1 = dot(d1, d1);
  const T dd2 = dot(d2, d2);
  const T rd1 = dot(r, d1);
  const T rd2 = dot(r, d2);
  const T d12 = dot(d1, d2);
  // The unclamped solution in 2D is the lines' crossing, f1 = cross(d2, r) / cross(d1, d2):
  // the 2×2 normal equations' (d12·rd2 − rd1·dd2) / (dd1·dd2 − d12²) exactly, by Lagrange's
  // identity, without squaring the system's condition. That form lost f1 entirely for two cores
  // 2^24 and 2^50 long at an angle of 6e-5 whose starts were 2^50 apart (a double pair 294
  // deep was reported apart).
  const T sine = cross(d1, d2);
  const T denom = sine * sine;
  ClosestT<T> out;
  if (!(dd1 > T(0)) || !(dd2 > T(0))) [[unlikely]] {
    // A core of squared length 0 in T (its ends round to one point, or the square underflows):
    // the closest point of the other core to its p1.
    if (dd1 > T(0)) out.f1 = clamp01(-rd1 / dd1);
    if (dd2 > T(0)) out.f2 = clamp01(rd2 / dd2);
    return collapsedEnds(out, p1, p2, q1, q2, u1, u2, dd1, dd2);
  }
  const T parallelLimit = T(64) * std::numeric_limits<T>::epsilon() * (dd1 * dd2);
  // The free f1 and both re-projections of f1 (f2 clamped to 0 or to 1) are computed before f2
  // is known and selected after: which of the three applies is a coin toss on random pairs.
  const T f1Free = pick(less(parallelLimit, denom), clamp01(cross(d2, r) / sine), T(0));
  const T f2Free = (d12 * f1Free + rd2) / dd2;
  const MaskT<T> below = less(f2Free, T(0));
  const MaskT<T> above = less(T(1), f2Free);
  // f1 re-projected onto the clamped end of q: (−rd1) / dd1 below, (d12 − rd1) / dd1 above (the
  // numerator selected, one division).
  const T f1Projected = pick(below, -rd1, d12 - rd1) / dd1;
  T f1Again = clamp01(f1Projected);
  // mutant 102: re-projected fraction not clamped (above)
  if constexpr (TOUCHE_MUTANT_IS(102)) f1Again = pick(above, f1Projected, f1Again);
  out.f1 = pick(below | above, f1Again, f1Free);
  out.f2 = pick(below, T(0), pick(above, T(1), f2Free));
  out.c1 = at(p1, p2, out.f1);
  out.c2 = at(q1, q2, out.f2);
  if (!(denom > parallelLimit)) [[unlikely]]  // nearly parallel
    return nearlyParallel(out, p1, p2, q1, q2, dd1, dd2, rd1, rd2, d12);
  return out;
}

/// Whether a fraction is an endpoint.
template <class T>
[[gnu::always_inline]] inline MaskT<T> isEnd(T f) {
  return equal(f, T(0)) | equal(f, T(1));
}

/// Step K3: the distance between the cores along the line of closest points, each case in its
/// best-conditioned form (see the top of this file), computed before the contact test with no
/// more than that test needs; onePoint completes K6's geometry for pairs in contact. The three
/// cases are all computed and selected (which one applies is a coin toss on random pairs): B's
/// endpoint against A's core (w along A's normal), A's endpoint against B's core (w along B's
/// normal), and two endpoints or crossing cores (both inside: c1 = c2 in exact arithmetic)
/// along c2 − c1.
template <class T>
struct DistanceT {
  MaskT<T> endA;      ///< c1 is an endpoint of A's core
  MaskT<T> endB;      ///< c2 is an endpoint of B's core
  MaskT<T> caseA;     ///< B's endpoint against A's core
  MaskT<T> caseB;     ///< A's endpoint against B's core
  T wA = T(0);        ///< (c2 − p1)·nA
  T wB = T(0);        ///< (c1 − q1)·nB
  Vec2T<T> between;   ///< c2 − c1
  UnitT<T> u;         ///< its length (its unit only when `tiny`)
  bool tiny = false;  ///< |c2 − c1|² below kFastNormSquared: u from normalizeOr
  T distance = T(0);
};

template <class T>
[[gnu::always_inline]] inline DistanceT<T> coreDistance(const CoreT<T>& a, const CoreT<T>& b,
                                                        const ClosestT<T>& cp, Vec2T<T> left) {
  DistanceT<T> out;
  out.endA = isEnd(cp.f1);
  out.endB = isEnd(cp.f2);
  out.caseA = andNot(out.endB, out.endA);
  out.caseB = andNot(out.endA, out.endB);
  out.wA = dot(cp.c2 - a.p1, a.normal);
  out.wB = dot(cp.c1 - b.p1, b.normal);
  out.between = cp.c2 - cp.c1;
  // unitOr's two paths: the guarded normalisation below kFastNormSquared (crossing cores whose
  // closest points coincide; never on valid random input), else the square root here and the
  // divisions in onePoint, after the contact test.
  const T squared = dot(out.between, out.between);
  out.tiny = squared < kFastNormSquared<T>;
  if (out.tiny) [[unlikely]] {
    out.u = normalizeOr(out.between, left);
  } else {
    out.u = {{}, sqrtOf(squared), true};
  }
  out.distance = pick(out.caseA, std::abs(out.wA), pick(out.caseB, std::abs(out.wB), out.u.length));
  return out;
}

/// Step K6's single point's geometry in A's frame — normal (A → B), distance between the
/// cores along it, ids, degenerate flag.
template <class T>
struct OnePointT {
  Vec2T<T> normal;
  T distance = T(0);
  FeatureId id;
  bool degenerate = false;
};

/// Step K6: the normal of coreDistance's case, and the ids: an endpoint fraction names its
/// vertex, an inside one the face whose outward normal points at the other core (A: face 0 when
/// the normal is on face 0's side; B: face 0 unless its face-0 normal points along the normal,
/// the reference's facingFace). Cores touching within `band` take touchingFaces' normal.
template <class T>
[[gnu::always_inline]] inline OnePointT<T> onePoint(const CoreT<T>& a, const CoreT<T>& b,
                                                    const ClosestT<T>& cp, const DistanceT<T>& g,
                                                    Vec2T<T> left, T band) {
  const Vec2T<T> unit =
      g.tiny ? g.u.unit : Vec2T<T>{g.between.x / g.u.length, g.between.y / g.u.length};
  const Vec2T<T> normalA = pick(less(T(0), g.wA), a.normal, left);
  const Vec2T<T> normalB =
      pick(less(T(0), g.wB), -b.normal, pick(less(g.wB, T(0)), b.normal, left));
  OnePointT<T> out;
  out.normal = pick(g.caseA, normalA, pick(g.caseB, normalB, pick(g.endA, unit, left)));
  out.distance = g.distance;
  const bool inA = g.caseA.test();
  const bool inB = g.caseB.test();
  const bool atEndA = g.endA.test();
  out.degenerate =
      (inA & (g.wA == T(0))) | (inB & (g.wB == T(0))) | (!inA & !inB & (!atEndA | !g.u.ok));
  if (!(band < g.distance)) [[unlikely]] {
    const OnePointT<T> faces = touchingFaces(a, b, band);
    out.normal = faces.normal;
    out.degenerate = faces.degenerate;
  }
  const auto index = [](T f, int face) {
    return selectInt(f == T(0), 0, selectInt(f == T(1), 1, face));
  };
  const auto type = [](bool end) {
    return static_cast<FeatureType>(
        selectInt(end, static_cast<int>(FeatureType::vertex), static_cast<int>(FeatureType::face)));
  };
  out.id =
      idOf(type(atEndA), index(cp.f1, selectInt(dot(out.normal, a.normal) > T(0), 0, 1)),
           type(g.endB.test()), index(cp.f2, selectInt(dot(b.normal, out.normal) <= T(0), 0, 1)));
  return out;
}

/// Step K4: true when core `other` projects onto `ref`'s axis entirely at or beyond one end.
template <class T>
[[gnu::always_inline]] inline MaskT<T> projectsOutside(const CoreT<T>& ref, const CoreT<T>& other) {
  const Vec2T<T> d = ref.axis();
  const T extent = dot(ref.p2 - ref.p1, d);
  const T t1 = dot(other.p1 - ref.p1, d);
  const T t2 = dot(other.p2 - ref.p1, d);
  return (lessEqual(t1, T(0)) & lessEqual(t2, T(0))) |
         (lessEqual(extent, t1) & lessEqual(extent, t2));
}

/// A core chosen by a mask, field by field.
template <class T>
[[gnu::always_inline]] inline CoreT<T> pick(MaskT<T> m, const CoreT<T>& x, const CoreT<T>& y) {
  return {pick(m, x.p1, y.p1), pick(m, x.p2, y.p2), pick(m, x.normal, y.normal),
          pick(m, x.radius, y.radius)};
}

/// Step K5 (SAT side): the outward unit normal of `ref`'s face towards `other`, its index and
/// the separation: face 0 (normal n) separates by min(w1, w2), face 1 (−n) by −max(w1, w2),
/// w = (x − ref.p1)·n over other's endpoints; face 1 only when strictly larger.
template <class T>
struct SideT {
  Vec2T<T> normal;
  MaskT<T> faceOne;
  T separation = T(0);
};

/// Step K5's face choice when its two separations are within `band` of each other: face 1
/// separates more exactly when −max(w1, w2) > min(w1, w2), i.e. w1 + w2 < 0 (min + max = w1 +
/// w2): the other core's endpoints lie below face 0's plane on average. That sign is taken
/// from (o1 − p1) + (o2 − p1) against the unnormalised rightPerp(p2 − p1): exact on grid
/// input, and a product that rounds never flips the sign of a two-term difference, whereas the
/// rounded unit normal turns an exact tie (a core crossing the other's line symmetrically)
/// into either side. A core whose ends coincide in T has no direction there: face 0.
template <class T>
[[gnu::always_inline]] inline MaskT<T> faceOneAtTie(const CoreT<T>& ref, const CoreT<T>& other) {
  const Vec2T<T> e = ref.p2 - ref.p1;
  const Vec2T<T> v = (other.p1 - ref.p1) + (other.p2 - ref.p1);
  return less(v.x * e.y - v.y * e.x, T(0));
}

/// Step K5's side of `ref` (the tie rule computed for every pair and selected).
template <class T>
[[gnu::always_inline]] inline SideT<T> satSide(const CoreT<T>& ref, const CoreT<T>& other, T band) {
  const T w1 = dot(other.p1 - ref.p1, ref.normal);
  const T w2 = dot(other.p2 - ref.p1, ref.normal);
  const MaskT<T> firstLower = less(w1, w2);
  const T right = pick(firstLower, w1, w2);
  const T leftSide = -pick(firstLower, w2, w1);
  const MaskT<T> faceOne = pick(lessEqual(std::abs(leftSide - right), band),
                                faceOneAtTie(ref, other), less(right, leftSide));
  return {pick(faceOne, -ref.normal, ref.normal), faceOne, pick(faceOne, leftSide, right)};
}

/// Step K6 for cores touching within the band: K5's choice of side (the reference's step 6 at
/// c1 = c2), the tie flagged. Out of line: valid random input reaches it only by construction.
template <class T>
[[gnu::noinline]] OnePointT<T> touchingFaces(const CoreT<T>& a, const CoreT<T>& b, T band) {
  const SideT<T> sideA = satSide(a, b, band);
  const SideT<T> sideB = satSide(b, a, band);
  OnePointT<T> out;
  out.normal = sideB.separation > sideA.separation ? -sideB.normal : sideA.normal;
  out.degenerate = std::abs(sideA.separation - sideB.separation) <= band;
  // mutant 105: touching cores take A's left normal (Box2D v3's fallback)
  if constexpr (TOUCHE_MUTANT_IS(105)) out.normal = -a.normal;
  return out;
}

/// Each lane's magnitude (the sign bit cleared: exact).
template <class T>
[[gnu::always_inline]] inline QuadT<T> absLanes(QuadT<T> q) {
  using M = typename QuadMaskT<T>::M;
  using V = typename QuadT<T>::V;
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::int32_t, std::int64_t>;
  const M magnitude = M{} + std::numeric_limits<Bits>::max();  // every bit but the sign
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    q.r[k] = reinterpret_cast<V>(reinterpret_cast<M>(q.r[k]) & magnitude);
  return q;
}

/// The largest of the lanes of three quads of magnitudes (a max tree: only the order of equal
/// values differs from a chain of std::max, and equal values are one value).
template <class T>
[[gnu::always_inline]] inline T maxOfLanes(const QuadT<T>& a, const QuadT<T>& b,
                                           const QuadT<T>& c) {
  const auto larger = [](auto x, auto y) { return x > y ? x : y; };
  const QuadT<T> m = lanewise(lanewise(a, b, larger), c, larger);
  const QuadT<T> n = lanewise(m, swapHalves(m), larger);
  return std::max(n[0], n[1]);
}

/// The largest coordinate magnitude among the cores (A's frame, ends as quads) and the two
/// positions (componentReach's value): the scale of the rounding errors of step K5's heights.
template <class T>
[[gnu::always_inline]] inline T sceneScale(const QuadT<T>& endsA, const QuadT<T>& endsB,
                                           const TransformT<T>& xfA, const TransformT<T>& xfB) {
  return maxOfLanes(absLanes(endsA), absLanes(endsB),
                    absLanes(QuadT<T>::of(xfA.p.x, xfA.p.y, xfB.p.x, xfB.p.y)));
}

/// Step K5 (clip) in (reference, incident) roles, A's frame: both points, in the order
/// [incident p1's end, p2's end] before the margin drops any, as quads (end 0 in lanes 0–1,
/// end 1 in lanes 2–3), and whether the reference falls back to one point.
template <class T>
struct ClipT {
  QuadT<T> point;       ///< (x, y) of each end
  QuadT<T> separation;  ///< each end's separation in both lanes of its half
  QuadMaskT<T> keep;    ///< within the margin, per half
  FeatureId id[2];
  bool valid = true;  ///< false: one point instead (see clipCores)
};

/// Lane-wise a & b and !a of masks.
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator&(const QuadMaskT<T>& a, const QuadMaskT<T>& b) {
  QuadMaskT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = a.r[k] & b.r[k];
  return out;
}
template <class T>
[[gnu::always_inline]] inline QuadMaskT<T> operator!(const QuadMaskT<T>& a) {
  QuadMaskT<T> out;
  for (int k = 0; k < QuadT<T>::kRegs; ++k)
    out.r[k] = ~a.r[k];
  return out;
}

/// The quad (x, x, x, x).
template <class T>
[[gnu::always_inline]] inline QuadT<T> all(T x) {
  return QuadT<T>::of(x, x, x, x);
}

/// Step K5 (clip): clips `inc` to `ref`'s extent along its axis. An end beyond a side plane
/// moves onto it along the incident core and is named (vertex k of the reference, the incident
/// face facing it); an end inside keeps (reference face, vertex j). Not valid (the reference
/// falls back to one point) when a clipped end at a positive height has an incident core that
/// descends beyond the side plane (its outside endpoint beyond the plane and lower than its
/// inside one, each by more than `band`). An end within `band` of its side plane is not
/// clipped. The two ends run as the two halves of one quad (every step the same IEEE
/// operation on each end's operands), and the masks select: which end clips, and where, is a
/// coin toss on random pairs.
template <class T>
[[gnu::always_inline]] inline ClipT<T> clipCores(const CoreT<T>& ref, const CoreT<T>& inc,
                                                 const SideT<T>& side, T band, T margin) {
  using Q = QuadT<T>;
  const Vec2T<T> d = ref.axis();
  const T extent = dot(ref.p2 - ref.p1, d);
  const Q ends = Q::of(inc.p1.x, inc.p1.y, inc.p2.x, inc.p2.y);
  const Q otherEnds = swapHalves(ends);
  const Q fromRef = ends - Q::twice(ref.p1);
  const Q t = dotHalves(fromRef, Q::twice(d));            // (t1, t1, t2, t2): along the reference
  const Q h = dotHalves(fromRef, Q::twice(side.normal));  // heights above the reference face
  const Q tOther = swapHalves(t);
  const int g = selectInt(dot(inc.normal, side.normal) <= T(0), 0, 1);
  const int face = static_cast<int>(side.faceOne.test());
  // At reference vertex 0 (t = 0), then at vertex 1 (t = |d|²), the later overriding (the
  // reference's order). The two ends cannot both clip at one side (one is inside it). An end
  // within `band` of a side plane may lie exactly on it (the clip gap is a tie, and the exact
  // rule then keeps both the end and its id, and never falls back to one point): it is kept.
  const QuadMaskT<T> atStart = (t < -all(band)) & (all(T(0)) < tOther);
  const QuadMaskT<T> atEnd = (all(extent + band) < t) & (tOther < all(extent));
  const QuadMaskT<T> clipped = atStart | atEnd;
  // Each end's fraction along the incident core towards the other end: the operands selected
  // first and divided once (the quotient of the selected operands is the selected quotient).
  const Q fraction =
      blend(atEnd, t - all(extent), all(T(0)) - t) / blend(atEnd, t - tOther, tOther - t);
  const Q x = blend(clipped, ends + fraction * (otherEnds - ends), ends);
  const Q height = dotHalves(x - Q::twice(ref.p1), Q::twice(side.normal));
  const QuadMaskT<T> descends = clipped & (h < swapHalves(h) - all(band)) & (all(T(0)) < height);
  ClipT<T> out;
  const bool descends0 = descends[0];
  const bool descends1 = descends[2];
  out.valid = !(descends0 | descends1);
  out.separation = (height - all(ref.radius)) - all(inc.radius);
  out.point = x + (all(T(0.5)) * (all(ref.radius - inc.radius) - height)) * Q::twice(side.normal);
  out.keep = !(all(margin) < out.separation);
  const bool atEnd0 = atEnd[0];
  const bool atEnd1 = atEnd[2];
  out.id[0] =
      selectId(clipped[0], idOf(FeatureType::vertex, selectInt(atEnd0, 1, 0), FeatureType::face, g),
               idOf(FeatureType::face, face, FeatureType::vertex, 0));
  out.id[1] =
      selectId(clipped[2], idOf(FeatureType::vertex, selectInt(atEnd1, 1, 0), FeatureType::face, g),
               idOf(FeatureType::face, face, FeatureType::vertex, 1));
  return out;
}

/// Writes the single point of K6 (A's frame): midway between the surfaces along the normal,
/// from B's closest core point.
template <class T>
[[gnu::always_inline]] inline void writeOnePoint(ManifoldT<T>& m, const OnePointT<T>& g,
                                                 Vec2T<T> c2, T rA, T rB, T margin) {
  const bool contact = g.distance - rA - rB <= margin;
  singlePoint(m, contact, g.normal, c2, g.distance, rA, rB, g.id);
  m.flags = static_cast<std::uint32_t>(g.degenerate & contact) * kFlagDegenerateNormal;
}

/// Step K5 for cores within the margin that project onto each other: the SAT side of each, the
/// reference A when sepA ≥ sepB (the cores chosen by index, not by a branch), the other core
/// clipped (clipCores) and the points within the margin
/// written (A's frame, the input's roles). Returns false, writing nothing, when the reference
/// falls back to one point.
template <class T>
[[gnu::always_inline]] inline bool clipInA(ManifoldT<T>& m, const CoreT<T>& a, const CoreT<T>& b,
                                           T band, T margin) {
  const SideT<T> sideA = satSide(a, b, band);
  const SideT<T> sideB = satSide(b, a, band);
  const MaskT<T> flipMask = !lessEqual(sideB.separation, sideA.separation);
  const bool flip = flipMask.test();
  // The cores chosen by the mask in registers (a choice through memory, by index or address,
  // puts a store and a load on the chain from the sides to the clip).
  const CoreT<T> ref = pick(flipMask, b, a);
  const CoreT<T> inc = pick(flipMask, a, b);
  const SideT<T> side{pick(flipMask, sideB.normal, sideA.normal),
                      pick(flipMask, sideB.faceOne, sideA.faceOne), T(0)};
  const ClipT<T> clip = clipCores(ref, inc, side, band, margin);
  if (!clip.valid) [[unlikely]]
    return false;
  // The points within the margin, in order (point 1 is always the second end): the first kept
  // end's half moved to the front.
  const bool keep0 = clip.keep[0];
  const bool keep1 = clip.keep[2];
  const QuadMaskT<T> keepFirst = broadcast<0>(clip.keep);
  const QuadT<T> first = blend(keepFirst, clip.point, swapHalves(clip.point));
  const QuadT<T> firstSeparation = blend(keepFirst, clip.separation, swapHalves(clip.separation));
  m.pointCount = static_cast<int>(keep0) + static_cast<int>(keep1);
  Vec2T<T> normal = select(m.pointCount > 0, side.normal, Vec2T<T>{});
  if constexpr (!TOUCHE_MUTANT_IS(103)) {  // mutant 103: B's reference normal kept
    normal = select(flip, -normal, normal);
  }
  m.normal = normal;
  // Ids in the input's roles: B's reference exchanges the two halves.
  const FeatureId id0 = selectId(keep0, clip.id[0], clip.id[1]);
  const FeatureId id1 = clip.id[1];
  m.points[0].point = {first[0], first[1]};
  m.points[0].separation = firstSeparation[0];
  m.points[0].id = selectId(flip, swapped(id0), id0);
  m.points[1].point = {clip.point[2], clip.point[3]};
  m.points[1].separation = clip.separation[2];
  m.points[1].id = selectId(flip, swapped(id1), id1);
  return true;
}

/// Steps K2–K6 for two cores of non-zero length in A's frame; writes m (empty on entry) in A's
/// frame. `band` is step K5's rounding band for the heights. Returns false, writing nothing,
/// when the cores are farther apart than the margin (K3).
template <class T>
[[gnu::always_inline]] inline bool capsulesInA(ManifoldT<T>& m, const CoreT<T>& a,
                                               const CoreT<T>& b, T band, T margin) {
  const ClosestT<T> cp = closestPoints(a.p1, a.p2, b.p1, b.p2, a.axis(), b.axis());
  const Vec2T<T> left = -a.normal;  // leftPerp(d1): a direction for closest points that coincide
  const DistanceT<T> gap = coreDistance(a, b, cp, left);
  if (gap.distance - a.radius - b.radius > margin) return false;  // K3
  // K4: the clip applies only when neither core projects outside the other. Then K5 clips,
  // else (or when the reference falls back) K6 writes one point. Which applies is about even on
  // random pairs, yet a branch here costs less than computing both: each is a hundred
  // instructions or more.
  const MaskT<T> inside = !(projectsOutside(a, b) | projectsOutside(b, a));
  if (inside.test() && clipInA(m, a, b, band, margin)) return true;
  writeOnePoint(m, onePoint(a, b, cp, gap, left, band), cp.c2, a.radius, b.radius, margin);  // K6
  return true;
}

/// Rotates both point slots of a manifold computed in A's frame into the world (without a
/// branch on the count, as polygons.h's toWorld); a manifold without points gets the zero
/// normal and no flags.
template <class T>
[[gnu::always_inline]] inline void allToWorld(ManifoldT<T>& m, const TransformT<T>& xfA) {
  const bool any = m.pointCount > 0;
  m.normal = select(any, rotate(xfA.q, m.normal), Vec2T<T>{});
  m.flags &= 0u - static_cast<std::uint32_t>(any);
  m.points[0].point = apply(xfA, m.points[0].point);
  m.points[1].point = apply(xfA, m.points[1].point);
}

/// Step K2 squares the cores' lengths and multiplies those squares (|d1|²·|d2|²): cores much
/// shorter or longer than 1 would underflow or overflow there (float: below about 2^-25 or
/// above 2^32). Such cores are computed at a power-of-two scale instead; multiplying by a power
/// of two is exact, and every operation commutes with it, so inside the safe range nothing
/// changes and outside it the results are those of the scaled scene, scaled back. Returns the
/// exponent e of the largest component of d1, d2 (0: already in the safe range). Cores much
/// shorter than their distance from A's origin are scaled up only as far as their endpoints
/// stay inside that range: a core 2^-1035 long at 2^12 would otherwise be moved to 2^1047, past
/// T's largest finite value (its products then give NaN). Shorter still, its squared length
/// underflows and step K2 takes it as collapsed.
template <class T>
inline int rescaleExponent(const CoreT<T>& a, const CoreT<T>& b) {
  const int e = unitScaleExponent<T>(a.p2 - a.p1, b.p2 - b.p1);
  if (e >= 0) return e;
  const T reach = componentReach<T>(a.p1, a.p2, b.p1, b.p2);
  if (!(reach > T(0))) return e;
  return std::max(e, std::min(0, std::ilogb(reach) - kUnitScaleExponent<T>));
}

/// Multiplies a core's endpoints and radius by 2^e (exact unless the result leaves the range).
template <class T>
inline void rescale(CoreT<T>& c, int e) {
  c.p1 = {std::ldexp(c.p1.x, e), std::ldexp(c.p1.y, e)};
  c.p2 = {std::ldexp(c.p2.x, e), std::ldexp(c.p2.y, e)};
  c.radius = std::ldexp(c.radius, e);
}

/// The cores of capsules a and b in A's frame (B moved by xfBinA).
template <class T>
[[gnu::always_inline]] inline void coresInA(CoreT<T>& coreA, CoreT<T>& coreB, const CapsuleT<T>& a,
                                            const CapsuleT<T>& b, const TransformT<T>& xfBinA) {
  const QuadT<T> endsB = applyToEnds(xfBinA, b.p1, b.p2);  // apply(xfBinA, ·) on both ends
  coreA = {a.p1, a.p2, a.normal, a.radius};
  coreB = {{endsB[0], endsB[1]}, {endsB[2], endsB[3]}, rotate(xfBinA.q, b.normal), b.radius};
}

/// Steps K2–K6 for cores outside unitScaleExponent's range: when rescaleExponent gives e ≠ 0,
/// capsulesInA on the cores scaled by 2^-e, the results scaled back and moved into the world,
/// and true; false (nothing written) when no scaling is needed after all. Out of line: valid
/// random input never needs it.
template <class T>
[[gnu::noinline]] bool capsulesScaled(ManifoldT<T>& m, const CapsuleT<T>& capsuleA,
                                      const CapsuleT<T>& capsuleB, const TransformT<T>& xfA,
                                      const TransformT<T>& xfBinA, T band, T margin) {
  CoreT<T> a;
  CoreT<T> b;
  coresInA(a, b, capsuleA, capsuleB, xfBinA);
  const int exponent = rescaleExponent(a, b);
  if (exponent == 0) return false;
  rescale(a, -exponent);
  rescale(b, -exponent);
  capsulesInA(m, a, b, std::ldexp(band, -exponent), std::ldexp(margin, -exponent));
  for (int k = 0; k < m.pointCount; ++k) {
    m.points[k].point = {std::ldexp(m.points[k].point.x, exponent),
                         std::ldexp(m.points[k].point.y, exponent)};
    m.points[k].separation = std::ldexp(m.points[k].separation, exponent);
  }
  allToWorld(m, xfA);
  return true;
}

}  // namespace detail::cores

namespace detail::cores {

/// Steps K2–K6 for two capsules of non-zero length: B moved into A's frame, the scene's
/// rounding band, the rescaling of cores far from unit length. Writes m (empty on entry) in the
/// world frame.
template <class T>
[[gnu::always_inline]] inline void capsulePair(ManifoldT<T>& m, const CapsuleT<T>& a,
                                               const TransformT<T>& xfA, const CapsuleT<T>& b,
                                               const TransformT<T>& xfB, T margin) {
  using Q = QuadT<T>;
  const TransformT<T> xfBinA = invMul(xfA, xfB);
  CoreT<T> coreA;
  CoreT<T> coreB;
  coresInA(coreA, coreB, a, b, xfBinA);
  const Q endsA = Q::of(coreA.p1.x, coreA.p1.y, coreA.p2.x, coreA.p2.y);
  const Q endsB = Q::of(coreB.p1.x, coreB.p1.y, coreB.p2.x, coreB.p2.y);
  const T band = T(32) * std::numeric_limits<T>::epsilon() * sceneScale(endsA, endsB, xfA, xfB);
  // rescaleExponent is 0 whenever the cores' components lie in unitScaleExponent's range.
  const Q lengths = absLanes(Q::of(coreA.p2.x - coreA.p1.x, coreA.p2.y - coreA.p1.y,
                                   coreB.p2.x - coreB.p1.x, coreB.p2.y - coreB.p1.y));
  const T reach = maxOfLanes(lengths, lengths, lengths);
  constexpr T kLow = powerOfTwo<T>(-kUnitScaleExponent<T>);
  constexpr T kHigh = powerOfTwo<T>(kUnitScaleExponent<T>);
  if (!((reach >= kLow) & (reach <= kHigh))) [[unlikely]] {
    if (capsulesScaled(m, a, b, xfA, xfBinA, band, margin)) return;
  }
  if (capsulesInA(m, coreA, coreB, band, margin)) allToWorld(m, xfA);
}

}  // namespace detail::cores

#if TOUCHE_FAST_AVX2
TOUCHE_FAST_TARGET_AVX2
namespace detail::avx2 {
/// capsulePair compiled for AVX2: the same IEEE operations (no fused multiply-add), so the same
/// bits; the three-operand VEX forms drop the register copies that SSE's two-operand
/// and/andnot/or selects need. Behind one call, as the other pairs' AVX2 builds.
template <class T>
[[gnu::noinline]] void capsulePair(ManifoldT<T>& m, const CapsuleT<T>& a, const TransformT<T>& xfA,
                                   const CapsuleT<T>& b, const TransformT<T>& xfB, T margin) {
  detail::cores::capsulePair(m, a, xfA, b, xfB, margin);
}
}  // namespace detail::avx2
TOUCHE_FAST_TARGET_END
#endif

#if TOUCHE_FAST_AVX512
// No SLP vectorization in this region: no fused products (shapes.h).
TOUCHE_FAST_TARGET_AVX512
namespace detail::avx512 {
/// capsulePair compiled for AVX-512: the AVX2 build's code with 32 vector registers instead of
/// 16 (the pair's chains of selects hold more values than 16 registers, and the rest went
/// through the stack). The same IEEE operations, so the same bits.
template <class T>
[[gnu::noinline]] void capsulePair(ManifoldT<T>& m, const CapsuleT<T>& a, const TransformT<T>& xfA,
                                   const CapsuleT<T>& b, const TransformT<T>& xfB, T margin) {
  detail::cores::capsulePair(m, a, xfA, b, xfB, margin);
}
}  // namespace detail::avx512
TOUCHE_FAST_TARGET_END
#endif

/// Capsule A vs capsule B (steps K1–K6 at the top of this file), world frame. On AVX2 machines
/// (asked at run time) steps K2–K6 run in the AVX2 build of the same code.
template <class T>
ManifoldT<T> collideCapsules(const CapsuleT<T>& a, const TransformT<T>& xfA, const CapsuleT<T>& b,
                             const TransformT<T>& xfB, T margin) {
  using namespace detail::cores;
  // The one result object, returned by name on every path (see collideCapsuleAndCircle).
  ManifoldT<T> m;
  if (a.point | b.point) [[unlikely]] {  // K1
    if (a.point && b.point) {
      m = collideCircles(asCircle(a), xfA, asCircle(b), xfB, margin);
    } else if (a.point) {
      m = swappedRoles(collideCapsuleAndCircle(b, xfB, asCircle(a), xfA, margin));
    } else {
      m = collideCapsuleAndCircle(a, xfA, asCircle(b), xfB, margin);
    }
    return m;
  }
#if TOUCHE_FAST_AVX512
  if (detail::haveAvx512()) {
    detail::avx512::capsulePair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    detail::avx2::capsulePair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
  capsulePair(m, a, xfA, b, xfB, margin);
  return m;
}

/// Segment A vs capsule B: the capsule–capsule steps with A's radius 0.
template <class T>
ManifoldT<T> collideSegmentAndCapsule(const SegmentT<T>& a, const TransformT<T>& xfA,
                                      const CapsuleT<T>& b, const TransformT<T>& xfB, T margin) {
  return collideCapsules<T>(a, xfA, b, xfB, margin);
}

namespace detail::cores {

/// The least and the greatest lane of v (a tree of halvings; min and max are exact, so only
/// the sign of a zero result can depend on the order, and no result of the pair reads it).
template <class T, int B>
[[gnu::always_inline]] inline void minMaxLanes(detail::Simd<T, B> lo, detail::Simd<T, B> hi,
                                               T& minOut, T& maxOut) {
  if constexpr (B > 16) {
    detail::Simd<T, B / 2> loHalves[2];
    detail::Simd<T, B / 2> hiHalves[2];
    std::memcpy(loHalves, &lo, sizeof lo);
    std::memcpy(hiHalves, &hi, sizeof hi);
    minMaxLanes<T, B / 2>(loHalves[1] < loHalves[0] ? loHalves[1] : loHalves[0],
                          hiHalves[1] > hiHalves[0] ? hiHalves[1] : hiHalves[0], minOut, maxOut);
  } else if constexpr (std::is_same_v<T, float>) {
    lo = __builtin_shufflevector(lo, lo, 2, 3, 0, 1) < lo
             ? __builtin_shufflevector(lo, lo, 2, 3, 0, 1)
             : lo;
    hi = __builtin_shufflevector(hi, hi, 2, 3, 0, 1) > hi
             ? __builtin_shufflevector(hi, hi, 2, 3, 0, 1)
             : hi;
    minOut = lo[1] < lo[0] ? lo[1] : lo[0];
    maxOut = hi[1] > hi[0] ? hi[1] : hi[0];
  } else {
    minOut = lo[1] < lo[0] ? lo[1] : lo[0];
    maxOut = hi[1] > hi[0] ? hi[1] : hi[0];
  }
}

/// Stage 1 of polygons.h's collidePolygons (satStage) when A is a two-vertex polygon, with the
/// same results and a quarter of the work: A's two faces have normals n and −n, so both their
/// separations come from one pass of n·w over B's vertices (face 0: min(n·w) − offset0;
/// face 1: min(−n·w) − offset1 = −max(n·w) − offset1, negation being exact); B's faces need
/// only A's two vertices (the padding lanes repeat vertex 0). Ties as firstMax breaks them:
/// face 1 of A only when strictly better (a select, not a branch: which side of the segment B
/// lies on is a coin toss on random pairs). B-byte SIMD chunks (16: SSE2; 32: the AVX2 build).
/// `sat` holds B already moved into A's frame (sat.bInA); fills sat.sepA and sat.sepB.
template <class T, int B = 16>
[[gnu::always_inline]] inline bool twoVertexSat(detail::SatT<T>& sat, const PolygonT<T>& a,
                                                T margin) {
  using V = detail::Simd<T, B>;
  constexpr int C = detail::kChunks<T, B>;
  const T nx = a.nx[0];
  const T ny = a.ny[0];
  V lo =
      detail::loadChunk<T, B>(sat.bInA.vx, 0) * nx + detail::loadChunk<T, B>(sat.bInA.vy, 0) * ny;
  V hi = lo;
  V sepB[C];
  for (int c = 0; c < C; ++c) {
    const V w =
        detail::loadChunk<T, B>(sat.bInA.vx, c) * nx + detail::loadChunk<T, B>(sat.bInA.vy, c) * ny;
    lo = w < lo ? w : lo;
    hi = w > hi ? w : hi;
    const V bnx = detail::loadChunk<T, B>(sat.bInA.nx, c);
    const V bny = detail::loadChunk<T, B>(sat.bInA.ny, c);
    const V s0 = a.vx[0] * bnx + a.vy[0] * bny;
    const V s1 = a.vx[1] * bnx + a.vy[1] * bny;
    sepB[c] = (s1 < s0 ? s1 : s0) - detail::loadChunk<T, B>(sat.bInA.offset, c);
  }
  T minW;
  T maxW;
  minMaxLanes<T, B>(lo, hi, minW, maxW);
  const T face0 = minW - a.offset[0];
  const T face1 = -maxW - a.offset[1];
  const bool faceOne = face1 > face0;
  sat.sepA = {select(faceOne, face1, face0), selectInt(faceOne, 1, 0)};
  detail::Simd<T> halves[detail::kChunks<T>];  // firstMax works on 16-byte chunks
  std::memcpy(halves, sepB, sizeof halves);
  sat.sepB = firstMax<T>(halves);
  return !(maxOr(sat.sepA.separation, sat.sepB.separation) - a.radius - sat.bInA.radius > margin);
}

/// How far edge k of `p` turns from perpendicular to the unit `refNormal`, as the pair
/// (|e·refNormal|, |e|) with e = p[k + 1] − p[k] (the sine of the turn is the quotient), how
/// deep its deeper end lies along `refNormal` (the least v·refNormal of its two ends), and how
/// much of the edge overlaps the reference face [r1, r2] along r2 − r1 (in units of |r2 − r1|).
template <class T>
struct EdgeTurnT {
  T along;
  T length;
  T depth;
  T overlap;
};

template <class T>
inline EdgeTurnT<T> edgeTurn(const PolygonT<T>& p, int k, Vec2T<T> refNormal, Vec2T<T> r1,
                             Vec2T<T> r2) {
  const Vec2T<T> v1 = p.vertex(k);
  const Vec2T<T> v2 = p.vertex(p.next(k));
  const Vec2T<T> e = v2 - v1;
  const Vec2T<T> d = r2 - r1;
  const T t1 = dot(v1 - r1, d);
  const T t2 = dot(v2 - r1, d);
  const T overlap = std::min(std::max(t1, t2), dot(d, d)) - std::max(std::min(t1, t2), T(0));
  const T depth = std::min(dot(v1, refNormal), dot(v2, refNormal));
  return {std::abs(dot(e, refNormal)), std::sqrt(dot(e, e)), depth, overlap};
}

/// Stage 3 (polygons.h incidentEdge) when the least dot product with the reference normal is
/// an exact tie in T between neighbouring edges: a sliver's nearly collinear edges, whose unit
/// normals round to the same value although one of them is exactly anti-parallel to the
/// reference normal (e.g. a triangle with a vertex 2^-1074 below the line of the other two).
/// The exact rule takes the edge whose unit normal is most anti-parallel, i.e. whose direction
/// turns least from perpendicular to the reference normal: the least |e·n|/|e|, compared
/// cross-multiplied (|e·n| alone underflows for a subnormal turn). Edges that still tie (in
/// T the sliver may be flat: both edges on one line) are told apart by the exact rule's
/// geometry: along a nearly straight pair of edges facing the reference face, the left turn
/// from one edge to the next (the polygon is convex) makes the later edge steeper against the
/// face when the pair rises along n, so the earlier edge is the more anti-parallel; when the
/// pair sinks, the later edge is the flatter and wins. Either way the winner holds the deeper
/// end, so the edge with the deeper end (least v·n) is taken; at equal depth, the one overlapping
/// the reference face more (the other may lie beside it and clip to nothing), then the lower index
/// (firstMax). Off the tie, the edge stage 3 chose.
template <class T>
[[gnu::noinline]] int incidentAmongTied(const PolygonT<T>& inc, int edge, const PolygonT<T>& ref,
                                        int face, int prev, int next, bool tiePrev, bool tieNext) {
  const Vec2T<T> refNormal = ref.normal(face);
  const Vec2T<T> r1 = ref.vertex(face);
  const Vec2T<T> r2 = ref.vertex(ref.next(face));
  int best = edge;
  EdgeTurnT<T> bestTurn = edgeTurn(inc, edge, refNormal, r1, r2);
  for (const int k : {prev, next}) {
    if (k == edge || !(k == prev ? tiePrev : tieNext)) continue;
    const EdgeTurnT<T> turn = edgeTurn(inc, k, refNormal, r1, r2);
    const T lhs = turn.along * bestTurn.length;
    const T rhs = bestTurn.along * turn.length;
    const bool deeper = turn.depth < bestTurn.depth;
    const bool asDeep = turn.depth == bestTurn.depth;
    const bool overlapsMore = turn.overlap > bestTurn.overlap;
    const bool overlapsAsMuch = turn.overlap == bestTurn.overlap;
    const bool better =
        lhs < rhs ||
        (lhs == rhs && (deeper || (asDeep && (overlapsMore || (overlapsAsMuch && k < best)))));
    if (better) {
      best = k;
      bestTurn = turn;
    }
  }
  return best;
}

/// The tie test of incidentAtTie, inlined into the pair (no call, no branch but the one on a
/// tie, which random pairs never take); the tie itself is resolved out of line.
template <class T>
[[gnu::always_inline]] inline int incidentAtTie(const PolygonT<T>& inc, int edge,
                                                const PolygonT<T>& ref, int face) {
  const Vec2T<T> refNormal = ref.normal(face);
  const T least = dot(refNormal, inc.normal(edge));
  const int prev = selectInt(edge == 0, inc.count - 1, edge - 1);
  const int next = inc.next(edge);
  const bool tiePrev = dot(refNormal, inc.normal(prev)) == least;
  const bool tieNext = dot(refNormal, inc.normal(next)) == least;
  if (!(tiePrev | tieNext)) [[likely]]
    return edge;
  return incidentAmongTied(inc, edge, ref, face, prev, next, tiePrev, tieNext);
}

/// How much of face k of `ref` (along its direction, in units of its length) the projection of
/// `other`'s vertices overlaps.
template <class T>
inline T faceOverlap(const PolygonT<T>& ref, int k, const PolygonT<T>& other) {
  const Vec2T<T> r1 = ref.vertex(k);
  const Vec2T<T> d = ref.vertex(ref.next(k)) - r1;
  T lo = dot(other.vertex(0) - r1, d);
  T hi = lo;
  for (int j = 1; j < other.count; ++j) {
    const T t = dot(other.vertex(j) - r1, d);
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  return std::min(hi, dot(d, d)) - std::max(lo, T(0));
}

/// Stage 2's exact tie on a sliver (polygons.h chooseFeatures): a neighbouring face of the
/// reference face with the same unit normal in T (nearly collinear faces, e.g. a triangle with
/// a vertex 2^-1074 below the line of the other two) separates by the same amount in T, and
/// the lower index won. Exactly, the face whose line supports the polygon under the other
/// shape separates more: the one the other shape's projection overlaps more; ties keep the
/// chosen face. The incident edge (least dot product with the same normal) is unchanged.
template <class T>
[[gnu::noinline]] int referenceAmongTied(const PolygonT<T>& ref, int face, const PolygonT<T>& other,
                                         int prev, int next) {
  const Vec2T<T> n = ref.normal(face);
  const auto same = [&](int k) { return k != face && ref.nx[k] == n.x && ref.ny[k] == n.y; };
  int best = face;
  T bestOverlap = faceOverlap(ref, face, other);
  for (const int k : {prev, next}) {
    if (!same(k)) continue;
    const T overlap = faceOverlap(ref, k, other);
    if (overlap > bestOverlap) {
      best = k;
      bestOverlap = overlap;
    }
  }
  return best;
}

/// The tie test of referenceAtTie, inlined into the pair (comparisons combined with & rather
/// than &&, which compiles to branches); the tie itself is resolved out of line.
template <class T>
[[gnu::always_inline]] inline int referenceAtTie(const PolygonT<T>& ref, int face,
                                                 const PolygonT<T>& other) {
  const Vec2T<T> n = ref.normal(face);
  const int prev = selectInt(face == 0, ref.count - 1, face - 1);
  const int next = ref.next(face);
  const bool tiedWithPrev = (prev != face) & (ref.nx[prev] == n.x) & (ref.ny[prev] == n.y);
  const bool tiedWithNext = (next != face) & (ref.nx[next] == n.x) & (ref.ny[next] == n.y);
  if (!(tiedWithPrev | tiedWithNext)) [[likely]]
    return face;
  return referenceAmongTied(ref, face, other, prev, next);
}

/// Stages 2–3 with their exact ties on slivers resolved (referenceAtTie, incidentAtTie).
template <class T>
inline detail::ContactFrameT<T> featuresAtTies(const PolygonT<T>& a, const detail::SatT<T>& sat) {
  detail::ContactFrameT<T> f = detail::chooseFeatures(a, sat.bInA, sat.sepA, sat.sepB);
  f.face = referenceAtTie(*f.ref, f.face, *f.inc);
  f.edge = incidentAtTie(*f.inc, f.edge, *f.ref, f.face);
  return f;
}

/// Stages 2–3 with their exact ties (featuresAtTies) when A is a two-vertex polygon (a
/// segment), the same choice: A's incident edge needs no search. polygons.h's incidentEdge
/// takes the first maximum of the negated dot products −(r·n_k) over A's lanes, and A's lanes
/// ≥ 2 repeat lane 0, so edge 1 wins only when its value is strictly greater than edge 0's
/// (equal values and NaN keep edge 0).
template <class T>
[[gnu::always_inline]] inline detail::ContactFrameT<T> twoVertexFeatures(
    const PolygonT<T>& a, const detail::SatT<T>& sat) {
  const int edgeOnB = detail::incidentEdge(a.normal(sat.sepA.face), sat.bInA);
  const Vec2T<T> r = sat.bInA.normal(sat.sepB.face);
  const T negDot0 = -(r.x * a.nx[0] + r.y * a.ny[0]);
  const T negDot1 = -(r.x * a.nx[1] + r.y * a.ny[1]);
  const int edgeOnA = static_cast<int>(negDot1 > negDot0);
  // Stage 2: polygons.h's choice (B's face only when strictly better) from the two candidates.
  detail::ContactFrameT<T> f = detail::frameFrom(a, sat.bInA, sat.sepA, sat.sepB, edgeOnB, edgeOnA);
  f.face = referenceAtTie(*f.ref, f.face, *f.inc);
  f.edge = incidentAtTie(*f.inc, f.edge, *f.ref, f.face);
  return f;
}

/// Segment A vs polygon B, stages 1–5 with B-byte SIMD chunks in stage 1, A as the two-vertex
/// polygon (built here, so that the AVX2 build stores it with its own wider stores). Writes m
/// (empty on entry) in the world frame.
template <class T, int B = 16>
[[gnu::always_inline]] inline void segmentPolygonPair(ManifoldT<T>& m, const SegmentT<T>& a,
                                                      const TransformT<T>& xfA,
                                                      const PolygonT<T>& b,
                                                      const TransformT<T>& xfB, T margin) {
  const PolygonT<T> two = asPolygon<T>(a);
  // B moved into A's frame straight into its slot (initialising from the returned value, not
  // assigning it: the assignment copied the whole polygon, a `rep movs` for double).
  detail::SatT<T> sat{detail::moveInto<T, B>(b, invMul(xfA, xfB)), {}, {}};
  if (!twoVertexSat<T, B>(sat, two, margin)) return;
  detail::manifoldFromFeatures(m, twoVertexFeatures(two, sat), xfA, margin);
}

}  // namespace detail::cores

namespace detail::cores {

/// Whether a capsule core moved into A's frame (two-vertex polygon bInA) is shorter than a few
/// rounding units of its own position (e.g. a core of length 2^-136 at 2^-35). Then it is a
/// point for every decision T can make: clipping against a reference face of that extent would
/// drop every point, and the circle (p1, radius) is the same shape within 16 rounding units.
template <class T>
inline bool collapsedInFrame(const PolygonT<T>& bInA) {
  const Vec2T<T> p1 = bInA.vertex(0);
  const Vec2T<T> p2 = bInA.vertex(1);
  const T reach = std::max({std::abs(p1.x), std::abs(p1.y), std::abs(p2.x), std::abs(p2.y)});
  const Vec2T<T> d = p2 - p1;
  return std::max(std::abs(d.x), std::abs(d.y)) <=
         T(16) * std::numeric_limits<T>::epsilon() * reach;
}

/// The capsule's core moved into A's frame by xfBinA as the two-vertex polygon asPolygon(b)
/// moved by polygons.h's moveInto, lanes 0 and 1 only (the only lanes the two-vertex stages
/// below read): the same operations (rotate, then add), so the same bits in those lanes.
template <class T>
[[gnu::always_inline]] inline void moveCoreInto(PolygonT<T>& out, const CapsuleT<T>& b,
                                                const TransformT<T>& xfBinA) {
  const Vec2T<T> p1 = apply(xfBinA, b.p1);
  const Vec2T<T> p2 = apply(xfBinA, b.p2);
  // Face 1's normal rotated on its own: −(R·n) differs from R·(−n) in the sign of a zero
  // component (c·0 − s·0 is +0 either way), which the reported normal keeps.
  const Vec2T<T> n0 = rotate(xfBinA.q, b.normal);
  // mutant 104: face 1 given face 0's normal (as in asPolygon)
  const Vec2T<T> n1 = rotate(xfBinA.q, TOUCHE_MUTANT_IS(104) ? b.normal : -b.normal);
  out.vx[0] = p1.x;
  out.vy[0] = p1.y;
  out.vx[1] = p2.x;
  out.vy[1] = p2.y;
  out.nx[0] = n0.x;
  out.ny[0] = n0.y;
  out.nx[1] = n1.x;
  out.ny[1] = n1.y;
  out.offset[0] = b.offset0 + (n0.x * xfBinA.p.x + n0.y * xfBinA.p.y);
  out.offset[1] = b.offset1 + (n1.x * xfBinA.p.x + n1.y * xfBinA.p.y);
  out.count = 2;
  out.radius = b.radius;
}

/// Stage 1 of polygons.h's collidePolygons (satStage) when B is a two-vertex polygon (the
/// mirror of twoVertexSat): A's faces against B's two vertices (maxSeparation's operations, the
/// padding lanes repeating vertex 0 change no minimum), and B's two faces, normals n and −n,
/// from one pass of n·v over A's vertices (face 0: min − offset0; face 1: −max − offset1). B's
/// face 1 only when strictly better, as firstMax breaks the tie. `sat.bInA` holds B's core
/// (moveCoreInto); fills sat.sepA and sat.sepB.
template <class T, int B = 16>
[[gnu::always_inline]] inline bool twoVertexSatOnB(detail::SatT<T>& sat, const PolygonT<T>& a,
                                                   T margin) {
  using V = detail::Simd<T, B>;
  constexpr int C = detail::kChunks<T, B>;
  const PolygonT<T>& b = sat.bInA;
  V sepA[C];
  V lo = detail::loadChunk<T, B>(a.vx, 0) * b.nx[0] + detail::loadChunk<T, B>(a.vy, 0) * b.ny[0];
  V hi = lo;
  for (int c = 0; c < C; ++c) {
    const V anx = detail::loadChunk<T, B>(a.nx, c);
    const V any = detail::loadChunk<T, B>(a.ny, c);
    const V s0 = b.vx[0] * anx + b.vy[0] * any;
    const V s1 = b.vx[1] * anx + b.vy[1] * any;
    sepA[c] = (s1 < s0 ? s1 : s0) - detail::loadChunk<T, B>(a.offset, c);
    const V w =
        detail::loadChunk<T, B>(a.vx, c) * b.nx[0] + detail::loadChunk<T, B>(a.vy, c) * b.ny[0];
    lo = w < lo ? w : lo;
    hi = w > hi ? w : hi;
  }
  T minW;
  T maxW;
  minMaxLanes<T, B>(lo, hi, minW, maxW);
  const T face0 = minW - b.offset[0];
  const T face1 = -maxW - b.offset[1];
  const bool faceOne = face1 > face0;
  sat.sepB = {select(faceOne, face1, face0), selectInt(faceOne, 1, 0)};
  detail::Simd<T> halves[detail::kChunks<T>];  // firstMax works on 16-byte chunks
  std::memcpy(halves, sepA, sizeof halves);
  sat.sepA = firstMax<T>(halves);
  return !(maxOr(sat.sepA.separation, sat.sepB.separation) - a.radius - b.radius > margin);
}

/// Stages 2–3 with their exact ties (featuresAtTies) when B is a two-vertex polygon, the same
/// choice: B's incident edge from its two candidates (the mirror of twoVertexFeatures: edge 1
/// only when its negated dot product is strictly greater, as incidentEdge's firstMax).
template <class T>
[[gnu::always_inline]] inline detail::ContactFrameT<T> twoVertexFeaturesOnB(
    const PolygonT<T>& a, const detail::SatT<T>& sat) {
  const PolygonT<T>& b = sat.bInA;
  const Vec2T<T> r = a.normal(sat.sepA.face);
  const T negDot0 = -(r.x * b.nx[0] + r.y * b.ny[0]);
  const T negDot1 = -(r.x * b.nx[1] + r.y * b.ny[1]);
  const int edgeOnB = static_cast<int>(negDot1 > negDot0);
  const int edgeOnA = detail::incidentEdge(b.normal(sat.sepB.face), a);
  detail::ContactFrameT<T> f = detail::frameFrom(a, b, sat.sepA, sat.sepB, edgeOnB, edgeOnA);
  f.face = referenceAtTie(*f.ref, f.face, *f.inc);
  f.edge = incidentAtTie(*f.inc, f.edge, *f.ref, f.face);
  return f;
}

/// Polygon A vs capsule B (of non-zero length), stages 1–5 with B-byte SIMD chunks, the capsule
/// as a two-vertex polygon moved into A's frame (moveCoreInto, twoVertexSatOnB,
/// twoVertexFeaturesOnB; stages 4–5 are polygons.h's). Writes m (empty on entry) in the world
/// frame. Returns false, writing nothing, when B's core collapses to a point in A's frame
/// (collapsedInFrame): the caller then runs polygon–circle.
template <class T, int B = 16>
[[gnu::always_inline]] inline bool polygonCapsulePair(ManifoldT<T>& m, const PolygonT<T>& a,
                                                      const TransformT<T>& xfA,
                                                      const CapsuleT<T>& b,
                                                      const TransformT<T>& xfB, T margin) {
  detail::SatT<T> sat;
  moveCoreInto(sat.bInA, b, invMul(xfA, xfB));
  if (!twoVertexSatOnB<T, B>(sat, a, margin)) return true;
  if (collapsedInFrame(sat.bInA)) [[unlikely]]
    return false;
  detail::manifoldFromFeatures<T, detail::Stage4::inlined>(m, twoVertexFeaturesOnB(a, sat), xfA,
                                                           margin);
  return true;
}

}  // namespace detail::cores

#if TOUCHE_FAST_AVX2
TOUCHE_FAST_TARGET_AVX2
namespace detail::avx2 {
/// polygonCapsulePair compiled for AVX2 with 32-byte chunks (A's eight float faces in one
/// register): the same IEEE operations, so the same bits (tests/fast/capsule_test.cpp compares
/// the two builds). Behind one call, as segmentPolygonPair's AVX2 build.
template <class T>
[[gnu::noinline]] bool polygonCapsulePair(ManifoldT<T>& m, const PolygonT<T>& a,
                                          const TransformT<T>& xfA, const CapsuleT<T>& b,
                                          const TransformT<T>& xfB, T margin) {
  return detail::cores::polygonCapsulePair<T, 32>(m, a, xfA, b, xfB, margin);
}
}  // namespace detail::avx2
TOUCHE_FAST_TARGET_END
#endif

/// Polygon A vs capsule B: polygon–polygon with the capsule as a rounded two-vertex polygon
/// (polygons.h's stages, specialised for B's two vertices: polygonCapsulePair; stages 2–3's
/// exact ties on a sliver polygon resolved as featuresAtTies does); a zero-length capsule, or
/// one whose core collapses to a point in A's frame (collapsedInFrame), is a circle
/// (polygon–circle). On AVX2 machines (asked at run time) the pair runs in the AVX2 build of
/// the same code.
template <class T>
ManifoldT<T> collidePolygonAndCapsule(const PolygonT<T>& a, const TransformT<T>& xfA,
                                      const CapsuleT<T>& b, const TransformT<T>& xfB, T margin) {
  // The one result object, returned by name on every path (see collideCapsuleAndCircle).
  ManifoldT<T> m;
  bool core = !b.point;
  if (core) {
#if TOUCHE_FAST_AVX2
    if (detail::haveAvx2()) {
      core = detail::avx2::polygonCapsulePair(m, a, xfA, b, xfB, margin);
    } else {
      core = detail::cores::polygonCapsulePair(m, a, xfA, b, xfB, margin);
    }
#else
    core = detail::cores::polygonCapsulePair(m, a, xfA, b, xfB, margin);
#endif
  }
  if (!core) [[unlikely]]
    m = collidePolygonAndCircle(a, xfA, detail::cores::asCircle(b), xfB, margin);
  return m;
}

#if TOUCHE_FAST_AVX2
TOUCHE_FAST_TARGET_AVX2
namespace detail::avx2 {
/// segmentPolygonPair compiled for AVX2 with 32-byte chunks (B's eight float lanes in one
/// register): the same IEEE operations, so the same bits (tests/fast/segment_test.cpp,
/// PortableAndAvx2BuildsAgreeBitForBit, compares the two builds). Not inlined: a function of
/// another target cannot be inlined into portable code, so the whole pair sits behind one call.
template <class T>
[[gnu::noinline]] void segmentPolygonPair(ManifoldT<T>& m, const SegmentT<T>& a,
                                          const TransformT<T>& xfA, const PolygonT<T>& b,
                                          const TransformT<T>& xfB, T margin) {
  detail::cores::segmentPolygonPair<T, 32>(m, a, xfA, b, xfB, margin);
}
}  // namespace detail::avx2
TOUCHE_FAST_TARGET_END
#endif

/// Segment A vs polygon B: polygon–polygon with the segment as a two-vertex polygon (its SAT
/// step specialised, twoVertexSat, and its incident edge, twoVertexFeatures; stages 4–5 are
/// polygons.h's, the exact ties of stages 2–3 on a sliver resolved as featuresAtTies does). On
/// AVX2 machines (asked at run time) the pair runs in the AVX2 build of the same code.
template <class T>
ManifoldT<T> collideSegmentAndPolygon(const SegmentT<T>& a, const TransformT<T>& xfA,
                                      const PolygonT<T>& b, const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    detail::avx2::segmentPolygonPair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
  detail::cores::segmentPolygonPair(m, a, xfA, b, xfB, margin);
  return m;
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
