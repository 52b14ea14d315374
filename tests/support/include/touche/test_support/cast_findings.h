// touche test support — the written-up findings of Box2D's casts (docs/findings.md, "Casts"),
// each recognized by its mechanism on a cast and the engine's answer, for the fuzz harness and
// the oracle tests alike: every other disagreement of a Box2D cast engine is a failure.
//
// - C1 (2.4.1 and v3): a swept circle hits a chain segment through its back — both shape casts
//   take the chain segment as its two-sided segment (b2ShapeCast's proxy; v3's
//   b2ShapeCastShape calls b2ShapeCastSegment), while the contract hits it from its front only:
//   from an origin behind its line (v3 also reports an initial overlap there), or from the
//   front round an end onto its back.
// - C2 (2.4.1): b2ShapeCast's normal and point are those of the core point its simplex holds
//   when the distance first comes within the target band, not of the closest core point: the
//   normal turns by up to acos(σ / (σ + b2_linearSlop / 2)) near a face's end.
// - C3 (v3): at large coordinates in the shape's frame (large shapes, long casts), where float's
//   spacing exceeds the stop band (0.25·B2_LINEAR_SLOP: coordinates from 2^14 on),
//   b2ShapeCast's 20 steps may not land in the band: it gives up and answers no hit.
// - C4 (2.4.1): at large world coordinates, where float's spacing exceeds the stop band
//   (0.5·b2_linearSlop: coordinates from 2^15 on), b2ShapeCast's 20 iterations may run out
//   before the distance lands in the band; it then answers the hit with the simplex it holds,
//   whose core point need not be the closest: the normal from it turns by up to the angle the
//   point's offset along the face makes at the centre.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <variant>

#include "touche/core/cast_jsonl.h"
#include "touche/oracle/cast_compare.h"

namespace touche::test::cast_findings {

/// C1: against a chain segment, a hit or an initial overlap with the origin strictly behind the
/// segment's line, or a hit whose normal faces the segment's back (the circle came round an
/// end and touched it from behind).
inline bool isThroughTheBack(const CastCase& c, const CastResult& actual) {
  const auto* chain = std::get_if<ChainSegment>(&c.shape);
  const bool touches =
      actual.status == CastStatus::hit || actual.status == CastStatus::initialOverlap;
  if (!chain || !touches) return false;
  const Vec2 p1 = apply(c.xf, chain->p1);
  const Vec2 p2 = apply(c.xf, chain->p2);
  const Vec2 front{(p2 - p1).y, -(p2 - p1).x};  // right of p1 → p2
  if (dot(front, c.ray.origin - p1) < 0) return true;
  return actual.status == CastStatus::hit && dot(front, actual.normal) < 0;
}

/// C2: the engine's point less its radius of the shape along its normal (its simplex's core
/// point w) lies on the core, the centre where it stopped is within σ + above of w, and the
/// normal is the direction from w to that centre (within float rounding of the scene).
inline bool isNormalOfANearbyCorePoint(const CastCase& c, const CastResult& actual,
                                       const oracle::CastConventions& conventions) {
  const auto target = oracle::targetFor(c, conventions);
  if (!target || actual.status != CastStatus::hit) return false;
  const double slack = 64 * conventions.epsilon * oracle::castScale(c);
  const double own = [&] {
    if (const auto* circle = std::get_if<Circle>(&c.shape)) return circle->radius;
    if (const auto* polygon = std::get_if<Polygon>(&c.shape)) return polygon->radius;
    return 0.0;
  }();
  const bool skinned = !std::holds_alternative<Circle>(c.shape);
  const double radiusA = std::max(own + (skinned ? target->skin : 0.0), target->radiusFloor);
  const Vec2 w = actual.point - radiusA * actual.normal;
  const Vec2 centre = c.ray.origin + actual.fraction * c.ray.translation;
  const Vec2 toCentre = centre - w;
  const double reach = oracle::targetDistance(c, *target) + target->above;
  return oracle::coreDistance(c, w) <= slack && length(toCentre) <= reach + slack &&
         std::fabs(cross(actual.normal, toCentre)) <= slack && dot(actual.normal, toCentre) > 0;
}

/// The largest magnitude of the cast's coordinates (shape points placed, origin, end).
inline double largestCoordinate(const CastCase& c) {
  double most = 0.0;
  const auto offer = [&](Vec2 v) { most = std::max({most, std::fabs(v.x), std::fabs(v.y)}); };
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle>) {
          offer(apply(c.xf, shape.center));
        } else if constexpr (std::is_same_v<T, Polygon>) {
          for (int i = 0; i < shape.count; ++i)
            offer(apply(c.xf, shape.vertices[i]));
        } else {
          offer(apply(c.xf, shape.p1));
          offer(apply(c.xf, shape.p2));
        }
      },
      c.shape);
  offer(c.ray.origin);
  offer(c.ray.origin + c.ray.translation);
  return most;
}

/// The largest magnitude of the cast's coordinates in the shape's frame (where v3 casts): the
/// shape's own points and the path's ends brought there.
inline double largestLocalCoordinate(const CastCase& c) {
  const Transform& xf = c.xf;
  const auto local = [&](Vec2 p) {
    const Vec2 d = p - xf.p;
    return Vec2{xf.q.c * d.x + xf.q.s * d.y, -xf.q.s * d.x + xf.q.c * d.y};
  };
  CastCase inFrame = c;
  inFrame.xf = Transform{};
  inFrame.ray.origin = local(c.ray.origin);
  inFrame.ray.translation = local(c.ray.origin + c.ray.translation) - inFrame.ray.origin;
  return largestCoordinate(inFrame);
}

/// Float's spacing at a magnitude (a cast's largest coordinate, in some frame).
inline double floatSpacingAt(double coordinate) {
  const auto most = static_cast<float>(coordinate);
  return static_cast<double>(std::nextafter(most, HUGE_VALF) - most);
}

/// C3: a conservative-advancement miss where float's spacing at the cast's largest coordinate
/// in the shape's frame is wider than the engine's stop band.
inline bool isBandFinerThanFloat(const CastCase& c, const CastResult& actual,
                                 const oracle::CastConventions& conventions) {
  const auto target = oracle::targetFor(c, conventions);
  if (!target || actual.status != CastStatus::miss) return false;
  return floatSpacingAt(largestLocalCoordinate(c)) > target->above;
}

/// C4: a hit where float's spacing at the cast's largest world coordinate is wider than the
/// engine's stop band, whose centre where it stopped is within the band (widened by a few
/// spacings) of σ from the core, and whose normal is the direction to that centre from the
/// engine's point less radiusA along the normal, a point on the core (any core point: the
/// simplex the iterations ended with).
inline bool isIterationLimitAtLargeCoordinates(const CastCase& c, const CastResult& actual,
                                               const oracle::CastConventions& conventions) {
  const auto target = oracle::targetFor(c, conventions);
  if (!target || actual.status != CastStatus::hit) return false;
  const double spacing = floatSpacingAt(largestCoordinate(c));
  if (!(spacing > target->above)) return false;
  const double slack = 64 * conventions.epsilon * oracle::castScale(c) + 8 * spacing;
  const double own = [&] {
    if (const auto* polygon = std::get_if<Polygon>(&c.shape)) return polygon->radius;
    return 0.0;
  }();
  const bool skinned = !std::holds_alternative<Circle>(c.shape);
  if (!skinned) return false;  // a circle's core is one point: its normal is never off
  const double radiusA = std::max(own + target->skin, target->radiusFloor);
  const Vec2 w = actual.point - radiusA * actual.normal;
  const Vec2 centre = c.ray.origin + actual.fraction * c.ray.translation;
  const Vec2 toCentre = centre - w;
  const double sigma = oracle::targetDistance(c, *target);
  const double apart = oracle::coreDistance(c, centre);
  return oracle::coreDistance(c, w) <= slack &&
         std::fabs(cross(actual.normal, toCentre)) <= slack && dot(actual.normal, toCentre) > 0 &&
         apart >= sigma - target->below - slack && apart <= sigma + target->above + slack;
}

enum class Release { box2d241, box2dV3 };

/// The finding a failing verdict of a Box2D cast engine is, or "".
inline std::string knownFinding(Release release, const CastCase& c, const CastResult& actual,
                                const oracle::CastConventions& conventions) {
  if (isThroughTheBack(c, actual)) return "C1";
  if (release == Release::box2d241 && isNormalOfANearbyCorePoint(c, actual, conventions)) {
    return "C2";
  }
  if (release == Release::box2dV3 && isBandFinerThanFloat(c, actual, conventions)) return "C3";
  if (release == Release::box2d241 && isIterationLimitAtLargeCoordinates(c, actual, conventions)) {
    return "C4";
  }
  return "";
}

}  // namespace touche::test::cast_findings
