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
// Gaps (DecisionGaps): axis and incident from steps 3–4; contact from the reference separation
// or the deepest clipped point; region (step 5, strictly separated cores only): the smallest
// distance of an edge endpoint to a line through an endpoint of the other edge perpendicular
// to that edge — each corner test of step 5 is the side of such a line; normal (step 5's
// point): |vB − vA|; clip (step 6): the smallest distance along the reference tangent between
// an incident vertex and a side plane, kept and clipped vertices alike.
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
#include <atomic>
#include <optional>
#include <utility>

#include "construct.h"
#include "cores.h"
#include "interval.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

// Steps 2–4 decide indices only, and are written once for any number type N: Rational
// (exact) or Interval (interval.h; a sign it cannot decide throws Uncertain and the exact
// rationals decide instead). A separation along an unnormalised face direction m is w/√g with
// g = m·m, kept as the pair (w, g); two of them compare by signs and squares.

/// The exact minimum for rationals; the enclosure of the minimum for intervals.
inline Rational minOf(const Rational& a, const Rational& b) {
  return b < a ? b : a;
}

/// Three-way comparison of w1/√g1 and w2/√g2 (g > 0) by signs and squares, for any N.
template <class N>
int compareQuotientsOf(const N& w1, const N& g1, const N& w2, const N& g2) {
  const int s1 = sign(w1);
  const int s2 = sign(w2);
  if (s1 != s2) return s1 > s2 ? 1 : -1;
  if (s1 == 0) return 0;
  const int magnitude = sign(N(w1 * w1 * g2 - w2 * w2 * g1));
  return s1 > 0 ? magnitude : -magnitude;
}

/// The decisions of steps 2–4 and the runner-ups whose exact values the gaps report.
struct SatDecision {
  bool flip = false;       ///< the reference face is on B
  int face = 0;            ///< reference face index
  bool runnerOnB = false;  ///< the best other face (DecisionGaps::axis) is on B
  int runner = 0;
  int incident = 0;  ///< incident edge on the other polygon
  int incidentRunner = 0;
};

/// Steps 2–4 over polygons given as vertex arrays of V (ExactVec2 or IntervalVec2).
template <class V>
SatDecision decide(const std::array<V, kMaxPolygonVertices>& a, int countA,
                   const std::array<V, kMaxPolygonVertices>& b, int countB) {
  using N = decltype(V{}.x);
  struct Sep {
    N w;
    N g;
  };
  // Step 2: separation of face i of p: min over q's vertices of dot(q − p_i, m_i), over √g_i.
  const auto separations = [](const auto& p, int pCount, const auto& q, int qCount) {
    std::array<Sep, kMaxPolygonVertices> seps;
    for (int i = 0; i < pCount; ++i) {
      const V m = rightPerp(p[nextIndex(i, pCount)] - p[i]);
      N w = dot(q[0] - p[i], m);
      for (int j = 1; j < qCount; ++j)
        w = minOf(w, N(dot(q[j] - p[i], m)));
      seps[i] = Sep{w, dot(m, m)};
    }
    return seps;
  };
  const auto greater = [](const Sep& x, const Sep& y) {
    return compareQuotientsOf(x.w, x.g, y.w, y.g) > 0;
  };
  const auto sepsA = separations(a, countA, b, countB);
  const auto sepsB = separations(b, countB, a, countA);
  int edgeA = 0;
  int edgeB = 0;
  for (int i = 1; i < countA; ++i)
    edgeA = greater(sepsA[i], sepsA[edgeA]) ? i : edgeA;
  for (int i = 1; i < countB; ++i)
    edgeB = greater(sepsB[i], sepsB[edgeB]) ? i : edgeB;
  // Step 3: B's face only if strictly better (tie → A); the best other face for the gap.
  SatDecision d;
  d.flip = greater(sepsB[edgeB], sepsA[edgeA]);
  d.face = d.flip ? edgeB : edgeA;
  const Sep* other = nullptr;
  const auto consider = [&](const Sep& s, bool onB, int i) {
    if (onB == d.flip && i == d.face) return;
    if (other && !greater(s, *other)) return;
    other = &s;
    d.runnerOnB = onB;
    d.runner = i;
  };
  for (int i = 0; i < countA; ++i)
    consider(sepsA[i], false, i);
  for (int i = 0; i < countB; ++i)
    consider(sepsB[i], true, i);
  // Step 4: the incident edge minimises dot(m_ref, m_j)/√(g_ref·g_j) (tie → lower index).
  const auto& ref = d.flip ? b : a;
  const auto& inc = d.flip ? a : b;
  const int refCount = d.flip ? countB : countA;
  const int incCount = d.flip ? countA : countB;
  const V mRef = rightPerp(ref[nextIndex(d.face, refCount)] - ref[d.face]);
  std::array<Sep, kMaxPolygonVertices> alignment;
  for (int j = 0; j < incCount; ++j) {
    const V m = rightPerp(inc[nextIndex(j, incCount)] - inc[j]);
    alignment[j] = Sep{dot(mRef, m), N(dot(mRef, mRef) * dot(m, m))};
  }
  for (int j = 1; j < incCount; ++j) {
    d.incident = greater(alignment[d.incident], alignment[j]) ? j : d.incident;
  }
  d.incidentRunner = d.incident == 0 ? 1 : 0;
  for (int j = 0; j < incCount; ++j) {
    // (never a value against itself: an interval minus itself is not certainly zero)
    if (j != d.incident && j != d.incidentRunner &&
        greater(alignment[d.incidentRunner], alignment[j])) {
      d.incidentRunner = j;
    }
  }
  return d;
}

/// The exact separation w/√g of face i of p against q (raw, radii not included).
SqrtForm exactSeparation(const WorldPolygon& p, int i, const WorldPolygon& q) {
  const Face f = faceOf(p, i);
  Rational w = dot(q.vertices[0] - f.v1, f.m);
  for (int j = 1; j < q.count; ++j)
    w = minOf(w, dot(q.vertices[j] - f.v1, f.m));
  return quotient(w, f.g);
}

/// The exact alignment dot(m_ref, m_j)/(|m_ref|·|m_j|) of edge j of q with a reference face.
SqrtForm exactAlignment(const Face& reference, const WorldPolygon& q, int j) {
  const Face f = faceOf(q, j);
  return quotient(dot(reference.m, f.m), Rational(reference.g * f.g));
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

/// Step 5 (gap): DecisionGaps::region — the smallest distance of an endpoint of one edge to
/// a line through an endpoint of the other, perpendicular to that other edge: the lines on
/// which the corner tests of closestEndpoints change sign.
std::optional<double> cornerRegionGap(const ExactVec2 (&p)[2], const ExactVec2 (&q)[2]) {
  const Rational pp = dot(p[1] - p[0], p[1] - p[0]);
  const Rational qq = dot(q[1] - q[0], q[1] - q[0]);
  MinDistance nearest;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      nearest.offer(dot(q[j] - p[i], p[1 - i] - p[i]), pp);
      nearest.offer(dot(p[i] - q[j], q[1 - j] - q[j]), qq);
    }
  }
  return nearest.rounded();
}

/// Step 6 (gap): DecisionGaps::clip — the smallest distance along the tangent of reference
/// face i11 of p between a vertex of incident edge i21 of q and a side plane (the lines through
/// the face's endpoints perpendicular to it).
std::optional<double> clipGap(const WorldPolygon& p, int i11, const WorldPolygon& q, int i21) {
  const ExactVec2& v11 = p.vertices[i11];
  const ExactVec2 e = p.vertices[nextIndex(i11, p.count)] - v11;
  const Rational ee = dot(e, e);
  MinDistance nearest;
  for (const int j : {i21, nextIndex(i21, q.count)}) {
    const Rational t = dot(q.vertices[j] - v11, e);
    nearest.offer(t, ee);
    nearest.offer(Rational(ee - t), ee);
  }
  return nearest.rounded();
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
Manifold collideDecided(const WorldPolygon& polyA, const WorldPolygon& polyB,
                        const Rational& margin, const SatDecision& d);

}  // namespace

namespace {

std::atomic<std::uint64_t> filterCalls{0};
std::atomic<std::uint64_t> filterFallbacks{0};
std::atomic<bool> filterEnabled{true};

}  // namespace

FilterStats filterStats() {
  return {filterCalls.load(), filterFallbacks.load()};
}

void resetFilterStats() {
  filterCalls = 0;
  filterFallbacks = 0;
}

void setFilterEnabled(bool enabled) {
  filterEnabled = enabled;
}

IntervalPolygon toWorldInterval(const Vec2* local, int count, const Transform& xf) {
  IntervalPolygon world;
  world.count = count;
  for (int i = 0; i < count; ++i)
    world.vertices[i] = toWorldInterval(xf, local[i]);
  return world;
}

Manifold collideWorldPolygons(const WorldPolygon& polyA, const IntervalPolygon& intervalA,
                              const WorldPolygon& polyB, const IntervalPolygon& intervalB,
                              const Rational& margin) {
  if (!filterEnabled) return collideWorldPolygons(polyA, polyB, margin);
  // Steps 2–4 first on intervals; the exact rationals decide only when they are uncertain.
  ++filterCalls;
  try {
    const SatDecision d =
        decide(intervalA.vertices, intervalA.count, intervalB.vertices, intervalB.count);
    return collideDecided(polyA, polyB, margin, d);
  } catch (const Uncertain&) {
    ++filterFallbacks;
    return collideWorldPolygons(polyA, polyB, margin);
  }
}

Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, const Options& options) {
  // Step 1: world frame, exactly and as intervals.
  return collideWorldPolygons(
      toWorldExact(a, xfA), toWorldInterval(a.vertices.data(), a.count, xfA), toWorldExact(b, xfB),
      toWorldInterval(b.vertices.data(), b.count, xfB), liftExact(options.margin));
}

Manifold collideWorldPolygons(const WorldPolygon& polyA, const WorldPolygon& polyB,
                              const Rational& margin) {
  // Steps 2–4 in exact rationals.
  return collideDecided(polyA, polyB, margin,
                        decide(polyA.vertices, polyA.count, polyB.vertices, polyB.count));
}

namespace {

/// Steps 3–6 once the indices are decided (by intervals or by rationals).
Manifold collideDecided(const WorldPolygon& polyA, const WorldPolygon& polyB,
                        const Rational& margin, const SatDecision& d) {
  const Rational totalRadius = polyA.radius + polyB.radius;

  // Step 3: the roles, the exact separation of the reference face, its gap to the best other
  // face, and the early out beyond the margin.
  const WorldPolygon& ref = d.flip ? polyB : polyA;
  const WorldPolygon& inc = d.flip ? polyA : polyB;
  const Roles roles{&ref, &inc, d.flip, d.face, exactSeparation(ref, d.face, inc)};
  Manifold m;
  const SqrtForm runner = d.runnerOnB ? exactSeparation(polyB, d.runner, polyA)
                                      : exactSeparation(polyA, d.runner, polyB);
  m.gaps.axis = approximateDifference(roles.separation, runner);
  const SqrtForm separation{roles.separation.a - totalRadius, roles.separation.b,
                            roles.separation.g};
  m.gaps.contact = contactGap(separation, margin);
  if (!withinMargin(separation, margin)) return m;

  // Step 4: incident edge (decided above) and its gap to the runner-up.
  const Face reference = faceOf(ref, roles.face);
  m.gaps.incident = approximateDifference(exactAlignment(reference, inc, d.incidentRunner),
                                          exactAlignment(reference, inc, d.incident));

  // Step 5: strictly separated cores meeting corner to corner → one vertex–vertex point.
  if (sign(roles.separation) > 0) {
    const int i12 = nextIndex(roles.face, roles.reference->count);
    const int i22 = nextIndex(d.incident, roles.incident->count);
    const ExactVec2 refEdge[2] = {reference.v1, roles.reference->vertices[i12]};
    const ExactVec2 incEdge[2] = {roles.incident->vertices[d.incident],
                                  roles.incident->vertices[i22]};
    m.gaps.region = cornerRegionGap(refEdge, incEdge);
    if (const auto corner = closestEndpoints(refEdge, incEdge)) {
      return vertexVertex(roles, corner->first == 0 ? roles.face : i12,
                          corner->second == 0 ? d.incident : i22, margin, m);
    }
  }

  // Step 6: clip to the reference extent, keep the points within the margin.
  return clipManifold(roles, d.incident, margin, m);
}

}  // namespace

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
  m.gaps.normal = lengthGap(vB - vA);
  if (!withinMargin(contact.separation, margin)) return m;
  const DecisionGaps gaps = m.gaps;
  m = singlePointManifold(contact, idOf(FeatureType::vertex, iA, FeatureType::vertex, iB));
  m.gaps = gaps;
  return m;
}

/// Step 6 (construction): midpoint placement per clipped point, margin filter, A/B roles.
Manifold clipManifold(const Roles& r, int incidentEdge, const Rational& margin, Manifold m) {
  const auto clipped = clipToExtent(*r.reference, r.face, *r.incident, incidentEdge);
  m.gaps.clip = clipGap(*r.reference, r.face, *r.incident, incidentEdge);
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
