// touche — fast engine: circle–circle and polygon–circle manifolds.
//
// Circle–circle follows source 000's circle manifold (the contact lies on the line of centres;
// Box2D's b2CollideCircles in source 002) with the midpoint placement of the contract.
// Polygon–circle follows source 002's b2CollidePolygonAndCircle (maximum-separation face, then
// the Voronoi region of the centre) with Box2D v3's region rule and no tolerance constants:
// the vertex region only when the centre is strictly outside the face (separation > 0) and
// strictly beyond an endpoint (u < 0); otherwise the face region, centre inside included.
// Source 000's polygon–circle code is wrong on this point: it tests the last computed face
// distance instead of the best one, and returns the polygon vertex as the contact point.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "touche/fast/mutant.h"
#include "touche/fast/polygons.h"
#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

#if TOUCHE_FAST_X86
#include <immintrin.h>
#endif

namespace touche::fast {

/// The fallback normal for concentric circles: A's local x axis in the world frame,
/// (xfA.q.c, xfA.q.s) normalised (the rotation may be off unit by rounding).
template <class T>
inline Vec2T<T> localXAxis(RotT<T> q) {
  return normalizeOr(Vec2T<T>{q.c, q.s}, Vec2T<T>{T(1), T(0)}).unit;
}

/// Writes the single point of a one-point manifold. `coreB` is B's core point (a circle's
/// centre), `distance` the signed distance from A's core to it along `normal`, and the surfaces
/// lie rA and rB beyond the cores. The point is midway between the two surfaces (contract's
/// midpoint rule): coreB + ½(rA − rB − distance)·normal; separation = distance − rA − rB.
/// `contact` decides the point count (1 or 0) and whether the normal is kept or zeroed; the
/// point is written either way (a select, not a branch: random pairs make a branch here a
/// coin toss for the predictor). Points beyond pointCount are unspecified.
template <class T>
inline void singlePoint(ManifoldT<T>& m, bool contact, Vec2T<T> normal, Vec2T<T> coreB, T distance,
                        T rA, T rB, FeatureId id) {
  m.normal = select(contact, normal, Vec2T<T>{});
  m.pointCount = static_cast<int>(contact);
  if constexpr (TOUCHE_MUTANT_IS(11)) {  // mutant 11: the point on A's surface, not midway
    m.points[0].point = coreB + (rA - distance) * normal;
  } else {
    m.points[0].point = coreB + (T(0.5) * (rA - rB - distance)) * normal;
  }
  // mutant 2: B's radius added with the wrong sign
  m.points[0].separation = TOUCHE_MUTANT_IS(2) ? distance - rA + rB : distance - rA - rB;
  m.points[0].id = id;
}

/// The smallest squared length for which unitFast() is used: above it v·v is a normal number
/// with full relative precision, so sqrt and the two divisions are each correctly rounded and
/// nothing underflows. Below it (or for a zero vector) the guarded normalizeOr takes over.
template <class T>
inline constexpr T kFastNormSquared =
    std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon();

/// Unit vector and length of v from its squared length vv = v·v (vv ≥ kFastNormSquared):
/// length = sqrt(vv), unit = (v.x / length, v.y / length). Valid input keeps vv below 2^103,
/// far from overflow in float and double.
template <class T>
inline UnitT<T> unitFast(Vec2T<T> v, T vv) {
  const T length = std::sqrt(vv);
  return {{v.x / length, v.y / length}, length, true};
}

/// Unit vector and length of v: unitFast in the normal range, normalizeOr (with `fallback`)
/// for tiny or zero vectors — a branch that valid random input never takes, so it costs no
/// misprediction.
template <class T>
inline UnitT<T> unitOr(Vec2T<T> v, Vec2T<T> fallback) {
  const T vv = dot(v, v);
  if (vv < kFastNormSquared<T>) [[unlikely]]
    return normalizeOr(v, fallback);
  return unitFast(v, vv);
}

/// Circle A vs circle B, world frame. Source 000 (circle manifold) / source 002
/// (b2CollideCircles): normal along the line of centres, contact iff the gap between the
/// surfaces, |cB − cA| − rA − rB, is at most `margin`. Concentric centres (exactly equal after
/// the transform) take A's local x axis and kFlagDegenerateNormal. Branch-free on the common
/// path: the normal and the point are computed for every pair and the contact test selects.
template <class T>
ManifoldT<T> collideCircles(const CircleT<T>& a, const TransformT<T>& xfA, const CircleT<T>& b,
                            const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
  Vec2T<T> centerA = apply(xfA, a.center);
  Vec2T<T> centerB = apply(xfB, b.center);
  if constexpr (TOUCHE_MUTANT_IS(20)) {  // mutant 20: local centres translated, not rotated
    centerA = a.center + xfA.p;
    centerB = b.center + xfB.p;
  }
  // mutant 19: the line of centres taken from B to A
  const Vec2T<T> offset = TOUCHE_MUTANT_IS(19) ? centerA - centerB : centerB - centerA;
  UnitT<T> axis = unitOr(offset, Vec2T<T>{});
  if constexpr (TOUCHE_MUTANT_IS(7)) {  // mutant 7: no fallback, 0/0 for concentric centres
    axis = unitFast(offset, dot(offset, offset));
    axis.ok = true;
  }
  if (!axis.ok) [[unlikely]] {
    axis.unit = localXAxis(xfA.q);
    m.flags = kFlagDegenerateNormal;
  }
  bool contact = axis.length - a.radius - b.radius <= margin;
  if constexpr (TOUCHE_MUTANT_IS(9)) {  // mutant 9: touching detected by float == on zero
    const T gap = axis.length - a.radius - b.radius;
    contact = (gap < margin) | (gap == T(0));
  }
  const FeatureId id{FeatureType::vertex, 0, FeatureType::vertex, 0};
  singlePoint(m, contact, axis.unit, centerB, axis.length, a.radius, b.radius, id);
  m.flags &= 0u - static_cast<std::uint32_t>(contact);  // flags only with a contact (no branch)
  return m;
}
/// Polygon A vs circle B, computed in A's frame, returned in the world frame. Source 002,
/// b2CollidePolygonAndCircle: (1) the max-separation face; (2) Voronoi region of the centre by
/// the barycentric tests u1 = (c − v1)·(v2 − v1), u2 = (c − v2)·(v1 − v2); (3) vertex region:
/// normal from the vertex to the centre; face region: the face normal, the centre's foot on
/// the face is the core point of A. Feature ids: (face i, vertex 0) or (vertex i, vertex 0).
///
/// Two stages. The lane stage (circle_lanes.inc) computes, for every face and vertex of A at
/// once (SIMD lanes), everything steps 1–3 may need: each face's separation and the signs of
/// its two barycentric tests, each vertex's offset to the centre with its length and unit
/// vector. The region stage then picks the face, the region and the chosen feature's values
/// by index: the lanes are independent of one another, so the pair's long dependency chain
/// (centre, face, region, normal) holds no dot product, square root or division after the
/// face search. Every value is the same IEEE operation on the same operands as computing it
/// for the chosen feature alone. No data-dependent branch on the common path: both regions'
/// results are computed and the region test selects.
template <class T>
struct CircleLanesT {
  Vec2T<T> centerInA;       ///< B's centre in A's frame
  FaceSeparationT<T> best;  ///< A's face of maximum separation from it
  T separation[kLanes];     ///< lane i: face i's separation n_i·(c − v_i)
  T length[kLanes];         ///< lane i: |c − v_i|
  T unitX[kLanes];          ///< lane i: (c − v_i)/|c − v_i|, x
  T unitY[kLanes];          ///< lane i: (c − v_i)/|c − v_i|, y
  unsigned behind1;         ///< bit i: face i's u1 = (c − v_i)·(v_{i+1} − v_i) < 0
  unsigned ahead1;          ///< bit i: face i's u1 > 0
  unsigned behind2;         ///< bit i: face i's u2 = (c − v_{i+1})·(v_i − v_{i+1}) < 0
  unsigned ahead2;          ///< bit i: face i's u2 > 0
  unsigned tiny;            ///< bit i: (c − v_i)·(c − v_i) < kFastNormSquared
};

/// B's centre in A's frame (the first step of collidePolygonAndCircle).
template <class T>
[[gnu::always_inline]] inline Vec2T<T> circleCenterInA(const TransformT<T>& xfA,
                                                       const CircleT<T>& b,
                                                       const TransformT<T>& xfB) {
  if constexpr (TOUCHE_MUTANT_IS(25)) {  // mutant 25: rotated by q instead of its inverse
    return rotate(xfA.q, apply(xfB, b.center) - xfA.p);
  }
  return invApply(xfA, apply(xfB, b.center));
}

namespace detail {

/// Nibble k of kNibbleMasks[m] is 0xf where bit k of m is set: a lane mask spread to one nibble
/// a lane (a table: eight shifts and masks per mask would cost more than the load).
inline constexpr std::array<std::uint32_t, 256> kNibbleMasks = [] {
  std::array<std::uint32_t, 256> table{};
  for (unsigned m = 0; m < 256; ++m) {
    for (unsigned k = 0; k < 8; ++k)
      table[m] |= ((m >> k) & 1u) * (0xfu << (4 * k));
  }
  return table;
}();

/// Nibble i holds i: every face its own feature.
inline constexpr std::uint32_t kOwnFaces = 0x76543210u;

}  // namespace detail

/// The region stage of collidePolygonAndCircle (steps 2–3 from the lane stage's values).
/// kRotateFirst: rotate the chosen normal before the contact test selects it (the batch
/// kernel, where it measures faster); the same bits either way.
template <class T, bool kRotateFirst = false>
[[gnu::always_inline]] inline void circleRegionStage(ManifoldT<T>& m, const PolygonT<T>& a,
                                                     const TransformT<T>& xfA, const CircleT<T>& b,
                                                     const CircleLanesT<T>& lanes, T margin) {
  const Vec2T<T> centerInA = lanes.centerInA;
  FaceSeparationT<T> best = lanes.best;
  if constexpr (TOUCHE_MUTANT_IS(17)) {  // mutant 17: the last face's distance, the best's index
    const int last = a.count - 1;
    best.separation = dot(a.normal(last), centerInA - a.vertex(last));
  }
  const bool faceWithin = best.separation - a.radius - b.radius <= margin;
  // mutant 8: the vertex regions closed (u ≤ 0, i.e. not u > 0): a centre straight above an
  // end is a vertex's
  const unsigned behind1 = TOUCHE_MUTANT_IS(8) ? ~lanes.ahead1 & 0xffu : lanes.behind1;
  const unsigned behind2 = TOUCHE_MUTANT_IS(8) ? ~lanes.ahead2 & 0xffu : lanes.behind2;
  // Region tests of every face as the best one, bit i for face i (bits ≥ count unused), from
  // the lanes alone: off the chain that waits for the face search. For face i1 from v1 to v2:
  // inV1 = u1 < 0; inV2 = u1 ≥ 0 and u2 < 0 (both only for a centre outside the face).
  // A face chosen by a rounding-level tie (a sliver polygon's nearly collinear neighbours)
  // can put the centre in an end's vertex region although it lies abreast the neighbouring
  // face that shares that end: the neighbour is then the closest feature. In exact arithmetic
  // the max-separation face never does this (behind v1 along i1 and before v1 along the
  // previous face implies that face's separation is the larger), so the switch only undoes a
  // rounded choice. The tests (c − v1)·(v_{i0} − v1) > 0 and (c − v2)·(v_{next(i2)} − v2) > 0
  // are face i0's u2 > 0 (its end is v1) and face i2's u1 > 0 (its start is v2), operand for
  // operand: bit i of aheadPrev is face prev(i)'s u2 > 0, bit i of aheadNext face next(i)'s
  // u1 > 0.
  const int last = a.count - 1;
  const unsigned aheadPrev = (lanes.ahead2 << 1) | ((lanes.ahead2 >> last) & 1u);
  const unsigned aheadNext = (lanes.ahead1 >> 1) | ((lanes.ahead1 & 1u) << last);
  const unsigned inV2 = behind2 & ~behind1;
  const unsigned intoPrev = behind1 & aheadPrev;  // face i0 instead of vertex v1
  const unsigned intoNext = inV2 & aheadNext;     // face i2 instead of vertex v2
  // The chosen feature is i0 (intoPrev), i2 (inV2: vertex v2 or face i2) or i1; the region is
  // a vertex's for inV1 or inV2 without the switch. The feature of every face as the best one,
  // nibble i for face i: prev(i), next(i) or i itself, selected by the masks spread to nibbles.
  const unsigned vertexBits = (behind1 & ~aheadPrev) | (inV2 & ~aheadNext);
  const std::uint32_t toPrev = detail::kNibbleMasks[intoPrev];  // both below 256: behind1 and
  const std::uint32_t toNext = detail::kNibbleMasks[inV2];      // behind2 have eight bits
  const std::uint32_t prevFaces = 0x65432100u | static_cast<std::uint32_t>(last);
  const std::uint32_t nextFaces = 0x87654321u & ~(0xfu << (4 * last));
  const std::uint32_t features =
      (detail::kOwnFaces & ~(toPrev | toNext)) | (prevFaces & toPrev) | (nextFaces & toNext);
  // Fields 16 bits apart: the two flags of face i1 in one word.
  const unsigned flags = vertexBits | ((intoPrev | intoNext) << 16);
  // Face i1 picks its values with one shift each: the chain from the face search to the
  // chosen lanes is short. Region tests combined with & and | (not && and ||, which compile to
  // branches).
  const int i1 = best.face;
  const bool outside = best.separation > T(0);
  const std::uint32_t chosen = detail::kOwnFaces ^ ((features ^ detail::kOwnFaces) &
                                                    (0u - static_cast<std::uint32_t>(outside)));
  int feature = static_cast<int>((chosen >> (4 * i1)) & 0xfu);
  const unsigned tests = (flags >> i1) & (0u - static_cast<unsigned>(outside));
  bool vertexRegion = (tests & 1u) != 0u;
  bool switched = (tests & 0x10000u) != 0u;
  // The switch needs the centre abreast the neighbour. Its near end is known to be passed
  // (aheadPrev, aheadNext), so a centre beyond either end of face `feature` is beyond its far
  // one — out along a sliver's line — and in that end's vertex region: the start of face i0
  // (vertex i0) or the end of face i2 (vertex next(i2)). A circle 44 away had touched face
  // i2's region.
  if (switched & ((((behind1 | behind2) >> feature) & 1u) != 0u)) [[unlikely]] {
    if (((behind1 >> i1) & 1u) == 0u) feature = a.next(feature);
    vertexRegion = true;
    switched = false;
  }
  const T faceSeparation = select(switched, lanes.separation[feature], best.separation);
  // Vertex region: the normal runs from the vertex to the centre. The centre is strictly
  // outside, so the offset is non-zero in exact arithmetic; the face normal guards rounding.
  UnitT<T> axis{{lanes.unitX[feature], lanes.unitY[feature]}, lanes.length[feature], true};
  if (vertexRegion & (((lanes.tiny >> feature) & 1u) != 0u)) [[unlikely]]
    axis = normalizeOr(centerInA - a.vertex(feature), a.normal(i1));
  // Face region: the distance from the face plane to the centre is the face separation.
  const Vec2T<T> normal = select(vertexRegion, axis.unit, a.normal(feature));
  const T distance = select(vertexRegion, axis.length, faceSeparation);
  const FeatureId id{vertexRegion ? FeatureType::vertex : FeatureType::face,
                     static_cast<std::uint8_t>(feature), FeatureType::vertex, 0};
  const bool contact = faceWithin & (distance - a.radius - b.radius <= margin);
  singlePoint(m, contact, normal, centerInA, distance, a.radius, b.radius, id);
  if constexpr (TOUCHE_MUTANT_IS(18)) {  // mutant 18: the vertex itself as the contact point
    if (vertexRegion) m.points[0].point = a.vertex(feature);
  }
  // With kRotateFirst, singlePoint's select is taken after the rotation: rotate(q,
  // select(contact, n, 0)) is select(contact, rotate(q, n), rotate(q, 0)), bit for bit, and the
  // rotation need not wait for the contact test.
  if constexpr (kRotateFirst) {
    m.normal = select(contact, rotate(xfA.q, normal), rotate(xfA.q, Vec2T<T>{}));
  } else {
    m.normal = rotate(xfA.q, m.normal);
  }
  m.points[0].point = apply(xfA, m.points[0].point);
}

// The lane stage's helpers take and return 32-byte vectors in the AVX2 copy, always inlined
// there; GCC's note that such a vector passed by value would change the ABI of a non-AVX call
// does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace detail {

inline constexpr int kLaneBytes = 16;
#include "touche/fast/circle_lanes.inc"

/// circlePair in the portable build, behind one call like the AVX2 build: the entry point
/// stays small enough to be inlined into its caller.
template <class T>
[[gnu::noinline]] void polygonCirclePair(ManifoldT<T>& m, const PolygonT<T>& a,
                                         const TransformT<T>& xfA, const CircleT<T>& b,
                                         const TransformT<T>& xfB, T margin) {
  circlePair(m, a, xfA, b, xfB, margin);
}

#if TOUCHE_FAST_AVX2
TOUCHE_FAST_TARGET_AVX2
namespace avx2 {
inline constexpr int kLaneBytes = 32;
#include "touche/fast/circle_lanes.inc"

/// circlePair compiled for AVX2 with 32-byte lanes: the same IEEE operations, so the same bits.
/// Not inlined: a function of another target cannot be inlined into portable code.
template <class T>
[[gnu::noinline]] void polygonCirclePair(ManifoldT<T>& m, const PolygonT<T>& a,
                                         const TransformT<T>& xfA, const CircleT<T>& b,
                                         const TransformT<T>& xfB, T margin) {
  circlePair(m, a, xfA, b, xfB, margin);
}
}  // namespace avx2
TOUCHE_FAST_TARGET_END
#endif

#if TOUCHE_FAST_AVX512
TOUCHE_FAST_TARGET_AVX512
namespace avx512 {

/// The lane stage of polygon–circle in float with every face in one 8-lane register
/// (circleLaneStage's values, kept in registers, its sign tests as k masks).
struct CircleRegisters {
  __m256 separation;  ///< lane i: face i's separation n_i·(c − v_i)
  __m256 u1;          ///< lane i: face i's u1 = (c − v_i)·(v_{i+1} − v_i)
  __m256 t;           ///< lane i: face i's t = (c − v_{i+1})·(v_{i+1} − v_i) = −u2
  __m256 squared;     ///< lane i: (c − v_i)·(c − v_i)
  __m256 length;      ///< lane i: |c − v_i|
  __m256 unitX;       ///< lane i: (c − v_i)/|c − v_i|, x
  __m256 unitY;       ///< lane i: (c − v_i)/|c − v_i|, y
};

/// circleLaneStage for B's centre c in A's frame: the same IEEE operations lane for lane
/// (source 002 steps 1–3; see circle_lanes.inc), the next vertex by a one-lane rotation.
TOUCHE_FAST_AVX512_INLINE CircleRegisters circleRegisters(const PolygonT<float>& a,
                                                          Vec2T<float> c) {
  const __m256 cx = _mm256_set1_ps(c.x);
  const __m256 cy = _mm256_set1_ps(c.y);
  const __m256 vx = _mm256_loadu_ps(a.vx);
  const __m256 vy = _mm256_loadu_ps(a.vy);
  const __m256i toNext = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0);
  const __m256 nextX = _mm256_permutevar8x32_ps(vx, toNext);
  const __m256 nextY = _mm256_permutevar8x32_ps(vy, toNext);
  const __m256 wx = cx - vx;
  const __m256 wy = cy - vy;
  const __m256 ex = nextX - vx;
  const __m256 ey = nextY - vy;
  CircleRegisters out;
  out.separation = wx * _mm256_loadu_ps(a.nx) + wy * _mm256_loadu_ps(a.ny);
  out.u1 = wx * ex + wy * ey;
  out.t = (cx - nextX) * ex + (cy - nextY) * ey;
  out.squared = wx * wx + wy * wy;
  out.length = _mm256_sqrt_ps(out.squared);
  out.unitX = wx / out.length;
  out.unitY = wy / out.length;
  return out;
}

/// firstMaxOfLanes' maximum (the same max tree, so the same value) in lane 0.
TOUCHE_FAST_AVX512_INLINE __m128 laneMaximum(__m256 v) {
  const __m128 lo = _mm256_castps256_ps128(v);
  const __m128 hi = _mm256_extractf128_ps(v, 1);
  __m128 m = _mm_max_ps(lo, hi);
  m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
}

/// Bits of a face word (faceWords): the chosen feature in bits 0–2 (a permutation index as it
/// stands), then the region flags.
inline constexpr int kWordVertex = 0x10;  ///< the vertex region
inline constexpr int kWordSwitch = 0x20;  ///< the sliver switch to a neighbouring face

/// circleRegionStage's region tests for every face as the best one, lane i for face i: the
/// chosen feature (prev(i), next(i) or i) and the flags of face i, in one word per lane. The
/// same tests on the same signs: the neighbours' signs come from the lanes of face prev(i) and
/// next(i) (wrapping at the polygon's count) instead of shifted bit masks. `outside` (every
/// lane alike) keeps the face's own index and no flag for a centre inside.
TOUCHE_FAST_AVX512_INLINE __m256i faceWords(const CircleRegisters& r, int count, __mmask8 outside) {
  const __m256 zero = _mm256_setzero_ps();
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i last = _mm256_set1_epi32(count - 1);
  const __m256i prev = _mm256_mask_mov_epi32(_mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6), 1, last);
  const __m256i next = _mm256_maskz_mov_epi32(_mm256_cmpneq_epi32_mask(iota, last),
                                              _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0));
  const __mmask8 ahead1 = _mm256_cmp_ps_mask(r.u1, zero, _CMP_GT_OQ);
  const __mmask8 ahead2 = _mm256_cmp_ps_mask(r.t, zero, _CMP_LT_OQ);
  // mutant 8: the vertex regions closed (u ≤ 0, i.e. not u > 0)
  const __mmask8 behind1 = TOUCHE_MUTANT_IS(8) ? static_cast<__mmask8>(~ahead1)
                                               : _mm256_cmp_ps_mask(r.u1, zero, _CMP_LT_OQ);
  const __mmask8 behind2 = TOUCHE_MUTANT_IS(8) ? static_cast<__mmask8>(~ahead2)
                                               : _mm256_cmp_ps_mask(r.t, zero, _CMP_GT_OQ);
  // Face prev(i)'s u2 > 0 and face next(i)'s u1 > 0 (see circleRegionStage).
  const __mmask8 aheadPrev =
      _mm256_cmp_ps_mask(_mm256_permutevar8x32_ps(r.t, prev), zero, _CMP_LT_OQ);
  const __mmask8 aheadNext =
      _mm256_cmp_ps_mask(_mm256_permutevar8x32_ps(r.u1, next), zero, _CMP_GT_OQ);
  const __mmask8 inV2 = behind2 & ~behind1;
  const __mmask8 intoPrev = behind1 & aheadPrev;
  const __mmask8 intoNext = inV2 & aheadNext;
  const __mmask8 vertex = (behind1 & ~aheadPrev) | (inV2 & ~aheadNext);
  __m256i word = _mm256_mask_mov_epi32(iota, intoPrev & outside, prev);
  word = _mm256_mask_mov_epi32(word, inV2 & outside, next);
  word = _mm256_mask_or_epi32(word, vertex & outside, word, _mm256_set1_epi32(kWordVertex));
  return _mm256_mask_or_epi32(word, (intoPrev | intoNext) & outside, word,
                              _mm256_set1_epi32(kWordSwitch));
}

/// The chosen feature's values, every lane alike (or lanes 0–1 the x and y of a vector).
struct CircleChoice {
  __m128 normal;    ///< lanes 0–1: the normal in A's frame (vertex offset or face normal)
  __m128 distance;  ///< the centre's distance from the chosen feature (every lane)
  __mmask8 vertex;  ///< bit 0: the vertex region
  int word;         ///< the best face's word (faceWords)
  __mmask8 tiny;    ///< bit 0: the vertex region with an offset below kFastNormSquared
  __mmask8 farEnd;  ///< bit 0: switched into a face whose far end the centre is beyond
};

/// circleRegionStage's choice (steps 2–3) from the lanes: the best face's word picked by the
/// face search's mask (the first lane equal to the maximum, lane 0 if none is, as
/// firstMaxOfLanes), broadcast and used as a permutation index into the lanes, so the chain
/// from the face search to the chosen values never leaves the vector registers.
TOUCHE_FAST_AVX512_INLINE CircleChoice circleChoice(const PolygonT<float>& a,
                                                    const CircleRegisters& r, __m256 best,
                                                    __mmask8 firstMax, __mmask8 outside) {
  const __m256i words = faceWords(r, a.count, outside);
  const __m256i picked = _mm256_mask_compress_epi32(words, firstMax, words);
  const __m256i index = _mm256_broadcastd_epi32(_mm256_castsi256_si128(picked));
  const __m256i pairIndex = index | _mm256_setr_epi32(0, 8, 0, 8, 0, 8, 0, 8);
  CircleChoice out;
  out.vertex = _mm256_test_epi32_mask(index, _mm256_set1_epi32(kWordVertex));
  const __mmask8 switched = _mm256_test_epi32_mask(index, _mm256_set1_epi32(kWordSwitch));
  // Face region: the best face's separation, or the neighbour's after the sliver switch.
  const __m256 faceSeparation =
      _mm256_mask_blend_ps(switched, best, _mm256_permutevar8x32_ps(r.separation, index));
  const __m256 distance =
      _mm256_mask_blend_ps(out.vertex, faceSeparation, _mm256_permutevar8x32_ps(r.length, index));
  const __m256 faceNormal =
      _mm256_permutex2var_ps(_mm256_loadu_ps(a.nx), pairIndex, _mm256_loadu_ps(a.ny));
  const __m256 unit = _mm256_permutex2var_ps(r.unitX, pairIndex, r.unitY);
  out.normal = _mm256_castps256_ps128(_mm256_mask_blend_ps(out.vertex, faceNormal, unit));
  out.distance = _mm256_castps256_ps128(distance);
  out.word = _mm_cvtsi128_si32(_mm256_castsi256_si128(picked));
  out.tiny = _mm256_mask_cmp_ps_mask(out.vertex, _mm256_permutevar8x32_ps(r.squared, index),
                                     _mm256_set1_ps(kFastNormSquared<float>), _CMP_LT_OQ);
  // circleRegionStage's far-end test: beyond either end of the face switched into.
  const __m256 zero = _mm256_setzero_ps();
  out.farEnd =
      _mm256_mask_cmp_ps_mask(switched, _mm256_permutevar8x32_ps(r.u1, index), zero, _CMP_LT_OQ) |
      _mm256_mask_cmp_ps_mask(switched, _mm256_permutevar8x32_ps(r.t, index), zero, _CMP_GT_OQ);
  return out;
}

/// R·v for v in lanes 0–1 and q = (c, s): (c·x − s·y, s·x + c·y), lane for lane the
/// products and the difference and sum of rotate().
TOUCHE_FAST_AVX512_INLINE __m128 rotateLanes(const RotT<float>& q, __m128 v) {
  const __m128 cs = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&q)));
  const __m128 sc = _mm_shuffle_ps(cs, cs, _MM_SHUFFLE(0, 0, 0, 1));
  return _mm_addsub_ps(_mm_moveldup_ps(v) * cs, _mm_movehdup_ps(v) * sc);
}

/// singlePoint for the choice, written into m with the normal and the point moved to the
/// world: the same operations lane for lane (x in lane 0, y in lane 1). `best` holds the best
/// face's separation in every lane.
TOUCHE_FAST_AVX512_INLINE void writeChoice(ManifoldT<float>& m, const PolygonT<float>& a,
                                           const TransformT<float>& xfA, const CircleT<float>& b,
                                           Vec2T<float> c, const CircleChoice& choice, __m128 best,
                                           float margin) {
  const __m128 rA = _mm_set1_ps(a.radius);
  const __m128 rB = _mm_set1_ps(b.radius);
  const __m128 within = _mm_set1_ps(margin);
  const __mmask8 contact = _mm_cmp_ps_mask(best - rA - rB, within, _CMP_LE_OQ) &
                           _mm_cmp_ps_mask(choice.distance - rA - rB, within, _CMP_LE_OQ);
  const __m128 separation = TOUCHE_MUTANT_IS(2) ? choice.distance - rA + rB  // mutant 2
                                                : choice.distance - rA - rB;
  const __m128 centre = _mm_setr_ps(c.x, c.y, 0.0f, 0.0f);
  __m128 point = TOUCHE_MUTANT_IS(11)
                     ? centre + (rA - choice.distance) * choice.normal  // mutant 11
                     : centre + (0.5f * (rA - rB - choice.distance)) * choice.normal;
  if constexpr (TOUCHE_MUTANT_IS(18)) {  // mutant 18: the vertex itself as the contact point
    const __m128 vertex = _mm_setr_ps(a.vx[choice.word & 7], a.vy[choice.word & 7], 0.0f, 0.0f);
    point = _mm_mask_blend_ps(choice.vertex, point, vertex);
  }
  const __m128 normal = rotateLanes(xfA.q, _mm_maskz_mov_ps(contact, choice.normal));
  point = rotateLanes(xfA.q, point) +
          _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&xfA.p)));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(&m.normal), _mm_castps_si128(normal));
  m.pointCount = static_cast<int>(contact & 1u);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(&m.points[0].point), _mm_castps_si128(point));
  m.points[0].separation = _mm_cvtss_f32(separation);
  const bool vertexRegion = (choice.word & kWordVertex) != 0;
  m.points[0].id = FeatureId{vertexRegion ? FeatureType::vertex : FeatureType::face,
                             static_cast<std::uint8_t>(choice.word & 7), FeatureType::vertex, 0};
}

/// Polygon–circle in float for AVX-512 machines: circlePair with the lanes, the region tests
/// and the choice in registers (circleRegisters, faceWords, circleChoice), each value the same
/// IEEE operation on the same operands as in circlePair, so the same bits. Writes m (empty on
/// entry).
[[gnu::noinline]] inline void polygonCirclePair(ManifoldT<float>& m, const PolygonT<float>& a,
                                                const TransformT<float>& xfA,
                                                const CircleT<float>& b,
                                                const TransformT<float>& xfB, float margin) {
  const Vec2T<float> c = circleCenterInA(xfA, b, xfB);
  const CircleRegisters r = circleRegisters(a, c);
  const __m128 maximum = laneMaximum(r.separation);
  const __mmask8 firstMax =
      _mm256_cmp_ps_mask(r.separation, _mm256_broadcastss_ps(maximum), _CMP_EQ_OQ);
  __m256 best = _mm256_broadcastss_ps(maximum);
  if constexpr (TOUCHE_MUTANT_IS(17)) {  // mutant 17: the last face's distance, the best's index
    const int last = a.count - 1;
    best = _mm256_set1_ps(dot(a.normal(last), c - a.vertex(last)));
  }
  const __mmask8 outside = _mm256_cmp_ps_mask(best, _mm256_setzero_ps(), _CMP_GT_OQ);
  const CircleChoice choice = circleChoice(a, r, best, firstMax, outside);
  // A vertex offset that underflows (circleRegionStage's guarded normalisation, never taken
  // on valid random input), or a sliver switch the centre is beyond (its far-end vertex): the
  // whole pair in the portable build, a tail call, so that this function keeps no frame for
  // it.
  if ((choice.tiny | choice.farEnd) != 0) [[unlikely]]
    return detail::polygonCirclePair(m, a, xfA, b, xfB, margin);
  writeChoice(m, a, xfA, b, c, choice, _mm256_castps256_ps128(best), margin);
}

}  // namespace avx512
TOUCHE_FAST_TARGET_END
#endif

}  // namespace detail

/// Polygon A vs circle B (see the stages above). On AVX-512 machines (asked at run time) the
/// float pair runs in the AVX-512 build (detail::avx512::polygonCirclePair), else on AVX2
/// machines in the AVX2 build of the same code: the same bits. Every build sits behind one
/// call, so this entry is small and inlined into its caller: the manifold is written once, in
/// the caller's frame (with the portable pair inlined here, the entry was a second call with a
/// frame of its own). Always inlined: with the AVX-512 branch GCC no longer inlines it by
/// itself, and the second call with its frame cost 3–7 % in A/B runs.
template <class T>
[[gnu::always_inline]] inline ManifoldT<T> collidePolygonAndCircle(const PolygonT<T>& a,
                                                                   const TransformT<T>& xfA,
                                                                   const CircleT<T>& b,
                                                                   const TransformT<T>& xfB,
                                                                   T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
#if TOUCHE_FAST_AVX512
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx512()) {
      detail::avx512::polygonCirclePair(m, a, xfA, b, xfB, margin);
      return m;
    }
  }
#endif
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) {
    detail::avx2::polygonCirclePair(m, a, xfA, b, xfB, margin);
    return m;
  }
#endif
  detail::polygonCirclePair(m, a, xfA, b, xfB, margin);
  return m;
}

#pragma GCC diagnostic pop

}  // namespace touche::fast
