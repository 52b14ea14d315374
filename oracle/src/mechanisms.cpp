// touche — the mechanisms that explain a failure (mechanisms.h).
//
// Each hypothesis builds the answer the engine would have given without the mechanism (or the
// conventions that declare it) and asks judge() whether that answer is right. The judge's
// tolerance is the only one used; the few estimates made here (a skin's size from the deepest
// separation, a polygon's side count from a depth's shortfall) only choose the value a
// hypothesis is judged with, they never decide it.
#include "touche/oracle/mechanisms.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <variant>
#include <vector>

namespace touche::oracle {
namespace {

using Json = nlohmann::ordered_json;

std::string sci(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

/// +1 when the declared normal points from A to B, −1 when from B to A.
double towardB(const DeclaredConventions& conventions) {
  return conventions.normal == NormalDirection::bToA ? -1.0 : 1.0;
}

std::string typedIdText(const FeatureId& id) {
  const auto name = [](FeatureType t) { return t == FeatureType::face ? "face" : "vertex"; };
  Json j;
  j["typeA"] = name(id.typeA);
  j["indexA"] = id.indexA;
  j["typeB"] = name(id.typeB);
  j["indexB"] = id.indexB;
  return j.dump();
}

/// The first two points back into `manifold`, as parseManifold leaves them.
void sync(ManifoldRecord& r) {
  Manifold& m = r.manifold;
  m.pointCount = static_cast<int>(std::min<std::size_t>(r.points.size(), 2));
  for (int i = 0; i < m.pointCount; ++i) {
    const ReportedPoint& p = r.points[static_cast<std::size_t>(i)];
    m.points[i] = {p.point, p.separation, p.typedId.value_or(FeatureId{})};
  }
}

/// The engine's answer with its points as a manifold line gives them (a record built in C++
/// holds them in `manifold` only).
ManifoldRecord withPoints(const ManifoldRecord& actual) {
  ManifoldRecord r = actual;
  if (!r.points.empty() || r.manifold.status != Status::contact) return r;
  for (int i = 0; i < std::clamp(r.manifold.pointCount, 0, 2); ++i) {
    const ManifoldPoint& p = r.manifold.points[i];
    ReportedPoint point;
    point.point = p.point;
    point.separation = p.separation;
    if (actual.hasIds) point.typedId = p.id, point.id = typedIdText(p.id);
    r.points.push_back(point);
  }
  return r;
}

bool hasPoints(const ManifoldRecord& r) {
  return r.manifold.status == Status::contact && !r.points.empty();
}

bool accepted(const FailedCase& f, const ManifoldRecord& r, const DeclaredConventions& conv) {
  return isAcceptable(judge(f.c, r, conv).outcome);
}

/// Point i's normal as judged, unit and from A to B.
Vec2 normalAtoB(const ManifoldRecord& r, std::size_t i, const DeclaredConventions& conv) {
  const ReportedPoint& p = r.points[i];
  const Vec2 n = conv.pointNormals && p.normal ? *p.normal : r.manifold.normal;
  const double size = length(n);
  return size > 0 ? (towardB(conv) / size) * n : n;
}

double deepest(const ManifoldRecord& r) {
  double d = std::numeric_limits<double>::infinity();
  for (const ReportedPoint& p : r.points)
    d = std::min(d, p.separation);
  return d;
}

bool is(const Shape& s, ShapeType t) {
  return typeOf(s) == t;
}

bool isSkinned(const Shape& s) {
  const ShapeType t = typeOf(s);
  return t == ShapeType::polygon || t == ShapeType::segment || t == ShapeType::chainSegment;
}

/// A shape's radius as the engine sees it: its own, plus the declared skin.
double radiusOf(const Shape& s, const DeclaredConventions& conv) {
  const double skin = isSkinned(s) ? conv.skinRadius : 0.0;
  return std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle> || std::is_same_v<T, Capsule> ||
                      std::is_same_v<T, Polygon>) {
          return shape.radius + skin;
        } else {
          return skin;
        }
      },
      s);
}

/// The core's vertices in world coordinates (a circle's centre, a segment's two ends).
std::vector<Vec2> coreVertices(const Shape& s, const Transform& xf) {
  std::vector<Vec2> out;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle>) {
          out.push_back(apply(xf, shape.center));
        } else if constexpr (std::is_same_v<T, Polygon>) {
          for (int i = 0; i < shape.count; ++i)
            out.push_back(apply(xf, shape.vertices[i]));
        } else {
          out.push_back(apply(xf, shape.p1));
          out.push_back(apply(xf, shape.p2));
        }
      },
      s);
  return out;
}

// --- ids --------------------------------------------------------------------------------------

enum class IdEdit { swapHalves, exchangeIndices };

FeatureId edited(const FeatureId& id, IdEdit edit) {
  return edit == IdEdit::swapHalves ? swapped(id)
                                    : FeatureId{id.typeA, id.indexB, id.typeB, id.indexA};
}

/// A b2ContactFeature (object or 32-bit key) with `edit` applied; false when it is neither.
bool editBox2d2(Json& j, IdEdit edit) {
  if (j.is_number_unsigned() || j.is_number_integer()) {
    const auto key = j.get<std::uint64_t>();
    std::uint64_t part[4] = {key & 0xFF, (key >> 8) & 0xFF, (key >> 16) & 0xFF, (key >> 24) & 0xFF};
    std::swap(part[0], part[1]);
    if (edit == IdEdit::swapHalves) std::swap(part[2], part[3]);
    j = part[0] | part[1] << 8 | part[2] << 16 | part[3] << 24;
    return true;
  }
  if (!j.is_object() || !j.contains("indexA") || !j.contains("indexB")) return false;
  std::swap(j["indexA"], j["indexB"]);
  if (edit == IdEdit::swapHalves && j.contains("typeA") && j.contains("typeB")) {
    std::swap(j["typeA"], j["typeB"]);
  }
  return true;
}

/// Point p's id with `edit` applied, in the declared format; false when the format has no
/// halves to exchange (opaque, no id) or the edit is the same as swapping them (v3 keys).
bool editId(ReportedPoint& p, IdFormat format, IdEdit edit) {
  if (format == IdFormat::touche) {
    if (!p.typedId) return false;
    p.typedId = edited(*p.typedId, edit);
    p.id = typedIdText(*p.typedId);
    return true;
  }
  if (p.id.empty() || format == IdFormat::opaque) return false;
  Json j = Json::parse(p.id, nullptr, false);
  if (format == IdFormat::box2dV3) {
    if (edit != IdEdit::swapHalves || !j.is_number_integer()) return false;
    const auto key = j.get<std::int64_t>();
    if (key < 0 || key > 0xFFFF) return false;
    j = (key & 0xFF) << 8 | key >> 8;
  } else if (!editBox2d2(j, edit)) {
    return false;
  }
  p.id = j.dump();
  return true;
}

/// Every point's id edited; false when none could be.
bool editIds(ManifoldRecord& r, IdFormat format, IdEdit edit) {
  bool any = false;
  for (ReportedPoint& p : r.points)
    any = editId(p, format, edit) || any;
  sync(r);
  return any;
}

/// An id of the reference's in the declared format (touche's and Box2D 2.x's name features);
/// `kept` where the format says nothing the reference's id could be written in.
std::string idIn(const FeatureId& id, IdFormat format, const std::string& kept) {
  if (format == IdFormat::touche) return typedIdText(id);
  if (format != IdFormat::box2d2) return kept;
  Json j;
  j["indexA"] = id.indexA;
  j["indexB"] = id.indexB;
  j["typeA"] = id.typeA == FeatureType::face ? 1 : 0;
  j["typeB"] = id.typeB == FeatureType::face ? 1 : 0;
  return j.dump();
}

void negateNormals(ManifoldRecord& r) {
  r.manifold.normal = -r.manifold.normal;
  for (ReportedPoint& p : r.points) {
    if (p.normal) p.normal = -*p.normal;
  }
}

// --- radii ------------------------------------------------------------------------------------

/// How the engine got a radius wrong: where it put each surface, along the normal from A to
/// B, per unit of that shape's radius (missing: A's surface on its core, −rA; B's, +rB).
struct RadiusError {
  const char* name;
  const char* how;
  double perA;  ///< A's surface moved by perA · rA
};
constexpr RadiusError kRadiusErrors[] = {
    {"radius-missing", "missing (separations larger by r)", -1.0},
    {"radius-doubled", "counted twice (separations smaller by r)", 1.0},
    {"radius-sign-flipped", "with the wrong sign (separations larger by 2r)", -2.0},
};

/// The answer with the surfaces put back: each separation less (eB − eA), and when `shift`
/// each point moved back as far as the surfaces moved it under `placement`.
ManifoldRecord radiusRepaired(const ManifoldRecord& actual, const DeclaredConventions& conv,
                              double eA, double eB, bool shift, PointPlacement placement) {
  ManifoldRecord r = actual;
  const double moved = placement == PointPlacement::onA   ? eA
                       : placement == PointPlacement::onB ? eB
                                                          : 0.5 * (eA + eB);
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    ReportedPoint& p = r.points[i];
    p.separation -= eB - eA;
    if (shift) p.point = p.point - moved * normalAtoB(actual, i, conv);
  }
  sync(r);
  return r;
}

/// Whether the answer with the surfaces moved back by (eA, eB) passes, the points moved with
/// them (under the declared placement, or any under `either`) or not.
bool radiusExplains(const FailedCase& f, const ManifoldRecord& actual, double eA, double eB) {
  std::vector<PointPlacement> placements = {f.conventions.point};
  if (f.conventions.point == PointPlacement::either) {
    placements = {PointPlacement::midpoint, PointPlacement::onA, PointPlacement::onB};
  }
  if (accepted(f, radiusRepaired(actual, f.conventions, eA, eB, false, placements[0]),
               f.conventions)) {
    return true;
  }
  for (const PointPlacement p : placements) {
    if (accepted(f, radiusRepaired(actual, f.conventions, eA, eB, true, p), f.conventions)) {
      return true;
    }
  }
  return false;
}

// --- the clip ---------------------------------------------------------------------------------

/// The reference face of the answer (the face its normal is the normal of) and the incident
/// shape's core.
struct ClipFrame {
  bool onB = false;  ///< the reference face is B's
  Vec2 start;        ///< the face's first vertex
  Vec2 outward;      ///< the face's outward unit normal
  Vec2 tangent;      ///< unit, along the reference face
  double lo = 0.0;   ///< the face's extent along the tangent
  double hi = 0.0;
  std::vector<Vec2> incident;  ///< the other core's vertices
  std::string face;            ///< "A's face 1"
};

/// Face `face` of A's core (or B's) as a reference face, the other core incident.
std::optional<ClipFrame> clipFrame(const FailedCase& f, bool onB, int face) {
  const std::vector<Vec2> reference = coreVertices(onB ? f.c.b : f.c.a, onB ? f.c.xfB : f.c.xfA);
  ClipFrame frame;
  frame.incident = coreVertices(onB ? f.c.a : f.c.b, onB ? f.c.xfA : f.c.xfB);
  if (reference.size() < 2 || frame.incident.size() < 2) return std::nullopt;
  const Vec2 v1 = reference[static_cast<std::size_t>(face) % reference.size()];
  const Vec2 v2 = reference[static_cast<std::size_t>(face + 1) % reference.size()];
  const double edge = length(v2 - v1);
  if (!(edge > 0)) return std::nullopt;
  frame.onB = onB;
  frame.start = v1;
  frame.tangent = (1.0 / edge) * (v2 - v1);
  frame.outward = {frame.tangent.y, -frame.tangent.x};
  frame.lo = std::min(dot(v1, frame.tangent), dot(v2, frame.tangent));
  frame.hi = std::max(dot(v1, frame.tangent), dot(v2, frame.tangent));
  frame.face = std::string(onB ? "B's" : "A's") + " face " + std::to_string(face);
  return frame;
}

/// Every face the normal n (A → B) may be the reference face of: A's faces whose outward
/// normal is n, B's whose outward normal is −n, within `turn` (two parallel faces both are).
std::vector<ClipFrame> referenceFaces(const FailedCase& f, Vec2 n, double turn) {
  std::vector<ClipFrame> frames;
  for (const bool onB : {false, true}) {
    const std::vector<Vec2> core = coreVertices(onB ? f.c.b : f.c.a, onB ? f.c.xfB : f.c.xfA);
    const std::size_t count = core.size() == 2 ? 2 : core.size();  // a segment: both sides
    for (std::size_t i = 0; core.size() >= 2 && i < count; ++i) {
      const Vec2 e = core[(i + 1) % core.size()] - core[i];
      const double size = length(e);
      const Vec2 outward = size > 0 ? Vec2{e.y / size, -e.x / size} : Vec2{};
      if (length(outward - (onB ? -n : n)) > turn) continue;
      if (auto frame = clipFrame(f, onB, static_cast<int>(i))) frames.push_back(*frame);
    }
  }
  return frames;
}

/// An incident vertex on a point's line, beyond the reference face's side plane.
struct Unclipped {
  Vec2 vertex;
  double beyond = 0.0;  ///< how far beyond the face's end, signed by the side (lo: negative)
};

/// The incident vertex on the line through `point` along n that lies beyond the reference
/// face's extent by more than `extension` (the side planes' declared extension) plus the
/// allowance, if any.
std::optional<Unclipped> unclippedEnd(const ClipFrame& frame, Vec2 point, Vec2 n, double allowance,
                                      double extension) {
  for (const Vec2 w : frame.incident) {
    if (std::fabs(cross(n, w - point)) > allowance) continue;
    const double along = dot(w, frame.tangent);
    const double margin = extension + allowance;
    if (along < frame.lo - margin) return Unclipped{w, along - frame.lo};
    if (along > frame.hi + margin) return Unclipped{w, along - frame.hi};
  }
  return std::nullopt;
}

/// Whether the reported point is that unclipped vertex's point exactly: on the line through it
/// along n, where the placement puts it between the shapes' surfaces (A's core pushed out by rA,
/// B's by rB; the reference face's surface its plane pushed out), with the separation between
/// them.
bool reportsVertex(const ClipFrame& frame, const Unclipped& end, const ReportedPoint& p, Vec2 n,
                   double rA, double rB, const DeclaredConventions& conv, double allowance) {
  const Vec2 w = end.vertex;
  const double fromFace = dot(w - frame.start, frame.outward);  // w in front of the face
  const Vec2 surfaceA = frame.onB ? w + rA * n : w - (fromFace - rA) * n;
  const Vec2 surfaceB = frame.onB ? w + (fromFace - rB) * n : w - rB * n;
  if (std::fabs(p.separation - (fromFace - rA - rB)) > allowance) return false;
  const Vec2 placed[] = {0.5 * (surfaceA + surfaceB), surfaceA, surfaceB};
  for (const PointPlacement placement :
       {PointPlacement::midpoint, PointPlacement::onA, PointPlacement::onB}) {
    const bool declared = conv.point == placement || conv.point == PointPlacement::either;
    if (declared && length(p.point - placed[static_cast<int>(placement)]) <= 2 * allowance) {
      return true;
    }
  }
  return false;
}

/// The reference's point as the engine writes it: its declared placement and id format.
ReportedPoint asDeclared(const ManifoldPoint& q, Vec2 nAtoB, const ReportedPoint& kept,
                         const DeclaredConventions& conv) {
  ReportedPoint p = kept;
  const double half = 0.5 * q.separation;
  p.point = conv.point == PointPlacement::onA   ? q.point - half * nAtoB
            : conv.point == PointPlacement::onB ? q.point + half * nAtoB
                                                : q.point;
  p.separation = q.separation;
  p.id = idIn(q.id, conv.idFormat, kept.id);
  if (conv.idFormat == IdFormat::touche) p.typedId = q.id;
  return p;
}

}  // namespace

std::optional<Diagnosis> normalReversed(const FailedCase& f) {
  ManifoldRecord r = withPoints(f.actual);
  if (!hasPoints(r)) return std::nullopt;
  negateNormals(r);
  if (!accepted(f, r, f.conventions)) return std::nullopt;
  return Diagnosis{"normal-reversed", "normal reversed",
                   std::string("the normal negated") +
                       (f.conventions.pointNormals ? " (each point's own too)" : "") +
                       ", the manifold passes"};
}

std::optional<Diagnosis> shapesSwappedInOutput(const FailedCase& f) {
  ManifoldRecord r = withPoints(f.actual);
  if (!hasPoints(r)) return std::nullopt;
  DeclaredConventions conv = f.conventions;
  const bool idsEdited =
      conv.compareIds != IdComparison::none && editIds(r, conv.idFormat, IdEdit::swapHalves);
  const bool onASide = conv.point == PointPlacement::onA || conv.point == PointPlacement::onB;
  if (!idsEdited && !onASide) return std::nullopt;  // the same as the normal reversed
  if (conv.point == PointPlacement::onA) {
    conv.point = PointPlacement::onB;
  } else if (conv.point == PointPlacement::onB) {
    conv.point = PointPlacement::onA;
  }
  negateNormals(r);
  if (!accepted(f, r, conv)) return std::nullopt;
  return Diagnosis{"shapes-swapped-in-output", "A and B swapped in the output",
                   std::string("the normal negated") +
                       (idsEdited ? ", each id's halves exchanged" : "") +
                       (onASide ? ", the points read on the other shape" : "") +
                       ": the manifold of (B, A), and as such it passes"};
}

std::optional<Diagnosis> separationSignFlipped(const FailedCase& f) {
  ManifoldRecord r = withPoints(f.actual);
  if (!hasPoints(r)) return std::nullopt;
  const double first = r.points.front().separation;
  for (ReportedPoint& p : r.points)
    p.separation = -p.separation;
  sync(r);
  if (!accepted(f, r, f.conventions)) return std::nullopt;
  return Diagnosis{"separation-sign-flipped", "separation sign flipped",
                   "every separation negated (point 0: " + sci(first) + " becomes " + sci(-first) +
                       "), the manifold passes"};
}

namespace {

std::optional<Diagnosis> idsEdited(const FailedCase& f, IdEdit edit) {
  if (f.conventions.compareIds == IdComparison::none) return std::nullopt;
  ManifoldRecord r = withPoints(f.actual);
  if (!hasPoints(r) || !editIds(r, f.conventions.idFormat, edit)) return std::nullopt;
  if (!accepted(f, r, f.conventions)) return std::nullopt;
  if (edit == IdEdit::swapHalves) {
    return Diagnosis{"ids-unswapped", "feature ids' A and B halves exchanged (not swapped back)",
                     "each id's typeA/indexA exchanged with its typeB/indexB, the manifold passes"};
  }
  return Diagnosis{"id-indices-exchanged", "feature ids' indexA and indexB exchanged",
                   "each id's indexA exchanged with its indexB (types kept), the manifold passes"};
}

}  // namespace

std::optional<Diagnosis> idsUnswapped(const FailedCase& f) {
  return idsEdited(f, IdEdit::swapHalves);
}

std::optional<Diagnosis> idIndicesExchanged(const FailedCase& f) {
  return idsEdited(f, IdEdit::exchangeIndices);
}

std::optional<Diagnosis> pointsOnAnotherSurface(const FailedCase& f) {
  const PointPlacement declared = f.conventions.point;
  if (declared == PointPlacement::either || !hasPoints(withPoints(f.actual))) return std::nullopt;
  const char* names[] = {"points-midway", "points-on-a", "points-on-b"};
  for (const PointPlacement p :
       {PointPlacement::onA, PointPlacement::onB, PointPlacement::midpoint}) {
    if (p == declared) continue;
    DeclaredConventions conv = f.conventions;
    conv.point = p;
    if (!accepted(f, f.actual, conv)) continue;
    return Diagnosis{names[static_cast<int>(p)],
                     std::string("points ") + placementName(p) + ", not " +
                         placementName(declared) + " as declared",
                     std::string("read ") + placementName(p) + " (point placement " +
                         (p == PointPlacement::midpoint ? "midpoint"
                          : p == PointPlacement::onA    ? "onA"
                                                        : "onB") +
                         "), the manifold passes"};
  }
  return std::nullopt;
}

std::optional<Diagnosis> oneSharedDepth(const FailedCase& f) {
  if (f.conventions.pointSeparation != PointSeparation::own) return std::nullopt;
  const ManifoldRecord r = withPoints(f.actual);
  if (!hasPoints(r) || r.points.size() < 2) return std::nullopt;
  DeclaredConventions conv = f.conventions;
  conv.pointSeparation = PointSeparation::deepest;
  if (!accepted(f, f.actual, conv)) return std::nullopt;
  return Diagnosis{"one-shared-depth", "one shared depth for all points",
                   "every point reports the deepest separation, " + sci(deepest(r)) +
                       " (pointSeparation deepest), and so the manifold passes"};
}

std::optional<Diagnosis> radiusOff(const FailedCase& f) {
  const ManifoldRecord r = withPoints(f.actual);
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  if (!hasPoints(r) || !facts.valid) return std::nullopt;
  const double rA = radiusOf(f.c.a, f.conventions), rB = radiusOf(f.c.b, f.conventions);
  // How much deeper than the exact best the answer is: a radius error shifts it by about the
  // error (a choice of the hypotheses to judge, not a decision).
  const double shortfall = deepest(r) - facts.best;
  const struct {
    bool a, b;
    const char* whose;
  } subsets[] = {{true, false, "A's"}, {false, true, "B's"}, {true, true, "both shapes'"}};
  for (const RadiusError& e : kRadiusErrors) {
    for (const auto& s : subsets) {
      if ((s.a && !(rA > 0)) || (s.b && !(rB > 0))) continue;
      const double eA = s.a ? e.perA * rA : 0.0, eB = s.b ? -e.perA * rB : 0.0;
      const double off = eB - eA;
      if (std::fabs(shortfall - off) > 0.5 * std::fabs(off)) continue;
      if (!radiusExplains(f, r, eA, eB)) continue;
      return Diagnosis{e.name, std::string(s.whose) + " radius " + e.how,
                       "separations off by " + sci(off) + " (rA " + sci(rA) + ", rB " + sci(rB) +
                           "): with that undone the manifold passes"};
    }
  }
  return std::nullopt;
}

std::optional<Diagnosis> skinNotDeclared(const FailedCase& f) {
  const int skinned = (isSkinned(f.c.a) ? 1 : 0) + (isSkinned(f.c.b) ? 1 : 0);
  if (skinned == 0) return std::nullopt;
  const double declared = f.conventions.skinRadius;
  std::vector<double> candidates;
  const ManifoldRecord r = withPoints(f.actual);
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  // Each skinned shape deepens a point by its skin: the skin each point shows against the
  // exact separation on its line, read as judge() may read it.
  for (std::size_t i = 0; facts.valid && i < r.points.size(); ++i) {
    for (const double exact : facts.lineSeparations.at(i)) {
      const double skin = declared + (exact - r.points[i].separation) / skinned;
      const bool known = std::any_of(candidates.begin(), candidates.end(), [&](double s) {
        return std::fabs(s - skin) <= facts.lengthAllowance;
      });
      if (skin > 0 && std::fabs(skin - declared) > facts.lengthAllowance && !known) {
        candidates.push_back(skin);
      }
    }
  }
  if (declared > 0) candidates.push_back(0.0);  // the declared skin is not there at all
  for (const double skin : candidates) {
    DeclaredConventions conv = f.conventions;
    conv.skinRadius = skin;
    if (!accepted(f, f.actual, conv)) continue;
    const std::string detail =
        "the manifold passes with skinRadius " + sci(skin) + " (declared: " + sci(declared) + ")";
    if (skin > declared) {
      return Diagnosis{"skin-not-declared",
                       "skin not declared (polygons and segments carry more radius)", detail};
    }
    return Diagnosis{"skin-declared-absent",
                     "declared skin absent (polygons and segments carry less radius)", detail};
  }
  return std::nullopt;
}

namespace {

/// The case with each circle replaced by the regular n-gon inscribed in it whose edge faces
/// the contact (its outward normal along the normal n from A to B, reversed for B): the shapes
/// an engine drawing circles as n-gons collides when a polygon's edge, not a vertex, is
/// deepest.
Case withFacingPolygons(const Case& c, int n, Vec2 normal) {
  Case out = c;
  const double pi = 3.14159265358979323846;
  for (const bool onA : {true, false}) {
    Shape& s = onA ? out.a : out.b;
    const auto* circle = std::get_if<Circle>(&s);
    if (!circle) continue;
    const Rot q = (onA ? c.xfA : c.xfB).q;
    const Vec2 outward = onA ? normal : -normal;
    const Vec2 local{q.c * outward.x + q.s * outward.y, -q.s * outward.x + q.c * outward.y};
    s = makeRegularPolygon(circle->center, circle->radius, n,
                           std::atan2(local.y, local.x) - pi / n);
  }
  return out;
}

}  // namespace

std::optional<Diagnosis> circlesAsPolygons(const FailedCase& f) {
  if (f.conventions.circleSegments != 0) return std::nullopt;
  double circles = 0.0;  // the sum of the circles' radii: their sagittas add up
  for (const Shape* s : {&f.c.a, &f.c.b}) {
    if (const auto* circle = std::get_if<Circle>(s)) circles += circle->radius;
  }
  const ManifoldRecord r = withPoints(f.actual);
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  if (!(circles > 0) || !hasPoints(r) || !facts.valid) return std::nullopt;
  // Short by the sagitta r·(1 − cos(π/n)) of some n: a polygon's edge faces the contact. The
  // answer must then be right for those polygons, exactly (judged on the polygons' case, ids
  // aside: the engine numbers its polygons' features its own way), and right for the circles
  // under circleSegments n (the other shape's ids judged). A shortfall between 0 and the
  // sagitta (a vertex nearer the contact) names no n: no claim.
  const double shortfall = deepest(r) - facts.best;
  const double pi = 3.14159265358979323846;
  const Vec2 n = normalAtoB(r, 0, f.conventions);
  for (int sides = 3; sides <= 64; ++sides) {
    const double sagitta = circles * 2.0 * std::pow(std::sin(pi / (2.0 * sides)), 2);
    if (std::fabs(shortfall - sagitta) > 0.25 * sagitta) continue;
    DeclaredConventions polygons = f.conventions;
    polygons.compareIds = IdComparison::none;
    const Case polygonCase = withFacingPolygons(f.c, sides, n);
    if (validateInput(polygonCase.a, polygonCase.xfA, polygonCase.b, polygonCase.xfB,
                      Options{f.conventions.margin}) ||
        !isAcceptable(judge(polygonCase, f.actual, polygons).outcome)) {
      continue;
    }
    DeclaredConventions conv = f.conventions;
    conv.circleSegments = sides;
    if (!accepted(f, f.actual, conv)) continue;
    return Diagnosis{
        "circles-as-polygons", "circles approximated as polygons (depths short by the sagitta)",
        "the deepest point is " + sci(shortfall) +
            " shallower than the exact best, the sagitta of circles as " + std::to_string(sides) +
            "-gons: the answer is theirs with an edge facing "
            "the contact (circleSegments " +
            std::to_string(sides) + ")"};
  }
  return std::nullopt;
}

std::optional<Diagnosis> normalFromOtherShape(const FailedCase& f) {
  if (!f.expected || f.expected->status != Status::contact) return std::nullopt;
  ManifoldRecord r = withPoints(f.actual);
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  if (!hasPoints(r) || !facts.valid || facts.face < 0) return std::nullopt;
  ManifoldRecord reference;
  reference.manifold = *f.expected;
  DeclaredConventions touche = f.conventions;
  touche.normal = NormalDirection::aToB;
  touche.pointNormals = false;
  const NormalFacts expected = normalFacts(f.c, withPoints(reference), touche);
  if (!expected.valid || expected.face < 0 || expected.faceOnB == facts.faceOnB) {
    return std::nullopt;
  }
  const Vec2 n = towardB(f.conventions) * f.expected->normal;
  r.manifold.normal = n;
  for (ReportedPoint& p : r.points) {
    if (p.normal) p.normal = n;
  }
  if (!accepted(f, r, f.conventions)) return std::nullopt;
  const auto face = [](const NormalFacts& x) {
    return std::string(x.faceOnB ? "B's" : "A's") + " face " + std::to_string(x.face);
  };
  return Diagnosis{"normal-from-other-shape", "normal from the other shape's face",
                   "the normal is " + face(facts) + "'s, the reference's " + face(expected) +
                       "'s: with the reference's normal the points and separations pass"};
}

namespace {

/// The reference's point nearest to `point` among those not `used`, or −1.
int nearestUnused(const Manifold& expected, Vec2 point, const std::vector<bool>& used) {
  int nearest = -1;
  for (int k = 0; k < expected.pointCount; ++k) {
    if (used[static_cast<std::size_t>(k)]) continue;
    const double d = length(expected.points[k].point - point);
    if (nearest < 0 || d < length(expected.points[nearest].point - point)) nearest = k;
  }
  return nearest;
}

/// The answer with every point that is an unclipped end of the incident edge beyond `frame`'s
/// side planes replaced by the reference's point at that end of the face, or dropped when the
/// reference has none there; `which` names them ("" when no point is such an end).
ManifoldRecord clipped(const FailedCase& f, const ManifoldRecord& actual, const ClipFrame& frame,
                       double allowance, std::string* which) {
  ManifoldRecord r = actual;
  r.points.clear();
  const double rA = radiusOf(f.c.a, f.conventions), rB = radiusOf(f.c.b, f.conventions);
  const bool polygons = is(f.c.a, ShapeType::polygon) && is(f.c.b, ShapeType::polygon);
  // Clipped points may lie up to the total radius beyond the face when the engine declares it.
  const double extension = f.conventions.sidePlanesExtendedByRadius && polygons ? rA + rB : 0.0;
  std::vector<std::optional<Unclipped>> ends;
  for (std::size_t i = 0; i < actual.points.size(); ++i) {
    const Vec2 n = normalAtoB(actual, i, f.conventions);
    ends.push_back(unclippedEnd(frame, actual.points[i].point, n, allowance, extension));
  }
  // The reference's points the engine reports as they are, each the nearest to such a point:
  // none of them is the clip of an unclipped end (a point on the same half of the face as a
  // dropped clip point is the kept one, not its replacement).
  std::vector<bool> used(static_cast<std::size_t>(f.expected->pointCount), false);
  for (std::size_t i = 0; i < actual.points.size(); ++i) {
    if (ends[i]) continue;
    const int kept = nearestUnused(*f.expected, actual.points[i].point, used);
    if (kept >= 0) used[static_cast<std::size_t>(kept)] = true;
  }
  const double middle = 0.5 * (frame.lo + frame.hi);
  const auto along = [&](int k) { return dot(f.expected->points[k].point, frame.tangent); };
  for (std::size_t i = 0; i < actual.points.size(); ++i) {
    const Vec2 n = normalAtoB(actual, i, f.conventions);
    const ReportedPoint& p = actual.points[i];
    const std::optional<Unclipped>& end = ends[i];
    if (!end) {
      r.points.push_back(p);
      continue;
    }
    if (!reportsVertex(frame, *end, p, n, rA, rB, f.conventions, allowance)) {
      which->clear();  // beyond the face, but not the unclipped vertex: something else
      return actual;
    }
    const double beyond = end->beyond;
    *which += (which->empty() ? "point " : " and ") + std::to_string(i) + " (" +
              sci(std::fabs(beyond)) + " beyond)";
    const double faceEnd = beyond < 0 ? frame.lo : frame.hi;
    int nearest = -1;
    for (int k = 0; k < f.expected->pointCount; ++k) {
      const bool sameSide = (beyond < 0) == (along(k) < middle);
      if (used[static_cast<std::size_t>(k)] || !sameSide) continue;
      if (nearest < 0 || std::fabs(along(k) - faceEnd) < std::fabs(along(nearest) - faceEnd)) {
        nearest = k;
      }
    }
    if (nearest < 0) continue;  // the clip drops it
    used[static_cast<std::size_t>(nearest)] = true;
    r.points.push_back(asDeclared(f.expected->points[nearest], n, p, f.conventions));
  }
  sync(r);
  return r;
}

}  // namespace

std::optional<Diagnosis> missingClip(const FailedCase& f) {
  if (!f.expected || f.expected->status != Status::contact) return std::nullopt;
  const ManifoldRecord actual = withPoints(f.actual);
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  if (!hasPoints(actual) || !facts.valid) return std::nullopt;
  const Vec2 n = normalAtoB(actual, 0, f.conventions);
  for (const ClipFrame& frame : referenceFaces(f, n, facts.normalAllowance)) {
    std::string which;
    const ManifoldRecord r = clipped(f, actual, frame, facts.lengthAllowance, &which);
    if (which.empty() || r.points.empty() || !accepted(f, r, f.conventions)) continue;
    return Diagnosis{"missing-clip", "a point not clipped to the reference face",
                     which + " is an end of the incident edge beyond " + frame.face +
                         "'s side plane: clipped there (the reference's point) the manifold "
                         "passes"};
  }
  return std::nullopt;
}

namespace {

/// The largest distance of a shape's points (and radius) from its local origin.
double localSize(const Shape& shape) {
  const auto far = [](Vec2 p) { return std::max(std::fabs(p.x), std::fabs(p.y)); };
  return std::visit(
      [&](const auto& s) -> double {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, Circle>) {
          return far(s.center) + s.radius;
        } else if constexpr (std::is_same_v<S, Capsule>) {
          return std::max(far(s.p1), far(s.p2)) + s.radius;
        } else if constexpr (std::is_same_v<S, Polygon>) {
          double size = 0.0;
          for (int i = 0; i < s.count; ++i)
            size = std::max(size, far(s.vertices[i]));
          return size + s.radius;
        } else {
          return std::max(far(s.p1), far(s.p2));
        }
      },
      shape);
}

/// How far short of the best a kept face may be for the hysteresis hypothesis: engines keep a
/// face while the other is better by a small part of the depth plus a small absolute amount
/// (Box2D 2.4.1: 2% and 0.001); a face short by more than a tenth of the depth plus a
/// hundredth of the shapes' size is a wrong face, not hysteresis.
double hysteresisCeiling(const FailedCase& f, const NormalFacts& facts) {
  const double size = std::min(localSize(f.c.a), localSize(f.c.b));
  return 0.1 * std::fabs(facts.best) + 0.01 * size;
}

}  // namespace

std::optional<Diagnosis> hysteresis(const FailedCase& f) {
  const NormalFacts facts = normalFacts(f.c, f.actual, f.conventions);
  if (!facts.valid || facts.face < 0 || !(facts.deficit > facts.lengthAllowance)) {
    return std::nullopt;
  }
  if (facts.deficit > hysteresisCeiling(f, facts)) return std::nullopt;
  DeclaredConventions conv = f.conventions;
  conv.tieBand = std::max(conv.tieBand, facts.deficit);
  if (!accepted(f, f.actual, conv)) return std::nullopt;
  return Diagnosis{"hysteresis", "hysteresis: a face axis short of the best kept",
                   "the normal is " + std::string(facts.faceOnB ? "B's" : "A's") + " face " +
                       std::to_string(facts.face) + "'s, " + sci(facts.deficit) +
                       " short of the best; along it the manifold is right (a tieBand of " +
                       sci(facts.deficit) + " declares it)"};
}

std::span<const Hypothesis> hypotheses() {
  static constexpr Hypothesis kAll[] = {
      normalReversed,     shapesSwappedInOutput,  separationSignFlipped, idsUnswapped,
      idIndicesExchanged, pointsOnAnotherSurface, oneSharedDepth,        skinNotDeclared,
      radiusOff,          circlesAsPolygons,      normalFromOtherShape,  missingClip,
      hysteresis,
  };
  return kAll;
}

std::optional<Diagnosis> diagnose(const FailedCase& f) {
  if (accepted(f, f.actual, f.conventions)) return std::nullopt;
  for (const Hypothesis h : hypotheses()) {
    if (std::optional<Diagnosis> d = h(f)) return d;
  }
  return std::nullopt;
}

}  // namespace touche::oracle
