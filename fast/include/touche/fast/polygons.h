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
#include <cstring>
#include <limits>
#include <type_traits>

#include "touche/fast/mutant.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

// The chunk helpers are instantiated with 32-byte vectors for the batch path's AVX2 kernels and
// always inlined there; GCC's note that such a vector passed by value would change the ABI of a
// non-AVX call does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace touche::fast {

namespace detail {

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

/// The exponent e of the largest component of the given vectors when it lies outside the range
/// where squared lengths and their products stay normal in T (float: [2^-20, 2^20]; double:
/// [2^-200, 2^200]); 0 inside it, and for zero or non-finite input.
template <class T, class... V>
inline int unitScaleExponent(const V&... v) {
  constexpr T kLow = std::is_same_v<T, float> ? T(0x1p-20) : T(0x1p-200);
  constexpr T kHigh = std::is_same_v<T, float> ? T(0x1p20) : T(0x1p200);
  T reach = T(0);
  ((reach = std::max({reach, std::abs(v.x), std::abs(v.y)})), ...);
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
/// (zero-length) segments report `both = false`.
template <class T>
inline EndpointPair closestEndpoints(Vec2T<T> p1, Vec2T<T> p2, Vec2T<T> q1, Vec2T<T> q2) {
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
inline FeatureId roles(FeatureId refInc, bool flip) {
  if constexpr (TOUCHE_MUTANT_IS(12)) return refInc;  // mutant 12: ids kept in ref/inc roles
  return selectId(flip, swapped(refInc), refInc);
}

/// A feature id from (type, index) pairs in (reference, incident) roles.
inline FeatureId makeId(FeatureType typeRef, int indexRef, FeatureType typeInc, int indexInc) {
  return {typeRef, static_cast<std::uint8_t>(indexRef), typeInc,
          static_cast<std::uint8_t>(indexInc)};
}

/// Stage 4 (Box2D v3 b2CollidePolygons, vertex–vertex branch): one point between the two
/// closest vertices vRef, vInc, normal along their difference. Writes m (empty on entry) in A's
/// frame in the input's A/B roles; leaves it empty when the vertices are farther apart than
/// the margin. (Results are written in place throughout: a manifold returned by value and
/// copied is read back before its stores retire, which costs more than the geometry.)
template <class T>
inline void vertexVertex(ManifoldT<T>& m, const ContactFrameT<T>& f, int iRef, int iInc, T margin) {
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
  const int first = selectInt(keep[p], p, q);
  m.points[0] = {{worldX[first], worldY[first]}, separation[first], ids[first]};
  m.points[1] = {{worldX[q], worldY[q]}, separation[q], ids[q]};
  m.pointCount = static_cast<int>(keep[p]) + static_cast<int>(keep[q]);
  const bool negate = f.flip && !TOUCHE_MUTANT_IS(1);  // mutant 1: reference normal kept on B
  m.normal = select(keep[p] | keep[q], rotate(xfA.q, select(negate, -n, n)), Vec2T<T>{});
}

/// Stages 2–3: picks the reference face and the incident edge from the two SAT results.
template <class T>
inline ContactFrameT<T> chooseFeatures(const PolygonT<T>& a, const PolygonT<T>& bInA,
                                       FaceSeparationT<T> sepA, FaceSeparationT<T> sepB) {
  // Both candidate incident edges are searched, each as soon as its own SAT pass is done, and
  // the choice selects between them: shorter dependency chains than choosing first.
  const int edgeOnB = incidentEdge(a.normal(sepA.face), bInA);
  const int edgeOnA = incidentEdge(bInA.normal(sepB.face), a);
  const bool flip = TOUCHE_MUTANT_IS(3) ? sepB.separation >= sepA.separation  // mutant 3
                                        : sepB.separation > sepA.separation;
  const PolygonT<T>* polygons[2] = {&a, &bInA};  // indexed, not branched, by flip
  return {polygons[static_cast<int>(flip)],
          polygons[1 - static_cast<int>(flip)],
          selectInt(flip, sepB.face, sepA.face),
          selectInt(flip, edgeOnA, edgeOnB),
          select(flip, sepB.separation, sepA.separation),
          flip};
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

/// Stage 1: moves B into A's frame and runs the SAT both ways (no early exit between them).
/// Returns whether the polygons are within the margin (no axis separates them by more).
template <class T, int B = 16>
[[gnu::always_inline]] inline bool satStage(SatT<T>& sat, const PolygonT<T>& a,
                                            const TransformT<T>& xfA, const PolygonT<T>& b,
                                            const TransformT<T>& xfB, T margin) {
  sat.bInA = moveInto<T, B>(b, invMul(xfA, xfB));
  sat.sepA = maxSeparation<T, B>(a, sat.bInA);
  sat.sepB = maxSeparation<T, B>(sat.bInA, a);
  const T satGap = maxOr(sat.sepA.separation, sat.sepB.separation);
  if constexpr (TOUCHE_MUTANT_IS(22)) return !(satGap - a.radius - b.radius > T(0));  // no margin
  if constexpr (TOUCHE_MUTANT_IS(23)) return !(satGap > margin);                      // no radii
  return !(satGap - a.radius - b.radius > margin);
}

/// Stages 4–5 once the features are chosen: vertex–vertex or clip. Writes m (empty on entry)
/// in the world frame.
template <class T>
[[gnu::always_inline]] inline void manifoldFromFeatures(ManifoldT<T>& m, const ContactFrameT<T>& f,
                                                        const TransformT<T>& xfA, T margin) {
  // Stage 4: vertex–vertex only for separated cores whose closest points are two vertices
  // (only with rounded polygons or a margin).
  if (f.separation > T(0)) [[unlikely]] {
    const int i2 = f.ref->next(f.face);
    const int j2 = f.inc->next(f.edge);
    const EndpointPair e = closestEndpoints(f.ref->vertex(f.face), f.ref->vertex(i2),
                                            f.inc->vertex(f.edge), f.inc->vertex(j2));
    if (e.both) {
      vertexVertex(m, f, e.endP ? i2 : f.face, e.endQ ? j2 : f.edge, margin);
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

#if TOUCHE_FAST_AVX2
#pragma GCC push_options
#pragma GCC target("avx2")
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
#pragma GCC pop_options
#endif

}  // namespace detail

/// Polygon A vs polygon B (both prepared), world frame; see the stages at the top of this file.
/// Contact iff the polygons (radii included) are within `margin`; normal A → B. One branch on
/// the SAT result: the one the predictor cannot learn on random pairs (computing the clip for
/// separated pairs too and selecting was measured slower). The batch path (batch.h) removes it
/// by compacting the pairs in contact between the stages. On AVX2 machines (asked at run time)
/// the pair runs in the AVX2 build of the same code.
template <class T>
ManifoldT<T> collidePolygons(const PolygonT<T>& a, const TransformT<T>& xfA, const PolygonT<T>& b,
                             const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    detail::avx2::polygonPair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
  detail::polygonPair(m, a, xfA, b, xfB, margin);
  return m;
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
