// touche — the oracle's second judge: a foreign engine's manifold against exact geometry,
// without assuming touche's algorithm, under the engine's declared conventions.
//
// judge() checks (docs/validating-your-engine.md):
//   1. status: contact iff the shapes are within the margin, up to the declared contact band
//      plus the tolerance; `unsupported`/`error` are never right for a valid case;
//   2. finite numbers, 1–2 points, a unit normal;
//   3. the normal is near-optimal: the exact separation of the shapes along it is within the
//      tie band plus tolerance of the exact best separation over all directions;
//   4. each point: the line through it along the normal meets both cores (the point lies on
//      both features), the exact separation of the shapes on that line equals the reported
//      one, the point sits where the declared placement puts it, and it is not beyond the
//      margin unless the engine keeps such points;
//   5. face–face contact (parallel edges overlapping along the normal's tangent) has two
//      points; 6. when ids are compared, each point's features are the ones it lies on.
// Status and sanity end the judgement when they fail; every later check runs, and each of
// its failures is reported (Comparison::failures).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/core/validate.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {

enum class NormalDirection { aToB, bToA };
enum class PointPlacement { midpoint, onA, onB };
/// Which feature ids are compared: none, every pair, or only pairs without a circle.
enum class IdComparison { none, all, withoutCircles };

/// An engine's declared conventions, as read from a conventions file (JSON object; the keys
/// are the member names below; unknown keys are an error naming the key).
struct DeclaredConventions {
  std::string engine = "exact";
  NormalDirection normal = NormalDirection::aToB;
  PointPlacement point = PointPlacement::midpoint;
  double margin = 0.0;      ///< the margin the engine's manifolds were computed with
  double skinRadius = 0.0;  ///< radius the engine adds to every polygon and segment
  bool keepsPointsBeyondMargin = false;
  Precision precision = Precision::float64;
  double tieBand = 0.0;  ///< reference-face hysteresis, length units
  IdComparison compareIds = IdComparison::none;
  // --- optional keys ---
  double contactBand = 0.0;  ///< slack on the contact decision, length units
  /// Normals of a polygon against a polygon, a segment or a chain segment are always face
  /// normals of the cores (a segment's faces are its two sides; no vertex–vertex axis): the
  /// best is the best face axis and contact is decided on it (Box2D 2.4.1).
  bool faceNormalsOnly = false;
  /// Clipped points may lie up to the total radius beyond the reference face (Box2D 2.4.1).
  bool sidePlanesExtendedByRadius = false;
  /// A circle centre this close outside a polygon counts as inside and gets the face normal;
  /// centres this close give a fixed normal (Box2D 2.4.1: b2_epsilon = FLT_EPSILON). Length
  /// units; the tie band of pairs with a circle.
  double insideEpsilon = 0.0;
  /// The engine's rounding band in units of its precision's epsilon times the scene's scale
  /// (compare.h, Conventions::tieBandUnits): added to the tie band and the contact band.
  double tieBandUnits = 0.0;
  /// Relative hysteresis of the edge pairs' axis choice (compare.h,
  /// Conventions::relativeTieBand): dimensionless, times the depth.
  double relativeTieBand = 0.0;
  /// The absolute part of that band (Conventions::relativeTieBandOffset), length units.
  double relativeTieBandOffset = 0.0;
  /// Which piece of a chain owns a contact at a corner (compare.h, ChainOwnership): "v3"
  /// (default) or "box2d-2.4.1".
  ChainOwnership chainOwnership = ChainOwnership::v3;
};

/// Parses a conventions file's JSON text; errors name the key ("tieBand: ...").
std::variant<DeclaredConventions, InputError> parseConventions(std::string_view json);
/// The presets shipped in oracle/conventions/: "box2d-2.4.1", "box2d-v3", "exact".
std::optional<DeclaredConventions> conventionsPreset(std::string_view name);
/// A preset name, or else the path of a conventions file.
std::variant<DeclaredConventions, InputError> loadConventions(const std::string& nameOrPath);
/// The JSON text of a preset (as shipped), or empty.
std::string_view conventionsPresetText(std::string_view name);

/// Judges `actual` (as the engine reported it: its normal direction and point placement) on
/// case `c`. The explanation carries the exact facts, each difference in the tolerance's
/// units, and the case as hexfloats; `failures` lists every check that failed (the first is
/// the outcome). `hasIds` false: the engine's ids are not in touche's typed form (e.g. integer
/// keys), so they are never compared.
Comparison judge(const Case& c, const Manifold& actual, const DeclaredConventions& conventions,
                 bool hasIds = true);

/// The lines a case and its manifold were read from. An explanation quotes them as given, so
/// that a repro feeds the engine exactly what it read (an angle stays an angle, a decimal a
/// decimal; touche's own rewriting would turn angles into its cos/sin and numbers into
/// hexfloats). Empty: touche's rewriting (the case as hexfloats) is quoted instead.
struct SourceLines {
  std::string_view caseLine;
  std::string_view manifoldLine;
};

/// judge() of a manifold line as read: its ids' reading errors (ManifoldRecord::idErrors, an
/// index no feature has) are judged as wrong ids when ids are compared, and `source` is
/// quoted in the explanation.
Comparison judge(const Case& c, const ManifoldRecord& actual,
                 const DeclaredConventions& conventions, const SourceLines& source = {});

/// The actual manifold turned into touche's own conventions (normal A→B, midpoint points),
/// e.g. for drawing it next to the reference's.
Manifold toToucheConventions(const Manifold& actual, const DeclaredConventions& conventions);

}  // namespace touche::oracle
