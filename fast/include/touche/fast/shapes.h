// touche — prepared shapes of the fast engine.
//
// A shape is prepared once, outside the hot path, from a validated core shape: like Box2D's
// b2PolygonShape, a prepared polygon carries its unit edge normals so that a query never
// normalises an edge. Everything is computed in double from the exact input and rounded to T
// once, at the end.
//
// Layout: structure of arrays, padded to kMaxPolygonVertices lanes by repeating vertex 0 and
// normal 0. The hot loops run over all lanes with a fixed trip count (the compiler turns them
// into SIMD code) and only read the first `count` results, so the padding never changes an
// answer: a repeated vertex cannot lower a minimum it already contributes to.
#pragma once

#include <cstring>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#define TOUCHE_FAST_X86 1
#else
#define TOUCHE_FAST_X86 0
#endif
// GCC compiles AVX2 kernels inside a portable build (`#pragma GCC target("avx2")`) and picks
// them at run time; other compilers get the portable code only.
#if TOUCHE_FAST_X86 && defined(__GNUC__) && !defined(__clang__)
#define TOUCHE_FAST_AVX2 1
#else
#define TOUCHE_FAST_AVX2 0
#endif

// The target regions every kernel build opens and closes (GCC only): TOUCHE_FAST_TARGET_AVX2 or
// TOUCHE_FAST_TARGET_AVX512, then TOUCHE_FAST_TARGET_END. AVX-512F brings FMA with it, and GCC
// 12's SLP vectorizer fuses a rotation's pair of products (c·x − s·y, s·x + c·y) into vfmaddsub
// despite -ffp-contract=off (a capsule's double results changed in the last bit): the AVX-512
// region turns SLP vectorization off, so every operation stays the IEEE one. The kernels that
// want vectors write them (GCC vectors, intrinsics). AVX2 alone brings no FMA.
#define TOUCHE_FAST_TARGET_AVX2 _Pragma("GCC push_options") _Pragma("GCC target(\"avx2\")")
#define TOUCHE_FAST_TARGET_AVX512                                                                \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,avx512f,avx512dq,avx512vl,avx512bw\")") \
      _Pragma("GCC optimize(\"no-tree-slp-vectorize\")")
#define TOUCHE_FAST_TARGET_END _Pragma("GCC pop_options")

#include "touche/core/shapes.h"
#include "touche/fast/mutant.h"
#include "touche/fast/types.h"

// The chunk helpers are instantiated with 32-byte vectors for the batch path's AVX2 kernels and
// always inlined there; GCC's note that such a vector passed by value would change the ABI of a
// non-AVX call does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace touche::fast {

/// Number of lanes of a prepared polygon (Box2D's b2_maxPolygonVertices).
inline constexpr int kLanes = kMaxPolygonVertices;

/// Prepared circle: centre in the shape's local frame and radius.
template <class T>
struct CircleT {
  Vec2T<T> center;
  T radius = T(0);
};

/// Prepared convex polygon (counter-clockwise, strictly convex), local frame. Edge i runs from
/// vertex i to vertex (i + 1) % count; (nx[i], ny[i]) is its unit outward normal.
///
/// The lane arrays have no default initialiser on purpose: prepare() and the engine's frame
/// change write every lane, and zero-filling 128–256 bytes first (a `rep stos`) cost as much
/// as a whole SAT pass in the benchmark. Build polygons with prepare(), not by hand.
template <class T>
struct PolygonT {
  T vx[kLanes];
  T vy[kLanes];
  T nx[kLanes];
  T ny[kLanes];
  T offset[kLanes];  ///< n_i·v_i: face i's plane is {x : n_i·x = offset[i]}
  int count = 0;
  T radius = T(0);

  Vec2T<T> vertex(int i) const { return {vx[i], vy[i]}; }
  Vec2T<T> normal(int i) const { return {nx[i], ny[i]}; }
  /// The vertex after i (wrapping), without a branch: (i + 1) masked to 0 at the end.
  int next(int i) const { return (i + 1) & -static_cast<int>(i + 1 < count); }
};

/// A face index and its separation (max-separation searches).
template <class T>
struct FaceSeparationT {
  T separation = T(0);
  int face = 0;
};

namespace detail {

/// Whether the AVX2 kernels may run on this CPU (asked once). They compute the same IEEE
/// operations as the portable code (no fused multiply-add: the target adds AVX2 only), so the
/// choice never changes a result.
inline bool haveAvx2() {
#if TOUCHE_FAST_X86
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
#else
  return false;
#endif
}

/// A B-byte GCC/Clang vector of T: 16 bytes (4 floats or 2 doubles) is the width of SSE2,
/// the x86-64 baseline, so every operation is one instruction; the batch path's AVX2 kernels
/// use 32. Plain IEEE operations lane by lane: the results are exactly those of the scalar
/// loop, whatever the width.
template <class T, int B = 16>
struct SimdOf {
  typedef T type __attribute__((vector_size(B)));
};
template <class T, int B = 16>
using Simd = typename SimdOf<T, B>::type;
template <class T, int B = 16>
inline constexpr int kWidth = static_cast<int>(B / sizeof(T));
template <class T, int B = 16>
inline constexpr int kChunks = kLanes / kWidth<T, B>;

/// Loads lanes [c·width, (c + 1)·width) of a lane array.
template <class T, int B = 16>
[[gnu::always_inline]] inline Simd<T, B> loadChunk(const T (&array)[kLanes], int c) {
  Simd<T, B> v;
  std::memcpy(&v, array + c * kWidth<T, B>, sizeof v);
  return v;
}

}  // namespace detail

/// The largest of the kLanes values (held in SIMD chunks) and the lowest lane holding it
/// (ties → lower index). Padded lanes repeat lane 0, so they never come before it and the
/// answer is the first best of the real lanes. Branch-free: on random pairs the winning lane
/// is unpredictable, and a mispredicted branch costs more than the search. With SSE2 (the
/// x86-64 baseline): the maximum by a max tree, then the first lane equal to it by a compare
/// mask and a bit scan; otherwise a chain of selects that replaces only on "strictly greater".
/// Both give the first maximum. The value returned is the maximum itself, taken from the max
/// tree (not reloaded from the lane: that would go through memory); when +0 and −0 tie its
/// sign may differ from the first lane's, which no comparison can tell apart.
template <class T>
inline FaceSeparationT<T> firstMax(const detail::Simd<T> (&v)[detail::kChunks<T>]) {
  static_assert(kLanes == 8);
  int mask = 0;
  T best;
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    const __m128 lo = v[0];
    const __m128 hi = v[1];
    __m128 m = _mm_max_ps(lo, hi);
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    mask = _mm_movemask_ps(_mm_cmpeq_ps(lo, m)) | (_mm_movemask_ps(_mm_cmpeq_ps(hi, m)) << 4);
    best = _mm_cvtss_f32(m);
  } else {
    const __m128d c[4] = {v[0], v[1], v[2], v[3]};
    __m128d m = _mm_max_pd(_mm_max_pd(c[0], c[1]), _mm_max_pd(c[2], c[3]));
    m = _mm_max_pd(m, _mm_shuffle_pd(m, m, 1));
    for (int k = 0; k < 4; ++k)
      mask |= _mm_movemask_pd(_mm_cmpeq_pd(c[k], m)) << (2 * k);
    best = _mm_cvtsd_f64(m);
  }
#else
  T lanes[kLanes];
  std::memcpy(lanes, v, sizeof lanes);
  best = lanes[0];
  int first = 0;
  for (int i = 1; i < kLanes; ++i) {
    const bool greater = lanes[i] > best;
    best = select(greater, lanes[i], best);
    first = selectInt(greater, i, first);
  }
  mask = 1 << first;
#endif
  const int face = __builtin_ctz(static_cast<unsigned>(mask) | 0x100u) & 7;  // NaN: lane 0
  return {best, face};
}

/// Prepares a circle: rounds centre and radius to T.
template <class T>
inline CircleT<T> prepare(const Circle& circle) {
  return {toT<T>(circle.center), static_cast<T>(circle.radius)};
}

/// Prepares a validated polygon: copies the vertices and computes each edge's unit outward
/// normal in double, n_i = perp(v_{i+1} − v_i) / |v_{i+1} − v_i| with perp(x, y) = (y, −x)
/// (outward for a counter-clockwise polygon, as Box2D's b2ComputeHull/b2MakePolygon). The
/// normalisation is guarded (normalizeOr), so even an edge that underflows gives a finite
/// normal. offset[i] = n_i·v_i, in double from the rounded-to-double normal, then rounded to T.
/// Lanes ≥ count repeat vertex 0, normal 0 and offset 0.
template <class T>
inline PolygonT<T> prepare(const Polygon& polygon) {
  PolygonT<T> out;
  out.count = polygon.count;
  out.radius = static_cast<T>(polygon.radius);
  for (int lane = 0; lane < kLanes; ++lane) {
    const int i = lane < polygon.count ? lane : 0;
    const int j = i + 1 < polygon.count ? i + 1 : 0;
    const Vec2 v = polygon.vertices[i];
    const Vec2 edge = polygon.vertices[j] - v;
    const UnitT<double> n = normalizeOr(Vec2T<double>{edge.y, -edge.x}, Vec2T<double>{1.0, 0.0});
    out.vx[lane] = static_cast<T>(v.x);
    out.vy[lane] = static_cast<T>(v.y);
    out.nx[lane] = static_cast<T>(n.unit.x);
    out.ny[lane] = static_cast<T>(n.unit.y);
    out.offset[lane] = static_cast<T>(n.unit.x * v.x + n.unit.y * v.y);
    if constexpr (TOUCHE_MUTANT_IS(29)) {  // mutant 29: padding lanes zero-filled
      if (lane >= polygon.count) out.nx[lane] = out.ny[lane] = out.offset[lane] = T(0);
    }
  }
  return out;
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
