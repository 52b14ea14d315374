// touche — the fast engine's determinism driver.
//
// Built several times from this one file, each executable at its own optimisation level
// (-O0, -O2, -O3; tests/fast/CMakeLists.txt), with the project's -ffp-contract=off. Every
// executable runs the same fixed seeded pairs through the typed API (scalar path) and the
// batch path (the run-time chosen kernels and the portable SSE2 ones; for polygon–polygon also
// the scalar path's portable build), in float and double; the
// chain segment pairs (no batch kernel) through the scalar path only; and seeded casts against
// every shape type through castPlaced and castBatch.
// It fails if the batch results differ from the scalar ones in any field, and otherwise writes
// every output field as hexfloats, one line a pair. ctest then compares the files of the three
// builds byte for byte: the engine's results must not depend on the optimisation level (no
// contraction into fused multiply-adds, no reassociation by the vectorizer).
//
//   touche_fast_determinism_O2 OUT.txt           writes the results
//   touche_fast_determinism_O2 --compare A B     exit 1 and the first differing line if A ≠ B
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "../../bench/random_pairs.h"
#include "chain_scenes.h"
#include "touche/fast/batch.h"
#include "touche/fast/cast_batch.h"
#include "touche/fast/chain_segment.h"
#include "touche/fast/collide.h"
#include "touche/test_support/cast_scenes.h"

namespace touche::fast::determinism {
namespace {

/// Number of random pairs per pair type and variant (plain; rounded with a margin).
constexpr int kPairs = 3000;

/// Appends one manifold as hexfloats (every field up to pointCount, then the count of both).
template <class T>
void write(std::string& out, const char* tag, int k, const ManifoldT<T>& m) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "%s %d n=%a,%a c=%d f=%u", tag, k,
                static_cast<double>(m.normal.x), static_cast<double>(m.normal.y), m.pointCount,
                m.flags);
  out += buffer;
  for (int i = 0; i < m.pointCount; ++i) {
    const ManifoldPointT<T>& p = m.points[i];
    std::snprintf(buffer, sizeof buffer, " p=%a,%a s=%a id=%d.%d.%d.%d",
                  static_cast<double>(p.point.x), static_cast<double>(p.point.y),
                  static_cast<double>(p.separation), static_cast<int>(p.id.typeA), p.id.indexA,
                  static_cast<int>(p.id.typeB), p.id.indexB);
    out += buffer;
  }
  out += '\n';
}

/// Rounds every polygon of the case by `radius`.
bench::PairCase rounded(bench::PairCase c, double radius) {
  if (auto* p = std::get_if<Polygon>(&c.a)) p->radius = radius;
  if (auto* p = std::get_if<Polygon>(&c.b)) p->radius = radius;
  return c;
}

/// The seeded pairs of one pair type: as drawn, and with every polygon rounded by 0.05.
struct SeededPairs {
  std::vector<bench::PairCase> plain;
  std::vector<bench::PairCase> round;
};
SeededPairs seededPairs(PairId pair) {
  SeededPairs out;
  out.plain = bench::makePairs(pair, kPairs, 0xde7e + static_cast<int>(pair));
  out.round = out.plain;
  for (bench::PairCase& c : out.round)
    c = rounded(c, 0.05);
  return out;
}

/// The scalar results of one pair in T. `portable`: polygon–polygon through its portable
/// (SSE2) build directly, instead of the run-time choice (the AVX2 build where the CPU has it).
template <class T>
ManifoldT<T> scalar(PairId pair, const bench::PairCase& c, T margin, bool portable = false) {
  const TransformT<T> xfA = toT<T>(c.xfA);
  const TransformT<T> xfB = toT<T>(c.xfB);
  if (pair == PairId::circle_circle)
    return collideCircles(prepare<T>(std::get<Circle>(c.a)), xfA, prepare<T>(std::get<Circle>(c.b)),
                          xfB, margin);
  if (pair == PairId::polygon_circle)
    return collidePolygonAndCircle(prepare<T>(std::get<Polygon>(c.a)), xfA,
                                   prepare<T>(std::get<Circle>(c.b)), xfB, margin);
  if (portable) {
    ManifoldT<T> m;
    detail::polygonPair(m, prepare<T>(std::get<Polygon>(c.a)), xfA,
                        prepare<T>(std::get<Polygon>(c.b)), xfB, margin);
    return m;
  }
  return collidePolygons(prepare<T>(std::get<Polygon>(c.a)), xfA,
                         prepare<T>(std::get<Polygon>(c.b)), xfB, margin);
}

/// The scalar results of one capsule or segment pair in T (these pairs have no batch path).
template <class T>
ManifoldT<T> capsuleScalar(PairId pair, const bench::PairCase& c, T margin) {
  const TransformT<T> xfA = toT<T>(c.xfA);
  const TransformT<T> xfB = toT<T>(c.xfB);
  const auto typed = [&](auto collideTyped, auto typeA, auto typeB) {
    return collideTyped(prepare<T>(std::get<decltype(typeA)>(c.a)), xfA,
                        prepare<T>(std::get<decltype(typeB)>(c.b)), xfB, margin);
  };
  switch (pair) {
    case PairId::capsule_circle:
      return typed(&collideCapsuleAndCircle<T>, Capsule{}, Circle{});
    case PairId::capsule_capsule:
      return typed(&collideCapsules<T>, Capsule{}, Capsule{});
    case PairId::polygon_capsule:
      return typed(&collidePolygonAndCapsule<T>, Polygon{}, Capsule{});
    case PairId::segment_circle:
      return typed(&collideSegmentAndCircle<T>, Segment{}, Circle{});
    case PairId::segment_capsule:
      return typed(&collideSegmentAndCapsule<T>, Segment{}, Capsule{});
    default:
      return typed(&collideSegmentAndPolygon<T>, Segment{}, Polygon{});
  }
}

/// Appends the scalar lines of one capsule or segment pair's cases.
template <class T>
void runScalar(std::string& out, const char* name, PairId pair,
               const std::vector<bench::PairCase>& cases, T margin) {
  const std::string tag = std::string(name) + (sizeof(T) == 4 ? " float" : " double");
  for (std::size_t k = 0; k < cases.size(); ++k)
    write(out, tag.c_str(), static_cast<int>(k), capsuleScalar<T>(pair, cases[k], margin));
}

/// The batch results of all pairs in T (one call over the whole array, body k = pair k).
/// `portable`: the SSE2 kernels directly, instead of the run-time choice (AVX2 where the CPU
/// has it), so both kernel sets are checked on a machine with AVX2.
template <class T>
std::vector<ManifoldT<T>> batched(PairId pair, const std::vector<bench::PairCase>& cases, T margin,
                                  bool portable) {
  std::vector<TransformT<T>> xfA, xfB;
  std::vector<PolygonT<T>> polygonA, polygonB;
  std::vector<CircleT<T>> circleA, circleB;
  for (const bench::PairCase& c : cases) {
    xfA.push_back(toT<T>(c.xfA));
    xfB.push_back(toT<T>(c.xfB));
    if (const auto* p = std::get_if<Polygon>(&c.a)) polygonA.push_back(prepare<T>(*p));
    if (const auto* p = std::get_if<Circle>(&c.a)) circleA.push_back(prepare<T>(*p));
    if (const auto* p = std::get_if<Polygon>(&c.b)) polygonB.push_back(prepare<T>(*p));
    if (const auto* p = std::get_if<Circle>(&c.b)) circleB.push_back(prepare<T>(*p));
  }
  const int n = static_cast<int>(cases.size());
  std::vector<ManifoldT<T>> out(cases.size());
  const CircleBatchT<T> circles{circleA.data(), xfA.data(), circleB.data(), xfB.data(), nullptr,
                                nullptr,        n};
  const PolygonCircleBatchT<T> mixed{
      polygonA.data(), xfA.data(), circleB.data(), xfB.data(), nullptr, nullptr, n};
  const PolygonBatchT<T> polygons{polygonA.data(), xfA.data(), polygonB.data(), xfB.data(), nullptr,
                                  nullptr,         n};
  if (pair == PairId::circle_circle) {
    if (portable)
      detail::sse::circles(circles, margin, out.data());
    else
      collideCirclesBatch(circles, margin, out.data());
  } else if (pair == PairId::polygon_circle) {
    if (portable)
      detail::sse::polygonCircle(mixed, margin, out.data());
    else
      collidePolygonAndCircleBatch(mixed, margin, out.data());
  } else {
    if (portable)
      detail::sse::polygons(polygons, margin, out.data());
    else
      collidePolygonsBatch(polygons, margin, out.data());
  }
  return out;
}

/// Appends the scalar and batch lines of every pair; false (with the pair printed) if the
/// batch path, run-time chosen or portable, differs from the scalar path in any field.
template <class T>
bool run(std::string& out, const char* name, PairId pair, const std::vector<bench::PairCase>& cases,
         T margin) {
  const std::string tag = std::string(name) + (sizeof(T) == 4 ? " float" : " double");
  const std::vector<ManifoldT<T>> batch = batched<T>(pair, cases, margin, false);
  const std::vector<ManifoldT<T>> portable = batched<T>(pair, cases, margin, true);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    std::string lineScalar, lineBatch, linePortable, linePortableScalar;
    write(lineScalar, tag.c_str(), static_cast<int>(k), scalar<T>(pair, cases[k], margin));
    write(lineBatch, tag.c_str(), static_cast<int>(k), batch[k]);
    write(linePortable, tag.c_str(), static_cast<int>(k), portable[k]);
    write(linePortableScalar, tag.c_str(), static_cast<int>(k),
          scalar<T>(pair, cases[k], margin, true));
    if (lineBatch != lineScalar || linePortable != lineScalar || linePortableScalar != lineScalar) {
      std::cerr << "scalar and batch differ:\n  scalar   " << lineScalar << "  batch    "
                << lineBatch << "  portable " << linePortable << "  portable scalar "
                << linePortableScalar;
      return false;
    }
    out += lineScalar;
  }
  return true;
}

/// Appends the lines of the chain segment pairs (scalar path only: they have no batch kernel).
template <class T>
void runChain(std::string& out, PairId pair, const std::vector<test::ChainCase>& cases, T margin) {
  const std::string tag =
      std::string(pairInfo(pair).name) + (sizeof(T) == 4 ? " float" : " double");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const test::ChainCase& c = cases[k];
    write(out, tag.c_str(), static_cast<int>(k),
          collideChainSegmentAndShape(prepare<T>(std::get<ChainSegment>(c.a)), toT<T>(c.xfA), c.b,
                                      toT<T>(c.xfB), margin));
  }
}

/// Appends one cast result as hexfloats (status, fraction, point, normal, feature, flags).
template <class T>
void writeCast(std::string& out, const char* tag, int k, const CastResultT<T>& r) {
  char buffer[200];
  std::snprintf(buffer, sizeof buffer, "%s %d s=%d t=%a p=%a,%a n=%a,%a f=%d.%d g=%u\n", tag, k,
                static_cast<int>(r.status), static_cast<double>(r.fraction),
                static_cast<double>(r.point.x), static_cast<double>(r.point.y),
                static_cast<double>(r.normal.x), static_cast<double>(r.normal.y),
                static_cast<int>(r.feature.type), r.feature.index, r.flags);
  out += buffer;
}

/// Appends the lines of seeded casts against one shape type in T: castPlaced, and castBatch
/// over the same placed pools (its run-time chosen kernels); false (with the cast printed) if
/// they differ.
template <class T>
bool runCasts(std::string& out, ShapeType type, std::uint64_t seed) {
  const std::string tag = std::string("cast ") + std::string(shapeTypeName(type)) +
                          (sizeof(T) == 4 ? " float" : " double");
  std::mt19937_64 rng(seed);
  std::vector<PlacedCastShapeT<T>> shapes;
  std::vector<PlacedCastInputT<T>> casts;
  while (static_cast<int>(shapes.size()) < kPairs) {
    const CastCase c = touche::test::randomCast(rng, type, touche::test::CastSceneSpec{});
    if (validateCast(c.shape, c.xf, c.ray)) continue;
    shapes.push_back(placeForCast<T>(c.shape, c.xf));
    casts.push_back(placeForCast<T>(c.ray));
  }
  std::vector<CastResultT<T>> batch(shapes.size());
  castBatch(CastBatchT<T>{shapes.data(), casts.data(), nullptr, nullptr, kPairs}, batch.data());
  for (int k = 0; k < kPairs; ++k) {
    std::string lineScalar, lineBatch;
    writeCast(lineScalar, tag.c_str(), k, castPlaced(shapes[k], casts[k]));
    writeCast(lineBatch, tag.c_str(), k, batch[k]);
    if (lineBatch != lineScalar) {
      std::cerr << "cast scalar and batch differ:\n  scalar " << lineScalar << "  batch  "
                << lineBatch;
      return false;
    }
    out += lineScalar;
  }
  return true;
}

/// Every result line, or an empty string if the scalar and batch paths disagree somewhere.
std::string results() {
  std::string out;
  const PairId pairs[] = {PairId::circle_circle, PairId::polygon_circle, PairId::polygon_polygon};
  for (PairId pair : pairs) {
    const char* name = pairInfo(pair).name.data();
    const auto [plain, round] = seededPairs(pair);
    const bool same =
        run<float>(out, name, pair, plain, 0.0f) && run<double>(out, name, pair, plain, 0.0) &&
        run<float>(out, name, pair, round, 0.1f) && run<double>(out, name, pair, round, 0.1);
    if (!same) return {};
  }
  // The capsule and segment pairs: scalar only, plain and with a margin (rounded polygons).
  const PairId capsulePairs[] = {PairId::capsule_circle,  PairId::capsule_capsule,
                                 PairId::polygon_capsule, PairId::segment_circle,
                                 PairId::segment_capsule, PairId::segment_polygon};
  for (PairId pair : capsulePairs) {
    const char* name = pairInfo(pair).name.data();
    const auto [plain, round] = seededPairs(pair);
    runScalar<float>(out, name, pair, plain, 0.0f);
    runScalar<double>(out, name, pair, plain, 0.0);
    runScalar<float>(out, name, pair, round, 0.1f);
    runScalar<double>(out, name, pair, round, 0.1);
  }
  for (PairId pair :
       {PairId::chainSegment_circle, PairId::chainSegment_capsule, PairId::chainSegment_polygon}) {
    const std::vector<test::ChainCase> cases =
        test::makeChainCases(pair, kPairs, 0xc4a1 + static_cast<int>(pair));
    runChain<float>(out, pair, cases, 0.0f);
    runChain<double>(out, pair, cases, 0.0);
    runChain<float>(out, pair, cases, 0.1f);
    runChain<double>(out, pair, cases, 0.1);
  }
  // Casts (touche/fast/cast.h, cast_batch.h): every shape type, float and double.
  for (ShapeType type : {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                         ShapeType::polygon, ShapeType::chainSegment}) {
    const std::uint64_t seed = 0xca57de7e + static_cast<std::uint64_t>(type);
    if (!runCasts<float>(out, type, seed) || !runCasts<double>(out, type, seed)) return {};
  }
  return out;
}

/// Compares two result files line by line; prints the first difference.
int compare(const char* pathA, const char* pathB) {
  std::ifstream a(pathA), b(pathB);
  if (!a || !b) {
    std::cerr << "cannot open " << (a ? pathB : pathA) << "\n";
    return 1;
  }
  std::string lineA, lineB;
  for (int line = 1;; ++line) {
    const bool moreA = static_cast<bool>(std::getline(a, lineA));
    const bool moreB = static_cast<bool>(std::getline(b, lineB));
    if (!moreA && !moreB) return 0;
    if (moreA != moreB || lineA != lineB) {
      std::cerr << "line " << line << " differs:\n  " << pathA << ": " << lineA << "\n  " << pathB
                << ": " << lineB << "\n";
      return 1;
    }
  }
}

}  // namespace
}  // namespace touche::fast::determinism

int main(int argc, char** argv) {
  using namespace touche::fast::determinism;
  if (argc == 4 && std::string(argv[1]) == "--compare") return compare(argv[2], argv[3]);
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " OUT.txt | --compare A B\n";
    return 2;
  }
  const std::string text = results();
  if (text.empty()) return 1;
  std::ofstream(argv[1]) << text;
  std::cout << "wrote " << std::count(text.begin(), text.end(), '\n') << " lines to " << argv[1]
            << "\n";
  return 0;
}
