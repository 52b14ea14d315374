// touche — the oracle's first judge: compare an engine's manifold with the expected one
// (normally the reference's), within a tolerance that knows the engine's precision, the
// scene's size and the engine's declared conventions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"
#include "touche/core/pairs.h"

namespace touche::oracle {

enum class Outcome {
  agree,
  agreeWithinTie,   ///< a different discrete choice, legitimate inside the declared tie band
  missingContact,   ///< expected contact, got no_contact
  spuriousContact,  ///< expected no_contact, got contact
  wrongNormal,
  wrongPointCount,
  wrongPoint,
  wrongSeparation,
  wrongId,
  nonFinite,       ///< NaN or inf anywhere in the actual manifold
  statusMismatch,  ///< unsupported/error where the other had an answer, or vice versa
};
inline constexpr int kOutcomeCount = 11;

/// "agree", "agree-within-tie", "missing-contact", ... (the names used in reports and JSON).
std::string_view outcomeName(Outcome outcome);
inline bool isAcceptable(Outcome o) {
  return o == Outcome::agree || o == Outcome::agreeWithinTie;
}

enum class Precision { float32, float64 };

/// Which piece of a chain owns a contact at a corner: which contacts a one-sided chain segment
/// answers itself and which it leaves to its neighbouring pieces (docs/conventions.md,
/// "Chain corner ownership"; conventions key `chainOwnership`).
enum class ChainOwnership {
  /// Box2D v3's, which the reference implements (docs/derivations/chain-segment.md): the
  /// centroid test consults the convex neighbours, a neighbour's axis that separates best
  /// owns the contact, normals are admitted exactly on the segment's Gauss-map arc, and
  /// beyond a convex corner the closest features decide.
  v3,
  /// Box2D 2.4.1's b2CollideEdgeAndPolygon: no contact when the other shape's centroid is
  /// behind the segment's own line (no neighbour consulted); the axes are the segment's and
  /// the other shape's faces only (never a neighbour's, never the closest features); the
  /// chosen axis is admitted up to a sine of kBox2dChainSinTol beyond a convex corner's
  /// neighbour normal and skipped (no contact) beyond that, and snapped to the segment's
  /// normal beyond a concave corner.
  box2d241,
};
/// Box2D 2.4.1's sinTol (b2_collide_edge.cpp): how far, as the sine of the angle, a chain
/// segment's contact normal may lie beyond a convex corner's neighbour normal.
inline constexpr double kBox2dChainSinTol = static_cast<double>(0.1f);

/// A set of canonical pairs (core/pairs.h), a bit per PairId.
using PairSet = std::uint32_t;
inline constexpr PairSet pairBit(PairId id) {
  return PairSet{1} << static_cast<int>(id);
}
/// An edge (segment or chain segment) against a polygon: where Box2D 2.4.1's
/// b2CollideEdgeAndPolygon applies its relative hysteresis.
inline constexpr PairSet kEdgePolygonPairs =
    pairBit(PairId::segment_polygon) | pairBit(PairId::chainSegment_polygon);
inline constexpr PairSet kAllPairs = (PairSet{1} << kPairTable.size()) - 1;

/// Declared conventions of the engine being compared (docs/conventions.md).
struct Conventions {
  std::string engine = "exact";
  Precision precision = Precision::float64;
  double tieBand = 0.0;      ///< reference-face hysteresis of the engine, in length units
  bool compareIds = true;    ///< whether feature ids are comparable with touche's
  double contactBand = 0.0;  ///< slack on the contact/no-contact decision, in length units
  // --- additions (docs/conventions.md) ---
  /// Whether ids of pairs involving a circle are comparable (Box2D 2.4.1 sets key 0 there).
  bool compareCircleIds = true;
  /// Radius the engine adds to every polygon (Box2D's b2_polygonRadius). The expected
  /// manifold is computed on the case with every polygon grown by it (expectedCaseFor).
  double polygonSkin = 0.0;
  /// Polygon–polygon clipping extends the reference face's side planes by the total radius
  /// (Box2D 2.4.1): with rounded polygons, clipped points may lie up to that far beyond the
  /// reference face's ends, on the same incident edge.
  bool extendsSidePlanes = false;
  /// Rounded polygon against a polygon, a segment or a chain segment: the normal is always a
  /// face normal (a segment's faces are its two sides), also when the cores are apart and the
  /// closest features are two vertices (Box2D 2.4.1 has no vertex–vertex case).
  bool faceNormalOnly = false;
  /// Polygon–circle: the centre counts as inside (face normal) while the max face separation
  /// of the centre is below this absolute length (Box2D 2.4.1: b2_epsilon = FLT_EPSILON).
  double insideEpsilon = 0.0;
  /// The band of the engine's own rounding, in units of its precision's epsilon times the
  /// scene's scale (Tolerance::unit): every discrete decision whose exact gap (the expected
  /// manifold's DecisionGaps: axis, contact, clip, region, normal) is within this many units
  /// may legitimately go either way. Next to the length-unit `tieBand`, which is a fixed
  /// hysteresis of the algorithm; this one scales with the scene like the engine's rounding.
  double tieBandUnits = 0.0;
  /// Relative hysteresis of the axis choice of the pairs in relativeTieBandPairs (by default
  /// the edge pairs, a segment or chain segment against a polygon): a different axis is a tie
  /// while the expected axis gap is at most
  /// relativeTieBandOffset + relativeTieBand · depth, depth = −(deepest expected separation)
  /// when that is negative, else 0 (docs/conventions.md, "Relative tie band"). The band is
  /// never narrower than `tieBand`. Box2D 2.4.1 keeps the edge axis unless the polygon's is
  /// better by more than 0.001 + 0.02 · (the edge axis's depth).
  double relativeTieBand = 0.0;
  double relativeTieBandOffset = 0.0;  ///< the absolute part of that band, length units
  /// The pairs the relative band applies to: the edge pairs by default (Box2D 2.4.1's
  /// b2CollideEdgeAndPolygon); an engine may declare it for any pair it applies it to.
  PairSet relativeTieBandPairs = kEdgePolygonPairs;
  /// A corner touching a corner exactly may be reported as no contact (Box2D 2.4.1: a clip
  /// needs two points; judge.h, DeclaredConventions::dropsCornerTouches).
  bool dropsCornerTouches = false;
  /// Which piece of a chain owns a contact at a corner (chain segment against a polygon or a
  /// capsule); circles follow the same corner regions under either model.
  ChainOwnership chainOwnership = ChainOwnership::v3;
  /// The tie band of the capsule pairs (a capsule or segment against a capsule) when wider
  /// than `tieBand`: Box2D v3's b2CollideCapsules keeps the clip of the reference core while
  /// one clipped point is within b2_linearSlop of the cores' closest distance.
  double capsuleTieBand = 0.0;
  /// A normal the engine builds from a vector shorter than this (its precision's absolute
  /// epsilon) may come out as the zero vector: Box2D v3's b2GetLengthAndNormalize returns
  /// (0, 0) below FLT_EPSILON (concentric circles, a circle centre on a capsule's core;
  /// docs/findings.md). Accepted where the expected normal is built over at most this length
  /// (gaps.normal) or is degenerate; the separations must still be right.
  double zeroNormalEpsilon = 0.0;
  /// The engine decides a chain segment's corner rules with tolerances of its own, not
  /// exactly (Box2D v3: a corner is convex from a turn of sine 0.01, a normal is skipped
  /// beyond a neighbour's by a sine of 0.01, the cores are apart beyond 0.1·b2_linearSlop by
  /// its GJK): compare() hands a chain case whose contact decision or normal differs from the
  /// reference's to judge(), whose one-sided rules (v3's ownership) accept either answer
  /// where the geometry leaves it open.
  bool chainByTolerances = false;
  /// The margin the engine always collides at, whatever is asked (Box2D v3's speculative
  /// distance, 4·b2_linearSlop); 0: the requested one. The expected manifold is computed at it
  /// (expectationFor).
  double fixedMargin = 0.0;
  /// Clipped points whose separation exceeds the margin are kept, not dropped (Box2D v3): the
  /// expected manifold keeps them too (expectationFor), the contact decision stays the margin's.
  bool keepsPointsBeyondMargin = false;
};

/// The conventions of the engines touche knows by name ("reference", "fast", "fast_float",
/// "box2d", "box2d_skin"); an unknown name gets the exact defaults with that name.
Conventions conventionsFor(std::string_view engine);

/// The case the expected (reference) manifold is computed on for an engine with these
/// conventions: every polygon grown by `polygonSkin`. Identity when the skin is 0.
Case expectedCaseFor(const Case& c, const Conventions& conventions);

/// Tolerances in named units. `unit` is one rounding unit of the engine at the scene's size:
/// epsilon(precision) · scale, where scale is the largest magnitude in the case.
struct Tolerance {
  double unit = 0.0;         ///< length of one unit
  double lengthUnits = 0.0;  ///< allowed difference of points and separations, in units
  double normalUnits = 0.0;  ///< allowed difference of normal components, in epsilons
  double epsilon = 0.0;      ///< epsilon of the engine's precision
  double tieBand = 0.0;      ///< from the conventions
  double contactBand = 0.0;  ///< from the conventions
  bool compareIds = true;
  // --- additions ---
  double insideEpsilon = 0.0;   ///< from the conventions (polygon–circle pairs only)
  double sideExtension = 0.0;   ///< total radius when the side-plane convention applies
  bool faceNormalOnly = false;  ///< from the conventions (rounded face pairs only, see above)
  double margin = 0.0;        ///< the margin both manifolds were computed with (set by the caller)
  double tieBandUnits = 0.0;  ///< from the conventions: the rounding band in units
  double relativeTieBand = 0.0;        ///< from the conventions, its declared pairs only (else 0)
  double relativeTieBandOffset = 0.0;  ///< from the conventions, its declared pairs only (else 0)
  Precision precision = Precision::float64;  ///< from the conventions
  double polygonSkin = 0.0;                  ///< from the conventions
  /// From the conventions, for a chain segment against a polygon or capsule (else v3).
  ChainOwnership chainOwnership = ChainOwnership::v3;
  double zeroNormalEpsilon = 0.0;  ///< from the conventions
  bool chainByTolerances = false;  ///< from the conventions, chain segment pairs only
  /// From the conventions: a point beyond the margin is no failure in itself.
  bool keepsPointsBeyondMargin = false;
  /// The declared hysteresis of the axis choice at this depth (length units, ≥ 0): the
  /// larger of tieBand and relativeTieBandOffset + relativeTieBand · depth.
  double axisTieBand(double depth) const {
    return std::max(tieBand, relativeTieBandOffset + relativeTieBand * std::max(depth, 0.0));
  }
  /// The rounding band as a length: tieBandUnits · unit (all pairs, also with a circle).
  double roundingBand() const { return tieBandUnits * unit; }
  /// The band a gap (length units) is held to beyond the length allowance: the declared
  /// hysteresis plus the rounding band.
  double decisionBand() const { return tieBand + roundingBand(); }
  /// Allowed point/separation difference in length units: lengthUnits · unit.
  double length() const { return lengthUnits * unit; }
  /// Allowed difference of a unit normal's components: normalUnits · epsilon.
  double normal() const { return normalUnits * epsilon; }
};

/// Default allowances (documented in docs/conventions.md): a float engine's lengths may be
/// off by 64 units of 2^-23·scale and a double engine's by 64 units of 2^-52·scale; normals
/// by 64 epsilons plus the length allowance divided by the length the normal was built from.
inline constexpr double kDefaultLengthUnits = 64.0;
inline constexpr double kDefaultNormalUnits = 64.0;
/// The rounding band the fast engines declare (Conventions::tieBandUnits): 2^10 units of
/// epsilon x scene scale (docs/conventions.md, "Rounding band").
inline constexpr double kFastTieBandUnits = 1024.0;
/// Box2D 2.4.1's edge–polygon hysteresis (b2_collide_edge.cpp: k_relativeTol = 0.98f,
/// k_absoluteTol = 0.001f) as Conventions::relativeTieBand and relativeTieBandOffset: the edge
/// axis is kept while the polygon's is better by g ≤ 0.001f/0.98f + (1 − 0.98f)/0.98f · depth
/// (docs/conventions.md, "Relative tie band"). The presets carry the same values.
inline constexpr double kBox2dEdgeTieBandOffset =
    static_cast<double>(0.001f) / static_cast<double>(0.98f);
inline constexpr double kBox2dEdgeRelativeTieBand =
    (1.0 - static_cast<double>(0.98f)) / static_cast<double>(0.98f);

/// The tolerance for judging an engine with these conventions on this case.
Tolerance toleranceFor(const Case& c, const Conventions& conventions);

/// One check that failed: which ("status", "normal", "points[1]", "points[0].id", ...), its
/// outcome class and why (its headline and its own notes).
struct FailedCheck {
  std::string check;
  Outcome outcome = Outcome::agree;
  std::string explanation;
};

struct Comparison {
  Outcome outcome = Outcome::agree;
  std::string explanation;  ///< empty for agree; otherwise actionable, with the case as hexfloats
  /// judge(): every check that failed, the most important first (its outcome is `outcome`);
  /// empty when the manifold passes. compare() stops at its first failure and leaves it empty.
  std::vector<FailedCheck> failures;
};

/// Compares `actual` with `expected` for case `c`. Points are matched by position, not order.
Comparison compare(const Case& c, const Manifold& expected, const Manifold& actual,
                   const Tolerance& tolerance);

}  // namespace touche::oracle
