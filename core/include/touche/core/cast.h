// touche — casts: a circle of radius r (r = 0: a ray) moved from `origin` along `translation`,
// and the first moment it touches a shape (design notes §8; docs/conventions.md, "Casts").
//
// A cast is a column through the same floors as a manifold: these value types, one entry per
// shape type in the cast table (kCastTable, like the pair table), validation that names the
// field, one front door (dispatchCast) that every engine goes through, and the JSON Lines
// format of cast_jsonl.h. Outputs are in world coordinates, like the inputs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "touche/core/geometry.h"
#include "touche/core/manifold.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"

namespace touche {

/// The moving circle: its centre starts at `origin` and moves by `translation`·t for t in
/// [0, maxFraction]. radius 0 is a ray. World coordinates.
struct CastInput {
  Vec2 origin;
  Vec2 translation;
  double radius = 0.0;       ///< ≥ 0; a rounded shape's radius is added to it
  double maxFraction = 1.0;  ///< in [0, 1]: the part of the translation the cast may use
  friend bool operator==(const CastInput&, const CastInput&) = default;
};

enum class CastStatus : std::uint8_t {
  hit,             ///< touches first at `fraction` in (0, maxFraction]: point, normal, feature
  miss,            ///< never touches for t in [0, maxFraction]
  initialOverlap,  ///< already touches at t = 0 (even when moving away); fraction 0
  unsupported,     ///< the engine does not cast against this shape type (kCastTable)
  error,           ///< invalid input (validateCast names the field)
};

/// "hit", "miss", "initial_overlap", "unsupported", "error".
std::string_view castStatusName(CastStatus status);
/// The status named `name`; false when the name is none of castStatusName's.
bool castStatusFromName(std::string_view name, CastStatus* out);

/// The shape's feature the circle touches first: a face (flat side, pushed out by the radius)
/// or a vertex (its arc of the total radius; a circle's centre is vertex 0). Numbered as in
/// manifolds: polygon face i runs from vertex i to i + 1; segment and capsule vertex 0 = p1,
/// vertex 1 = p2, face 0 right of p1→p2, face 1 left; chain segment face 0 = its front side.
struct CastFeature {
  FeatureType type = FeatureType::vertex;
  std::uint8_t index = 0;
  friend bool operator==(const CastFeature&, const CastFeature&) = default;
};

/// How close the reference's discrete decisions were: each a non-negative length (rounded to a
/// double, 0 = exactly at the boundary); empty when the decision did not arise. An engine that
/// decides differently is legitimate only when the gap is inside its tie band.
struct CastGaps {
  /// hit vs miss: how far the shape would have to move for the answer to change. With the
  /// path = the centre's positions for t in [0, maxFraction] (for a chain segment, their part
  /// on its front side) and R the total radius: |dist(path, core) − R| when the path does not
  /// meet the core, else R plus the path's penetration depth into the core. 0: a graze, or a
  /// touch exactly at maxFraction.
  std::optional<double> hit;
  /// initial_overlap vs not: |dist(origin, shape core) − R|, or for an origin inside a
  /// polygon's core R plus its depth there (its distance to the nearest face line).
  std::optional<double> initial;
  /// which feature: the distance from the circle's centre at the hit to the nearest boundary
  /// between feature regions (a face's end, a vertex's adjacent face normal). 0: a tie (a ray
  /// through a sharp vertex, a circle sliding along a face that first touches at its end).
  std::optional<double> feature;
  /// chain segment only: the distance of the origin from the segment's line (front vs back).
  std::optional<double> side;
};

struct CastResult {
  CastStatus status = CastStatus::miss;
  double fraction = 0.0;  ///< hit: t; initial_overlap: 0
  Vec2 point;             ///< hit: on the shape's (rounded) surface: centre at t − r·normal
  Vec2 normal;            ///< hit: the shape's outward unit normal there (towards the centre)
  CastFeature feature;    ///< hit: the touched feature
  std::uint32_t flags = kFlagNone;  ///< kFlagDegenerateNormal: a ray (R = 0) hits a point
  CastGaps gaps;                    ///< filled by engines that know them (the reference)
};

inline CastResult castStatusOnly(CastStatus status) {
  CastResult result;
  result.status = status;
  return result;
}

/// The cast table: one entry per shape type (indexed by ShapeType), what a cast against it
/// means and which features it has. Dispatch, tests, fuzzers and docs iterate it.
struct CastShapeInfo {
  ShapeType type;
  std::string_view name;      ///< as in JSON: "circle", "polygon", ...
  bool oneSided;              ///< hit from its front (right of p1→p2) only
  std::string_view features;  ///< the feature numbering, for docs and messages
};

inline constexpr std::array<CastShapeInfo, kShapeTypeCount> kCastTable = {{
    {ShapeType::circle, "circle", false, "vertex 0: the centre's arc of radius r + radius"},
    {ShapeType::capsule, "capsule", false,
     "face 0 right of p1->p2, face 1 left, vertex 0 = p1, vertex 1 = p2"},
    {ShapeType::segment, "segment", false,
     "face 0 right of p1->p2, face 1 left, vertex 0 = p1, vertex 1 = p2"},
    {ShapeType::polygon, "polygon", false,
     "face i from vertex i to vertex i + 1, vertex i with its arc when rounded or r > 0"},
    {ShapeType::chainSegment, "chainSegment", true,
     "face 0 = the front (right of p1->p2), vertex 0 = p1, vertex 1 = p2 (front half arcs); "
     "ghosts unused"},
}};

inline const CastShapeInfo& castInfo(ShapeType type) {
  return kCastTable[static_cast<int>(type)];
}

/// The moving circle's fields, with `prefix` as their path ("ray"): origin and translation
/// finite and at most 2^50 in magnitude, radius in [0, 2^50], maxFraction in [0, 1].
std::optional<InputError> validateCastInput(const CastInput& input, std::string_view prefix);
/// validateCastInput's verdict without its message (a query through a BVH checks every cast,
/// and so does every engine call; the message is built only for an invalid one): every number
/// finite and at most 2^50 in magnitude, the radius ≥ 0, maxFraction in [0, 1].
inline bool castInputIsValid(const CastInput& input) {
  const auto inRange = [](double v) { return v <= kMaxCoordinate && v >= -kMaxCoordinate; };
  return inRange(input.origin.x) && inRange(input.origin.y) && inRange(input.translation.x) &&
         inRange(input.translation.y) && inRange(input.radius) && input.radius >= 0.0 &&
         input.maxFraction >= 0.0 && input.maxFraction <= 1.0;  // NaN fails every comparison
}
/// The whole cast: the shape ("shape"), its transform ("xf") and the moving circle ("ray").
std::optional<InputError> validateCast(const Shape& shape, const Transform& xf,
                                       const CastInput& input);

using CastFn = CastResult (*)(const Shape& shape, const Transform& xf, const CastInput& input);
using CastImplementsFn = bool (*)(ShapeType type);
/// Why an engine that implements the shape type still answers `unsupported` for this cast
/// (an adapter's limitation, e.g. a swept circle where only rays are cast); "" if it does not.
using CastRefusalFn = std::string (*)(const Shape& shape, const CastInput& input);

/// The cast column of an engine: a name and function pointers, like Engine.
struct CastEngine {
  std::string_view name;  ///< "reference", "fast", "fast_float", "box2d", ...
  CastFn cast;
  CastImplementsFn implements;
  CastRefusalFn refusal = nullptr;  ///< adapters with limits beyond the shape type
  bool reportsFeatures = true;      ///< false: the engine's hits name no feature (Box2D's)
};

/// Why `engine` answers `unsupported` for a cast against `type`.
std::string castUnsupportedReason(const CastEngine& engine, ShapeType type);
/// Why `engine` answers `unsupported` for this cast: its refusal, or the shape type's reason.
std::string castUnsupportedReason(const CastEngine& engine, const Shape& shape,
                                  const CastInput& input);

/// The front door: validate (error), look the shape type up (unsupported when the engine does
/// not implement it), then `perShape(type, shape, xf, input)`.
template <class PerShapeFn>
CastResult dispatchCast(const Shape& shape, const Transform& xf, const CastInput& input,
                        CastImplementsFn implements, PerShapeFn&& perShape) {
  if (validateCast(shape, xf, input)) return castStatusOnly(CastStatus::error);
  const ShapeType type = typeOf(shape);
  if (!implements(type)) return castStatusOnly(CastStatus::unsupported);
  return perShape(type, shape, xf, input);
}

}  // namespace touche
