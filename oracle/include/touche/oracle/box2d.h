// touche — adapter running Box2D 2.4.1's narrow phase in process, in float, and converting its
// b2WorldManifold into a touche::Manifold.
//
// Box2D 2.4.1 (src/collision/b2_collide_circle.cpp, b2_collide_polygon.cpp,
// b2_collide_edge.cpp, b2_collision.cpp) computes circle–circle, polygon–circle,
// polygon–polygon, edge–circle and edge–polygon manifolds. A two-sided b2EdgeShape
// (m_oneSided = false) is touche's segment; a one-sided edge with ghost vertices m_vertex0 and
// m_vertex3 (what b2ChainShape::GetChildEdge makes) is touche's chain segment. Box2D 2.4.1 has
// no capsule: every capsule pair is `unsupported`. The shapes are handed to Box2D exactly as
// touche validated them: vertices, edge normals, centroid and radius are filled in directly,
// b2PolygonShape::Set() is never called (it welds close vertices, reorders them and asserts on
// degenerate input) — but a polygon whose float area is not above FLT_EPSILON, which Set()
// would assert on (its centroid divides by the area), and an edge shorter than FLT_EPSILON in
// float, whose normal b2Vec2::Normalize would leave unnormalised, are refused: `unsupported`,
// and refusal() says why, naming the area or the length.
//
// Two engines:
//   "box2d"       b2PolygonShape::m_radius = the polygon's own radius and b2EdgeShape::m_radius
//                 = 0: the geometry is ours.
//   "box2d_skin"  m_radius = the polygon's radius + b2_polygonRadius (0.01) and an edge's
//                 m_radius = b2_polygonRadius, as Box2D builds every polygon and edge: the
//                 expected manifold is the reference's on the case with every polygon and
//                 segment grown by that skin (see engines.h, expectedCaseFor()).
// Box2D 2.4.1 has no speculative margin: with margin > 0 both answer `unsupported`.
#pragma once

#include <array>
#include <cstdint>
#include <string>
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

/// Why the Box2D engines answer `unsupported` for a capsule pair.
inline constexpr std::string_view kCapsuleUnsupported =
    "Box2D 2.4.1 has no capsule shape (b2_collide_*.cpp collide circles, polygons and edges only)";

/// Any ordered pair with the polygon's own radius (engine "box2d").
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 const Options& options = {});
/// Any ordered pair with Box2D's default skin added to every polygon (engine "box2d_skin").
Manifold collideWithSkin(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                         const Options& options = {});

/// circle_circle, polygon_circle, polygon_polygon, segment_circle, segment_polygon,
/// chainSegment_circle and chainSegment_polygon.
bool implements(PairId pair);

/// The pairs of engine "box2d_skin": those of implements() but the chain segment pairs. Box2D
/// gives a chain's edges its skin too, and a chain segment grown by a radius is no touche shape:
/// the reference has no expectation to compare with (use engine "box2d").
bool implementsWithSkin(PairId pair);

/// Why the "box2d_skin" engine answers `unsupported` for a chain segment pair.
inline constexpr std::string_view kSkinnedChainUnsupported =
    "engine box2d_skin: Box2D gives a chain's edges its 0.01 skin, and a chain segment grown by "
    "a radius is no touche shape, so there is no reference to compare with; use engine box2d";

/// Why Box2D 2.4.1 cannot take this input although it implements the pair, or "" when it can:
/// a polygon whose float area, as b2PolygonShape::Set() computes it, is not above FLT_EPSILON
/// (Set() asserts on it), or an edge Box2D normalises — a segment, a chain segment or one of its
/// ghost edges — whose float length is below FLT_EPSILON (b2Vec2::Normalize then leaves the
/// normal unnormalised). Both engines answer `unsupported` exactly when this is not empty.
std::string refusal(const Shape& a, const Shape& b);

/// Box2D 2.4.1's own id of a point, b2ContactFeature (e_vertex = 0, e_face = 1), as its
/// collide functions leave it — after b2CollidePolygons' flip, before the adapter's edge
/// mapping — and in the case's roles (the halves swapped back when the adapter called Box2D
/// with the shapes exchanged).
struct NativeFeature {
  std::uint8_t indexA = 0;
  std::uint8_t indexB = 0;
  std::uint8_t typeA = 0;
  std::uint8_t typeB = 0;
};

/// Bugs a Box2D-2.x-style engine can have, planted in the adapter for the oracle's tests
/// (docs/conventions.md, "Feature-id formats", "Exact touches"):
enum class Mutation {
  none,
  /// b2CollidePolygons forgets to swap the features back when B's face is the reference.
  unswappedFlip,
  /// b2ClipSegmentToLine writes indexA and indexB the wrong way round for a clipped point.
  clipIndicesExchanged,
  /// b2CollidePolygons keeps a clipped point only if separation < totalRadius (not <=): every
  /// point of an exactly resting contact is dropped.
  strictPointFilter,
};

/// A Box2D 2.4.1 manifold with its points' own features (engine "box2d": no skin).
struct NativeManifold {
  Manifold manifold;  ///< as collide() gives it (ids mapped to touche's)
  std::array<NativeFeature, 2> features{};
  /// Box2D's b2Manifold::e_faceB: the reference face was its shape B's (in Box2D's roles).
  bool referenceOnB = false;
};

/// collide(), keeping Box2D's own features, with `mutation` planted (polygon pairs only).
NativeManifold collideNative(const Shape& a, const Transform& xfA, const Shape& b,
                             const Transform& xfB, const Options& options = {},
                             Mutation mutation = Mutation::none);

inline constexpr Engine kEngine{"box2d", &collide, &implements};
inline constexpr Engine kSkinEngine{"box2d_skin", &collideWithSkin, &implementsWithSkin};

}  // namespace touche::oracle::box2d
