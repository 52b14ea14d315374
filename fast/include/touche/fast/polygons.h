// touche — fast engine: polygon–polygon manifold.
//
// The stages are source 000's stages, with Box2D v3's geometry and the contract's exact-tie
// rules (no hysteresis, no slop):
//   1. SAT both ways: the face of max separation of A against B's vertices and of B against
//      A's (source 000 getAxisLeastPenetration; source 002 b2FindMaxSeparation, but every face
//      is tried rather than hill-climbing from the centroid direction).
//   2. Reference face: B's only if sepB > sepA, else A's (source 002 b2CollidePolygons without
//      its 0.98/0.001 hysteresis).
//   3. Incident edge: the edge of the other polygon whose unit normal has the least dot product
//      with the reference normal (source 002 b2FindIncidentEdge; source 000's "neighbour of the
//      support vertex most perpendicular to the normal" picks the same edge for strictly convex
//      polygons).
//   4. Separated polygons whose closest features are two vertices give one vertex–vertex point
//      (Box2D v3 b2CollidePolygons, the b2SegmentDistance branch).
//   5. Otherwise clip the incident edge to the reference edge's extent along its tangent (v3
//      b2ClipPolygons: no radius extension of the side planes) and keep the points within the
//      margin (source 000 clipEdge's face plane; Box2D 2.4.1's keep rule).
// Everything is computed in A's frame: B's vertices and normals are moved into it once, so
// both SAT passes and the clip share one copy; only the results are rotated into the world.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "touche/fast/mutant.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

// The chunk helpers are instantiated with 32-byte vectors for the batch path's AVX2 kernels and
// always inlined there; GCC's note that such a vector passed by value would change the ABI of a
// non-AVX call does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

// The AVX-512 builds (GCC, x86-64, like the AVX2 ones): compiled inside the portable build under
// `#pragma GCC target` and chosen at run time.
#if TOUCHE_FAST_AVX2
#define TOUCHE_FAST_AVX512 1
#include <immintrin.h>
/// Marks an always-inlined helper of the AVX-512 builds (compiled for that target itself).
#define TOUCHE_FAST_AVX512_INLINE \
  [[gnu::always_inline, gnu::target("avx2,avx512f,avx512dq,avx512vl,avx512bw")]] inline
#else
#define TOUCHE_FAST_AVX512 0
#endif

namespace touche::fast {

namespace detail {

/// Whether the AVX-512 builds (F, DQ, VL, BW) may run on this CPU, asked once. They compute the
/// same IEEE operations as the portable code (no fused multiply-add), so the choice never
/// changes a result.
inline bool haveAvx512() {
#if TOUCHE_FAST_AVX512
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                          __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
  return yes;
#else
  return false;
#endif
}

/// Stores a SIMD chunk into lanes [c·width, (c + 1)·width) of a lane array.
template <class T, int B = 16>
[[gnu::always_inline]] inline void storeChunk(T (&array)[kLanes], int c, Simd<T, B> v) {
  std::memcpy(array + c * kWidth<T, B>, &v, sizeof v);
}

/// B's vertices, normals and face offsets moved into A's frame by xfBinA = (p, q), all lanes
/// in SIMD chunks: vertices q·v + p, normals q·n, offsets (q·n)·(q·v + p) computed as
/// offset + (q·n)·p (a rotation keeps dot products; one rounding more than recomputing from
/// the moved vertex, both within a few ulps of the plane's distance). Radius and count copied.
template <class T, int B = 16>
[[gnu::always_inline]] inline PolygonT<T> moveInto(const PolygonT<T>& b,
                                                   const TransformT<T>& xfBinA) {
  using V = Simd<T, B>;
  PolygonT<T> out;
  const T c = xfBinA.q.c;
  const T s = xfBinA.q.s;
  for (int k = 0; k < kChunks<T, B>; ++k) {
    const V x = loadChunk<T, B>(b.vx, k);
    const V y = loadChunk<T, B>(b.vy, k);
    V nx = c * loadChunk<T, B>(b.nx, k) - s * loadChunk<T, B>(b.ny, k);
    V ny = s * loadChunk<T, B>(b.nx, k) + c * loadChunk<T, B>(b.ny, k);
    if constexpr (TOUCHE_MUTANT_IS(14)) {  // mutant 14: B's normals left in B's frame
      nx = loadChunk<T, B>(b.nx, k);
      ny = loadChunk<T, B>(b.ny, k);
    }
    storeChunk<T, B>(out.vx, k, (c * x - s * y) + xfBinA.p.x);
    storeChunk<T, B>(out.vy, k, (s * x + c * y) + xfBinA.p.y);
    storeChunk<T, B>(out.nx, k, nx);
    storeChunk<T, B>(out.ny, k, ny);
    if constexpr (TOUCHE_MUTANT_IS(15)) {  // mutant 15: plane offsets not moved with B
      storeChunk<T, B>(out.offset, k, loadChunk<T, B>(b.offset, k));
    } else {
      storeChunk<T, B>(out.offset, k,
                       loadChunk<T, B>(b.offset, k) + (nx * xfBinA.p.x + ny * xfBinA.p.y));
    }
  }
  out.count = b.count;
  out.radius = b.radius;
  return out;
}

/// Source 000 step 1 / source 002 b2FindMaxSeparation: max over faces i of P of the
/// separation s_i = min over vertices w_j of Q of n_i·w_j − offset_i; ties → lower index.
/// Subtracting the offset after the minimum gives the same value as subtracting it from every
/// term (rounding x − d is monotone in x), so the inner loop is 2 multiplies, an add and a min
/// per chunk. One vertex of Q at a time against all of P's face lanes at once (SIMD chunks held
/// in registers), over all kLanes vertex lanes (padding repeats vertex 0, which changes no
/// minimum; a loop bounded by the count would end at a different, unpredictable trip every
/// pair), then firstMax picks the best face.
template <class T, int B = 16>
[[gnu::always_inline]] inline FaceSeparationT<T> maxSeparation(const PolygonT<T>& p,
                                                               const PolygonT<T>& q) {
  using V = Simd<T, B>;
  constexpr int C = kChunks<T, B>;
  V nx[C], ny[C], s[C];
  for (int c = 0; c < C; ++c) {
    nx[c] = loadChunk<T, B>(p.nx, c);
    ny[c] = loadChunk<T, B>(p.ny, c);
    s[c] = q.vx[0] * nx[c] + q.vy[0] * ny[c];
  }
#pragma GCC unroll 8
  for (int j = 1; j < kLanes; ++j) {
    const T wx = q.vx[j];
    const T wy = q.vy[j];
#pragma GCC unroll 4
    for (int c = 0; c < C; ++c) {
      const V d = wx * nx[c] + wy * ny[c];
      s[c] = d < s[c] ? d : s[c];
    }
  }
  for (int c = 0; c < C; ++c)
    s[c] = s[c] - loadChunk<T, B>(p.offset, c);
  Simd<T> halves[kChunks<T>];  // firstMax works on 16-byte chunks
  std::memcpy(halves, s, sizeof halves);
  return firstMax<T>(halves);
}

/// Source 002 b2FindIncidentEdge: the edge of `incident` whose unit normal is most
/// anti-parallel to `refNormal` (least dot product); ties → lower index.
template <class T>
inline int incidentEdge(Vec2T<T> refNormal, const PolygonT<T>& incident) {
  Simd<T> negDot[kChunks<T>];  // the least dot product is the first maximum of its negation
  for (int c = 0; c < kChunks<T>; ++c)
    negDot[c] =
        -(refNormal.x * loadChunk(incident.nx, c) + refNormal.y * loadChunk(incident.ny, c));
  if constexpr (TOUCHE_MUTANT_IS(4)) {  // mutant 4: the edge after the incident one
    return incident.next(firstMax<T>(negDot).face);
  }
  return firstMax<T>(negDot).face;
}

/// Which endpoints are the closest points of segments p1p2 and q1q2, when both are endpoints.
struct EndpointPair {
  bool both = false;  ///< true: the closest points are an endpoint of each segment
  int endP = 0;       ///< 0 → p1, 1 → p2
  int endQ = 0;       ///< 0 → q1, 1 → q2
};

/// For (nearly) parallel segments p1p2 and q1q2: whether q's projection onto p's direction
/// d1 = p2 − p1 overlaps p's own, [0, dd1] with dd1 = d1·d1, over a positive length. Then
/// every point of the overlap is a closest point: the minimiser is not a pair of endpoints even
/// when a rounded fraction lands on 0 or 1 (one end of q exactly beside one end of p). The
/// reference's rule (its step 5: parallel edges overlapping over a positive length are never a
/// corner pair). qFrom1 = q1 − p1, qFrom2 = q2 − p1.
template <class T>
inline bool parallelOverlap(Vec2T<T> d1, Vec2T<T> qFrom1, Vec2T<T> qFrom2, T dd1) {
  const T t1 = dot(qFrom1, d1);
  const T t2 = dot(qFrom2, d1);
  const T lo = t1 < t2 ? t1 : t2;
  const T hi = t1 < t2 ? t2 : t1;
  return (hi < dd1 ? hi : dd1) > (lo > T(0) ? lo : T(0));
}

/// The largest component magnitude among the given vectors (0 for none).
template <class T, class... V>
inline T componentReach(const V&... v) {
  T reach = T(0);
  ((reach = std::max({reach, std::abs(v.x), std::abs(v.y)})), ...);
  return reach;
}

/// unitScaleExponent's range is [2^-k, 2^k] with this k: squared lengths and their products
/// stay normal in T there.
template <class T>
inline constexpr int kUnitScaleExponent = std::is_same_v<T, float> ? 20 : 200;

/// 2^e in T, at compile time (exact: repeated doubling or halving).
template <class T>
constexpr T powerOfTwo(int e) {
  T r = T(1);
  for (; e > 0; --e)
    r *= T(2);
  for (; e < 0; ++e)
    r /= T(2);
  return r;
}

/// The exponent e of the largest component of the given vectors when it lies outside the range
/// where squared lengths and their products stay normal in T (float: [2^-20, 2^20]; double:
/// [2^-200, 2^200]); 0 inside it, and for zero or non-finite input.
template <class T, class... V>
inline int unitScaleExponent(const V&... v) {
  constexpr T kLow = powerOfTwo<T>(-kUnitScaleExponent<T>);
  constexpr T kHigh = powerOfTwo<T>(kUnitScaleExponent<T>);
  const T reach = componentReach<T>(v...);
  if (reach >= kLow && reach <= kHigh) return 0;
  return reach > T(0) && std::isfinite(reach) ? std::ilogb(reach) : 0;
}

/// v·2^e, exact unless a component leaves T's normal range.
template <class T>
inline Vec2T<T> scaled(Vec2T<T> v, int e) {
  return {std::ldexp(v.x, e), std::ldexp(v.y, e)};
}

/// Closest points of two segments by the fractions (f1 on p, f2 on q) of the minimiser of
/// |p1 + f1·d1 − q1 − f2·d2|² over [0, 1]²: solve the unconstrained 2×2 system for f1, clamp
/// it, project onto q, and if that clamps, re-project onto p (the scheme of Box2D v3's
/// b2SegmentDistance; Ericson, Real-Time Collision Detection §5.1.9). Nearly parallel
/// segments whose projections overlap over a positive length report `both = false` (see
/// parallelOverlap); other nearly parallel segments start from f1 = 0. Degenerate
/// (zero-length) segments report `both = false`. Always inlined (the capsule pairs' stage 4,
/// where most contacts reach it); closestEndpoints is the same as one call.
template <class T>
[[gnu::always_inline]] inline EndpointPair closestEndpointsInlined(Vec2T<T> p1, Vec2T<T> p2,
                                                                   Vec2T<T> q1, Vec2T<T> q2) {
  Vec2T<T> d1 = p2 - p1;
  Vec2T<T> d2 = q2 - q1;
  Vec2T<T> r = p1 - q1;
  Vec2T<T> qFrom2 = q2 - p1;
  // The products below multiply squared lengths (dd1·dd2): at float coordinates beyond about
  // 2^32 they overflow (and below 2^-32 underflow), and the decision would come from inf − inf.
  // The differences are therefore brought to unit scale by a power of two first: exact, and
  // every operation below commutes with it, so in the safe range nothing changes.
  const int e = unitScaleExponent<T>(d1, d2, r, qFrom2);
  if (e != 0) [[unlikely]] {
    d1 = scaled(d1, -e);
    d2 = scaled(d2, -e);
    r = scaled(r, -e);
    qFrom2 = scaled(qFrom2, -e);
  }
  const T dd1 = dot(d1, d1);
  const T dd2 = dot(d2, d2);
  if (!(dd1 > T(0)) || !(dd2 > T(0))) return {};
  const T rd1 = dot(r, d1);
  const T rd2 = dot(r, d2);
  const T d12 = dot(d1, d2);
  const T denom = dd1 * dd2 - d12 * d12;
  const auto clamp01 = [](T f) { return f < T(0) ? T(0) : (f > T(1) ? T(1) : f); };
  T f1 = T(0);
  if (denom > T(64) * std::numeric_limits<T>::epsilon() * (dd1 * dd2)) {
    f1 = clamp01((d12 * rd2 - rd1 * dd2) / denom);
  } else if (!TOUCHE_MUTANT_IS(16) && parallelOverlap(d1, -r, qFrom2, dd1)) {
    return {};  // a whole stretch of closest points: not a vertex pair, clip instead
  }
  T f2 = (d12 * f1 + rd2) / dd2;
  if (f2 < T(0)) {
    f2 = T(0);
    f1 = clamp01(-rd1 / dd1);
  } else if (f2 > T(1)) {
    f2 = T(1);
    f1 = clamp01((d12 - rd1) / dd1);
  }
  const bool endP = f1 == T(0) || f1 == T(1);
  const bool endQ = f2 == T(0) || f2 == T(1);
  return {endP && endQ, f1 == T(1) ? 1 : 0, f2 == T(1) ? 1 : 0};
}

/// closestEndpointsInlined as a function of its own (the polygon pairs' rare stage 4).
template <class T>
inline EndpointPair closestEndpoints(Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1, Vec2T<T> q2) {
  return closestEndpointsInlined(p1, p2, q1, q2);
}

/// The reference and incident features chosen by stages 1–3, in A's frame.
template <class T>
struct ContactFrameT {
  const PolygonT<T>* ref;  ///< polygon owning the reference face (A, or B moved into A)
  const PolygonT<T>* inc;  ///< the other polygon
  int face;                ///< reference face on *ref
  int edge;                ///< incident edge on *inc
  T separation;            ///< SAT separation of the reference face (cores, no radii)
  bool flip;               ///< true: the reference polygon is B
};

/// Branch-free select of a feature id (see select in types.h).
inline FeatureId selectId(bool c, FeatureId a, FeatureId b) {
  static_assert(sizeof(FeatureId) == sizeof(std::uint32_t));
  const std::uint32_t mask = 0u - static_cast<std::uint32_t>(c);
  return std::bit_cast<FeatureId>((std::bit_cast<std::uint32_t>(a) & mask) |
                                  (std::bit_cast<std::uint32_t>(b) & ~mask));
}

/// Expresses a feature id given in (reference, incident) roles with A/B as the input's roles.
/// A feature id is four bytes (typeA, indexA, typeB, indexB), so exchanging the roles exchanges
/// the two 16-bit halves of its bits, whatever the byte order: a rotation by 16 (core's swapped,
/// in one instruction).
inline FeatureId roles(FeatureId refInc, bool flip) {
  if constexpr (TOUCHE_MUTANT_IS(12)) return refInc;  // mutant 12: ids kept in ref/inc roles
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(refInc);
  return selectId(flip, std::bit_cast<FeatureId>(std::rotl(bits, 16)), refInc);
}

/// A feature id from (type, index) pairs in (reference, incident) roles, assembled as the bits
/// of its four bytes (one integer, not four byte stores).
inline FeatureId makeId(FeatureType typeRef, int indexRef, FeatureType typeInc, int indexInc) {
  static_assert(sizeof(FeatureId) == 4 && sizeof(FeatureType) == 1);
  const std::uint32_t bytes[4] = {
      static_cast<std::uint32_t>(typeRef), static_cast<std::uint32_t>(indexRef) & 0xffu,
      static_cast<std::uint32_t>(typeInc), static_cast<std::uint32_t>(indexInc) & 0xffu};
  if constexpr (std::endian::native == std::endian::little) {
    return std::bit_cast<FeatureId>(bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24);
  } else {
    return std::bit_cast<FeatureId>(bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]);
  }
}

/// Stage 4 (Box2D v3 b2CollidePolygons, vertex–vertex branch): one point between the two
/// closest vertices vRef, vInc, normal along their difference. Writes m (empty on entry) in A's
/// frame in the input's A/B roles; leaves it empty when the vertices are farther apart than
/// the margin. (Results are written in place throughout: a manifold returned by value and
/// copied is read back before its stores retire, which costs more than the geometry.)
template <class T>
[[gnu::always_inline]] inline void vertexVertexInlined(ManifoldT<T>& m, const ContactFrameT<T>& f,
                                                       int iRef, int iInc, T margin) {
  const Vec2T<T> vRef = f.ref->vertex(iRef);
  const Vec2T<T> vInc = f.inc->vertex(iInc);
  const UnitT<T> axis = normalizeOr(vInc - vRef, f.ref->normal(f.face));
  const T rRef = f.ref->radius;
  const T rInc = f.inc->radius;
  if (axis.length - rRef - rInc > margin) return;
  m.normal = f.flip && !TOUCHE_MUTANT_IS(21) ? -axis.unit : axis.unit;  // mutant 21: no flip
  m.pointCount = 1;
  // Midway between the surfaces vRef + rRef·n and vInc − rInc·n.
  m.points[0].point = vInc + (T(0.5) * (rRef - rInc - axis.length)) * axis.unit;
  m.points[0].separation = axis.length - rRef - rInc;
  m.points[0].id = roles(makeId(FeatureType::vertex, iRef, FeatureType::vertex, iInc), f.flip);
}

/// vertexVertexInlined as a function of its own (the polygon pairs' rare stage 4).
template <class T>
inline void vertexVertex(ManifoldT<T>& m, const ContactFrameT<T>& f, int iRef, int iInc, T margin) {
  vertexVertexInlined(m, f, iRef, iInc, margin);
}

/// Writes stage 5's two points, float: point 0 is end p = flip (the upper end when B holds the
/// reference face) if it is kept, else end q = 1 − p; point 1 is always end q (clipIncident's
/// order). A float point (x, y, separation, id) is 16 bytes, so each end is assembled as one
/// 4-lane vector by shuffles and the two are exchanged by bitwise selects: the stored bits are
/// those of the per-field copies.
[[gnu::always_inline]] inline void storePoints(ManifoldT<float>& m, Simd<float, 8> worldX,
                                               Simd<float, 8> worldY, Simd<float, 8> separation,
                                               const FeatureId (&ids)[2], bool flip, bool keepP) {
  using V4 = Simd<float, 16>;
  using M4 = Simd<std::int32_t, 16>;
  const Simd<float, 8> idBits{std::bit_cast<float>(ids[0]), std::bit_cast<float>(ids[1])};
  const V4 xy = __builtin_shufflevector(worldX, worldY, 0, 2, 1, 3);       // xL yL xH yH
  const V4 sid = __builtin_shufflevector(separation, idBits, 0, 2, 1, 3);  // sL iL sH iH
  const M4 low = std::bit_cast<M4>(__builtin_shufflevector(xy, sid, 0, 1, 4, 5));
  const M4 high = std::bit_cast<M4>(__builtin_shufflevector(xy, sid, 2, 3, 6, 7));
  const M4 flipMask = M4{} - static_cast<std::int32_t>(flip);
  const M4 endP = (high & flipMask) | (low & ~flipMask);
  const M4 endQ = (low & flipMask) | (high & ~flipMask);
  const M4 keepMask = M4{} - static_cast<std::int32_t>(keepP);
  const M4 first = (endP & keepMask) | (endQ & ~keepMask);
  static_assert(sizeof(ManifoldPointT<float>) == sizeof(M4));
  // Stored as vectors (ManifoldPointT<float> is trivially copyable: 16 bytes, no padding).
  static_assert(std::is_trivially_copyable_v<ManifoldPointT<float>>);
  std::memcpy(static_cast<void*>(&m.points[0]), &first, sizeof first);
  std::memcpy(static_cast<void*>(&m.points[1]), &endQ, sizeof endQ);
}

/// Stage 5 (Box2D v3 b2ClipPolygons; source 000 clipEdge): in the reference edge's tangent
/// coordinate t (0 at v1, L at v2) the incident edge runs from w2 (tLow) up to w1 (tHigh). An
/// end beyond [0, L] is moved along the incident edge onto the side plane and takes the id
/// (vertex of ref, face of inc); an end inside keeps (face of ref, vertex of inc). Points in
/// Box2D v3's order (lower end first unless B holds the reference face). When the incident
/// edge's projection misses [0, L] there are no points. The interpolation fraction is clamped
/// to [0, 1] and not used when the incident edge has no extent along t (rounding), so the
/// points are always finite. Branch-free: both ends are computed and selects keep the points.
template <class T>
[[gnu::always_inline]] inline void clipIncident(ManifoldT<T>& m, const ContactFrameT<T>& f,
                                                T margin, const TransformT<T>& xfA) {
  // The two ends of the incident edge (lane 0: the lower end w2, lane 1: the upper end w1) run
  // as the two lanes of one vector: every step below is the same IEEE operation on each end.
  using V = Simd<T, 2 * sizeof(T)>;
  const int i1 = f.face;
  const int i2 = f.ref->next(i1);
  const int j1 = f.edge;
  const int j2 = f.inc->next(j1);
  const Vec2T<T> v1 = f.ref->vertex(i1);
  const Vec2T<T> n = f.ref->normal(i1);
  const Vec2T<T> t{-n.y, n.x};  // unit tangent from v1 towards v2 (n = perp(t))
  const Vec2T<T> w1 = f.inc->vertex(j1);
  const Vec2T<T> w2 = f.inc->vertex(j2);
  const T extent = dot(f.ref->vertex(i2) - v1, t);
  const T tHigh = dot(w1 - v1, t);
  const T tLow = dot(w2 - v1, t);
  const T span = tHigh - tLow;
  const bool overlap = !(tHigh < T(0)) & !(extent < tLow);  // else the projections miss
  const V wx{w2.x, w1.x};
  const V wy{w2.y, w1.y};
  const V tEnd{tLow, tHigh};
  const V side{T(0), extent};
  // An end beyond its side plane (and an edge with extent along t) is moved onto the plane:
  // fraction (side − tLow) / span of the way from w2 to w1, clamped to [0, 1] (NaN → 0).
  // mutant 5: the lower side plane's normal not negated (tests the inside half-plane)
  const V tBeyond = TOUCHE_MUTANT_IS(5) ? V{tEnd[0], tEnd[1]} : V{-tEnd[0], tEnd[1]};
  const auto beyond = (tBeyond > V{T(0), extent}) & (V{span, span} > V{});
  V fraction = (side - tLow) / span;
  fraction = fraction > V{} ? fraction : V{};
  fraction = fraction < T(1) ? fraction : V{} + T(1);
  V x = beyond ? w2.x + fraction * (w1.x - w2.x) : wx;
  V y = beyond ? w2.y + fraction * (w1.y - w2.y) : wy;
  if constexpr (TOUCHE_MUTANT_IS(24)) {  // mutant 24: interpolated from the other end
    x = beyond ? w1.x + fraction * (w2.x - w1.x) : wx;
    y = beyond ? w1.y + fraction * (w2.y - w1.y) : wy;
  }
  // Contract's midpoint placement: sepRaw = n·(x − v1), point = x + ½(rRef − rInc − sepRaw)·n,
  // separation = sepRaw − rRef − rInc, kept iff not beyond the margin (Box2D 2.4.1's rule).
  const T rRef = f.ref->radius;
  const T rInc = f.inc->radius;
  const V sepRaw = (x - v1.x) * n.x + (y - v1.y) * n.y;
  const V separation = TOUCHE_MUTANT_IS(10) ? sepRaw : (sepRaw - rRef) - rInc;  // mutant 10
  const V half = T(0.5) * ((rRef - rInc) - sepRaw);
  const V px = x + half * n.x;
  const V py = y + half * n.y;
  // Back to the world frame: apply(xfA, ·) lane-wise.
  const V worldX = (xfA.q.c * px - xfA.q.s * py) + xfA.p.x;
  const V worldY = (xfA.q.s * px + xfA.q.c * py) + xfA.p.y;
  const FeatureId idLow =
      selectId(beyond[0], makeId(FeatureType::vertex, i1, FeatureType::face, j1),
               makeId(FeatureType::face, i1, FeatureType::vertex, j2));
  const FeatureId idHigh =
      selectId(beyond[1], makeId(FeatureType::vertex, i2, FeatureType::face, j1),
               makeId(FeatureType::face, i1, FeatureType::vertex, j1));
  // mutant 6: every clipped point kept, the margin test dropped
  const bool ignoreMargin = TOUCHE_MUTANT_IS(6);
  const bool keep[2] = {static_cast<bool>(overlap & (ignoreMargin | !(separation[0] > margin))),
                        static_cast<bool>(overlap & (ignoreMargin | !(separation[1] > margin)))};
  // Box2D v3 order: lower end first when A holds the reference face, upper first otherwise;
  // a dropped first point is replaced by the second.
  const int p = static_cast<int>(f.flip);
  const int q = 1 - p;
  const FeatureId ids[2] = {roles(idLow, f.flip), roles(idHigh, f.flip)};
  if constexpr (std::is_same_v<T, float> && sizeof(ManifoldPointT<float>) == 16) {
    storePoints(m, worldX, worldY, separation, ids, f.flip,
                (keep[0] & !f.flip) | (keep[1] & f.flip));
  } else {
    const int first = selectInt(keep[p], p, q);
    m.points[0] = {{worldX[first], worldY[first]}, separation[first], ids[first]};
    m.points[1] = {{worldX[q], worldY[q]}, separation[q], ids[q]};
  }
  m.pointCount = static_cast<int>(keep[0]) + static_cast<int>(keep[1]);  // = keep[p] + keep[q]
  const bool negate = f.flip && !TOUCHE_MUTANT_IS(1);  // mutant 1: reference normal kept on B
  m.normal = select(keep[0] | keep[1], rotate(xfA.q, select(negate, -n, n)), Vec2T<T>{});
}

/// Stage 2's choice (source 002 b2CollidePolygons without its hysteresis): the reference face
/// is B's only if sepB > sepA.
template <class T>
[[gnu::always_inline]] inline bool referenceOnB(FaceSeparationT<T> sepA, FaceSeparationT<T> sepB) {
  return TOUCHE_MUTANT_IS(3) ? sepB.separation >= sepA.separation  // mutant 3
                             : sepB.separation > sepA.separation;
}

/// Stage 2 once both candidate incident edges are known: the reference face is B's only if
/// sepB > sepA, and the incident edge is the candidate on the other polygon.
template <class T>
[[gnu::always_inline]] inline ContactFrameT<T> frameFrom(const PolygonT<T>& a,
                                                         const PolygonT<T>& bInA,
                                                         FaceSeparationT<T> sepA,
                                                         FaceSeparationT<T> sepB, int edgeOnB,
                                                         int edgeOnA) {
  const bool flip = referenceOnB(sepA, sepB);
  // The two polygons selected by flip through a mask on their addresses, not a branch.
  const std::uintptr_t mask = std::uintptr_t{0} - static_cast<std::uintptr_t>(flip);
  const std::uintptr_t addressA = reinterpret_cast<std::uintptr_t>(&a);
  const std::uintptr_t addressB = reinterpret_cast<std::uintptr_t>(&bInA);
  return {reinterpret_cast<const PolygonT<T>*>((addressB & mask) | (addressA & ~mask)),
          reinterpret_cast<const PolygonT<T>*>((addressA & mask) | (addressB & ~mask)),
          selectInt(flip, sepB.face, sepA.face),
          selectInt(flip, edgeOnA, edgeOnB),
          select(flip, sepB.separation, sepA.separation),
          flip};
}

/// Stages 2–3: picks the reference face and the incident edge from the two SAT results.
/// Always inlined, so that it runs in the AVX2/AVX-512 builds of the pair and the batch block.
template <class T>
[[gnu::always_inline]] inline ContactFrameT<T> chooseFeatures(const PolygonT<T>& a,
                                                              const PolygonT<T>& bInA,
                                                              FaceSeparationT<T> sepA,
                                                              FaceSeparationT<T> sepB) {
  // Both candidate incident edges are searched, each as soon as its own SAT pass is done, and
  // the choice selects between them: shorter dependency chains than choosing first.
  const int edgeOnB = incidentEdge(a.normal(sepA.face), bInA);
  const int edgeOnA = incidentEdge(bInA.normal(sepB.face), a);
  return frameFrom(a, bInA, sepA, sepB, edgeOnB, edgeOnA);
}

/// Rotates a manifold computed in A's frame into the world frame (both point slots, without a
/// branch on the count); a manifold without points gets the zero normal.
template <class T>
inline void toWorld(ManifoldT<T>& m, const TransformT<T>& xfA) {
  m.normal = select(m.pointCount > 0, rotate(xfA.q, m.normal), Vec2T<T>{});
  m.points[0].point = apply(xfA, m.points[0].point);
  m.points[1].point = apply(xfA, m.points[1].point);
}

/// Stage 1's result for one pair: B in A's frame and the two SAT answers.
template <class T>
struct SatT {
  PolygonT<T> bInA;
  FaceSeparationT<T> sepA;
  FaceSeparationT<T> sepB;
};

/// Stage 1's verdict from the two SAT answers: whether the polygons are within the margin (no
/// axis separates them by more).
template <class T>
[[gnu::always_inline]] inline bool withinMargin(const SatT<T>& sat, const PolygonT<T>& a,
                                                const PolygonT<T>& b, T margin) {
  const T satGap = maxOr(sat.sepA.separation, sat.sepB.separation);
  if constexpr (TOUCHE_MUTANT_IS(22)) return !(satGap - a.radius - b.radius > T(0));  // no margin
  if constexpr (TOUCHE_MUTANT_IS(23)) return !(satGap > margin);                      // no radii
  return !(satGap - a.radius - b.radius > margin);
}

/// Stage 1: moves B into A's frame and runs the SAT both ways (no early exit between them).
/// Returns whether the polygons are within the margin (no axis separates them by more). The
/// AVX-512 builds run float's stage 1 as fusedSeparations (below) and double's as B = 32.
template <class T, int B = 16>
[[gnu::always_inline]] inline bool satStage(SatT<T>& sat, const PolygonT<T>& a,
                                            const TransformT<T>& xfA, const PolygonT<T>& b,
                                            const TransformT<T>& xfB, T margin) {
  sat.bInA = moveInto<T, B>(b, invMul(xfA, xfB));
  sat.sepA = maxSeparation<T, B>(a, sat.bInA);
  sat.sepB = maxSeparation<T, B>(sat.bInA, a);
  return withinMargin(sat, a, b, margin);
}

#if TOUCHE_FAST_AVX512
// Stage 1 of the AVX-512 builds, float: both SAT passes in one 16-lane register. Lanes 0–7 are
// A's faces against B's vertices (maxSeparation(a, bInA)), lanes 8–15 B's faces against A's
// vertices (maxSeparation(bInA, a)); every lane performs maxSeparation's operations on its face,
// so the separations are maxSeparation's values. One permute hands vertex j of B to A's lanes
// and vertex j of A to B's lanes at once: both passes take 8 products instead of 16. Two things
// shorten the chain that ends in the one unpredictable branch (contact or not) and in the
// batch's compaction:
//  - the minimum over the 8 vertices is a tree, not a chain. The minimum of a set of numbers
//    does not depend on the order it is taken in; only which of +0 and −0 it returns may, and
//    no later step can tell them apart (every use of a separation is a comparison);
//  - the margin test runs on all 16 lanes before the best faces are known: with x ↦ (x − rA) −
//    rB monotone (each subtraction rounds monotonically), (max_i s_i − rA) − rB > margin holds
//    iff it holds for some lane i, which is withinMargin's verdict without the max tree.

/// Two 8-lane chunks as one 16-lane register: lo in lanes 0–7, hi in lanes 8–15.
TOUCHE_FAST_AVX512_INLINE Simd<float, 64> join(Simd<float, 32> lo, Simd<float, 32> hi) {
  return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/// a < b ? a : b lane-wise (maxSeparation's minimum step).
TOUCHE_FAST_AVX512_INLINE Simd<float, 64> minLanes(Simd<float, 64> a, Simd<float, 64> b) {
  return a < b ? a : b;
}

/// a > b ? a : b lane-wise (maxps: b where a is not greater, as firstMax's _mm_max_ps).
TOUCHE_FAST_AVX512_INLINE Simd<float, 64> maxLanes(Simd<float, 64> a, Simd<float, 64> b) {
  return a > b ? a : b;
}

/// n·w_J on every lane: vertex J of the other polygon (lane J of w for lanes 0–7, lane 8 + J
/// for lanes 8–15, one permute each) against the lane's face normal, as maxSeparation's
/// `wx * nx + wy * ny`.
template <int J>
TOUCHE_FAST_AVX512_INLINE Simd<float, 64> facesDotVertex(Simd<float, 64> wx, Simd<float, 64> wy,
                                                         Simd<float, 64> nx, Simd<float, 64> ny) {
  constexpr int K = J + 8;
  return __builtin_shufflevector(wx, wx, J, J, J, J, J, J, J, J, K, K, K, K, K, K, K, K) * nx +
         __builtin_shufflevector(wy, wy, J, J, J, J, J, J, J, J, K, K, K, K, K, K, K, K) * ny;
}

/// Source 000 step 1 both ways: the 16 face separations (A's faces in lanes 0–7, B's in 8–15),
/// each the minimum over the other polygon's 8 vertex lanes of n·w, minus the face's offset.
TOUCHE_FAST_AVX512_INLINE Simd<float, 64> fusedSeparations(const PolygonT<float>& a,
                                                           const PolygonT<float>& bInA) {
  using V16 = Simd<float, 64>;
  const V16 nx = join(loadChunk<float, 32>(a.nx, 0), loadChunk<float, 32>(bInA.nx, 0));
  const V16 ny = join(loadChunk<float, 32>(a.ny, 0), loadChunk<float, 32>(bInA.ny, 0));
  // The other polygon's vertices: B's in the low half (for A's faces), A's in the high half.
  const V16 wx = join(loadChunk<float, 32>(bInA.vx, 0), loadChunk<float, 32>(a.vx, 0));
  const V16 wy = join(loadChunk<float, 32>(bInA.vy, 0), loadChunk<float, 32>(a.vy, 0));
  const V16 low =
      minLanes(minLanes(facesDotVertex<0>(wx, wy, nx, ny), facesDotVertex<1>(wx, wy, nx, ny)),
               minLanes(facesDotVertex<2>(wx, wy, nx, ny), facesDotVertex<3>(wx, wy, nx, ny)));
  const V16 high =
      minLanes(minLanes(facesDotVertex<4>(wx, wy, nx, ny), facesDotVertex<5>(wx, wy, nx, ny)),
               minLanes(facesDotVertex<6>(wx, wy, nx, ny), facesDotVertex<7>(wx, wy, nx, ny)));
  return minLanes(low, high) -
         join(loadChunk<float, 32>(a.offset, 0), loadChunk<float, 32>(bInA.offset, 0));
}

/// withinMargin on the 16 separations (see above: the verdict of their maximum, lane-wise).
TOUCHE_FAST_AVX512_INLINE bool fusedWithinMargin(Simd<float, 64> separations, float radiusA,
                                                 float radiusB, float margin) {
  if constexpr (TOUCHE_MUTANT_IS(23)) {  // no radii
    return _mm512_cmp_ps_mask(separations, _mm512_set1_ps(margin), _CMP_GT_OQ) == 0;
  }
  const float limit = TOUCHE_MUTANT_IS(22) ? 0.0f : margin;  // mutant 22: no margin
  return _mm512_cmp_ps_mask((separations - radiusA) - radiusB, _mm512_set1_ps(limit), _CMP_GT_OQ) ==
         0;
}

/// firstMax on each half of 16 lanes: the first maximum of lanes 0–7 and of lanes 8–15. The max
/// tree takes the same pairs in the same operand order as firstMax's SSE tree (lanes 0–3 against
/// 4–7, then within the four), and lanes 0–3 of each half's tree are copied over its lanes 4–7,
/// so both quads are compared with the same four maxima: bitwise firstMax's answer per half.
TOUCHE_FAST_AVX512_INLINE void firstMaxHalves(Simd<float, 64> s, FaceSeparationT<float>& low,
                                              FaceSeparationT<float>& high) {
  using V16 = Simd<float, 64>;
  V16 m = maxLanes(
      s, __builtin_shufflevector(s, s, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11));
  m = maxLanes(m,
               __builtin_shufflevector(m, m, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
  m = maxLanes(m,
               __builtin_shufflevector(m, m, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
  m = __builtin_shufflevector(m, m, 0, 1, 2, 3, 0, 1, 2, 3, 8, 9, 10, 11, 8, 9, 10, 11);
  const unsigned mask = _mm512_cmpeq_ps_mask(s, m);
  low = {m[0], static_cast<int>(__builtin_ctz((mask & 0xffu) | 0x100u) & 7)};
  high = {m[8], static_cast<int>(__builtin_ctz((mask >> 8) | 0x100u) & 7)};
}

/// Stage 3 both ways in one 16-lane register (source 002 b2FindIncidentEdge): lanes 0–7 are B's
/// edge normals against A's face faceA (the incident edge on B if A holds the reference face),
/// lanes 8–15 A's edge normals against B's face faceB. Each lane computes incidentEdge's
/// −(r·n) for its edge, so firstMaxHalves gives incidentEdge's two answers. The normals come in
/// 8-lane registers (A's and B's, in A's frame); the reference normals are broadcast from them
/// by one permute. a and b give the edge counts (B's is the same in either frame).
TOUCHE_FAST_AVX512_INLINE void fusedIncidentEdges(const PolygonT<float>& a, Simd<float, 32> aNx,
                                                  Simd<float, 32> aNy, const PolygonT<float>& b,
                                                  Simd<float, 32> bNx, Simd<float, 32> bNy,
                                                  int faceA, int faceB, int& edgeOnB,
                                                  int& edgeOnA) {
  using V16 = Simd<float, 64>;
  using I16 = Simd<std::int32_t, 64>;
  const I16 lane{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const __m512i pick = reinterpret_cast<__m512i>(lane < 8 ? I16{} + faceA : I16{} + (faceB + 8));
  // The masked form with every lane set: the plain one's undefined pass-through operand trips
  // GCC 12's maybe-uninitialized warning.
  const V16 nx = join(aNx, bNx);
  const V16 ny = join(aNy, bNy);
  const V16 refX = _mm512_mask_permutexvar_ps(nx, 0xffff, pick, nx);
  const V16 refY = _mm512_mask_permutexvar_ps(ny, 0xffff, pick, ny);
  const V16 negDot = -(refX * join(bNx, aNx) + refY * join(bNy, aNy));
  FaceSeparationT<float> onB, onA;
  firstMaxHalves(negDot, onB, onA);
  edgeOnB = onB.face;
  edgeOnA = onA.face;
  if constexpr (TOUCHE_MUTANT_IS(4)) {  // mutant 4: the edge after the incident one
    edgeOnB = b.next(edgeOnB);
    edgeOnA = a.next(edgeOnA);
  }
}

/// Stage 1 in the AVX-512 builds, double: the AVX2 build's stage (four double faces a register).
/// A specialisation compiled for AVX-512 itself, called directly from the AVX-512 pair.
template <>
TOUCHE_FAST_AVX512_INLINE bool satStage<double, 64>(SatT<double>& sat, const PolygonT<double>& a,
                                                    const TransformT<double>& xfA,
                                                    const PolygonT<double>& b,
                                                    const TransformT<double>& xfB, double margin) {
  return satStage<double, 32>(sat, a, xfA, b, xfB, margin);
}
#endif

/// How stage 4 (vertex–vertex) is compiled into manifoldFromFeatures: as calls, for the polygon
/// pairs, which reach it only with rounded polygons or a margin; inlined, for the capsule pairs,
/// whose rounded core reaches it in most contacts (a call from a wider build runs portable code).
enum class Stage4 { calls, inlined };

/// Stages 4–5 once the features are chosen: vertex–vertex or clip. Writes m (empty on entry)
/// in the world frame.
template <class T, Stage4 S = Stage4::calls>
[[gnu::always_inline]] inline void manifoldFromFeatures(ManifoldT<T>& m, const ContactFrameT<T>& f,
                                                        const TransformT<T>& xfA, T margin) {
  // Stage 4: vertex–vertex only for separated cores whose closest points are two vertices
  // (only with rounded shapes or a margin; rare for the polygon pairs, not for the capsules').
  const bool separated = f.separation > T(0);
  if (S == Stage4::inlined ? separated : __builtin_expect(separated, false)) {
    const int i2 = f.ref->next(f.face);
    const int j2 = f.inc->next(f.edge);
    const Vec2T<T> p1 = f.ref->vertex(f.face);
    const Vec2T<T> p2 = f.ref->vertex(i2);
    const Vec2T<T> q1 = f.inc->vertex(f.edge);
    const Vec2T<T> q2 = f.inc->vertex(j2);
    const EndpointPair e = S == Stage4::inlined ? closestEndpointsInlined(p1, p2, q1, q2)
                                                : closestEndpoints(p1, p2, q1, q2);
    if (e.both) {
      const int iRef = e.endP ? i2 : f.face;
      const int iInc = e.endQ ? j2 : f.edge;
      if constexpr (S == Stage4::inlined) {
        vertexVertexInlined(m, f, iRef, iInc, margin);
      } else {
        vertexVertex(m, f, iRef, iInc, margin);
      }
      toWorld(m, xfA);
      return;
    }
  }
  // Stage 5: clip (branch-free inside), results stored once in the world frame.
  clipIncident(m, f, margin, xfA);
}

/// Stages 2–5 for a pair within the margin: reference face, incident edge, then vertex–vertex
/// or clip. Writes m (empty on entry) in the world frame.
template <class T>
inline void manifoldStage(ManifoldT<T>& m, const PolygonT<T>& a, const SatT<T>& sat,
                          const TransformT<T>& xfA, T margin) {
  manifoldFromFeatures(m, chooseFeatures(a, sat.bInA, sat.sepA, sat.sepB), xfA, margin);
}

/// Stages 1–5 for one pair with B-byte SIMD chunks in stage 1. Writes m (empty on entry).
template <class T, int B = 16>
[[gnu::always_inline]] inline void polygonPair(ManifoldT<T>& m, const PolygonT<T>& a,
                                               const TransformT<T>& xfA, const PolygonT<T>& b,
                                               const TransformT<T>& xfB, T margin) {
  SatT<T> sat;
  if (!satStage<T, B>(sat, a, xfA, b, xfB, margin)) return;
  manifoldStage(m, a, sat, xfA, margin);
}

/// polygonPair in the portable build behind one call, like the wider builds: the entry point
/// stays small enough to be inlined into its caller, which then holds the one result object.
template <class T>
[[gnu::noinline]] void portablePolygonPair(ManifoldT<T>& m, const PolygonT<T>& a,
                                           const TransformT<T>& xfA, const PolygonT<T>& b,
                                           const TransformT<T>& xfB, T margin) {
  polygonPair(m, a, xfA, b, xfB, margin);
}

#if TOUCHE_FAST_AVX2
TOUCHE_FAST_TARGET_AVX2
namespace avx2 {
/// polygonPair compiled for AVX2 with 32-byte chunks (one register holds 8 float faces): the
/// same IEEE operations, so the same bits (the determinism test runs both). Not inlined: a
/// function of another target cannot be inlined into portable code, so the whole pair sits
/// behind one call.
template <class T>
[[gnu::noinline]] void polygonPair(ManifoldT<T>& m, const PolygonT<T>& a, const TransformT<T>& xfA,
                                   const PolygonT<T>& b, const TransformT<T>& xfB, T margin) {
  detail::polygonPair<T, 32>(m, a, xfA, b, xfB, margin);
}
}  // namespace avx2
TOUCHE_FAST_TARGET_END
#endif

#if TOUCHE_FAST_AVX512
TOUCHE_FAST_TARGET_AVX512
namespace avx512 {
/// polygonPair compiled for AVX-512: float runs both SAT passes in one 16-lane register
/// (fusedSeparations), double runs the AVX2 build's stage 1. The same IEEE operations, so the
/// same bits (tests/fast/polygon_kernels_test.cpp runs every build against the portable one).
template <class T>
[[gnu::noinline]] void polygonPair(ManifoldT<T>& m, const PolygonT<T>& a, const TransformT<T>& xfA,
                                   const PolygonT<T>& b, const TransformT<T>& xfB, T margin) {
  if constexpr (std::is_same_v<T, float>) {
    // Stages 1–3 before the one unpredictable branch (contact or not): when it is mispredicted
    // the work older than it survives, so a pair in contact resumes at the clip. Stages 2–3 on
    // a separated pair are wasted but cheap (measured: faster than behind the branch).
    const PolygonT<float> bInA = moveInto<float, 32>(b, invMul(xfA, xfB));
    const Simd<float, 64> separations = fusedSeparations(a, bInA);
    FaceSeparationT<float> sepA, sepB;
    firstMaxHalves(separations, sepA, sepB);  // A's faces, B's faces
    const ContactFrameT<float> frame = chooseFeatures(a, bInA, sepA, sepB);
    if (!fusedWithinMargin(separations, a.radius, b.radius, margin)) return;
    manifoldFromFeatures(m, frame, xfA, margin);
  } else {
    SatT<T> sat;
    if (!satStage<T, 64>(sat, a, xfA, b, xfB, margin)) return;
    manifoldStage(m, a, sat, xfA, margin);
  }
}
}  // namespace avx512
TOUCHE_FAST_TARGET_END
#endif

}  // namespace detail

/// Polygon A vs polygon B (both prepared), world frame; see the stages at the top of this file.
/// Contact iff the polygons (radii included) are within `margin`; normal A → B. One branch on
/// the SAT result: the one the predictor cannot learn on random pairs (computing the clip for
/// separated pairs too and selecting was measured slower). The batch path (batch.h) removes it
/// by compacting the pairs in contact between the stages. On AVX-512 machines (asked at run
/// time) the pair runs in the AVX-512 build (both SAT passes in one register, stages 2–3 ahead
/// of the branch), else on AVX2 machines in the AVX2 build of the same code: the same bits.
/// Every build sits behind one call and this entry is always inlined, so the manifold is
/// written once, in the caller's frame.
template <class T>
[[gnu::always_inline]] inline ManifoldT<T> collidePolygons(const PolygonT<T>& a,
                                                           const TransformT<T>& xfA,
                                                           const PolygonT<T>& b,
                                                           const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
#if TOUCHE_FAST_AVX512
  if (detail::haveAvx512()) {
    detail::avx512::polygonPair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    detail::avx2::polygonPair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
  detail::portablePolygonPair(m, a, xfA, b, xfB, margin);
  return m;
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
