// touche — compareCast (cast_compare.h).
#include "touche/oracle/cast_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace touche::oracle {
namespace {

std::string units(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

bool within(const std::optional<double>& gap, double band) {
  return gap && *gap <= band;
}

double shapeRadius(const Shape& shape) {
  if (const auto* circle = std::get_if<Circle>(&shape)) return circle->radius;
  if (const auto* capsule = std::get_if<Capsule>(&shape)) return capsule->radius;
  if (const auto* polygon = std::get_if<Polygon>(&shape)) return polygon->radius;
  return 0.0;
}

double bound(const Shape& shape) {
  double most = 0.0;
  const auto offer = [&](Vec2 v) { most = std::max(most, length(v)); };
  if (const auto* circle = std::get_if<Circle>(&shape)) offer(circle->center);
  if (const auto* capsule = std::get_if<Capsule>(&shape)) offer(capsule->p1), offer(capsule->p2);
  if (const auto* segment = std::get_if<Segment>(&shape)) offer(segment->p1), offer(segment->p2);
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) offer(chain->p1), offer(chain->p2);
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    for (int i = 0; i < polygon->count; ++i)
      offer(polygon->vertices[i]);
  }
  return most + shapeRadius(shape);
}

/// The length of face `index` in the shape's frame (a segment's two faces are one edge).
double faceLength(const Shape& shape, int index) {
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    const int next = index + 1 < polygon->count ? index + 1 : 0;
    return length(polygon->vertices[next] - polygon->vertices[index]);
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) return length(capsule->p2 - capsule->p1);
  if (const auto* segment = std::get_if<Segment>(&shape)) return length(segment->p2 - segment->p1);
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) return length(chain->p2 - chain->p1);
  return 1.0;
}

bool finite(const CastResult& r) {
  return std::isfinite(r.fraction) && std::isfinite(r.point.x) && std::isfinite(r.point.y) &&
         std::isfinite(r.normal.x) && std::isfinite(r.normal.y);
}

CastComparison result(CastOutcome outcome, std::string explanation = "") {
  return {outcome, std::move(explanation)};
}

/// Statuses differ: a tie inside the gaps, a declared difference, or a mismatch.
CastComparison compareStatus(const CastCase& c, const CastResult& expected,
                             const CastResult& actual, const CastConventions& conv, double unit) {
  const double band = conv.tieBandUnits * unit;
  if (expected.status == CastStatus::initialOverlap && !conv.reportsInitialOverlap) {
    const double travel = length(c.ray.translation);
    const bool atStart = actual.status == CastStatus::hit && actual.fraction * travel <= band;
    if (actual.status == CastStatus::miss || atStart) {
      return result(CastOutcome::declaredDifference,
                    "no initial overlap (declared): " + std::string(castStatusName(actual.status)));
    }
  }
  if (within(expected.gaps.hit, band) || within(expected.gaps.initial, band) ||
      within(expected.gaps.side, band)) {
    return result(
        CastOutcome::agreeWithinTie,
        "status " + std::string(castStatusName(actual.status)) + " inside the reference's gap");
  }
  return result(CastOutcome::statusMismatch,
                "expected " + std::string(castStatusName(expected.status)) + ", got " +
                    std::string(castStatusName(actual.status)));
}

/// Both hit: fraction, point, feature and normal.
CastComparison compareHits(const CastCase& c, const CastResult& expected, const CastResult& actual,
                           const CastConventions& conv, double unit) {
  const double travel = length(c.ray.translation);
  const Vec2 heading = (1 / travel) * c.ray.translation;
  // The entry's conditioning: the incidence on the reference's feature, or inside a feature
  // tie on whichever of the two features the engine took (the smaller incidence).
  double incidence = std::max(-dot(expected.normal, heading), 0x1p-30);
  if (within(expected.gaps.feature, conv.tieBandUnits * unit)) {
    incidence = std::min(incidence, std::max(-dot(actual.normal, heading), 0x1p-30));
  }
  const double fractionError =
      std::fabs(expected.fraction - actual.fraction) * travel * incidence / unit;
  if (fractionError > conv.lengthUnits) {
    return result(CastOutcome::wrongFraction, "fraction off by " + units(fractionError) + " units");
  }
  const double pointError = length(expected.point - actual.point) * incidence / unit;
  if (pointError > conv.lengthUnits) {
    return result(CastOutcome::wrongPoint, "point off by " + units(pointError) + " units");
  }
  const bool sameFeature = expected.feature == actual.feature;
  if (conv.reportsFeatures && !sameFeature) {
    if (within(expected.gaps.feature, conv.tieBandUnits * unit)) {
      return result(CastOutcome::agreeWithinTie, "another feature inside the reference's gap");
    }
    return result(CastOutcome::wrongFeature, "another feature outside the reference's gap");
  }
  const bool arc =
      expected.feature.type == FeatureType::vertex && !(expected.flags & kFlagDegenerateNormal);
  const double scale = castScale(c);
  const double total = c.ray.radius + shapeRadius(c.shape);
  const double lever = arc ? std::max(1.0, scale / total)
                           : std::max(1.0, scale / faceLength(c.shape, expected.feature.index));
  const double normalError =
      length(expected.normal - actual.normal) * incidence / (conv.epsilon * lever);
  if (normalError > conv.lengthUnits && !(expected.flags & kFlagDegenerateNormal)) {
    // An engine that names no feature may have taken another feature touching at that t: its
    // normal is legitimate where the reference's feature decision was a tie.
    if (!conv.reportsFeatures && within(expected.gaps.feature, conv.tieBandUnits * unit)) {
      return result(CastOutcome::agreeWithinTie, "another feature's normal inside the gap");
    }
    return result(CastOutcome::wrongNormal, "normal off by " + units(normalError) + " epsilons");
  }
  return result(CastOutcome::agree);
}

}  // namespace

CastConventions castConventionsFor(std::string_view engine) {
  CastConventions conv;
  conv.engine = std::string(engine);
  if (engine == "fast_float" || engine == "box2d") conv.epsilon = 0x1p-23;
  if (engine == "box2d") {
    conv.reportsInitialOverlap = false;
    conv.reportsFeatures = false;
  }
  return conv;
}

std::string_view castOutcomeName(CastOutcome outcome) {
  static constexpr std::string_view kNames[] = {
      "agree",       "agree-within-tie", "declared-difference", "status-mismatch", "wrong-fraction",
      "wrong-point", "wrong-normal",     "wrong-feature",       "non-finite"};
  return kNames[static_cast<int>(outcome)];
}

double castScale(const CastCase& c) {
  return std::max({length(c.xf.p) + bound(c.shape) + c.ray.radius,
                   length(c.ray.origin) + length(c.ray.translation), 1.0});
}

CastComparison compareCast(const CastCase& c, const CastResult& expected, const CastResult& actual,
                           const CastConventions& conventions) {
  if (actual.status == CastStatus::hit && !finite(actual)) {
    return result(CastOutcome::nonFinite, "a hit with a non-finite field");
  }
  const double unit = conventions.epsilon * castScale(c);
  if (expected.status != actual.status)
    return compareStatus(c, expected, actual, conventions, unit);
  if (expected.status != CastStatus::hit) return result(CastOutcome::agree);
  return compareHits(c, expected, actual, conventions, unit);
}

}  // namespace touche::oracle
