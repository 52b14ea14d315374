// touche reference — one leg of the bounce path against one feature of the scene's offset
// boundary, decided exactly (source 001 §2–§4, through the cast's features: cast_features.h).
//
// Source 001 offsets every edge by the ball's radius r to its front (the left of the edge as
// listed: inside the walls, outside an obstacle) and puts an arc of radius r around every
// corner that is convex seen from the front; the ball's centre then moves as a point. A scene
// edge p→q with its front on the left is the cast's face a→b = q→p (front on the right), so
// the cast's ray-vs-directed-segment and ray-vs-arc steps apply unchanged.
//
// What a leg adds to a cast: it starts where the previous leg ended, touching the feature it
// bounced off (or, rounded, a hair inside its offset). So a feature counts at t = 0 only when
// the centre is within r of it and strictly approaching it (moving into it); within r and
// moving away or sliding along, it is ignored. For t > 0 every entry counts, a graze included,
// exactly as for casts. Template over N (Rational, or Approx for the filter).
#pragma once

#include <optional>

#include "cast_features.h"

namespace touche::reference {

/// A contact of the leg with one feature: the cast's hit (t, and the edge a→b in the cast's
/// orientation or the arc's vertex) and whether it is the t = 0 contact of a centre that
/// starts strictly inside the feature's offset (then its normal is measured from the start).
template <class N>
struct LegContactOf {
  CastHitOf<N> hit;
  bool fromInside = false;
};

/// The leg as a cast path: centre s + t·d, offset distance r on both radii, t up to `reach`.
template <class N>
CastPathOf<N> legPath(const Vec2Of<N>& s, const Vec2Of<N>& d, const N& r, const N& reach) {
  CastPathOf<N> path;
  path.origin = s;
  path.d = d;
  path.radius = r;
  path.total = r;
  path.maxFraction = reach;
  return path;
}

/// Face `index`: the scene edge p→q offset by r to its left. The cast's face q→p finds an
/// entry from the front for t ≥ 0 (§3); a centre strictly inside the offset strip — in front
/// of the edge, abreast of it, closer than r — touches at t = 0 when it moves into it.
template <class N>
std::optional<LegContactOf<N>> faceContact(const CastPathOf<N>& path, const Vec2Of<N>& p,
                                           const Vec2Of<N>& q, int index) {
  const Vec2Of<N> e = p - q;  // the cast's edge a→b = q→p
  const Vec2Of<N> n = rightPerp(e);
  const N approach = dot(path.d, n);
  if (sign(approach) >= 0) return std::nullopt;  // moving out of it or along it
  const N w = dot(n, path.origin - q);           // front distance × √G
  const N g = dot(e, e);
  const N along = dot(path.origin - q, e);
  const auto inStrip = [&](const N& front) {  // in front of the edge and closer than r
    return sign(front) >= 0 && sign(N(front * front - path.total * path.total * g)) < 0;
  };
  const auto contact = [&](const N& t) {
    return LegContactOf<N>{{FeatureType::face, index, {t, N(0), g}, q, p}, true};
  };
  if (inStrip(w) && sign(along) >= 0 && sign(N(g - along)) >= 0) return contact(N(0));
  // The strip entered through the offset line (the cast's face, §3) ...
  std::optional<LegContactOf<N>> best;
  if (auto hit = castAgainstFace(path, q, p, index)) best = LegContactOf<N>{*hit, false};
  // ... or through one of its ends, by a centre already closer than r to the edge's line (it
  // overlapped the neighbouring feature and moved away from it, into this one).
  const N de = dot(path.d, e);
  if (sign(de) != 0) {
    const N limit = sign(de) > 0 ? N(0) : g;
    const N t = (limit - along) / de;
    if (sign(t) > 0 && inStrip(N(w + t * approach)) && (!best || compare(best->hit.t, t) > 0)) {
      best = contact(t);
    }
  }
  return best;
}

/// Vertex `index`'s arc (a corner convex from the front), its range between the normals of
/// the edges meeting there. Outside the circle: the cast's entry (§4), a tangent included. On
/// or inside it: a contact at t = 0 only when the start lies in the arc's range and moves
/// strictly towards the vertex (its normal then points from the vertex to the start).
template <class N>
std::optional<LegContactOf<N>> arcContact(const CastPathOf<N>& path, const Vec2Of<N>& v,
                                          const ArcLimitsOf<N>& range, int index) {
  const Vec2Of<N> m = path.origin - v;
  if (sign(N(dot(m, m) - path.total * path.total)) > 0) {
    if (auto hit = castAgainstArc(path, v, range, index)) return LegContactOf<N>{*hit, false};
    return std::nullopt;
  }
  const Vec2Of<N> none{N(0), N(0)};
  if (sign(dot(m, path.d)) >= 0 || !inArcRange(range, m, none, N(0))) return std::nullopt;
  return LegContactOf<N>{{FeatureType::vertex, index, {N(0), N(0), N(0)}, v, v}, true};
}

}  // namespace touche::reference
