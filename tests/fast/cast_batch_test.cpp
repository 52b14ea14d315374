// The fast engine's cast batch path (touche/fast/cast_batch.h) against castPlaced, bit for bit:
// seeded casts of every shape type (rays and swept circles, sharp and rounded shapes, origins
// near or inside, zero translations), mixed in one batch through index arrays that reuse
// shapes and casts, in float and double, through the run-time choice and every kernel set this
// build and CPU run (AVX2, AVX-512; the portable path is castPlaced cast by cast). The same casts
// scaled by powers of two reach the lanes handed to the scalar function (circles outside
// castCircle's well-scaled range). Each shape type asserts its hit rate, and the hits asserts both
// kinds of feature, so that the comparison cannot pass on misses alone.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "touche/fast/cast_batch.h"
#include "touche/test_support/cast_scenes.h"

namespace touche::fast {
namespace {

constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                ShapeType::polygon, ShapeType::chainSegment};
constexpr int kCastsPerType = 4000;

/// Whether two cast results are equal bit for bit, field by field.
template <class T>
bool sameBits(const CastResultT<T>& x, const CastResultT<T>& y) {
  return x.status == y.status && x.feature == y.feature && x.flags == y.flags &&
         std::memcmp(&x.fraction, &y.fraction, sizeof x.fraction) == 0 &&
         std::memcmp(&x.point, &y.point, sizeof x.point) == 0 &&
         std::memcmp(&x.normal, &y.normal, sizeof x.normal) == 0;
}

/// Seeded valid casts of every type, each type's block in turn (rays and swept circles,
/// rounded polygons included), every length scaled by 2^scaleExponent.
std::vector<CastCase> seededCasts(std::uint64_t seed, int scaleExponent) {
  std::vector<CastCase> casts;
  std::mt19937_64 rng(seed);
  test::CastSceneSpec spec;
  spec.nearChance = 0.15;  // more origins inside or near: the overlap and general-loop lanes
  for (ShapeType type : kTypes) {
    int made = 0;
    for (int attempt = 0; made < kCastsPerType && attempt < 4 * kCastsPerType; ++attempt) {
      const CastCase c = test::scaledCast(test::randomCast(rng, type, spec), scaleExponent);
      if (validateCast(c.shape, c.xf, c.ray)) continue;
      casts.push_back(c);
      ++made;
    }
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
std::vector<std::pair<const char*, Kernel<T>>> kernels() {
  std::vector<std::pair<const char*, Kernel<T>>> out{
      {"castBatch", &castBatch<T>}, {"scalar", &detail::cast_batch::scalarCasts<T>}};
#if TOUCHE_FAST_AVX2
  if (detail::haveAvx2()) out.push_back({"avx2", &detail::cast_batch::avx2::casts<T>});
#endif
#if TOUCHE_FAST_AVX512
  if (detail::haveAvx512()) out.push_back({"avx512", &detail::cast_batch::avx512::casts<T>});
#endif
  return out;
}

struct Tally {
  int casts = 0, hits = 0, faceHits = 0, vertexHits = 0, overlaps = 0;
};

/// Runs every kernel over the casts and requires castPlaced's bits; tallies per shape type.
template <class T>
void expectSameAsScalar(const std::vector<CastCase>& cases, Tally (&tally)[kShapeTypeCount]) {
  const Pools<T> pools(cases);
  const CastBatchT<T> batch = pools.batch();
  std::vector<CastResultT<T>> expected(static_cast<std::size_t>(batch.count));
  for (int k = 0; k < batch.count; ++k) {
    expected[k] = castPlaced(batch.shape(k), batch.cast(k));
    if (k >= static_cast<int>(cases.size())) continue;  // the second round repeats the first
    Tally& t = tally[static_cast<int>(typeOf(cases[pools.shapeIndex[k]].shape))];
    ++t.casts;
    t.hits += expected[k].status == CastStatus::hit;
    t.overlaps += expected[k].status == CastStatus::initialOverlap;
    t.faceHits +=
        expected[k].status == CastStatus::hit && expected[k].feature.type == FeatureType::face;
    t.vertexHits +=
        expected[k].status == CastStatus::hit && expected[k].feature.type == FeatureType::vertex;
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
  Tally tally[kShapeTypeCount] = {};
  expectSameAsScalar<T>(seededCasts(seed, scaleExponent), tally);
  for (ShapeType type : kTypes) {
    const Tally& t = tally[static_cast<int>(type)];
    SCOPED_TRACE(std::string(shapeTypeName(type)));
    ASSERT_EQ(t.casts, kCastsPerType);
    const double hitRate = static_cast<double>(t.hits) / t.casts;
    EXPECT_GT(hitRate, 0.25);
    EXPECT_LT(hitRate, 0.75);
    EXPECT_GT(t.overlaps, t.casts / 50);  // origins inside or near
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

// 2^-50 takes every float circle below castCircle's well-scaled range (the scalar lanes),
// 2^-450 every double one; 2^46 takes the farther float casts above it.
TEST(FastCastBatch, ScaledCastsAreBitwiseTheScalarPath) {
  checkScale<float>(0xba7c6, 46);
  checkScale<float>(0xba7c7, -50);
  checkScale<double>(0xba7c8, 46);
  checkScale<double>(0xba7c9, -450);
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
