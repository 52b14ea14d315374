// touche oracle — the one-sided facts of a chain-segment case (one_sided.h).
//
// Follows docs/derivations/chain-segment.md: circles by the centre's side and corner region
// (steps C1–C2), polygons and capsules by the centroid test (P2), the closest features'
// normal on the corner's Gauss map (P3–P4) and the separating axes of the segment, its convex
// neighbours and the other shape's admitted faces (P5). Every decision is exact; a distance
// within its own band of its boundary (OneSidedBands: the points' rounding, plus the turn of
// the line or normal it is measured along, plus a sliver centroid's rounding) makes the
// decision a tie.
//
// Each function is a template over the number type N (exact::Q or filter::Bounded; see
// geometry_kernels.h): a decision is signOf/compareValues, an output toDouble and its kin.
// Two facts are read from the structure rather than by comparing computed values, which a
// filter could not decide (two enclosures of one exact value differ): whether the closest
// point of the other core is one of its vertices (ClosestPoints::otherAtVertex), and whether
// two candidate closest pairs are the same pair of points (their keys). The corners'
// convexity is decided on the chain's local coordinates: a rotation (c, s) with c² + s² > 0
// and a translation keep the sign of a cross product.
#include "one_sided.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "geometry_kernels.h"

namespace touche::oracle::exact {
namespace {

using filter::Bounded;

// --- the chain's geometry ---------------------------------------------------------------------
// Geometry of docs/derivations/chain-segment.md (Box2D v3's one-sided chain segments): the
// right perpendicular of an edge is its solid side's outward normal; a corner's Gauss map is
// the arc of normals between the two pieces' normals.

/// A chain segment p1 → p2 with ghosts g1 (before p1) and g2 (after p2), in the world frame.
/// It collides on its right only: n1 = rightPerp(p2 − p1). The corner at p1 is convex when
/// the chain turns strictly left there (cross(p1 − g1, p2 − p1) > 0); its neighbour's normal
/// n0 = rightPerp(p1 − g1); likewise at p2 with n2 = rightPerp(g2 − p2). Normals unnormalised.
template <class N>
struct OneSidedOf {
  VecOf<N> g1, p1, p2, g2;
  VecOf<N> e;   ///< p2 − p1
  VecOf<N> n0;  ///< the previous piece's normal
  VecOf<N> n1;  ///< the segment's normal (the solid side is behind it)
  VecOf<N> n2;  ///< the next piece's normal
  bool convex1 = false;
  bool convex2 = false;
};

template <class N>
VecOf<N> rightPerp(const VecOf<N>& v) {
  return {v.y, -v.x};
}

/// R·(to − from) for local points: exactly the difference of their world images.
template <class N>
VecOf<N> rotatedDifference(Rot q, Vec2 from, Vec2 to) {
  const N dx = N(to.x) - N(from.x);
  const N dy = N(to.y) - N(from.y);
  const N c(q.c);
  const N s(q.s);
  return {c * dx - s * dy, s * dx + c * dy};
}

/// The sign of cross(b − a, c − b) on local coordinates (a turn of the chain).
int turnSign(Vec2 a, Vec2 b, Vec2 c) {
  const auto d = [](Vec2 from, Vec2 to) {
    return VecOf<Bounded>{Bounded(to.x) - Bounded(from.x), Bounded(to.y) - Bounded(from.y)};
  };
  try {
    return signOf(cross(d(a, b), d(b, c)));
  } catch (const filter::Uncertain&) {
    return signOf(cross(VecOf<Q>{Q(b.x) - Q(a.x), Q(b.y) - Q(a.y)},
                        VecOf<Q>{Q(c.x) - Q(b.x), Q(c.y) - Q(b.y)}));
  }
}

/// The chain's world geometry; its corners convex when the chain turns left (or, with
/// `straightIsConvex`, runs straight on) there.
template <class N>
OneSidedOf<N> oneSidedOf(const ChainSegment& chain, const Transform& xf, bool straightIsConvex) {
  OneSidedOf<N> c;
  c.g1 = toWorld<N>(xf, chain.ghost1);
  c.p1 = toWorld<N>(xf, chain.p1);
  c.p2 = toWorld<N>(xf, chain.p2);
  c.g2 = toWorld<N>(xf, chain.ghost2);
  c.e = rotatedDifference<N>(xf.q, chain.p1, chain.p2);
  c.n0 = rightPerp(rotatedDifference<N>(xf.q, chain.ghost1, chain.p1));
  c.n1 = rightPerp(c.e);
  c.n2 = rightPerp(rotatedDifference<N>(xf.q, chain.p2, chain.ghost2));
  const int turn1 = turnSign(chain.ghost1, chain.p1, chain.p2);
  const int turn2 = turnSign(chain.p1, chain.p2, chain.ghost2);
  c.convex1 = turn1 > 0 || (straightIsConvex && turn1 == 0);
  c.convex2 = turn2 > 0 || (straightIsConvex && turn2 == 0);
  return c;
}

/// Where a candidate normal m (from the chain toward the other shape) falls on the corner's
/// Gauss map: `admit` inside the chain segment's normal arc (from n0 at a convex p1, else n1,
/// through n1, to n2 at a convex p2, else n1); `skip` beyond a convex corner's neighbour
/// normal (that neighbour owns the contact); `snap` beyond n1 at a concave or flat corner
/// (the contact is taken along n1).
enum class NormalClass { skip, admit, snap };

/// `along` is the sign of dot(m, e), when the caller knows it.
template <class N>
NormalClass classifyNormal(const OneSidedOf<N>& c, const VecOf<N>& m, int along) {
  // m leans toward p1 (or is n1 itself): p1's corner decides; otherwise p2's.
  if (along <= 0) {
    if (!c.convex1) return NormalClass::snap;
    return signOf(cross(m, c.n0)) > 0 ? NormalClass::skip : NormalClass::admit;
  }
  if (!c.convex2) return NormalClass::snap;
  return signOf(cross(c.n2, m)) > 0 ? NormalClass::skip : NormalClass::admit;
}

template <class N>
NormalClass classifyNormal(const OneSidedOf<N>& c, const VecOf<N>& m) {
  return classifyNormal(c, m, signOf(dot(m, c.e)));
}

/// The area centroid of a polygon core, the midpoint of a two-vertex core, the point itself.
template <class N>
VecOf<N> centroidOf(const CoreOf<N>& core) {
  const auto& v = core.vertices;
  if (v.size() == 1) return v[0];
  if (v.size() == 2) return {(v[0].x + v[1].x) / N(2.0), (v[0].y + v[1].y) / N(2.0)};
  // Fan triangulation from v[0]: area-weighted triangle centroids.
  N area2(0.0);
  VecOf<N> sum{N(0.0), N(0.0)};
  for (std::size_t i = 1; i + 1 < v.size(); ++i) {
    const VecOf<N> u = v[i] - v[0];
    const VecOf<N> w = v[i + 1] - v[0];
    const N a = cross(u, w);
    area2 = area2 + a;
    sum = sum + VecOf<N>{a * (u.x + w.x), a * (u.y + w.y)};
  }
  return {v[0].x + sum.x / (N(3.0) * area2), v[0].y + sum.y / (N(3.0) * area2)};
}

// --- closest points of the chain's segment and the other core ---------------------------------

/// The point of segment [a, b] closest to x: a (t ≤ 0), b (t ≥ 1) or strictly inside.
template <class N>
struct OnSegment {
  VecOf<N> point;
  int end = 0;  ///< 0: a, 1: b, 2: strictly inside
};

template <class N>
OnSegment<N> closestOnSegment(const VecOf<N>& x, const VecOf<N>& a, const VecOf<N>& b) {
  const VecOf<N> e = b - a;
  const N ee = dot(e, e);
  if (signOf(ee) == 0) return {a, 0};
  const N along = dot(x - a, e);  // t = along/ee
  if (signOf(along) <= 0) return {a, 0};
  if (compareValues(along, ee) >= 0) return {b, 1};
  const N t = along / ee;
  return {VecOf<N>{a.x + t * e.x, a.y + t * e.y}, 2};
}

/// The closest points of a segment core (2 vertices) and another core, when they are apart.
template <class N>
struct ClosestPoints {
  N distanceSquare;  ///< 0 when the cores touch or overlap
  VecOf<N> onSegment;
  VecOf<N> onOther;
  bool segmentInterior = false;  ///< the segment's point lies strictly between its ends
  bool otherAtVertex = false;    ///< the other core's point is one of its vertices
};

/// Whether the cores touch or overlap: the origin is on their Minkowski difference (hull).
bool touchOrOverlap(const CoreOf<Q>& segment, const CoreOf<Q>& other) {
  return signedDistanceOfOrigin(minkowskiDifference(segment, other)).sign <= 0;
}

/// The same on filtered values, from the separations along the cores' face normals (the
/// edges of the difference, case_geometry.cpp): apart when one is positive, overlapping when
/// all are negative; otherwise Uncertain.
bool touchOrOverlap(const CoreOf<Bounded>& segment, const CoreOf<Bounded>& other) {
  bool allNegative = true;
  for (const bool onOther : {false, true}) {
    for (int i = 0; i < edgeCount(onOther ? other : segment); ++i) {
      const VecOf<Bounded> n = faceDirection(segment, other, onOther, i);
      const int sign = signOf(faceSeparationNumerator(segment, other, onOther, i, n));
      if (sign > 0) return false;
      allNegative = allNegative && sign < 0;
    }
  }
  if (!allNegative) throw filter::Uncertain{};
  return true;
}

template <class N>
ClosestPoints<N> closestPoints(const CoreOf<N>& segment, const CoreOf<N>& other) {
  ClosestPoints<N> best;
  if (touchOrOverlap(segment, other)) {
    best.distanceSquare = N(0.0);  // touching or overlapping
    return best;
  }
  // A candidate pair of points, and a key naming it: the same key is the same two points
  // (their distances are then equal, and the first is kept).
  std::pair<int, int> bestKey{-1, -1};
  auto offer = [&](const OnSegment<N>& s, const VecOf<N>& onOther, bool atVertex,
                   std::pair<int, int> key) {
    if (key == bestKey) return;
    const VecOf<N> d = onOther - s.point;
    const N square = dot(d, d);
    const bool interior = s.end == 2;
    bool take = bestKey.first < 0;
    if (!take) {
      // Among equal distances prefer a point inside the segment (its face is then the feature).
      const int c = compareValues(square, best.distanceSquare);
      take = c < 0 || (c == 0 && interior && !best.segmentInterior);
    }
    if (take) best = {square, s.point, onOther, interior, atVertex}, bestKey = key;
  };
  const VecOf<N>& a = segment.vertices.front();
  const VecOf<N>& b = segment.vertices.back();
  const int count = static_cast<int>(other.vertices.size());
  for (int k = 0; k < count; ++k) {
    const VecOf<N>& v = other.vertices[static_cast<std::size_t>(k)];
    const OnSegment<N> s = closestOnSegment(v, a, b);
    offer(s, v, true, {s.end == 2 ? 2 + k : s.end, k});
  }
  for (int i = 0; i < edgeCount(other); ++i) {
    for (int end = 0; end < 2; ++end) {
      const OnSegment<N> s{end == 0 ? a : b, end};
      const OnSegment<N> o = closestOnSegment(s.point, edgeStart(other, i), edgeEnd(other, i));
      const int at = o.end == 0 ? i : (i + 1) % count;
      offer(s, o.point, o.end != 2, {end, o.end == 2 ? count + 2 * i + end : at});
    }
  }
  return best;
}

// --- lengths ----------------------------------------------------------------------------------

template <class N>
double len(const VecOf<N>& v, const Accuracy& accuracy) {
  return sqrtToDouble(dot(v, v), accuracy.length);
}

/// |cross(u, v)| / (|u|·|v|), the sine between u and v (both nonzero), with no double squaring.
template <class N>
double sineBetween(const VecOf<N>& u, const VecOf<N>& v, const Accuracy& accuracy) {
  return quotientToDouble(abs(cross(u, v)), dot(u, u) * dot(v, v), accuracy.direction);
}

/// Signed distance of x from the line through p with normal n (positive on n's side);
/// the plain dot product when n is zero (a ghost on its vertex).
template <class N>
double signedDistance(const VecOf<N>& x, const VecOf<N>& p, const VecOf<N>& n,
                      const Accuracy& accuracy) {
  const N d = dot(n, x - p);
  const N nn = dot(n, n);
  return signOf(nn) > 0 ? quotientToDouble(d, nn, accuracy.length) : toDouble(d, accuracy.length);
}

/// The facts being worked out for one case, on N.
template <class N>
struct Work {
  OneSidedFacts& f;
  OneSidedOf<N> chain;
  const Accuracy& accuracy;
  const OneSidedBands& bands;
  double distance(const VecOf<N>& x, const VecOf<N>& p, const VecOf<N>& n) const {
    return signedDistance(x, p, n, accuracy);
  }
  /// The error of a distance from a line (or a separation along a normal) beyond the band:
  /// the normal's turn times the lever arm.
  double turned(double turn) const { return bands.along(turn) - bands.band; }
};

// --- v3's ownership ---------------------------------------------------------------------------

/// Steps C1–C2: the centre's side of the segment and the corner regions the neighbours own,
/// each line within its own band (the segment's lines turn with n1, a neighbour's with its
/// piece's normal).
template <class N>
void circleFacts(Work<N>& w, const VecOf<N>& centre) {
  const OneSidedOf<N>& s = w.chain;
  OneSidedFacts& f = w.f;
  const double b1 = w.bands.along(w.bands.turnN1);
  const double b0 = w.bands.along(w.bands.turnN0);
  const double b2 = w.bands.along(w.bands.turnN2);
  const double front = w.distance(centre, s.p1, s.n1);
  const double v = w.distance(centre, s.p1, s.e);                       // along e from p1
  const double w1 = w.distance(centre, s.p1, s.p1 - s.g1);              // along the previous piece
  const double u = w.distance(centre, s.p2, VecOf<N>{-s.e.x, -s.e.y});  // back along e from p2
  const double w2 = w.distance(centre, s.p2, s.g2 - s.p2);              // along the next piece
  const bool sure = front < -b1 || (v < -b1 && w1 < -b0) || (u < -b1 && w2 > b2);
  const bool clear = front > b1 && !(v < b1 && w1 < b0) && !(u < b1 && w2 > -b2);
  if (sure) {
    f.exclusion = Exclusion::sure;
    f.why = front < -b1 ? "the circle centre is behind the chain segment"
                        : "the circle centre is in a corner region the neighbouring piece owns";
  } else if (!clear) {
    f.exclusion = Exclusion::near;
    f.why = "the circle centre is within the band of the segment's line or a corner region";
  }
}

/// The largest of separations read each within its own error: the exact largest, and the
/// range the engine's largest reading may take (each separation ± its error).
struct Largest {
  std::optional<double> value;
  double low = -INFINITY;
  double high = -INFINITY;
  void offer(double separation, double error) {
    value = value ? std::max(*value, separation) : separation;
    low = std::max(low, separation - error);
    high = std::max(high, separation + error);
  }
};

/// Step P5's axes: the half-plane separation of the other core from the segment's line and
/// each convex neighbour's, and the best admitted face of the other core; each with the error
/// its normal's turn gives it (OneSidedBands).
struct Axes {
  double segment = 0.0;       ///< along n1
  double segmentError = 0.0;  ///< n1's turn times the lever arm
  Largest neighbour;
  Largest face;
  bool faceAlongN1 = false;         ///< the best face's normal is exactly −n1 (parallel faces)
  bool deepestOverSegment = false;  ///< the deepest vertex along n1 projects inside (p1, p2)
};

template <class N>
double halfPlaneSeparation(const Work<N>& w, const CoreOf<N>& other, const VecOf<N>& p,
                           const VecOf<N>& n) {
  double best = w.distance(other.vertices.front(), p, n);
  for (const VecOf<N>& v : other.vertices)
    best = std::min(best, w.distance(v, p, n));
  return best;
}

/// Whether the other core's deepest part along n1 (a vertex, or a whole edge when both its
/// ends are deepest) lies over the open segment: it then survives clipping to the segment.
template <class N>
bool deepestOverSegment(const OneSidedOf<N>& s, const CoreOf<N>& other) {
  const std::size_t n = other.vertices.size();
  std::vector<N> depth;
  depth.reserve(n);
  for (const VecOf<N>& v : other.vertices)
    depth.push_back(dot(s.n1, v - s.p1));
  // Vertex i is deepest when no vertex is deeper: decided pairwise (a vertex's own depth is
  // not compared with itself, which a filter could not call equal).
  auto deepest = [&](std::size_t i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (j != i && compareValues(depth[j], depth[i]) < 0) return false;
    }
    return true;
  };
  const N ee = dot(s.e, s.e);
  for (std::size_t i = 0; i < n; ++i) {
    if (!deepest(i)) continue;
    const VecOf<N>& v = other.vertices[i];
    const N t = dot(v - s.p1, s.e);
    if (signOf(t) > 0 && compareValues(t, ee) < 0) return true;
    const std::size_t next = (i + 1) % n;
    if (n < 2 || !deepest(next)) continue;
    const N u = dot(other.vertices[next] - s.p1, s.e);
    if ((signOf(t) > 0 || signOf(u) > 0) &&
        (compareValues(t, ee) < 0 || compareValues(u, ee) < 0)) {
      return true;  // a deepest edge over it
    }
  }
  return false;
}

template <class N>
Axes axesOf(const Work<N>& w, const CoreOf<N>& other) {
  const OneSidedOf<N>& s = w.chain;
  const OneSidedBands& bands = w.bands;
  Axes a;
  a.segment = halfPlaneSeparation(w, other, s.p1, s.n1);
  a.segmentError = w.turned(bands.turnN1);
  a.deepestOverSegment = deepestOverSegment(s, other);
  if (s.convex1)
    a.neighbour.offer(halfPlaneSeparation(w, other, s.p1, s.n0), w.turned(bands.turnN0));
  if (s.convex2)
    a.neighbour.offer(halfPlaneSeparation(w, other, s.p2, s.n2), w.turned(bands.turnN2));
  std::optional<double> best;
  for (int i = 0; i < edgeCount(other); ++i) {
    const VecOf<N> m = edgeNormal(other, i);  // outward from the other core, toward the chain
    if (classifyNormal(s, VecOf<N>{-m.x, -m.y}) != NormalClass::admit) continue;
    const VecOf<N>& v = edgeStart(other, i);
    const double d = std::min(w.distance(s.p1, v, m), w.distance(s.p2, v, m));
    a.face.offer(d, w.turned(bands.faceTurn(i)));
    if (best && d <= *best) continue;
    best = d;
    a.faceAlongN1 = signOf(cross(m, s.n1)) == 0;
  }
  return a;
}

/// Step P5: the best axis decides; a convex neighbour's axis winning means no contact. Each
/// axis is read within its own error, the band once on top.
template <class N>
void satFacts(Work<N>& w, const CoreOf<N>& other, double radius, double margin) {
  OneSidedFacts& f = w.f;
  const double band = w.bands.band;
  const Axes a = axesOf(w, other);
  const double own = std::max(a.segment, a.face.value.value_or(a.segment));
  const double ownHigh = std::max(a.segment + a.segmentError, a.face.high);
  const double ownLow = std::max(a.segment - a.segmentError, a.face.low);
  if (a.neighbour.value && a.neighbour.low > ownHigh + band) {
    f.exclusion = Exclusion::sure;
    f.why = "a convex neighbour's axis separates best: the neighbouring piece owns the contact";
    return;
  }
  if (a.neighbour.value && a.neighbour.high >= ownLow - band) {
    f.exclusion = Exclusion::near;
    f.why = "a convex neighbour's axis is within the band of the best";
    return;
  }
  f.best = own - radius;
  // The segment's face is the reference when its axis wins, or when the winning face of the
  // other shape is parallel to it (the same contact seen from either face).
  const bool segmentWins =
      !a.face.value || a.segment - a.segmentError > a.face.high + band || a.faceAlongN1;
  if (!(segmentWins && a.deepestOverSegment && own - radius < margin - band - a.segmentError)) {
    f.statusFree = true;
    f.why = "the contact is clipped to the segment or taken on the other shape's face";
  }
}

/// Steps P3–P4: cores apart, centroid in front: the closest direction on the Gauss map.
template <class N>
void closestFacts(Work<N>& w, const ClosestPoints<N>& closest, double distance, double radius) {
  OneSidedFacts& f = w.f;
  const OneSidedOf<N>& s = w.chain;
  const VecOf<N> d = closest.onOther - closest.onSegment;
  // From a point strictly inside the segment, d is perpendicular to it (d·e = 0 exactly).
  const int along = closest.segmentInterior ? 0 : signOf(dot(d, s.e));
  const NormalClass type = classifyNormal(s, d, along);
  // Distance of the other's closest point from a convex corner's boundary ray (n0 or n2).
  const bool side1 = along <= 0;
  const VecOf<N>& boundary = side1 ? s.n0 : s.n2;
  const bool convex = side1 ? s.convex1 : s.convex2;
  const double band = w.bands.along(side1 ? w.bands.turnN0 : w.bands.turnN2);
  const auto offBoundary = [&] {
    return quotientToDouble(abs(cross(d, boundary)), dot(boundary, boundary), w.accuracy.length);
  };
  if (convex && offBoundary() <= band) {
    f.exclusion = Exclusion::near;
    f.why = "the closest direction is within the band of a convex corner's neighbour normal";
  } else if (type == NormalClass::skip) {
    f.exclusion = Exclusion::sure;
    f.why = "the closest direction lies beyond a convex corner: the neighbouring piece owns it";
  } else if (type == NormalClass::snap) {
    f.normalIsN1 = true;
    f.statusFree = true;
    f.why = "the closest direction lies beyond a concave corner: the contact is along n1";
  } else {
    f.best = distance - radius;
    // A vertex of the chain against the inside of the other's face: its face is the reference
    // and the contact may be left to the neighbouring piece (v3's incident-neighbour rule).
    if (!closest.segmentInterior && !closest.otherAtVertex) {
      f.statusFree = true;
      f.why = "a chain vertex against the other shape's face: the neighbour may take it";
    }
  }
}

/// Step P2's bands: the centroid's distance from each line, within the line's band plus the
/// centroid's own rounding.
template <class N>
double centroidBand(const Work<N>& w, double turn) {
  return w.bands.along(turn) + w.bands.centroid;
}

template <class N>
void polygonFacts(Work<N>& w, const CoreOf<N>& chainCore, const CoreOf<N>& other, double radius,
                  double margin) {
  OneSidedFacts& f = w.f;
  const OneSidedOf<N>& s = w.chain;
  const VecOf<N> centroid = centroidOf(other);
  const double b1 = centroidBand(w, w.bands.turnN1);
  const double b0 = centroidBand(w, w.bands.turnN0);
  const double b2 = centroidBand(w, w.bands.turnN2);
  const double s1 = w.distance(centroid, s.p1, s.n1);
  const double s0 = s.convex1 ? w.distance(centroid, s.p1, s.n0) : -INFINITY;
  const double s2 = s.convex2 ? w.distance(centroid, s.p2, s.n2) : -INFINITY;
  if (s1 < -b1 && s0 < -b0 && s2 < -b2) {
    f.exclusion = Exclusion::sure;
    f.why = "the centroid is behind the chain segment and every convex neighbour";
    return;
  }
  if ((s1 <= b1 && s0 <= b0 && s2 <= b2) || std::fabs(s1) <= b1) {
    f.exclusion = Exclusion::near;
    f.why = "the centroid is within the band of the segment's or a neighbour's line";
    return;
  }
  const double band = w.bands.band;
  const ClosestPoints<N> closest = closestPoints(chainCore, other);
  const double distance = sqrtToDouble(closest.distanceSquare, w.accuracy.length);
  if (s1 > 0 && distance > band) return closestFacts(w, closest, distance, radius);
  if (s1 > 0 && distance > 0) {
    f.exclusion = Exclusion::near;
    f.why = "the cores are within the band of touching";
    return;
  }
  satFacts(w, other, radius, margin);
}

// --- Box2D 2.4.1's corner ownership (ChainOwnership::box2d241) ------------------------------

/// How far (sine of the angle) a candidate normal m lies beyond the convex corner on its side
/// (b2CollideEdgeAndPolygon: cross(m, normal0) at v1, cross(normal2, m) at v2, unit vectors);
/// nullopt when that corner is concave (the normal snaps to n1). A normal a right angle or
/// more from the neighbour's normal counts as 1 (beyond any sinTol): 2.4.1's sine test alone
/// would also pass a normal nearly opposite it — the back side −n1 at a flat corner, which is
/// finding 11 (a bug), not this convention.
template <class N>
std::optional<double> sineBeyondCorner(const OneSidedOf<N>& s, const VecOf<N>& m,
                                       const Accuracy& accuracy) {
  const bool side1 = signOf(dot(m, s.e)) <= 0;
  if (!(side1 ? s.convex1 : s.convex2)) return std::nullopt;
  const VecOf<N>& boundary = side1 ? s.n0 : s.n2;
  const N turn = side1 ? cross(m, boundary) : cross(boundary, m);
  if (signOf(dot(m, boundary)) <= 0 && signOf(turn) >= 0) return 1.0;
  return quotientToDouble(turn, dot(m, m) * dot(boundary, boundary), accuracy.direction);
}

/// The other core's face axes as b2ComputePolygonSeparation scores them against the segment:
/// the best separation (and the range of the engine's best reading, each face within its own
/// error), and among the faces that may read best whether one may be skipped (beyond sinTol)
/// or admitted (within it, or snapped at a concave corner).
struct FaceAxes241 {
  std::optional<double> best;
  Largest reading;
  bool mayBeSkipped = false;
  bool mayBeAdmitted = false;
  bool maySnap = false;       ///< a face within the band of the best lies beyond a concave corner
  bool alongN1 = false;       ///< a best face parallel to the segment (the same contact either way)
  double bestAdmitted = 0.0;  ///< best separation over n1 and the admissible faces
};

/// One face of the other core as faceAxes241 reads it: its separation from the segment, its
/// normal toward the chain, and its index.
template <class N>
struct Face241 {
  double separation;
  VecOf<N> normal;
  int index;
};

template <class N>
FaceAxes241 faceAxes241(const Work<N>& w, const CoreOf<N>& other, double segment) {
  const OneSidedOf<N>& s = w.chain;
  const OneSidedBands& bands = w.bands;
  FaceAxes241 a;
  a.bestAdmitted = segment;
  std::vector<Face241<N>> faces;
  for (int i = 0; i < edgeCount(other); ++i) {
    const VecOf<N> m = edgeNormal(other, i);  // outward from the other core, toward the chain
    const VecOf<N>& v = edgeStart(other, i);
    const double d = std::min(w.distance(s.p1, v, m), w.distance(s.p2, v, m));
    faces.push_back({d, VecOf<N>{-m.x, -m.y}, i});
    a.best = a.best ? std::max(*a.best, d) : d;
    a.reading.offer(d, w.turned(bands.faceTurn(i)));
  }
  for (const Face241<N>& face : faces) {
    const double d = face.separation;
    const VecOf<N>& m = face.normal;
    // The sine against a corner's neighbour normal is known to both normals' turns.
    const bool side1 = signOf(dot(m, s.e)) <= 0;
    const double sineBand = bands.faceTurn(face.index) + (side1 ? bands.turnN0 : bands.turnN2);
    const std::optional<double> beyond = sineBeyondCorner(s, m, w.accuracy);
    const bool admissible = !beyond || *beyond <= kBox2dChainSinTol + sineBand;
    if (admissible && beyond) a.bestAdmitted = std::max(a.bestAdmitted, d);
    // A face that may read best: its highest reading reaches the best's lowest.
    if (d + w.turned(bands.faceTurn(face.index)) < a.reading.low - bands.band) continue;
    a.mayBeSkipped = a.mayBeSkipped || (beyond && *beyond >= kBox2dChainSinTol - sineBand);
    a.mayBeAdmitted = a.mayBeAdmitted || admissible;
    a.maySnap = a.maySnap || !beyond;
    a.alongN1 = a.alongN1 || signOf(cross(m, s.n1)) == 0;
  }
  return a;
}

/// b2CollideEdgeAndPolygon's one-sided rules (one_sided.h): the centroid against the
/// segment's own line, then the primary axis (n1 or the best face, with the hysteresis) on
/// the Gauss map widened by sinTol at convex corners.
template <class N>
void box2d241Facts(Work<N>& w, const CoreOf<N>& other, double radius, double margin,
                   const OwnershipRules& rules) {
  OneSidedFacts& f = w.f;
  const OneSidedOf<N>& s = w.chain;
  f.sinTol = kBox2dChainSinTol;
  const double s1 = w.distance(centroidOf(other), s.p1, s.n1);
  const double b1 = centroidBand(w, w.bands.turnN1);
  if (s1 < -b1) {
    f.exclusion = Exclusion::sure;
    f.why = "the centroid is behind the segment's own line (Box2D 2.4.1 consults no neighbour)";
    return;
  }
  if (s1 <= b1) {
    f.exclusion = Exclusion::near;
    f.why = "the centroid is within the band of the segment's line";
    return;
  }
  const double band = w.bands.band;
  const double segment = halfPlaneSeparation(w, other, s.p1, s.n1);
  const double segmentError = w.turned(w.bands.turnN1);
  const FaceAxes241 faces = faceAxes241(w, other, segment);
  const double lead = std::max(segment, faces.best.value_or(segment));
  const double hysteresis = rules.hysteresis ? rules.hysteresis->axisTieBand(radius - lead) : 0.0;
  // The face's lead over the segment's axis, as the engine may read it (each within its error).
  const double gapHigh = faces.best ? faces.reading.high - (segment - segmentError) : -INFINITY;
  const double gapLow = faces.best ? faces.reading.low - (segment + segmentError) : -INFINITY;
  const bool faceMayLead = gapHigh > hysteresis - band;
  const bool edgeMayLead = gapLow <= hysteresis + band;
  if (!edgeMayLead && !faces.mayBeAdmitted) {
    f.exclusion = Exclusion::sure;
    f.why =
        "the axis Box2D 2.4.1 chooses, a face of the other shape, lies beyond a convex corner "
        "by more than sinTol: it is skipped (the neighbouring piece owns the contact)";
    return;
  }
  f.best = faces.bestAdmitted - radius;
  // b2ComputePolygonSeparation returns the best face only: when that face may lead and may
  // lie beyond a concave corner, 2.4.1 snaps it to n1, whatever other face is admitted.
  if (faceMayLead && faces.maySnap) f.best = std::min(*f.best, segment - radius);
  if (faceMayLead && faces.mayBeSkipped) {
    f.statusFree = true;
    f.why = "the axis Box2D 2.4.1 chooses may be a face beyond a convex corner by sinTol: skipped";
    return;
  }
  const bool segmentLeads = !faceMayLead || faces.alongN1;
  if (!(segmentLeads && deepestOverSegment(s, other) &&
        segment - radius < margin - band - segmentError)) {
    f.statusFree = true;
    f.why = "the contact is clipped to the segment or taken on the other shape's face";
  }
}

/// The chain segment of the case (A's or B's) and its transform.
struct ChainOfCase {
  const ChainSegment* chain = nullptr;
  const Transform* xf = nullptr;
  bool isA = true;
};

ChainOfCase chainOfCase(const Case& c) {
  const auto* chainA = std::get_if<ChainSegment>(&c.a);
  const auto* chainB = std::get_if<ChainSegment>(&c.b);
  if ((chainA == nullptr) == (chainB == nullptr)) return {};
  return chainA ? ChainOfCase{chainA, &c.xfA, true} : ChainOfCase{chainB, &c.xfB, false};
}

}  // namespace

template <class N>
std::optional<OneSidedFacts> oneSidedFactsOf(const Case& c, const CoreOf<N>& coreA,
                                             const CoreOf<N>& coreB, double margin,
                                             const OneSidedBands& bands,
                                             const OwnershipRules& rules,
                                             const Accuracy& accuracy) {
  const ChainOfCase chain = chainOfCase(c);
  if (!chain.chain) return std::nullopt;
  OneSidedFacts f;
  f.chainIsA = chain.isA;
  const CoreOf<N>& chainCore = f.chainIsA ? coreA : coreB;
  const CoreOf<N>& other = f.chainIsA ? coreB : coreA;
  // 2.4.1 counts a straight corner as convex (b2Cross(edge0, edge1) >= 0), against a polygon
  // or capsule (a circle's rules are v3's).
  const bool box2d = rules.ownership == ChainOwnership::box2d241 && other.vertices.size() > 1;
  Work<N> w{f, oneSidedOf<N>(*chain.chain, *chain.xf, box2d), accuracy, bands};
  f.convex1 = w.chain.convex1;
  f.convex2 = w.chain.convex2;
  f.n0 = rounded(w.chain.n0, accuracy.length);
  f.n1 = rounded(w.chain.n1, accuracy.length);
  f.n2 = rounded(w.chain.n2, accuracy.length);
  const double radius = toDouble(coreA.radius + coreB.radius, accuracy.length);
  if (other.vertices.size() == 1) {
    f.roundCorners = true;
    circleFacts(w, other.vertices.front());
  } else if (box2d) {
    box2d241Facts(w, other, radius, margin, rules);
  } else {
    polygonFacts(w, chainCore, other, radius, margin);
  }
  return f;
}

/// Whether a normal m leaning past a corner points into the corner region the segment owns
/// for a circle centre on its ray (step C2): beyond p1, ahead of the previous piece
/// (dot(p1 − g1, m) > 0); beyond p2, not ahead of the next (dot(g2 − p2, m) ≤ 0) — within
/// `allowance`, a cosine against the neighbour's edge. At a concave corner that region is
/// empty unless the chain turns by more than a right angle. A ghost on its vertex gives the
/// neighbour no direction: either piece may own the region.
template <class N>
bool ownsCornerDirection(const OneSidedOf<N>& s, const VecOf<N>& m, double allowance,
                         const Accuracy& accuracy) {
  const bool side1 = signOf(dot(m, s.e)) <= 0;
  const VecOf<N> edge = side1 ? s.p1 - s.g1 : s.g2 - s.p2;
  const N edgeSquare = dot(edge, edge);
  if (signOf(edgeSquare) == 0) return true;
  const N ahead = side1 ? dot(m, edge) : N(0.0) - dot(m, edge);  // > 0: the segment's
  return quotientToDouble(ahead, dot(m, m) * edgeSquare, accuracy.direction) >= -allowance;
}

template <class N>
bool normalAdmissible(const Case& c, const OneSidedFacts& f, Vec2 normalAtoB, double allowance,
                      const Accuracy& accuracy) {
  const ChainOfCase chain = chainOfCase(c);
  OneSidedOf<N> s = oneSidedOf<N>(*chain.chain, *chain.xf, false);
  s.convex1 = f.convex1;
  s.convex2 = f.convex2;
  const Vec2 m = f.chainIsA ? normalAtoB : -normalAtoB;
  const VecOf<N> q = liftAs<N>(m);
  const double mLen = len(q, accuracy);
  if (!(mLen > 0)) return false;
  // Within the allowance of a direction: a positive dot and a small sine.
  auto near = [&](const VecOf<N>& dir) {
    return signOf(dot(q, dir)) > 0 && sineBetween(q, dir, accuracy) <= allowance;
  };
  if (f.normalIsN1) return near(s.n1);
  switch (classifyNormal(s, q)) {
    case NormalClass::admit:
      return true;
    case NormalClass::snap:
      // A circle's contact at a corner is round (step C3), also beyond a concave corner.
      return near(s.n1) || (f.roundCorners && ownsCornerDirection(s, q, allowance, accuracy));
    case NormalClass::skip:
      return near(signOf(dot(q, s.e)) <= 0 ? s.n0 : s.n2) ||
             (f.sinTol > 0 &&
              sineBeyondCorner(s, q, accuracy).value_or(INFINITY) <= f.sinTol + allowance);
  }
  return false;
}

template std::optional<OneSidedFacts> oneSidedFactsOf<Q>(const Case&, const Core&, const Core&,
                                                         double, const OneSidedBands&,
                                                         const OwnershipRules&, const Accuracy&);
template std::optional<OneSidedFacts> oneSidedFactsOf<Bounded>(const Case&, const CoreOf<Bounded>&,
                                                               const CoreOf<Bounded>&, double,
                                                               const OneSidedBands&,
                                                               const OwnershipRules&,
                                                               const Accuracy&);
template bool normalAdmissible<Q>(const Case&, const OneSidedFacts&, Vec2, double, const Accuracy&);
template bool normalAdmissible<Bounded>(const Case&, const OneSidedFacts&, Vec2, double,
                                        const Accuracy&);

}  // namespace touche::oracle::exact
