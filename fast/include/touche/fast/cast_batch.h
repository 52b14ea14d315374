// touche — the fast engine's batch path for casts: many moving circles against many shapes per
// call, SIMD across casts.
//
// A batch is a pool of placed shapes (placeForCast: the prepared shape, its unit transform and
// reach), a pool of placed moving circles, and per cast k the indices shapeIndex[k] and
// castIndex[k] (null: entry k). Every result is bitwise identical to castPlaced on the same
// shape and moving circle (tests/fast/cast_batch_test.cpp checks it): the lanes perform the
// scalar path's IEEE operations in the same order, only W casts at a time.
//
// Each block of casts is split by the shape's core, without a branch: circles (one vertex),
// two-ended cores (segments, capsules, chain segments) and polygons. Then W casts at a time
// (16 floats / 8 doubles with AVX-512, 8 floats with AVX2; the kernels for the CPU chosen at
// run time, compiled for it with `#pragma GCC target`, never with -march):
// - a circle runs castCircle lane-wise, from the ray's local frame to the world result;
// - a two-ended core or a polygon runs clipFaces lane-wise (every lane its own shape, the
//   faces up to the largest count among the lanes, the others masked), then finishClip
//   lane-wise: a miss, a sharp polygon's overlap, a hit on the entry face, or for a swept
//   circle the arc at the entry face's end (castArc).
// The rare lanes go to the scalar function's own steps: an origin inside every pushed face
// but not within a sharp polygon (finishClip's general loop), a circle cast outside
// castCircle's well-scaled range (a zero translation among them). With fewer than 8 casts a
// vector (AVX2's 4 doubles, SSE2's 16 bytes on other CPUs and compilers) the batch is
// castPlaced cast by cast: the lanes' gathering and scattering would cost more than they save
// (docs/performance.md).
#pragma once

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

#include "touche/fast/cast.h"
#include "touche/fast/polygons.h"

#if TOUCHE_FAST_X86
#include <immintrin.h>
#endif

// The kernels pass GCC vectors of 32 and 64 bytes between always-inlined helpers compiled for
// their own target; GCC's note that such a vector would change the ABI of a call compiled
// without that target does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace touche::fast {

/// A batch of casts over pools: cast k moves casts[castIndex[k]] against
/// shapes[shapeIndex[k]] (a null index array: entry k of the pool).
template <class T>
struct CastBatchT {
  const PlacedCastShapeT<T>* shapes = nullptr;
  const PlacedCastInputT<T>* casts = nullptr;
  const int* shapeIndex = nullptr;
  const int* castIndex = nullptr;
  int count = 0;

  const PlacedCastShapeT<T>& shape(int k) const { return shapes[shapeIndex ? shapeIndex[k] : k]; }
  const PlacedCastInputT<T>& cast(int k) const { return casts[castIndex ? castIndex[k] : k]; }
};

namespace detail::cast_batch {

/// Casts per block: the block's three index lists stay on the stack.
inline constexpr int kBlock = 256;

/// What a lane's result is: computed lane-wise, or left to the scalar function.
enum LaneCode : int { kLaneMiss = 0, kLaneHit = 1, kLaneOverlap = 2, kLaneScalar = 3 };

#define TOUCHE_FAST_KERNELS "touche/fast/cast_batch_kernels.inc"
#include "touche/fast/kernels_per_target.inc"

/// The portable path: castPlaced cast by cast (the SSE2 build of the kernels, 2 doubles or 4
/// floats a vector, measured slower than this loop for every shape: docs/performance.md).
template <class T>
void scalarCasts(const CastBatchT<T>& batch, CastResultT<T>* out) {
  for (int k = 0; k < batch.count; ++k)
    out[k] = castPlaced(batch.shape(k), batch.cast(k));
}

}  // namespace detail::cast_batch

/// Every cast of the batch; out[k] is bitwise castPlaced(batch.shape(k), batch.cast(k)).
template <class T>
void castBatch(const CastBatchT<T>& batch, CastResultT<T>* out) {
#if TOUCHE_FAST_AVX512
  if (detail::haveAvx512()) return detail::cast_batch::avx512::casts(batch, out);
#endif
#if TOUCHE_FAST_AVX2
  // AVX2's 4 doubles a vector measured no faster than the scalar loop; its 8 floats are.
  if constexpr (std::is_same_v<T, float>) {
    if (detail::haveAvx2()) return detail::cast_batch::avx2::casts(batch, out);
  }
#endif
  detail::cast_batch::scalarCasts(batch, out);
}

}  // namespace touche::fast

#pragma GCC diagnostic pop
