// touche — comparing an engine's cast result with the reference's, under the conventions the
// engine declares (design notes §5 and §8; docs/conventions.md, "Casts").
//
// A different status or feature is legitimate only inside the reference's decision gaps
// (CastGaps) widened by the engine's declared band; a fraction or point may differ by the
// engine's length allowance divided by the incidence (the cosine between the path and the
// normal: a graze makes the entry point ill-posed), a normal by its allowance times its lever
// (an arc's scale/R, a face's scale/length). Declared differences (Box2D 2.4.1 reports no
// initial overlap) are their own outcome, never a silent pass.
//
// An engine that casts by conservative advancement (Box2D's b2ShapeCast) does not stop at the
// touch but once the circle is within a target distance of the shape's core (CastTarget). Its
// casts are judged against the reference's casts of the two circles that bound that target:
// the engine must hit no earlier than the outer circle first touches and no later than the
// inner one, miss only where the inner one misses, and give the normal and point of the
// circle where it stopped.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/cast_jsonl.h"

namespace touche::oracle {

/// Where a conservative-advancement cast stops: with the moving circle's centre at a core
/// distance in [σ − below, σ + above] from the shape's core, σ = max(minimum, radiusA + radiusB
/// + offset), where radiusA = max(shape radius + skin, radiusFloor) (skin on polygons, segments
/// and chain segments only) and radiusB = max(r, radiusFloor). Its point is on the core pushed
/// out by radiusA along the normal. Box2D 2.4.1: skin = radiusFloor = b2_polygonRadius (0.01),
/// offset −b2_polygonRadius, minimum b2_polygonRadius, below = above = b2_linearSlop / 2.
struct CastTarget {
  double skin = 0.0;
  double radiusFloor = 0.0;
  double offset = 0.0;
  double minimum = 0.0;
  double below = 0.0;
  double above = 0.0;
  friend bool operator==(const CastTarget&, const CastTarget&) = default;
};

/// What an engine declares about its casts.
struct CastConventions {
  std::string engine;
  double epsilon = 0x1p-52;      ///< the precision's epsilon (float: 2^-23)
  double tieBandUnits = 0x1p10;  ///< decisions this close (units of epsilon × scale) may differ
  double lengthUnits = 16;       ///< allowed error of fractions, points (units / incidence)
  bool reportsInitialOverlap = true;  ///< false: an overlap at t = 0 is a miss or a hit at 0
  /// true: an overlap at t = 0 may be reported as a hit at fraction 0 (v3's segments), never as
  /// a miss.
  bool overlapAsHitAtStart = false;
  bool reportsFeatures = true;  ///< false: features are not compared
  /// Swept circles (radius > 0) cast by conservative advancement to this target.
  std::optional<CastTarget> sweptTarget;
  /// Rays against rounded polygons cast to sweptTarget too (Box2D v3's b2RayCastPolygon).
  bool roundedPolygonRaysByTarget = false;
  friend bool operator==(const CastConventions&, const CastConventions&) = default;
};

/// touche's fast engines (double, float), Box2D 2.4.1 (box2d) and Box2D v3 (box2d_v3).
CastConventions castConventionsFor(std::string_view engine);

/// The presets of `touche check-casts --conventions`: exact (the fast engine's double), float
/// (fast_float), box2d-2.4.1 and box2d-v3; nothing for another name.
std::optional<CastConventions> castConventionsPreset(std::string_view name);
/// The preset names, in the order above.
std::span<const std::string_view> castConventionsPresetNames();

/// A cast conventions file (docs/file-formats.md, "Cast conventions"): one JSON object whose
/// keys are those of CastConventions (every one optional: the exact conventions' value), with
/// "precision": "float" | "double" for epsilon and "sweptTarget": {skin, radiusFloor, offset,
/// minimum, below, above}. An unknown key or a bad value is an error naming the key.
std::variant<CastConventions, InputError> parseCastConventions(std::string_view text);
/// A preset by name, else the file at that path (errors name the path and the key).
std::variant<CastConventions, InputError> loadCastConventions(const std::string& nameOrPath);
/// The conventions as a conventions file would give them (parseCastConventions reads it back).
std::string formatCastConventions(const CastConventions& conventions);

/// σ of `target` for cast `c`: the core distance at which the engine aims to stop.
double targetDistance(const CastCase& c, const CastTarget& target);

/// The distance of `point` from the shape's core (its points, segment or polygon; 0 inside a
/// polygon's core), in double.
double coreDistance(const CastCase& c, Vec2 point);

/// The target of `conventions` when it applies to cast `c`, else nothing.
std::optional<CastTarget> targetFor(const CastCase& c, const CastConventions& conventions);

enum class CastOutcome {
  agree,
  agreeWithinTie,      ///< a different status or feature inside the reference's gap + band
  declaredDifference,  ///< a difference the conventions declare (e.g. no initial overlap)
  statusMismatch,
  wrongFraction,
  wrongPoint,
  wrongNormal,
  wrongFeature,
  nonFinite,
};

std::string_view castOutcomeName(CastOutcome outcome);

struct CastComparison {
  CastOutcome outcome = CastOutcome::agree;
  std::string explanation;  ///< empty for agree; in units of the tolerance otherwise
  bool passed() const {
    return outcome == CastOutcome::agree || outcome == CastOutcome::agreeWithinTie ||
           outcome == CastOutcome::declaredDifference;
  }
};

/// The largest magnitude the cast reaches: the unit of its tolerances is epsilon × this.
double castScale(const CastCase& c);
/// The shape's own radius (a circle's, a capsule's, a rounded polygon's; 0 otherwise).
double castShapeRadius(const Shape& shape);
/// The length of face `index` in the shape's frame (a segment's two faces are one edge): the
/// lever of a face normal's rounding.
double castFaceLength(const Shape& shape, int index);

/// Compares `actual` with the reference's `expected` for cast `c` under `conventions`.
CastComparison compareCast(const CastCase& c, const CastResult& expected, const CastResult& actual,
                           const CastConventions& conventions);

}  // namespace touche::oracle
