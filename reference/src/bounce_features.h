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
  const N w = dot(n, path.origin - q);  // front distance × √G
  const N g = dot(e, e);
  if (sign(w) >= 0 && sign(N(w * w - path.total * path.total * g)) < 0) {
    const N along = dot(path.origin - q, e);
    const bool abreast = sign(along) >= 0 && sign(N(g - along)) >= 0;
    if (!abreast || sign(dot(path.d, n)) >= 0) return std::nullopt;
    return LegContactOf<N>{{FeatureType::face, index, {N(0), N(0), g}, q, p}, true};
  }
  if (auto hit = castAgainstFace(path, q, p, index)) return LegContactOf<N>{*hit, false};
  return std::nullopt;
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
