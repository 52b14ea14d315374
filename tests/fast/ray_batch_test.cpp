// The fast engine's ray batches (touche/fast/ray_batch.h) against castPlaced, bit for bit:
// seeded rays against every shape type (sharp and rounded, origins near or inside, zero
// translations), in float and double, ray k against shape k, through a shuffled index array
// that reuses shapes, and against one shape, through the run-time choice and every kernel set
// this build and CPU run (AVX2, AVX-512; the portable path is castPlaced ray by ray). The same
// rays scaled by powers of two reach the lanes handed to castPlaced (circles whose scale is not
// certainly inside castCircle's range). Each shape type asserts its hit rate and overlaps, so
// that the comparison cannot pass on misses alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cast_batch_support.h"
#include "touche/fast/ray_batch.h"
#include "touche/test_support/cast_scenes.h"
#include "touche/test_support/fast_bits.h"

namespace touche::fast {
namespace {

using test::CastTally;
using test::sameBits;

// Not a multiple of any vector width: the last rays run from the padded copy.
constexpr int kRaysPerType = 3001;

/// The ray re-aimed through one of the shape's core points (a vertex, an end, a centre): rays
/// through a segment's end, where the entry point lies within the rounding slack of the face's
/// end (the lanes castPlaced decides).
template <class Rng>
CastCase aimedAtACorePoint(Rng& rng, CastCase c) {
  Vec2 local[kMaxPolygonVertices] = {};
  int count = 1;
  if (const auto* p = std::get_if<Polygon>(&c.shape)) {
    std::copy(p->vertices.begin(), p->vertices.begin() + p->count, local);
    count = p->count;
  } else if (const auto* k = std::get_if<Capsule>(&c.shape)) {
    local[0] = k->p1, local[1] = k->p2, count = 2;
  } else if (const auto* g = std::get_if<Segment>(&c.shape)) {
    local[0] = g->p1, local[1] = g->p2, count = 2;
  } else if (const auto* ch = std::get_if<ChainSegment>(&c.shape)) {
    local[0] = ch->p1, local[1] = ch->p2, count = 2;
  } else {
    local[0] = std::get<Circle>(c.shape).center;
  }
  const Vec2 target = apply(c.xf, local[test::uniformInt(rng, 0, count - 1)]);
  c.ray.translation = 2.0 * (target - c.ray.origin);
  return c;
}

/// Seeded valid rays of every type (sharp and rounded shapes), one in four aimed at a core
/// point, lengths scaled by 2^exponent; polygons twice as often (the clip's lanes).
std::vector<CastCase> seededRays(std::uint64_t seed, int exponent) {
  std::vector<CastCase> cases;
  std::mt19937_64 rng(seed);
  test::CastSceneSpec spec;
  spec.rayChance = 1.0;
  spec.nearChance = 0.15;  // more origins inside or near: the overlap lanes
  for (ShapeType type : test::kCastShapeTypes) {
    const int wanted = type == ShapeType::polygon ? 2 * kRaysPerType : kRaysPerType;
    test::appendValidCasts(cases, rng, type, wanted, [&](auto& r, ShapeType t) {
      CastCase c = test::randomCast(r, t, spec);
      if (test::uniformInt(r, 0, 3) == 0) c = aimedAtACorePoint(r, c);
      return test::scaledCast(c, exponent);
    });
  }
  return cases;
}

/// The shapes of every case as a pool, and rays as arrays of T: ray k is the ray of case
/// rayCase[k] (every case's by default), or that ray carried rigidly from its own shape's frame
/// into shape `carryTo`'s (so that rays against one shape hit it as often as their own).
template <class T>
struct Batch {
  std::vector<PlacedCastShapeT<T>> placed;
  std::vector<int> rayCase;
  std::vector<T> originX, originY, translationX, translationY, maxFraction;
  RayTargetsT<T> targets;

  Batch(const std::vector<CastCase>& cases, std::vector<int> rays = {}, int carryTo = -1)
      : rayCase(std::move(rays)) {
    for (const CastCase& c : cases)
      placed.push_back(placeForCast<T>(c.shape, c.xf));
    targets = RayTargetsT<T>(placed.data(), static_cast<int>(placed.size()));
    if (rayCase.empty()) {
      for (std::size_t k = 0; k < cases.size(); ++k)
        rayCase.push_back(static_cast<int>(k));
    }
    for (int k : rayCase) {
      CastInput ray = cases[k].ray;
      if (carryTo >= 0) {
        const Transform& from = cases[k].xf;
        const Transform& to = cases[carryTo].xf;
        const Rot back{from.q.c, -from.q.s};  // the inverse rotation
        ray.origin = apply(to, rotate(back, ray.origin - from.p));
        ray.translation = rotate(to.q, rotate(back, ray.translation));
      }
      const CastInputT<T> in = placeForCast<T>(ray).in;
      originX.push_back(in.origin.x);
      originY.push_back(in.origin.y);
      translationX.push_back(in.translation.x);
      translationY.push_back(in.translation.y);
      maxFraction.push_back(in.maxFraction);
    }
  }

  RaysT<T> rays() const {
    return {originX.data(),      originY.data(),     translationX.data(),
            translationY.data(), maxFraction.data(), static_cast<int>(originX.size())};
  }
};

template <class T>
struct Hits {
  std::vector<CastStatus> status;
  std::vector<T> fraction, pointX, pointY, normalX, normalY;
  std::vector<CastFeature> feature;
  std::vector<std::uint32_t> flags;

  explicit Hits(int n)
      : status(n, CastStatus::error),
        fraction(n, T(42)),
        pointX(n),
        pointY(n),
        normalX(n),
        normalY(n),
        feature(n),
        flags(n, 0xffffffffu) {}
  RayHitsT<T> out() {
    return {status.data(),  fraction.data(), pointX.data(),  pointY.data(),
            normalX.data(), normalY.data(),  feature.data(), flags.data()};
  }
};

template <class T>
std::string describe(const CastResultT<T>& r) {
  char text[256];
  std::snprintf(text, sizeof text,
                "status %d t %a point (%a, %a) normal (%a, %a) feature %d/%d flags %u",
                static_cast<int>(r.status), static_cast<double>(r.fraction),
                static_cast<double>(r.point.x), static_cast<double>(r.point.y),
                static_cast<double>(r.normal.x), static_cast<double>(r.normal.y),
                static_cast<int>(r.feature.type), static_cast<int>(r.feature.index), r.flags);
  return text;
}

template <class T>
std::string describeRay(const RaysT<T>& rays, int k) {
  char text[160];
  std::snprintf(text, sizeof text, "origin (%a, %a) translation (%a, %a) maxFraction %a",
                static_cast<double>(rays.originX[k]), static_cast<double>(rays.originY[k]),
                static_cast<double>(rays.translationX[k]),
                static_cast<double>(rays.translationY[k]),
                static_cast<double>(rays.maxFraction[k]));
  return text;
}

/// A ray kernel set: the run-time choice, or one target's kernels called directly.
template <class T>
using Kernel = void (*)(const RayTargetsT<T>&, detail::ray_batch::RayShapes, const RaysT<T>&,
                        const RayHitsT<T>&);

template <class T>
std::vector<test::NamedKernel<Kernel<T>>> kernels() {
  Kernel<T> avx2 = nullptr;
  Kernel<T> avx512 = nullptr;
#if TOUCHE_FAST_AVX2
  avx2 = &detail::cast_batch::avx2::rays<T>;
  avx512 = &detail::cast_batch::avx512::rays<T>;
#endif
  return test::kernelSets<Kernel<T>>({"castRays", &detail::ray_batch::castRaysWith<T>},
                                     &detail::ray_batch::scalarRays<T>, avx2, avx512);
}

/// Every kernel against castPlaced, with `shapes` choosing ray k's shape; returns the hit
/// rate, so that each query can be held to hitting.
template <class T>
double expectSameAsScalar(const Batch<T>& batch, detail::ray_batch::RayShapes shapes,
                          const std::vector<CastCase>& cases) {
  const RaysT<T> rays = batch.rays();
  const auto shapeOf = [&](int k) {
    return shapes.one >= 0 ? shapes.one : shapes.shapeIndex ? shapes.shapeIndex[k] : k;
  };
  int hitCount = 0;
  for (const auto& [name, kernel] : kernels<T>()) {
    SCOPED_TRACE(name);
    Hits<T> hits(rays.count);
    kernel(batch.targets, shapes, rays, hits.out());
    int differing = 0;
    hitCount = 0;
    for (int k = 0; k < rays.count; ++k) {
      const CastResultT<T> expected = castPlaced(batch.placed[shapeOf(k)], rayPlaced(rays, k));
      const CastResultT<T> got = hits.out().at(k);
      hitCount += expected.status == CastStatus::hit;
      if (sameBits(got, expected)) continue;
      if (++differing > 3) continue;
      ADD_FAILURE() << "ray batch differs from castPlaced at ray " << k << " (shape " << shapeOf(k)
                    << ", the ray of case " << batch.rayCase[k] << "):\n"
                    << formatCastCase(cases[shapeOf(k)], NumberFormat::hex) << "\n  the ray "
                    << describeRay(rays, k) << "\n  scalar: " << describe(expected)
                    << "\n  batch:  " << describe(got);
    }
    EXPECT_EQ(differing, 0);
  }
  return static_cast<double>(hitCount) / rays.count;
}

/// The three queries over the same rays, and the tallies that keep them from passing vacuously.
template <class T>
void checkRays(std::uint64_t seed, int exponent) {
  const std::vector<CastCase> cases = seededRays(seed, exponent);
  const Batch<T> batch(cases);
  const RaysT<T> rays = batch.rays();
  CastTally tally[kShapeTypeCount] = {};
  for (int k = 0; k < rays.count; ++k) {
    tally[static_cast<int>(typeOf(cases[k].shape))].add(
        castPlaced(batch.placed[k], rayPlaced(rays, k)));
  }
  for (ShapeType type : test::kCastShapeTypes) {
    const CastTally& t = tally[static_cast<int>(type)];
    SCOPED_TRACE(std::string(shapeTypeName(type)));
    ASSERT_GE(t.count, kRaysPerType);
    EXPECT_GT(t.hitRate(), 0.2);
    EXPECT_LT(t.hitRate(), 0.75);
    // A ray's origin is inside a shape with area only (not on a segment's line).
    const bool area = type != ShapeType::segment && type != ShapeType::chainSegment;
    if (area) {
      EXPECT_GT(t.overlaps, t.count / 50);
    }
    if (type == ShapeType::circle) {
      EXPECT_EQ(t.vertexHits, t.hits);
    } else {
      EXPECT_GT(t.faceHits, t.hits / 4);
    }
  }
  {
    SCOPED_TRACE("ray k against shape k");
    EXPECT_GT(expectSameAsScalar(batch, {}, cases), 0.25);
  }
  // Through index arrays, ray k is the ray of case index[k] against its own shape: the hits
  // come as often as by position.
  const auto throughIndex = [&](std::vector<int> index) {
    const Batch<T> indexed(cases, index);
    return expectSameAsScalar(indexed, {index.data(), -1}, cases);
  };
  {
    SCOPED_TRACE("through a shuffled index array");
    std::vector<int> index(static_cast<std::size_t>(rays.count));
    for (int k = 0; k < rays.count; ++k)
      index[k] = k;
    std::shuffle(index.begin(), index.end(), std::mt19937(0x5eed));
    EXPECT_GT(throughIndex(index), 0.25);
  }
  {
    SCOPED_TRACE("through an index array in blocks");
    // Blocks of 16 rays (a vector or two) of one shape (a broadcast), of consecutive shapes
    // from a group's start (loads), of consecutive shapes from elsewhere and of mixed shapes
    // (gathers), in turn.
    std::vector<int> index;
    std::mt19937 rng(0x7a11);
    for (int block = 0; static_cast<int>(index.size()) < rays.count; ++block) {
      const int start = std::uniform_int_distribution<int>(0, rays.count - 33)(rng);
      for (int j = 0; j < 16; ++j) {
        const int kind = block % 4;
        index.push_back(kind == 0   ? start
                        : kind == 1 ? (start & ~15) + j
                        : kind == 2 ? (start | 1) + j
                                    : std::uniform_int_distribution<int>(0, rays.count - 1)(rng));
      }
    }
    index.resize(static_cast<std::size_t>(rays.count));
    EXPECT_GT(throughIndex(index), 0.2);
  }
  for (ShapeType type : {ShapeType::circle, ShapeType::polygon, ShapeType::segment}) {
    const auto it = std::find_if(cases.begin(), cases.end(),
                                 [&](const CastCase& c) { return typeOf(c.shape) == type; });
    const int one = static_cast<int>(it - cases.begin());
    SCOPED_TRACE("against one " + std::string(shapeTypeName(type)));
    const Batch<T> carried(cases, {}, one);
    EXPECT_GT(expectSameAsScalar(carried, {nullptr, one}, cases), 0.1);
  }
}

TEST(FastRayBatch, DoubleIsBitwiseTheScalarPath) {
  checkRays<double>(0x4a7b1, 0);
}

TEST(FastRayBatch, FloatIsBitwiseTheScalarPath) {
  checkRays<float>(0x4a7b2, 0);
}

TEST(FastRayBatch, ScaledRaysAreBitwiseTheScalarPath) {
  test::atScalarLaneScales(0x4a7b3, [](auto zero, std::uint64_t seed, int exponent) {
    checkRays<decltype(zero)>(seed, exponent);
  });
}

TEST(FastRayBatch, ShortBatchesWriteOnlyTheirRays) {
  const std::vector<CastCase> cases = seededRays(0x4a7b7, 0);
  const Batch<float> batch(cases);
  for (int count : {0, 1, 7, 17}) {
    RaysT<float> rays = batch.rays();
    rays.count = count;
    Hits<float> hits(count + 1);
    castRays(batch.targets, rays, hits.out());
    EXPECT_EQ(hits.fraction[count], 42.0f);  // the entry past the batch: left alone
    EXPECT_EQ(hits.status[count], CastStatus::error);
    for (int k = 0; k < count; ++k) {
      EXPECT_TRUE(
          sameBits(hits.out().at(k), castPlaced(batch.placed[k], rayPlaced(batch.rays(), k))));
    }
  }
}

// A face along an axis has a normal with a zero component of either sign (here (−1, −0)), and a
// quarter turn shows the sign in the world normal (0·(−1) − 1·(−0) = +0): the one-shape query
// once broadcast the shape's rows as 0 + v, which turned −0 into +0 (world normal −0).
TEST(FastRayBatch, OneShapeKeepsTheSignOfAZeroNormalComponent) {
  Polygon polygon;
  polygon.count = 4;
  polygon.vertices[0] = {0x1.a6p-1, 0x1.ccp-2};
  polygon.vertices[1] = {-0x1.bp-2, 0x1.9p-2};
  polygon.vertices[2] = {-0x1.bp-2, -0x1.8p-4};  // face 1 runs along the y axis
  polygon.vertices[3] = {0x1.bp-1, -0x1.cp-4};
  Transform xf;
  xf.p = {0x1.97p+1, -0x1.4bp+2};
  xf.q = {0.0, 1.0};
  const std::vector<PlacedCastShapeT<double>> placed{placeForCast<double>(Shape{polygon}, xf)};
  ASSERT_TRUE(std::signbit(placed[0].shape.faceNormal[1].y));
  const RayTargetsT<double> targets(placed.data(), 1);
  const double ox = 0x1.40f93c418b5b4p+1, oy = -0x1.5f28b6b70dae3p+3;
  const double dx = 0x1.5ced96e7725e8p-1, dy = 0x1.3c8f070029f96p+3, f = 1.0;
  const RaysT<double> rays{&ox, &oy, &dx, &dy, &f, 1};
  const CastResultT<double> expected = castPlaced(placed[0], rayPlaced(rays, 0));
  ASSERT_EQ(expected.status, CastStatus::hit);
  ASSERT_EQ(expected.feature, (CastFeature{FeatureType::face, 1}));
  EXPECT_FALSE(std::signbit(expected.normal.x));
  for (const auto& [name, kernel] : kernels<double>()) {
    SCOPED_TRACE(name);
    Hits<double> hits(1);
    kernel(targets, {nullptr, 0}, rays, hits.out());
    EXPECT_TRUE(sameBits(hits.out().at(0), expected)) << describe(hits.out().at(0));
  }
}

TEST(FastRayBatch, InvalidRaysAreNamed) {
  const float good[5] = {1.0f, 2.0f, 3.0f, 4.0f, 1.0f};
  float bad[5] = {1.0f, 2.0f, 3.0f, 4.0f, 1.5f};  // maxFraction beyond 1
  const RaysT<float> goodRay{&good[0], &good[1], &good[2], &good[3], &good[4], 1};
  const RaysT<float> badRay{&bad[0], &bad[1], &bad[2], &bad[3], &bad[4], 1};
  EXPECT_TRUE(rayIsValid(goodRay, 0));
  EXPECT_FALSE(validateRays(goodRay).has_value());
  EXPECT_FALSE(rayIsValid(badRay, 0));
  const std::optional<InputError> fraction = validateRays(badRay);
  ASSERT_TRUE(fraction.has_value());
  EXPECT_EQ(fraction->field, "rays[0].maxFraction");
  bad[4] = 1.0f;
  bad[0] = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(rayIsValid(badRay, 0));
  // The second of two rays: the error names its index.
  const float xs[2] = {0.0f, std::numeric_limits<float>::quiet_NaN()};
  const float zeros[2] = {0.0f, 0.0f};
  const float ones[2] = {1.0f, 1.0f};
  const std::optional<InputError> origin =
      validateRays(RaysT<float>{xs, zeros, ones, zeros, ones, 2});
  ASSERT_TRUE(origin.has_value());
  EXPECT_EQ(origin->field.rfind("rays[1].origin", 0), 0u) << origin->field;
}

}  // namespace
}  // namespace touche::fast
