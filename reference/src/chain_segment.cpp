// touche reference — chain segment A (one-sided, ghost vertices) vs circle, capsule, polygon B.
//
// Derivation: source 002's b2CollideEdgeAndCircle (regions A, B, AB with the hasVertex0/3
// adjacency tests) and b2EPCollider (convex/concave corners, normal limits, front and back),
// in the form Box2D v3 gives them (b2CollideChainSegmentAndCircle / AndPolygon / AndCapsule),
// which this file follows. Where v3 differs from source 002 (docs/derivations/chain-segment.md):
//  - one-sided: only the right of p1→p2 collides (002's edge is two-sided, the back side
//    flips the normal); a circle centre strictly behind the line gives no contact;
//  - ghost vertices always exist (002's hasVertex0/hasVertex3 are optional);
//  - the corner rules are a Gauss-map classification of the candidate normal (skip, admit,
//    snap to the segment normal) instead of 002's normal limits lowerLimit/upperLimit and its
//    0.98/0.001 hysteresis between the edge and polygon axes;
//  - the polygon case starts from the closest features of the segment and the polygon core
//    (v3 runs GJK) and uses SAT only when they touch or the centroid is behind the segment.
// Decided exactly: v3's tolerances (convexTol = sinTol = 0.01, 0.1·linearSlop) become exact
// signs: a corner is convex iff the turn is strictly left, a normal is skipped iff it lies
// strictly outside the corner's normal cone, and "separated" means distance > 0.
//
// Circle (steps C1–C4):
//   C1: centre in the world frame; offset = dot(rightPerp(e), c − p1) < 0 → behind, no contact.
//   C2: v = dot(e, c − p1) ≤ 0 → region of p1, owned by the previous segment when
//       dot(p1 − ghost1, c − p1) ≤ 0; u = dot(e, p2 − c) ≤ 0 → region of p2, owned by the next
//       segment when dot(ghost2 − p2, c − p2) > 0; otherwise the interior (source 002 region AB).
//   C3: normal c − closest; a centre on the segment uses the front normal rightPerp(e), flagged.
//   C4: the round contact (midpoint rule), margin test.
// Polygon (steps P1–P6; a capsule is a rounded two-vertex polygon, cores.h):
//   P1: corner parameters: convex1 = cross(p1 − ghost1, e) > 0, convex2 = cross(e, ghost2 − p2)
//       > 0; the neighbour normals n0, n2 and the segment normal n1 (all right perps).
//   P2: one-sided test: B's centroid strictly behind n1 and behind every convex neighbour → none.
//   P3: exact distance between the segment and B's core and the closest features; beyond
//       rB + margin → none.
//   P4: in front and apart: vertex–vertex → classify the normal (skip: none; admit: one point;
//       snap: B's vertex is incident to the segment face); vertex–edge → classify B's face
//       normal (skip: none; admit: B's face is the reference; snap: that face is incident);
//       edge–vertex → B's vertex is incident to the segment face.
//   P5: otherwise SAT: the segment normal and its convex neighbours against B's vertices, and
//       B's admitted face normals against the segment; a neighbour axis wins → none.
//   P6: the segment face is the reference: incident edge of B next to the incident vertex,
//       most anti-parallel to n1; clip it to the segment (v3 b2ClipSegments), margin filter.
// Feature ids: chain vertex 0 = p1, vertex 1 = p2, face 0 = the segment; B's as usual. The
// clipping ids follow polygon_polygon.cpp (unclipped incident vertex → (reference face,
// vertex); clipped at reference vertex k → (vertex k, incident face)).
// Gaps (DecisionGaps): circle — contact, region (the smallest distance of the centre to the
// line of a region test of C1–C2), normal (|c − closest|); polygon — contact (the core
// distance, or the deepest clipped point), axis (P5: the chosen axis's separation minus the
// best other candidate's), incident (P6: the two faces at the incident vertex), clip (P6: the
// smallest distance along the reference tangent between an incident vertex and a side plane),
// normal (P4's vertex–vertex point: |pointB − pointA|), region (P2–P4, every polygon result:
// the smallest of the centroid's distance from turning the one-sided test, and for cores
// apart the centroid's distance to the segment's line (P4 or P5), the core distance itself,
// the closest pair's distance below the nearest other candidate's and the distance of its
// deciding point to the lines on which a candidate appears — see closestChoiceGap; P5 with a
// convex neighbour: the best neighbour axis's separation against the best other's, which
// decides whether the neighbour owns B).
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "cores.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

FeatureId idOf(FeatureType typeA, int indexA, FeatureType typeB, int indexB) {
  return {typeA, static_cast<std::uint8_t>(indexA), typeB, static_cast<std::uint8_t>(indexB)};
}

/// Step P1: the corner parameters (v3 b2ChainSegmentParams), unnormalised.
struct ChainParams {
  ExactVec2 edge1;
  ExactVec2 normal0;
  ExactVec2 normal1;
  ExactVec2 normal2;
  bool convex1;
  bool convex2;
};

ChainParams paramsOf(const WorldChain& c) {
  const ExactVec2 edge0 = c.p1 - c.ghost1;
  const ExactVec2 edge1 = c.p2 - c.p1;
  const ExactVec2 edge2 = c.ghost2 - c.p2;
  return {edge1,
          rightPerp(edge0),
          rightPerp(edge1),
          rightPerp(edge2),
          sign(cross(edge0, edge1)) > 0,
          sign(cross(edge1, edge2)) > 0};
}

enum class NormalType { skip, admit, snap };

/// The Gauss-map classification of a candidate normal (from the chain toward B).
NormalType classify(const ChainParams& p, const ExactVec2& normal) {
  if (sign(dot(normal, p.edge1)) <= 0) {
    if (!p.convex1) return NormalType::snap;
    return sign(cross(normal, p.normal0)) > 0 ? NormalType::skip : NormalType::admit;
  }
  if (!p.convex2) return NormalType::snap;
  return sign(cross(p.normal2, normal)) > 0 ? NormalType::skip : NormalType::admit;
}

/// Step P2: B's area centroid (the midpoint for a two-vertex polygon).
ExactVec2 centroidOf(const WorldPolygon& b) {
  const ExactVec2& o = b.vertices[0];
  if (b.count == 2) return Rational(1, 2) * (o + b.vertices[1]);
  Rational area2 = 0;
  ExactVec2 sum{0, 0};
  for (int i = 1; i + 1 < b.count; ++i) {
    const ExactVec2 u = b.vertices[i] - o;
    const ExactVec2 w = b.vertices[i + 1] - o;
    const Rational c = cross(u, w);
    area2 += c;
    sum = sum + c * (u + w);
  }
  return o + (1 / (3 * area2)) * sum;
}

/// The fraction t ∈ [0, 1] of the point of segment a→b closest to x.
Rational closestFraction(const ExactVec2& x, const ExactVec2& a, const ExactVec2& b) {
  const ExactVec2 e = b - a;
  const Rational t = dot(x - a, e) / dot(e, e);
  if (t < 0) return Rational(0);
  if (t > 1) return Rational(1);
  return t;
}

/// Step P3: closest features of the segment and B's core.
struct ClosestFeatures {
  enum class Kind { vertexVertex, vertexEdge, edgeVertex } kind = Kind::vertexVertex;
  Rational distSq;
  int chainVertex = 0;  ///< vertexVertex, vertexEdge
  int polyIndex = 0;    ///< B's vertex (vertexVertex, edgeVertex) or face (vertexEdge)
  ExactVec2 pointA;
  ExactVec2 pointB;
};

/// True when the segment meets B (a proper crossing of an edge, or p1 strictly inside B); the
/// touching cases are caught by a zero candidate distance.
bool crosses(const WorldChain& a, const WorldPolygon& b) {
  bool inside = b.count >= 3;
  for (int k = 0; k < b.count; ++k) {
    const ExactVec2& v = b.vertices[k];
    const ExactVec2& w = b.vertices[nextIndex(k, b.count)];
    const int s1 = sign(cross(w - v, a.p1 - v));
    const int s2 = sign(cross(w - v, a.p2 - v));
    const int s3 = sign(cross(a.p2 - a.p1, v - a.p1));
    const int s4 = sign(cross(a.p2 - a.p1, w - a.p1));
    if (s1 * s2 < 0 && s3 * s4 < 0) return true;
    inside = inside && s1 > 0;
  }
  return inside;
}

ClosestFeatures closestFeatures(const WorldChain& a, const WorldPolygon& b,
                                std::vector<ClosestFeatures>& candidates) {
  using Kind = ClosestFeatures::Kind;
  const ExactVec2 ends[2] = {a.p1, a.p2};
  std::optional<ClosestFeatures> best[3];  // by kind: the first (lowest indices) minimiser
  Rational minimum = -1;
  const auto offer = [&](Kind kind, int i, int j, const ExactVec2& pa, const ExactVec2& pb) {
    const ExactVec2 d = pb - pa;
    const Rational distSq = dot(d, d);
    if (minimum < 0 || distSq < minimum) minimum = distSq;
    candidates.push_back(ClosestFeatures{kind, distSq, i, j, pa, pb});
    auto& slot = best[static_cast<int>(kind)];
    if (!slot || distSq < slot->distSq) slot = candidates.back();
  };
  for (int j = 0; j < b.count; ++j) {
    const ExactVec2& v = b.vertices[j];
    const Rational t = closestFraction(v, a.p1, a.p2);
    const ExactVec2 pa = a.p1 + t * (a.p2 - a.p1);
    if (sign(t) > 0 && t < 1) offer(Kind::edgeVertex, 0, j, pa, v);
    for (int i = 0; i < 2; ++i)
      offer(Kind::vertexVertex, i, j, ends[i], v);
  }
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < b.count; ++k) {
      const ExactVec2& v = b.vertices[k];
      const ExactVec2& w = b.vertices[nextIndex(k, b.count)];
      const Rational t = closestFraction(ends[i], v, w);
      const ExactVec2 pb = v + t * (w - v);
      // The face must look at the segment (a two-vertex polygon has two faces on one core);
      // an end lying on the face (distance 0) counts: the segment may lie along the face.
      if (sign(t) > 0 && t < 1 && sign(dot(rightPerp(w - v), ends[i] - pb)) >= 0) {
        offer(Kind::vertexEdge, i, k, ends[i], pb);
      }
    }
  }
  // Preference among minimisers: edge–vertex, then vertex–edge (parallel edges), then corners.
  for (Kind kind : {Kind::edgeVertex, Kind::vertexEdge, Kind::vertexVertex}) {
    const auto& slot = best[static_cast<int>(kind)];
    if (slot && slot->distSq == minimum) return *slot;
  }
  return *best[static_cast<int>(Kind::vertexVertex)];
}

/// The distance √(distSq) as an exact single-radical form.
SqrtForm distanceOf(const Rational& distSq) {
  return SqrtForm{Rational(0), Rational(1), distSq};
}

/// DecisionGaps::region for step P3's choice of closest features (cores apart): the smallest
/// of (1) the distance between the cores itself (step P4 needs it strictly positive),
/// (2) the chosen pair's distance subtracted from the nearest other candidate's (the choice
/// flips when their order does; 0 at a tie broken by the preference), and (3) the distance of
/// the chosen pair's deciding point to a line on which a candidate of step P3 appears or
/// disappears: the lines through p1 and p2 perpendicular to the segment (an edge–vertex foot
/// at an end) and, for a chain end, the lines through B's vertex perpendicular to its
/// adjacent faces (a vertex–edge foot at a vertex of B).
double closestChoiceGap(const WorldChain& a, const WorldPolygon& b, const ClosestFeatures& chosen,
                        const std::vector<ClosestFeatures>& candidates) {
  using Kind = ClosestFeatures::Kind;
  if (sign(chosen.distSq) == 0) return 0.0;
  double gap = roundNearest(distanceOf(chosen.distSq));
  const ClosestFeatures* runner = nullptr;
  for (const ClosestFeatures& c : candidates) {
    const bool same = c.kind == chosen.kind && c.chainVertex == chosen.chainVertex &&
                      c.polyIndex == chosen.polyIndex;
    if (!same && (!runner || c.distSq < runner->distSq)) runner = &c;
  }
  if (runner) {
    gap =
        std::min(gap, approximateDifference(distanceOf(runner->distSq), distanceOf(chosen.distSq)));
  }
  MinDistance lines;
  const ExactVec2 e = a.p2 - a.p1;
  const ExactVec2& end = chosen.chainVertex == 0 ? a.p1 : a.p2;
  if (chosen.kind != Kind::vertexEdge) {
    // B's vertex against the lines through p1 and p2 perpendicular to the segment.
    const ExactVec2& v = b.vertices[chosen.polyIndex];
    const Rational along = dot(v - a.p1, e);
    lines.offer(along, dot(e, e));
    lines.offer(Rational(dot(e, e) - along), dot(e, e));
  }
  if (chosen.kind == Kind::vertexVertex) {
    // The chain end against the lines through B's vertex perpendicular to its two faces.
    const int j = chosen.polyIndex;
    const ExactVec2& v = b.vertices[j];
    for (const int k : {j, j > 0 ? j - 1 : b.count - 1}) {
      const ExactVec2 f = b.vertices[nextIndex(k, b.count)] - b.vertices[k];
      lines.offer(dot(end - v, f), dot(f, f));
    }
  }
  if (chosen.kind == Kind::vertexEdge) {
    // The chain end against the lines through the face's ends perpendicular to it.
    const int k = chosen.polyIndex;
    const ExactVec2& v = b.vertices[k];
    const ExactVec2 f = b.vertices[nextIndex(k, b.count)] - v;
    const Rational along = dot(end - v, f);
    lines.offer(along, dot(f, f));
    lines.offer(Rational(dot(f, f) - along), dot(f, f));
  }
  const std::optional<double> line = lines.rounded();
  return line ? std::min(gap, *line) : gap;
}

/// DecisionGaps::region for step P2 (and the choice between steps P4 and P5, which asks
/// whether the centroid is behind the segment's line): the centroid's distances to the lines
/// of the one-sided test. Behind every tested line, crossing the nearest one turns the test:
/// the smallest distance. Otherwise every line it is not behind must be crossed: the largest
/// of those distances (0 when the centroid lies on one of them).
struct SideLine {
  Rational w;  ///< dot(normal, centroid − origin): the side, unnormalised
  Rational g;  ///< normal · normal
};

std::optional<double> oneSidedGap(const std::vector<SideLine>& lines, bool behind) {
  if (behind) {
    MinDistance nearest;
    for (const SideLine& l : lines)
      nearest.offer(l.w, l.g);
    return nearest.rounded();
  }
  const SideLine* farthest = nullptr;
  for (const SideLine& l : lines) {
    if (sign(l.w) < 0) continue;
    if (!farthest || compareQuotients(l.w, l.g, farthest->w, farthest->g) > 0) farthest = &l;
  }
  if (!farthest) return std::nullopt;
  return roundNearest(quotient(farthest->w, farthest->g));
}

/// One clipping (v3 b2ClipSegments): the incident segment b1→b2 runs against the reference
/// tangent a2 − a1; ids in the (reference, incident) roles.
struct ClipInput {
  ExactVec2 a1, a2, m;  ///< reference face and its outward normal direction
  int refFace, refV1, refV2;
  Rational rRef;
  ExactVec2 b1, b2;
  int incFace, incV1, incV2;
  Rational rInc;
};

Manifold clipSegments(const ClipInput& in, const Rational& margin) {
  const ExactVec2 e = in.a2 - in.a1;
  const Rational upper1 = dot(e, e);
  const Rational upper2 = dot(in.b1 - in.a1, e);
  const Rational lower2 = dot(in.b2 - in.a1, e);
  Manifold m;
  if (upper2 < 0 || upper1 < lower2) return m;
  ExactVec2 x[2] = {in.b2, in.b1};
  FeatureId id[2] = {idOf(FeatureType::face, in.refFace, FeatureType::vertex, in.incV2),
                     idOf(FeatureType::face, in.refFace, FeatureType::vertex, in.incV1)};
  // DecisionGaps::clip: the smallest distance along the tangent between an incident vertex
  // and a side plane (the lines through a1 and a2 perpendicular to the face).
  MinDistance clip;
  for (const Rational& t : {upper2, lower2}) {
    clip.offer(t, upper1);
    clip.offer(Rational(upper1 - t), upper1);
  }
  m.gaps.clip = clip.rounded();
  if (lower2 < 0 && upper2 > lower2) {
    x[0] = in.b2 + ((0 - lower2) / (upper2 - lower2)) * (in.b1 - in.b2);
    id[0] = idOf(FeatureType::vertex, in.refV1, FeatureType::face, in.incFace);
  }
  if (upper2 > upper1 && upper2 > lower2) {
    x[1] = in.b2 + ((upper1 - lower2) / (upper2 - lower2)) * (in.b1 - in.b2);
    id[1] = idOf(FeatureType::vertex, in.refV2, FeatureType::face, in.incFace);
  }
  std::optional<SqrtForm> deepest;
  for (int k = 0; k < 2; ++k) {
    const ExactContact c = faceContact(in.a1, in.m, in.rRef, x[k], in.rInc);
    if (!deepest || compare(c.separation, *deepest) < 0) deepest = c.separation;
    if (!withinMargin(c.separation, margin)) continue;
    if (m.pointCount == 0) m.normal = roundNearest(c.normal);
    m.points[m.pointCount++] = roundPoint(c, id[k]);
  }
  if (m.pointCount > 0) m.status = Status::contact;
  m.gaps.contact = contactGap(*deepest, margin);
  return m;
}

/// The state shared by steps P4–P6.
struct ChainQuery {
  const WorldChain& a;
  const WorldPolygon& b;
  ChainParams params;
  ExactVec2 n0;  ///< convex1 ? normal0 : normal1 (v3's snapped neighbour normals)
  ExactVec2 n2;
  const Rational& margin;
};

/// B's face k as the reference (v3: "neighbor is incident" → none), then clipping. The
/// neighbour is incident when its normal is more anti-parallel to B's face normal n than the
/// segment's own: DecisionGaps::incident is the difference of the two alignments
/// dot(·, n)/(|·|·|n|), either way (at a corner whose two normals make the same angle with n,
/// a ghost a subnormal off that symmetry decides it).
Manifold polygonReference(const ChainQuery& q, int k) {
  const ExactVec2& a1 = q.b.vertices[k];
  const int k2 = nextIndex(k, q.b.count);
  const ExactVec2 n = rightPerp(q.b.vertices[k2] - a1);
  const ExactVec2& neighbour = dot(n, q.a.p1 - a1) < dot(n, q.a.p2 - a1) ? q.n0 : q.n2;
  const ExactVec2& n1 = q.params.normal1;
  const Rational gn = dot(n, n);
  const double gap = std::fabs(
      approximateDifference(quotient(dot(neighbour, n), Rational(dot(neighbour, neighbour) * gn)),
                            quotient(dot(n1, n), Rational(dot(n1, n1) * gn))));
  Manifold m;
  if (compareQuotients(dot(neighbour, n), dot(neighbour, neighbour), dot(n1, n), dot(n1, n1)) >=
      0) {
    const ClipInput in{a1, q.b.vertices[k2], n, k, k, k2, q.b.radius, q.a.p1, q.a.p2, 0, 0, 1, 0};
    m = swapRoles(clipSegments(in, q.margin));
  }
  m.gaps.incident = gap;
  return m;
}

/// Step P6: B's incident edge and DecisionGaps::incident, the difference of the two
/// candidates' alignments dot(n1, m)/(|n1|·|m|) (empty when the edge was given by step P4).
struct Incident {
  int edge = 0;
  std::optional<double> gap;
};

/// Step P6: the segment face is the reference; B's incident edge is (ib1, ib1 + 1).
Manifold segmentReference(const ChainQuery& q, const Incident& incident) {
  const int ib1 = incident.edge;
  const int ib2 = nextIndex(ib1, q.b.count);
  const ClipInput in{
      q.a.p1, q.a.p2, q.params.normal1, 0, 0, 1, 0, q.b.vertices[ib1], q.b.vertices[ib2], ib1,
      ib1,    ib2,    q.b.radius};
  Manifold m = clipSegments(in, q.margin);
  m.gaps.incident = incident.gap;
  return m;
}

/// Step P6: of the two faces of B at vertex i2, the one most anti-parallel to n1 (tie → i2).
Incident incidentEdgeAt(const ChainQuery& q, int i2) {
  const int i1 = i2 > 0 ? i2 - 1 : q.b.count - 1;
  const Face f1 = faceOf(q.b, i1);
  const Face f2 = faceOf(q.b, i2);
  const ExactVec2& n1 = q.params.normal1;
  const Rational g1 = dot(n1, n1);
  const SqrtForm align1 = quotient(dot(n1, f1.m), Rational(g1 * f1.g));
  const SqrtForm align2 = quotient(dot(n1, f2.m), Rational(g1 * f2.g));
  const bool first = compareQuotients(dot(n1, f1.m), f1.g, dot(n1, f2.m), f2.g) < 0;
  return {first ? i1 : i2,
          first ? approximateDifference(align2, align1) : approximateDifference(align1, align2)};
}

/// Step P5: SAT. Returns the manifold when decided, or the incident vertex for step P6.
struct SatResult {
  std::optional<Manifold> decided;
  int incidentVertex = -1;
  std::optional<double> axisGap;  ///< DecisionGaps::axis
  /// DecisionGaps::region: whether a convex neighbour owns B (no contact) is decided by the
  /// best neighbour axis against the best of the others; their difference, when there is a
  /// convex neighbour.
  std::optional<double> ownershipGap;
};

/// The ownership gap of step P5: |best neighbour separation − best other separation| over the
/// candidates `separations` (the neighbours at `neighbourSlots`).
std::optional<double> ownershipGapOf(const std::vector<SqrtForm>& separations,
                                     const std::vector<std::size_t>& neighbourSlots) {
  const SqrtForm* neighbour = nullptr;
  const SqrtForm* other = nullptr;
  for (std::size_t i = 0; i < separations.size(); ++i) {
    const bool isNeighbour =
        std::find(neighbourSlots.begin(), neighbourSlots.end(), i) != neighbourSlots.end();
    const SqrtForm*& best = isNeighbour ? neighbour : other;
    if (!best || compare(separations[i], *best) > 0) best = &separations[i];
  }
  if (!neighbour || !other) return std::nullopt;
  return std::fabs(approximateDifference(*neighbour, *other));
}

/// DecisionGaps::axis for step P5: the chosen axis's separation minus the best other's.
std::optional<double> axisGapOf(const std::vector<SqrtForm>& separations, std::size_t chosen) {
  const SqrtForm* runner = nullptr;
  for (std::size_t i = 0; i < separations.size(); ++i) {
    if (i != chosen && (!runner || compare(separations[i], *runner) > 0)) {
      runner = &separations[i];
    }
  }
  if (!runner) return std::nullopt;
  return approximateDifference(separations[chosen], *runner);
}

/// min over B's vertices of dot(m, v − origin) (tie → lower index).
std::pair<Rational, int> minProjection(const WorldPolygon& b, const ExactVec2& m,
                                       const ExactVec2& origin) {
  std::pair<Rational, int> best{dot(m, b.vertices[0] - origin), 0};
  for (int i = 1; i < b.count; ++i) {
    const Rational w = dot(m, b.vertices[i] - origin);
    if (w < best.first) best = {w, i};
  }
  return best;
}

SatResult satStep(const ChainQuery& q) {
  const ChainParams& p = q.params;
  // Plain variables, not a structured binding: the lambda below updates them, and C++20
  // compilers before clang 16 refuse to capture structured bindings.
  const std::pair<Rational, int> edge = minProjection(q.b, p.normal1, q.a.p1);
  Rational wEdge = edge.first;
  int incident = edge.second;
  Rational gEdge = dot(p.normal1, p.normal1);
  std::vector<SqrtForm> separations{quotient(wEdge, gEdge)};  // every candidate, for the gap
  std::size_t edgeSlot = 0;
  std::vector<std::size_t> neighbourSlots;
  // The convex neighbours' axes (v3: "neighbor owns edge separation").
  const auto neighbour = [&](bool convex, const ExactVec2& n, const ExactVec2& origin) {
    if (!convex) return;
    const Rational w = minProjection(q.b, n, origin).first;
    separations.push_back(quotient(w, dot(n, n)));
    neighbourSlots.push_back(separations.size() - 1);
    if (compareQuotients(w, dot(n, n), wEdge, gEdge) > 0) {
      wEdge = w;
      gEdge = dot(n, n);
      incident = -1;
      edgeSlot = separations.size() - 1;
    }
  };
  neighbour(p.convex1, p.normal0, q.a.p1);
  neighbour(p.convex2, p.normal2, q.a.p2);
  // B's admitted faces against the segment's two endpoints.
  int reference = -1;
  std::size_t polySlot = 0;
  Rational wPoly;
  Rational gPoly;
  for (int i = 0; i < q.b.count; ++i) {
    const Face f = faceOf(q.b, i);
    if (classify(p, -1 * f.m) != NormalType::admit) continue;
    const Rational w1 = dot(f.m, q.a.p1 - f.v1);
    const Rational w2 = dot(f.m, q.a.p2 - f.v1);
    const Rational w = w1 < w2 ? w1 : w2;
    separations.push_back(quotient(w, f.g));
    if (reference < 0 || compareQuotients(w, f.g, wPoly, gPoly) > 0) {
      polySlot = separations.size() - 1;
      reference = i;
      wPoly = w;
      gPoly = f.g;
    }
  }
  const std::optional<double> ownership = ownershipGapOf(separations, neighbourSlots);
  if (reference >= 0 && compareQuotients(wPoly, gPoly, wEdge, gEdge) > 0) {
    return {polygonReference(q, reference), -1, axisGapOf(separations, polySlot), ownership};
  }
  const std::optional<double> gap = axisGapOf(separations, edgeSlot);
  if (incident < 0) return {Manifold{}, -1, gap, ownership};
  return {std::nullopt, incident, gap, ownership};
}

/// Step P4 (gap): the distance of B's closest vertex to the border of a convex corner's
/// normal cone that classify() tested — the line through the chain's vertex along the
/// neighbour's normal (skip on one side, admit on the other); empty at a concave or flat
/// corner (snap, no cone). `normal` = pointB − pointA.
std::optional<double> coneGap(const ChainParams& p, const ExactVec2& normal) {
  const bool first = sign(dot(normal, p.edge1)) <= 0;
  if (first ? !p.convex1 : !p.convex2) return std::nullopt;
  const ExactVec2& n = first ? p.normal0 : p.normal2;
  MinDistance line;
  line.offer(cross(normal, n), dot(n, n));
  return line.rounded();
}

/// m with DecisionGaps::region lowered to `gap` when that is smaller.
Manifold withRegion(Manifold m, const std::optional<double>& gap) {
  if (gap && (!m.gaps.region || *gap < *m.gaps.region)) m.gaps.region = gap;
  return m;
}

/// Step P4: in front and apart — classify the closest features' normal.
Manifold classifyClosest(const ChainQuery& q, const ClosestFeatures& closest,
                         const Manifold& none) {
  using Kind = ClosestFeatures::Kind;
  if (closest.kind == Kind::vertexEdge) {
    const Face f = faceOf(q.b, closest.polyIndex);
    const NormalType type = classify(q.params, -1 * f.m);
    if (type == NormalType::skip) return none;
    if (type == NormalType::admit) return polygonReference(q, closest.polyIndex);
    return segmentReference(q, Incident{closest.polyIndex, std::nullopt});
  }
  if (closest.kind == Kind::vertexVertex) {
    const ExactVec2 normal = closest.pointB - closest.pointA;
    const NormalType type = classify(q.params, normal);
    const std::optional<double> cone = coneGap(q.params, normal);
    if (type == NormalType::skip) return withRegion(none, cone);
    if (type == NormalType::admit) {
      // The normal is normalised from pointB − pointA (DecisionGaps::normal: its length).
      const ExactContact c = roundContact(closest.pointA, 0, closest.pointB, q.b.radius, normal);
      Manifold m = none;
      if (withinMargin(c.separation, q.margin)) {
        m = singlePointManifold(c, idOf(FeatureType::vertex, closest.chainVertex,
                                        FeatureType::vertex, closest.polyIndex));
      }
      m.gaps.contact = contactGap(c.separation, q.margin);
      m.gaps.normal = lengthGap(normal);
      return withRegion(m, cone);
    }
    return withRegion(segmentReference(q, incidentEdgeAt(q, closest.polyIndex)), cone);
  }
  return segmentReference(q, incidentEdgeAt(q, closest.polyIndex));
}

/// Steps P5–P6: SAT, then the segment face as the reference.
Manifold satAndClip(const ChainQuery& q) {
  const SatResult sat = satStep(q);
  Manifold m =
      sat.decided ? *sat.decided : segmentReference(q, incidentEdgeAt(q, sat.incidentVertex));
  m.gaps.axis = sat.axisGap;
  if (sat.ownershipGap && (!m.gaps.region || *sat.ownershipGap < *m.gaps.region)) {
    m.gaps.region = sat.ownershipGap;
  }
  return m;
}

}  // namespace

WorldChain toWorldExact(const ChainSegment& chain, const Transform& xf) {
  return {toWorldExact(xf, chain.ghost1), toWorldExact(xf, chain.p1), toWorldExact(xf, chain.p2),
          toWorldExact(xf, chain.ghost2)};
}

Manifold collideWorldChainAndPolygon(const WorldChain& a, const WorldPolygon& b,
                                     const Rational& margin) {
  // Step P1: corner parameters.
  const ChainParams params = paramsOf(a);
  const ExactVec2& n0 = params.convex1 ? params.normal0 : params.normal1;
  const ExactVec2& n2 = params.convex2 ? params.normal2 : params.normal1;
  const ChainQuery q{a, b, params, n0, n2, margin};
  // Step P2: one-sided.
  const ExactVec2 centroid = centroidOf(b);
  const SideLine side1{dot(params.normal1, centroid - a.p1), dot(params.normal1, params.normal1)};
  const bool behind1 = sign(side1.w) < 0;
  std::vector<SideLine> sideLines{side1};
  const auto behindNeighbour = [&](bool convex, const ExactVec2& n, const ExactVec2& origin) {
    if (!convex) return true;
    sideLines.push_back({dot(n, centroid - origin), dot(n, n)});
    return sign(sideLines.back().w) < 0;
  };
  const bool behind0 = behindNeighbour(params.convex1, params.normal0, a.p1);
  const bool behind2 = behindNeighbour(params.convex2, params.normal2, a.p2);
  const bool behind = behind1 && behind0 && behind2;
  Manifold none;
  none.gaps.region = oneSidedGap(sideLines, behind);
  if (behind) return none;
  // Step P3: distance between the cores; beyond the margin → none.
  const bool touching = crosses(a, b);
  std::vector<ClosestFeatures> candidates;
  const ClosestFeatures closest = touching ? ClosestFeatures{} : closestFeatures(a, b, candidates);
  const Rational distSq = touching ? Rational(0) : closest.distSq;
  const SqrtForm separation{-b.radius, 1, distSq};
  none.gaps.contact = contactGap(separation, margin);
  if (!touching) {
    // Cores apart: the choice of step P4 or P5 (the centroid behind the segment's line, a
    // positive distance) and step P3's closest features are decisions too.
    MinDistance routing;
    routing.offer(side1.w, side1.g);
    double gap = std::min(*routing.rounded(), closestChoiceGap(a, b, closest, candidates));
    if (none.gaps.region) gap = std::min(gap, *none.gaps.region);
    none.gaps.region = gap;
  }
  if (!withinMargin(separation, margin)) return none;

  // Steps P4–P6; a result without its own contact gap keeps the core distance's when the
  // cores are apart (touching cores have no distance to report).
  Manifold m = sign(distSq) > 0 && !behind1 ? classifyClosest(q, closest, none) : satAndClip(q);
  if (!m.gaps.contact && sign(distSq) > 0) m.gaps.contact = none.gaps.contact;
  if (none.gaps.region && (!m.gaps.region || *none.gaps.region < *m.gaps.region)) {
    m.gaps.region = none.gaps.region;
  }
  return m;
}

Manifold collideChainSegmentAndPolygon(const ChainSegment& a, const Transform& xfA,
                                       const Polygon& b, const Transform& xfB,
                                       const Options& options) {
  return collideWorldChainAndPolygon(toWorldExact(a, xfA), toWorldExact(b, xfB),
                                     liftExact(options.margin));
}

Manifold collideChainSegmentAndCapsule(const ChainSegment& a, const Transform& xfA,
                                       const Capsule& b, const Transform& xfB,
                                       const Options& options) {
  const WorldCapsule capsule = toWorldExact(b, xfB);
  if (isPoint(capsule)) {
    return collideChainSegmentAndCircle(a, xfA, Circle{b.p1, b.radius}, xfB, options);
  }
  return collideWorldChainAndPolygon(toWorldExact(a, xfA), asPolygon(capsule),
                                     liftExact(options.margin));
}

Manifold collideChainSegmentAndCircle(const ChainSegment& a, const Transform& xfA, const Circle& b,
                                      const Transform& xfB, const Options& options) {
  // Step C1: world frame; behind the segment → no contact.
  const WorldChain chain = toWorldExact(a, xfA);
  const ExactVec2 c = toWorldExact(xfB, b.center);
  const ExactVec2 e = chain.p2 - chain.p1;
  const Rational offset = dot(rightPerp(e), c - chain.p1);
  // Step C2 (tests): the region tests u, v and the ownership of the corner regions.
  const Rational u = dot(e, chain.p2 - c);
  const Rational v = dot(e, c - chain.p1);
  const ExactVec2 edge0 = chain.p1 - chain.ghost1;
  const ExactVec2 edge2 = chain.ghost2 - chain.p2;
  const Rational own1 = dot(edge0, c - chain.p1);
  const Rational own2 = dot(edge2, c - chain.p2);
  // DecisionGaps::region: the smallest distance of the centre to the line of a test that
  // decided its region — the segment's line (C1), the lines through p1 and p2 perpendicular to
  // it, and in a corner region that corner's ownership line (a lower bound of the distance to
  // the region's boundary; 0 on a line).
  MinDistance nearest;
  nearest.offer(offset, dot(e, e));
  nearest.offer(u, dot(e, e));
  nearest.offer(v, dot(e, e));
  if (sign(v) <= 0) nearest.offer(own1, dot(edge0, edge0));
  if (sign(v) > 0 && sign(u) <= 0) nearest.offer(own2, dot(edge2, edge2));
  Manifold none;
  none.gaps.region = nearest.rounded();
  // Step C1: behind the segment → no contact.
  if (sign(offset) < 0) return none;
  // Step C2: regions, with the ghost vertices' ownership of the corner regions.
  ExactVec2 closest;
  FeatureId id = idOf(FeatureType::face, 0, FeatureType::vertex, 0);
  if (sign(v) <= 0) {
    if (sign(own1) <= 0) return none;
    closest = chain.p1;
    id = idOf(FeatureType::vertex, 0, FeatureType::vertex, 0);
  } else if (sign(u) <= 0) {
    if (sign(own2) > 0) return none;
    closest = chain.p2;
    id = idOf(FeatureType::vertex, 1, FeatureType::vertex, 0);
  } else {
    closest = chain.p1 + (v / dot(e, e)) * e;
  }
  // Step C3: the normal, or the front normal for a centre on the segment.
  ExactVec2 direction = c - closest;
  const bool degenerate = sign(dot(direction, direction)) == 0;
  if (degenerate) direction = rightPerp(e);
  // Step C4: round contact and margin.
  const Rational margin = liftExact(options.margin);
  const ExactContact contact = roundContact(closest, 0, c, liftExact(b.radius), direction);
  Manifold m;
  if (withinMargin(contact.separation, margin)) {
    m = singlePointManifold(contact, id);
    if (degenerate) m.flags |= kFlagDegenerateNormal;
  }
  m.gaps.contact = contactGap(contact.separation, margin);
  m.gaps.region = none.gaps.region;
  m.gaps.normal = lengthGap(c - closest);
  return m;
}

}  // namespace touche::reference
