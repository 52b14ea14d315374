// touche — adapter running Box2D v3's narrow phase (v3.1.x, built from its source tree with
// -DTOUCHE_BOX2D_V3_DIR, README "Box2D v3") in process, in float, and converting its b2Manifold
// into a touche::Manifold.
//
// Box2D v3 has every canonical pair of touche's table: b2CollideCircles,
// b2CollideCapsuleAndCircle, b2CollideCapsules, b2CollideSegmentAndCapsule,
// b2CollidePolygonAndCircle, b2CollidePolygonAndCapsule, b2CollidePolygons,
// b2CollideSegmentAndCircle, b2CollideSegmentAndPolygon and b2CollideChainSegmentAnd{Circle,
// Capsule,Polygon}. Its manifold is already in touche's frame: a world normal from A to B and,
// per point, the world point midway between the surfaces (b2ManifoldPoint::point = xfA.p +
// anchorA) and the separation. Its point ids are 16-bit keys (two vertex or point indices),
// not typed features: the adapter writes (vertex 0, vertex 0) for every point (right for
// circle–circle only), and the engine declares ids not comparable.
//
// The shapes are built as a v3 user builds them, and a case whose shapes v3 would build
// differently is refused (`unsupported`, refusal() says why):
// - a polygon through b2ComputeHull + b2MakePolygon(hull, radius): the hull welds vertices
//   closer than 4·b2_linearSlop and drops vertices within 2·b2_linearSlop of their
//   neighbours' line; when the hull is not the case's polygon (in float) the case is refused.
//   The hull may start at another vertex: its indices are v3's own, not the case's;
// - a capsule as b2Capsule, except one whose core is not longer than b2_linearSlop, which
//   b2CreateCapsuleShape turns into a circle at the core's midpoint: refused, unless both ends
//   are one point in float (a circle there, as touche's contract has it);
// - a segment longer than b2_linearSlop (b2CreateSegmentShape asserts on shorter ones);
// - a chain segment from a 4-point open b2ChainDef (ghost1, p1, p2, ghost2), whose points must
//   be farther apart than b2_linearSlop (b2ChainDef).
// v3 collides at a fixed speculative distance, 4·b2_linearSlop: the engine answers for margin 0
// (meaning that distance) or exactly that margin, and `unsupported` for any other.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "touche/core/cast.h"
#include "touche/core/engine.h"

namespace touche::oracle::box2d_v3 {

/// Box2D v3's B2_LINEAR_SLOP (0.005f · b2_lengthUnitsPerMeter = 1), widened exactly to double.
inline constexpr double kLinearSlop = static_cast<double>(0.005f);
/// B2_SPECULATIVE_DISTANCE = 4 · B2_LINEAR_SLOP in float (0x1.47ae14p-6), widened exactly.
inline constexpr double kSpeculativeDistance = static_cast<double>(4.0f * 0.005f);

/// 0.1f · B2_LINEAR_SLOP in float, v3's hysteresis between two choices (b2CollideCapsules'
/// reference core; b2CollidePolygons' vertex–vertex normal against its clip), widened exactly.
inline constexpr double kHysteresis = static_cast<double>(0.1f * 0.005f);

/// Whether this build has Box2D v3 (configured with TOUCHE_BOX2D_V3_DIR).
bool built();

/// The Box2D release built in ("3.1.1"), or "" without v3.
std::string_view version();

/// Any ordered pair; margin 0 or kSpeculativeDistance (v3's fixed speculative distance).
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options = {});

/// A Box2D v3 manifold with its points' own keys (B2_MAKE_ID, as each b2Collide* writes it;
/// docs/conventions.md, "Feature-id formats"), in the case's roles: a pair v3 has only the
/// other way round is collided swapped, and each key's two bytes are exchanged back.
struct NativeManifold {
  Manifold manifold;
  std::array<std::uint16_t, 2> keys{};
};

/// collide(), keeping v3's keys. A polygon is built by b2MakePolygon from the hull
/// b2ComputeHull confirms, started at the case's vertex 0 (a v3 user may hand b2MakePolygon any
/// b2Hull), so that v3's vertex indices are the case's; collide() keeps the hull's own start,
/// which only its ids (not compared) would show.
NativeManifold collideNative(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options = {});

/// Every canonical pair with area when built with v3, none otherwise.
bool implements(PairId pair);

/// Why Box2D v3 cannot take these shapes as the case gives them (see above), or "" when it can.
/// The engine answers `unsupported` exactly when this is not empty (or the margin is not v3's,
/// or v3 is not built in).
std::string refusal(const Shape& a, const Shape& b);

/// Why the engine answers `unsupported` for a margin other than 0 and v3's.
inline constexpr std::string_view kMarginUnsupported =
    "Box2D v3 collides at its fixed speculative distance 4*b2_linearSlop = 0.02 (0x1.47ae14p-6); "
    "run with margin 0 (which means that distance) or exactly that margin";

/// Why the engine answers `unsupported` in a build without v3.
inline constexpr std::string_view kNotBuilt =
    "this touche was built without Box2D v3: configure with -DTOUCHE_BOX2D_V3_DIR=<a Box2D "
    "v3.1.x source tree> (README, \"Box2D v3\")";

inline constexpr Engine kEngine{"box2d_v3", &collide, &implements};

// ---- v3 on the case's exact shapes ----------------------------------------------------------
//
// Engine box2d_v3_exact runs the same collide functions on shapes filled directly rather than
// built as a user builds them: a polygon by b2MakePolygon from a b2Hull holding exactly the
// case's vertices in the case's order (b2ComputeHull, which welds and drops vertices, is not
// called), a capsule as b2Capsule whatever its core's length (a circle when its ends are one
// point in float, as the contract has it), segments and chain segments from
// their points whatever their lengths. It judges v3's narrow phase on the geometry the case
// gives where box2d_v3 refuses the case (a hull that is not the case's polygon, a short core),
// and equals collideNative's manifold where box2d_v3 takes it. It refuses only shapes whose
// float geometry is degenerate (exactRefusal).

/// Why v3's collide functions cannot take these shapes even filled directly, or "".
std::string exactRefusal(const Shape& a, const Shape& b);

/// Any ordered pair on the shapes filled directly; margin 0 or kSpeculativeDistance.
Manifold collideExact(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                      const Options& options = {});

inline constexpr Engine kExactEngine{"box2d_v3_exact", &collideExact, &implements};

// ---- Casts (design notes §8; docs/conventions.md, "Box2D v3's casts") ------------------------
//
// v3's own cast functions on the shape as v3 builds it (the refusals above, with "the polygon"
// for a role), in the shape's frame as v3's world queries bring them there (b2InvTransformPoint
// of the origin, b2InvRotateVector of the translation; the answer back with b2TransformPoint
// and b2RotateVector):
// - a ray (radius 0): b2RayCastCircle, b2RayCastCapsule, b2RayCastPolygon (by b2ShapeCast with
//   a point when the polygon is rounded), b2RayCastSegment (two-sided for a segment, one-sided
//   for a chain segment, as b2RayCastShape calls it);
// - a swept circle: b2ShapeCastCircle, b2ShapeCastCapsule, b2ShapeCastPolygon,
//   b2ShapeCastSegment with b2ShapeCastInput{b2MakeProxy(origin, 1, r), translation,
//   maxFraction, canEncroach = false}; a chain segment by b2ShapeCastSegment on its segment, as
//   b2ShapeCastShape does (two-sided);
// - b2CastOutput's hit with fraction 0 and normal (0, 0) is v3's initial overlap
//   (`initial_overlap`); otherwise its fraction, point and normal.

/// A ray or swept circle against any shape, in Box2D v3 (unsupported without v3).
CastResult cast(const Shape& shape, const Transform& xf, const CastInput& input);
/// Every shape type when built with v3, none otherwise.
bool castImplements(ShapeType type);
/// Why v3 cannot take the shape as given (as refusal(); kNotBuilt without v3), or "".
std::string castRefusal(const Shape& shape, const CastInput& input);

inline constexpr CastEngine kCastEngine{"box2d_v3", &cast, &castImplements, &castRefusal, false};

}  // namespace touche::oracle::box2d_v3
