// touche reference — polygon A vs polygon B (both possibly rounded).
//
// Derivation, stage by stage (source 000's stages are the code's stages, source 002's
// b2CollidePolygons supplies the ids, Box2D v3's b2CollidePolygons / b2ClipPolygons the
// clipping-to-extent and the vertex–vertex rule):
//   Step 1: both polygons into the world frame, exactly. Either may be a rounded two-vertex
//           polygon (a capsule or a segment, cores.h): every step below holds for it too.
//   Step 2: SAT both ways — source 000's getAxisLeastPenetration, source 002's
//           b2FindMaxSeparation / b2EdgeSeparation, but by brute force over every face (no
//           hill climbing): the separation of face i of P is min over Q's vertices of
//           dot(q − p_i, m_i)/|m_i|.
//   Step 3: the reference face is B's only if sepB > sepA exactly (tie → A, then the lower
//           index); beyond the margin → no contact.
//   Step 4: the incident edge — source 002's b2FindIncidentEdge: the edge of the other polygon
//           whose unit normal is most anti-parallel to the reference normal (tie → lower).
//   Step 5: if the cores are strictly apart (separation > 0) and the closest points of the
//           reference and incident edges are an endpoint of each, one vertex–vertex point.
//   Step 6: otherwise clip the incident edge to the reference edge's extent along its tangent
//           (no radius extension, v3 b2ClipPolygons; source 000's clipEdge side planes) and
//           keep the points whose separation is within the margin (source 000's third clip,
//           source 002's `separation <= totalRadius`).
//
// Source mistakes (collected in docs/errata.md):
//  - source 000 returns no manifold when a SAT distance is ≥ 0, so boxes touching exactly
//    (half-extents 1, centres (0,0) and (2,0)) are "not colliding".
//  - source 000 clips against the reference face keeping points with projection ≥ 0 and then
//    requires 2 points, so a single-point contact is lost: A = box half-extents (2, 0.5) at
//    the origin, B = box half-extents 0.5 at (0, 0.95) rotated by 0.3 rad — one corner of B is
//    0.175 deep inside A, source 000 reports no contact.
//  - source 000 reports one penetration (−bestDistance) for every point instead of each
//    point's own separation (tilted boxes: the two corners have different depths).
//  - source 002's b2FindMaxSeparation hill-climbs from the face facing B's centroid and stops
//    when neither neighbour is strictly better, so a plateau of equal separations hides the
//    maximum: A = (−1,0), (0,−1), (4,3), (0,1) and B = (−3,−3), (4,0), (−3,4), identity
//    transforms. A's faces separate by −5/√2, −4√2, −6/√5, −5/√2; the climb starts at face 0,
//    sees face 3 equal and face 1 lower, and returns −3.536 instead of face 2's −2.683, so
//    B's face 0 (−2.757) becomes the reference face: a deeper, wrong axis. touche scans every
//    face (as Box2D itself does since 2.3).
//  - source 000 breaks an exact SAT tie toward B (`axisAB.distance > axisBA.distance`, else
//    B); touche prefers A (a convention, documented).
#include <optional>
#include <utility>

#include "construct.h"
#include "cores.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

/// Step 2: separation of every face of p against q, as w/√g (raw, radii not included).
std::array<SqrtForm, kMaxPolygonVertices> faceSeparations(const WorldPolygon& p,
                                                          const WorldPolygon& q) {
  std::array<SqrtForm, kMaxPolygonVertices> separations;
  for (int i = 0; i < p.count; ++i) {
    const Face f = faceOf(p, i);
    Rational w = dot(q.vertices[0] - f.v1, f.m);
    for (int j = 1; j < q.count; ++j) {
      const Rational wj = dot(q.vertices[j] - f.v1, f.m);
      if (wj < w) w = wj;
    }
    separations[i] = quotient(w, f.g);
  }
  return separations;
}

/// Index of the largest separation; an exact tie keeps the lower index.
int bestIndex(const std::array<SqrtForm, kMaxPolygonVertices>& separations, int count) {
  int best = 0;
  for (int i = 1; i < count; ++i) {
    if (compare(separations[i], separations[best]) > 0) best = i;
  }
  return best;
}

/// DecisionGaps::axis: the chosen separation minus the best other face of A or B.
double axisGap(const std::array<SqrtForm, kMaxPolygonVertices>& sepsA, int countA,
               const std::array<SqrtForm, kMaxPolygonVertices>& sepsB, int countB, bool chosenOnB,
               int chosen) {
  std::optional<SqrtForm> other;
  const auto consider = [&](const SqrtForm& s) {
    if (!other || compare(s, *other) > 0) other = s;
  };
  for (int i = 0; i < countA; ++i) {
    if (chosenOnB || i != chosen) consider(sepsA[i]);
  }
  for (int i = 0; i < countB; ++i) {
    if (!chosenOnB || i != chosen) consider(sepsB[i]);
  }
  const SqrtForm& best = chosenOnB ? sepsB[chosen] : sepsA[chosen];
  return approximateDifference(best, *other);
}

/// Step 4: the edge of q whose unit normal is most anti-parallel to the reference face's
/// normal: minimise dot(m_ref, m_j)/(|m_ref|·|m_j|) (tie → lower index); the gap is the
/// runner-up's value minus the chosen one.
struct Incident {
  int index = 0;
  double gap = 0.0;
};

Incident findIncidentEdge(const Face& reference, const WorldPolygon& q) {
  std::array<SqrtForm, kMaxPolygonVertices> alignment;
  int best = 0;
  for (int j = 0; j < q.count; ++j) {
    const Face f = faceOf(q, j);
    alignment[j] = quotient(dot(reference.m, f.m), Rational(reference.g * f.g));
    if (j > 0 && compare(alignment[j], alignment[best]) < 0) best = j;
  }
  int runnerUp = best == 0 ? 1 : 0;
  for (int j = 0; j < q.count; ++j) {
    if (j != best && compare(alignment[j], alignment[runnerUp]) < 0) runnerUp = j;
  }
  return {best, approximateDifference(alignment[runnerUp], alignment[best])};
}

/// Step 5: the endpoints (0 or 1 on each edge) that are the unique closest points of the
/// segments p0p1 and q0q1, if the closest points are an endpoint of each. A corner (pi, qj) is
/// a minimiser of the convex |p(s) − q(t)|² iff neither endpoint can move inward and come
/// closer: dot(qj − pi, pOther − pi) ≤ 0 and dot(pi − qj, qOther − qj) ≤ 0. The minimiser is
/// not unique only for parallel edges whose projections overlap over a positive length.
std::optional<std::pair<int, int>> closestEndpoints(const ExactVec2 (&p)[2],
                                                    const ExactVec2 (&q)[2]) {
  const ExactVec2 e = p[1] - p[0];
  if (sign(cross(e, q[1] - q[0])) == 0) {
    const Rational t0 = dot(q[0] - p[0], e);
    const Rational t1 = dot(q[1] - p[0], e);
    const Rational lo = t0 < t1 ? t0 : t1;
    const Rational hi = t0 < t1 ? t1 : t0;
    const Rational ee = dot(e, e);
    if ((hi < ee ? hi : ee) > (lo > 0 ? lo : Rational(0))) return std::nullopt;
  }
  std::optional<std::pair<int, int>> found;
  int corners = 0;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const bool pStays = sign(dot(q[j] - p[i], p[1 - i] - p[i])) <= 0;
      const bool qStays = sign(dot(p[i] - q[j], q[1 - j] - q[j])) <= 0;
      if (pStays && qStays) {
        found = std::make_pair(i, j);
        ++corners;
      }
    }
  }
  return corners == 1 ? found : std::nullopt;
}

/// One clipped point of the incident edge, with its id in the (reference P, incident Q) roles.
struct ClipPoint {
  ExactVec2 x;
  FeatureId id;
};

FeatureId idOf(FeatureType typeP, int indexP, FeatureType typeQ, int indexQ) {
  return {typeP, static_cast<std::uint8_t>(indexP), typeQ, static_cast<std::uint8_t>(indexQ)};
}

/// Step 6: clips incident edge (v21 → v22) of Q to the extent [v11, v12] of P's reference face
/// along its tangent e = v12 − v11 (Box2D v3 b2ClipPolygons). Returns {lower, upper}: the
/// point nearest v11 first. Empty when the projections do not overlap.
std::optional<std::array<ClipPoint, 2>> clipToExtent(const WorldPolygon& p, int i11,
                                                     const WorldPolygon& q, int i21) {
  const int i12 = nextIndex(i11, p.count);
  const int i22 = nextIndex(i21, q.count);
  const ExactVec2& v11 = p.vertices[i11];
  const ExactVec2& v21 = q.vertices[i21];
  const ExactVec2& v22 = q.vertices[i22];
  const ExactVec2 e = p.vertices[i12] - v11;
  // Step 6a: positions along the tangent (scaled by |e|): the incident edge runs against it.
  const Rational lower1 = 0;
  const Rational upper1 = dot(e, e);
  const Rational upper2 = dot(v21 - v11, e);
  const Rational lower2 = dot(v22 - v11, e);
  if (upper2 < lower1 || upper1 < lower2) return std::nullopt;
  // Step 6b: clip each end to the extent; a clipped point lies on incident face i21 and is
  // named after the reference vertex it was clipped at.
  std::array<ClipPoint, 2> points;
  if (lower2 < lower1) {
    const Rational t = (lower1 - lower2) / (upper2 - lower2);
    points[0] = {v22 + t * (v21 - v22), idOf(FeatureType::vertex, i11, FeatureType::face, i21)};
  } else {
    points[0] = {v22, idOf(FeatureType::face, i11, FeatureType::vertex, i22)};
  }
  if (upper2 > upper1) {
    const Rational t = (upper1 - lower2) / (upper2 - lower2);
    points[1] = {v22 + t * (v21 - v22), idOf(FeatureType::vertex, i12, FeatureType::face, i21)};
  } else {
    points[1] = {v21, idOf(FeatureType::face, i11, FeatureType::vertex, i21)};
  }
  return points;
}

/// The roles of one polygon–polygon query after Step 3.
struct Roles {
  const WorldPolygon* reference;
  const WorldPolygon* incident;
  bool flip;  ///< true: the reference face is on B
  int face;   ///< reference face index
  SqrtForm separation;
};

Manifold vertexVertex(const Roles& r, int ip, int iq, const Rational& margin, Manifold m);
Manifold clipManifold(const Roles& r, int incidentEdge, const Rational& margin, Manifold m);

}  // namespace

Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, const Options& options) {
  // Step 1: world frame, exactly.
  return collideWorldPolygons(toWorldExact(a, xfA), toWorldExact(b, xfB),
                              liftExact(options.margin));
}

Manifold collideWorldPolygons(const WorldPolygon& polyA, const WorldPolygon& polyB,
                              const Rational& margin) {
  const Rational totalRadius = polyA.radius + polyB.radius;

  // Step 2: SAT both ways.
  const auto sepsA = faceSeparations(polyA, polyB);
  const auto sepsB = faceSeparations(polyB, polyA);
  const int edgeA = bestIndex(sepsA, polyA.count);
  const int edgeB = bestIndex(sepsB, polyB.count);

  // Step 3: reference face (B only if strictly better), gaps, early out beyond the margin.
  const bool flip = compare(sepsB[edgeB], sepsA[edgeA]) > 0;
  const Roles roles{flip ? &polyB : &polyA, flip ? &polyA : &polyB, flip, flip ? edgeB : edgeA,
                    flip ? sepsB[edgeB] : sepsA[edgeA]};
  Manifold m;
  m.gaps.axis = axisGap(sepsA, polyA.count, sepsB, polyB.count, flip, roles.face);
  const SqrtForm separation{roles.separation.a - totalRadius, roles.separation.b,
                            roles.separation.g};
  m.gaps.contact = contactGap(separation, margin);
  if (!withinMargin(separation, margin)) return m;

  // Step 4: incident edge.
  const Face reference = faceOf(*roles.reference, roles.face);
  const Incident incident = findIncidentEdge(reference, *roles.incident);
  m.gaps.incident = incident.gap;

  // Step 5: strictly separated cores meeting corner to corner → one vertex–vertex point.
  if (sign(roles.separation) > 0) {
    const int i12 = nextIndex(roles.face, roles.reference->count);
    const int i22 = nextIndex(incident.index, roles.incident->count);
    const ExactVec2 refEdge[2] = {reference.v1, roles.reference->vertices[i12]};
    const ExactVec2 incEdge[2] = {roles.incident->vertices[incident.index],
                                  roles.incident->vertices[i22]};
    if (const auto corner = closestEndpoints(refEdge, incEdge)) {
      return vertexVertex(roles, corner->first == 0 ? roles.face : i12,
                          corner->second == 0 ? incident.index : i22, margin, m);
    }
  }

  // Step 6: clip to the reference extent, keep the points within the margin.
  return clipManifold(roles, incident.index, margin, m);
}

namespace {

/// Step 5 (construction): the two vertices act as circles of their polygons' radii; the
/// normal runs from A's vertex to B's vertex whichever polygon holds the reference face.
Manifold vertexVertex(const Roles& r, int ip, int iq, const Rational& margin, Manifold m) {
  const WorldPolygon& polyA = r.flip ? *r.incident : *r.reference;
  const WorldPolygon& polyB = r.flip ? *r.reference : *r.incident;
  const int iA = r.flip ? iq : ip;
  const int iB = r.flip ? ip : iq;
  const ExactVec2& vA = polyA.vertices[iA];
  const ExactVec2& vB = polyB.vertices[iB];
  const ExactContact contact = roundContact(vA, polyA.radius, vB, polyB.radius, vB - vA);
  m.gaps.contact = contactGap(contact.separation, margin);
  if (!withinMargin(contact.separation, margin)) return m;
  const DecisionGaps gaps = m.gaps;
  m = singlePointManifold(contact, idOf(FeatureType::vertex, iA, FeatureType::vertex, iB));
  m.gaps = gaps;
  return m;
}

/// Step 6 (construction): midpoint placement per clipped point, margin filter, A/B roles.
Manifold clipManifold(const Roles& r, int incidentEdge, const Rational& margin, Manifold m) {
  const auto clipped = clipToExtent(*r.reference, r.face, *r.incident, incidentEdge);
  // Projections disjoint: not reached in exact arithmetic for overlapping cores (200 000
  // random pairs, slivers included) nor for separated ones (step 5 takes the corner cases);
  // kept as a defined answer instead of Box2D v3's extrapolation past the incident edge.
  if (!clipped) return m;
  const Face reference = faceOf(*r.reference, r.face);
  std::optional<SqrtForm> closest;
  std::array<ManifoldPoint, 2> kept;
  int count = 0;
  for (int k = 0; k < 2; ++k) {
    // Box2D v3 order: lower then upper when A holds the reference face, reversed otherwise.
    const ClipPoint& c = (*clipped)[r.flip ? 1 - k : k];
    const ExactContact contact =
        faceContact(reference.v1, reference.m, r.reference->radius, c.x, r.incident->radius);
    if (!closest || compare(contact.separation, *closest) < 0) closest = contact.separation;
    if (!withinMargin(contact.separation, margin)) continue;
    kept[count++] = roundPoint(contact, r.flip ? swapped(c.id) : c.id);
  }
  m.gaps.contact = contactGap(*closest, margin);
  if (count == 0) return m;
  m.status = Status::contact;
  const Vec2 normal =
      roundNearest(faceContact(reference.v1, reference.m, 0, reference.v1, 0).normal);
  m.normal = r.flip ? -normal : normal;
  m.pointCount = count;
  m.points = kept;
  return m;
}

}  // namespace
}  // namespace touche::reference
