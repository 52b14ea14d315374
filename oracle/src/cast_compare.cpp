// touche — compareCast (cast_compare.h).
#include "touche/oracle/cast_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "touche/reference/cast.h"

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
  return most + castShapeRadius(shape);
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
  if (expected.status == CastStatus::initialOverlap && conv.overlapAsHitAtStart &&
      actual.status == CastStatus::hit && actual.fraction * length(c.ray.translation) <= band) {
    return result(CastOutcome::declaredDifference, "initial overlap as a hit at t = 0 (declared)");
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
  // tie on whichever of the two features the engine took (the smaller incidence). A rounding
  // error δ across the feature moves the entry by δ / incidence along the path, so the fraction
  // and the point are judged across it, however grazing the entry (no floor: a ray 2^-48 off a
  // segment's line legitimately lands 10^-3 away along it).
  double incidence = std::max(-dot(expected.normal, heading), 0.0);
  if (within(expected.gaps.feature, conv.tieBandUnits * unit)) {
    incidence = std::min(incidence, std::max(-dot(actual.normal, heading), 0.0));
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
  const double total = c.ray.radius + castShapeRadius(c.shape);
  const double lever = arc ? std::max(1.0, scale / total)
                           : std::max(1.0, scale / castFaceLength(c.shape, expected.feature.index));
  // A normal is judged at an incidence of at least 2^-30 (a graze's normal is still a normal).
  const double normalError = length(expected.normal - actual.normal) *
                             std::max(incidence, 0x1p-30) / (conv.epsilon * lever);
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

// ---- Conservative advancement (CastTarget) ------------------------------------------------

/// The shape's core in world coordinates: its points (a polygon's vertices, a segment's ends, a
/// circle's centre), closed into a loop for polygons.
std::vector<Vec2> worldCore(const Shape& shape, const Transform& xf) {
  std::vector<Vec2> core;
  if (const auto* circle = std::get_if<Circle>(&shape)) core = {apply(xf, circle->center)};
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    core = {apply(xf, capsule->p1), apply(xf, capsule->p2)};
  }
  if (const auto* segment = std::get_if<Segment>(&shape)) {
    core = {apply(xf, segment->p1), apply(xf, segment->p2)};
  }
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) {
    core = {apply(xf, chain->p1), apply(xf, chain->p2)};
  }
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    for (int i = 0; i < polygon->count; ++i)
      core.push_back(apply(xf, polygon->vertices[i]));
  }
  return core;
}

Vec2 closestOnSegment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  // The parameter on e with both vectors scaled to about 1 (a power of two, exact): no square
  // of a length underflows at 2^-600 nor overflows at 2^600.
  const double reach = std::max(std::fabs(e.x), std::fabs(e.y));
  if (!(reach > 0.0)) return a;
  const int exponent = std::ilogb(reach);
  const auto scaled = [exponent](Vec2 v) {
    return Vec2{std::ldexp(v.x, -exponent), std::ldexp(v.y, -exponent)};
  };
  const Vec2 es = scaled(e);
  const double u = std::clamp(dot(scaled(p - a), es) / dot(es, es), 0.0, 1.0);
  return a + u * e;
}

/// The point of the shape's core closest to p, in double (p itself inside a polygon's core).
Vec2 closestOnCore(const Shape& shape, const Transform& xf, Vec2 p) {
  const std::vector<Vec2> core = worldCore(shape, xf);
  if (core.size() == 1) return core[0];
  if (core.size() == 2) return closestOnSegment(p, core[0], core[1]);
  bool inside = true;
  Vec2 best = core[0];
  for (std::size_t i = 0; i < core.size(); ++i) {
    const Vec2 a = core[i];
    const Vec2 b = core[(i + 1) % core.size()];
    inside = inside && cross(b - a, p - a) >= 0;
    const Vec2 q = closestOnSegment(p, a, b);
    if (length(p - q) < length(p - best)) best = q;
  }
  return inside ? p : best;
}

/// The shape with its radius taken off (what the target's circles are cast against).
Shape coreOf(Shape shape) {
  if (auto* circle = std::get_if<Circle>(&shape)) circle->radius = 0.0;
  if (auto* capsule = std::get_if<Capsule>(&shape)) capsule->radius = 0.0;
  if (auto* polygon = std::get_if<Polygon>(&shape)) polygon->radius = 0.0;
  return shape;
}

bool skinned(const Shape& shape) {
  return std::holds_alternative<Polygon>(shape) || std::holds_alternative<Segment>(shape) ||
         std::holds_alternative<ChainSegment>(shape);
}

/// The target's numbers for one cast: σ, the engine's radius of the shape (its point's offset
/// from the core), and the reference's casts of the outer and inner bounding circles.
struct TargetCasts {
  double sigma = 0.0;
  double radiusA = 0.0;
  double outerRadius = 0.0;
  double innerRadius = 0.0;
  CastResult outer;
  CastResult inner;
};

/// The engine's radius of the shape: its own plus the skin, at least the floor.
double engineRadiusA(const Shape& shape, const CastTarget& target) {
  const double own = castShapeRadius(shape) + (skinned(shape) ? target.skin : 0.0);
  return std::max(own, target.radiusFloor);
}

double sigmaOf(const CastCase& c, const CastTarget& target) {
  const double radiusB = std::max(c.ray.radius, target.radiusFloor);
  return std::max(target.minimum, engineRadiusA(c.shape, target) + radiusB + target.offset);
}

TargetCasts targetCasts(const CastCase& c, const CastTarget& target, double slack) {
  TargetCasts t;
  t.radiusA = engineRadiusA(c.shape, target);
  t.sigma = sigmaOf(c, target);
  // Within the largest radius a cast may have (validateCastInput), so that the reference
  // answers: a circle that large covers any cast it can be compared on anyway.
  t.outerRadius = std::min(t.sigma + target.above + slack, kMaxCoordinate);
  t.innerRadius = std::clamp(t.sigma - target.below - slack, 0.0, kMaxCoordinate);
  const Shape core = coreOf(c.shape);
  CastInput ray = c.ray;
  ray.radius = t.outerRadius;
  t.outer = reference::cast(core, c.xf, ray);
  ray.radius = t.innerRadius;
  t.inner = reference::cast(core, c.xf, ray);
  return t;
}

std::string number(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

/// "[σ − below, σ + above] = [a, b]" for explanations.
std::string band(const TargetCasts& t, const CastTarget& target) {
  return "the declared stop [sigma - below, sigma + above] = [" + number(t.sigma - target.below) +
         ", " + number(t.sigma + target.above) + "]";
}

/// Why the engine's touch of a chain segment is one of its back, or "": the origin behind its
/// line (the reference's outer circle misses with that side gap), or a normal facing its back
/// (the circle came round an end).
std::string throughTheBack(const CastCase& c, const CastResult& outer, const CastResult& actual) {
  const auto* chain = std::get_if<ChainSegment>(&c.shape);
  if (!chain) return "";
  const Vec2 p1 = apply(c.xf, chain->p1);
  const Vec2 p2 = apply(c.xf, chain->p2);
  if (outer.gaps.side && cross(p2 - p1, c.ray.origin - p1) > 0) {
    return ": through the back of a one-sided chain segment (the origin " +
           number(*outer.gaps.side) + " behind its line)";
  }
  const Vec2 front{(p2 - p1).y, -(p2 - p1).x};
  if (actual.status == CastStatus::hit && dot(front, actual.normal) < 0) {
    return ": on the back of a one-sided chain segment (the normal faces its back)";
  }
  return "";
}

/// A miss or an initial overlap of the engine against the target's circles.
CastComparison compareTargetStatus(const CastCase& c, const TargetCasts& t,
                                   const CastResult& actual, const CastConventions& conv,
                                   double bandLength) {
  if (actual.status == CastStatus::miss) {
    if (t.inner.status == CastStatus::miss) return result(CastOutcome::agree);
    // An engine that reports no initial overlap misses from anywhere within its target band
    // (Box2D 2.4.1's b2ShapeCast answers false before its first step there).
    if (t.outer.status == CastStatus::initialOverlap && !conv.reportsInitialOverlap) {
      return result(CastOutcome::declaredDifference,
                    "no initial overlap (declared): miss from within the target band");
    }
    if (t.inner.status == CastStatus::initialOverlap) {
      if (within(t.inner.gaps.initial, bandLength)) {
        return result(CastOutcome::agreeWithinTie, "miss inside the inner circle's initial gap");
      }
      return result(CastOutcome::statusMismatch, "expected initial_overlap (the origin within " +
                                                     number(t.innerRadius) +
                                                     " of the core), got miss");
    }
    if (within(t.inner.gaps.hit, bandLength) || within(t.inner.gaps.side, bandLength)) {
      return result(CastOutcome::agreeWithinTie, "miss inside the inner circle's hit gap");
    }
    return result(CastOutcome::statusMismatch,
                  "expected hit: the centre comes within " + number(t.innerRadius) +
                      " of the core by t = " + number(t.inner.fraction) + ", got miss");
  }
  // initial_overlap
  if (t.outer.status == CastStatus::initialOverlap || within(t.outer.gaps.initial, bandLength)) {
    return result(CastOutcome::agree);
  }
  if (const std::string back = throughTheBack(c, t.outer, actual); !back.empty()) {
    return result(CastOutcome::statusMismatch, "expected miss, got initial_overlap" + back);
  }
  return result(CastOutcome::statusMismatch, "initial_overlap, but the origin is farther than " +
                                                 number(t.outerRadius) + " from the core");
}

/// A hit of the engine: its fraction between the outer and the inner circle's first touches,
/// its normal and point those of the circle where it stopped.
CastComparison compareTargetHit(const CastCase& c, const TargetCasts& t, const CastResult& actual,
                                const CastConventions& conv, const CastTarget& target,
                                double unit) {
  const double bandLength = conv.tieBandUnits * unit;
  const double travel = length(c.ray.translation);
  if (t.outer.status == CastStatus::miss) {
    if (within(t.outer.gaps.hit, bandLength) || within(t.outer.gaps.side, bandLength)) {
      return result(CastOutcome::agreeWithinTie, "hit inside the outer circle's hit gap");
    }
    return result(CastOutcome::statusMismatch, "expected miss: the centre never comes within " +
                                                   number(t.outerRadius) + " of the core, got hit" +
                                                   throughTheBack(c, t.outer, actual));
  }
  if (t.outer.status == CastStatus::initialOverlap &&
      (!conv.reportsInitialOverlap || conv.overlapAsHitAtStart) &&
      actual.fraction * travel <= bandLength) {
    return result(CastOutcome::declaredDifference, "initial overlap as a hit at t = 0 (declared)");
  }
  const double earliest = t.outer.status == CastStatus::hit ? t.outer.fraction : 0.0;
  const double latest = t.inner.status == CastStatus::hit              ? t.inner.fraction
                        : t.inner.status == CastStatus::initialOverlap ? 0.0
                                                                       : c.ray.maxFraction;
  const double rounding = 4 * conv.epsilon;
  const Vec2 centre = c.ray.origin + actual.fraction * c.ray.translation;
  const Vec2 onCore = closestOnCore(c.shape, c.xf, centre);
  const double distance = length(centre - onCore);
  if (actual.fraction < earliest - rounding || actual.fraction > latest + rounding) {
    return result(CastOutcome::wrongFraction,
                  "stops at t = " + number(actual.fraction) + " with the centre " +
                      number(distance) + " from the core, outside " + band(t, target) + " (t in [" +
                      number(earliest) + ", " + number(latest) + "])");
  }
  const double slack = conv.lengthUnits * unit;
  if (distance <= slack) return result(CastOutcome::agree);  // no normal to speak of
  const Vec2 normal = (1 / distance) * (centre - onCore);
  const double lever = std::max(1.0, castScale(c) / distance);
  const double normalError = length(actual.normal - normal) / (conv.epsilon * lever);
  if (normalError > conv.lengthUnits) {
    const double degrees = std::asin(std::min(1.0, std::fabs(cross(actual.normal, normal)))) *
                           (180 / 3.141592653589793);
    return result(CastOutcome::wrongNormal,
                  "normal " + units(degrees) + " degrees (" + units(normalError) +
                      " epsilons) from the surface normal where it stopped");
  }
  const Vec2 point = onCore + t.radiusA * normal;
  const double pointError = length(actual.point - point) / (unit * lever);
  if (pointError > conv.lengthUnits) {
    return result(CastOutcome::wrongPoint, "point off by " + units(pointError) +
                                               " units from the core pushed out by " +
                                               number(t.radiusA));
  }
  return result(CastOutcome::agree);
}

CastComparison compareTarget(const CastCase& c, const CastResult& actual,
                             const CastConventions& conv, const CastTarget& target, double unit) {
  const TargetCasts t = targetCasts(c, target, conv.lengthUnits * unit);
  if (actual.status != CastStatus::hit) {
    return compareTargetStatus(c, t, actual, conv, conv.tieBandUnits * unit);
  }
  return compareTargetHit(c, t, actual, conv, target, unit);
}

}  // namespace

CastConventions castConventionsFor(std::string_view engine) {
  CastConventions conv;
  conv.engine = std::string(engine);
  if (engine == "fast_float" || engine == "box2d" || engine == "box2d_v3") conv.epsilon = 0x1p-23;
  if (engine == "box2d") {
    conv.reportsInitialOverlap = false;
    conv.reportsFeatures = false;
    // b2ShapeCast (b2_distance.cpp): every proxy radius at least b2_polygonRadius, the target
    // σ = max(b2_polygonRadius, radii − b2_polygonRadius), advancing from above and stopping
    // once the distance is within 0.5·b2_linearSlop of σ; false (a miss) when it starts there.
    constexpr double slop = static_cast<double>(0.005f);
    constexpr double polygonRadius = static_cast<double>(2.0f * 0.005f);
    conv.sweptTarget =
        CastTarget{polygonRadius, polygonRadius, -polygonRadius, polygonRadius, 0.0, 0.5 * slop};
  }
  if (engine == "box2d_v3") {
    conv.overlapAsHitAtStart = true;  // b2RayCastSegment and a capsule's side: a hit at 0
    conv.reportsFeatures = false;
    // b2ShapeCast (distance.c): the target σ = max(B2_LINEAR_SLOP, radii − B2_LINEAR_SLOP),
    // stopping once the distance is below σ + 0.25·B2_LINEAR_SLOP (advancing from above).
    constexpr double slop = static_cast<double>(0.005f);
    conv.sweptTarget = CastTarget{0.0, 0.0, -slop, slop, 0.0, 0.25 * slop};
    conv.roundedPolygonRaysByTarget = true;
  }
  return conv;
}

double targetDistance(const CastCase& c, const CastTarget& target) {
  return sigmaOf(c, target);
}

double coreDistance(const CastCase& c, Vec2 point) {
  return length(point - closestOnCore(c.shape, c.xf, point));
}

std::optional<CastTarget> targetFor(const CastCase& c, const CastConventions& conventions) {
  if (!conventions.sweptTarget) return std::nullopt;
  if (c.ray.radius > 0.0) return conventions.sweptTarget;
  const auto* polygon = std::get_if<Polygon>(&c.shape);
  if (conventions.roundedPolygonRaysByTarget && polygon && polygon->radius > 0.0) {
    return conventions.sweptTarget;
  }
  return std::nullopt;
}

std::string_view castOutcomeName(CastOutcome outcome) {
  static constexpr std::string_view kNames[] = {
      "agree",       "agree-within-tie", "declared-difference", "status-mismatch", "wrong-fraction",
      "wrong-point", "wrong-normal",     "wrong-feature",       "non-finite"};
  return kNames[static_cast<int>(outcome)];
}

double castShapeRadius(const Shape& shape) {
  if (const auto* circle = std::get_if<Circle>(&shape)) return circle->radius;
  if (const auto* capsule = std::get_if<Capsule>(&shape)) return capsule->radius;
  if (const auto* polygon = std::get_if<Polygon>(&shape)) return polygon->radius;
  return 0.0;
}

double castFaceLength(const Shape& shape, int index) {
  if (const auto* polygon = std::get_if<Polygon>(&shape)) {
    const int next = index + 1 < polygon->count ? index + 1 : 0;
    return length(polygon->vertices[next] - polygon->vertices[index]);
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) return length(capsule->p2 - capsule->p1);
  if (const auto* segment = std::get_if<Segment>(&shape)) return length(segment->p2 - segment->p1);
  if (const auto* chain = std::get_if<ChainSegment>(&shape)) return length(chain->p2 - chain->p1);
  return 1.0;
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
  if (const std::optional<CastTarget> target = targetFor(c, conventions)) {
    return compareTarget(c, actual, conventions, *target, unit);
  }
  if (expected.status != actual.status)
    return compareStatus(c, expected, actual, conventions, unit);
  if (expected.status != CastStatus::hit) return result(CastOutcome::agree);
  return compareHits(c, expected, actual, conventions, unit);
}

}  // namespace touche::oracle
