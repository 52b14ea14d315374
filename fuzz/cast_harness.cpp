// touche fuzzing — the cast target (design notes §8): bytes decoded into a cast against any
// shape type, every cast engine run on it and held to the reference (oracle::compareCast under
// each engine's declared conventions). Built as libFuzzer target fuzz_cast (clang) and as the
// replay driver fuzz_cast_replay (any compiler, run by ctest on the seed corpus, on generated
// bytes and on fuzz/regressions/cast.jsonl).
//
// Layout: byte 0 picks the shape type (mod 5), byte 1 the path (mod 4): 0 a grid cast from the
// shared generators; 1 the same re-aimed through one of the shape's core points (corners,
// ends, grazes: the ties); 2 a grid cast with one number overwritten (NaN, ±inf, beyond 2^50,
// a subnormal, a negative radius, maxFraction outside [0, 1]); 3 a grid cast scaled by 2^e,
// e in [−70, 40]. The rest drives the generators through ByteRng. Float engines are judged
// where the cast's scale lies in [2^-60, 2^40], Box2D 2.4.1 and v3 in [2^-4, 2^20] (their
// working range), each failing only as one of its written-up findings (docs/findings.md,
// "Casts": a swept circle through a chain segment's back; 2.4.1's normal of a nearby core
// point). The fast engine's batch paths run on every valid cast too (the cast repeated over
// more than one 16-lane vector: castBatch, and for a ray the ray batch's two queries), each
// entry castPlaced's result bit for bit; the clang targets run their portable paths, the g++
// replay driver in ctest the kernels this CPU selects (AVX2, AVX-512).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cast_harness.h"
#include "touche/fast/cast.h"
#include "touche/fast/cast_batch.h"
#include "touche/fast/ray_batch.h"
#include "touche/oracle/box2d_cast.h"
#include "touche/oracle/box2d_v3.h"
#include "touche/oracle/cast_compare.h"
#include "touche/reference/cast.h"
#include "touche/test_support/cast_findings.h"
#include "touche/test_support/cast_scenes.h"
#include "touche/test_support/fast_bits.h"
#include "touche/test_support/random.h"

namespace touche::fuzz {
namespace {

constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                ShapeType::polygon, ShapeType::chainSegment};

/// The local core points of a shape (a polygon's vertices, the ends, a circle's centre).
int corePoints(const Shape& shape, std::array<Vec2, kMaxPolygonVertices>& out) {
  if (const auto* p = std::get_if<Polygon>(&shape)) {
    std::copy(p->vertices.begin(), p->vertices.end(), out.begin());
    return p->count;
  }
  if (const auto* k = std::get_if<Capsule>(&shape)) return out = {k->p1, k->p2}, 2;
  if (const auto* s = std::get_if<Segment>(&shape)) return out = {s->p1, s->p2}, 2;
  if (const auto* c = std::get_if<ChainSegment>(&shape)) return out = {c->p1, c->p2}, 2;
  out[0] = std::get<Circle>(shape).center;
  return 1;
}

/// Path 2: one number of the cast overwritten with a value validation must refuse or accept.
void overwriteOne(test::ByteRng& rng, CastCase& c) {
  constexpr double kValues[] = {std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::infinity(),
                                -std::numeric_limits<double>::infinity(),
                                0x1p51,
                                -0x1p50,
                                0x1p-1074,
                                -0.5,
                                1.5,
                                0.0};
  const double value = test::pick(rng, kValues);
  switch (test::uniformInt(rng, 0, 5)) {
    case 0:
      c.ray.origin.x = value;
      break;
    case 1:
      c.ray.translation.y = value;
      break;
    case 2:
      c.ray.radius = value;
      break;
    case 3:
      c.ray.maxFraction = value;
      break;
    case 4:
      c.xf.p.y = value;
      break;
    default:
      if (auto* circle = std::get_if<Circle>(&c.shape)) circle->radius = value;
      if (auto* polygon = std::get_if<Polygon>(&c.shape)) polygon->vertices[0].x = value;
      if (auto* segment = std::get_if<Segment>(&c.shape)) segment->p2.y = value;
      break;
  }
}

/// An engine's answer must be finite, and a hit's normal unit — but for Box2D 2.4.1's
/// b2ShapeCast from inside, a hit at fraction 0 whose normal is shorter than FLT_EPSILON
/// (`zeroAtStart`: its v left unnormalised, b2Vec2::Normalize skips such lengths).
std::string sanity(const char* engine, const CastResult& r, double epsilon,
                   bool zeroAtStart = false) {
  if (r.status != CastStatus::hit) return "";
  if (zeroAtStart && r.fraction == 0.0 && length(r.normal) < 0x1p-23) return "";
  const bool finite = std::isfinite(r.fraction) && std::isfinite(r.point.x) &&
                      std::isfinite(r.point.y) && std::isfinite(r.normal.x) &&
                      std::isfinite(r.normal.y);
  if (!finite) return std::string(engine) + ": a hit with a non-finite field";
  if (std::fabs(length(r.normal) - 1) > 64 * epsilon) {
    return std::string(engine) + ": a normal that is not unit";
  }
  if (!(r.fraction >= 0 && r.fraction <= 1))
    return std::string(engine) + ": fraction outside [0, 1]";
  return "";
}

/// "" when `actual` passes compareCast under `conventions` (or, for a Box2D engine, fails it
/// as one of its written-up findings: test_support/cast_findings.h), else what went wrong.
std::string judged(const char* engine, const CastCase& c, const CastResult& expected,
                   const CastResult& actual, const oracle::CastConventions& conventions,
                   std::optional<test::cast_findings::Release> box2d = std::nullopt) {
  const oracle::CastComparison verdict = oracle::compareCast(c, expected, actual, conventions);
  if (verdict.passed()) return "";
  if (box2d && !test::cast_findings::knownFinding(*box2d, c, actual, conventions).empty()) {
    return "";
  }
  return std::string(engine) + ": " + std::string(oracle::castOutcomeName(verdict.outcome)) + ": " +
         verdict.explanation;
}

/// Box2D's working range (as harness.cpp's for manifolds): its constants are absolute lengths
/// (b2_linearSlop, FLT_EPSILON thresholds), so Box2D is judged when every coordinate is within
/// 2^20 and every edge, circle radius and (non-zero) translation at least 2^-4 long.
bool inBox2dWorkingRange(const CastCase& c) {
  constexpr double kMinLength = 0x1p-4;
  constexpr double kMaxCoordinate = 0x1p20;
  if (test::cast_findings::largestCoordinate(c) > kMaxCoordinate) return false;
  const double travel = length(c.ray.translation);
  if (travel > 0 && travel < kMinLength) return false;
  std::array<Vec2, kMaxPolygonVertices> local{};
  const int count = corePoints(c.shape, local);
  for (int i = 0; i < count && count > 1; ++i) {
    const Vec2 next = local[(i + 1) % count];
    if (length(next - local[i]) < kMinLength && !(count == 2 && i == 1)) return false;
  }
  if (const auto* circle = std::get_if<Circle>(&c.shape)) return circle->radius >= kMinLength;
  return true;
}

/// A batch entry that is not castPlaced's result, described for the failure line.
template <class T>
std::string batchDiffers(const char* engine, const char* path, int k,
                         const fast::CastResultT<T>& got, const fast::CastResultT<T>& scalar) {
  char text[320];
  std::snprintf(text, sizeof text,
                "%s %s entry %d differs from castPlaced: status %d/%d fraction %a/%a point "
                "(%a, %a)/(%a, %a) normal (%a, %a)/(%a, %a) flags %u/%u",
                engine, path, k, static_cast<int>(got.status), static_cast<int>(scalar.status),
                static_cast<double>(got.fraction), static_cast<double>(scalar.fraction),
                static_cast<double>(got.point.x), static_cast<double>(got.point.y),
                static_cast<double>(scalar.point.x), static_cast<double>(scalar.point.y),
                static_cast<double>(got.normal.x), static_cast<double>(got.normal.y),
                static_cast<double>(scalar.normal.x), static_cast<double>(scalar.normal.y),
                got.flags, scalar.flags);
  return text;
}

/// Copies of one cast in a batch: more than one 16-lane vector, and a partial one after it.
constexpr int kBatchCopies = 19;

/// The ray batch (touche/fast/ray_batch.h) on the ray `input` repeated: ray k against shape k,
/// and every ray against the last shape; each entry castPlaced's result for the ray placed from
/// its T values (rayPlaced), bit for bit.
template <class T>
std::string rayBatchProblem(const char* engine,
                            const std::vector<fast::PlacedCastShapeT<T>>& shapes,
                            const fast::CastInputT<T>& input) {
  const int n = kBatchCopies;
  std::vector<T> ox(n, input.origin.x), oy(n, input.origin.y), tx(n, input.translation.x),
      ty(n, input.translation.y), maxFraction(n, input.maxFraction);
  const fast::RaysT<T> rays{ox.data(), oy.data(), tx.data(), ty.data(), maxFraction.data(), n};
  if (!fast::rayIsValid(rays, 0)) return "";
  const fast::CastResultT<T> scalar = fast::castPlaced(shapes[0], fast::rayPlaced(rays, 0));
  std::vector<CastStatus> status(n);
  std::vector<T> fraction(n), px(n), py(n), nx(n), ny(n);
  std::vector<CastFeature> feature(n);
  std::vector<std::uint32_t> flags(n);
  const fast::RayHitsT<T> hits{status.data(), fraction.data(), px.data(),      py.data(),
                               nx.data(),     ny.data(),       feature.data(), flags.data()};
  const fast::RayTargetsT<T> targets(shapes.data(), n);
  fast::castRays(targets, rays, hits);
  for (int k = 0; k < n; ++k) {
    if (!test::sameBits(hits.at(k), scalar))
      return batchDiffers(engine, "castRays", k, hits.at(k), scalar);
  }
  fast::castRaysAgainst(targets, n - 1, rays, hits);
  for (int k = 0; k < n; ++k) {
    if (!test::sameBits(hits.at(k), scalar)) {
      return batchDiffers(engine, "castRaysAgainst", k, hits.at(k), scalar);
    }
  }
  return "";
}

/// The fast engine's batch paths in T on a valid cast: castBatch (touche/fast/cast_batch.h)
/// over the cast repeated, and for a ray (radius 0) the ray batch; every entry must be
/// castPlaced's result bit for bit.
template <class T>
std::string batchProblem(const char* engine, const CastCase& c) {
  const fast::PlacedCastShapeT<T> shape = fast::placeForCast<T>(c.shape, c.xf);
  const fast::PlacedCastInputT<T> input = fast::placeForCast<T>(c.ray);
  const fast::CastResultT<T> scalar = fast::castPlaced(shape, input);
  const std::vector<fast::PlacedCastShapeT<T>> shapes(kBatchCopies, shape);
  const std::vector<fast::PlacedCastInputT<T>> casts(kBatchCopies, input);
  std::vector<fast::CastResultT<T>> out(kBatchCopies);
  fast::castBatch(fast::CastBatchT<T>{shapes.data(), casts.data(), nullptr, nullptr, kBatchCopies},
                  out.data());
  for (int k = 0; k < kBatchCopies; ++k) {
    if (!test::sameBits(out[k], scalar))
      return batchDiffers(engine, "castBatch", k, out[k], scalar);
  }
  if (c.ray.radius != 0.0) return "";
  return rayBatchProblem(engine, shapes, input.in);
}

}  // namespace

CastCase decodeCast(const std::uint8_t* data, std::size_t size) {
  test::ByteRng rng(data, size);
  const ShapeType type = kTypes[rng.nextByte() % 5];
  const int path = rng.nextByte() % 4;
  CastCase c = test::randomCast(rng, type, test::CastSceneSpec{});
  c.id = "fuzz";
  if (path == 1) {
    std::array<Vec2, kMaxPolygonVertices> local{};
    const int count = corePoints(c.shape, local);
    const Vec2 target = apply(c.xf, local[test::uniformInt(rng, 0, count - 1)]);
    c.ray.translation = 2.0 * (target - c.ray.origin);
  } else if (path == 2) {
    overwriteOne(rng, c);
  } else if (path == 3) {
    c = test::scaledCast(c, static_cast<int>(test::uniformInt(rng, -70, 40)));
  }
  return c;
}

std::string crossCheckCast(const CastCase& c) {
  const CastResult expected = reference::cast(c.shape, c.xf, c.ray);
  const CastResult fast = fast::cast(c.shape, c.xf, c.ray);
  const CastResult fastFloat = fast::castFloat(c.shape, c.xf, c.ray);
  const CastResult box2d = oracle::box2d::cast(c.shape, c.xf, c.ray);
  // v3 only inside Box2D's working range (its b2ComputeHull recurses without end on some
  // polygons far outside it), and on invalid input (refused before v3 runs).
  const double scale = oracle::castScale(c);
  const bool inBox2dRange = inBox2dWorkingRange(c);
  const bool invalid = validateCast(c.shape, c.xf, c.ray).has_value();
  const CastResult box2dV3 = invalid || inBox2dRange ? oracle::box2d_v3::cast(c.shape, c.xf, c.ray)
                                                     : castStatusOnly(CastStatus::unsupported);
  if (invalid) {
    for (const CastResult* r : {&expected, &fast, &fastFloat, &box2d, &box2dV3}) {
      if (r->status != CastStatus::error) return "invalid input answered without an error";
    }
    return "";
  }
  if (expected.status == CastStatus::error) return "reference: error on valid input";
  for (const std::string& problem :
       {sanity("reference", expected, 0x1p-52), sanity("fast", fast, 0x1p-52),
        sanity("fast_float", fastFloat, 0x1p-23), sanity("box2d", box2d, 0x1p-23, true),
        sanity("box2d_v3", box2dV3, 0x1p-23)}) {
    if (!problem.empty()) return problem;
  }
  if (auto problem = judged("fast", c, expected, fast, oracle::castConventionsFor("fast"));
      !problem.empty()) {
    return problem;
  }
  if (auto problem = batchProblem<double>("fast", c); !problem.empty()) return problem;
  // Float engines are held to the reference where float products neither overflow nor
  // underflow; beyond that, to sanity only (as the manifold targets do).
  if (scale < 0x1p-60 || scale > 0x1p40) return "";
  if (auto problem = batchProblem<float>("fast_float", c); !problem.empty()) return problem;
  if (auto problem =
          judged("fast_float", c, expected, fastFloat, oracle::castConventionsFor("fast_float"));
      !problem.empty()) {
    return problem;
  }
  // Box2D inside its working range only (as the manifold targets, harness.cpp): its circle
  // ray cast squares (s·d) in float, which overflows once |s|·|d| passes 2^64 (coordinates
  // near 2^32) and the ray then misses.
  if (!inBox2dRange) return "";
  using test::cast_findings::Release;
  if (box2d.status != CastStatus::unsupported) {
    if (auto problem = judged("box2d", c, expected, box2d, oracle::castConventionsFor("box2d"),
                              Release::box2d241);
        !problem.empty()) {
      return problem;
    }
  }
  if (box2dV3.status == CastStatus::unsupported) return "";
  return judged("box2d_v3", c, expected, box2dV3, oracle::castConventionsFor("box2d_v3"),
                Release::box2dV3);
}

int runOneCast(const std::uint8_t* data, std::size_t size) {
  const CastCase c = decodeCast(data, size);
  const std::string failure = crossCheckCast(c);
  if (failure.empty()) return 0;
  std::fprintf(stderr, "cast failure: %s\n%s\n", failure.c_str(),
               formatCastCase(c, NumberFormat::hex).c_str());
  std::abort();
}

}  // namespace touche::fuzz
