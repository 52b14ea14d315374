// touche oracle — the one-sided facts of a chain-segment case (one_sided.h).
//
// Follows docs/derivations/chain-segment.md: circles by the centre's side and corner region
// (steps C1–C2), polygons and capsules by the centroid test (P2), the closest features'
// normal on the corner's Gauss map (P3–P4) and the separating axes of the segment, its convex
// neighbours and the other shape's admitted faces (P5). Every decision is exact; a distance
// within `band` of its boundary makes the decision a tie.
#include "one_sided.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace touche::oracle::exact {
namespace {

double len(const QVec& v) {
  return sqrtToDouble(dot(v, v));
}

/// |cross(u, v)| / (|u|·|v|), the sine between u and v (both nonzero), with no double squaring.
double sineBetween(const QVec& u, const QVec& v) {
  return quotientToDouble(abs(cross(u, v)), dot(u, u) * dot(v, v));
}

/// Signed distance of x from the line through p with normal n (positive on n's side);
/// the plain dot product when n is zero (a ghost on its vertex).
double signedDistance(const QVec& x, const QVec& p, const QVec& n) {
  const Q d = dot(n, x - p);
  const Q nn = dot(n, n);
  return nn > 0 ? quotientToDouble(d, nn) : toDouble(d);
}

/// Steps C1–C2: the centre's side of the segment and the corner regions the neighbours own.
void circleFacts(OneSidedFacts& f, const QVec& centre, double band) {
  const OneSided& s = f.chain;
  const double front = signedDistance(centre, s.p1, s.n1);
  const double v = signedDistance(centre, s.p1, s.e);                   // along e from p1
  const double w1 = signedDistance(centre, s.p1, s.p1 - s.g1);          // along the previous piece
  const double u = signedDistance(centre, s.p2, QVec{-s.e.x, -s.e.y});  // back along e from p2
  const double w2 = signedDistance(centre, s.p2, s.g2 - s.p2);          // along the next piece
  const bool sure = front < -band || (v < -band && w1 < -band) || (u < -band && w2 > band);
  const bool clear = front > band && !(v < band && w1 < band) && !(u < band && w2 > -band);
  if (sure) {
    f.exclusion = Exclusion::sure;
    f.why = front < -band ? "the circle centre is behind the chain segment"
                          : "the circle centre is in a corner region the neighbouring piece owns";
  } else if (!clear) {
    f.exclusion = Exclusion::near;
    f.why = "the circle centre is within the band of the segment's line or a corner region";
  }
}

/// Step P5's axes: the half-plane separation of the other core from the segment's line and
/// each convex neighbour's, and the best admitted face of the other core.
struct Axes {
  double segment = 0.0;  ///< along n1
  std::optional<double> neighbour;
  std::optional<double> face;
  bool faceAlongN1 = false;         ///< the best face's normal is exactly −n1 (parallel faces)
  bool deepestOverSegment = false;  ///< the deepest vertex along n1 projects inside (p1, p2)
};

double halfPlaneSeparation(const Core& other, const QVec& p, const QVec& n) {
  double best = signedDistance(other.vertices.front(), p, n);
  for (const QVec& v : other.vertices)
    best = std::min(best, signedDistance(v, p, n));
  return best;
}

/// Whether the other core's deepest part along n1 (a vertex, or a whole edge when both its
/// ends are deepest) lies over the open segment: it then survives clipping to the segment.
bool deepestOverSegment(const OneSided& s, const Core& other) {
  Q depth = dot(s.n1, other.vertices.front() - s.p1);
  for (const QVec& v : other.vertices)
    depth = std::min(depth, dot(s.n1, v - s.p1));
  const Q ee = dot(s.e, s.e);
  const auto n = other.vertices.size();
  for (std::size_t i = 0; i < n; ++i) {
    const QVec& v = other.vertices[i];
    if (dot(s.n1, v - s.p1) != depth) continue;
    const Q t = dot(v - s.p1, s.e);
    if (t > 0 && t < ee) return true;
    const QVec& w = other.vertices[(i + 1) % n];
    if (n < 2 || dot(s.n1, w - s.p1) != depth) continue;
    const Q u = dot(w - s.p1, s.e);
    if (std::max(t, u) > 0 && std::min(t, u) < ee) return true;  // a deepest edge over it
  }
  return false;
}

Axes axesOf(const OneSided& s, const Core& other) {
  Axes a;
  a.segment = halfPlaneSeparation(other, s.p1, s.n1);
  a.deepestOverSegment = deepestOverSegment(s, other);
  if (s.convex1) a.neighbour = halfPlaneSeparation(other, s.p1, s.n0);
  if (s.convex2) {
    const double w = halfPlaneSeparation(other, s.p2, s.n2);
    a.neighbour = a.neighbour ? std::max(*a.neighbour, w) : w;
  }
  for (int i = 0; i < edgeCount(other); ++i) {
    const QVec m = edgeNormal(other, i);  // outward from the other core, toward the chain
    if (classifyNormal(s, QVec{-m.x, -m.y}) != NormalClass::admit) continue;
    const QVec& v = edgeStart(other, i);
    const double w = std::min(signedDistance(s.p1, v, m), signedDistance(s.p2, v, m));
    if (a.face && w <= *a.face) continue;
    a.face = w;
    a.faceAlongN1 = cross(m, s.n1) == 0;
  }
  return a;
}

/// Step P5: the best axis decides; a convex neighbour's axis winning means no contact.
void satFacts(OneSidedFacts& f, const Core& other, double radius, double margin, double band) {
  const Axes a = axesOf(f.chain, other);
  const double own = std::max(a.segment, a.face.value_or(a.segment));
  if (a.neighbour && *a.neighbour > own + band) {
    f.exclusion = Exclusion::sure;
    f.why = "a convex neighbour's axis separates best: the neighbouring piece owns the contact";
    return;
  }
  if (a.neighbour && *a.neighbour >= own - band) {
    f.exclusion = Exclusion::near;
    f.why = "a convex neighbour's axis is within the band of the best";
    return;
  }
  f.best = own - radius;
  // The segment's face is the reference when its axis wins, or when the winning face of the
  // other shape is parallel to it (the same contact seen from either face).
  const bool segmentWins = !a.face || a.segment > *a.face + band || a.faceAlongN1;
  if (!(segmentWins && a.deepestOverSegment && own - radius < margin - band)) {
    f.statusFree = true;
    f.why = "the contact is clipped to the segment or taken on the other shape's face";
  }
}

bool isVertexOf(const Core& core, const QVec& x) {
  return std::any_of(core.vertices.begin(), core.vertices.end(),
                     [&](const QVec& v) { return v.x == x.x && v.y == x.y; });
}

/// Steps P3–P4: cores apart, centroid in front: the closest direction on the Gauss map.
void closestFacts(OneSidedFacts& f, const Core& chainCore, const Core& other, double radius,
                  double band) {
  const ClosestPoints closest = closestPoints(chainCore, other);
  const QVec d = closest.onOther - closest.onSegment;
  const double distance = sqrtToDouble(closest.distanceSquare);
  const OneSided& s = f.chain;
  const NormalClass type = classifyNormal(s, d);
  // Distance of the other's closest point from a convex corner's boundary ray (n0 or n2).
  const QVec& boundary = dot(d, s.e) <= 0 ? s.n0 : s.n2;
  const bool convex = dot(d, s.e) <= 0 ? s.convex1 : s.convex2;
  const double offBoundary = quotientToDouble(abs(cross(d, boundary)), dot(boundary, boundary));
  if (convex && offBoundary <= band) {
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
    if (!closest.segmentInterior && !isVertexOf(other, closest.onOther)) {
      f.statusFree = true;
      f.why = "a chain vertex against the other shape's face: the neighbour may take it";
    }
  }
}

void polygonFacts(OneSidedFacts& f, const Core& chainCore, const Core& other, double radius,
                  double margin, double band) {
  const OneSided& s = f.chain;
  const QVec centroid = centroidOf(other);
  const double s1 = signedDistance(centroid, s.p1, s.n1);
  const double s0 = s.convex1 ? signedDistance(centroid, s.p1, s.n0) : -INFINITY;
  const double s2 = s.convex2 ? signedDistance(centroid, s.p2, s.n2) : -INFINITY;
  const double front = std::max({s1, s0, s2});
  if (front < -band) {
    f.exclusion = Exclusion::sure;
    f.why = "the centroid is behind the chain segment and every convex neighbour";
    return;
  }
  if (front <= band || std::fabs(s1) <= band) {
    f.exclusion = Exclusion::near;
    f.why = "the centroid is within the band of the segment's or a neighbour's line";
    return;
  }
  const ClosestPoints closest = closestPoints(chainCore, other);
  const double distance = sqrtToDouble(closest.distanceSquare);
  if (s1 > 0 && distance > band) return closestFacts(f, chainCore, other, radius, band);
  if (s1 > 0 && distance > 0) {
    f.exclusion = Exclusion::near;
    f.why = "the cores are within the band of touching";
    return;
  }
  satFacts(f, other, radius, margin, band);
}

// --- Box2D 2.4.1's corner ownership (ChainOwnership::box2d241) ------------------------------

/// How far (sine of the angle) a candidate normal m lies beyond the convex corner on its side
/// (b2CollideEdgeAndPolygon: cross(m, normal0) at v1, cross(normal2, m) at v2, unit vectors);
/// nullopt when that corner is concave (the normal snaps to n1). A normal a right angle or
/// more from the neighbour's normal counts as 1 (beyond any sinTol): 2.4.1's sine test alone
/// would also pass a normal nearly opposite it — the back side −n1 at a flat corner, which is
/// finding 11 (a bug), not this convention.
std::optional<double> sineBeyondCorner(const OneSided& s, const QVec& m) {
  const bool side1 = dot(m, s.e) <= 0;
  if (!(side1 ? s.convex1 : s.convex2)) return std::nullopt;
  const QVec& boundary = side1 ? s.n0 : s.n2;
  const Q turn = side1 ? cross(m, boundary) : cross(boundary, m);
  if (dot(m, boundary) <= 0 && turn >= 0) return 1.0;
  return quotientToDouble(turn, dot(m, m) * dot(boundary, boundary));
}

/// The other core's face axes as b2ComputePolygonSeparation scores them against the segment:
/// the best separation, and among the faces within the band of it whether one may be
/// skipped (beyond sinTol) or admitted (within it, or snapped at a concave corner).
struct FaceAxes241 {
  std::optional<double> best;
  bool mayBeSkipped = false;
  bool mayBeAdmitted = false;
  bool maySnap = false;       ///< a face within the band of the best lies beyond a concave corner
  bool alongN1 = false;       ///< a best face parallel to the segment (the same contact either way)
  double bestAdmitted = 0.0;  ///< best separation over n1 and the admissible faces
};

FaceAxes241 faceAxes241(const OneSided& s, const Core& other, double segment, double band,
                        double sineBand) {
  FaceAxes241 a;
  a.bestAdmitted = segment;
  std::vector<std::pair<double, QVec>> faces;
  for (int i = 0; i < edgeCount(other); ++i) {
    const QVec m = edgeNormal(other, i);  // outward from the other core, toward the chain
    const QVec& v = edgeStart(other, i);
    const double w = std::min(signedDistance(s.p1, v, m), signedDistance(s.p2, v, m));
    faces.emplace_back(w, QVec{-m.x, -m.y});
    a.best = a.best ? std::max(*a.best, w) : w;
  }
  for (const auto& [w, m] : faces) {
    const std::optional<double> beyond = sineBeyondCorner(s, m);
    const bool admissible = !beyond || *beyond <= kBox2dChainSinTol + sineBand;
    if (admissible && beyond) a.bestAdmitted = std::max(a.bestAdmitted, w);
    if (w < *a.best - band) continue;
    a.mayBeSkipped = a.mayBeSkipped || (beyond && *beyond >= kBox2dChainSinTol - sineBand);
    a.mayBeAdmitted = a.mayBeAdmitted || admissible;
    a.maySnap = a.maySnap || !beyond;
    a.alongN1 = a.alongN1 || cross(m, s.n1) == 0;
  }
  return a;
}

/// b2CollideEdgeAndPolygon's one-sided rules (one_sided.h): the centroid against the
/// segment's own line, then the primary axis (n1 or the best face, with the hysteresis) on
/// the Gauss map widened by sinTol at convex corners.
void box2d241Facts(OneSidedFacts& f, const Core& other, double radius, double margin, double band,
                   const OwnershipRules& rules) {
  const OneSided& s = f.chain;
  f.sinTol = kBox2dChainSinTol;
  const double s1 = signedDistance(centroidOf(other), s.p1, s.n1);
  if (s1 < -band) {
    f.exclusion = Exclusion::sure;
    f.why = "the centroid is behind the segment's own line (Box2D 2.4.1 consults no neighbour)";
    return;
  }
  if (s1 <= band) {
    f.exclusion = Exclusion::near;
    f.why = "the centroid is within the band of the segment's line";
    return;
  }
  const double segment = halfPlaneSeparation(other, s.p1, s.n1);
  const FaceAxes241 faces = faceAxes241(s, other, segment, band, rules.sineBand);
  const double lead = std::max(segment, faces.best.value_or(segment));
  const double hysteresis = rules.hysteresis ? rules.hysteresis->axisTieBand(radius - lead) : 0.0;
  const double gap = faces.best ? *faces.best - segment : -INFINITY;
  const bool faceMayLead = gap > hysteresis - band;
  const bool edgeMayLead = gap <= hysteresis + band;
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
  if (!(segmentLeads && deepestOverSegment(s, other) && segment - radius < margin - band)) {
    f.statusFree = true;
    f.why = "the contact is clipped to the segment or taken on the other shape's face";
  }
}

}  // namespace

std::optional<OneSidedFacts> oneSidedFactsOf(const Case& c, const Core& coreA, const Core& coreB,
                                             double margin, double band,
                                             const OwnershipRules& rules) {
  const auto* chainA = std::get_if<ChainSegment>(&c.a);
  const auto* chainB = std::get_if<ChainSegment>(&c.b);
  if ((chainA == nullptr) == (chainB == nullptr)) return std::nullopt;
  OneSidedFacts f;
  f.chainIsA = chainA != nullptr;
  f.chain = f.chainIsA ? oneSidedOf(*chainA, c.xfA) : oneSidedOf(*chainB, c.xfB);
  const Core& chainCore = f.chainIsA ? coreA : coreB;
  const Core& other = f.chainIsA ? coreB : coreA;
  const double radius = toDouble(coreA.radius + coreB.radius);
  if (other.vertices.size() == 1) {
    circleFacts(f, other.vertices.front(), band);
  } else if (rules.ownership == ChainOwnership::box2d241) {
    // 2.4.1 counts a straight corner as convex (b2Cross(edge0, edge1) >= 0).
    f.chain.convex1 = cross(f.chain.p1 - f.chain.g1, f.chain.e) >= 0;
    f.chain.convex2 = cross(f.chain.e, f.chain.g2 - f.chain.p2) >= 0;
    box2d241Facts(f, other, radius, margin, band, rules);
  } else {
    polygonFacts(f, chainCore, other, radius, margin, band);
  }
  return f;
}

bool normalAdmissible(const OneSidedFacts& f, Vec2 normalAtoB, double allowance) {
  const Vec2 m = f.chainIsA ? normalAtoB : -normalAtoB;
  const QVec q = lift(m);
  const OneSided& s = f.chain;
  const double mLen = len(q);
  if (!(mLen > 0)) return false;
  // Within the allowance of a direction: a positive dot and a small sine.
  auto near = [&](const QVec& dir) { return dot(q, dir) > 0 && sineBetween(q, dir) <= allowance; };
  if (f.normalIsN1) return near(s.n1);
  switch (classifyNormal(s, q)) {
    case NormalClass::admit:
      return true;
    case NormalClass::snap:
      return near(s.n1);
    case NormalClass::skip:
      return near(dot(q, s.e) <= 0 ? s.n0 : s.n2) ||
             (f.sinTol > 0 && sineBeyondCorner(s, q).value_or(INFINITY) <= f.sinTol + allowance);
  }
  return false;
}

}  // namespace touche::oracle::exact
