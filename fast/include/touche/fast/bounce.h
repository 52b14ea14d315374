// touche — the fast engine's bounce path, in float or double (design notes §8; the reference is
// reference/src/bounce.cpp, docs/derivations/bounce.md).
//
// The same legs as the reference, computed in T: the scene's offset boundary (source 001 §2) is
// prepared once as a flat list of features in bounceFeatureKey order — each edge's face pushed
// to its front (the left) by r, and an arc of radius r at each corner convex from the front —
// and each leg is the smallest (t, key) over the features:
//   B1: a face (unit left normal n, signed distance w = n·(s − p) of the start): a start in
//       front closer than r and abreast of the edge touches at t = 0 when it moves into it
//       (n·d < 0); a start at or beyond r moving in meets the offset line at t = (w − r)/(−n·d),
//       which counts when the centre there lies abreast of the edge.
//   B2: an arc (vertex v, range limits v − prev and v − next): from outside its circle, the
//       cast's entry (the foot of the perpendicular, the half chord); from on or inside it, a
//       contact at t = 0 when the start lies in the range and moves towards v.
//   B3: the leg's length t·|d| against the remaining length; the normal (a face's n, an arc's
//       (c − v)/|c − v|), the reflection d − 2(d·n)n, the next leg from the end.
// Like the fast casts, the abreast and range tests accept points a few rounding errors beyond
// their boundaries (so rounding cannot open a gap between a face and its neighbour through
// which the ball would slip); the smaller (t, key) still wins.
//
// A broad phase plugs in behind one function: bouncePathWith(scene, prepared, firstHit) calls
// firstHit(prepared, leg) once per leg, and the brute-force firstHit below is the answer any
// other must return — offer every feature whose bounds (featureBounds) the leg's sweep may
// reach to offerFeature, in any order: the (t, key) order makes the result the same.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "touche/core/bounce.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// One feature of the offset boundary in T.
template <class T>
struct BounceFeatureT {
  Vec2T<T> point;   ///< face: the edge's start p; arc: the vertex v
  Vec2T<T> edge;    ///< face: q − p; arc: the range limit v − prev
  Vec2T<T> normal;  ///< face: the unit left normal of the edge; arc: the range limit v − next
  std::uint64_t key = 0;
  bool arc = false;
};

/// A scene prepared for bounce legs: features in bounceFeatureKey order, the ball's radius and
/// the scene's scale (its largest coordinate magnitude: the unit of the rounding allowances).
template <class T>
struct BounceSceneT {
  std::vector<BounceFeatureT<T>> features;
  std::vector<BounceFeature> ids;  ///< the feature each entry stands for
  T radius = T(0);
  T scale = T(1);
};

/// One leg in T: the start, the unit heading, and the ball's radius.
template <class T>
struct BounceLegT {
  Vec2T<T> start;
  Vec2T<T> heading;  ///< unit
};

/// The best contact so far: t (a length, the heading being unit), the feature's position in
/// BounceSceneT::features (npos: none) and its key.
template <class T>
struct FirstHitT {
  static constexpr std::uint32_t npos = 0xffffffffu;
  T t = std::numeric_limits<T>::infinity();
  std::uint32_t feature = npos;
  std::uint64_t key = ~std::uint64_t{0};
  bool fromInside = false;  ///< a t = 0 contact of a start inside the feature's offset
};

/// An axis-aligned box (for a broad phase): min and max corners.
template <class T>
struct BoxT {
  Vec2T<T> min;
  Vec2T<T> max;
};

namespace detail::bounces {

template <class T>
inline constexpr T kEpsilon = std::numeric_limits<T>::epsilon();

/// The tie rule (bounce.h): smaller t, then the smaller key.
template <class T>
void keep(FirstHitT<T>& best, T t, std::uint32_t i, std::uint64_t key, bool fromInside) {
  if (t < best.t || (t == best.t && key < best.key)) best = {t, i, key, fromInside};
}

/// B1.
template <class T>
void offerFace(const BounceSceneT<T>& scene, std::uint32_t i, const BounceLegT<T>& leg,
               FirstHitT<T>& best) {
  const BounceFeatureT<T>& f = scene.features[i];
  const T r = scene.radius;
  const Vec2T<T> fromP = leg.start - f.point;
  const T w = dot(f.normal, fromP);
  const T approach = dot(f.normal, leg.heading);
  if (!(approach < T(0)) || w < T(0)) return;  // moving out or along, or behind the edge
  const T ee = dot(f.edge, f.edge);
  const T slack = T(8) * kEpsilon<T> * scene.scale * std::sqrt(ee);
  const bool inside = w < r;
  const T t = inside ? T(0) : (w - r) / -approach;
  const T along = dot(fromP + t * leg.heading, f.edge);
  if (t <= best.t && along >= -slack && along <= ee + slack) keep(best, t, i, f.key, inside);
  // The strip entered through one of its ends by a centre already closer than r to the line.
  const T de = dot(leg.heading, f.edge);
  const T along0 = dot(fromP, f.edge);
  const T end = de > T(0) ? T(0) : ee;
  if (de == T(0) || !((end - along0) / de > T(0))) return;
  const T te = (end - along0) / de;
  const T front = w + te * approach;
  if (te <= best.t && front >= T(0) && front < r) keep(best, te, i, f.key, false);
}

/// B2.
template <class T>
void offerArc(const BounceSceneT<T>& scene, std::uint32_t i, const BounceLegT<T>& leg,
              FirstHitT<T>& best) {
  const BounceFeatureT<T>& f = scene.features[i];
  const T r = scene.radius;
  const Vec2T<T> m = leg.start - f.point;
  const T toFoot = -dot(m, leg.heading);
  if (!(toFoot >= T(0))) return;  // the vertex is behind, or the start moves away from it
  T t = T(0);
  const bool inside = dot(m, m) <= r * r;
  if (!inside) {
    const Vec2T<T> foot = m + toFoot * leg.heading;
    const T h = std::sqrt(dot(foot, foot));
    if (h > r) return;
    t = toFoot - std::sqrt((r - h) * (r + h));
    t = t > T(0) ? t : T(0);
  } else if (toFoot == T(0)) {
    return;  // on or inside the circle, sliding along it: no contact at t = 0
  }
  if (!(t <= best.t)) return;
  const Vec2T<T> u = m + t * leg.heading;
  for (const Vec2T<T> limit : {f.edge, f.normal}) {
    const T slack = T(8) * kEpsilon<T> * scene.scale * std::sqrt(dot(limit, limit));
    if (dot(u, limit) < -slack) return;
  }
  keep(best, t, i, f.key, inside);
}

}  // namespace detail::bounces

/// Offers feature i of the prepared scene to `best` (B1 or B2, then the tie rule). The one
/// function a broad phase calls for each feature it cannot cull.
template <class T>
void offerFeature(const BounceSceneT<T>& scene, std::uint32_t i, const BounceLegT<T>& leg,
                  FirstHitT<T>& best) {
  if (scene.features[i].arc) {
    detail::bounces::offerArc(scene, i, leg, best);
  } else {
    detail::bounces::offerFace(scene, i, leg, best);
  }
}

/// The brute-force first contact: every feature offered. A broad phase must return exactly this.
template <class T>
FirstHitT<T> firstHit(const BounceSceneT<T>& scene, const BounceLegT<T>& leg) {
  FirstHitT<T> best;
  const auto count = static_cast<std::uint32_t>(scene.features.size());
  for (std::uint32_t i = 0; i < count; ++i)
    offerFeature(scene, i, leg, best);
  return best;
}

/// The region of feature i where the ball's centre can touch it: a face's strip between the
/// edge and its offset, an arc's square of side 2r around its vertex, each grown by the
/// rounding allowance of the tests (16 epsilons × the scene's scale). A leg touches the feature
/// only where its centre's sweep from the start to the contact meets this box.
template <class T>
BoxT<T> featureBounds(const BounceSceneT<T>& scene, std::uint32_t i) {
  const BounceFeatureT<T>& f = scene.features[i];
  const T grow = scene.radius + T(16) * detail::bounces::kEpsilon<T> * scene.scale;
  if (f.arc) {
    return {{f.point.x - grow, f.point.y - grow}, {f.point.x + grow, f.point.y + grow}};
  }
  const T slack = T(16) * detail::bounces::kEpsilon<T> * scene.scale;
  const Vec2T<T> q = f.point + f.edge;
  const Vec2T<T> shift = scene.radius * f.normal;
  const Vec2T<T> ps = f.point + shift, qs = q + shift;
  const auto lowest = [](T a, T b, T c, T d) { return std::min(std::min(a, b), std::min(c, d)); };
  const auto highest = [](T a, T b, T c, T d) { return std::max(std::max(a, b), std::max(c, d)); };
  return {
      {lowest(f.point.x, q.x, ps.x, qs.x) - slack, lowest(f.point.y, q.y, ps.y, qs.y) - slack},
      {highest(f.point.x, q.x, ps.x, qs.x) + slack, highest(f.point.y, q.y, ps.y, qs.y) + slack}};
}

/// Prepares a valid scene in T: every edge's face and every convex-from-the-front corner's arc
/// (the reference's bounceFeatures order), computed in double and rounded to T once.
template <class T>
BounceSceneT<T> prepareBounce(const BounceScene& scene) {
  BounceSceneT<T> out;
  out.radius = static_cast<T>(scene.ball.radius);
  const auto add = [&](const std::vector<Vec2>& polygon, BounceHit hit, std::uint32_t k) {
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 p = polygon[i], e = polygon[(i + 1) % n] - p;
      const UnitT<double> normal = normalizeOr(Vec2T<double>{0.0 - e.y, e.x}, Vec2T<double>{0, 1});
      const BounceFeature id{hit, k, FeatureType::face, static_cast<std::uint32_t>(i)};
      out.features.push_back(
          {toT<T>(p), toT<T>(e), toT<T>(toCore(normal.unit)), bounceFeatureKey(id), false});
      out.ids.push_back(id);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 v = polygon[i], previous = polygon[(i + n - 1) % n], next = polygon[(i + 1) % n];
      if (!(orient2d(previous, v, next) < 0)) continue;
      const BounceFeature id{hit, k, FeatureType::vertex, static_cast<std::uint32_t>(i)};
      out.features.push_back(
          {toT<T>(v), toT<T>(v - previous), toT<T>(v - next), bounceFeatureKey(id), true});
      out.ids.push_back(id);
    }
  };
  for (std::size_t k = 0; k < scene.obstacles.size(); ++k)
    add(scene.obstacles[k], BounceHit::obstacle, static_cast<std::uint32_t>(k));
  add(scene.walls, BounceHit::wall, 0);
  out.scale = static_cast<T>(std::max(largestCoordinate(scene), 1e-300));
  return out;
}

/// B3: the outputs of a leg whose contact is `hit` (the heading unit, t a length).
template <class T>
Vec2T<T> contactNormal(const BounceSceneT<T>& scene, const FirstHitT<T>& hit, Vec2T<T> centre) {
  const BounceFeatureT<T>& f = scene.features[hit.feature];
  if (!f.arc) return f.normal;
  return normalizeOr(centre - f.point, Vec2T<T>{T(0), T(1)}).unit;
}

/// The path, each leg's first contact found by `find(prepared, leg)` (firstHit, or a broad
/// phase that returns exactly what firstHit returns). The scene must be valid.
template <class T, class FindFirstHit>
BouncePath bouncePathWith(const BounceScene& scene, const BounceSceneT<T>& prepared,
                          FindFirstHit&& find) {
  BouncePath path;
  const UnitT<double> heading0 =
      normalizeOr(Vec2T<double>{scene.ball.direction.x, scene.ball.direction.y}, {1, 0});
  BounceLegT<T> leg{toT<T>(scene.ball.center), toT<T>(toCore(heading0.unit))};
  T remaining = static_cast<T>(scene.maxLength);
  for (int bounces = 0;; ++bounces) {
    const FirstHitT<T> hit = find(prepared, leg);
    BounceLeg out;
    out.start = toCore(leg.start);
    out.direction = toCore(leg.heading);
    const bool reaches = hit.feature != FirstHitT<T>::npos && hit.t <= remaining;
    const T t = reaches ? hit.t : remaining;
    const Vec2T<T> end = leg.start + t * leg.heading;
    out.end = toCore(end);
    out.length = static_cast<double>(t);
    if (!reaches) {
      path.legs.push_back(out);
      path.status = BounceStatus::maxLength;
      return path;
    }
    out.feature = prepared.ids[hit.feature];
    const Vec2T<T> n = hit.fromInside && prepared.features[hit.feature].arc
                           ? contactNormal(prepared, hit, leg.start)
                           : contactNormal(prepared, hit, end);
    out.normal = toCore(n);
    path.legs.push_back(out);
    remaining = remaining - t;
    if (out.feature.hit == BounceHit::obstacle) {
      path.status = BounceStatus::obstacle;
    } else if (bounces == scene.maxBounces) {
      path.status = BounceStatus::maxBounces;
    } else if (!(remaining > T(0))) {
      path.status = BounceStatus::maxLength;
    } else {
      const Vec2T<T> reflected = leg.heading - (T(2) * dot(leg.heading, n)) * n;
      leg = {end, normalizeOr(reflected, leg.heading).unit};
      continue;
    }
    return path;
  }
}

/// The path with the brute-force first contact.
template <class T>
BouncePath bouncePath(const BounceScene& scene, const BounceSceneT<T>& prepared) {
  return bouncePathWith(scene, prepared, [](const BounceSceneT<T>& s, const BounceLegT<T>& leg) {
    return firstHit(s, leg);
  });
}

/// Any scene, in double (validates: error for an invalid scene).
BouncePath bounce(const BounceScene& scene);
/// Any scene, in float (the prepared scene and every leg in float, outputs widened).
BouncePath bounceFloat(const BounceScene& scene);

inline constexpr BounceEngine kBounceDoubleEngine{"fast", &bounce};
inline constexpr BounceEngine kBounceFloatEngine{"fast_float", &bounceFloat};

}  // namespace touche::fast
