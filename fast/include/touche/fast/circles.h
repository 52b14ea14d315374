// touche — fast engine: circle–circle and polygon–circle manifolds.
//
// Circle–circle follows source 000's circle manifold (the contact lies on the line of centres;
// Box2D's b2CollideCircles in source 002) with the midpoint placement of the contract.
// Polygon–circle follows source 002's b2CollidePolygonAndCircle (maximum-separation face, then
// the Voronoi region of the centre) with Box2D v3's region rule and no tolerance constants:
// the vertex region only when the centre is strictly outside the face (separation > 0) and
// strictly beyond an endpoint (u < 0); otherwise the face region, centre inside included.
// Source 000's polygon–circle code is wrong on this point: it tests the last computed face
// distance instead of the best one, and returns the polygon vertex as the contact point.
#pragma once

#include "touche/fast/shapes.h"
#include "touche/fast/types.h"

namespace touche::fast {

/// The fallback normal for concentric circles: A's local x axis in the world frame,
/// (xfA.q.c, xfA.q.s) normalised (the rotation may be off unit by rounding).
template <class T>
inline Vec2T<T> localXAxis(RotT<T> q) {
  return normalizeOr(Vec2T<T>{q.c, q.s}, Vec2T<T>{T(1), T(0)}).unit;
}

/// Writes the single point of a one-point manifold. `coreB` is B's core point (a circle's
/// centre), `distance` the signed distance from A's core to it along `normal`, and the surfaces
/// lie rA and rB beyond the cores. The point is midway between the two surfaces (contract's
/// midpoint rule): coreB + ½(rA − rB − distance)·normal; separation = distance − rA − rB.
template <class T>
inline void singlePoint(ManifoldT<T>& m, Vec2T<T> normal, Vec2T<T> coreB, T distance, T rA, T rB,
                        FeatureId id) {
  m.normal = normal;
  m.pointCount = 1;
  m.points[0].point = coreB + (T(0.5) * (rA - rB - distance)) * normal;
  m.points[0].separation = distance - rA - rB;
  m.points[0].id = id;
}

/// Circle A vs circle B, world frame. Source 000 (circle manifold) / source 002
/// (b2CollideCircles): normal along the line of centres, contact iff the gap between the
/// surfaces, |cB − cA| − rA − rB, is at most `margin`. Concentric centres (exactly equal after
/// the transform) take A's local x axis and kFlagDegenerateNormal.
template <class T>
ManifoldT<T> collideCircles(const CircleT<T>& a, const TransformT<T>& xfA, const CircleT<T>& b,
                            const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
  const Vec2T<T> centerA = apply(xfA, a.center);
  const Vec2T<T> centerB = apply(xfB, b.center);
  const Vec2T<T> offset = centerB - centerA;
  // Cheap rejection first (Box2D's b2CollideCircles test): |d|² > (rA + rB + margin)². Both
  // sides stay below 2^106 for valid input (coordinates ≤ 2^50), far from float overflow; an
  // underflowing |d|² only sends the pair on to the exact-rule test below.
  const T reach = a.radius + b.radius + margin;
  if (dot(offset, offset) > reach * reach) return m;
  UnitT<T> axis = normalizeOr(offset, Vec2T<T>{});
  if (axis.length - a.radius - b.radius > margin) return m;
  if (!axis.ok) axis.unit = localXAxis(xfA.q);
  const FeatureId id{FeatureType::vertex, 0, FeatureType::vertex, 0};
  singlePoint(m, axis.unit, centerB, axis.length, a.radius, b.radius, id);
  if (!axis.ok) m.flags |= kFlagDegenerateNormal;
  return m;
}

/// The face of `polygon` whose plane the point is farthest in front of, and that distance:
/// max over faces i of dot(n_i, point − v_i); ties go to the lower index. Source 002,
/// b2CollidePolygonAndCircle step 1 (every face, no early exit).
template <class T>
inline FaceSeparationT<T> maxFaceSeparation(const PolygonT<T>& polygon, Vec2T<T> point) {
  T s[kLanes];
  for (int i = 0; i < kLanes; ++i) {
    s[i] = (point.x - polygon.vx[i]) * polygon.nx[i] + (point.y - polygon.vy[i]) * polygon.ny[i];
  }
  return firstMax<T>(s);
}

/// Polygon A vs circle B, computed in A's frame, returned in the world frame. Source 002,
/// b2CollidePolygonAndCircle: (1) the max-separation face; (2) Voronoi region of the centre by
/// the barycentric tests u1 = (c − v1)·(v2 − v1), u2 = (c − v2)·(v1 − v2); (3) vertex region:
/// normal from the vertex to the centre; face region: the face normal, the centre's foot on
/// the face is the core point of A. Feature ids: (face i, vertex 0) or (vertex i, vertex 0).
template <class T>
ManifoldT<T> collidePolygonAndCircle(const PolygonT<T>& a, const TransformT<T>& xfA,
                                     const CircleT<T>& b, const TransformT<T>& xfB, T margin) {
  ManifoldT<T> m;  // the one result object, returned by name on every path
  const Vec2T<T> centerInA = invApply(xfA, apply(xfB, b.center));
  const FaceSeparationT<T> best = maxFaceSeparation(a, centerInA);
  if (best.separation - a.radius - b.radius > margin) return m;
  const int i1 = best.face;
  const int i2 = a.next(i1);
  const Vec2T<T> v1 = a.vertex(i1);
  const Vec2T<T> v2 = a.vertex(i2);
  const bool outside = best.separation > T(0);
  int vertex = -1;
  if (outside && dot(centerInA - v1, v2 - v1) < T(0))
    vertex = i1;
  else if (outside && dot(centerInA - v2, v1 - v2) < T(0))
    vertex = i2;

  if (vertex >= 0) {
    // Vertex region: the normal runs from the vertex to the centre. The centre is strictly
    // outside, so the offset is non-zero in exact arithmetic; the face normal guards rounding.
    const Vec2T<T> v = a.vertex(vertex);
    const UnitT<T> axis = normalizeOr(centerInA - v, a.normal(i1));
    if (axis.length - a.radius - b.radius > margin) return m;
    const FeatureId id{FeatureType::vertex, static_cast<std::uint8_t>(vertex), FeatureType::vertex,
                       0};
    singlePoint(m, axis.unit, centerInA, axis.length, a.radius, b.radius, id);
  } else {
    // Face region: the distance from the face plane to the centre is the face separation.
    const FeatureId id{FeatureType::face, static_cast<std::uint8_t>(i1), FeatureType::vertex, 0};
    singlePoint(m, a.normal(i1), centerInA, best.separation, a.radius, b.radius, id);
  }
  m.normal = rotate(xfA.q, m.normal);
  m.points[0].point = apply(xfA, m.points[0].point);
  return m;
}

}  // namespace touche::fast
