// touche — touche's shapes as Box2D v3 builds them, shared by the manifold adapter
// (box2d_v3.cpp) and the cast adapter (box2d_v3_cast.cpp). Private to touche_oracle, and
// compiled only with TOUCHE_BOX2D_V3_DIR.
//
// Box2D v3's public headers declare C types named like Box2D 2.4.1's C++ ones (b2Vec2,
// b2Manifold, b2Transform, ...), and both Box2Ds are linked into touche_oracle. Two different
// classes of one name in one program break the one-definition rule, so v3's headers are read
// inside a namespace of their own (`api`): its types become api::b2Vec2 and so on, while its
// functions keep their C linkage and resolve to v3's objects. The C standard headers they
// include are included first, at global scope, so that their include guards keep them there.
#pragma once

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

namespace touche::oracle::box2d_v3::api {
#include <box2d/collision.h>
}  // namespace touche::oracle::box2d_v3::api

#include <string>
#include <string_view>

#include "touche/core/shapes.h"

namespace touche::oracle::box2d_v3::shapes {

/// A shape as v3 holds it once built the way a v3 user builds it (box2d_v3.h).
struct V3Shape {
  enum Kind { circle, capsule, segment, polygon, chain } kind = circle;
  api::b2Circle circleShape{};
  api::b2Capsule capsuleShape{};
  api::b2Segment segmentShape{};
  api::b2Polygon polygonShape{};
  api::b2ChainSegment chainShape{};
};

/// Lets v3 go on after a failed assertion, as its release build does (debug builds of touche
/// compile v3's assertions in). Call before the first call into v3.
void installAssertHandler();

api::b2Vec2 toV3(Vec2 v);
/// The rotation (c, s) is used as given, rounded to float, never re-derived from an angle.
api::b2Transform toV3(const Transform& xf);
/// The shape as v3 builds it (a polygon through b2ComputeHull and b2MakePolygon, a capsule
/// whose ends are one point in float as a circle there, a chain segment from an open chain).
V3Shape toV3(const Shape& shape);

/// As toV3, but a polygon starts at the case's vertex 0 (its hull rotated there), so that v3's
/// vertex indices are the case's (box2d_v3.h, collideNative).
V3Shape toV3InCaseOrder(const Shape& shape);

/// Why v3 does not build the shape as given (box2d_v3.h), or "". `role` names it in the text
/// ("a", "b"; empty: "the polygon").
std::string shapeRefusal(const Shape& shape, std::string_view role);

/// The shape filled directly, as v3's own builders fill a shape of exactly the case's geometry
/// (box2d_v3.h, kExactEngine): a polygon by b2MakePolygon from a b2Hull holding the case's
/// vertices in the case's order (no b2ComputeHull), a capsule as b2Capsule whatever its core's
/// length (a circle when its ends are one point in float, as the contract has it), a segment
/// and a chain segment from their points.
V3Shape toV3Exact(const Shape& shape);

/// Why v3's collide functions cannot take the shape even filled directly: its float geometry
/// is degenerate (a polygon not strictly convex once rounded to float, or with an edge or area
/// b2MakePolygon asserts on; a segment, core or chain edge of no length in float), or "".
std::string exactShapeRefusal(const Shape& shape, std::string_view role);

}  // namespace touche::oracle::box2d_v3::shapes
