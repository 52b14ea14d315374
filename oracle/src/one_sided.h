// touche oracle — what the one-sided semantics of a chain segment decide for a case, stated as
// geometry (docs/conventions.md, "Chain segments"; derivation docs/derivations/chain-segment.md).
//
// A chain segment collides only with shapes on the side its normal n1 = rightPerp(p2 − p1)
// points to, and only through normals on its arc of the chain's Gauss map (from the previous
// piece's normal at a convex p1 — else n1 — through n1 to the next piece's normal at a convex
// p2 — else n1). judge() uses these facts on top of the two-sided ones:
//  - none may: a circle centre behind the segment's line, or in a corner region the
//    neighbouring piece owns; a polygon or capsule whose centroid is behind the segment and
//    behind every convex neighbour, whose closest direction (cores apart, centroid in front)
//    lies beyond a convex corner's neighbour normal, or whose best separating axis (cores
//    overlapping, or centroid behind the segment) is a convex neighbour's;
//  - must exist (when within the margin): a circle otherwise; a polygon or capsule whose
//    closest direction is admitted and whose closest point on the segment is inside it or at
//    a vertex–vertex pair, or whose deepest vertex along n1 (n1 the best axis) lies over the
//    segment;
//  - otherwise (a neighbour's vertex–face contact, the segment normal taken at a concave
//    corner) both answers are consistent with the rules, and a contact's normal must be n1
//    at a concave corner;
//  - every contact normal lies on the arc, and is near-optimal among the arc's candidates.
// Each decision is made exactly and counted robust only when the deciding distance exceeds
// its own band (OneSidedBands: the rounding of the points, lines and normals it is made on);
// within the band either answer is accepted.
//
// That is Box2D v3's corner ownership (ChainOwnership::v3). An engine declaring Box2D 2.4.1's
// (ChainOwnership::box2d241, docs/conventions.md "Chain corner ownership") is held to these
// rules for a polygon or capsule instead (b2CollideEdgeAndPolygon):
//  - none may: the centroid is behind the segment's own line (no neighbour is consulted);
//    or the axis 2.4.1 must choose — the other shape's best face, better than the segment's
//    axis by more than the declared hysteresis (Tolerance::axisTieBand) — has a normal beyond
//    a convex corner's neighbour normal by a sine above sinTol = 0.1 (it is skipped);
//  - either: when that face may be chosen and may be skipped (within the bands), or when the
//    contact is clipped to the segment or taken on the other shape's face;
//  - must exist (within the margin, as above): the segment's axis is chosen beyond the band
//    and the deepest vertex along n1 lies over the segment;
//  - the axes are the segment's n1 and the other shape's faces, never a neighbour's nor the
//    closest features'; a corner is convex when the chain turns left or runs straight on
//    (2.4.1 tests cross ≥ 0); a normal up to sinTol beyond a convex corner is admissible, and
//    every contact normal is near-optimal among n1 and the admissible faces, or is n1 when
//    the best face may lead and lies beyond a concave corner (2.4.1 snaps it).
// The rules are written once for any number type (exact rationals, or the filter's Bounded
// values: case_geometry.h runs them filtered first, exactly when a decision is uncertain).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "exact_geometry.h"
#include "filtered.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/compare.h"

namespace touche::oracle::exact {

/// How firmly the one-sided rules exclude a contact.
enum class Exclusion {
  no,    ///< the two-sided facts (or the flags below) decide
  near,  ///< the deciding point is within the band of an excluding boundary: either answer
  sure,  ///< no contact may be reported
};

struct OneSidedFacts {
  bool chainIsA = true;
  /// The corners as the declared ownership counts them (Box2D 2.4.1 counts a straight corner
  /// as convex): cross(p1 − g1, p2 − p1) > 0 (≥ 0), cross(p2 − p1, g2 − p2) > 0 (≥ 0).
  bool convex1 = false;
  bool convex2 = false;
  /// The chain's normals in the world frame (unnormalised, rounded), for explanations: the
  /// previous piece's n0 = rightPerp(p1 − g1), the segment's n1 = rightPerp(p2 − p1), the
  /// next piece's n2 = rightPerp(g2 − p2).
  Vec2 n0;
  Vec2 n1;
  Vec2 n2;
  Exclusion exclusion = Exclusion::no;
  std::string why;          ///< the rule behind the exclusion, or behind a free status
  bool statusFree = false;  ///< within the margin, no contact is also consistent
  bool normalIsN1 = false;  ///< a contact must use the segment normal (concave corner)
  /// The other shape is a circle: at a corner its normal is the direction from the vertex to
  /// the centre wherever this piece owns the centre (steps C2–C3), beyond n1 at a concave
  /// corner too (a turn sharper than a right angle leaves this piece a wedge there).
  bool roundCorners = false;
  std::optional<double> best;  ///< best separation over the admissible candidate normals
  /// How far (sine) beyond a convex corner's neighbour normal a normal is still admissible:
  /// 0 under v3's ownership, kBox2dChainSinTol under Box2D 2.4.1's.
  double sinTol = 0.0;
};

/// The corner ownership an engine declares, and what its rules need beyond the bands.
struct OwnershipRules {
  ChainOwnership ownership = ChainOwnership::v3;
  /// Box2D 2.4.1's axis hysteresis (Tolerance::axisTieBand at a depth); nullptr: none.
  const Tolerance* hysteresis = nullptr;
};

/// Within what a one-sided decision counts as a tie, each by its own conditioning (never the
/// scene's shortest edge): a distance between points (a circle centre, the cores' closest
/// points) within `band`; a distance from a line, or a separation along a normal, within
/// `band` plus that normal's turn times the lever arm; the other shape's centroid within
/// `centroid` more (a sliver's centroid is only known to the rounding of its area); and a
/// normal against a corner's neighbour normal within the sum of both turns (a sine).
struct OneSidedBands {
  double band = 0.0;      ///< the tie band plus the inputs' rounding
  double lever = 0.0;     ///< how far from its origin a line's turn is felt: the cores' extent
  double centroid = 0.0;  ///< how far the other shape's centroid may be off, beyond `band`
  /// How far each normal may turn in the engine's rounding (a sine): the previous piece's n0,
  /// the segment's n1, the next piece's n2, and each face of the other core (by edge index;
  /// none for a circle).
  double turnN0 = 0.0;
  double turnN1 = 0.0;
  double turnN2 = 0.0;
  std::vector<double> faceTurns;
  /// The band of a distance from a line, or of a separation along a normal, turned by `turn`.
  double along(double turn) const { return band + std::min(turn, 2.0) * lever; }
  /// The band of a separation along face i of the other core.
  double face(int i) const { return along(faceTurn(i)); }
  double faceTurn(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < faceTurns.size()
               ? faceTurns[static_cast<std::size_t>(i)]
               : 2.0;
  }
};

/// The one-sided facts of a case whose A or B is a chain segment (std::nullopt otherwise).
/// `coreA`/`coreB` as judge() builds them (radii included); `margin` the engine's; `bands`
/// within what each decision counts as a tie; `accuracy` as for every filtered output.
template <class N>
std::optional<OneSidedFacts> oneSidedFactsOf(const Case& c, const CoreOf<N>& coreA,
                                             const CoreOf<N>& coreB, double margin,
                                             const OneSidedBands& bands,
                                             const OwnershipRules& rules, const Accuracy& accuracy);

/// The admissible-normal test for a reported normal (A → B, any length): seen from the chain
/// toward the other shape it is on the arc, or within `allowance` + f.sinTol (sine of the
/// angle) beyond a convex end of the arc; where the facts say normalIsN1 (or beyond a concave
/// corner) it must be n1 within the allowance — except a circle's normal beyond a concave
/// corner into the corner region the segment owns (OneSidedFacts::roundCorners). `c` is the case
/// the facts are of.
template <class N>
bool normalAdmissible(const Case& c, const OneSidedFacts& f, Vec2 normalAtoB, double allowance,
                      const Accuracy& accuracy);

extern template std::optional<OneSidedFacts> oneSidedFactsOf<Q>(const Case&, const Core&,
                                                                const Core&, double,
                                                                const OneSidedBands&,
                                                                const OwnershipRules&,
                                                                const Accuracy&);
extern template std::optional<OneSidedFacts> oneSidedFactsOf<filter::Bounded>(
    const Case&, const CoreOf<filter::Bounded>&, const CoreOf<filter::Bounded>&, double,
    const OneSidedBands&, const OwnershipRules&, const Accuracy&);
extern template bool normalAdmissible<Q>(const Case&, const OneSidedFacts&, Vec2, double,
                                         const Accuracy&);
extern template bool normalAdmissible<filter::Bounded>(const Case&, const OneSidedFacts&, Vec2,
                                                       double, const Accuracy&);

}  // namespace touche::oracle::exact
