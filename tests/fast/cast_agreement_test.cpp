// The fast engine's casts (double and float) against the exact reference on 100 000 seeded
// random casts per shape type, each asserting its hit rate. A different status or feature is
// accepted only inside the reference's own decision gaps (CastGaps) plus the fast engines'
// rounding band (2^10 units, compare.h's kFastTieBandUnits); fractions, points and normals
// must agree within a few units, measured along the direction that conditions them: a
// fraction or point error is divided by the incidence (a graze makes the entry ill-posed), an
// arc's normal error by the arc's radius.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "touche/fast/cast.h"
#include "touche/oracle/cast_compare.h"
#include "touche/reference/cast.h"
#include "touche/test_support/cast_scenes.h"

namespace touche::fast {
namespace {

constexpr ShapeType kTypes[] = {ShapeType::circle, ShapeType::capsule, ShapeType::segment,
                                ShapeType::polygon, ShapeType::chainSegment};
constexpr int kCasts = 100000;
constexpr double kBandUnits = 0x1p10;   // a decision this close (in units) may go either way
constexpr double kLengthUnits = 0x1p4;  // allowed error: units / incidence (normals: epsilons)

struct Tally {
  int casts = 0;
  int hits = 0;            ///< the reference's hits
  int statusTies = 0;      ///< statuses that differ inside the band
  int featureTies = 0;     ///< features that differ inside the band
  double worstLength = 0;  ///< the largest fraction/point error seen, in units × incidence
  double worstNormal = 0;  ///< the largest normal error seen, in epsilons
};

std::string line(const CastCase& c, const CastResult& expected, const CastResult& actual) {
  CastRecord e{c.id, "reference", expected, "", true};
  CastRecord a{c.id, "fast", actual, "", true};
  return formatCastCase(c, NumberFormat::hex) +
         "\n  reference: " + formatCastResult(e, NumberFormat::hex) +
         "\n  fast:      " + formatCastResult(a, NumberFormat::hex);
}

bool within(const std::optional<double>& gap, double band) {
  return gap && *gap <= band;
}

/// Compares one cast; returns false (having reported it) on a disagreement.
bool agree(const CastCase& c, const CastResult& ref, const CastResult& got, double epsilon,
           Tally& tally) {
  const double unit = epsilon * oracle::castScale(c);
  const double band = kBandUnits * unit;
  if (ref.status != got.status) {
    const bool tie =
        within(ref.gaps.hit, band) || within(ref.gaps.initial, band) || within(ref.gaps.side, band);
    if (tie) ++tally.statusTies;
    EXPECT_TRUE(tie) << "status differs outside the band\n" << line(c, ref, got);
    return tie;
  }
  if (ref.status != CastStatus::hit) return true;
  const double travel = length(c.ray.translation);
  const Vec2 heading = (1 / travel) * c.ray.translation;
  const double incidence = std::max(-dot(ref.normal, heading), 0x1p-30);
  const double fractionError = std::fabs(ref.fraction - got.fraction) * travel * incidence / unit;
  const double pointError = length(ref.point - got.point) * incidence / unit;
  tally.worstLength = std::max({tally.worstLength, fractionError, pointError});
  if (std::getenv("TOUCHE_CAST_DEBUG") && std::max(fractionError, pointError) > 16) {
    std::printf("%g %g\n%s\n", fractionError, pointError, line(c, ref, got).c_str());
  }
  EXPECT_LE(fractionError, kLengthUnits) << "fraction\n" << line(c, ref, got);
  EXPECT_LE(pointError, kLengthUnits) << "point\n" << line(c, ref, got);
  if (!(ref.feature == got.feature)) {
    const bool tie = within(ref.gaps.feature, band);
    if (tie) ++tally.featureTies;
    EXPECT_TRUE(tie) << "feature differs outside the band\n" << line(c, ref, got);
    return tie && fractionError <= kLengthUnits && pointError <= kLengthUnits;
  }
  // An arc's normal turns with the centre's error over the arc's radius R; a face's normal,
  // made from its rounded ends, with their error over the face's length.
  const double total = c.ray.radius + oracle::castShapeRadius(c.shape);
  const bool arc = ref.feature.type == FeatureType::vertex && !(ref.flags & kFlagDegenerateNormal);
  const bool face = ref.feature.type == FeatureType::face;
  const double lever =
      arc ? std::max(1.0, oracle::castScale(c) / total)
      : face
          ? std::max(1.0, oracle::castScale(c) / oracle::castFaceLength(c.shape, ref.feature.index))
          : 1.0;
  const double normalError = length(ref.normal - got.normal) * incidence / (epsilon * lever);
  tally.worstNormal = std::max(tally.worstNormal, normalError);
  if (std::getenv("TOUCHE_CAST_DEBUG") && normalError > 8) {
    std::printf("normal %g\n%s\n", normalError, line(c, ref, got).c_str());
  }
  EXPECT_LE(normalError, kLengthUnits) << "normal\n" << line(c, ref, got);
  return fractionError <= kLengthUnits && pointError <= kLengthUnits && normalError <= kLengthUnits;
}

/// The cast re-aimed through one of the shape's core points (a vertex, an end, a centre): rays
/// through corners and along faces, circles meeting arcs next to their faces — the ties.
template <class Rng>
CastCase aimedAtAVertex(Rng& rng, CastCase c) {
  std::array<Vec2, kMaxPolygonVertices> local{};
  int count = 1;
  if (const auto* p = std::get_if<Polygon>(&c.shape)) {
    std::copy(p->vertices.begin(), p->vertices.end(), local.begin());
    count = p->count;
  } else if (const auto* k = std::get_if<Capsule>(&c.shape)) {
    local = {k->p1, k->p2};
    count = 2;
  } else if (const auto* g = std::get_if<Segment>(&c.shape)) {
    local = {g->p1, g->p2};
    count = 2;
  } else if (const auto* ch = std::get_if<ChainSegment>(&c.shape)) {
    local = {ch->p1, ch->p2};
    count = 2;
  } else {
    local[0] = std::get<Circle>(c.shape).center;
  }
  const Vec2 vertex = apply(c.xf, local[test::uniformInt(rng, 0, count - 1)]);
  c.ray.translation = 2.0 * (vertex - c.ray.origin);
  return c;
}

void runAgreement(CastFn engine, double epsilon, const char* name, std::uint64_t seed,
                  bool aimAtVertices = false) {
  std::mt19937_64 rng(seed);
  for (ShapeType type : kTypes) {
    Tally tally;
    int failures = 0;
    const int casts = aimAtVertices ? kCasts / 5 : kCasts;
    for (int i = 0; i < casts && failures < 10; ++i) {
      CastCase c = test::randomCast(rng, type, test::CastSceneSpec{});
      if (aimAtVertices) c = aimedAtAVertex(rng, c);
      const CastResult ref = reference::cast(c.shape, c.xf, c.ray);
      ASSERT_NE(ref.status, CastStatus::error) << formatCastCase(c);
      const CastResult got = engine(c.shape, c.xf, c.ray);
      ++tally.casts;
      if (ref.status == CastStatus::hit) ++tally.hits;
      if (!agree(c, ref, got, epsilon, tally)) ++failures;
    }
    const double rate = static_cast<double>(tally.hits) / tally.casts;
    std::printf(
        "%-10s %-12s %d casts, %.1f%% hit; status ties %d, feature ties %d; worst error %.3g "
        "units (fraction, point), %.3g (normal)\n",
        name, std::string(shapeTypeName(type)).c_str(), tally.casts, 100 * rate, tally.statusTies,
        tally.featureTies, tally.worstLength, tally.worstNormal);
    EXPECT_EQ(failures, 0) << name << " " << shapeTypeName(type);
    EXPECT_GT(rate, aimAtVertices ? 0.8 : 0.3) << shapeTypeName(type);
    EXPECT_LT(rate, aimAtVertices ? 0.99 : 0.7) << shapeTypeName(type);
  }
}

TEST(FastCastAgreement, DoubleAgreesWithTheReference) {
  runAgreement(&cast, 0x1p-52, "fast", 424242);
}

TEST(FastCastAgreement, FloatAgreesWithTheReference) {
  runAgreement(&castFloat, 0x1p-23, "fast_float", 171717);
}

TEST(FastCastAgreement, CastsThroughVerticesAgreeOrTie) {
  runAgreement(&cast, 0x1p-52, "fast", 8088, true);
  runAgreement(&castFloat, 0x1p-23, "fast_float", 8089, true);
}

}  // namespace
}  // namespace touche::fast
