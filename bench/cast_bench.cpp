// touche_cast_bench: casts per second — fast (double, float; castPlaced on placed shapes and
// moving circles, one cast at a time, and castBatch over the same pools), Box2D 2.4.1's
// b2Shape::RayCast on its shapes, and the exact reference (filtered and all-exact) — on the same
// seeded rays per shape type (tests/support cast_scenes.h: rays, sharp polygons, about half of
// them hitting); and swept circles (radius in (0, 1]) for fast against Box2D 2.4.1's b2ShapeCast
// (the circle as proxy B, the shape as proxy A) and the reference. Shapes are prepared outside
// the timed loop, as an engine keeps them.
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>

#include <algorithm>
#include <random>
#include <type_traits>
#include <vector>

#include "box2d_shapes.h"
#include "touche/fast/cast_batch.h"
#include "touche/fast/ray_batch.h"
#include "touche/reference/cast.h"
#include "touche/reference/reference.h"
#include "touche/test_support/cast_scenes.h"

namespace touche {
namespace {

constexpr int kCasts = 1 << 12;

enum Motion : int { kRay = 0, kSwept = 1 };

/// The same casts for every engine: a shape type's seeded casts, sharp shapes; rays only, or
/// swept circles only (radius on the grid in (0, 1]).
const std::vector<CastCase>& castsOf(ShapeType type, Motion motion = kRay) {
  static std::vector<CastCase> cache[2][kShapeTypeCount];
  std::vector<CastCase>& casts = cache[motion][static_cast<int>(type)];
  if (!casts.empty()) return casts;
  test::CastSceneSpec spec;
  spec.rayChance = motion == kRay ? 1.0 : 0.0;
  spec.shapes.roundedChance = 0.0;
  spec.thinAim = 0.1;
  std::mt19937_64 rng(0xca57 + static_cast<int>(type) + 0x100 * motion);
  while (static_cast<int>(casts.size()) < kCasts) {
    CastCase c = test::randomCast(rng, type, spec);
    if (motion == kSwept && !(c.ray.radius > 0.0)) continue;
    if (!validateCast(c.shape, c.xf, c.ray)) casts.push_back(c);
  }
  return casts;
}

/// The same casts as placed pools (placeForCast), for castPlaced and the batch path.
template <class T>
struct PlacedPools {
  std::vector<fast::PlacedCastShapeT<T>> shapes;
  std::vector<fast::PlacedCastInputT<T>> casts;

  explicit PlacedPools(const std::vector<CastCase>& cases) {
    for (const CastCase& c : cases) {
      shapes.push_back(fast::placeForCast<T>(c.shape, c.xf));
      casts.push_back(fast::placeForCast<T>(c.ray));
    }
  }
};

/// castPlaced, one cast after another: the scalar path, on the batch's inputs.
template <class T>
void BM_Fast(benchmark::State& state) {
  const auto type = static_cast<ShapeType>(state.range(0));
  const auto motion = static_cast<Motion>(state.range(1));
  const PlacedPools<T> pools(castsOf(type, motion));
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const fast::CastResultT<T> r = fast::castPlaced(pools.shapes[i], pools.casts[i]);
    hits += r.status == CastStatus::hit;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.SetLabel(std::string(shapeTypeName(type)) + (motion == kSwept ? " swept" : ""));
}

/// Whether the AVX2 kernels of the batch path exist here (GCC, x86-64, a CPU with AVX2).
bool haveAvx2Kernels() {
#if TOUCHE_FAST_AVX2
  return fast::detail::haveAvx2();
#else
  return false;
#endif
}

/// The AVX2 kernels of the batch path (on an AVX-512 machine castBatch chooses AVX-512's).
template <class T>
void avx2Casts(const fast::CastBatchT<T>& batch, fast::CastResultT<T>* out) {
#if TOUCHE_FAST_AVX2
  fast::detail::cast_batch::avx2::casts(batch, out);
#else
  (void)batch, (void)out;
#endif
}

/// castBatch over the whole pool (cast k against shape k), the kernels chosen at run time
/// (range 2 = 0) or the AVX2 ones (range 2 = 1); per_cast is the time of one cast.
template <class T>
void BM_FastBatch(benchmark::State& state) {
  const auto type = static_cast<ShapeType>(state.range(0));
  const auto motion = static_cast<Motion>(state.range(1));
  const bool avx2 = state.range(2) == 1;
  if (avx2 && !haveAvx2Kernels()) {
    state.SkipWithError("no AVX2 kernels on this build or CPU");
    return;
  }
  const PlacedPools<T> pools(castsOf(type, motion));
  const fast::CastBatchT<T> batch{pools.shapes.data(), pools.casts.data(), nullptr, nullptr,
                                  kCasts};
  std::vector<fast::CastResultT<T>> out(kCasts);
  for (auto _ : state) {
    if (avx2)
      avx2Casts(batch, out.data());
    else
      fast::castBatch(batch, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  std::int64_t hits = 0;
  for (const fast::CastResultT<T>& r : out)
    hits += r.status == CastStatus::hit;
  state.SetItemsProcessed(state.iterations() * kCasts);
  state.counters["hit_rate"] = static_cast<double>(hits) / kCasts;
  state.counters["per_cast"] = benchmark::Counter(
      kCasts, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string(shapeTypeName(type)) + (motion == kSwept ? " swept" : "") +
                 (avx2 ? " avx2" : ""));
}

enum RayQuery : int { kRayByPosition = 0, kRayByIndex = 1, kRayOneShape = 2 };

/// The rays as separate arrays (ray_batch.h) and the shapes as a pool; by index: ray j is cast
/// order[j] against shape order[j] through a shuffled index array (the same casts, reached
/// through the index); one shape: every ray against shape 0 (other casts: not Box2D's).
template <class T>
struct RayArrays {
  std::vector<fast::PlacedCastShapeT<T>> placed;
  std::vector<T> originX, originY, translationX, translationY, maxFraction;
  std::vector<int> order;
  fast::RayTargetsT<T> targets;
  std::vector<CastStatus> status;
  std::vector<T> fraction, pointX, pointY, normalX, normalY;
  std::vector<CastFeature> feature;
  std::vector<std::uint32_t> flags;

  RayArrays(const std::vector<CastCase>& cases, bool shuffled)
      : status(cases.size()),
        fraction(cases.size()),
        pointX(cases.size()),
        pointY(cases.size()),
        normalX(cases.size()),
        normalY(cases.size()),
        feature(cases.size()),
        flags(cases.size()) {
    for (std::size_t k = 0; k < cases.size(); ++k)
      order.push_back(static_cast<int>(k));
    if (shuffled) std::shuffle(order.begin(), order.end(), std::mt19937(0x0dd));
    for (const CastCase& c : cases)
      placed.push_back(fast::placeForCast<T>(c.shape, c.xf));
    for (int k : order) {
      const fast::CastInputT<T> in = fast::placeForCast<T>(cases[k].ray).in;
      originX.push_back(in.origin.x);
      originY.push_back(in.origin.y);
      translationX.push_back(in.translation.x);
      translationY.push_back(in.translation.y);
      maxFraction.push_back(in.maxFraction);
    }
    targets = fast::RayTargetsT<T>(placed.data(), static_cast<int>(placed.size()));
  }
  fast::RaysT<T> rays() const {
    return {originX.data(),      originY.data(),     translationX.data(),
            translationY.data(), maxFraction.data(), static_cast<int>(originX.size())};
  }
  fast::RayHitsT<T> hits() {
    return {status.data(),  fraction.data(), pointX.data(),  pointY.data(),
            normalX.data(), normalY.data(),  feature.data(), flags.data()};
  }
};

/// The ray batch (castRays, castRaysAgainst) over the rays of a shape type, the kernels chosen
/// at run time (range 2 = 0) or the AVX2 ones (range 2 = 1); per_cast is one ray's time.
template <class T>
void BM_FastRays(benchmark::State& state) {
  const auto type = static_cast<ShapeType>(state.range(0));
  const auto query = static_cast<RayQuery>(state.range(1));
  const bool avx2 = state.range(2) == 1;
  if (avx2 && !(haveAvx2Kernels() && std::is_same_v<T, float>)) {
    state.SkipWithError("no AVX2 ray kernels for this type, build or CPU");
    return;
  }
  RayArrays<T> arrays(castsOf(type), query == kRayByIndex);
  const fast::RaysT<T> rays = arrays.rays();
  const fast::RayHitsT<T> hits = arrays.hits();
  const fast::detail::ray_batch::RayShapes shapes{
      query == kRayByIndex ? arrays.order.data() : nullptr, query == kRayOneShape ? 0 : -1};
  for (auto _ : state) {
#if TOUCHE_FAST_AVX2
    if (avx2) {
      fast::detail::cast_batch::avx2::rays(arrays.targets, shapes, rays, hits);
    } else {
      fast::detail::ray_batch::castRaysWith(arrays.targets, shapes, rays, hits);
    }
#else
    fast::detail::ray_batch::castRaysWith(arrays.targets, shapes, rays, hits);
#endif
    benchmark::DoNotOptimize(hits.status);
    benchmark::ClobberMemory();
  }
  std::int64_t hitCount = 0;
  for (CastStatus s : arrays.status)
    hitCount += s == CastStatus::hit;
  state.SetItemsProcessed(state.iterations() * kCasts);
  state.counters["hit_rate"] = static_cast<double>(hitCount) / kCasts;
  state.counters["per_cast"] = benchmark::Counter(
      kCasts, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  const char* names[] = {" by position", " by index", " one shape"};
  state.SetLabel(std::string(shapeTypeName(type)) + names[query] + (avx2 ? " avx2" : ""));
}

/// One Box2D shape of any castable type, built once (oracle's builders).
struct Box2dShape {
  b2CircleShape circle;
  b2PolygonShape polygon;
  b2EdgeShape edge;
  const b2Shape* shape = nullptr;
};

void buildBox2d(const Shape& shape, Box2dShape& s) {
  using namespace oracle::box2d::shapes;
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    s.circle = toB2(*circle);
    s.shape = &s.circle;
  } else if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    toB2(*polygon, 0.0, &s.polygon);
    s.shape = &s.polygon;
  } else if (const auto* segment = std::get_if<Segment>(&shape)) {
    toB2(*segment, 0.0, &s.edge);
    s.shape = &s.edge;
  } else {
    toB2(std::get<ChainSegment>(shape), 0.0, &s.edge);
    s.shape = &s.edge;
  }
}

void BM_Box2d(benchmark::State& state) {
  using namespace oracle::box2d::shapes;
  const auto type = static_cast<ShapeType>(state.range(0));
  std::vector<Box2dShape> shapes(kCasts);
  std::vector<b2Transform> xfs;
  std::vector<b2RayCastInput> rays;
  for (int k = 0; k < kCasts; ++k) {
    const CastCase& c = castsOf(type)[k];
    buildBox2d(c.shape, shapes[k]);
    xfs.push_back(toB2(c.xf));
    rays.push_back({toB2(c.ray.origin), toB2(c.ray.origin + c.ray.translation),
                    static_cast<float>(c.ray.maxFraction)});
  }
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    b2RayCastOutput out;
    hits += shapes[i].shape->RayCast(&out, rays[i], xfs[i], 0);
    benchmark::DoNotOptimize(out);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.SetLabel(std::string(shapeTypeName(type)));
}

/// Swept circles through Box2D 2.4.1's b2ShapeCast: proxy A the shape, proxy B the moving
/// circle (centre at the origin, B's transform at the cast's origin), translationB the cast's
/// translation times maxFraction. Built once; the distance proxies point into `shapes`.
void BM_Box2dShapeCast(benchmark::State& state) {
  using namespace oracle::box2d::shapes;
  const auto type = static_cast<ShapeType>(state.range(0));
  std::vector<Box2dShape> shapes(kCasts);
  std::vector<b2CircleShape> circles(kCasts);
  std::vector<b2ShapeCastInput> inputs(kCasts);
  for (int k = 0; k < kCasts; ++k) {
    const CastCase& c = castsOf(type, kSwept)[k];
    buildBox2d(c.shape, shapes[k]);
    circles[k].m_p.SetZero();
    circles[k].m_radius = static_cast<float>(c.ray.radius);
    b2ShapeCastInput& in = inputs[k];
    in.proxyA.Set(shapes[k].shape, 0);
    in.proxyB.Set(&circles[k], 0);
    in.transformA = toB2(c.xf);
    in.transformB.Set(toB2(c.ray.origin), 0.0f);
    in.translationB = toB2(c.ray.maxFraction * c.ray.translation);
  }
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    b2ShapeCastOutput out;
    hits += b2ShapeCast(&out, &inputs[i]);
    benchmark::DoNotOptimize(out);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.SetLabel(std::string(shapeTypeName(type)) + " swept");
}

void runReference(benchmark::State& state, bool filtered) {
  const auto type = static_cast<ShapeType>(state.range(0));
  const auto motion = static_cast<Motion>(state.range(1));
  const std::vector<CastCase>& casts = castsOf(type, motion);
  reference::setFilterEnabled(filtered);
  reference::resetFilterStats();
  std::size_t i = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const CastCase& c = casts[i];
    const CastResult r = reference::cast(c.shape, c.xf, c.ray);
    hits += r.status == CastStatus::hit;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & (kCasts - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
  const reference::FilterStats stats = reference::filterStats();
  if (stats.calls > 0) {
    state.counters["fallback_rate"] =
        static_cast<double>(stats.fallbacks) / static_cast<double>(stats.calls);
  }
  state.SetLabel(std::string(shapeTypeName(type)) + (motion == kSwept ? " swept" : "") +
                 (filtered ? "" : " unfiltered"));
  reference::setFilterEnabled(true);
}

void BM_Reference(benchmark::State& state) {
  runReference(state, true);
}
void BM_ReferenceUnfiltered(benchmark::State& state) {
  runReference(state, false);
}

constexpr ShapeType kCastable[] = {ShapeType::circle, ShapeType::segment, ShapeType::polygon,
                                   ShapeType::chainSegment};

void rays(benchmark::internal::Benchmark* b) {
  for (ShapeType type : kCastable)
    b->Args({static_cast<int>(type), kRay});
}

void raysAndSwept(benchmark::internal::Benchmark* b) {
  for (Motion motion : {kRay, kSwept}) {
    for (ShapeType type : kCastable)
      b->Args({static_cast<int>(type), motion});
  }
}

/// Rays and swept circles per shape type, through the run-time chosen and the AVX2 kernels.
void batchKernels(benchmark::internal::Benchmark* b) {
  for (int avx2 : {0, 1}) {
    for (Motion motion : {kRay, kSwept}) {
      for (ShapeType type : kCastable)
        b->Args({static_cast<int>(type), motion, avx2});
    }
  }
}

/// Rays per shape type, by position, by index and against one shape, through the run-time
/// chosen and the AVX2 kernels.
void rayQueries(benchmark::internal::Benchmark* b) {
  for (int avx2 : {0, 1}) {
    for (RayQuery query : {kRayByPosition, kRayByIndex, kRayOneShape}) {
      for (ShapeType type : kCastable)
        b->Args({static_cast<int>(type), query, avx2});
    }
  }
}

void swept(benchmark::internal::Benchmark* b) {
  for (ShapeType type : kCastable)
    b->Args({static_cast<int>(type), kSwept});
}

BENCHMARK(BM_Fast<double>)->Apply(raysAndSwept);
BENCHMARK(BM_Fast<float>)->Apply(raysAndSwept);
BENCHMARK(BM_FastBatch<double>)->Apply(batchKernels)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FastBatch<float>)->Apply(batchKernels)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FastRays<double>)->Apply(rayQueries)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FastRays<float>)->Apply(rayQueries)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Box2d)->Apply(rays);
BENCHMARK(BM_Box2dShapeCast)->Apply(swept);
BENCHMARK(BM_Reference)->Apply(raysAndSwept)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReferenceUnfiltered)->Apply(rays)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace touche

BENCHMARK_MAIN();
