// touche oracle — a small exact geometry layer for judge(): shapes as convex cores with a
// radius, the Minkowski difference of two cores, and exact support/line queries.
//
// Every shape is a convex core (a point, a segment or a polygon, world coordinates lifted
// exactly into rationals) swept by a radius: circle = centre + r, capsule = segment + r,
// segment = segment + 0, polygon = polygon + radius. Decisions (inside/outside, which facet,
// contact or not) are exact; lengths are returned as the correctly rounded double of an exact
// value (ties to even), evaluated once at the end, so that the filtered path of judge()
// (filtered.h, case_geometry.h), which rounds correctly as well, gives the same doubles.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <optional>
#include <vector>

#include "touche/core/shapes.h"
#include "touche/core/vec2_of.h"

namespace touche::oracle::exact {

/// Exact rational (GMP), expression templates off so `auto` never dangles.
using Q = boost::multiprecision::number<boost::multiprecision::gmp_rational,
                                        boost::multiprecision::et_off>;

/// A 2D point or vector over a number type: exact rationals (QVec) or filtered values
/// (touche/core/vec2_of.h, with its arithmetic).
template <class N>
using VecOf = Vec2Of<N>;
/// An exact 2D point or vector.
using QVec = VecOf<Q>;
// The vector products by their exact:: names too (exact::dot(n, n)).
using touche::cross;
using touche::dot;

/// Lifts a finite double vector exactly (callers validate first: GMP aborts on NaN).
template <class N>
VecOf<N> liftAs(Vec2 v) {
  return {N(v.x), N(v.y)};
}
inline QVec lift(Vec2 v) {
  return liftAs<Q>(v);
}

/// The correctly rounded double of q (ties to even; an exact zero is +0).
double toDouble(const Q& q);
/// The correctly rounded √square (square ≥ 0) and w/√g (g > 0), with no intermediate
/// underflow: never a length squared in double (shapes 2^-537 wide would measure 0).
double sqrtToDouble(const Q& square);
double quotientToDouble(const Q& w, const Q& g);
/// The exact square root of a rational square ≥ 0 when it is rational (numerator and
/// denominator perfect squares), else std::nullopt; no double on the way (a square 2^-1200 or
/// 2^1200 has no double).
std::optional<Q> rationalSqrt(const Q& square);
/// The same with the accuracy the filtered overloads may settle for (filtered.h, Step 5b):
/// exact rationals always round correctly.
inline double toDouble(const Q& q, double /*accuracy*/) {
  return toDouble(q);
}
inline double sqrtToDouble(const Q& square, double /*accuracy*/) {
  return sqrtToDouble(square);
}
inline double quotientToDouble(const Q& w, const Q& g, double /*accuracy*/) {
  return quotientToDouble(w, g);
}
/// How accurate a filtered output must be when it cannot be proven correctly rounded
/// (filtered.h, Step 5b): lengths and coordinates, and unit vectors' components. 0: only
/// correctly rounded outputs.
struct Accuracy {
  double length = 0.0;
  double direction = 0.0;
};
/// Sign of w/√g − k (g > 0), by signs and squares.
int signQuotientMinus(const Q& w, const Q& g, const Q& k);

/// The decisions the generic kernels (case_geometry.h) take, on exact rationals: they never
/// fail (the filtered overloads, filtered.h, throw Uncertain instead).
inline int signOf(const Q& q) {
  return q.sign();
}
inline int compareValues(const Q& a, const Q& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}
inline Q minValue(const Q& a, const Q& b) {
  return b < a ? b : a;
}
inline Q maxValue(const Q& a, const Q& b) {
  return a < b ? b : a;
}

/// A convex core swept by a radius. `vertices` has 1 (point), 2 (segment) or ≥ 3 entries
/// (counter-clockwise polygon, no three collinear). Edges of a 2-vertex core run both ways.
template <class N>
struct CoreOf {
  std::vector<VecOf<N>> vertices;
  N radius;
  /// The shape's rotation and its edges in its own frame (edge i = q·local[i] exactly): a
  /// cross product with an edge is taken there (geometry_kernels.h, edgeCross), where an edge
  /// exactly parallel to a direction gives a zero the filter sees as exact.
  Rot q{1.0, 0.0};
  std::vector<VecOf<N>> local;
  bool isPolygonLike() const { return vertices.size() >= 2; }
};
using Core = CoreOf<Q>;

/// The world core of a shape; `skin` is added to the radius of polygons and segments
/// (case_geometry.h, coreOfAs, for any number type).
Core coreOf(const Shape& shape, const Transform& xf, double skin);

/// Edge i of a core: from vertex i to vertex i+1 (mod count); for a 2-vertex core edge 0 is
/// p1→p2 and edge 1 is p2→p1. A 1-vertex core has no edge.
template <class N>
int edgeCount(const CoreOf<N>& core) {
  return core.vertices.size() < 2 ? 0 : static_cast<int>(core.vertices.size());
}
template <class N>
const VecOf<N>& edgeStart(const CoreOf<N>& core, int i) {
  return core.vertices[static_cast<std::size_t>(i)];
}
template <class N>
const VecOf<N>& edgeEnd(const CoreOf<N>& core, int i) {
  return core.vertices[(static_cast<std::size_t>(i) + 1) % core.vertices.size()];
}
/// The outward (unnormalised) normal of edge i: the edge rotated clockwise.
template <class N>
VecOf<N> edgeNormal(const CoreOf<N>& core, int i) {
  const VecOf<N> e = edgeEnd(core, i) - edgeStart(core, i);
  return {e.y, -e.x};
}

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

}  // namespace touche::oracle::exact
