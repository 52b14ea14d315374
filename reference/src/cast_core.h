// touche reference — the shape a cast moves against, in the world frame, and exact distances
// to it (the decisions initial_overlap and hit vs miss, and their gaps).
//
// Every castable shape is a core — a point (circle), a segment (segment, capsule, chain
// segment) or a convex polygon — with a radius. A circle of radius r touches the shape iff its
// centre is within R = r + radius of the core (design notes §8): source 001's Minkowski
// expansion, which turns the moving circle into a moving point and the shape into its offset.
// For a one-sided chain segment only the centres on its front side (right of p1→p2, the line
// included) count. Everything here is a template over the number type N: Rational (exact) or
// Approx (approx.h, the filter).
#pragma once

#include <array>
#include <optional>
#include <utility>

#include "approx.h"
#include "construct.h"
#include "cores.h"
#include "touche/core/cast.h"

namespace touche::reference {

/// A core in the world frame: count 1 is a point, 2 a segment v0→v1, 3–8 a convex polygon
/// (counter-clockwise). `oneSided`: a chain segment, touched from the right of v0→v1 only.
template <class N>
struct CastCoreOf {
  std::array<Vec2Of<N>, kMaxPolygonVertices> vertices;
  int count = 0;
  N radius;  ///< the shape's own radius (rounded polygon, capsule, circle)
  bool oneSided = false;
};

/// The moving circle in the world frame: centre origin + t·d for t in [0, maxFraction].
template <class N>
struct CastPathOf {
  Vec2Of<N> origin;
  Vec2Of<N> d;
  N radius;       ///< r, the moving circle's own radius
  N total;        ///< R = r + the shape's radius: the offset distance
  N maxFraction;  ///< f
};

template <class N>
Vec2Of<N> scaled(const Scalar<N>& k, const Vec2Of<N>& v) {
  return {N(k * v.x), N(k * v.y)};
}
template <class N>
Vec2Of<N> negated(const Vec2Of<N>& v) {
  return {N(-v.x), N(-v.y)};
}

/// a when a ≤ b, else b (exact comparison; ties keep a).
inline Rational smaller(const Rational& a, const Rational& b) {
  return sign(Rational(b - a)) < 0 ? b : a;
}
/// An enclosure of min(a, b). Two enclosures with the same value (one quantity reached by two
/// routes, e.g. a vertex's distance through both of its edges) enclose their minimum as they
/// are, with the wider error; otherwise the certain comparison decides (or throws Uncertain).
inline Approx smaller(const Approx& a, const Approx& b) {
  if (a.hi == b.hi && a.lo == b.lo) return a.err >= b.err ? a : b;
  return sign(b - a) < 0 ? b : a;
}
/// The same for the larger.
inline Rational larger(const Rational& a, const Rational& b) {
  return sign(Rational(b - a)) > 0 ? b : a;
}
inline Approx larger(const Approx& a, const Approx& b) {
  if (a.hi == b.hi && a.lo == b.lo) return a.err >= b.err ? a : b;
  return sign(b - a) > 0 ? b : a;
}

/// Squared distance from x to the closed segment a→b (a = b allowed: a point). `onLine`: x is
/// known to lie on the line through a and b, so that abreast the segment it is exactly 0.
template <class N>
N pointSegmentDistance2(const Vec2Of<N>& x, const Vec2Of<N>& a, const Vec2Of<N>& b,
                        bool onLine = false) {
  const Vec2Of<N> e = b - a;
  const Vec2Of<N> fromA = x - a;
  const N along = dot(fromA, e);
  if (sign(along) <= 0) return dot(fromA, fromA);
  const Vec2Of<N> fromB = x - b;
  if (sign(dot(fromB, e)) >= 0) return dot(fromB, fromB);
  if (onLine) return N(0);
  const N c = cross(e, fromA);
  return N(c * c / dot(e, e));
}

/// Sign of cross(b − a, c − a): the side of c from the line a→b.
template <class N>
int orientation(const Vec2Of<N>& a, const Vec2Of<N>& b, const Vec2Of<N>& c) {
  return sign(cross(b - a, c - a));
}

/// Squared distance between the closed segments p0→p1 and a→b (either may be a point).
/// `endOnLine`: p1 is known to lie on the line through a and b (a path clipped there), so the
/// segments cannot cross properly — said rather than computed (for Approx it would be an
/// uncertain zero).
template <class N>
N segmentSegmentDistance2(const Vec2Of<N>& p0, const Vec2Of<N>& p1, const Vec2Of<N>& a,
                          const Vec2Of<N>& b, bool endOnLine = false) {
  // Proper crossing: each segment's ends strictly on both sides of the other's line. Every
  // other contact (an end on the other segment, collinear overlap) is found by the four
  // point–segment distances below, as 0.
  if (!endOnLine && orientation(p0, p1, a) * orientation(p0, p1, b) < 0 &&
      orientation(a, b, p0) * orientation(a, b, p1) < 0) {
    return N(0);
  }
  N best = pointSegmentDistance2(p0, a, b);
  best = smaller(best, pointSegmentDistance2(p1, a, b, endOnLine));
  best = smaller(best, pointSegmentDistance2(a, p0, p1));
  return smaller(best, pointSegmentDistance2(b, p0, p1));
}

/// True when x lies in the closed convex polygon (count ≥ 3).
template <class N>
bool insidePolygon(const CastCoreOf<N>& core, const Vec2Of<N>& x) {
  for (int i = 0; i < core.count; ++i) {
    if (orientation(core.vertices[i], core.vertices[nextIndex(i, core.count)], x) < 0) return false;
  }
  return true;
}

/// Squared distance from the closed segment p0→p1 (a point when p0 = p1) to the core;
/// `endOnLine` as for segmentSegmentDistance2 (a two-vertex core).
template <class N>
N pathCoreDistance2(const CastCoreOf<N>& core, const Vec2Of<N>& p0, const Vec2Of<N>& p1,
                    bool endOnLine = false) {
  const auto& v = core.vertices;
  if (core.count == 1) return pointSegmentDistance2(v[0], p0, p1);
  if (core.count == 2) return segmentSegmentDistance2(p0, p1, v[0], v[1], endOnLine);
  if (insidePolygon(core, p0)) return N(0);
  N best = segmentSegmentDistance2(p0, p1, v[0], v[1]);
  for (int i = 1; i < core.count; ++i) {
    best = smaller(best, segmentSegmentDistance2(p0, p1, v[i], v[nextIndex(i, core.count)]));
  }
  return best;
}

/// Squared distance from the point x to the core. (Not pathCoreDistance2 with p0 = p1: an
/// Approx product with that zero-length path would be an uncertain zero.)
template <class N>
N pointCoreDistance2(const CastCoreOf<N>& core, const Vec2Of<N>& x) {
  const auto& v = core.vertices;
  if (core.count == 1) {
    const Vec2Of<N> apart = x - v[0];
    return dot(apart, apart);
  }
  if (core.count == 2) return pointSegmentDistance2(x, v[0], v[1]);
  if (insidePolygon(core, x)) return N(0);
  N best = pointSegmentDistance2(x, v[0], v[1]);
  for (int i = 1; i < core.count; ++i)
    best = smaller(best, pointSegmentDistance2(x, v[i], v[nextIndex(i, core.count)]));
  return best;
}

/// A one-sided core's front normal direction rightPerp(v1 − v0) (not unit).
template <class N>
Vec2Of<N> frontNormal(const CastCoreOf<N>& core) {
  return rightPerp(core.vertices[1] - core.vertices[0]);
}

/// dot(x − v0, front normal): > 0 in front of a one-sided core, < 0 behind it.
template <class N>
N frontOffset(const CastCoreOf<N>& core, const Vec2Of<N>& x) {
  return dot(x - core.vertices[0], frontNormal(core));
}

/// The part of the path that can touch the shape: up to origin + f·d, or for a one-sided
/// core up to the point where the path leaves its front side if that comes first (the origin
/// is not behind); `onLine` then says that the end lies on the core's line.
template <class N>
struct ReachablePathOf {
  Vec2Of<N> end;
  bool onLine = false;
};

template <class N>
ReachablePathOf<N> reachableEnd(const CastCoreOf<N>& core, const CastPathOf<N>& path) {
  if (core.oneSided) {
    const N approach = dot(path.d, frontNormal(core));
    if (sign(approach) < 0) {
      const N leaves = frontOffset(core, path.origin) / N(-approach);
      if (sign(N(leaves - path.maxFraction)) < 0) {
        return {path.origin + scaled<N>(leaves, path.d), true};
      }
    }
  }
  return {path.origin + scaled<N>(path.maxFraction, path.d), false};
}

/// |√(d2) − R| correctly rounded: a distance gap (CastGaps::hit, ::initial).
template <class N>
double distanceGap(const N& d2, const N& total) {
  return std::fabs(roundNearest(SqrtFormOf<N>{N(-total), N(1), d2}));
}

/// CastGaps::initial: how far the shape would have to move for initial_overlap to change.
/// An origin off the core: |dist − R| (d2 = dist²). An origin in the core (d2 = 0): R plus its
/// depth there — for a polygon the distance to the nearest face line, min_i w_i/√g_i with
/// w_i = rightPerp(e_i)·(v_i − x) ≥ 0; a segment or a point has no inside (depth 0).
template <class N>
double initialGap(const CastCoreOf<N>& core, const Vec2Of<N>& x, const N& d2, const N& total) {
  if (sign(d2) > 0) return distanceGap(d2, total);
  if (core.count < 3) return roundNearest(total);
  const auto& v = core.vertices;
  N bestW = N(0), bestG = N(1);
  for (int i = 0; i < core.count; ++i) {
    const Vec2Of<N> n = rightPerp(v[nextIndex(i, core.count)] - v[i]);
    const N w = dot(n, v[i] - x);
    const N g = dot(n, n);
    if (i == 0 || compareQuotients(w, g, bestW, bestG) < 0) bestW = w, bestG = g;
  }
  return roundNearest(SqrtFormOf<N>{total, N(bestW / bestG), bestG});
}

/// The core's support along u (not unit): max_i u·v_i.
template <class N>
N coreSupport(const CastCoreOf<N>& core, const Vec2Of<N>& u) {
  N most = dot(u, core.vertices[0]);
  for (int i = 1; i < core.count; ++i)
    most = larger(most, dot(u, core.vertices[i]));
  return most;
}

/// CastGaps::hit: how far the shape would have to move for the cast's hit/miss answer to
/// change. Apart (the path within [p0, p1] farther than R from the core, or closer without
/// meeting it), that is |dist − R|. A path that meets the core is R plus its penetration depth
/// into the core, the depth of the origin in the convex set core − path: the smallest support
/// over the candidate directions (the core's face normals and the path's two normals), each
/// a quotient w/√g compared exactly.
template <class N>
double hitGap(const CastCoreOf<N>& core, const Vec2Of<N>& p0, const ReachablePathOf<N>& reach,
              const N& total) {
  const Vec2Of<N>& p1 = reach.end;
  const N d2 = pathCoreDistance2(core, p0, p1, reach.onLine);
  if (sign(d2) > 0) return distanceGap(d2, total);
  // A path clipped where it reaches a chain segment's line on the segment: the support along
  // the segment's front normal is 0, the smallest there can be (said, not computed).
  if (reach.onLine) return roundNearest(total);
  // The support of core − path along u is the core's support less the path's lowest point
  // along u. Where the supports are known they are taken, not compared (an Approx comparison
  // of two equal quantities is uncertain): a face's own vertices are extreme along its
  // normal, and both ends of the path project alike on the path's normal.
  std::optional<std::pair<N, N>> best;  // (w, g) of the smallest support w/√g
  const auto offer = [&](const Vec2Of<N>& u, const N& coreMost, const N& pathLeast) {
    const N g = dot(u, u);
    if (sign(g) == 0) return;
    const N w = coreMost - pathLeast;
    if (!best || compareQuotients(w, g, best->first, best->second) < 0) best = {w, g};
  };
  for (const Vec2Of<N>& u : {rightPerp(p1 - p0), negated(rightPerp(p1 - p0))}) {
    offer(u, coreSupport(core, u), dot(u, p0));
  }
  const auto& v = core.vertices;
  const auto offerFace = [&](const Vec2Of<N>& a, const Vec2Of<N>& b) {
    const Vec2Of<N> u = rightPerp(b - a);
    offer(u, dot(u, a), smaller(dot(u, p0), dot(u, p1)));
  };
  if (core.count == 2) {
    offerFace(v[0], v[1]);
    offerFace(v[1], v[0]);
  }
  for (int i = 0; core.count >= 3 && i < core.count; ++i)
    offerFace(v[i], v[nextIndex(i, core.count)]);
  if (!best) return roundNearest(total);  // a point path on a point core
  return roundNearest(SqrtFormOf<N>{total, N(best->first / best->second), best->second});
}

/// Lifts a validated shape and its transform into a world core (exact or Approx).
template <class N>
CastCoreOf<N> liftCore(const Shape& shape, const Transform& xf);

/// Lifts the moving circle; `shapeRadius` is the core's radius (R = r + shapeRadius).
template <class N>
CastPathOf<N> liftPath(const CastInput& input, const N& shapeRadius) {
  CastPathOf<N> path;
  path.origin = {lift<N>(input.origin.x), lift<N>(input.origin.y)};
  path.d = {lift<N>(input.translation.x), lift<N>(input.translation.y)};
  path.radius = lift<N>(input.radius);
  path.total = path.radius + shapeRadius;
  path.maxFraction = lift<N>(input.maxFraction);
  return path;
}

template <class N>
CastCoreOf<N> liftCore(const Shape& shape, const Transform& xf) {
  CastCoreOf<N> core;
  const auto put = [&](Vec2 local) { core.vertices[core.count++] = toWorld<N>(xf, local); };
  if (const auto* circle = std::get_if<Circle>(&shape)) {
    put(circle->center);
    core.radius = lift<N>(circle->radius);
  } else if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    // A capsule whose ends coincide is a circle (as in manifolds: its feature is vertex 0).
    put(capsule->p1);
    if (!(capsule->p1 == capsule->p2)) put(capsule->p2);
    core.radius = lift<N>(capsule->radius);
  } else if (const auto* segment = std::get_if<Segment>(&shape)) {
    put(segment->p1);
    put(segment->p2);
    core.radius = N(0);
  } else if (const auto* chain = std::get_if<ChainSegment>(&shape)) {
    put(chain->p1);
    put(chain->p2);
    core.radius = N(0);
    core.oneSided = true;
  } else {
    const auto& polygon = std::get<Polygon>(shape);
    for (int i = 0; i < polygon.count; ++i)
      put(polygon.vertices[i]);
    core.radius = lift<N>(polygon.radius);
  }
  return core;
}

}  // namespace touche::reference
