// The fast engine's cast batch path (touche/fast/cast_batch.h) against castPlaced, bit for bit:
// seeded casts of every shape type (rays and swept circles, sharp and rounded shapes, origins
// near or inside, zero translations), mixed in one batch through index arrays that reuse
// shapes and casts, in float and double, through the run-time choice and every kernel set this
// build and CPU run (AVX2, AVX-512; the portable path is castPlaced cast by cast). The same casts
// scaled by powers of two reach the lanes handed to the scalar function (circles outside
// castCircle's well-scaled range). Each shape type asserts its hit rate, and the hits asserts both
// kinds of feature, so that the comparison cannot pass on misses alone.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "cast_batch_support.h"
#include "touche/fast/cast_batch.h"
#include "touche/test_support/cast_scenes.h"
#include "touche/test_support/fast_bits.h"

namespace touche::fast {
namespace {

using test::CastTally;
using test::sameBits;

constexpr int kCastsPerType = 4000;

/// Seeded valid casts of every type, each type's block in turn (rays and swept circles,
/// rounded polygons included), every length scaled by 2^scaleExponent.
std::vector<CastCase> seededCasts(std::uint64_t seed, int scaleExponent) {
  std::vector<CastCase> casts;
  std::mt19937_64 rng(seed);
  test::CastSceneSpec spec;
  spec.nearChance = 0.15;  // more origins inside or near: the overlap and general-loop lanes
  for (ShapeType type : test::kCastShapeTypes) {
    test::appendValidCasts(casts, rng, type, kCastsPerType, [&](auto& r, ShapeType t) {
      return test::scaledCast(test::randomCast(r, t, spec), scaleExponent);
    });
  }
  return casts;
}

/// A batch over the casts' shapes and moving circles through shuffled index arrays, each
/// shape and moving circle used twice (cast j and cast j + n of the batch).
template <class T>
struct Pools {
  std::vector<PlacedCastShapeT<T>> shapes;
  std::vector<PlacedCastInputT<T>> casts;
  std::vector<int> shapeIndex, castIndex;

  explicit Pools(const std::vector<CastCase>& cases) {
    for (const CastCase& c : cases) {
      shapes.push_back(placeForCast<T>(c.shape, c.xf));
      casts.push_back(placeForCast<T>(c.ray));
    }
    std::vector<int> order(cases.size());
    for (std::size_t j = 0; j < order.size(); ++j)
      order[j] = static_cast<int>(j);
    std::mt19937 rng(0xba7c);
    std::shuffle(order.begin(), order.end(), rng);
    for (int round = 0; round < 2; ++round) {
      shapeIndex.insert(shapeIndex.end(), order.begin(), order.end());
      castIndex.insert(castIndex.end(), order.begin(), order.end());
    }
  }

  CastBatchT<T> batch() const {
    return {shapes.data(), casts.data(), shapeIndex.data(), castIndex.data(),
            static_cast<int>(shapeIndex.size())};
  }
};

/// A batch kernel set: the run-time choice, or one target's kernels called directly.
template <class T>
using Kernel = void (*)(const CastBatchT<T>&, CastResultT<T>*);

template <class T>
std::vector<test::NamedKernel<Kernel<T>>> kernels() {
  Kernel<T> avx2 = nullptr;
  Kernel<T> avx512 = nullptr;
#if TOUCHE_FAST_AVX2
  avx2 = &detail::cast_batch::avx2::casts<T>;
#endif
#if TOUCHE_FAST_AVX512
  avx512 = &detail::cast_batch::avx512::casts<T>;
#endif
  return test::kernelSets<Kernel<T>>({"castBatch", &castBatch<T>},
                                     &detail::cast_batch::scalarCasts<T>, avx2, avx512);
}

/// Runs every kernel over the casts and requires castPlaced's bits; tallies per shape type.
template <class T>
void expectSameAsScalar(const std::vector<CastCase>& cases, CastTally (&tally)[kShapeTypeCount]) {
  const Pools<T> pools(cases);
  const CastBatchT<T> batch = pools.batch();
  std::vector<CastResultT<T>> expected(static_cast<std::size_t>(batch.count));
  for (int k = 0; k < batch.count; ++k) {
    expected[k] = castPlaced(batch.shape(k), batch.cast(k));
    if (k >= static_cast<int>(cases.size())) continue;  // the second round repeats the first
    tally[static_cast<int>(typeOf(cases[pools.shapeIndex[k]].shape))].add(expected[k]);
  }
  for (const auto& [name, kernel] : kernels<T>()) {
    SCOPED_TRACE(name);
    std::vector<CastResultT<T>> got(expected.size());
    kernel(batch, got.data());
    int differing = 0;
    for (int k = 0; k < batch.count; ++k) {
      if (sameBits(got[k], expected[k])) continue;
      if (++differing > 3) continue;
      ADD_FAILURE() << "batch differs from castPlaced at cast " << k << ":\n"
                    << formatCastCase(cases[pools.castIndex[k]], NumberFormat::hex)
                    << "\n  scalar: status " << static_cast<int>(expected[k].status) << " t "
                    << expected[k].fraction << "\n  batch:  status "
                    << static_cast<int>(got[k].status) << " t " << got[k].fraction;
    }
    EXPECT_EQ(differing, 0);
  }
}

template <class T>
void checkScale(std::uint64_t seed, int scaleExponent) {
  CastTally tally[kShapeTypeCount] = {};
  expectSameAsScalar<T>(seededCasts(seed, scaleExponent), tally);
  for (ShapeType type : test::kCastShapeTypes) {
    const CastTally& t = tally[static_cast<int>(type)];
    SCOPED_TRACE(std::string(shapeTypeName(type)));
    ASSERT_EQ(t.count, kCastsPerType);
    EXPECT_GT(t.hitRate(), 0.25);
    EXPECT_LT(t.hitRate(), 0.75);
    EXPECT_GT(t.overlaps, t.count / 50);  // origins inside or near
    EXPECT_GT(t.vertexHits, t.hits / 50);
    if (type != ShapeType::circle) {
      EXPECT_GT(t.faceHits, t.hits / 4);
    }
  }
}

TEST(FastCastBatch, DoubleIsBitwiseTheScalarPath) {
  checkScale<double>(0xba7c4, 0);
}

TEST(FastCastBatch, FloatIsBitwiseTheScalarPath) {
  checkScale<float>(0xba7c5, 0);
}

TEST(FastCastBatch, ScaledCastsAreBitwiseTheScalarPath) {
  test::atScalarLaneScales(0xba7c6, [](auto zero, std::uint64_t seed, int exponent) {
    checkScale<decltype(zero)>(seed, exponent);
  });
}

TEST(FastCastBatch, EmptyAndShortBatchesWriteOnlyTheirCasts) {
  const std::vector<CastCase> cases = seededCasts(0xba7ca, 0);
  const Pools<double> pools(cases);
  for (int count : {0, 1, 3, 7}) {
    CastBatchT<double> batch = pools.batch();
    batch.count = count;
    std::vector<CastResultT<double>> got(8);
    got[count].fraction = 42.0;  // the first result past the batch: left alone
    castBatch(batch, got.data());
    EXPECT_EQ(got[count].fraction, 42.0);
    for (int k = 0; k < count; ++k)
      EXPECT_TRUE(sameBits(got[k], castPlaced(batch.shape(k), batch.cast(k))));
  }
}

}  // namespace
}  // namespace touche::fast
