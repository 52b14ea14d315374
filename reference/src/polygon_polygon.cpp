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
//           keep the points whose separation is within the margin (source 002's
//           `separation <= totalRadius`; source 000's third clip, against the face, also keeps
//           the point where the incident edge crosses the face — docs/errata.md).
// Gaps (DecisionGaps): axis and incident from steps 3–4; contact from the reference separation
// or the deepest clipped point; region (step 5, strictly separated cores only): the smallest
// distance of an edge endpoint to a line through an endpoint of the other edge perpendicular
// to that edge — each corner test of step 5 is the side of such a line; normal (step 5's
// point): |vB − vA|; clip (step 6): the smallest distance along the reference tangent between
// an incident vertex and a side plane, kept and clipped vertices alike.
//
// Filtered (docs/architecture.md): steps 1–6 run first on Approx values from the doubles and
// again in exact rationals only when an Approx sign or rounding is uncertain (filterStats()).
//
// Source mistakes (collected in docs/errata.md):
//  - source 000 returns no manifold when a SAT distance is ≥ 0, so boxes touching exactly
//    (half-extents 1, centres (0,0) and (2,0)) are "not colliding".
//  - source 000's clipEdge appends the crossing point whenever the projections have strictly
//    opposite signs, so the face clip keeps the point where the incident edge crosses the
//    reference face — a second "contact" at depth 0: A = box half-extents (2, 0.5) at the
//    origin, B = (0, 0.25), (1, 0.75), (0.5, 1.75), (−0.5, 1.25) gives (0, 0.25) and (0.5, 0.5),
//    penetration 0.25 for both; step 6 keeps only (0, 0.375), separation −0.25.
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

#include "approx.h"
#include "construct.h"
#include "cores.h"
#include "interval.h"
#include "rounding.h"
#include "touche/reference/reference.h"

namespace touche::reference {
namespace {

// Every step is written once for any number type N: Rational (exact) or Approx (approx.h:
// double-double with an error bound; a sign it cannot decide or an output it cannot round
// provably throws Uncertain and the exact rationals redo the query). Steps 2–4 decide indices
// only (also on Interval, interval.h). A separation along an unnormalised face direction m is
// w/√g with g = m·m, kept as the pair (w, g); two of them compare by signs and squares.

/// The exact minimum for rationals.
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

/// Steps 2–4 over polygons given as vertex arrays of V (ExactVec2, ApproxVec2, IntervalVec2).
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
    // (never a value against itself: an enclosure minus itself is not certainly zero)
    if (j != d.incident && j != d.incidentRunner &&
        greater(alignment[d.incidentRunner], alignment[j])) {
      d.incidentRunner = j;
    }
  }
  return d;
}

/// a < b, decided for any number type (Rational exactly, Approx or Uncertain).
template <class N>
bool less(const N& a, const N& b) {
  return sign(N(a - b)) < 0;
}

/// The separation w/√g of face i of p against q (raw, radii not included).
template <class N>
SqrtFormOf<N> faceSeparation(const WorldPolygonOf<N>& p, int i, const WorldPolygonOf<N>& q) {
  const FaceOf<N> f = faceOf(p, i);
  N w = dot(q.vertices[0] - f.v1, f.m);
  for (int j = 1; j < q.count; ++j)
    w = minOf(w, N(dot(q.vertices[j] - f.v1, f.m)));
  return quotient(w, f.g);
}

/// The alignment dot(m_ref, m_j)/(|m_ref|·|m_j|) of edge j of q with a reference face.
template <class N>
SqrtFormOf<N> alignment(const FaceOf<N>& reference, const WorldPolygonOf<N>& q, int j) {
  const FaceOf<N> f = faceOf(q, j);
  return quotient(dot(reference.m, f.m), N(reference.g * f.g));
}

/// Step 5: the endpoints (0 or 1 on each edge) that are the unique closest points of the
/// segments p0p1 and q0q1, if the closest points are an endpoint of each. A corner (pi, qj) is
/// a minimiser of the convex |p(s) − q(t)|² iff neither endpoint can move inward and come
/// closer: dot(qj − pi, pOther − pi) ≤ 0 and dot(pi − qj, qOther − qj) ≤ 0. The minimiser is
/// not unique only for parallel edges whose projections overlap over a positive length.
template <class N>
std::optional<std::pair<int, int>> closestEndpoints(const Vec2Of<N> (&p)[2],
                                                    const Vec2Of<N> (&q)[2]) {
  const Vec2Of<N> e = p[1] - p[0];
  if (sign(cross(e, q[1] - q[0])) == 0) {
    const N t0 = dot(q[0] - p[0], e);
    const N t1 = dot(q[1] - p[0], e);
    const N lo = less(t0, t1) ? t0 : t1;
    const N hi = less(t0, t1) ? t1 : t0;
    const N ee = dot(e, e);
    const N overlapHi = less(hi, ee) ? hi : ee;
    const N overlapLo = sign(lo) > 0 ? lo : N(0);
    if (less(overlapLo, overlapHi)) return std::nullopt;
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
template <class N>
std::optional<double> cornerRegionGap(const Vec2Of<N> (&p)[2], const Vec2Of<N> (&q)[2]) {
  const N pp = dot(p[1] - p[0], p[1] - p[0]);
  const N qq = dot(q[1] - q[0], q[1] - q[0]);
  MinDistanceOf<N> nearest;
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
template <class N>
std::optional<double> clipGap(const WorldPolygonOf<N>& p, int i11, const WorldPolygonOf<N>& q,
                              int i21) {
  const Vec2Of<N>& v11 = p.vertices[i11];
  const Vec2Of<N> e = p.vertices[nextIndex(i11, p.count)] - v11;
  const N ee = dot(e, e);
  MinDistanceOf<N> nearest;
  for (const int j : {i21, nextIndex(i21, q.count)}) {
    const N t = dot(q.vertices[j] - v11, e);
    nearest.offer(t, ee);
    nearest.offer(N(ee - t), ee);
  }
  return nearest.rounded();
}

/// One clipped point of the incident edge, with its id in the (reference P, incident Q) roles.
template <class N>
struct ClipPoint {
  Vec2Of<N> x;
  FeatureId id;
};

FeatureId idOf(FeatureType typeP, int indexP, FeatureType typeQ, int indexQ) {
  return {typeP, static_cast<std::uint8_t>(indexP), typeQ, static_cast<std::uint8_t>(indexQ)};
}

/// Step 6: clips incident edge (v21 → v22) of Q to the extent [v11, v12] of P's reference face
/// along its tangent e = v12 − v11 (Box2D v3 b2ClipPolygons). Returns {lower, upper}: the
/// point nearest v11 first. Empty when the projections do not overlap.
template <class N>
std::optional<std::array<ClipPoint<N>, 2>> clipToExtent(const WorldPolygonOf<N>& p, int i11,
                                                        const WorldPolygonOf<N>& q, int i21) {
  const int i12 = nextIndex(i11, p.count);
  const int i22 = nextIndex(i21, q.count);
  const Vec2Of<N>& v11 = p.vertices[i11];
  const Vec2Of<N>& v21 = q.vertices[i21];
  const Vec2Of<N>& v22 = q.vertices[i22];
  const Vec2Of<N> e = p.vertices[i12] - v11;
  // Step 6a: positions along the tangent (scaled by |e|): the incident edge runs against it.
  const N lower1 = 0;
  const N upper1 = dot(e, e);
  const N upper2 = dot(v21 - v11, e);
  const N lower2 = dot(v22 - v11, e);
  if (less(upper2, lower1) || less(upper1, lower2)) return std::nullopt;
  // Step 6b: clip each end to the extent; a clipped point lies on incident face i21 and is
  // named after the reference vertex it was clipped at.
  std::array<ClipPoint<N>, 2> points;
  if (less(lower2, lower1)) {
    const N t = (lower1 - lower2) / (upper2 - lower2);
    points[0] = {v22 + t * (v21 - v22), idOf(FeatureType::vertex, i11, FeatureType::face, i21)};
  } else {
    points[0] = {v22, idOf(FeatureType::face, i11, FeatureType::vertex, i22)};
  }
  if (less(upper1, upper2)) {
    const N t = (upper1 - lower2) / (upper2 - lower2);
    points[1] = {v22 + t * (v21 - v22), idOf(FeatureType::vertex, i12, FeatureType::face, i21)};
  } else {
    points[1] = {v21, idOf(FeatureType::face, i11, FeatureType::vertex, i21)};
  }
  return points;
}

/// The roles of one polygon–polygon query after Step 3.
template <class N>
struct Roles {
  const WorldPolygonOf<N>* reference;
  const WorldPolygonOf<N>* incident;
  bool flip;  ///< true: the reference face is on B
  int face;   ///< reference face index
  SqrtFormOf<N> separation;
};

/// Step 5 (construction): the two vertices act as circles of their polygons' radii; the
/// normal runs from A's vertex to B's vertex whichever polygon holds the reference face.
template <class N>
Manifold vertexVertex(const Roles<N>& r, int ip, int iq, const N& margin, Manifold m) {
  const WorldPolygonOf<N>& polyA = r.flip ? *r.incident : *r.reference;
  const WorldPolygonOf<N>& polyB = r.flip ? *r.reference : *r.incident;
  const int iA = r.flip ? iq : ip;
  const int iB = r.flip ? ip : iq;
  const Vec2Of<N>& vA = polyA.vertices[iA];
  const Vec2Of<N>& vB = polyB.vertices[iB];
  const ContactOf<N> contact = roundContact(vA, polyA.radius, vB, polyB.radius, vB - vA);
  m.gaps.contact = contactGap(contact.separation, margin);
  m.gaps.normal = lengthGap(vB - vA);
  if (!withinMargin(contact.separation, margin)) return m;
  const DecisionGaps gaps = m.gaps;
  m = singlePointManifold(contact, idOf(FeatureType::vertex, iA, FeatureType::vertex, iB));
  m.gaps = gaps;
  return m;
}

/// Step 6 (construction): midpoint placement per clipped point, margin filter, A/B roles.
template <class N>
Manifold clipManifold(const Roles<N>& r, int incidentEdge, const N& margin, Manifold m) {
  const auto clipped = clipToExtent(*r.reference, r.face, *r.incident, incidentEdge);
  m.gaps.clip = clipGap(*r.reference, r.face, *r.incident, incidentEdge);
  // Projections disjoint: not reached in exact arithmetic for overlapping cores (200 000
  // random pairs, slivers included) nor for separated ones (step 5 takes the corner cases);
  // kept as a defined answer instead of Box2D v3's extrapolation past the incident edge.
  if (!clipped) return m;
  const FaceOf<N> reference = faceOf(*r.reference, r.face);
  std::optional<SqrtFormOf<N>> closest;
  std::array<ManifoldPoint, 2> kept;
  int count = 0;
  for (int k = 0; k < 2; ++k) {
    // Box2D v3 order: lower then upper when A holds the reference face, reversed otherwise.
    const ClipPoint<N>& c = (*clipped)[r.flip ? 1 - k : k];
    const ContactOf<N> contact =
        faceContact(reference.v1, reference.m, r.reference->radius, c.x, r.incident->radius);
    if (!closest || compare(contact.separation, *closest) < 0) closest = contact.separation;
    if (!withinMargin(contact.separation, margin)) continue;
    kept[count++] = roundPoint(contact, r.flip ? swapped(c.id) : c.id);
  }
  m.gaps.contact = contactGap(*closest, margin);
  if (count == 0) return m;
  m.status = Status::contact;
  const Vec2 normal =
      roundNearest(faceContact(reference.v1, reference.m, N(0), reference.v1, N(0)).normal);
  m.normal = r.flip ? -normal : normal;
  m.pointCount = count;
  m.points = kept;
  return m;
}

/// Steps 3–6 once the indices are decided (by Approx or by rationals), constructed in N.
template <class N>
Manifold collideDecided(const WorldPolygonOf<N>& polyA, const WorldPolygonOf<N>& polyB,
                        const N& margin, const SatDecision& d) {
  const N totalRadius = polyA.radius + polyB.radius;

  // Step 3: the roles, the separation of the reference face, its gap to the best other face,
  // and the early out beyond the margin.
  const WorldPolygonOf<N>& ref = d.flip ? polyB : polyA;
  const WorldPolygonOf<N>& inc = d.flip ? polyA : polyB;
  const Roles<N> roles{&ref, &inc, d.flip, d.face, faceSeparation(ref, d.face, inc)};
  Manifold m;
  const SqrtFormOf<N> runner =
      d.runnerOnB ? faceSeparation(polyB, d.runner, polyA) : faceSeparation(polyA, d.runner, polyB);
  m.gaps.axis = approximateDifference(roles.separation, runner);
  const SqrtFormOf<N> separation{roles.separation.a - totalRadius, roles.separation.b,
                                 roles.separation.g};
  m.gaps.contact = contactGap(separation, margin);
  if (!withinMargin(separation, margin)) return m;

  // Step 4: incident edge (decided above) and its gap to the runner-up.
  const FaceOf<N> reference = faceOf(ref, roles.face);
  m.gaps.incident = approximateDifference(alignment(reference, inc, d.incidentRunner),
                                          alignment(reference, inc, d.incident));

  // Step 5: strictly separated cores meeting corner to corner → one vertex–vertex point.
  if (sign(roles.separation) > 0) {
    const int i12 = nextIndex(roles.face, ref.count);
    const int i22 = nextIndex(d.incident, inc.count);
    const Vec2Of<N> refEdge[2] = {reference.v1, ref.vertices[i12]};
    const Vec2Of<N> incEdge[2] = {inc.vertices[d.incident], inc.vertices[i22]};
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

FilterStats filterStats() {
  return {filter_detail::calls.load(), filter_detail::fallbacks.load()};
}

void resetFilterStats() {
  filter_detail::calls = 0;
  filter_detail::fallbacks = 0;
}

void setFilterEnabled(bool enabled) {
  filter_detail::enabled = enabled;
}

Manifold collideFilteredPolygons(const PolygonInput& a, const PolygonInput& b, double margin) {
  // Steps 1–6 first in Approx (decisions and constructions); the exact rationals take over
  // when anything is uncertain, reusing the decisions if those were already certain.
  std::optional<SatDecision> decided;
  if (filter_detail::enabled) {
    ++filter_detail::calls;
    try {
      const WorldPolygonOf<Approx> polyA = toWorld<Approx>(a);
      const WorldPolygonOf<Approx> polyB = toWorld<Approx>(b);
      decided = decide(polyA.vertices, polyA.count, polyB.vertices, polyB.count);
      return collideDecided(polyA, polyB, Approx(margin), *decided);
    } catch (const Uncertain&) {
      ++filter_detail::fallbacks;
    }
  }
  const WorldPolygon polyA = toWorld<Rational>(a);
  const WorldPolygon polyB = toWorld<Rational>(b);
  if (!decided) decided = decide(polyA.vertices, polyA.count, polyB.vertices, polyB.count);
  return collideDecided(polyA, polyB, liftExact(margin), *decided);
}

Manifold collidePolygons(const Polygon& a, const Transform& xfA, const Polygon& b,
                         const Transform& xfB, const Options& options) {
  return collideFilteredPolygons({a.vertices.data(), a.count, a.radius, xfA},
                                 {b.vertices.data(), b.count, b.radius, xfB}, options.margin);
}

Manifold collideWorldPolygons(const WorldPolygon& polyA, const WorldPolygon& polyB,
                              const Rational& margin) {
  // Steps 2–6 in exact rationals.
  return collideDecided(polyA, polyB, margin,
                        decide(polyA.vertices, polyA.count, polyB.vertices, polyB.count));
}

}  // namespace touche::reference
