// touche — Box2D 2.4.1's casts run in process, in float, as a cast engine "box2d" (design
// notes §8; docs/conventions.md, "Box2D 2.4.1's casts").
//
// A ray (radius 0) is b2Shape::RayCast with b2RayCastInput{p1 = origin, p2 = origin +
// translation, maxFraction} against b2CircleShape, b2PolygonShape and b2EdgeShape (two-sided:
// a segment; one-sided with ghosts: a chain segment), each built field by field as the
// manifold adapter builds it (box2d.h). A swept circle (radius > 0) is b2ShapeCast with proxy
// A the shape as a 2.4.1 user makes it (polygons and edges with m_radius = b2_polygonRadius on
// top of touche's radius, circles with theirs) and proxy B a b2CircleShape of radius r at the
// origin, moved by the translation. Box2D's conventions, read off its sources and measured, are
// declared in castConventionsFor("box2d") (cast_compare.h):
//   - rays: b2PolygonShape::RayCast ignores m_radius, so a ray at a rounded polygon is
//     `unsupported`; 2.4.1 has no capsule; no initial overlap (an origin inside a circle or a
//     polygon is a miss; on an edge's line within the edge, or on a circle moving inwards, a hit
//     at fraction 0); a graze is a hit; a ray parallel to an edge misses it;
//     b2CircleShape::RayCast refuses translations with |d|² < b2_epsilon; no features;
//   - swept circles: b2ShapeCast advances conservatively until the core distance is within
//     0.5·b2_linearSlop above σ = max(b2_polygonRadius, radii − b2_polygonRadius), each radius
//     raised to at least b2_polygonRadius (CastTarget); it answers false (a miss) when the
//     circle starts within that band, and from deep inside a hit at fraction 0 with normal
//     (0, 0) or shorter than b2_epsilon; it has no maxFraction (λ beyond it is a miss here); a
//     chain segment is its two-sided edge (finding C1); its normal is its simplex's, not always
//     the closest point's (finding C2); the point is on the core pushed out by proxy A's
//     radius.
#pragma once

#include <string>

#include "touche/core/cast.h"

namespace touche::oracle::box2d {

/// A ray cast (b2Shape::RayCast) or a swept circle (b2ShapeCast) against circle, polygon,
/// segment or chain segment, in Box2D 2.4.1.
CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input);
/// circle, polygon, segment, chainSegment (no capsule in 2.4.1).
bool castImplements(ShapeType type);
/// Why Box2D 2.4.1 cannot run this cast (a capsule, a ray at a rounded polygon, a polygon that
/// degenerates in float, a ray at an edge shorter than FLT_EPSILON), or "".
std::string castRefusal(const Shape& shape, const CastInput& input);

inline constexpr CastEngine kCastEngine{"box2d", &cast, &castImplements, &castRefusal, false};

}  // namespace touche::oracle::box2d
