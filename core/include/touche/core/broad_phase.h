// touche — the broad phase's vocabulary: axis-aligned boxes, a scene of placed shapes, and the
// first hit of a cast among them (design notes §8, "Broad phase"; docs/derivations/bvh.md).
//
// A scene is a list of shapes, each with its transform; a shape's index is its position in the
// list. The first hit of a moving circle among them is the one a loop over every shape would
// keep: the smallest fraction, and among equal fractions the lowest index (an initial overlap
// counts as fraction 0). Every engine's BVH (fast/bvh.h, reference/bvh.h) answers exactly
// that, beside its brute-force loop.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "touche/core/cast.h"
#include "touche/core/geometry.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche {

/// A closed axis-aligned box [lower.x, upper.x] × [lower.y, upper.y] in world coordinates.
struct Aabb {
  Vec2 lower;
  Vec2 upper;
  friend bool operator==(const Aabb&, const Aabb&) = default;
};

/// The smallest box holding both.
inline Aabb merged(const Aabb& a, const Aabb& b) {
  return {{a.lower.x < b.lower.x ? a.lower.x : b.lower.x,
           a.lower.y < b.lower.y ? a.lower.y : b.lower.y},
          {a.upper.x > b.upper.x ? a.upper.x : b.upper.x,
           a.upper.y > b.upper.y ? a.upper.y : b.upper.y}};
}

/// True when the closed boxes share a point (touching counts).
inline bool overlaps(const Aabb& a, const Aabb& b) {
  return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y &&
         b.lower.y <= a.upper.y;
}

/// True when `outer` holds all of `inner`.
inline bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y &&
         inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y;
}

/// True when the box holds the point.
inline bool contains(const Aabb& box, Vec2 p) {
  return box.lower.x <= p.x && p.x <= box.upper.x && box.lower.y <= p.y && p.y <= box.upper.y;
}

/// One shape of a scene, placed in the world by its transform.
struct PlacedShape {
  Shape shape;
  Transform xf;
};

/// Every shape and transform of a scene, named "shapes[i].shape" and "shapes[i].xf" in the
/// error; a scene has fewer than 2^31 shapes.
std::optional<InputError> validateScene(std::span<const PlacedShape> scene);

/// The first hit of a cast among a scene's shapes: the shape's index and its cast result
/// (status hit or initial_overlap); index −1 with status miss when no shape is touched, or with
/// status error when the scene or the cast is invalid.
struct ShapeHit {
  std::int32_t index = -1;
  CastResult result;
};

/// The tie rule of the first hit: a touch at a smaller fraction comes first, and at the same
/// fraction the lower index (an initial overlap is a touch at fraction 0).
inline bool touchesBefore(double fraction, std::int32_t index, double bestFraction,
                          std::int32_t bestIndex) {
  return fraction < bestFraction || (fraction == bestFraction && index < bestIndex);
}

/// True for the statuses a first hit can have: hit and initial_overlap.
inline bool touches(CastStatus status) {
  return status == CastStatus::hit || status == CastStatus::initialOverlap;
}

/// The first touch so far under the tie rule, over any cast result type with `status` and a
/// `fraction` of scalar F (CastResult, fast::CastResultT<T>).
template <class Result, class F>
struct FirstTouchOf {
  F fraction = std::numeric_limits<F>::infinity();
  std::int32_t index = -1;
  Result result{};

  /// Keeps r (shape `item`'s result) when it touches before the best so far; returns the
  /// fraction a later touch must not exceed: the best's, or maxFraction while there is none.
  F keep(const Result& r, std::int32_t item, F maxFraction) {
    if (touches(r.status) && touchesBefore(r.fraction, item, fraction, index)) {
      fraction = r.fraction;
      index = item;
      result = r;
    }
    return index < 0 ? maxFraction : fraction;
  }
};

/// The answer to an invalid scene or cast: index −1, status error.
inline ShapeHit shapeHitError() {
  ShapeHit hit;
  hit.result = castStatusOnly(CastStatus::error);
  return hit;
}

}  // namespace touche
