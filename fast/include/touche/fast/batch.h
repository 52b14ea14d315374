// touche — the fast engine's batch path: many pairs per call, structure of arrays.
//
// A batch is a contact list: pools of bodies (a prepared shape and a transform each, per role)
// and, per pair k, the body indices indexA[k], indexB[k] (null: body k). Every result is
// bitwise identical to the scalar function on the same pair (the determinism test checks it):
// the batch path performs the same IEEE operations in the same order, only scheduled
// differently.
//
// - circle–circle: SIMD across pairs. Pairs are gathered W at a time into lanes and every step
//   of collideCircles runs lane-wise (W = 4 floats / 2 doubles with SSE2, the portable default;
//   8 / 4 with AVX2, chosen at run time by __builtin_cpu_supports, the kernel compiled for it
//   with __attribute__((target("avx2"))) — no -march flag). Lanes whose centre offset is tiny
//   or zero (concentric circles) are redone by the scalar function.
// - polygon–polygon: staged. Stage 1 (frame change and both SAT passes, SIMD across each
//   polygon's faces) runs for a block of pairs and compacts the indices of the pairs within
//   the margin without a branch; stages 2–5 run on those only. The one branch of the scalar
//   path that the predictor cannot learn on random pairs (contact or not) disappears.
// - polygon–circle: the scalar function is already branch-free; the batch runs it pair by pair
//   (AVX2 encoding when available).
#pragma once

#include <cstring>

#include "touche/fast/circles.h"
#include "touche/fast/polygons.h"

#if TOUCHE_FAST_X86
#include <immintrin.h>
#endif

namespace touche::fast {

/// A structure-of-arrays batch of pairs: pair k collides shapesA[ia] at xfA[ia] with
/// shapesB[ib] at xfB[ib], where ia = indexA ? indexA[k] : k (and likewise for B).
template <class T, class ShapeA, class ShapeB>
struct PairBatchT {
  const ShapeA* shapesA = nullptr;
  const TransformT<T>* xfA = nullptr;
  const ShapeB* shapesB = nullptr;
  const TransformT<T>* xfB = nullptr;
  const int* indexA = nullptr;
  const int* indexB = nullptr;
  int count = 0;

  int a(int k) const { return indexA ? indexA[k] : k; }
  int b(int k) const { return indexB ? indexB[k] : k; }
};

template <class T>
using CircleBatchT = PairBatchT<T, CircleT<T>, CircleT<T>>;
template <class T>
using PolygonCircleBatchT = PairBatchT<T, PolygonT<T>, CircleT<T>>;
template <class T>
using PolygonBatchT = PairBatchT<T, PolygonT<T>, PolygonT<T>>;

namespace detail {

namespace sse {
inline constexpr int kVectorBytes = 16;
#include "touche/fast/batch_kernels.inc"
}  // namespace sse

#if TOUCHE_FAST_AVX2
#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
inline constexpr int kVectorBytes = 32;
#include "touche/fast/batch_kernels.inc"
}  // namespace avx2
#pragma GCC pop_options
#endif

}  // namespace detail

/// Circle A vs circle B for every pair of the batch; out[k] is bitwise collideCircles' result.
template <class T>
void collideCirclesBatch(const CircleBatchT<T>& batch, T margin, ManifoldT<T>* out) {
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) return detail::avx2::circles(batch, margin, out);
#endif
  detail::sse::circles(batch, margin, out);
}

/// Polygon A vs circle B for every pair; out[k] is bitwise collidePolygonAndCircle's result.
template <class T>
void collidePolygonAndCircleBatch(const PolygonCircleBatchT<T>& batch, T margin,
                                  ManifoldT<T>* out) {
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) return detail::avx2::polygonCircle(batch, margin, out);
#endif
  detail::sse::polygonCircle(batch, margin, out);
}

/// Polygon A vs polygon B for every pair; out[k] is bitwise collidePolygons' result.
template <class T>
void collidePolygonsBatch(const PolygonBatchT<T>& batch, T margin, ManifoldT<T>* out) {
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) return detail::avx2::polygons(batch, margin, out);
#endif
  detail::sse::polygons(batch, margin, out);
}

}  // namespace touche::fast
