// touche reference — polygon A vs capsule B, and segment A vs polygon B.
//
// Derivation: Box2D v3 b2CollidePolygonAndCapsule and b2CollideSegmentAndPolygon — the capsule
// (or the segment, radius 0) is a rounded two-vertex polygon (b2MakeCapsule: vertices p1, p2;
// face 0 with outward normal rightPerp(p2 − p1), face 1 its opposite) and the pair is
// polygon–polygon (polygon_polygon.cpp, steps 2–6: SAT both ways, incident edge, vertex–vertex
// for separated corners, clipping to the reference extent). SAT over the faces of both shapes
// is complete for two convex shapes in the plane, the two-vertex polygon included.
//   Step 1: shapes in the world frame, exactly. A zero-length capsule is the circle (p1, r)
//           (polygon_circle.cpp); its feature is vertex 0.
//   Step 2: polygon_polygon.cpp on (polygon, two-vertex polygon).
#include "cores.h"
#include "touche/reference/reference.h"

namespace touche::reference {

Manifold collidePolygonAndCapsule(const Polygon& a, const Transform& xfA, const Capsule& b,
                                  const Transform& xfB, const Options& options) {
  // Step 1: the zero-length capsule is a circle (the world map is one-to-one, so equal local
  // points are exactly the equal world points).
  if (b.p1 == b.p2) {
    return collidePolygonAndCircle(a, xfA, Circle{b.p1, b.radius}, xfB, options);
  }
  // Step 2: polygon–polygon with the capsule as a rounded two-vertex polygon (filtered).
  const Vec2 core[2] = {b.p1, b.p2};
  return collideFilteredPolygons({a.vertices.data(), a.count, a.radius, xfA},
                                 {core, 2, b.radius, xfB}, options.margin);
}

Manifold collideSegmentAndPolygon(const Segment& a, const Transform& xfA, const Polygon& b,
                                  const Transform& xfB, const Options& options) {
  // Steps 1–2: the segment is a two-vertex polygon of radius 0 (validation: p1 ≠ p2).
  const Vec2 core[2] = {a.p1, a.p2};
  return collideFilteredPolygons({core, 2, 0.0, xfA}, {b.vertices.data(), b.count, b.radius, xfB},
                                 options.margin);
}

}  // namespace touche::reference
