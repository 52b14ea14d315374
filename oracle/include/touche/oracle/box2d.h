// touche — adapter running Box2D 2.4.1's narrow phase in process, in float, and converting its
// b2WorldManifold into a touche::Manifold.
//
// Box2D 2.4.1 (src/collision/b2_collide_circle.cpp, b2_collide_polygon.cpp, b2_collision.cpp)
// computes circle–circle, polygon–circle and polygon–polygon manifolds. Everything else is
// `unsupported`. The polygon is handed to Box2D exactly as touche validated it: vertices,
// edge normals and radius are filled in directly, b2PolygonShape::Set() is never called (it
// welds close vertices, reorders them and asserts on degenerate input).
//
// Two engines:
//   "box2d"       b2PolygonShape::m_radius = the polygon's own radius: the geometry is ours.
//   "box2d_skin"  m_radius = the polygon's radius + b2_polygonRadius (0.01), as Box2D builds
//                 every polygon: the expected manifold is the reference's on the case with
//                 every polygon grown by that skin (see engines.h, expectedCaseFor()).
// Box2D 2.4.1 has no speculative margin: with margin > 0 both answer `unsupported`.
#pragma once

#include <string_view>

#include "touche/core/engine.h"

namespace touche::oracle::box2d {

/// Box2D's b2_polygonRadius (2·b2_linearSlop = 0.01f), widened exactly to double.
inline constexpr double kPolygonSkin = static_cast<double>(0.01f);
/// Box2D's b2_linearSlop (0.005f), widened exactly to double.
inline constexpr double kLinearSlop = static_cast<double>(0.005f);
/// b2CollidePolygons' reference-face hysteresis k_tol = 0.1f · b2_linearSlop, as a float.
inline constexpr double kReferenceFaceTolerance = static_cast<double>(0.1f * 0.005f);

/// Why the Box2D engines answer `unsupported` when a margin is requested.
inline constexpr std::string_view kMarginUnsupported =
    "Box2D 2.4.1 has no speculative margin (b2Collide* report contact at distance 0 only); "
    "run with margin 0";

/// Any ordered pair with the polygon's own radius (engine "box2d").
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options = {});
/// Any ordered pair with Box2D's default skin added to every polygon (engine "box2d_skin").
Manifold collideWithSkin(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                         const Options& options = {});

/// circle_circle, polygon_circle and polygon_polygon.
bool implements(PairId pair);

inline constexpr Engine kEngine{"box2d", &collide, &implements};
inline constexpr Engine kSkinEngine{"box2d_skin", &collideWithSkin, &implements};

}  // namespace touche::oracle::box2d
