// touche — the oracle's second judge: a foreign engine's manifold against exact geometry,
// without assuming touche's algorithm, under the engine's declared conventions.
//
// judge() checks (docs/validating-your-engine.md):
//   1. status: contact iff the shapes are within the margin, up to the declared contact band
//      plus the tolerance; `unsupported`/`error` are never right for a valid case;
//   2. finite numbers, 1–2 points (up to maxPoints), a unit normal (and each point's own,
//      with pointNormals);
//   3. the normal is near-optimal: the exact separation of the shapes along it is within the
//      tie band plus tolerance of the exact best separation over all directions;
//   4. each point: the line through it along the normal meets both cores (the point lies on
//      both features), the exact separation of the shapes on that line equals the reported
//      one, the point sits where the declared placement puts it, and it is not beyond the
//      margin unless the engine keeps such points;
//   5. face–face contact (parallel edges overlapping along the normal's tangent) has two
//      points; 6. when ids are compared, each point's id reads in the declared format, its
//      features (as far as the format names them) are the ones it lies on, and no two points
//      share one.
// Engines' habits (per-point normals, more points, either placement, one shared depth,
// circles as polygons, id formats) are declared keys; where the engine's arithmetic is exact
// on the case the contact decision has no band (docs/conventions.md).
// Status and sanity end the judgement when they fail; every later check runs, and each of
// its failures is reported (Comparison::failures).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/core/validate.h"
#include "touche/oracle/compare.h"

namespace touche::oracle {

enum class NormalDirection { aToB, bToA };
/// Where a point sits on its line along the normal: midway between the surfaces, on A's or on
/// B's surface, or `either` of the three, decided point by point (docs/conventions.md).
enum class PointPlacement { midpoint, onA, onB, either };
/// Which feature ids are compared: none, every pair, or only pairs without a circle.
enum class IdComparison { none, all, withoutCircles };
/// Which separation each point reports: its own (the shapes' separation on its line), or the
/// manifold's deepest, the same for every point.
enum class PointSeparation { own, deepest };
/// How a point's id is written (docs/conventions.md, "Feature-id formats"): touche's typed
/// object; Box2D 2.x's b2ContactFeature (an object {indexA, indexB, typeA, typeB} with
/// e_vertex = 0 and e_face = 1, or its 32-bit key); Box2D v3's 16-bit key
/// B2_MAKE_ID(a, b) = a << 8 | b; or an opaque value (any JSON).
enum class IdFormat { touche, box2d2, box2dV3, opaque };

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
  /// A zero normal is accepted where the cores are at most this far apart (compare.h,
  /// Conventions::zeroNormalEpsilon), length units; its separations are still judged.
  double zeroNormalEpsilon = 0.0;
  /// The capsule pairs' tie band when wider than tieBand (compare.h,
  /// Conventions::capsuleTieBand), length units.
  double capsuleTieBand = 0.0;
  /// Which piece of a chain owns a contact at a corner (compare.h, ChainOwnership): "v3"
  /// (default) or "box2d-2.4.1".
  ChainOwnership chainOwnership = ChainOwnership::v3;
  /// The pairs the relative band applies to (compare.h, Conventions::relativeTieBandPairs):
  /// the edge pairs by default.
  PairSet relativeTieBandPairs = kEdgePolygonPairs;
  // --- what real engines write (docs/conventions.md, "Engines' habits") ---
  /// Each point carries its own normal (a "normal" in the point object); the manifold's
  /// normal may be left out.
  bool pointNormals = false;
  /// The most points a contact may have (2 to kMaxDeclaredPoints): engines that clip without
  /// reducing return up to four.
  int maxPoints = 2;
  PointSeparation pointSeparation = PointSeparation::own;
  /// Circles are replaced by regular polygons of this many sides inscribed in them (0: exact
  /// circles): depths may be short by the sagitta r·(1 − cos(π/n)).
  int circleSegments = 0;
  IdFormat idFormat = IdFormat::touche;
  /// Two shapes touching exactly at a corner (their cores' closest features two vertices,
  /// exactly at the margin) may be reported as no contact: a clip that needs two points finds
  /// one (Box2D 2.4.1).
  bool dropsCornerTouches = false;
};

/// The largest maxPoints a conventions file may declare.
inline constexpr int kMaxDeclaredPoints = 16;

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

/// The headline of judge()'s failure for an id that names no feature (an index beyond 255, an
/// unknown type, an id not in the declared format): wrong under any conventions that read ids.
inline constexpr std::string_view kIdNamesNoFeature = "a feature id that names no feature";

/// judge() of a manifold line as read (parseManifold with manifoldReading(conventions)): every
/// point (ManifoldRecord::points, also beyond two), each point's own normal, and its id read in
/// the declared format — an id that names no feature is judged a wrong id when ids are
/// compared — and `source` is quoted in the explanation.
Comparison judge(const Case& c, const ManifoldRecord& actual,
                 const DeclaredConventions& conventions, const SourceLines& source = {});

/// What judge() knows of a contact's reported normal (the manifold's, else its first point's),
/// for diagnosing a failure (mechanisms.h): the exact facts and the allowances judge()
/// measures along it. `valid` false: no contact, an invalid case, or a normal that is not unit.
struct NormalFacts {
  bool valid = false;
  double best = 0.0;     ///< exact best separation of the shapes (declared skin included)
  double deficit = 0.0;  ///< best − the exact separation along the normal
  double lengthAllowance = 0.0;
  double normalAllowance = 0.0;
  /// The core face whose outward normal the reported one is, within its allowance (B's
  /// negated): −1 when it is none.
  int face = -1;
  bool faceOnB = false;
  /// Per reported point, the exact separation of the shapes on its line along its normal,
  /// read where the line meets both cores, then with A's and with B's core taken at its
  /// support plane (as judge() may read a point beyond a face's end).
  std::vector<std::vector<double>> lineSeparations;
};
NormalFacts normalFacts(const Case& c, const ManifoldRecord& actual,
                        const DeclaredConventions& conventions);

/// How manifold lines are read for these conventions (the point limit, per-point normals).
ManifoldReading manifoldReading(const DeclaredConventions& conventions);

/// judge()'s filter (docs/performance.md, "Judging"): the exact geometry is evaluated on
/// double-double values with a rigorous error bound first, and on exact rationals only where a
/// decision or a rounding is uncertain; both decide the same and round correctly, so verdicts
/// and explanations are the same with the filter on or off. `queries` counts the filtered
/// evaluations since the start, `fallbacks` those the exact path redid (all threads).
struct JudgeFilterStats {
  std::uint64_t queries = 0;
  std::uint64_t fallbacks = 0;
};
JudgeFilterStats judgeFilterStats();
/// On by default. Off, every query is exact: slower, the same verdicts (tests compare both).
/// Read when a judgement starts; set it between judgements, not during them.
void setJudgeFilterEnabled(bool enabled);
bool judgeFilterEnabled();

/// Where a placement puts a point, in words: "on A's surface", "on B's surface", "midway
/// between the surfaces".
const char* placementName(PointPlacement p);

/// The actual manifold turned into touche's own conventions (normal A→B, midpoint points),
/// e.g. for drawing it next to the reference's.
Manifold toToucheConventions(const Manifold& actual, const DeclaredConventions& conventions);

}  // namespace touche::oracle
