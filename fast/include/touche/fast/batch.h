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
//   path that the predictor cannot learn on random pairs (contact or not) disappears. On
//   AVX-512 machines (run-time choice, float) stage 1 runs both SAT passes in one 16-lane
//   register and keeps only the separations; stages 2–3 run as short passes over the pairs in
//   contact and the clip runs lane-wise across them, 16 pairs a register (clip_lanes.h).
// - polygon–circle: staged. The centre in A's frame and the lane stage (every face's
//   separation and barycentric signs, every vertex's unit offset; circle_lanes.inc) run for a
//   block of pairs, then the region stage picks each pair's lanes (AVX2 encoding when
//   available). On AVX-512 machines (float) the scalar pair's AVX-512 build runs pair by pair
//   instead: it keeps every value in registers and is the faster of the two.
#pragma once

#include <cstring>

#include "touche/fast/circles.h"
#include "touche/fast/clip_lanes.h"
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
TOUCHE_FAST_TARGET_AVX2
namespace avx2 {
inline constexpr int kVectorBytes = 32;
#include "touche/fast/batch_kernels.inc"
}  // namespace avx2
TOUCHE_FAST_TARGET_END
#endif

#if TOUCHE_FAST_AVX512
TOUCHE_FAST_TARGET_AVX512
namespace avx512 {
// The AVX-512 polygon block runs each stage as its own pass over the block's pairs: with short
// loop bodies the processor overlaps many pairs, where one long chain per pair would leave it
// waiting on each pair in turn (docs/performance.md).

/// What stage 1 of a block leaves for the later passes: each pair's polygons (looked up once),
/// B's transform in A's frame, the 16 face separations, and which pairs are within the margin.
struct BlockStage1 {
  const PolygonT<float>* polygonA[kBlock];
  const PolygonT<float>* polygonB[kBlock];
  TransformT<float> xfBinA[kBlock];
  V16 separations[kBlock];
  int within[kBlock];  ///< block indices of the pairs within the margin, `count` of them
  int count = 0;
};

/// Stage 1 for pairs [k0, k0 + n) in three passes: every result written empty and the frame
/// change; the separations (fusedSeparations); the margin verdicts, compacted without a branch.
TOUCHE_FAST_AVX512_INLINE void stageOne(BlockStage1& s, const PolygonBatchT<float>& batch, int k0,
                                        int n, float margin, ManifoldT<float>* out) {
  for (int i = 0; i < n; ++i) {
    const int ia = batch.a(k0 + i);
    const int ib = batch.b(k0 + i);
    out[k0 + i] = ManifoldT<float>{};
    s.polygonA[i] = &batch.shapesA[ia];
    s.polygonB[i] = &batch.shapesB[ib];
    s.xfBinA[i] = invMul(batch.xfA[ia], batch.xfB[ib]);
  }
  for (int i = 0; i < n; ++i)
    s.separations[i] =
        fusedSeparations(*s.polygonA[i], moveInto<float, 32>(*s.polygonB[i], s.xfBinA[i]));
  for (int i = 0; i < n; ++i) {
    s.within[s.count] = i;  // written always, kept only when within the margin
    s.count += static_cast<int>(
        fusedWithinMargin(s.separations[i], s.polygonA[i]->radius, s.polygonB[i]->radius, margin));
  }
}

/// Stages 2–5 for the pairs within the margin, as passes: best faces, incident edges, the
/// clip's operands (clip_lanes.h), then the clip 16 pairs a register. A pair whose reference
/// separation is positive (stage 4 may give a vertex–vertex point) has its clip result
/// replaced by the scalar stages 2–5.
TOUCHE_FAST_AVX512_INLINE void contactStages(const BlockStage1& s,
                                             const PolygonBatchT<float>& batch, int k0,
                                             float margin, ManifoldT<float>* out) {
  ClipLanes lanes;
  int apart[kBlock];
  int apartCount = 0;
  for (int j = 0; j < s.count; ++j) {
    apart[apartCount] = j;  // written always, kept by the count
    apartCount += static_cast<int>(referenceLane(lanes, j, s.separations[s.within[j]]) > 0.0f);
  }
  for (int j = 0; j < s.count; ++j) {
    const int i = s.within[j];
    incidentLane(lanes, j, *s.polygonA[i], *s.polygonB[i], s.xfBinA[i].q);
  }
  for (int j = 0; j < s.count; ++j) {
    const int i = s.within[j];
    operandLane(lanes, j, *s.polygonA[i], *s.polygonB[i], s.xfBinA[i]);
    // mutant 28: A's transform looked up by the compacted index j, not the pair's index i
    const TransformT<float>& xfA = batch.xfA[batch.a(k0 + (TOUCHE_MUTANT_IS(28) ? j : i))];
    lanes.c[j] = xfA.q.c;
    lanes.s[j] = xfA.q.s;
    lanes.px[j] = xfA.p.x;
    lanes.py[j] = xfA.p.y;
    lanes.pair[j] = k0 + i;
  }
  clipLanes(lanes, s.count, margin, out);
  for (int m = 0; m < apartCount; ++m) {
    const int j = apart[m];
    const int i = s.within[j];
    const int ia = batch.a(k0 + (TOUCHE_MUTANT_IS(28) ? j : i));  // mutant 28 (above)
    out[k0 + i] = ManifoldT<float>{};
    scalarStages(out[k0 + i], *s.polygonA[i], *s.polygonB[i], s.xfBinA[i], s.separations[i],
                 batch.xfA[ia], margin);
  }
}

/// The staged polygon–polygon path of the AVX-512 build, float, for pairs [k0, k0 + n), n ≤
/// kBlock: stage 1 for every pair keeps only its 16 separations (one register) and compacts the
/// pairs within the margin without a branch; stages 2–5 run on those only, the clip lane-wise
/// across them (clip_lanes.h).
inline void polygonBlock(const PolygonBatchT<float>& batch, int k0, int n, float margin,
                         ManifoldT<float>* out) {
  BlockStage1 s;
  stageOne(s, batch, k0, n, margin, out);
  contactStages(s, batch, k0, margin, out);
}

/// Every polygon–circle pair of the batch on AVX-512 machines (float): the scalar pair's AVX-512
/// build (circles.h), one pair after another. It keeps every value in registers and runs
/// faster than the staged kernel of batch_kernels.inc (measured: 17.7 against 19.6 ns a pair);
/// the same code, so the same bits as the scalar path.
inline void polygonCircles(const PolygonCircleBatchT<float>& batch, float margin,
                           ManifoldT<float>* out) {
  for (int k = 0; k < batch.count; ++k) {
    const int ia = batch.a(k);
    const int ib = batch.b(k);
    out[k] = ManifoldT<float>{};
    polygonCirclePair(out[k], batch.shapesA[ia], batch.xfA[ia], batch.shapesB[ib], batch.xfB[ib],
                      margin);
  }
}

/// Every polygon pair of the batch in blocks of kBlock (AVX-512 build, float).
inline void polygons(const PolygonBatchT<float>& batch, float margin, ManifoldT<float>* out) {
  for (int k = 0; k < batch.count; k += kBlock)
    polygonBlock(batch, k, batch.count - k < kBlock ? batch.count - k : kBlock, margin, out);
}
}  // namespace avx512
TOUCHE_FAST_TARGET_END
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
#if TOUCHE_FAST_AVX512
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx512()) return detail::avx512::polygonCircles(batch, margin, out);
  }
#endif
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) return detail::avx2::polygonCircle(batch, margin, out);
#endif
  detail::sse::polygonCircle(batch, margin, out);
}

/// Polygon A vs polygon B for every pair; out[k] is bitwise collidePolygons' result.
template <class T>
void collidePolygonsBatch(const PolygonBatchT<T>& batch, T margin, ManifoldT<T>* out) {
#if TOUCHE_FAST_AVX512
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx512()) return detail::avx512::polygons(batch, margin, out);
  }
#endif
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) return detail::avx2::polygons(batch, margin, out);
#endif
  detail::sse::polygons(batch, margin, out);
}

}  // namespace touche::fast
