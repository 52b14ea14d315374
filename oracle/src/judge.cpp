// touche — judge(): a foreign manifold against exact geometry (judge.h).
//
// Nothing here assumes touche's algorithm. The facts are those of any pair of convex shapes
// (exact_geometry.h): the best separation over all directions is the signed distance of the
// origin from the cores' Minkowski difference minus the radii; the separation along a given
// normal is the minimum of the difference's support along it minus the radii; the separation
// at a point is measured on the line through the point along the normal, between the cores,
// minus the radii (the surfaces taken as the cores pushed out along the normal — the model
// every engine with rounded shapes uses for its reported separations).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <utility>

#include "case_geometry.h"
#include "conditioning.h"
#include "exact_arithmetic.h"
#include "explain.h"
#include "feature_ids.h"
#include "geometry_kernels.h"
#include "one_sided.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {
namespace {

using detail::finite;

using exact::Core;
using exact::Q;
using exact::QVec;

std::string sci(double value) {
  return detail::sci(value, 4);
}

/// "3.1e-03 = 26000 units of 1.19e-07".
std::string inUnits(double difference, double unit) {
  return detail::inUnits(difference, unit, 4);
}

double skinOf(const Shape& s, const DeclaredConventions& conventions) {
  const ShapeType t = typeOf(s);
  const bool skinned =
      t == ShapeType::polygon || t == ShapeType::segment || t == ShapeType::chainSegment;
  return skinned ? conventions.skinRadius : 0.0;
}

/// A direction an engine may build its normal from: a face normal of either core (built over
/// the edge's length) or, when the cores are apart or one is a point, the direction between
/// their closest points (built over the cores' distance). The engine's rounding of the base's
/// ends turns the direction by about the length allowance over the base: that, not the
/// scene's shortest edge, is how well a normal from this source is known.
struct NormalSource {
  std::string name;         ///< "face 2 of A", "the cores' closest points"
  Vec2 direction;           ///< unit, from A to B
  double base = 0.0;        ///< the length the direction is built over
  double separation = 0.0;  ///< exact separation of the shapes along it, radii included
  /// A face's normal: a separation along it is measured from the face's plane, which turns
  /// with the normal, so its error grows with the turn times the lever arm. The closest
  /// points' distance is measured between two points: to first order the turn does not change
  /// it.
  bool face = true;
  bool closest = false;  ///< the cores' closest points (not a face normal)
  int edge = -1;         ///< a face normal's edge index
  bool onB = false;      ///< a face normal's face is B's
};

/// The exact facts of a case, independent of any engine's answer.
struct Facts {
  double radius = 0.0;    ///< rA + rB (skins included)
  bool faceAxes = false;  ///< faceNormalsOnly applies: best over face axes only
  bool contact = false;   ///< exact: within the margin
  int side = 0;           ///< exact sign of (best separation − margin): 0 touching
  double best = 0.0;      ///< best separation of the shapes over all (or face) axes
  double boundary = 0.0;  ///< |best − margin|
  /// Every direction the best separation can be taken along (face axes only when faceAxes):
  /// the cores' face normals, and the closest points' direction when the origin is outside
  /// their Minkowski difference.
  std::vector<NormalSource> sources;
};

Facts factsOf(const Case& c, const DeclaredConventions& conventions, const CaseGeometry& g) {
  Facts f;
  // Face axes: a polygon against a polygon, a segment or a chain segment (whose faces are its
  // two sides); a circle or capsule has no face to take.
  const auto hasFaces = [](ShapeType t) {
    return t == ShapeType::polygon || t == ShapeType::segment || t == ShapeType::chainSegment;
  };
  const ShapeType ta = typeOf(c.a);
  const ShapeType tb = typeOf(c.b);
  f.faceAxes = conventions.faceNormalsOnly && hasFaces(ta) && hasFaces(tb) &&
               (ta == ShapeType::polygon || tb == ShapeType::polygon);
  const TwoSidedFacts t = g.twoSided(f.faceAxes, conventions.margin);
  f.radius = g.radius();
  f.contact = t.contact;
  f.side = t.side;
  f.best = t.best;
  f.sources.reserve(t.sources.size());
  for (const SourceFacts& s : t.sources) {
    f.sources.push_back({s.face ? "face " + std::to_string(s.edge) + (s.onB ? " of B" : " of A")
                                : std::string("the cores' closest points"),
                         s.direction, s.base, s.separation, s.face || s.alongFace, !s.face, s.edge,
                         s.onB});
  }
  f.boundary = std::fabs(f.best - conventions.margin);
  return f;
}

/// A reported point as judged: its normal (the manifold's, or its own) turned A→B, and its id
/// read in the declared format.
struct Point {
  Vec2 point;
  double separation = 0.0;
  Vec2 normal;             ///< the normal the point is measured along, A→B
  bool ownNormal = false;  ///< the engine gave the point its own normal
  ids::IdReading id;
};

/// The reported manifold as judged: normals A→B, every point.
struct Reported {
  Status status = Status::noContact;
  bool hasNormal = true;  ///< the manifold has a normal of its own
  Vec2 normal;            ///< A→B; with per-point normals and none given, the first point's
  /// How many points the answer claims (a Manifold's pointCount, which may be out of range).
  int count = 0;
  std::vector<Point> points;
  ManifoldRecord shown;  ///< as the engine gave it, for the explanation
};

/// The allowances a point is measured with: those of the normal it is measured along.
struct Along {
  double normalAllowance = 0.0;
  double lengthAllowance = 0.0;
  double lateralAllowance = 0.0;
  std::string normalCheck = "normal";  ///< the check that judged that normal
};

/// Everything one judgement needs, with the allowances worked out for this case.
struct Judge {
  const CaseGeometry& geometry;
  const Case& c;
  Reported actual;  ///< in touche's direction (A→B); placement as declared
  const DeclaredConventions& conv;
  Facts facts;
  Tolerance tol;
  double normalAllowance = 0.0;
  double lengthAllowance = 0.0;
  double lateralAllowance = 0.0;  ///< how far off a core the line through a point may pass
  double tieBand = 0.0;           ///< how far short of the best a normal may be, beyond rounding
  double lever = 0.0;             ///< largest extent of a core: a normal's lever arm
  /// How far the chain segment's normals (its own and its neighbours') may turn: a normal is
  /// on the segment's arc within its own turn plus theirs (0 without a chain segment).
  double chainTurn = 0.0;
  bool withinBand = false;  ///< a declared band or convention was needed
  std::ostringstream notes;
  /// A chain segment's one-sided facts (one_sided.h), when A or B is one.
  std::optional<exact::OneSidedFacts> oneSided;
  std::vector<FailedCheck> failures = {};  ///< every failed check so far, in the order run
  std::string check = "status";            ///< the check running now: names its failures
  std::size_t checkNotes = 0;              ///< where the running check's notes start in `notes`
  std::string tieHeadline = "inside a declared band or convention";
  SourceLines source = {};
  /// The check of the normal the running check measures along ("normal", "points[1].normal").
  std::string normalCheck = "normal";
  /// The engine's arithmetic is exact on the case (exact_arithmetic.h): its contact decision
  /// has no rounding band.
  exact::ExactArithmetic exactness = {};
  /// How much shallower than each circle its declared polygon is (circleSegments: the sagitta
  /// r·(1 − cos(π/n)); 0 for a shape that is no circle or exact circles).
  double sagittaA = 0.0;
  double sagittaB = 0.0;
};

/// A core is a point: a circle (or a capsule of zero length).
bool isCircleCase(const Judge& j) {
  return j.geometry.vertexCount(true) == 1 || j.geometry.vertexCount(false) == 1;
}

/// How far a normal built from `s` may turn: the engine's rounding of the base's ends (the
/// length allowance plus its declared rounding band) over the base, plus the normal's own
/// rounding; a base inside the rounding leaves the direction free (2: even opposite).
double turnOver(const Judge& j, double base) {
  if (!(base > 0.0)) return 2.0 + j.tol.normal();
  return std::min(2.0 + j.tol.normal(),
                  j.tol.normal() + (j.tol.length() + j.tol.roundingBand()) / base);
}

double turnOf(const Judge& j, const NormalSource& s) {
  return turnOver(j, s.base);
}

/// How far an engine's separation along a normal that may be turned by `turn` can be off:
/// its rounding plus the turn times the lever arm.
double errorAlong(const Judge& j, double turn) {
  return j.tol.length() + std::min(turn, 2.0) * j.lever;
}

/// How far an engine's separation along a normal built from `s` can be off.
double errorOf(const Judge& j, const NormalSource& s) {
  return errorAlong(j, s.face ? turnOf(j, s) : j.tol.normal());
}

/// How much higher than its exact separation an engine may read face `s` (a face of a core,
/// not the closest points): the rise of the least height of the other core's vertices as the
/// face's normal turns within its turn (turned_face.h), plus the face's length times that turn
/// (the plane may pivot anywhere on the face) and the points' rounding; never more than the
/// generic errorOf. A shape straddling a sliver's short face reads no higher along it.
double readingRiseOf(const Judge& j, const NormalSource& s) {
  const double generic = errorOf(j, s);
  if (s.closest || s.edge < 0) return generic;
  const bool faceOnA = !s.onB;
  const Vec2 outward = faceOnA ? s.direction : -s.direction;
  const Vec2 tangent{-outward.y, outward.x};
  const Vec2 start = j.geometry.vertex(faceOnA, s.edge);
  std::vector<detail::FaceView> views;
  for (int k = 0; k < j.geometry.vertexCount(!faceOnA); ++k) {
    const Vec2 d = j.geometry.vertex(!faceOnA, k) - start;
    views.push_back({dot(outward, d), dot(tangent, d)});
  }
  const double turn = turnOf(j, s);
  const double rise = detail::turnedFaceRise(views, turn) + std::min(turn, 2.0) * s.base;
  return std::min(generic, j.tol.length() + rise);
}

/// The allowances of a normal that may be turned by `turn`: its components, the lengths
/// measured along it, and how far off a core the line through a point may pass.
void setTurn(Judge& j, double turn) {
  j.normalAllowance = turn;
  j.lengthAllowance = errorAlong(j, turn);
  j.lateralAllowance = j.lengthAllowance;
  const bool polygons = j.geometry.vertexCount(true) >= 3 && j.geometry.vertexCount(false) >= 3;
  if (j.conv.sidePlanesExtendedByRadius && polygons) {
    j.lateralAllowance += j.facts.radius;
  }
  const bool circle = isCircleCase(j);
  if (circle) j.lateralAllowance += j.conv.insideEpsilon;
}

/// How much shallower than a circle the regular polygon an engine declares in its place
/// (circleSegments n, inscribed) can be along a line through its centre: the sagitta
/// r·(1 − cos(π/n)), rounded up. 0 for any other shape, or exact circles.
double sagittaOf(const Shape& s, const DeclaredConventions& conventions) {
  const auto* circle = std::get_if<Circle>(&s);
  if (!circle || conventions.circleSegments < 3) return 0.0;
  const double pi = 3.14159265358979323846;
  const double chord = 2.0 * std::pow(std::sin(pi / (2.0 * conventions.circleSegments)), 2);
  return circle->radius * chord * (1.0 + 0x1p-40);  // 1 − cos x = 2 sin²(x/2), no cancellation
}

/// The sagittas of both shapes: how much shallower than the exact shapes the engine's may be.
double sagittas(const Judge& j) {
  return j.sagittaA + j.sagittaB;
}

/// The tolerance of the case: the declared bands as compare() reads them (toleranceFor), so
/// that the relative band of the edge pairs is the same Tolerance::axisTieBand for both judges.
Tolerance toleranceOf(const Case& c, const DeclaredConventions& conventions) {
  Conventions forTolerance;
  forTolerance.precision = conventions.precision;
  forTolerance.tieBand = conventions.tieBand;
  forTolerance.tieBandUnits = conventions.tieBandUnits;
  forTolerance.relativeTieBand = conventions.relativeTieBand;
  forTolerance.relativeTieBandOffset = conventions.relativeTieBandOffset;
  forTolerance.capsuleTieBand = conventions.capsuleTieBand;
  forTolerance.chainOwnership = conventions.chainOwnership;
  forTolerance.relativeTieBandPairs = conventions.relativeTieBandPairs;
  Tolerance tol = toleranceFor(c, forTolerance);
  tol.margin = conventions.margin;
  return tol;
}

/// How accurately the filter must know an output it cannot round correctly (filtered.h,
/// Step 5b): 2^-40 of the tolerance's unit (of its epsilon for unit vectors). Every allowance
/// is tens of units, so no comparison can turn on such an error, and an explanation's four
/// digits show it only by a freak of decimal rounding.
exact::Accuracy accuracyOf(const Tolerance& tol) {
  return {0x1p-40 * tol.unit, 0x1p-40 * tol.epsilon};
}

void setAllowances(Judge& j) {
  j.lever = j.geometry.lever();
  // Until the normal is judged, a direction known to the normal's own rounding.
  setTurn(j, j.tol.normal());
  // A circle has no face: no reference-face hysteresis, but the declared inside epsilon (a
  // centre that close outside a polygon counts as inside, with that face's normal).
  const bool circle = isCircleCase(j);
  j.tieBand = circle ? 2.0 * j.conv.insideEpsilon : j.tol.tieBand;  // the pair's (capsules')
  // The rounding band (tieBandUnits · unit) applies to every pair, round or not.
  j.tieBand += j.conv.tieBandUnits * j.tol.unit;
  exact::TouchFacts touch;
  touch.touching = j.facts.side == 0;
  for (const NormalSource& s : j.facts.sources) {
    if (s.closest) touch.closestDirection = s.direction;
  }
  j.exactness = exact::exactArithmetic(
      j.c,
      {j.conv.precision, j.conv.skinRadius, j.conv.margin, j.facts.faceAxes, j.conv.circleSegments},
      touch);
  j.sagittaA = sagittaOf(j.c.a, j.conv);
  j.sagittaB = sagittaOf(j.c.b, j.conv);
}

/// Starts a check: its failures are named `name` and carry the notes written from here on.
void begin(Judge& j, std::string name) {
  j.check = std::move(name);
  j.checkNotes = static_cast<std::size_t>(j.notes.tellp());
}

/// Records a failure of the running check: its headline, then its own notes. The checks after
/// the normal measure along it (`alongNormal`): when it failed, their headlines say so (a right
/// point is off its features along a wrong normal).
void fail(Judge& j, Outcome outcome, const std::string& headline, bool alongNormal = true) {
  std::string own = j.notes.str().substr(j.checkNotes);
  while (!own.empty() && own.back() == '\n')
    own.pop_back();
  const bool normalFailed =
      alongNormal && std::any_of(j.failures.begin(), j.failures.end(),
                                 [&](const FailedCheck& f) { return f.check == j.normalCheck; });
  const std::string said =
      normalFailed ? headline + " (measured along the reported normal, which failed)" : headline;
  j.failures.push_back({j.check, outcome, own.empty() ? said : said + "\n" + own});
}

/// The headline of a failure: the first line of its explanation.
std::string headlineOf(const FailedCheck& f) {
  return f.explanation.substr(0, f.explanation.find('\n'));
}

/// The whole explanation: the headline, every note, the other failures, the exact facts, the
/// tolerance, and the manifold and the case (as given when their lines are known, so that a
/// repro feeds the engine what it read; else the manifold in touche's conventions and the
/// case as hexfloats).
std::string explain(Judge& j, const std::string& headline) {
  std::ostringstream out;
  out << headline << "\n" << j.notes.str();
  for (std::size_t k = 1; k < j.failures.size(); ++k) {
    const FailedCheck& f = j.failures[k];
    out << "  also " << f.check << ": " << outcomeName(f.outcome) << ": " << headlineOf(f) << "\n";
  }
  out << "  exact: best separation " << sci(j.facts.best)
      << (j.facts.faceAxes ? " over face axes" : "") << ", contact "
      << (j.facts.contact ? "yes" : "no") << " at margin " << sci(j.conv.margin)
      << ", distance from the contact boundary " << inUnits(j.facts.boundary, j.tol.unit) << "\n";
  out << "  tolerance (" << j.conv.engine << "): unit " << sci(j.tol.unit) << "; lengths "
      << sci(j.lengthAllowance) << "; normal " << sci(j.normalAllowance) << "; tie band "
      << sci(j.tieBand) << "; contact band " << sci(j.conv.contactBand) << "\n";
  if (!j.source.manifoldLine.empty()) {
    out << "  actual (as given): " << j.source.manifoldLine << "\n";
  } else {
    ManifoldRecord shown = j.actual.shown;
    shown.id = j.c.id;
    shown.engine = j.conv.engine;
    out << "  actual: " << formatManifold(shown) << "\n";
  }
  if (!j.source.caseLine.empty()) {
    out << "  case (as given): " << j.source.caseLine;
  } else {
    out << "  case: " << formatCase(j.c, NumberFormat::hex);
  }
  return out.str();
}

/// The judgement so far: agree, agree-within-tie, or the first failure with every failure.
Comparison finish(Judge& j) {
  Comparison result;
  if (j.failures.empty()) {
    result.outcome = j.withinBand ? Outcome::agreeWithinTie : Outcome::agree;
    if (j.withinBand) result.explanation = explain(j, "agree-within-tie: " + j.tieHeadline);
    return result;
  }
  const FailedCheck& first = j.failures.front();
  result.outcome = first.outcome;
  result.explanation =
      explain(j, std::string(outcomeName(first.outcome)) + ": " + headlineOf(first));
  result.failures = j.failures;
  return result;
}

/// Ends the judgement with `outcome`: a failure of the running check, or an agreement (within
/// the band: `headline` says why) that nothing later can change.
Comparison conclude(Judge& j, Outcome outcome, const std::string& headline) {
  if (outcome == Outcome::agreeWithinTie) {
    j.withinBand = true;
    j.tieHeadline = headline;
  } else if (outcome != Outcome::agree) {
    fail(j, outcome, headline);
  }
  return finish(j);
}

// --- 1. status ------------------------------------------------------------------------------

/// The one-sided rules of a chain segment before the two-sided contact decision: a contact
/// where none may be is spurious; inside the band, or where the rules leave the status
/// free, no contact is acceptable. std::nullopt: the two-sided decision applies.
std::optional<Comparison> judgeOneSidedStatus(Judge& j) {
  using exact::Exclusion;
  const exact::OneSidedFacts& f = *j.oneSided;
  const bool saysContact = j.actual.status == Status::contact;
  if (f.exclusion == Exclusion::sure) {
    if (!saysContact) return conclude(j, Outcome::agree, "");
    j.notes << "  one-sided chain segment: " << f.why << "\n";
    return conclude(j, Outcome::spuriousContact, "contact where the chain segment has none");
  }
  if (f.exclusion == Exclusion::near) {
    j.notes << "  one-sided chain segment: " << f.why << "\n";
    j.withinBand = true;
    if (saysContact) return std::nullopt;
    return conclude(j, Outcome::agreeWithinTie, "one-sided decision inside the band");
  }
  if (f.statusFree && !saysContact) return conclude(j, Outcome::agree, "");
  return std::nullopt;
}

/// A contact decision that differs from the exact one, judged by the axes' own conditioning.
/// A missed contact is a rounding only if some axis, within the error of the engine's
/// separation along it, may separate the shapes beyond the margin; a spurious one only if
/// along every axis the shapes may, within that error, come within the margin. The error
/// along a face axis grows as its edge shortens (the normal turns over a shorter base): a
/// sliver's short face excuses a decision only when its own axis is the one near the margin,
/// and a missed contact only when turning that axis can raise its reading (readingRiseOf: a
/// shape straddling the face reads no higher along any turn of it).
std::optional<Comparison> judgeContactBySources(Judge& j) {
  const bool missed = j.facts.contact;  // exact contact, the engine says none
  const double slack = j.conv.contactBand + j.tol.roundingBand();
  const NormalSource* decisive = nullptr;
  double decisiveError = 0.0;
  double extreme = -std::numeric_limits<double>::infinity();
  for (const NormalSource& s : j.facts.sources) {
    const double error = missed ? readingRiseOf(j, s) : errorOf(j, s);
    // missed: the most separating reading of any axis; spurious: the axis that separates the
    // shapes most surely (its least separating reading is the largest).
    // An inscribed polygon in place of a circle is shallower by up to its sagitta along every
    // direction: it may miss a contact by that much, never make one.
    const double reading = missed ? s.separation + error + sagittas(j) : s.separation - error;
    if (reading > extreme) extreme = reading, decisive = &s, decisiveError = error;
  }
  const double beyond = missed ? j.conv.margin - extreme : extreme - j.conv.margin;
  j.notes << "  contact decision: exact " << (missed ? "contact" : "no_contact") << ", actual "
          << (missed ? "no_contact" : "contact") << "; best separation " << sci(j.facts.best)
          << " is " << inUnits(j.facts.boundary, j.tol.unit) << " from the margin; "
          << (missed ? "the most separating axis, " : "the axis separating most surely, ")
          << decisive->name << " (built over " << sci(decisive->base) << "), has separation "
          << sci(decisive->separation) << " known to " << sci(decisiveError) << ": "
          << (beyond <= slack ? "inside" : "outside") << " the band by "
          << inUnits(std::fabs(beyond - slack), j.tol.unit) << "\n";
  if (beyond <= slack) {
    j.withinBand = true;
    return missed ? std::optional(conclude(j, Outcome::agreeWithinTie,
                                           "contact decision inside its axis's rounding"))
                  : std::nullopt;
  }
  return conclude(j, missed ? Outcome::missingContact : Outcome::spuriousContact,
                  "contact decision differs outside the rounding of every axis");
}

/// Two corners touching exactly (Facts::side 0): along every face axis the touch is taken on
/// (its exact separation at the margin), the shapes' supporting features overlap along the
/// tangent in one point at most — the reference face's side planes moved out by the radius
/// when the engine declares it — so a clip finds one point (dropsCornerTouches).
/// Decided on the exact cores (a rare path: exact arithmetic, a missed contact, touching). Only
/// polygons and segments are clipped: a circle or capsule touching exactly is no corner touch.
bool cornerTouch(const Judge& j) {
  if (j.facts.side != 0) return false;
  const auto clipped = [](const Shape& s) {
    return std::holds_alternative<Polygon>(s) || std::holds_alternative<Segment>(s);
  };
  if (!clipped(j.c.a) || !clipped(j.c.b)) return false;
  const Core& coreA = j.geometry.exactCore(true);
  const Core& coreB = j.geometry.exactCore(false);
  const Q radius = coreA.radius + coreB.radius;
  const Q limit = Q(j.conv.margin) + radius;
  const bool polygons = coreA.vertices.size() >= 3 && coreB.vertices.size() >= 3;
  const bool extended = j.conv.sidePlanesExtendedByRadius && polygons && radius > 0;
  bool any = false;
  for (const bool onB : {false, true}) {
    const Core& reference = onB ? coreB : coreA;
    for (int i = 0; i < exact::edgeCount(reference); ++i) {
      QVec u = exact::edgeNormal(reference, i);
      if (onB) u = QVec{-u.x, -u.y};
      const Q g = exact::dot(u, u);
      if (g == 0 ||
          exact::signQuotientMinus(exact::separationNumerator(coreA, coreB, u), g, limit) != 0) {
        continue;
      }
      // The extension r·|u| is exact only when |u| is rational (an axis-aligned face).
      Q length = 0;
      if (extended) {
        const std::optional<Q> root = exact::rationalSqrt(g);
        if (!root) return false;
        length = *root;
      }
      const QVec t{-u.y, u.x};
      auto span = [&](const Core& core, bool largest) {
        Q best = exact::dot(core.vertices.front(), u);
        for (const QVec& v : core.vertices)
          best = largest ? std::max(best, exact::dot(v, u)) : std::min(best, exact::dot(v, u));
        std::pair<Q, Q> range{0, 0};
        bool first = true;
        for (const QVec& v : core.vertices) {
          if (exact::dot(v, u) != best) continue;
          const Q x = exact::dot(v, t);
          range = first ? std::pair{x, x}
                        : std::pair{std::min(range.first, x), std::max(range.second, x)};
          first = false;
        }
        return range;
      };
      auto [loA, hiA] = span(coreA, true);
      auto [loB, hiB] = span(coreB, false);
      const Q e = radius * length;
      if (onB)
        loB -= e, hiB += e;
      else
        loA -= e, hiA += e;
      if (std::min(hiA, hiB) - std::max(loA, loB) > 0) return false;
      any = true;
    }
  }
  return any;
}

/// A contact decision that differs from the exact one where the engine's arithmetic is exact
/// (exact_arithmetic.h): it rounds nothing, so there is no band to excuse it — a declared
/// contact band or dropped corner touches aside. The notes say why the band is zero.
std::optional<Comparison> judgeContactExactly(Judge& j) {
  const bool missed = j.facts.contact;
  j.notes << "  contact decision: exact " << (missed ? "contact" : "no_contact") << ", actual "
          << (missed ? "no_contact" : "contact") << "; best separation " << sci(j.facts.best)
          << " is " << inUnits(j.facts.boundary, j.tol.unit)
          << " from the margin; the rounding band is zero: " << j.exactness.why << "\n";
  if (missed && j.conv.dropsCornerTouches && cornerTouch(j)) {
    j.notes << "  two corners touch exactly, and the engine declares it drops such contacts "
               "(dropsCornerTouches)\n";
    return conclude(j, Outcome::agreeWithinTie, "corners touching exactly, dropped as declared");
  }
  if (j.conv.contactBand > 0.0 && j.facts.boundary <= j.conv.contactBand) {
    j.withinBand = true;
    return missed ? std::optional(conclude(j, Outcome::agreeWithinTie,
                                           "contact decision inside the declared contact band"))
                  : std::nullopt;
  }
  return conclude(j, missed ? Outcome::missingContact : Outcome::spuriousContact,
                  "contact decision differs where the engine's arithmetic is exact");
}

std::optional<Comparison> judgeStatus(Judge& j) {
  const Status a = j.actual.status;
  if (j.oneSided && a != Status::unsupported && a != Status::error) {
    if (auto r = judgeOneSidedStatus(j)) return r;
    // Inside the band a contact still has to be within the margin (judgePoint checks that).
    if (j.oneSided->exclusion != exact::Exclusion::no && a == Status::contact) return std::nullopt;
  }
  if (a == Status::unsupported || a == Status::error) {
    j.notes << "  the case is valid and the shapes are " << (j.facts.contact ? "within" : "beyond")
            << " the margin\n";
    return conclude(j, Outcome::statusMismatch,
                    "expected " + std::string(j.facts.contact ? "contact" : "no_contact") +
                        ", got " + std::string(statusName(a)));
  }
  const bool saysContact = a == Status::contact;
  if (saysContact == j.facts.contact) return std::nullopt;
  if (j.exactness.exact) return judgeContactExactly(j);
  if (!j.facts.sources.empty()) return judgeContactBySources(j);
  const double band = j.conv.contactBand + j.conv.tieBandUnits * j.tol.unit + j.lengthAllowance +
                      (j.facts.contact ? sagittas(j) : 0.0);
  j.notes << "  contact decision: exact " << (j.facts.contact ? "contact" : "no_contact")
          << ", actual " << statusName(a) << "; best separation " << sci(j.facts.best) << " is "
          << inUnits(j.facts.boundary, j.tol.unit) << " from the margin (band "
          << inUnits(band, j.tol.unit) << ")\n";
  if (j.facts.boundary <= band) {
    j.withinBand = true;
    return saysContact ? std::nullopt
                       : std::optional(conclude(j, Outcome::agreeWithinTie,
                                                "contact decision inside the contact band"));
  }
  return conclude(j, saysContact ? Outcome::spuriousContact : Outcome::missingContact,
                  "contact decision differs outside the contact band");
}

// --- 2. sanity ------------------------------------------------------------------------------

/// A zero normal where the engine declares one may come (zeroNormalEpsilon: the cores at most
/// that far apart): nothing is measured along it, only each separation against the exact best
/// (the cores' distance less the radii). Empty for any other normal.
std::optional<Comparison> judgeZeroNormal(Judge& j) {
  const Reported& m = j.actual;
  if (!(j.conv.zeroNormalEpsilon > 0.0) || !m.hasNormal || m.normal.x != 0.0 || m.normal.y != 0.0) {
    return {};
  }
  const double apart = j.facts.best + j.facts.radius;
  if (apart > j.conv.zeroNormalEpsilon + j.tol.length()) return {};
  j.notes << "  zero normal: the cores are " << sci(std::max(apart, 0.0))
          << " apart, inside the declared zeroNormalEpsilon " << sci(j.conv.zeroNormalEpsilon)
          << "\n";
  for (std::size_t i = 0; i < m.points.size(); ++i) {
    const double error = std::fabs(m.points[i].separation - j.facts.best);
    if (error <= j.tol.length() + j.conv.zeroNormalEpsilon) continue;
    j.notes << "  separation " << i << ": reported " << sci(m.points[i].separation) << ", exact "
            << sci(j.facts.best) << "\n";
    return conclude(j, Outcome::wrongSeparation, "separation differs from the exact one");
  }
  j.withinBand = true;
  return conclude(j, Outcome::agreeWithinTie, "a zero normal, declared (zeroNormalEpsilon)");
}

std::optional<Comparison> judgeSanity(Judge& j) {
  const Reported& m = j.actual;
  bool ok = !m.hasNormal || finite(m.normal);
  for (const Point& p : m.points) {
    ok = ok && finite(p.point) && std::isfinite(p.separation) && finite(p.normal);
  }
  begin(j, "finite");
  if (!ok) return conclude(j, Outcome::nonFinite, "NaN or infinity in the manifold");
  begin(j, "point-count");
  if (m.count < 1 || m.count > j.conv.maxPoints) {
    j.notes << "  point count " << m.count << ": a contact has 1 "
            << (j.conv.maxPoints == 2 ? "or 2" : "to " + std::to_string(j.conv.maxPoints))
            << (j.conv.maxPoints == 2 ? "" : " (maxPoints)") << "\n";
    return conclude(j, Outcome::wrongPointCount, "contact with an impossible point count");
  }
  // Final too: the later checks measure along the normals, which must not be near zero.
  const auto unit = [&](Vec2 n, const std::string& check, const std::string& what) {
    begin(j, check);
    const double unitError = std::fabs(length(n) - 1.0);
    if (unitError <= j.tol.normal()) return false;
    j.notes << "  |" << what << "| differs from 1 by " << inUnits(unitError, j.tol.epsilon) << "\n";
    return true;
  };
  if (auto declared = judgeZeroNormal(j)) return declared;
  if (m.hasNormal && unit(m.normal, "unit-normal", "normal")) {
    return conclude(j, Outcome::wrongNormal, "the normal is not unit");
  }
  for (std::size_t i = 0; i < m.points.size(); ++i) {
    const std::string name = "points[" + std::to_string(i) + "].normal";
    if (m.points[i].ownNormal &&
        unit(m.points[i].normal, name, "point " + std::to_string(i) + "'s normal")) {
      return conclude(j, Outcome::wrongNormal,
                      "point " + std::to_string(i) + "'s normal is not unit");
    }
  }
  return std::nullopt;
}

// --- 3. normal ------------------------------------------------------------------------------

/// How far short of the best separation a normal may be, beyond the length allowance: the
/// declared axis hysteresis at the best's depth (Tolerance::axisTieBand, the same band
/// compare() applies: the relative band of its declared pairs, docs/conventions.md) plus the
/// rounding band, and never less than the pair's tie band (2·insideEpsilon for a circle); plus
/// the sagittas of circles declared as polygons (their separation along any direction may be
/// larger by that much, so the polygon's best direction may be short of the circle's by it).
double normalBand(const Judge& j, double best) {
  return std::max(j.tieBand, j.tol.axisTieBand(-best) + j.tol.roundingBand()) + sagittas(j);
}

/// A chain segment's contact normal lies on its arc of the Gauss map (one_sided.h), within its
/// own turn and the chain's normals'; false (and a failure recorded) when it does not.
bool oneSidedNormalAdmissible(Judge& j, Vec2 normal) {
  // The normal is known to its own turn, the arc's ends to the chain's normals' turns.
  if (j.geometry.normalAdmissible(*j.oneSided, normal, j.normalAllowance + j.chainTurn)) {
    return true;
  }
  const exact::OneSidedFacts& s = *j.oneSided;
  auto unit = [](Vec2 d) { return (1.0 / length(d)) * d; };
  j.notes << "  one-sided chain segment: normal (" << sci(normal.x) << ", " << sci(normal.y)
          << ") is off the segment's normal arc (n0 " << (s.convex1 ? "" : "unused, concave ")
          << "(" << sci(unit(s.n0).x) << ", " << sci(unit(s.n0).y) << "), n1 (" << sci(unit(s.n1).x)
          << ", " << sci(unit(s.n1).y) << "), n2 " << (s.convex2 ? "" : "unused, concave ") << "("
          << sci(unit(s.n2).x) << ", " << sci(unit(s.n2).y) << "); chain is "
          << (j.oneSided->chainIsA ? "A" : "B")
          << (j.oneSided->normalIsN1 ? "; the contact must be along n1" : "") << ")\n";
  fail(j, Outcome::wrongNormal, "normal outside the chain segment's admissible arc");
  return false;
}

/// The allowances of a normal, from the sources it may have been built from: those it lies
/// within the turn of (the most uncertain of them: a direction built from a short base is
/// only known that well); a normal near none of them is known to its own rounding.
void matchNormalSource(Judge& j, Vec2 normal) {
  const Vec2 n = (1.0 / length(normal)) * normal;
  const NormalSource* from = nullptr;
  for (const NormalSource& s : j.facts.sources) {
    if (length(n - s.direction) > turnOf(j, s)) continue;
    if (!from || errorOf(j, s) > errorOf(j, *from)) from = &s;
  }
  if (!from) return setTurn(j, j.tol.normal());
  setTurn(j, turnOf(j, *from));
  j.lengthAllowance = errorOf(j, *from);
  j.lateralAllowance = std::max(j.lateralAllowance, j.lengthAllowance);
  if (from->base < j.lever) {
    j.notes << "  normal: built from " << from->name << " over " << sci(from->base)
            << ", it may turn by " << sci(j.normalAllowance) << "\n";
  }
}

/// Judges a normal (the manifold's, check "normal", or a point's own, "points[i].normal"):
/// on the chain segment's arc, and near-optimal. Its allowances become the current ones, for
/// the lengths measured along it.
void judgeNormal(Judge& j, Vec2 normal, const std::string& check) {
  begin(j, check);
  j.normalCheck = check;
  matchNormalSource(j, normal);
  if (j.oneSided) {
    if (!oneSidedNormalAdmissible(j, normal)) return;
    // Near-optimal among the admissible normals, unless the rules fix the normal (n1) or the
    // decision is inside the band; a circle's best is the two-sided one.
    if (j.oneSided->exclusion != exact::Exclusion::no || j.oneSided->normalIsN1) return;
  }
  const double best = j.oneSided ? j.oneSided->best.value_or(j.facts.best) : j.facts.best;
  const double along = j.geometry.separationAlong(normal);
  const double deficit = best - along;
  if (deficit <= j.lengthAllowance) return;
  const double allowed = normalBand(j, best) + j.lengthAllowance;
  j.notes << "  " << (check == "normal" ? "normal" : check) << " (" << sci(normal.x) << ", "
          << sci(normal.y) << "): separation along it " << sci(along) << ", best " << sci(best)
          << (j.oneSided ? " among the chain segment's admissible normals" : "") << ": short by "
          << inUnits(deficit, j.tol.unit) << " (allowed with the tie band "
          << inUnits(allowed, j.tol.unit) << ")\n";
  if (deficit <= allowed) {
    j.withinBand = true;
    return;
  }
  fail(j, Outcome::wrongNormal, "the normal is not near-optimal");
}

Along alongNow(const Judge& j) {
  return {j.normalAllowance, j.lengthAllowance, j.lateralAllowance, j.normalCheck};
}

void measureAlong(Judge& j, const Along& a) {
  j.normalAllowance = a.normalAllowance;
  j.lengthAllowance = a.lengthAllowance;
  j.lateralAllowance = a.lateralAllowance;
  j.normalCheck = a.normalCheck;
}

/// A point's own normal and the manifold's are one direction, up to both normals' turns.
void judgeConsistency(Judge& j, std::size_t i, const Along& manifold, const Along& own) {
  const Vec2 a = (1.0 / length(j.actual.normal)) * j.actual.normal;
  const Vec2 b = (1.0 / length(j.actual.points[i].normal)) * j.actual.points[i].normal;
  const double apart = length(a - b);
  const double allowed = manifold.normalAllowance + own.normalAllowance;
  if (apart <= allowed) return;
  j.notes << "  point " << i << "'s normal (" << sci(b.x) << ", " << sci(b.y)
          << ") differs from the manifold normal (" << sci(a.x) << ", " << sci(a.y) << ") by "
          << sci(apart) << " (allowed " << sci(allowed) << ")\n";
  fail(j, Outcome::wrongNormal, "a point's normal differs from the manifold normal", false);
}

/// The allowances the manifold (its normal, else its first point's) and each point are
/// measured with.
struct Allowances {
  Along manifold;
  std::vector<Along> points;
};

/// The manifold normal, then each point's own.
Allowances judgeNormals(Judge& j) {
  const Reported& m = j.actual;
  Along manifold = alongNow(j);
  if (m.hasNormal) {
    judgeNormal(j, m.normal, "normal");
    manifold = alongNow(j);
  }
  std::vector<Along> along;
  for (std::size_t i = 0; i < m.points.size(); ++i) {
    if (!m.points[i].ownNormal) {
      along.push_back(manifold);
      continue;
    }
    measureAlong(j, manifold);
    judgeNormal(j, m.points[i].normal, "points[" + std::to_string(i) + "].normal");
    along.push_back(alongNow(j));
    if (m.hasNormal) judgeConsistency(j, i, manifold, along.back());
  }
  if (!m.hasNormal && !along.empty()) manifold = along.front();
  measureAlong(j, manifold);
  return {manifold, along};
}

// --- 4. points ------------------------------------------------------------------------------

/// The placements, in the order PointFacts::offsets holds them.
constexpr PointPlacement kPlacements[] = {PointPlacement::midpoint, PointPlacement::onA,
                                          PointPlacement::onB};

/// Where a point stands relative to both cores on the line through it along its normal.
struct PointFacts {
  double missA = 0.0;  ///< how far the line passes from A's core (0: it meets it)
  double missB = 0.0;
  double separation = 0.0;  ///< exact separation of the shapes on that line
  /// Distance from where each placement (kPlacements) puts the point.
  std::array<double, 3> offsets = {};
};

/// Half the chord a line at distance h from a circle's centre cuts from it (0 when the line
/// misses the circle): √(r² − h²) taken as r·√((1 − h/r)(1 + h/r)), so that no square
/// underflows at 2^-600 nor overflows at 2^600.
double halfChord(double radius, double h) {
  if (!(radius > 0.0) || !(h < radius)) return 0.0;
  const double q = h / radius;
  return radius * std::sqrt((1.0 - q) * (1.0 + q));
}

/// A circle the engine declares it replaces by a polygon (circleSegments), met along the line
/// x + t·n̂: the polygon touches the circle only at its vertices, so the point's line is not
/// radial and the circle is measured on its chord. Sets the surface (the chord's end facing
/// the other shape, along n̂ from x) and how far the line misses the circle.
void circleChord(const Judge& j, bool onA, Vec2 x, Vec2 normal, double* surface, double* miss) {
  const Circle& circle = std::get<Circle>(onA ? j.c.a : j.c.b);
  const Transform& xf = onA ? j.c.xfA : j.c.xfB;
  const Vec2 n = (1.0 / length(normal)) * normal;
  const Vec2 d = rotate(xf.q, circle.center) + xf.p - x;
  const double h = std::fabs(cross(d, n));
  const double half = halfChord(circle.radius, h);
  *surface = dot(d, n) + (onA ? half : -half);
  *miss = std::max(h - circle.radius, 0.0);
}

/// The facts of the line through `point` along `normal`; a core the line misses is read at
/// its vertices within `window` of the nearest one (CaseGeometry::lineFacts): by default the
/// length allowance.
PointFacts pointFacts(const Judge& j, Vec2 point, Vec2 normal, Surface sa, Surface sb,
                      std::optional<double> window = std::nullopt) {
  const LineFacts line =
      j.geometry.lineFacts(point, normal, sa, sb, window.value_or(j.lengthAllowance));
  PointFacts p;
  p.missA = line.missA;
  p.missB = line.missB;
  p.separation = line.separation;
  double surfaceA = line.surfaceA;  // along n̂ from the point
  double surfaceB = line.surfaceB;
  if (j.sagittaA > 0.0) circleChord(j, true, point, normal, &surfaceA, &p.missA);
  if (j.sagittaB > 0.0) circleChord(j, false, point, normal, &surfaceB, &p.missB);
  if (j.sagittaA > 0.0 || j.sagittaB > 0.0) p.separation = surfaceB - surfaceA;
  p.offsets = {0.5 * (surfaceA + surfaceB), surfaceA, surfaceB};
  return p;
}

/// How much shallower than a circle its declared polygon (circleSegments) can be on the line
/// through x along the unit n: the polygon lies between the circle and the circle inscribed in
/// it (radius r − sagitta), so on that line its boundary is between the two circles' chords —
/// the sagitta apart on a line through the centre, more on a line off it (a point at a vertex
/// of the polygon's incident side, up to 2π/n from the normal). 0 for other shapes.
double polygonGap(const Judge& j, bool onA, Vec2 x, Vec2 n) {
  const double sagitta = onA ? j.sagittaA : j.sagittaB;
  if (sagitta == 0.0) return 0.0;
  const Circle& circle = std::get<Circle>(onA ? j.c.a : j.c.b);
  const Transform& xf = onA ? j.c.xfA : j.c.xfB;
  const Vec2 centre = rotate(xf.q, circle.center) + xf.p;
  const double r = circle.radius, inner = r - sagitta;
  const double h = std::fabs(cross(centre - x, n));
  return halfChord(r, h) - halfChord(inner, h);
}

/// The window each placement's offset may lie in when the circles are the engine's polygons:
/// its surfaces are within the gaps of the circles' (A's nearer A's centre, B's nearer B's).
std::array<std::pair<double, double>, 3> placementWindows(double gapA, double gapB) {
  return {{{-0.5 * gapB, 0.5 * gapA}, {0.0, gapA}, {-gapB, 0.0}}};
}

/// One reading of a reported point: where the placement puts it and the range of exact
/// separations on the lines through it and through its neighbours one length allowance to
/// either side (the point is only known to that precision, and near a corner whose other
/// edge is almost parallel to the normal the separation changes fast sideways; it is a convex
/// function of the sideways offset, so its maximum over the window is at an end).
struct Reading {
  PointFacts centre;
  double lo = 0.0;
  double hi = 0.0;               ///< widened by the circles' polygon gaps (circleSegments)
  double separationError = 0.0;  ///< distance of the reported separation from [lo, hi]
  double offsetError = 0.0;      ///< distance of 0 from the range of placement offsets
  PointPlacement placement = PointPlacement::midpoint;  ///< the placement that fits best
  bool ownSeparation = true;  ///< the reported separation is the point's own (not the deepest)
  double worst() const { return std::max(offsetError, ownSeparation ? separationError : 0.0); }
};

/// The placements a point is read with: the declared one, or under `either` all three.
bool placementAllowed(const Judge& j, PointPlacement p) {
  return j.conv.point == PointPlacement::either || j.conv.point == p;
}

/// `literal`: the point is one of two clip points each on a line along an edge of a core
/// (farEndReadable), and its own line may also be read with a missed core at its nearest vertex
/// only.
Reading readPoint(const Judge& j, const Point& mp, Surface sa, Surface sb, bool literal) {
  const Vec2 n = (1.0 / length(mp.normal)) * mp.normal;
  const Vec2 side{-n.y * j.lengthAllowance, n.x * j.lengthAllowance};
  Reading r;
  r.ownSeparation = j.conv.pointSeparation == PointSeparation::own;
  r.centre = pointFacts(j, mp.point, mp.normal, sa, sb);
  r.lo = r.hi = r.centre.separation;
  std::array<double, 3> offsetLo = r.centre.offsets, offsetHi = r.centre.offsets;
  const auto include = [&](const PointFacts& p) {
    r.lo = std::min(r.lo, p.separation);
    r.hi = std::max(r.hi, p.separation);
    for (std::size_t k = 0; k < 3; ++k) {
      offsetLo[k] = std::min(offsetLo[k], p.offsets[k]);
      offsetHi[k] = std::max(offsetHi[k], p.offsets[k]);
    }
  };
  // Two clip points at the ends of an incident edge nearly along the normal: a window as wide
  // as the allowance (a core not much larger than it) takes the edge's other end into a
  // missed core's reading, so each end is also read at its own nearest vertex — a reading a
  // tighter tolerance accepts stays accepted under a looser one. (A lone point is read where
  // its line first meets the core.)
  if (literal) include(pointFacts(j, mp.point, mp.normal, sa, sb, 0.0));
  for (Vec2 x : {mp.point + side, mp.point - side})
    include(pointFacts(j, x, mp.normal, sa, sb));
  const double gapA = polygonGap(j, true, mp.point, n), gapB = polygonGap(j, false, mp.point, n);
  r.hi += gapA + gapB;  // a polygon inside a circle is shallower, never deeper
  r.separationError = std::max({0.0, r.lo - mp.separation, mp.separation - r.hi});
  // The offset varies continuously sideways: a sign change inside the window places the
  // point exactly somewhere in it.
  const auto windows = placementWindows(gapA, gapB);
  r.offsetError = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < 3; ++k) {
    if (!placementAllowed(j, kPlacements[k])) continue;
    const double error =
        std::max({0.0, offsetLo[k] - windows[k].second, windows[k].first - offsetHi[k]});
    if (error < r.offsetError) r.offsetError = error, r.placement = kPlacements[k];
  }
  return r;
}

/// Whether the line through `point` along the normal runs along an edge of `core`: both ends
/// of the edge within the lateral allowance of it (the window in which the line's reading of
/// the core already takes every vertex about as near: exact::intersectLine).
bool runsAlongEdge(const Judge& j, bool onA, const Point& p) {
  const Vec2 n = (1.0 / length(p.normal)) * p.normal;
  const auto off = [&](int v) { return std::fabs(cross(n, j.geometry.vertex(onA, v) - p.point)); };
  const int count = j.geometry.vertexCount(onA);
  for (int i = 0; i < j.geometry.edgeCount(onA); ++i) {
    if (off(i) <= j.lateralAllowance && off((i + 1) % count) <= j.lateralAllowance) return true;
  }
  return false;
}

/// Whether point i may be read at the far end of an edge of `core` its line runs along: only
/// as one of two points both on such lines (a clip of both ends of an incident edge parallel
/// to the normal; a lone point must be read where its line meets the core).
bool farEndReadable(const Judge& j, bool onA, std::size_t i) {
  if (j.actual.points.size() != 2) return false;
  return runsAlongEdge(j, onA, j.actual.points[i]) && runsAlongEdge(j, onA, j.actual.points[1 - i]);
}

/// The reading that explains point i best.
Reading bestReading(const Judge& j, std::size_t i) {
  const Point& mp = j.actual.points[i];
  const bool literal = farEndReadable(j, true, i) || farEndReadable(j, false, i);
  Reading best = readPoint(j, mp, Surface::line, Surface::line, literal);
  for (auto [sa, sb] :
       {std::pair{Surface::support, Surface::line}, std::pair{Surface::line, Surface::support},
        std::pair{Surface::farEnd, Surface::line}, std::pair{Surface::line, Surface::farEnd}}) {
    if (best.worst() <= j.lengthAllowance) break;
    const bool farA = sa == Surface::farEnd, farB = sb == Surface::farEnd;
    if ((farA && !farEndReadable(j, true, i)) || (farB && !farEndReadable(j, false, i))) {
      continue;
    }
    const Reading r = readPoint(j, mp, sa, sb, literal);
    if (r.worst() < best.worst()) best = r;
  }
  return best;
}

/// The range of exact separations a point of a manifold reporting the deepest separation for
/// every point must report: the deepest of the points' own.
std::pair<double, double> deepestOf(const std::vector<Reading>& readings) {
  std::pair<double, double> deepest{std::numeric_limits<double>::infinity(),
                                    std::numeric_limits<double>::infinity()};
  for (const Reading& r : readings) {
    deepest.first = std::min(deepest.first, r.lo);
    deepest.second = std::min(deepest.second, r.hi);
  }
  return deepest;
}

/// Checks point i on its reading; its first failure ends its check (the later ones read the
/// same line). `deepest`: the manifold reports the deepest separation for every point.
void judgePoint(Judge& j, std::size_t i, const Reading& reading,
                const std::optional<std::pair<double, double>>& deepest) {
  begin(j, "points[" + std::to_string(i) + "]");
  const Point& mp = j.actual.points[i];
  const PointFacts& p = reading.centre;
  const double miss = std::max(p.missA, p.missB);
  if (miss > j.lengthAllowance) {
    j.notes << "  point " << i << ": the line along the normal through it passes " << sci(p.missA)
            << " from A's core and " << sci(p.missB) << " from B's (allowed "
            << sci(j.lateralAllowance) << ")\n";
    if (miss > j.lateralAllowance) return fail(j, Outcome::wrongPoint, "point off a feature");
    j.withinBand = true;  // beyond a reference face, inside the side-plane extension
  }
  if (j.conv.point == PointPlacement::either) {
    j.notes << "  point " << i << ": read as " << placementName(reading.placement)
            << " (point placement either: the placement that fits it best)\n";
  }
  if (reading.offsetError > j.lengthAllowance) {
    j.notes << "  point " << i << ": " << inUnits(reading.offsetError, j.tol.unit)
            << " along the normal from where the declared placement puts it\n";
    return fail(j, Outcome::wrongPoint, "point misplaced along the normal");
  }
  const double lo = deepest ? deepest->first : reading.lo;
  const double hi = deepest ? deepest->second : reading.hi;
  const double error = std::max({0.0, lo - mp.separation, mp.separation - hi});
  if (error > j.lengthAllowance) {
    j.notes << "  separation " << i << ": reported " << sci(mp.separation) << ", exact "
            << (deepest ? "deepest among the points " : "") << sci(deepest ? lo : p.separation)
            << " (" << sci(lo) << " to " << sci(hi)
            << (deepest ? " over the points' lines" : " within one length allowance sideways")
            << "): differs by " << inUnits(error, j.tol.unit) << "\n";
    return fail(j, Outcome::wrongSeparation,
                deepest ? "separation differs from the deepest exact one (pointSeparation deepest)"
                        : "separation differs from the exact one");
  }
  // The engine drops a point by its own separation, whatever it reports.
  const double beyond = (deepest ? reading.lo : mp.separation) - j.conv.margin;
  if (!j.conv.keepsPointsBeyondMargin && beyond > j.conv.contactBand + j.lengthAllowance) {
    j.notes << "  point " << i << " is beyond the margin by " << inUnits(beyond, j.tol.unit)
            << " and the engine declares it drops such points\n";
    return fail(j, Outcome::wrongPointCount, "a point beyond the margin");
  }
}

/// Every point, each along its normal: read all (the deepest separation needs them all), then
/// judged.
void judgePoints(Judge& j, const std::vector<Along>& along) {
  std::vector<Reading> readings;
  for (std::size_t i = 0; i < j.actual.points.size(); ++i) {
    measureAlong(j, along[i]);
    readings.push_back(bestReading(j, i));
  }
  std::optional<std::pair<double, double>> deepest;
  if (j.conv.pointSeparation == PointSeparation::deepest) deepest = deepestOf(readings);
  for (std::size_t i = 0; i < j.actual.points.size(); ++i) {
    measureAlong(j, along[i]);
    judgePoint(j, i, readings[i], deepest);
  }
}

// --- 5. face–face contact has two points ----------------------------------------------------

/// The edge of `core` whose outward unit normal is within the allowance of `direction`.
int parallelEdge(const Judge& j, bool onA, Vec2 direction, double allowance) {
  for (int i = 0; i < j.geometry.edgeCount(onA); ++i) {
    const Vec2 u = j.geometry.edgeNormal(onA, i);
    const double len = length(u);
    if (len > 0 && dot(u, direction) > 0 && std::fabs(cross(u, direction)) <= allowance * len) {
      return i;
    }
  }
  return -1;
}

/// Whether the single point of a face–face contact is the closest features' point an engine
/// may report in place of the clip: the cores apart (a clip is then a choice, not the only
/// answer), the point on the line through the deeper end of the overlap (`ends`, tangent
/// offsets with their exact separations), and that end deeper than the other by more than the
/// declared hysteresis (Box2D v3 takes the vertex–vertex point only when it is deeper than the
/// clip by more than its tieBand; an exact engine whenever it is deeper at all) — within the
/// rounding either answer. Notes the tie.
bool closestFeaturesPoint(Judge& j, Vec2 tangent,
                          const std::array<std::pair<double, double>, 2>& ends) {
  if (!(j.facts.best + j.facts.radius > j.lengthAllowance)) return false;  // cores overlap
  const Point& p = j.actual.points.front();
  const double along = dot(p.point, tangent);
  const std::size_t at =
      std::fabs(along - ends[0].first) <= std::fabs(along - ends[1].first) ? 0 : 1;
  if (std::fabs(along - ends[at].first) > j.lateralAllowance) return false;
  // How much deeper the point's end is than the other (exactly parallel faces: 0, a tie).
  const double lead = ends[1 - at].second - ends[at].second;
  const double slack = j.tol.roundingBand() + j.lengthAllowance;
  if (!(lead > j.tol.tieBand - slack)) return false;
  if (lead <= j.tol.tieBand + slack) {
    j.withinBand = true;
    j.notes << "  face-face: one point at the deeper end, " << inUnits(lead, j.tol.unit)
            << " deeper than the other: the closest features' point and the clip tie within "
               "the hysteresis "
            << sci(j.tol.tieBand) << " and the rounding\n";
  }
  return true;
}

void judgeFaceFace(Judge& j) {
  begin(j, "face-face");
  if (j.actual.points.size() >= 2) return;
  const Vec2 normal = j.actual.hasNormal ? j.actual.normal : j.actual.points.front().normal;
  const Vec2 n = (1.0 / length(normal)) * normal;
  const int ea = parallelEdge(j, true, n, j.normalAllowance);
  const int eb = parallelEdge(j, false, -n, j.normalAllowance);
  if (ea < 0 || eb < 0) return;
  // Overlap of the two edges along the tangent, and the separation at both of its ends.
  const Vec2 t{-n.y, n.x};
  const CaseGeometry& g = j.geometry;
  const Vec2 a0 = g.vertex(true, ea), a1 = g.vertex(true, (ea + 1) % g.vertexCount(true));
  const Vec2 b0 = g.vertex(false, eb), b1 = g.vertex(false, (eb + 1) % g.vertexCount(false));
  const double lo = std::max(std::min(dot(a0, t), dot(a1, t)), std::min(dot(b0, t), dot(b1, t)));
  const double hi = std::min(std::max(dot(a0, t), dot(a1, t)), std::max(dot(b0, t), dot(b1, t)));
  if (hi - lo <= 2.0 * j.lateralAllowance) return;
  const Vec2 mid = 0.5 * (a0 + b0);
  std::array<std::pair<double, double>, 2> ends;
  for (std::size_t k = 0; k < 2; ++k) {
    const double s = k == 0 ? lo : hi;
    const Vec2 x = mid + (s - dot(mid, t)) * t;
    const double sep = pointFacts(j, x, normal, Surface::line, Surface::line).separation;
    if (!j.conv.keepsPointsBeyondMargin && sep > j.conv.margin - j.lengthAllowance) {
      return;  // an end may legitimately be dropped
    }
    ends[k] = {s, sep};
  }
  if (closestFeaturesPoint(j, t, ends)) return;
  j.notes << "  face " << ea << " of A and face " << eb << " of B are parallel to the normal's "
          << "tangent and overlap over " << sci(hi - lo) << ": both ends are contact points\n";
  fail(j, Outcome::wrongPointCount, "face-face contact with one point");
}

// --- 6. ids ---------------------------------------------------------------------------------

/// Whether feature (type, index) exists on `core`.
bool exists(const Judge& j, bool onA, FeatureType type, int index) {
  const int count =
      type == FeatureType::vertex ? j.geometry.vertexCount(onA) : j.geometry.edgeCount(onA);
  return index < count;
}

/// Whether feature (type, index) of A's or B's core lies on the line x + t·n (within
/// `allowance`), on the core's side facing the other shape (CaseGeometry::featureOnLine).
bool onFeature(const Judge& j, bool onA, FeatureType type, int index, Vec2 x, Vec2 n,
               double allowance, double turn) {
  return j.geometry.featureOnLine(onA, type == FeatureType::vertex, index, x, n, allowance, turn);
}

/// "A (a polygon) has vertices 0 to 3 and faces 0 to 3": the ids a shape's features take.
std::string featuresOf(const Judge& j, bool onA) {
  const int vertices = j.geometry.vertexCount(onA);
  const int faces = j.geometry.edgeCount(onA);
  std::string text = std::string(onA ? "A" : "B") + " (a " +
                     std::string(shapeTypeName(typeOf(onA ? j.c.a : j.c.b))) + ") has ";
  if (faces == 0) return text + "vertex 0 only";
  return text + "vertices 0 to " + std::to_string(vertices - 1) + " and faces 0 to " +
         std::to_string(faces - 1);
}

std::string featureName(FeatureType type, int index) {
  return (type == FeatureType::face ? "face " : "vertex ") + std::to_string(index);
}

/// Whether the declared conventions compare this case's ids.
bool idsCompared(const Judge& j) {
  const bool hasCircle = typeOf(j.c.a) == ShapeType::circle || typeOf(j.c.b) == ShapeType::circle;
  return j.conv.compareIds == IdComparison::all ||
         (j.conv.compareIds == IdComparison::withoutCircles && !hasCircle);
}

/// Ids that name no feature at all (an index beyond 255 or negative, an unknown type, an id not
/// in the declared format): wrong, whatever the other points say.
void judgeIdErrors(Judge& j) {
  for (std::size_t i = 0; i < j.actual.points.size(); ++i) {
    const std::string& error = j.actual.points[i].id.error;
    if (error.empty()) continue;
    begin(j, "points[" + std::to_string(i) + "].id");
    j.notes << "  point " << i << "'s id: " << error;
    // touche's typed ids name the half at fault ("indexA 999 ..."): list that shape's features.
    const std::string first = error.substr(0, error.find(' '));
    if (j.conv.idFormat == IdFormat::touche && (first.back() == 'A' || first.back() == 'B')) {
      j.notes << "; " << featuresOf(j, first.back() == 'A');
    }
    j.notes << "\n";
    fail(j, Outcome::wrongId, std::string(kIdNamesNoFeature), false);
  }
}

/// Whether the circle's half of an id is judged: not when circles are the engine's polygons,
/// whose vertices and faces it numbers its own way.
bool halfJudged(const Judge& j, bool onA) {
  return j.conv.circleSegments == 0 || typeOf(onA ? j.c.a : j.c.b) != ShapeType::circle;
}

/// Whether vertex `v` of a core is the far end of an edge point i's line runs along, and point
/// i the far point of the two (farEndReadable: a clip keeping both ends of an incident edge
/// parallel to the normal, each read at its own end): the point's feature is that end, though
/// it faces away from the other shape.
bool farVertexOfTheLine(const Judge& j, bool onA, int v, std::size_t i) {
  if (!farEndReadable(j, onA, i)) return false;
  const Point& p = j.actual.points[i];
  const Point& other = j.actual.points[1 - i];
  const Vec2 n = (1.0 / length(p.normal)) * p.normal;
  const double away = onA ? -1.0 : 1.0;  // away from the other shape along the normal
  const auto onLine = [&](int w) {
    return std::fabs(cross(n, j.geometry.vertex(onA, w) - p.point)) <= j.lateralAllowance;
  };
  if (!onLine(v) || away * dot(n, p.point - other.point) <= 0.0) return false;
  for (int w = 0; w < j.geometry.vertexCount(onA); ++w) {
    if (w != v && onLine(w) &&
        away * dot(n, j.geometry.vertex(onA, w) - j.geometry.vertex(onA, v)) > 0.0) {
      return false;
    }
  }
  return true;
}

/// Why the typed id names features point i is not on ("A's face 1"), or "" when it names ones
/// it is on; `offTheLine`: an existing feature the point's line misses (not only absent ones).
std::string offFeatures(Judge& j, std::size_t i, const FeatureId& id, bool notes,
                        bool* offTheLine) {
  const Point& mp = j.actual.points[i];
  const struct {
    bool onA;
    FeatureType type;
    int index;
  } sides[] = {{true, id.typeA, id.indexA}, {false, id.typeB, id.indexB}};
  std::string missing;
  for (const auto& side : sides) {
    if (!halfJudged(j, side.onA)) continue;
    const std::string name =
        std::string(side.onA ? "A's " : "B's ") + featureName(side.type, side.index);
    if (!exists(j, side.onA, side.type, side.index)) {
      if (notes) {
        j.notes << "  point " << i << "'s id: " << name << " does not exist; "
                << featuresOf(j, side.onA) << "\n";
      }
      missing += (missing.empty() ? "" : " nor ") + name;
      continue;
    }
    if (!onFeature(j, side.onA, side.type, side.index, mp.point, mp.normal, j.lateralAllowance,
                   j.normalAllowance) &&
        !(side.type == FeatureType::vertex && farVertexOfTheLine(j, side.onA, side.index, i))) {
      *offTheLine = true;
      missing += (missing.empty() ? "" : " nor ") + name;
    }
  }
  return missing;
}

/// Whether `n` (A→B) is, within the normal allowance, a face normal of the shape that is not
/// the chain segment: that face is the reference, and a v3 key is written polygon first.
bool normalOfTheOtherFace(const Judge& j, Vec2 n) {
  const bool otherIsB = typeOf(j.c.a) == ShapeType::chainSegment;
  return std::any_of(j.facts.sources.begin(), j.facts.sources.end(), [&](const NormalSource& s) {
    return !s.closest && s.edge >= 0 && s.onB == otherIsB &&
           length(n - s.direction) <= j.normalAllowance;
  });
}

/// Point i's id: it names features the point lies on — a typed id its own, a Box2D v3 key any
/// of the typed pairs it stands for (feature_ids.h).
void judgeIdGeometry(Judge& j, std::size_t i) {
  const ids::IdReading& id = j.actual.points[i].id;
  begin(j, "points[" + std::to_string(i) + "].id");
  const bool key = !id.rule.empty();
  std::vector<FeatureId> readings = id.typed;
  if (!id.crossed.empty() && normalOfTheOtherFace(j, j.actual.points[i].normal)) {
    readings.insert(readings.end(), id.crossed.begin(), id.crossed.end());
  }
  bool offTheLine = false;
  std::string missing, tried;
  for (const FeatureId& typed : readings) {
    // Any of its readings (one, an edge's face either side, a key's pairs) may hold.
    missing = offFeatures(j, i, typed, !key && typed == id.typed.front(), &offTheLine);
    if (missing.empty()) return;
    tried += (tried.empty() ? "" : ", ") + ids::describe(typed);
  }
  if (key && readings.empty()) {
    j.notes << "  id " << i << ": " << id.rule
            << ": read the chain segment's way it names no vertex pair, and read the other "
               "way it holds only along that shape's face normal, which the point's normal is "
               "not\n";
  } else if (key) {
    j.notes << "  id " << i << ": " << id.rule << ": the point lies on none of " << tried << "\n";
  } else {
    j.notes << "  id " << i << ": point is not on " << missing
            << (id.typed.size() > 1 ? " (nor on the edge's other side)" : "") << "\n";
  }
  // A typed id whose every missing feature is one the shape does not have names no feature.
  const bool nothingNamed = !key && !offTheLine;
  fail(j, Outcome::wrongId,
       nothingNamed ? std::string(kIdNamesNoFeature)
                    : std::string("feature ids name features the points are not on"),
       offTheLine);
}

/// Two points of one manifold never share an id: a solver matches each with last step's by it.
void judgeIdsDistinct(Judge& j) {
  const std::vector<Point>& points = j.actual.points;
  for (std::size_t k = 1; k < points.size(); ++k) {
    for (std::size_t i = 0; i < k; ++i) {
      if (points[k].id.key.empty() || points[k].id.key != points[i].id.key) continue;
      begin(j, "points[" + std::to_string(k) + "].id");
      j.notes << "  points " << i << " and " << k << " share the id " << points[k].id.key << "\n";
      fail(j, Outcome::wrongId, "two points share an id", false);
      break;
    }
  }
}

/// Each point's id, in the declared format: it reads, it names features the point lies on
/// (as far as the format names features), and no two points share one.
void judgeIds(Judge& j, const std::vector<Along>& along) {
  if (!idsCompared(j)) return;
  judgeIdErrors(j);
  // touche's own format keeps its rule: an id in another form leaves the ids uncompared.
  const std::vector<Point>& points = j.actual.points;
  if (std::any_of(points.begin(), points.end(), [](const Point& p) { return p.id.unreadable; })) {
    return;
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i].id.error.empty() ||
        (points[i].id.typed.empty() && points[i].id.crossed.empty())) {
      continue;
    }
    measureAlong(j, along[i]);
    judgeIdGeometry(j, i);
  }
  judgeIdsDistinct(j);
}

/// The reported manifold as judged, from a manifold line as read: every point, each point's
/// own normal when the conventions declare them, ids read in the declared format.
Reported reportedOf(const Case& c, const ManifoldRecord& record,
                    const DeclaredConventions& conventions) {
  const Manifold& m = record.manifold;
  Reported r;
  r.status = m.status;
  r.hasNormal = record.hasNormal;
  const bool flip = conventions.normal == NormalDirection::bToA && m.status == Status::contact;
  const double sign = flip ? -1.0 : 1.0;
  r.normal = sign * m.normal;
  r.shown = record;
  r.shown.manifold.normal = r.normal;
  if (record.points.empty()) {  // a Manifold built in C++: its typed ids, when it has them
    r.count = m.pointCount;
    for (int i = 0; i < std::clamp(m.pointCount, 0, 2); ++i) {
      ids::IdReading id = ids::typedReading(m.points[i].id);
      if (!record.hasIds) id = ids::IdReading{}, id.unreadable = true;
      r.points.push_back({m.points[i].point, m.points[i].separation, r.normal, false, id});
    }
    return r;
  }
  r.count = static_cast<int>(record.points.size());
  for (ReportedPoint& p : r.shown.points) {
    Point point{p.point, p.separation, r.normal, false, {}};
    if (conventions.pointNormals && p.normal) {
      point.normal = sign * *p.normal;
      point.ownNormal = true;
      p.normal = point.normal;
    }
    point.id = ids::readId(p, conventions.idFormat, c.a, c.b);
    r.points.push_back(std::move(point));
  }
  return r;
}

}  // namespace

const char* placementName(PointPlacement p) {
  switch (p) {
    case PointPlacement::onA:
      return "on A's surface";
    case PointPlacement::onB:
      return "on B's surface";
    default:
      return "midway between the surfaces";
  }
}

Manifold toToucheConventions(const Manifold& actual, const DeclaredConventions& conventions) {
  Manifold m = actual;
  if (m.status != Status::contact) return m;
  if (conventions.normal == NormalDirection::bToA) m.normal = -m.normal;
  // Under `either` a point's placement is decided with the shapes (judge()); it is drawn as
  // given.
  const double shift = conventions.point == PointPlacement::onA   ? 0.5
                       : conventions.point == PointPlacement::onB ? -0.5
                                                                  : 0.0;
  for (int i = 0; i < std::clamp(m.pointCount, 0, 2); ++i) {
    m.points[i].point = m.points[i].point + shift * m.points[i].separation * m.normal;
  }
  return m;
}

namespace {

/// The case is invalid: only `error` is right.
Comparison judgeInvalid(Status reported, const InputError& bad) {
  Comparison r;
  if (reported == Status::error) return r;
  r.outcome = Outcome::statusMismatch;
  r.explanation = "status-mismatch: invalid case (" + bad.describe() + "), expected error";
  r.failures.push_back({"status", r.outcome, r.explanation});
  return r;
}

/// The bands of the one-sided rules (one_sided.h), each decision by its own conditioning:
/// the chain's normals turn over its pieces' lengths (n0 over ghost1–p1, n1 over the segment,
/// n2 over p2–ghost2), each face of the other core over its edge, and the other shape's
/// centroid is known to its vertices' rounding times its conditioning. A sliver elsewhere in
/// the scene widens none of them.
exact::OneSidedBands oneSidedBandsOf(const Judge& j) {
  const bool chainIsA = typeOf(j.c.a) == ShapeType::chainSegment;
  const ChainSegment& chain = std::get<ChainSegment>(chainIsA ? j.c.a : j.c.b);
  const Transform& xf = chainIsA ? j.c.xfA : j.c.xfB;
  const auto piece = [&](Vec2 from, Vec2 to) {
    return turnOver(j, length(apply(xf, to) - apply(xf, from)));
  };
  exact::OneSidedBands bands;
  bands.band = j.tieBand + j.lengthAllowance;
  bands.lever = j.lever;
  bands.turnN0 = piece(chain.ghost1, chain.p1);
  bands.turnN1 = piece(chain.p1, chain.p2);
  bands.turnN2 = piece(chain.p2, chain.ghost2);
  const bool otherOnA = !chainIsA;
  for (int i = 0; i < j.geometry.edgeCount(otherOnA); ++i) {
    bands.faceTurns.push_back(turnOver(j, length(j.geometry.edgeNormal(otherOnA, i))));
  }
  std::vector<Vec2> vertices;
  for (int k = 0; k < j.geometry.vertexCount(otherOnA); ++k)
    vertices.push_back(j.geometry.vertex(otherOnA, k));
  const double centroid =
      (j.tol.length() + j.tol.roundingBand()) * detail::centroidConditioning(vertices);
  bands.centroid = std::min(centroid, std::numeric_limits<double>::max());
  return bands;
}

/// Sets up a judgement of `reported` on the valid case `c` (its geometry, facts and
/// allowances, a chain segment's one-sided facts) and hands it to `body`.
template <class Body>
auto withJudge(const Case& c, Reported reported, const DeclaredConventions& conventions,
               const SourceLines& source, const Body& body) {
  const Tolerance tol = toleranceOf(c, conventions);
  const CaseGeometry geometry(c, skinOf(c.a, conventions), skinOf(c.b, conventions),
                              accuracyOf(tol));
  Judge j{geometry,
          c,
          std::move(reported),
          conventions,
          factsOf(c, conventions, geometry),
          tol,
          0,
          0,
          0,
          0,
          0,
          0,
          false,
          {},
          {}};
  j.source = source;
  setAllowances(j);
  if (typeOf(c.a) == ShapeType::chainSegment || typeOf(c.b) == ShapeType::chainSegment) {
    exact::OwnershipRules rules;
    rules.ownership = conventions.chainOwnership;
    rules.hysteresis = &j.tol;
    const exact::OneSidedBands bands = oneSidedBandsOf(j);
    j.chainTurn = std::max({bands.turnN0, bands.turnN1, bands.turnN2});
    j.oneSided = geometry.oneSided(conventions.margin, bands, rules);
  }
  return body(j);
}

/// Every check in order. Status and sanity end the judgement when they fail (there is no
/// manifold to measure); the normals, each point, the face–face rule and each id are all run,
/// so that every failure of the manifold is reported.
Comparison judgeAll(const Case& c, Reported reported, const DeclaredConventions& conventions,
                    const SourceLines& source) {
  if (auto bad = validateInput(c.a, c.xfA, c.b, c.xfB, Options{conventions.margin})) {
    return judgeInvalid(reported.status, *bad);
  }
  return withJudge(c, std::move(reported), conventions, source, [](Judge& j) {
    if (auto r = judgeStatus(j)) return *r;
    if (j.actual.status != Status::contact) return finish(j);
    if (auto r = judgeSanity(j)) return *r;
    const Allowances along = judgeNormals(j);
    judgePoints(j, along.points);
    measureAlong(j, along.manifold);
    judgeFaceFace(j);
    judgeIds(j, along.points);
    return finish(j);
  });
}

/// The facts of the reported normal (normalFacts): its deficit, the face it is the normal of
/// and the allowances judge() measures along it.
NormalFacts factsOfNormal(Judge& j) {
  NormalFacts f;
  const Reported& m = j.actual;
  if (m.points.empty()) return f;
  const Vec2 normal = m.hasNormal ? m.normal : m.points.front().normal;
  const double size = length(normal);
  if (!finite(normal) || !(std::fabs(size - 1.0) <= j.tol.normal())) return f;
  matchNormalSource(j, normal);
  f.valid = true;
  f.best = j.facts.best;
  f.deficit = j.facts.best - j.geometry.separationAlong(normal);
  f.lengthAllowance = j.lengthAllowance;
  f.normalAllowance = j.normalAllowance;
  // Each point's line as judgePoint reads it: where it meets both cores, or a core's support
  // plane (a point beyond a face's end, on a side plane extended by the radius).
  for (const Point& p : m.points) {
    std::vector<double> separations;
    for (auto [sa, sb] :
         {std::pair{Surface::line, Surface::line}, std::pair{Surface::support, Surface::line},
          std::pair{Surface::line, Surface::support}}) {
      if (finite(p.point) && finite(p.normal) && length(p.normal) > 0) {
        separations.push_back(pointFacts(j, p.point, p.normal, sa, sb).separation);
      }
    }
    f.lineSeparations.push_back(std::move(separations));
  }
  const Vec2 n = (1.0 / size) * normal;
  for (const NormalSource& s : j.facts.sources) {
    if (s.closest || length(n - s.direction) > j.normalAllowance) continue;
    f.face = s.edge;
    f.faceOnB = s.onB;
    break;
  }
  return f;
}

}  // namespace

Comparison judge(const Case& c, const Manifold& reported, const DeclaredConventions& conventions,
                 bool hasIds) {
  ManifoldRecord record;
  record.manifold = reported;
  record.hasIds = hasIds;
  return judgeAll(c, reportedOf(c, record, conventions), conventions, {});
}

Comparison judge(const Case& c, const ManifoldRecord& reported,
                 const DeclaredConventions& conventions, const SourceLines& source) {
  return judgeAll(c, reportedOf(c, reported, conventions), conventions, source);
}

NormalFacts normalFacts(const Case& c, const ManifoldRecord& reported,
                        const DeclaredConventions& conventions) {
  if (reported.manifold.status != Status::contact ||
      validateInput(c.a, c.xfA, c.b, c.xfB, Options{conventions.margin})) {
    return {};
  }
  return withJudge(c, reportedOf(c, reported, conventions), conventions, {}, factsOfNormal);
}

}  // namespace touche::oracle
