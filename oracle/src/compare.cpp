// touche — compare(): judges an engine's manifold against the expected one (compare.h).
//
// Order of judgement (each step returns the first failure it finds):
//   1. status: unsupported/error must match exactly; contact vs no_contact is a legitimate
//      difference only when the expected decision was within contactBand + tolerance of the
//      boundary (expected.gaps.contact), the tolerance of a distance between closest points
//      being the inputs' rounding and of a face separation the face's own turn (for a missed
//      contact, how far the face's reading can rise as it turns: conditioning.h), or when a
//      face's reading can rise to the margin (a missed contact); a chain segment's one-sided
//      decisions (gaps.region) within their own allowance (chainRegionAllowance);
//   2. sanity of the actual contact: finite, 1–2 points, unit normal;
//   3. normal: equal within the allowance, any unit normal when the expected one is built
//      from a length inside the engine's rounding band (gaps.normal), or a different normal
//      explained by a declared tie or convention (gaps.axis, gaps.region); another normal
//      where the expected one is flagged degenerate (the geometry leaves a set of normals) or
//      between two capsule cores is judged against exact geometry (judge(): as deep as the
//      best within the engine's allowance);
//   4. points matched by position (not order), then separations, then feature ids (a clip id
//      named across a side plane within the band, gaps.clip, or a region id within it,
//      gaps.region, is a tie);
//   5. a chain segment whose engine declares Box2D 2.4.1's corner ownership (chainOwnership)
//      and whose contact decision or normal differs from the reference's (v3's ownership), or
//      an edge pair whose engine declares face axes only where the reference's contact is
//      vertex–vertex, is judged against exact geometry under the declared conventions
//      instead (judge()).
// A gap is "within the band" when it is at most the declared hysteresis (tieBand) plus the
// engine's rounding band (tieBandUnits · unit) plus the length allowance.
// Every difference is printed in the tolerance's own units so a reader sees how far outside
// (or inside) the allowance it was.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

#include "conditioning.h"
#include "exact_geometry.h"
#include "explain.h"
#include "touche/oracle/compare.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {
namespace {

using detail::finite;

std::string sci(double value) {
  return detail::sci(value, 3);
}

/// "3.1e-03 = 26000 units of 1.19e-07": a difference in the allowance's own unit.
std::string inUnits(double difference, double unit) {
  return detail::inUnits(difference, unit, 3);
}

std::string vec(Vec2 v) {
  return "(" + sci(v.x) + ", " + sci(v.y) + ")";
}

/// A flat feature a normal may be built from: a polygon face, or a side of a segment or a
/// capsule's core, in world coordinates (double: only for the allowances).
struct FlatFace {
  Vec2 normalAtoB;  ///< the outward unit normal of A's face, or B's negated
  double length = 0.0;
  /// The other shape's separation along the face's outward normal, radii subtracted: what a
  /// separating-axis test reads on this face (double: only to find the axes near the margin).
  double separation = -std::numeric_limits<double>::infinity();
  /// The other shape's support points seen from the face's start: how its reading moves when
  /// the face's normal turns (conditioning.h).
  std::vector<detail::FaceView> others;
};

/// Facts about the case compare() needs: shape kinds and radii, world circle centres, the
/// shortest polygon edge and every flat face (the lengths normals are built from).
struct CaseFacts {
  bool circleCircle = false;
  bool polygonCircle = false;
  bool polygonPolygon = false;
  bool edgePolygon = false;   ///< a segment or chain segment against a polygon
  bool chainSegment = false;  ///< A or B is a one-sided chain segment
  bool capsulePair = false;   ///< a capsule or segment against a capsule (two cores)
  double radiusSum = 0.0;
  double shortestEdge = std::numeric_limits<double>::infinity();
  std::optional<double> centreDistance;  ///< circle–circle only
  std::vector<FlatFace> faces;           ///< a chain segment's are both sides of its segment
  /// A chain segment's one-sided decisions (the reference's gaps.region) are distances from
  /// its pieces' lines and of the other shape's centroid: the pieces' lengths (ghost1–p1,
  /// p1–p2, p2–ghost2), how many times its vertices' rounding the other shape's centroid may
  /// move (conditioning.h), and whether its corners are convex (exactly, as the reference).
  std::array<double, 3> chainPieces = {};
  double centroidConditioning = 0.0;
  bool chainConvexCorner = false;
};

double shapeRadius(const Shape& s) {
  if (const auto* c = std::get_if<Circle>(&s)) return c->radius;
  if (const auto* p = std::get_if<Polygon>(&s)) return p->radius;
  if (const auto* k = std::get_if<Capsule>(&s)) return k->radius;
  return 0.0;
}

double shortestEdgeOf(const Shape& s) {
  double shortest = std::numeric_limits<double>::infinity();
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i) {
      shortest = std::min(shortest, length(p->vertices[(i + 1) % p->count] - p->vertices[i]));
    }
  }
  return shortest;
}

/// The points a shape's support is taken over, placed by xf: a circle's centre, a polygon's
/// vertices, a segment's or a capsule's core ends (their radii are subtracted separately).
std::vector<Vec2> supportPoints(const Shape& s, const Transform& xf) {
  std::vector<Vec2> points;
  if (const auto* c = std::get_if<Circle>(&s)) points = {apply(xf, c->center)};
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      points.push_back(apply(xf, p->vertices[i]));
  }
  if (const auto* k = std::get_if<Capsule>(&s)) points = {apply(xf, k->p1), apply(xf, k->p2)};
  if (const auto* g = std::get_if<Segment>(&s)) points = {apply(xf, g->p1), apply(xf, g->p2)};
  if (const auto* h = std::get_if<ChainSegment>(&s)) points = {apply(xf, h->p1), apply(xf, h->p2)};
  return points;
}

/// A chain segment's facts (CaseFacts::chainPieces and the rest), when A or B is one.
void addChainFacts(const Case& c, CaseFacts* f) {
  const bool chainIsA = typeOf(c.a) == ShapeType::chainSegment;
  const ChainSegment& chain = std::get<ChainSegment>(chainIsA ? c.a : c.b);
  const Transform& xf = chainIsA ? c.xfA : c.xfB;
  const Vec2 g1 = apply(xf, chain.ghost1), p1 = apply(xf, chain.p1), p2 = apply(xf, chain.p2),
             g2 = apply(xf, chain.ghost2);
  f->chainPieces = {length(p1 - g1), length(p2 - p1), length(g2 - p2)};
  const Shape& other = chainIsA ? c.b : c.a;
  if (const auto* p = std::get_if<Polygon>(&other)) {
    const Transform& xfOther = chainIsA ? c.xfB : c.xfA;
    std::vector<Vec2> vertices;
    for (int i = 0; i < p->count; ++i)
      vertices.push_back(apply(xfOther, p->vertices[i]));
    f->centroidConditioning = detail::centroidConditioning(vertices);
  }
  // The reference's corners (chain_segment.cpp, step P1): convex when the chain turns strictly
  // left, decided exactly on the local coordinates.
  const auto turnsLeft = [](Vec2 a, Vec2 b, Vec2 d) {
    const exact::QVec u{exact::Q(b.x) - exact::Q(a.x), exact::Q(b.y) - exact::Q(a.y)};
    const exact::QVec v{exact::Q(d.x) - exact::Q(b.x), exact::Q(d.y) - exact::Q(b.y)};
    return (u.x * v.y - u.y * v.x) > 0;
  };
  f->chainConvexCorner =
      turnsLeft(chain.ghost1, chain.p1, chain.p2) || turnsLeft(chain.p1, chain.p2, chain.ghost2);
}

/// The flat faces of a shape placed by xf: a polygon's faces, both sides of a segment or of a
/// capsule's core; B's normals are negated (A to B). Each face carries the other shape's
/// separation along it (`other`, its support points) less both radii.
void addFlatFaces(const Shape& s, const Transform& xf, bool isB, const std::vector<Vec2>& other,
                  double radiusSum, std::vector<FlatFace>* faces) {
  std::vector<Vec2> ring;
  if (const auto* p = std::get_if<Polygon>(&s)) {
    for (int i = 0; i < p->count; ++i)
      ring.push_back(apply(xf, p->vertices[i]));
  } else if (const auto* k = std::get_if<Capsule>(&s)) {
    ring = {apply(xf, k->p1), apply(xf, k->p2)};
  } else if (const auto* g = std::get_if<Segment>(&s)) {
    ring = {apply(xf, g->p1), apply(xf, g->p2)};
  } else if (const auto* h = std::get_if<ChainSegment>(&s)) {
    ring = {apply(xf, h->p1), apply(xf, h->p2)};
  }
  for (std::size_t i = 0; ring.size() >= 2 && i < ring.size(); ++i) {
    const Vec2 e = ring[(i + 1) % ring.size()] - ring[i];
    const double len = length(e);
    if (!(len > 0.0) || !std::isfinite(len)) continue;
    const Vec2 outward = (1.0 / len) * Vec2{e.y, -e.x};
    const Vec2 tangent{-outward.y, outward.x};
    FlatFace face{isB ? -outward : outward, len, 0.0, {}};
    double separation = std::numeric_limits<double>::infinity();
    for (const Vec2 q : other) {
      separation = std::min(separation, dot(outward, q - ring[i]));
      face.others.push_back({dot(outward, q - ring[i]), dot(tangent, q - ring[i])});
    }
    face.separation = separation - radiusSum;
    faces->push_back(std::move(face));
  }
}

CaseFacts factsOf(const Case& c) {
  CaseFacts f;
  const ShapeType ta = typeOf(c.a);
  const ShapeType tb = typeOf(c.b);
  auto is = [&](ShapeType x, ShapeType y) { return (ta == x && tb == y) || (ta == y && tb == x); };
  f.circleCircle = is(ShapeType::circle, ShapeType::circle);
  f.polygonCircle = is(ShapeType::polygon, ShapeType::circle);
  f.polygonPolygon = is(ShapeType::polygon, ShapeType::polygon);
  f.chainSegment = ta == ShapeType::chainSegment || tb == ShapeType::chainSegment;
  f.edgePolygon =
      is(ShapeType::segment, ShapeType::polygon) || is(ShapeType::chainSegment, ShapeType::polygon);
  f.capsulePair =
      is(ShapeType::capsule, ShapeType::capsule) || is(ShapeType::segment, ShapeType::capsule);
  f.radiusSum = shapeRadius(c.a) + shapeRadius(c.b);
  f.shortestEdge = std::min(shortestEdgeOf(c.a), shortestEdgeOf(c.b));
  addFlatFaces(c.a, c.xfA, false, supportPoints(c.b, c.xfB), f.radiusSum, &f.faces);
  addFlatFaces(c.b, c.xfB, true, supportPoints(c.a, c.xfA), f.radiusSum, &f.faces);
  if (f.chainSegment) addChainFacts(c, &f);
  if (f.circleCircle) {
    const Vec2 pA = apply(c.xfA, std::get<Circle>(c.a).center);
    const Vec2 pB = apply(c.xfB, std::get<Circle>(c.b).center);
    f.centreDistance = length(pB - pA);
  }
  return f;
}

double maxMagnitude(const Shape& s) {
  double m = shapeRadius(s);
  auto grow = [&m](Vec2 v) { m = std::max({m, std::fabs(v.x), std::fabs(v.y)}); };
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle>) grow(shape.center);
        if constexpr (std::is_same_v<T, Capsule> || std::is_same_v<T, Segment>) {
          grow(shape.p1);
          grow(shape.p2);
        }
        if constexpr (std::is_same_v<T, ChainSegment>) {
          grow(shape.ghost1);
          grow(shape.p1);
          grow(shape.p2);
          grow(shape.ghost2);
        }
        if constexpr (std::is_same_v<T, Polygon>) {
          for (int i = 0; i < shape.count; ++i)
            grow(shape.vertices[i]);
        }
      },
      s);
  return m;
}

double deepest(const Manifold& m) {
  double d = std::numeric_limits<double>::infinity();
  for (int i = 0; i < m.pointCount; ++i)
    d = std::min(d, m.points[i].separation);
  return d;
}

/// Everything a judgement step needs, with the allowances already worked out for this case.
struct Judge {
  const Case& c;
  const Manifold& expected;
  const Manifold& actual;
  const Tolerance& tol;
  CaseFacts facts;
  double scale = 1.0;
  double lever = 1.0;            ///< largest local coordinate or radius: a normal's lever arm
  double normalAllowance = 0.0;  ///< for |Δnormal|
  double lengthAllowance = 0.0;  ///< for point positions and separations
  std::ostringstream notes;      ///< the differences found, one per line
  bool zeroNormal = false;       ///< a zero normal inside the declared zeroNormalEpsilon
};

/// The base of the decision at hand, not the scene's worst: the face the expected normal is
/// (the reference's normal is a face's normal correctly rounded), the two points it is built
/// from (gaps.normal, the circles' centres, a polygon corner and a circle centre), and every
/// face the actual normal lies within that face's own turn of (an engine that took another,
/// shorter face in a tie knows its normal only that well). A sliver's short face widens the
/// allowance only when one of the normals is its normal.
double conditionedBaseLength(const Judge& j) {
  double base = std::numeric_limits<double>::infinity();
  bool known = false;
  const auto take = [&](double length) {
    base = std::min(base, length);
    known = true;
  };
  const double rounding = j.tol.length() + j.tol.roundingBand();
  const bool actualContact = j.actual.status == Status::contact && finite(j.actual.normal);
  for (const FlatFace& f : j.facts.faces) {
    if (j.expected.status == Status::contact && length(j.expected.normal - f.normalAtoB) <= 0x1p-30)
      take(f.length);
    const double turn = j.tol.normal() + rounding / f.length;
    if (actualContact && length(j.actual.normal - f.normalAtoB) <= turn) take(f.length);
  }
  if (j.expected.gaps.normal) take(*j.expected.gaps.normal);
  if (j.facts.centreDistance) take(*j.facts.centreDistance);
  if (j.facts.polygonCircle && j.expected.pointCount > 0) {
    take(deepest(j.expected) + j.facts.radiusSum);
  }
  return known ? base : j.facts.shortestEdge;
}

void setAllowances(Judge& j) {
  j.scale = j.tol.epsilon > 0.0 ? j.tol.unit / j.tol.epsilon : 1.0;
  j.lever = std::max(maxMagnitude(j.c.a), maxMagnitude(j.c.b));
  // The length the normal is built from: an edge, the distance between circle centres, or the
  // distance from a circle centre to the polygon. Its rounding error divided by that length is
  // the normal's error.
  const double base = conditionedBaseLength(j);
  j.normalAllowance = j.tol.normal();
  // The engine's rounding of the inputs moves the two ends of the base by up to the length
  // allowance plus its declared rounding band: the direction turns by that over the base.
  if (base > 0.0) j.normalAllowance += (j.tol.length() + j.tol.roundingBand()) / base;
  // A base inside the engine's rounding (or zero): the direction may be any, opposite too.
  if (!(base > 0.0) || !std::isfinite(j.normalAllowance) || j.normalAllowance >= 2.0) {
    j.normalAllowance = std::isinf(base) ? j.tol.normal() : 2.0 + j.tol.normal();
  }
  // A point placed along the normal, or a separation measured along it, inherits the
  // normal's error times its lever arm (at most the shapes' own size).
  j.lengthAllowance = j.tol.length() + std::min(j.normalAllowance, 2.0) * j.lever;
}

Comparison verdict(Judge& j, Outcome outcome, const std::string& headline) {
  Comparison result;
  result.outcome = outcome;
  if (outcome == Outcome::agree) return result;
  std::ostringstream out;
  out << outcomeName(outcome) << ": " << headline << "\n" << j.notes.str();
  out << "  tolerance: unit " << sci(j.tol.unit) << " (epsilon " << sci(j.tol.epsilon)
      << " x scale " << sci(j.scale) << "); lengths " << sci(j.lengthAllowance) << " = "
      << sci(j.tol.length() > 0 ? j.lengthAllowance / j.tol.unit : 0) << " units; normal "
      << sci(j.normalAllowance) << "; tie band " << sci(j.tol.tieBand) << "; contact band "
      << sci(j.tol.contactBand) << "; margin " << sci(j.tol.margin) << "\n";
  const DecisionGaps& g = j.expected.gaps;
  auto gap = [](const std::optional<double>& v) { return v ? sci(*v) : std::string("-"); };
  out << "  gaps (expected): axis " << gap(g.axis) << ", incident " << gap(g.incident)
      << ", contact " << gap(g.contact) << ", clip " << gap(g.clip) << ", region " << gap(g.region)
      << ", normal " << gap(g.normal) << "; rounding band " << sci(j.tol.roundingBand()) << " ("
      << sci(j.tol.tieBandUnits) << " units)\n";
  out << "  expected: " << formatManifold({j.c.id, "expected", j.expected, "", true}) << "\n";
  out << "  actual:   " << formatManifold({j.c.id, "actual", j.actual, "", true}) << "\n";
  out << "  case: " << formatCase(j.c, NumberFormat::hex);
  result.explanation = out.str();
  return result;
}

// --- step 1: status ------------------------------------------------------------------------

/// Whether an expected decision gap (length units) is inside the band: the declared
/// hysteresis plus the engine's rounding band plus the length allowance. Notes it either way.
bool gapWithinBand(Judge& j, const std::optional<double>& gap, const char* name, double allowance) {
  if (!gap) return false;
  const double band = j.tol.decisionBand() + allowance;
  const bool inside = *gap <= band;
  j.notes << "  " << name << " gap " << inUnits(*gap, j.tol.unit) << " is "
          << (inside ? "inside" : "outside") << " the band " << inUnits(band, j.tol.unit) << "\n";
  return inside;
}

bool gapWithinBand(Judge& j, const std::optional<double>& gap, const char* name) {
  return gapWithinBand(j, gap, name, j.lengthAllowance);
}

/// How far a face's normal may turn in the engine's rounding: the inputs' error over the
/// face's length, plus the declared normal error.
double faceTurn(const Judge& j, double faceLength) {
  return j.tol.normal() + (j.tol.length() + j.tol.roundingBand()) / faceLength;
}

/// The allowance of a chain segment's one-sided decisions (the reference's gaps.region, steps
/// P2–P5 of docs/derivations/chain-segment.md): distances of the other shape's centroid, a
/// circle's centre or the closest points from the chain's pieces' lines, each line turning
/// over its own piece; the centroid known to its own conditioning (conditioning.h); and where
/// the cores may be apart (the closest features' choice) or a corner is convex (a neighbour's
/// ownership, against the other shape's face separations), each face's turn too. A sliver
/// face of the other shape widens it only where such a decision reads that face.
double chainRegionAllowance(const Judge& j) {
  double turn = j.tol.normal();
  for (const double piece : j.facts.chainPieces)
    turn = std::max(turn, faceTurn(j, piece));
  const bool coresOverlap = j.expected.status == Status::contact && j.expected.pointCount > 0 &&
                            deepest(j.expected) + j.facts.radiusSum < 0.0;
  if (!coresOverlap || j.facts.chainConvexCorner) {
    for (const FlatFace& f : j.facts.faces)
      turn = std::max(turn, faceTurn(j, f.length));
  }
  const double centroid = std::min(
      (j.tol.length() + j.tol.roundingBand()) * j.facts.centroidConditioning, 4.0 * j.lever);
  return j.tol.length() + std::min(turn, 2.0) * j.lever + centroid;
}

/// Whether the expected region gap (gaps.region) is inside the band; a chain segment's with
/// its one-sided decisions' own allowance (chainRegionAllowance).
bool regionWithinBand(Judge& j) {
  const double allowance = j.facts.chainSegment ? chainRegionAllowance(j) : j.lengthAllowance;
  return gapWithinBand(j, j.expected.gaps.region, "region", allowance);
}

/// The band of the axis choice: the declared hysteresis at the expected depth (the relative
/// band of the edge pairs, Tolerance::axisTieBand) plus the engine's rounding band.
double axisDecisionBand(const Judge& j) {
  const double depth = j.expected.pointCount > 0 ? -deepest(j.expected) : 0.0;
  return j.tol.axisTieBand(depth) + j.tol.roundingBand();
}

/// Whether the expected axis gap (gaps.axis) is inside the axis band plus the length
/// allowance. Notes it either way, with the relative part when one is declared.
bool axisGapWithinBand(Judge& j) {
  const std::optional<double>& gap = j.expected.gaps.axis;
  if (!gap) return false;
  const double band = axisDecisionBand(j) + j.lengthAllowance;
  const bool inside = *gap <= band;
  j.notes << "  axis gap " << inUnits(*gap, j.tol.unit) << " is " << (inside ? "inside" : "outside")
          << " the band " << inUnits(band, j.tol.unit);
  if (j.tol.relativeTieBand > 0.0 || j.tol.relativeTieBandOffset > 0.0) {
    j.notes << " (relative: " << sci(j.tol.relativeTieBandOffset) << " + "
            << sci(j.tol.relativeTieBand) << " x depth)";
  }
  j.notes << "\n";
  return inside;
}

/// Distance of the expected decision from the contact/no-contact boundary.
std::optional<double> boundaryDistance(const Judge& j) {
  if (j.expected.gaps.contact) return *j.expected.gaps.contact;
  if (j.expected.status == Status::contact && j.expected.pointCount > 0) {
    return std::fabs(deepest(j.expected) - j.tol.margin);
  }
  return std::nullopt;
}

/// Rounded polygons judged by face separations only (Box2D 2.4.1) report contact whenever a
/// face separation of the cores is within the total radius, although rounded corners may be
/// farther apart than that: a contact is then legitimate when every separation it reports
/// lies in [−(total radius), margin].
std::optional<Comparison> judgeFaceContact(Judge& j) {
  const double low = -j.facts.radiusSum - j.lengthAllowance;
  const double high = j.tol.margin + j.lengthAllowance;
  for (int i = 0; i < std::clamp(j.actual.pointCount, 0, 2); ++i) {
    const double s = j.actual.points[i].separation;
    j.notes << "  declared convention: contact decided on face separations; actual separation " << i
            << " = " << sci(s) << " must lie in [" << sci(low) << ", " << sci(high) << "]\n";
    if (s < low || s > high) {
      return verdict(j, Outcome::spuriousContact, "contact outside the face-separation band");
    }
  }
  if (j.actual.pointCount < 1) {
    return verdict(j, Outcome::spuriousContact, "contact without points");
  }
  return verdict(j, Outcome::agreeWithinTie, "rounded corners within the face-separation band");
}

/// The incident gap is dimensionless (a difference of unit-normal dot products): the band is
/// the normal allowance plus the rounding band in epsilons.
bool incidentTie(const Judge& j) {
  return j.expected.gaps.incident &&
         *j.expected.gaps.incident <= j.normalAllowance + j.tol.tieBandUnits * j.tol.epsilon;
}

/// How much higher than its separation an engine may read face f: the rise of the other
/// shape's least height as the face's normal turns within its turn (conditioning.h), plus the
/// face's length times that turn (the plane may pivot anywhere on the face); never more than
/// the turn times the lever arm. A shape straddling a sliver's short face reads no higher
/// along any turn of it.
double readingRise(const Judge& j, const FlatFace& f) {
  const double turn = std::min(faceTurn(j, f.length), 2.0);
  return std::min(turn * j.lever, detail::turnedFaceRise(f.others, turn) + turn * f.length);
}

/// The error of the quantity a contact decision compares with the margin. A distance between
/// closest points (two vertices, a vertex and a circle centre, two centres) is measured along
/// the direction it is built from, so a turn of that direction moves it to second order only:
/// the inputs' rounding is its error. A separation measured along a face normal moves by the
/// face's turn times the lever arm: the face the expected normal is, or the actual's; a missed
/// contact only by as much as the face's reading can rise (readingRise).
double contactDecisionAllowance(const Judge& j) {
  const bool expectedContact = j.expected.status == Status::contact;
  const bool actualContact = j.actual.status == Status::contact && finite(j.actual.normal);
  double error = j.tol.normal() * j.lever;
  for (const FlatFace& f : j.facts.faces) {
    const double fTurn = faceTurn(j, f.length);
    const bool expectedFace =
        expectedContact && length(j.expected.normal - f.normalAtoB) <= 0x1p-30;
    const bool actualFace = actualContact && length(j.actual.normal - f.normalAtoB) <= fTurn;
    if (!expectedFace && !actualFace) continue;
    error = std::max(error, actualContact ? std::min(fTurn, 2.0) * j.lever : readingRise(j, f));
  }
  return j.tol.length() + error;
}

/// A contact the engine missed is excused by a separating axis it may have read beyond the
/// margin: a face whose separation (never more than the distance) lies within how far its
/// reading can rise (readingRise) of the margin. Other faces, however short, cannot have
/// decided it.
bool faceAxisReachesMargin(Judge& j) {
  for (const FlatFace& f : j.facts.faces) {
    const double reach =
        j.tol.contactBand + j.tol.roundingBand() + j.tol.length() + readingRise(j, f);
    if (f.separation >= j.tol.margin - reach) {
      j.notes << "  a face " << sci(f.length) << " long separates by " << sci(f.separation)
              << ", within its rounding " << sci(reach) << " of the margin\n";
      return true;
    }
  }
  return false;
}

std::optional<Comparison> judgeStatus(Judge& j) {
  const Status e = j.expected.status;
  const Status a = j.actual.status;
  if (e == a && e != Status::contact) return verdict(j, Outcome::agree, "");
  const bool eAnswer = e == Status::contact || e == Status::noContact;
  const bool aAnswer = a == Status::contact || a == Status::noContact;
  if (!eAnswer || !aAnswer) {
    return verdict(
        j, Outcome::statusMismatch,
        "expected status " + std::string(statusName(e)) + ", got " + std::string(statusName(a)));
  }
  if (e == Status::contact &&
      (j.expected.pointCount < 1 || j.expected.pointCount > 2 || !finite(j.expected.normal))) {
    j.notes << "  the expected manifold is malformed: contact with " << j.expected.pointCount
            << " points\n";
    return verdict(j, Outcome::statusMismatch, "cannot judge against a malformed expectation");
  }
  if (e == a) return std::nullopt;
  const std::optional<double> gap = boundaryDistance(j);
  const double band = j.tol.contactBand + j.tol.roundingBand() + contactDecisionAllowance(j);
  j.notes << "  contact decision: expected " << statusName(e) << ", got " << statusName(a)
          << "; distance from the boundary "
          << (gap ? inUnits(*gap, j.tol.unit) : std::string("unknown")) << ", band "
          << inUnits(band, j.tol.unit) << "\n";
  if (gap && *gap <= band) {
    return verdict(j, Outcome::agreeWithinTie, "contact decision differs within the contact band");
  }
  if (e == Status::contact && faceAxisReachesMargin(j)) {
    return verdict(j, Outcome::agreeWithinTie,
                   "a face axis reaches the margin within its rounding");
  }
  // A one-sided chain segment's corner regions decide contact: a centre on the boundary of a
  // region a neighbouring piece owns may be taken or left within the band.
  if (j.facts.chainSegment && regionWithinBand(j)) {
    return verdict(j, Outcome::agreeWithinTie, "chain corner ownership decided inside the band");
  }
  // Likewise B's face against a corner whose neighbour normal and the segment's make the same
  // angle with it: whether the neighbour is incident (no contact) is an incident tie.
  if (j.facts.chainSegment && incidentTie(j)) {
    return verdict(j, Outcome::agreeWithinTie, "chain neighbour incident inside its tie");
  }
  // A chain segment's no-contact may be its one-sidedness, not the distance: its face-axis
  // contacts are judged with its declared ownership (judgeByGeometry).
  if (e == Status::noContact && j.tol.faceNormalOnly && !j.facts.chainSegment) {
    return judgeFaceContact(j);
  }
  return verdict(j, e == Status::contact ? Outcome::missingContact : Outcome::spuriousContact,
                 "contact decision differs outside the contact band");
}

// --- step 2: sanity ------------------------------------------------------------------------

std::optional<Comparison> judgeFinite(Judge& j) {
  const Manifold& a = j.actual;
  if (a.status != Status::contact) return std::nullopt;
  bool ok = finite(a.normal);
  for (int i = 0; i < std::clamp(a.pointCount, 0, 2); ++i) {
    ok = ok && finite(a.points[i].point) && std::isfinite(a.points[i].separation);
  }
  if (ok) return std::nullopt;
  return verdict(j, Outcome::nonFinite, "NaN or infinity in the actual manifold");
}

/// The declared zero normal (Conventions::zeroNormalEpsilon): the actual normal is exactly
/// (0, 0) and the expected one is built over at most the epsilon (or is degenerate).
bool declaredZeroNormal(Judge& j) {
  if (!(j.tol.zeroNormalEpsilon > 0.0) || j.actual.normal.x != 0.0 || j.actual.normal.y != 0.0) {
    return false;
  }
  const bool degenerate = j.expected.flags & kFlagDegenerateNormal;
  const std::optional<double> base = j.expected.gaps.normal;
  if (!degenerate && !(base && *base <= j.tol.zeroNormalEpsilon + j.tol.length())) return false;
  j.notes << "  zero normal: built over "
          << (base ? sci(*base) : std::string("no length (degenerate)"))
          << ", inside the declared zeroNormalEpsilon " << sci(j.tol.zeroNormalEpsilon) << "\n";
  return true;
}

std::optional<Comparison> judgeSanity(Judge& j) {
  const Manifold& a = j.actual;
  if (a.pointCount < 1 || a.pointCount > 2) {
    j.notes << "  point count: actual " << a.pointCount << ", a contact has 1 or 2\n";
    return verdict(j, Outcome::wrongPointCount, "contact with an impossible point count");
  }
  if (declaredZeroNormal(j)) {
    // No direction to judge: points placed along it may be anywhere the normal could point.
    j.zeroNormal = true;
    j.lengthAllowance += 2.0 * j.lever;
    return std::nullopt;
  }
  const double unitError = std::fabs(length(a.normal) - 1.0);
  if (unitError > j.tol.normal()) {
    j.notes << "  normal length differs from 1 by " << inUnits(unitError, j.tol.epsilon) << "\n";
    return verdict(j, Outcome::wrongNormal, "the actual normal is not unit");
  }
  return std::nullopt;
}

// --- loose judgements for declared ties and conventions ------------------------------------

/// A different discrete choice (reference face, region, incident edge) inside a declared
/// band: the actual manifold must still be sound, and its deepest separation within `band`
/// (+ allowance) of the expected deepest one; no point may be beyond the margin.
Comparison judgeLoosely(Judge& j, double band, const std::string& why) {
  const double e = deepest(j.expected);
  const double a = deepest(j.actual);
  const double allowed = band + j.lengthAllowance;
  j.notes << "  " << why << "; deepest separation expected " << sci(e) << ", actual " << sci(a)
          << ": differs by " << inUnits(std::fabs(a - e), j.tol.unit) << " (allowed "
          << inUnits(allowed, j.tol.unit) << ")\n";
  if (std::fabs(a - e) > allowed) {
    return verdict(j, Outcome::wrongSeparation, "different choice, separation out of band");
  }
  for (int i = 0; i < j.actual.pointCount && !j.tol.keepsPointsBeyondMargin; ++i) {
    const double beyond = j.actual.points[i].separation - j.tol.margin;
    if (beyond > j.tol.contactBand + j.tol.roundingBand() + j.lengthAllowance) {
      j.notes << "  actual point " << i << " is beyond the margin by "
              << inUnits(beyond, j.tol.unit) << "\n";
      return verdict(j, Outcome::wrongSeparation, "different choice, point beyond margin");
    }
  }
  return verdict(j, Outcome::agreeWithinTie, why);
}

/// Rounded polygons, cores apart, closest features two vertices: the expected normal runs
/// along the vertex difference; an engine using face normals only reports a face separation,
/// which lies between −(total radius) (cores touching) and the true distance.
Comparison judgeFaceNormalOnly(Judge& j) {
  const double a = deepest(j.actual);
  const double e = deepest(j.expected);
  const double low = -j.facts.radiusSum - j.lengthAllowance;
  const double high = e + j.lengthAllowance;
  j.notes << "  declared convention: face normals only (no vertex-vertex normal); actual "
          << "separation " << sci(a) << " must lie in [" << sci(low) << ", " << sci(high) << "]\n";
  if (a < low || a > high) {
    return verdict(j, Outcome::wrongSeparation, "face-normal separation out of bounds");
  }
  return verdict(j, Outcome::agreeWithinTie, "vertex-vertex contact seen along a face normal");
}

bool isVertexVertex(const Manifold& m) {
  return m.pointCount == 1 && m.points[0].id.typeA == FeatureType::vertex &&
         m.points[0].id.typeB == FeatureType::vertex;
}

// --- step 3: normal ------------------------------------------------------------------------

/// Polygon–circle whose faces tie for the circle's axis (the gap inside the band): the region
/// of the centre is read on the face an engine takes, and on another tied face it may be the
/// face region where the reference's is a vertex region — another normal and another depth,
/// each the derivation's answer for its face (polygon-circle.md). True when the actual is that
/// answer for a tied face k: its normal (polygon → circle) is k's outward normal, its deepest
/// separation k's separation of the centre less the radii, and k's separation within the band
/// of the best face's. The faces and separations come from the exact world cores.
bool anotherTiedCircleFace(Judge& j) {
  const bool polygonIsA = std::holds_alternative<Polygon>(j.c.a);
  const exact::Core polygon =
      exact::coreOf(polygonIsA ? j.c.a : j.c.b, polygonIsA ? j.c.xfA : j.c.xfB, 0.0);
  const exact::Core circle =
      exact::coreOf(polygonIsA ? j.c.b : j.c.a, polygonIsA ? j.c.xfB : j.c.xfA, 0.0);
  const Vec2 normal = polygonIsA ? j.actual.normal : -j.actual.normal;
  const int count = exact::edgeCount(polygon);
  std::array<double, kMaxPolygonVertices> faceSeparation{};
  double best = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < count; ++k) {
    const exact::QVec n = exact::edgeNormal(polygon, k);
    const exact::Q w = exact::dot(n, circle.vertices[0] - exact::edgeStart(polygon, k));
    faceSeparation[k] = exact::SignedLength{w.sign(), w * w / exact::dot(n, n)}.value();
    best = std::max(best, faceSeparation[k]);
  }
  const double band = axisDecisionBand(j) + j.lengthAllowance;
  for (int k = 0; k < count; ++k) {
    // The exact normal divided by its largest component first: no edge is too short to
    // normalise in double.
    const exact::QVec n = exact::edgeNormal(polygon, k);
    const exact::Q reach = abs(n.x) > abs(n.y) ? abs(n.x) : abs(n.y);
    const Vec2 v{exact::toDouble(n.x / reach), exact::toDouble(n.y / reach)};
    const Vec2 faceNormal = (1.0 / length(v)) * v;
    const double separation = faceSeparation[k] - j.facts.radiusSum;
    if (faceSeparation[k] >= best - band && length(normal - faceNormal) <= j.normalAllowance &&
        std::fabs(deepest(j.actual) - separation) <= j.lengthAllowance) {
      j.notes << "  the actual is the answer for face " << k << " of the polygon, tied within "
              << inUnits(best - faceSeparation[k], j.tol.unit) << ": its normal, separation "
              << sci(separation) << "\n";
      return true;
    }
  }
  return false;
}

/// A tie of reference faces lets an engine take another face, not another normal: between
/// sharp shapes that touch or overlap (no radius, no margin: every normal is a face's), the
/// actual normal must be a face's within that face's own turn. Elsewhere (round shapes, a
/// margin, a chain segment) true: corner normals are legitimate there.
bool normalOfSomeFace(Judge& j) {
  if (j.facts.faces.empty() || j.facts.chainSegment || j.facts.radiusSum > 0.0 ||
      j.tol.margin > 0.0) {
    return true;
  }
  const double rounding = j.tol.length() + j.tol.roundingBand();
  for (const FlatFace& f : j.facts.faces) {
    if (length(j.actual.normal - f.normalAtoB) <= j.tol.normal() + rounding / f.length) {
      return true;
    }
  }
  j.notes << "  the actual normal is within its own turn of no face of either shape\n";
  return false;
}

/// A clip of the reference face (two points) where the expectation is the closest features'
/// single point (cores apart, vertex against vertex; or two capsule cores): a choice inside the
/// tie band when the clip's deepest separation is within the band of the point's. The clip's
/// points lie over the reference face, so they are never nearer than the closest features.
/// Box2D v3 keeps the clip that way: b2CollidePolygons takes the vertex–vertex point only when
/// its separation is below the clip's by more than 0.1·b2_linearSlop (its tieBand), and
/// b2CollideCapsules keeps the clip while a clipped point is within b2_linearSlop of the
/// closest distance (its capsuleTieBand).
std::optional<Comparison> judgeClipKept(Judge& j) {
  if (!(j.tol.tieBand > 0.0) || j.expected.pointCount != 1 || j.actual.pointCount != 2) {
    return std::nullopt;
  }
  const double lead = deepest(j.actual) - deepest(j.expected);
  if (lead < -j.lengthAllowance || lead > j.tol.decisionBand() + j.lengthAllowance) {
    return std::nullopt;
  }
  return judgeLoosely(j, j.tol.decisionBand(),
                      "a clip kept in place of the closest features' point inside the tie band");
}

std::optional<Comparison> judgeNormal(Judge& j) {
  if (j.zeroNormal) return std::nullopt;
  const double diff = length(j.actual.normal - j.expected.normal);
  if (diff <= j.normalAllowance) return std::nullopt;
  j.notes << "  normal: expected " << vec(j.expected.normal) << ", actual " << vec(j.actual.normal)
          << ": differs by " << inUnits(diff, j.tol.epsilon) << " (allowed "
          << inUnits(j.normalAllowance, j.tol.epsilon) << ")\n";
  if (j.expected.flags & kFlagDegenerateNormal) {
    // The geometry leaves a set of normals (any for concentric circles, a cone where two faces
    // are as deep): another one is judged against the exact geometry (geometryConvention).
    return verdict(j, Outcome::wrongNormal, "another normal than the flagged expectation's");
  }
  if (j.tol.faceNormalOnly && (j.facts.polygonPolygon || j.facts.edgePolygon) &&
      isVertexVertex(j.expected)) {
    return judgeFaceNormalOnly(j);
  }
  if (j.tol.insideEpsilon > 0.0 && (j.facts.polygonCircle || j.facts.circleCircle) &&
      j.expected.pointCount > 0) {
    const double centreGap = deepest(j.expected) + j.facts.radiusSum;
    if (centreGap <= j.tol.insideEpsilon + j.lengthAllowance) {
      j.notes << "  circle centre is " << inUnits(centreGap, j.tol.unit)
              << " from the other core, inside the declared epsilon " << sci(j.tol.insideEpsilon)
              << "\n";
      return judgeLoosely(j, j.tol.insideEpsilon, "centre within the declared epsilon");
    }
  }
  if (auto r = judgeClipKept(j)) return r;
  if (j.facts.capsulePair) {
    // Two cores: a tie of sides or regions says nothing of the depth along another normal
    // (cores touching at an end line tie the region, yet only one face is deepest): the exact
    // geometry judges it (geometryConvention).
    return verdict(j, Outcome::wrongNormal,
                   "two capsule cores, another normal than the reference's");
  }
  if (axisGapWithinBand(j)) {
    if (j.facts.polygonCircle && anotherTiedCircleFace(j)) {
      return verdict(j, Outcome::agreeWithinTie, "the circle's region read on another tied face");
    }
    if (!normalOfSomeFace(j)) {
      return verdict(j, Outcome::wrongNormal,
                     "a tie of reference faces, but the normal is no face's");
    }
    return judgeLoosely(j, axisDecisionBand(j), "reference face chosen inside the tie band");
  }
  // A round shape at a face/vertex region boundary: face normal on one side, centre − vertex
  // on the other, both correct within the engine's rounding of the deciding point.
  if (regionWithinBand(j)) {
    return judgeLoosely(j, j.tol.decisionBand(), "Voronoi region chosen inside the band");
  }
  return verdict(j, Outcome::wrongNormal, "normal differs outside the allowance");
}

// --- step 4: points ------------------------------------------------------------------------

/// For actual point i, the expected point it is matched with (by position).
struct Matching {
  int expectedOf[2] = {0, 1};
  double worst = 0.0;
};

Matching matchPoints(const Manifold& expected, const Manifold& actual) {
  Matching best;
  best.worst = std::numeric_limits<double>::infinity();
  const int n = std::min(expected.pointCount, actual.pointCount);
  for (int swap = 0; swap < (n == 2 ? 2 : 1); ++swap) {
    Matching m;
    m.expectedOf[0] = swap;
    m.expectedOf[1] = 1 - swap;
    for (int i = 0; i < n; ++i) {
      m.worst = std::max(m.worst,
                         length(actual.points[i].point - expected.points[m.expectedOf[i]].point));
    }
    if (m.worst < best.worst) best = m;
  }
  return best;
}

/// The side-plane convention when the expected points coincide (the incident edge touches
/// the reference face's extent at one point): the incident line is unknown, so each actual
/// point is checked for what holds on any incident edge of the same reference face — the
/// midpoint rule ties its height along the normal to its separation (dot(Δpoint, n) =
/// ½·Δseparation) — and for lying within the extension along the tangent, not beyond margin.
Comparison judgeSideExtensionAtOnePoint(Judge& j) {
  const ManifoldPoint& e = j.expected.points[0];
  const Vec2 n = j.actual.normal;
  const Vec2 tangent{-n.y, n.x};
  for (int i = 0; i < j.actual.pointCount; ++i) {
    const ManifoldPoint& a = j.actual.points[i];
    const Vec2 delta = a.point - e.point;
    const double off = std::fabs(dot(delta, n) - 0.5 * (a.separation - e.separation));
    const double along = std::fabs(dot(delta, tangent));
    j.notes << "  actual point " << i << ": off the midpoint rule by " << inUnits(off, j.tol.unit)
            << ", along the reference face by " << sci(along) << " (declared extension "
            << sci(j.tol.sideExtension) << ")\n";
    if (off > j.lengthAllowance || along > j.tol.sideExtension + j.lengthAllowance ||
        a.separation - j.tol.margin > j.lengthAllowance) {
      return verdict(j, Outcome::wrongPoint, "points differ beyond the side-plane extension");
    }
  }
  return verdict(j, Outcome::agreeWithinTie, "points clipped at side planes extended by radius");
}

/// Box2D 2.4.1's side planes are pushed out by the total radius: its clipped points lie on
/// the same incident edge — the same line through (point, separation) space as the expected
/// two points — but up to that radius farther along the reference face's tangent.
Comparison judgeSideExtension(Judge& j) {
  if (j.expected.pointCount != 2) {
    return verdict(j, Outcome::wrongPoint, "points differ (side-plane convention needs two)");
  }
  const ManifoldPoint& e0 = j.expected.points[0];
  const ManifoldPoint& e1 = j.expected.points[1];
  const double d[3] = {e1.point.x - e0.point.x, e1.point.y - e0.point.y,
                       e1.separation - e0.separation};
  // The projection's parameter on d scaled to about 1 (a power of two, exact): no square of a
  // length underflows at 2^-600 nor overflows at 2^600.
  const double reach = std::max({std::fabs(d[0]), std::fabs(d[1]), std::fabs(d[2])});
  const int exponent = reach > 0.0 ? std::ilogb(reach) : 0;
  const double ds[3] = {std::ldexp(d[0], -exponent), std::ldexp(d[1], -exponent),
                        std::ldexp(d[2], -exponent)};
  const double dd = ds[0] * ds[0] + ds[1] * ds[1] + ds[2] * ds[2];
  const Vec2 tangent{-j.actual.normal.y, j.actual.normal.x};
  const double span = std::fabs(dot({d[0], d[1]}, tangent));
  if (span <= j.lengthAllowance) return judgeSideExtensionAtOnePoint(j);
  for (int i = 0; i < j.actual.pointCount; ++i) {
    const ManifoldPoint& a = j.actual.points[i];
    const double q[3] = {a.point.x - e0.point.x, a.point.y - e0.point.y,
                         a.separation - e0.separation};
    const double qd = std::ldexp(q[0], -exponent) * ds[0] + std::ldexp(q[1], -exponent) * ds[1] +
                      std::ldexp(q[2], -exponent) * ds[2];
    const double u = dd > 0 ? qd / dd : 0.0;
    const double off = std::hypot(q[0] - u * d[0], q[1] - u * d[1], q[2] - u * d[2]);
    const double beyond = std::max({0.0, -u, u - 1.0}) * span;
    j.notes << "  actual point " << i << ": off the expected incident line by "
            << inUnits(off, j.tol.unit) << ", beyond the reference face by " << sci(beyond)
            << " (declared extension " << sci(j.tol.sideExtension) << ")\n";
    if (off > j.lengthAllowance || beyond > j.tol.sideExtension + j.lengthAllowance ||
        a.separation - j.tol.margin > j.lengthAllowance) {
      return verdict(j, Outcome::wrongPoint, "points differ beyond the side-plane extension");
    }
  }
  return verdict(j, Outcome::agreeWithinTie, "points clipped at side planes extended by radius");
}

/// Whether some point of `m` is `p` within the length allowance: its position, and with
/// `bySeparation` its separation too.
bool hasPartner(const Judge& j, const ManifoldPoint& p, const Manifold& m, bool bySeparation) {
  for (int k = 0; k < m.pointCount; ++k) {
    const ManifoldPoint& q = m.points[k];
    if (length(p.point - q.point) <= j.lengthAllowance &&
        (!bySeparation || std::fabs(p.separation - q.separation) <= j.lengthAllowance)) {
      return true;
    }
  }
  return false;
}

/// Whether a point's separation sits at the keep/drop boundary: within the contact band, the
/// rounding band and the length allowance of the margin.
bool atKeepDropBoundary(const Judge& j, const ManifoldPoint& p) {
  return std::fabs(p.separation - j.tol.margin) <=
         j.tol.contactBand + j.tol.roundingBand() + j.lengthAllowance;
}

/// Every point of `one` without a partner in `other` sits at the keep/drop boundary.
bool unmatchedAtMargin(const Judge& j, const Manifold& one, const Manifold& other,
                       bool bySeparation) {
  for (int i = 0; i < one.pointCount; ++i) {
    const ManifoldPoint& p = one.points[i];
    if (!hasPartner(j, p, other, bySeparation) && !atKeepDropBoundary(j, p)) return false;
  }
  return true;
}

/// The manifold with more points, then the one with fewer.
std::pair<const Manifold*, const Manifold*> moreAndFewer(const Judge& j) {
  if (j.actual.pointCount > j.expected.pointCount) return {&j.actual, &j.expected};
  return {&j.expected, &j.actual};
}

/// A point kept by one engine and dropped by the other must sit at the keep/drop boundary.
bool extraPointsAtMargin(const Judge& j) {
  const auto [more, fewer] = moreAndFewer(j);
  return unmatchedAtMargin(j, *more, *fewer, false);
}

/// Every point of the manifold with fewer points is one of the other's (within the length
/// allowance, separation included).
bool fewerPointsMatched(const Judge& j) {
  const auto [more, fewer] = moreAndFewer(j);
  for (int k = 0; k < fewer->pointCount; ++k) {
    if (!hasPartner(j, fewer->points[k], *more, true)) return false;
  }
  return true;
}

std::optional<Comparison> judgePointCount(Judge& j) {
  if (j.actual.pointCount == j.expected.pointCount) return std::nullopt;
  j.notes << "  point count: expected " << j.expected.pointCount << ", actual "
          << j.actual.pointCount << "\n";
  if (extraPointsAtMargin(j)) {
    return verdict(j, Outcome::agreeWithinTie, "a point at the keep/drop boundary");
  }
  if (auto r = judgeClipKept(j)) return r;
  if (incidentTie(j)) return judgeLoosely(j, 0.0, "incident edge chosen inside its tie");
  // Faces parallel within the band, cores apart: a face contact clipped to two points or the
  // closest features' single point are the same contact seen through either axis; the single
  // point must be one of the two.
  // Likewise at a face/vertex region boundary (vertex–vertex: one point; face: two).
  if (fewerPointsMatched(j) &&
      (gapWithinBand(j, j.expected.gaps.axis, "axis") || regionWithinBand(j))) {
    return judgeLoosely(j, j.tol.decisionBand(), "reference face chosen inside the tie band");
  }
  if (j.tol.sideExtension > 0.0) return judgeSideExtension(j);
  return verdict(j, Outcome::wrongPointCount, "point counts differ");
}

std::optional<Comparison> judgePoints(Judge& j) {
  const Matching m = matchPoints(j.expected, j.actual);
  Outcome failure = Outcome::agree;
  for (int i = 0; i < j.actual.pointCount; ++i) {
    const ManifoldPoint& a = j.actual.points[i];
    const ManifoldPoint& e = j.expected.points[m.expectedOf[i]];
    const double dp = length(a.point - e.point);
    const double ds = std::fabs(a.separation - e.separation);
    if (dp > j.lengthAllowance) {
      j.notes << "  point " << i << ": expected " << vec(e.point) << ", actual " << vec(a.point)
              << ": differs by " << inUnits(dp, j.tol.unit) << " (allowed "
              << inUnits(j.lengthAllowance, j.tol.unit) << ")\n";
      if (failure == Outcome::agree) failure = Outcome::wrongPoint;
    }
    if (ds > j.lengthAllowance) {
      j.notes << "  separation " << i << ": expected " << sci(e.separation) << ", actual "
              << sci(a.separation) << ": differs by " << inUnits(ds, j.tol.unit) << " (allowed "
              << inUnits(j.lengthAllowance, j.tol.unit) << ")\n";
      if (failure == Outcome::agree) failure = Outcome::wrongSeparation;
    }
  }
  if (failure == Outcome::agree) return std::nullopt;
  // As many points, but one engine kept a point the other dropped and the other way round:
  // legitimate when each point without a partner sits at the keep/drop boundary (an edge
  // lying along a face at the margin, both ends' separations within rounding of it).
  if (unmatchedAtMargin(j, j.actual, j.expected, true) &&
      unmatchedAtMargin(j, j.expected, j.actual, true)) {
    return verdict(j, Outcome::agreeWithinTie, "points exchanged at the keep/drop boundary");
  }
  if (incidentTie(j)) return judgeLoosely(j, 0.0, "incident edge chosen inside its tie");
  // A single closest-feature point whose choice is inside its tie (two vertex pairs equally
  // close): the other choice's point is as deep, elsewhere. (Not for an axis tie: parallel
  // reference faces clip to the same points, which must then agree.)
  if (j.expected.pointCount == 1 && regionWithinBand(j)) {
    return judgeLoosely(j, j.tol.decisionBand(), "closest features chosen inside the tie band");
  }
  if (j.tol.sideExtension > 0.0) return judgeSideExtension(j);
  return verdict(j, failure,
                 failure == Outcome::wrongPoint ? "points differ" : "separations differ");
}

std::string idText(FeatureId id) {
  auto t = [](FeatureType x) { return x == FeatureType::face ? "face " : "vertex "; };
  return std::string("(") + t(id.typeA) + std::to_string(id.indexA) + ", " + t(id.typeB) +
         std::to_string(id.indexB) + ")";
}

/// True for a (face, vertex) or (vertex, face) id — the two names a clipped point has.
bool isFaceVertexPair(FeatureId id) {
  return id.typeA != id.typeB;
}

/// The two names of one clipped point: "incident vertex kept" (reference face, vertex) for
/// one engine and "clipped at the reference face's end" (vertex, incident face) for the
/// other, as A and B's roles allow either shape to hold the reference face.
bool isClipRename(FeatureId e, FeatureId a) {
  return isFaceVertexPair(e) && isFaceVertexPair(a) && e.typeA != a.typeA;
}

/// Vertex `index` of a shape in its local frame (a circle's centre is vertex 0; a capsule's,
/// segment's or chain segment's p1 and p2 are vertices 0 and 1); nullopt when there is none.
std::optional<Vec2> localVertex(const Shape& s, int index) {
  if (const auto* c = std::get_if<Circle>(&s))
    return index == 0 ? std::optional(c->center) : std::nullopt;
  if (const auto* p = std::get_if<Polygon>(&s)) {
    return index < p->count ? std::optional(p->vertices[index]) : std::nullopt;
  }
  Vec2 ends[2];
  if (const auto* k = std::get_if<Capsule>(&s)) ends[0] = k->p1, ends[1] = k->p2;
  if (const auto* g = std::get_if<Segment>(&s)) ends[0] = g->p1, ends[1] = g->p2;
  if (const auto* h = std::get_if<ChainSegment>(&s)) ends[0] = h->p1, ends[1] = h->p2;
  return index < 2 ? std::optional(ends[index]) : std::nullopt;
}

/// One side of two ids names the same place: the same feature, or two vertices of the shape
/// closer together than `band` (a capsule shorter than the engine's rounding is a circle).
bool samePlace(const Shape& s, FeatureType te, int ie, FeatureType ta, int ia, double band) {
  if (te == ta && ie == ia) return true;
  if (te != FeatureType::vertex || ta != FeatureType::vertex) return false;
  const std::optional<Vec2> ve = localVertex(s, ie);
  const std::optional<Vec2> va = localVertex(s, ia);
  return ve && va && length(*ve - *va) <= band;
}

/// How the differing ids of a manifold's points can be explained point by point.
struct IdDifferences {
  bool allCoincident = true;  ///< every differing point names vertices coinciding in the band
  /// Every differing point is a clip rename or names coinciding vertices (at least one rename
  /// when not allCoincident).
  bool renamesOrCoincident = true;
};

/// Differing ids explained by a decision inside the band: the reference face or incident edge
/// chosen inside its tie (gaps.axis, gaps.incident), a clip id named across a side plane
/// (gaps.clip), a region id at a face/vertex boundary (gaps.region), or vertices that
/// coincide within the band. A manifold may mix the last two point by point (a float engine
/// far from the origin renames one point across a side plane and names a vertex that
/// coincides with the expected one at the other); each point must be acceptable on its own.
std::optional<Comparison> judgeIdsWithinBand(Judge& j, const IdDifferences& d) {
  if (d.allCoincident) {
    return verdict(j, Outcome::agreeWithinTie, "ids name vertices that coincide in the band");
  }
  if (axisGapWithinBand(j)) {
    return verdict(j, Outcome::agreeWithinTie, "ids of a reference face chosen in the tie band");
  }
  if (incidentTie(j)) {
    return verdict(j, Outcome::agreeWithinTie, "ids of an incident edge chosen in its tie");
  }
  if (d.renamesOrCoincident && gapWithinBand(j, j.expected.gaps.clip, "clip")) {
    return verdict(j, Outcome::agreeWithinTie, "clip id named across a side plane in the band");
  }
  if (regionWithinBand(j)) {
    return verdict(j, Outcome::agreeWithinTie, "region id at a boundary inside the band");
  }
  return std::nullopt;
}

std::optional<Comparison> judgeIds(Judge& j) {
  if (!j.tol.compareIds) return std::nullopt;
  // Ids name a discrete choice (face or vertex region, reference face); when the normals
  // differ by more than the engine's epsilon allowance, that choice was made inside the
  // rounding of the normal's base length and the ids may legitimately differ.
  if (!(j.expected.flags & kFlagDegenerateNormal) &&
      length(j.actual.normal - j.expected.normal) > j.tol.normal()) {
    return std::nullopt;
  }
  const Matching m = matchPoints(j.expected, j.actual);
  bool same = true;
  IdDifferences d;
  const double band = j.tol.decisionBand() + j.lengthAllowance;
  for (int i = 0; i < j.actual.pointCount; ++i) {
    const FeatureId e = j.expected.points[m.expectedOf[i]].id;
    const FeatureId a = j.actual.points[i].id;
    if (e == a) continue;
    same = false;
    const bool coincident = samePlace(j.c.a, e.typeA, e.indexA, a.typeA, a.indexA, band) &&
                            samePlace(j.c.b, e.typeB, e.indexB, a.typeB, a.indexB, band);
    d.allCoincident = d.allCoincident && coincident;
    d.renamesOrCoincident = d.renamesOrCoincident && (coincident || isClipRename(e, a));
    j.notes << "  id " << i << ": expected " << idText(e) << ", actual " << idText(a)
            << (coincident ? " (vertices coincide in the band)" : "") << "\n";
  }
  if (same) return std::nullopt;
  if (auto r = judgeIdsWithinBand(j, d)) return r;
  return verdict(j, Outcome::wrongId, "feature ids differ");
}

}  // namespace

std::string_view outcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::agree:
      return "agree";
    case Outcome::agreeWithinTie:
      return "agree-within-tie";
    case Outcome::missingContact:
      return "missing-contact";
    case Outcome::spuriousContact:
      return "spurious-contact";
    case Outcome::wrongNormal:
      return "wrong-normal";
    case Outcome::wrongPointCount:
      return "wrong-point-count";
    case Outcome::wrongPoint:
      return "wrong-point";
    case Outcome::wrongSeparation:
      return "wrong-separation";
    case Outcome::wrongId:
      return "wrong-id";
    case Outcome::nonFinite:
      return "non-finite";
    case Outcome::statusMismatch:
      return "status-mismatch";
  }
  return "unknown";
}

Tolerance toleranceFor(const Case& c, const Conventions& conventions) {
  Tolerance t;
  const bool isFloat = conventions.precision == Precision::float32;
  t.epsilon = isFloat ? static_cast<double>(std::numeric_limits<float>::epsilon())
                      : std::numeric_limits<double>::epsilon();
  double scale = std::max(maxMagnitude(c.a), maxMagnitude(c.b));
  for (const Transform* xf : {&c.xfA, &c.xfB}) {
    scale = std::max({scale, std::fabs(xf->p.x), std::fabs(xf->p.y)});
  }
  // Floor: one unit is never below the smallest positive number of the engine's precision.
  const double tiny = isFloat ? static_cast<double>(std::numeric_limits<float>::denorm_min())
                              : std::numeric_limits<double>::denorm_min();
  t.unit = std::max(t.epsilon * scale, tiny);
  t.lengthUnits = kDefaultLengthUnits;
  t.normalUnits = kDefaultNormalUnits;
  // Reference-face hysteresis exists only where two faces compete (polygon pairs); a circle
  // has no face, so its pairs get no band beyond rounding.
  const bool hasCircleShape = typeOf(c.a) == ShapeType::circle || typeOf(c.b) == ShapeType::circle;
  t.tieBand = hasCircleShape ? 0.0 : conventions.tieBand;
  t.contactBand = conventions.contactBand;
  t.tieBandUnits = conventions.tieBandUnits;
  const CaseFacts facts = factsOf(c);
  if (facts.capsulePair) t.tieBand = std::max(t.tieBand, conventions.capsuleTieBand);
  t.precision = conventions.precision;
  t.polygonSkin = conventions.polygonSkin;
  // The relative hysteresis applies to the pairs the engine declares it for (by default the
  // edge pairs, Box2D 2.4.1's b2CollideEdgeAndPolygon: an edge against a polygon).
  const PairId pair = lookupPair(typeOf(c.a), typeOf(c.b)).id;
  if (conventions.relativeTieBandPairs & pairBit(pair)) {
    t.relativeTieBand = conventions.relativeTieBand;
    t.relativeTieBandOffset = conventions.relativeTieBandOffset;
  }
  t.compareIds = conventions.compareIds && (conventions.compareCircleIds || !hasCircleShape);
  t.insideEpsilon = conventions.insideEpsilon;
  if (facts.polygonPolygon && facts.radiusSum > 0.0) {
    t.sideExtension = conventions.extendsSidePlanes ? facts.radiusSum : 0.0;
  }
  // Face axes only: polygon pairs and the edge pairs (a segment's faces are its two sides),
  // which differ from the exact geometry only when a polygon is rounded (findings E2, 1, 2).
  if ((facts.polygonPolygon || facts.edgePolygon) && facts.radiusSum > 0.0) {
    t.faceNormalOnly = conventions.faceNormalOnly;
  }
  const bool chainOther = facts.chainSegment &&
                          (typeOf(c.a) == ShapeType::polygon || typeOf(c.b) == ShapeType::polygon ||
                           typeOf(c.a) == ShapeType::capsule || typeOf(c.b) == ShapeType::capsule);
  if (chainOther) t.chainOwnership = conventions.chainOwnership;
  t.keepsPointsBeyondMargin = conventions.keepsPointsBeyondMargin;
  t.zeroNormalEpsilon = conventions.zeroNormalEpsilon;
  t.chainByTolerances = conventions.chainByTolerances && facts.chainSegment;
  return t;
}

namespace {

Comparison compareSteps(Judge& j) {
  const Manifold& actual = j.actual;
  if (auto r = judgeFinite(j)) return *r;
  if (auto r = judgeStatus(j)) return *r;
  if (actual.status != Status::contact) return verdict(j, Outcome::agree, "");
  if (auto r = judgeSanity(j)) return *r;
  if (auto r = judgeNormal(j)) return *r;
  if (auto r = judgePointCount(j)) return *r;
  if (auto r = judgePoints(j)) return *r;
  if (auto r = judgeIds(j)) return *r;
  if (j.zeroNormal) return verdict(j, Outcome::agreeWithinTie, "a zero normal, declared");
  return verdict(j, Outcome::agree, "");
}

/// A failure compare() can judge only by sending it back to the exact geometry, under a
/// declared convention that makes the engine's manifold differ from the reference's by more
/// than a band: a chain segment's corner ownership, or an edge pair's face axes. Empty when
/// no such convention applies.
std::string geometryConvention(const Judge& j, const Comparison& failure) {
  if (isAcceptable(failure.outcome) || failure.outcome == Outcome::nonFinite ||
      failure.outcome == Outcome::statusMismatch) {
    return "";
  }
  // Another normal where the expected one is flagged (the geometry leaves a set of them) or
  // between two capsule cores (judgeNormal): only the geometry knows whether it is as deep.
  const bool flagged = (j.expected.flags & kFlagDegenerateNormal) != 0;
  if (failure.outcome == Outcome::wrongNormal && (flagged || j.facts.capsulePair)) {
    return flagged ? "the expected normal is flagged degenerateNormal: any normal as deep passes"
                   : "two capsule cores: a normal other than the reference's is judged by its "
                     "depth";
  }
  if (j.tol.polygonSkin != 0.0) return "";  // judge() would grow the segment too
  const bool normalDiffers = j.actual.status == Status::contact &&
                             length(j.actual.normal - j.expected.normal) > j.normalAllowance;
  // E3: the engine owns corners by Box2D 2.4.1's rules and decided the contact, or its
  // normal, otherwise than the reference (v3's ownership).
  if (j.tol.chainOwnership == ChainOwnership::box2d241 &&
      (j.actual.status != j.expected.status || normalDiffers)) {
    return "chain corner owned by the declared rule (chainOwnership \"box2d-2.4.1\"), not the "
           "reference's (v3)";
  }
  // Box2D v3's chain rules decided with its tolerances: judge() knows where the geometry
  // leaves the contact, or the normal, open.
  if (j.tol.chainByTolerances && (j.actual.status != j.expected.status || normalDiffers)) {
    return "chain corner rules decided with the engine's tolerances (chainByTolerances), not "
           "exactly";
  }
  // E2: a face axis where the reference's contact is vertex–vertex. On an edge pair the
  // engine's clip may keep only a point whose face separation exceeds the true distance (the
  // segment clipped at the polygon face's side plane), beyond judgeFaceNormalOnly's bounds.
  if (j.tol.faceNormalOnly && j.facts.edgePolygon && isVertexVertex(j.expected) && normalDiffers) {
    return "face axes only (faceNormalsOnly) on an edge pair whose closest features are two "
           "vertices";
  }
  // A tie of reference faces whose extents differ: adjacent faces of one shape nearly
  // collinear (a vertex a hair off the line of its neighbours) are parallel within the band
  // yet clip the incident edge to different spans, so the points of another choice are not
  // the reference's; only the geometry can say whether they are right.
  const bool pointsDiffer =
      (failure.outcome == Outcome::wrongPoint || failure.outcome == Outcome::wrongSeparation) &&
      j.actual.pointCount == j.expected.pointCount;
  const bool axisTie =
      j.expected.gaps.axis && *j.expected.gaps.axis <= axisDecisionBand(j) + j.lengthAllowance;
  if (pointsDiffer && j.actual.status == Status::contact && !normalDiffers && axisTie) {
    return "reference face chosen in a tie of parallel faces whose extents differ";
  }
  return "";
}

/// A declared convention that compare() cannot check against the reference's manifold
/// (geometryConvention): the actual manifold is judged against exact geometry under the
/// declared conventions instead (judge(): one_sided.h for a chain segment's ownership, the
/// face axes for faceNormalsOnly), with the same precision, bands, margin and ids.
Comparison judgeByGeometry(Judge& j, const Comparison& failure, const std::string& why) {
  DeclaredConventions declared;
  declared.engine = "declared conventions";
  declared.precision = j.tol.precision;
  declared.margin = j.tol.margin;
  declared.tieBand = j.tol.tieBand;
  declared.tieBandUnits = j.tol.tieBandUnits;
  declared.relativeTieBand = j.tol.relativeTieBand;
  declared.relativeTieBandOffset = j.tol.relativeTieBandOffset;
  declared.relativeTieBandPairs = kAllPairs;  // the tolerance holds the band of this pair only
  declared.contactBand = j.tol.contactBand;
  declared.compareIds = j.tol.compareIds ? IdComparison::all : IdComparison::none;
  declared.faceNormalsOnly = j.tol.faceNormalOnly;
  declared.keepsPointsBeyondMargin = j.tol.keepsPointsBeyondMargin;
  declared.zeroNormalEpsilon = j.tol.zeroNormalEpsilon;
  declared.chainOwnership = j.tol.chainOwnership;
  const Comparison judged = judge(j.c, j.actual, declared);
  Comparison result = failure;
  if (isAcceptable(judged.outcome)) {
    result.outcome = Outcome::agreeWithinTie;
    result.explanation = "agree-within-tie: " + why +
                         "; judged against exact geometry under the declared conventions: " +
                         (judged.explanation.empty() ? "agree" : judged.explanation) +
                         "\n  the reference disagreed: " + failure.explanation;
    return result;
  }
  result.explanation += "\n  nor does the declared convention (" + why +
                        ") explain it, judged against exact geometry: " + judged.explanation;
  return result;
}

}  // namespace

Comparison compare(const Case& c, const Manifold& expected, const Manifold& actual,
                   const Tolerance& tolerance) {
  Judge j{c, expected, actual, tolerance, factsOf(c), 1.0, 1.0, 0.0, 0.0, {}};
  setAllowances(j);
  const Comparison result = compareSteps(j);
  const std::string why = geometryConvention(j, result);
  return why.empty() ? result : judgeByGeometry(j, result, why);
}

}  // namespace touche::oracle
