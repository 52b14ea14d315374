// touche — what the fast engine's batch cast tests (cast_batch_test.cpp, ray_batch_test.cpp)
// share: the shape types they sweep and how they draw valid casts of each, the kernel sets they
// run, the tally that keeps a comparison from passing on misses alone, and the scales that take
// lanes to the scalar function.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "touche/core/cast.h"
#include "touche/core/cast_jsonl.h"
#include "touche/fast/cast.h"
#include "touche/fast/polygons.h"

namespace touche::test {

/// Every shape type a cast takes.
inline constexpr ShapeType kCastShapeTypes[] = {ShapeType::circle, ShapeType::capsule,
                                                ShapeType::segment, ShapeType::polygon,
                                                ShapeType::chainSegment};

/// Appends `wanted` valid casts drawn by make(rng, type), drawing again for an invalid one (at
/// most four draws per cast wanted).
template <class Rng, class Make>
void appendValidCasts(std::vector<CastCase>& out, Rng& rng, ShapeType type, int wanted, Make make) {
  int made = 0;
  for (int attempt = 0; made < wanted && attempt < 4 * wanted; ++attempt) {
    const CastCase c = make(rng, type);
    if (validateCast(c.shape, c.xf, c.ray)) continue;
    out.push_back(c);
    ++made;
  }
}

/// A named kernel set.
template <class Kernel>
using NamedKernel = std::pair<const char*, Kernel>;

/// The kernel sets a batch test runs: the run-time choice, the portable path, and each
/// target's kernels called directly where this build has them (not null) and this CPU runs
/// them.
template <class Kernel>
std::vector<NamedKernel<Kernel>> kernelSets(NamedKernel<Kernel> choice, Kernel scalar, Kernel avx2,
                                            Kernel avx512) {
  std::vector<NamedKernel<Kernel>> out{choice, {"scalar", scalar}};
  if (avx2 && fast::detail::haveAvx2()) out.push_back({"avx2", avx2});
  if (avx512 && fast::detail::haveAvx512()) out.push_back({"avx512", avx512});
  return out;
}

/// One shape type's results: how many, how many hit (on a face, at a vertex), how many started
/// inside.
struct CastTally {
  int count = 0, hits = 0, faceHits = 0, vertexHits = 0, overlaps = 0;

  template <class T>
  void add(const fast::CastResultT<T>& r) {
    ++count;
    hits += r.status == CastStatus::hit;
    overlaps += r.status == CastStatus::initialOverlap;
    faceHits += r.status == CastStatus::hit && r.feature.type == FeatureType::face;
    vertexHits += r.status == CastStatus::hit && r.feature.type == FeatureType::vertex;
  }
  double hitRate() const { return static_cast<double>(hits) / count; }
};

/// check(T{}, seed, exponent) for T float and double at the scales that reach the lanes handed
/// to the scalar function: 2^-50 takes every float circle below castCircle's well-scaled range,
/// 2^-450 every double one; 2^46 takes the farther float casts above it. Seeds seed to
/// seed + 3.
template <class Check>
void atScalarLaneScales(std::uint64_t seed, Check check) {
  check(float{}, seed, 46);
  check(float{}, seed + 1, -50);
  check(double{}, seed + 2, 46);
  check(double{}, seed + 3, -450);
}

}  // namespace touche::test
