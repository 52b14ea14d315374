// touche — Box2D 2.4.1's ray casts run in process (b2Shape::RayCast with b2RayCastInput), in
// float, as a cast engine "box2d" (design notes §8; docs/conventions.md, "Casts").
//
// b2RayCastInput{p1 = origin, p2 = origin + translation, maxFraction} against b2CircleShape,
// b2PolygonShape and b2EdgeShape (two-sided: a segment; one-sided with ghosts: a chain
// segment), each built field by field as the manifold adapter builds it (box2d.h). Box2D's
// conventions, read off its sources and declared (kBox2dCastConventions):
//   - rays only (b2Shape::RayCast has no radius): a cast with radius > 0 is `unsupported`;
//   - b2PolygonShape::RayCast ignores m_radius: a rounded polygon is `unsupported`; 2.4.1 has
//     no capsule;
//   - no initial overlap: an origin inside a circle or a polygon is a miss (an origin on a
//     polygon's face, too); an origin on an edge's line is a hit at fraction 0, and so is one
//     on a circle moving inwards;
//   - a graze is a hit (≤ tests); a ray parallel to an edge misses it (no end is hit);
//   - b2CircleShape::RayCast refuses translations with |d|² < b2_epsilon (FLT_EPSILON);
//   - no features: b2RayCastOutput has a fraction and a normal only; the point is
//     p1 + fraction·(p2 − p1), computed in float.
#pragma once

#include <string>

#include "touche/core/cast.h"

namespace touche::oracle::box2d {

/// A ray cast against circle, sharp polygon, segment or chain segment, in Box2D 2.4.1.
CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input);
/// circle, polygon, segment, chainSegment (no capsule in 2.4.1).
bool castImplements(ShapeType type);
/// Why Box2D 2.4.1 cannot run this cast (a capsule, a radius, a rounded polygon, a shape that
/// degenerates in float), or "".
std::string castRefusal(const Shape& shape, const CastInput& input);

inline constexpr CastEngine kCastEngine{"box2d", &cast, &castImplements, &castRefusal, false};

}  // namespace touche::oracle::box2d
