// touche oracle — a small exact geometry layer for judge(): shapes as convex cores with a
// radius, the Minkowski difference of two cores, and exact support/line queries.
//
// Every shape is a convex core (a point, a segment or a polygon, world coordinates lifted
// exactly into rationals) swept by a radius: circle = centre + r, capsule = segment + r,
// segment = segment + 0, polygon = polygon + radius. Decisions (inside/outside, which facet,
// contact or not) are exact; lengths are returned as the square root of an exact rational,
// evaluated once at the end (judge() compares them with tolerances far above one rounding).
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <vector>

#include "touche/core/shapes.h"

namespace touche::oracle::exact {

/// Exact rational (GMP), expression templates off so `auto` never dangles.
using Q = boost::multiprecision::number<boost::multiprecision::gmp_rational,
                                        boost::multiprecision::et_off>;

/// An exact 2D point or vector.
struct QVec {
  Q x;
  Q y;
};

QVec operator+(const QVec& a, const QVec& b);
QVec operator-(const QVec& a, const QVec& b);
Q dot(const QVec& a, const QVec& b);
Q cross(const QVec& a, const QVec& b);
/// Lifts a finite double vector exactly (callers validate first: GMP aborts on NaN).
QVec lift(Vec2 v);
/// The double nearest-ish to q (one rounding; judge() tolerances are far coarser).
double toDouble(const Q& q);
/// √square (square ≥ 0) and w/√g (g > 0), nearest-ish, with no intermediate underflow: never
/// a length squared in double (shapes 2^-537 wide would measure 0).
double sqrtToDouble(const Q& square);
double quotientToDouble(const Q& w, const Q& g);

/// A convex core swept by a radius. `vertices` has 1 (point), 2 (segment) or ≥ 3 entries
/// (counter-clockwise polygon, no three collinear). Edges of a 2-vertex core run both ways.
struct Core {
  std::vector<QVec> vertices;
  Q radius;
  bool isPolygonLike() const { return vertices.size() >= 2; }
};

/// The world core of a shape; `skin` is added to the radius of polygons and segments.
Core coreOf(const Shape& shape, const Transform& xf, double skin);

/// Edge i of a core: from vertex i to vertex i+1 (mod count); for a 2-vertex core edge 0 is
/// p1→p2 and edge 1 is p2→p1. A 1-vertex core has no edge.
int edgeCount(const Core& core);
QVec edgeStart(const Core& core, int i);
QVec edgeEnd(const Core& core, int i);
/// The outward (unnormalised) normal of edge i: the edge rotated clockwise.
QVec edgeNormal(const Core& core, int i);

/// Convex hull (counter-clockwise, no collinear vertices) of {b − a : a in A, b in B}: the
/// Minkowski difference of two cores. 1, 2 or ≥ 3 vertices.
std::vector<QVec> minkowskiDifference(const Core& a, const Core& b);

/// The signed distance of the origin from a convex set given by its hull (positive outside,
/// negative inside, zero on the boundary) as sign·√square.
struct SignedLength {
  int sign = 0;
  Q square;
  double value() const;
};
SignedLength signedDistanceOfOrigin(const std::vector<QVec>& hull);

/// The point of the hull's boundary closest to the origin (the hull's only point when it has
/// one): from the origin, the direction in which the cores are farthest apart when they are.
QVec closestPointToOrigin(const std::vector<QVec>& hull);

/// min over the hull of dot(n, d): the separation of the cores along the unnormalised n.
Q minDot(const std::vector<QVec>& hull, const QVec& n);

/// Where the line x + t·n meets a core: [tMin, tMax] when it does (hit). Otherwise the core
/// vertices within `window` (a length) of the nearest one's distance from the line stand in:
/// [tMin, tMax] spans their parameters, and missDistance is the nearest one's distance.
struct LineHit {
  bool hit = false;
  Q tMin;
  Q tMax;
  double missDistance = 0.0;  ///< 0 when hit
};
LineHit intersectLine(const Core& core, const QVec& x, const QVec& n, double window);

/// Distance from a point to the line x + t·n (rounded once).
double distanceToLine(const QVec& p, const QVec& x, const QVec& n);
/// Distance from segment [p, q] to the line x + t·n (0 when they cross).
double segmentDistanceToLine(const QVec& p, const QVec& q, const QVec& x, const QVec& n);

// --- one-sided chain segments (docs/derivations/chain-segment.md) ---------------------------

/// A chain segment p1 → p2 with ghosts g1 (before p1) and g2 (after p2), in the world frame.
/// It collides on its right only: n1 = rightPerp(p2 − p1). The corner at p1 is convex when
/// the chain turns strictly left there (cross(p1 − g1, p2 − p1) > 0); its neighbour's normal
/// n0 = rightPerp(p1 − g1); likewise at p2 with n2 = rightPerp(g2 − p2). Normals unnormalised.
struct OneSided {
  QVec g1, p1, p2, g2;
  QVec e;   ///< p2 − p1
  QVec n0;  ///< the previous piece's normal
  QVec n1;  ///< the segment's normal (the solid side is behind it)
  QVec n2;  ///< the next piece's normal
  bool convex1 = false;
  bool convex2 = false;
};
OneSided oneSidedOf(const ChainSegment& chain, const Transform& xf);

/// Where a candidate normal m (from the chain toward the other shape) falls on the corner's
/// Gauss map: `admit` inside the chain segment's normal arc (from n0 at a convex p1, else n1,
/// through n1, to n2 at a convex p2, else n1); `skip` beyond a convex corner's neighbour
/// normal (that neighbour owns the contact); `snap` beyond n1 at a concave or flat corner
/// (the contact is taken along n1).
enum class NormalClass { skip, admit, snap };
NormalClass classifyNormal(const OneSided& chain, const QVec& m);

/// The area centroid of a polygon core, the midpoint of a two-vertex core, the point itself.
QVec centroidOf(const Core& core);

/// The closest points of a segment core (2 vertices) and another core, when they are apart.
struct ClosestPoints {
  Q distanceSquare;  ///< 0 when the cores touch or overlap
  QVec onSegment;
  QVec onOther;
  bool segmentInterior = false;  ///< the segment's point lies strictly between its ends
};
ClosestPoints closestPoints(const Core& segment, const Core& other);

}  // namespace touche::oracle::exact
