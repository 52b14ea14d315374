// touche reference — exact constructions shared by every pair: world-frame shapes, the
// contact between two round features (circle centres, polygon vertices) and the contact
// between a face and a point. Each construction returns exact single-radical forms; rounding
// happens once, when a ManifoldPoint is filled (rounding.h).
//
// Derivation (design notes §3, the midpoint rule): with unit normal n from feature A to B, the
// surface points are xA + rA·n and xB − rB·n; the reported point is their midpoint and the
// separation is dot(xB − xA, n) − rA − rB. For a face with outward normal direction m
// (|m|² = g) and a point x of the other core, sepRaw = dot(x − v1, m)/√g = w/√g and
//   point = x + ½(rFace − rOther − sepRaw)·m/√g = x − ½(w/g)·m + ½(rFace − rOther)(m/g)·√g,
// rational + rational·√g: the radical never has to be evaluated to construct it.
//
// Every construction is a template over the number type N: Rational (exact) or Approx
// (approx.h: double-double with an error bound, whose rounding throws Uncertain when it cannot
// prove the nearest double). One code path; the overloads of dot, sign, compare, roundNearest
// and approximate for each N (exact.h and rounding.h, approx.h) do the arithmetic.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <type_traits>

#include "exact.h"
#include "rounding.h"
#include "touche/core/manifold.h"
#include "touche/core/shapes.h"

namespace touche::reference {

/// A scalar argument of number type N that is not used to deduce N (literals convert).
template <class N>
using Scalar = std::type_identity_t<N>;

/// A polygon with its vertices mapped into the world frame (exactly for Rational).
template <class N>
struct WorldPolygonOf {
  std::array<Vec2Of<N>, kMaxPolygonVertices> vertices;
  int count = 0;
  N radius;
};
using WorldPolygon = WorldPolygonOf<Rational>;

WorldPolygon toWorldExact(const Polygon& polygon, const Transform& xf);

/// Index of the vertex after i (face i runs from vertex i to vertex next(i)).
inline int nextIndex(int i, int count) {
  return i + 1 < count ? i + 1 : 0;
}

/// A polygon face: its first vertex v1 and its outward normal direction m = rightPerp of the
/// edge (not unit; |m|² = g).
template <class N>
struct FaceOf {
  Vec2Of<N> v1;
  Vec2Of<N> m;
  N g;
};
using Face = FaceOf<Rational>;

/// Face i of p (from vertex i to vertex i + 1).
template <class N>
FaceOf<N> faceOf(const WorldPolygonOf<N>& p, int i) {
  const Vec2Of<N>& v1 = p.vertices[i];
  const Vec2Of<N> m = rightPerp(p.vertices[nextIndex(i, p.count)] - v1);
  return {v1, m, dot(m, m)};
}

/// The result of one contact construction (exact for Rational).
template <class N>
struct ContactOf {
  SqrtVec2Of<N> normal;      ///< unit, A → B
  SqrtVec2Of<N> point;       ///< midway between the surfaces
  SqrtFormOf<N> separation;  ///< signed distance between the surfaces along normal
};
using ExactContact = ContactOf<Rational>;

/// Two round features: centre xA with radius rA, centre xB with radius rB, measured along the
/// (non-zero, unnormalised) direction; normally direction = xB − xA.
template <class N>
ContactOf<N> roundContact(const Vec2Of<N>& xA, const Scalar<N>& rA, const Vec2Of<N>& xB,
                          const Scalar<N>& rB, const Vec2Of<N>& direction) {
  // Step 1: n = direction/√g as (direction/g)·√g.
  const N g = dot(direction, direction);
  const Vec2Of<N> unitPart = (N(1) / g) * direction;
  ContactOf<N> contact;
  contact.normal = makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, unitPart, g);
  // Step 2: separation = dot(xB − xA, n) − rA − rB.
  contact.separation = SqrtFormOf<N>{-(rA + rB), dot(xB - xA, unitPart), g};
  // Step 3: midpoint of xA + rA·n and xB − rB·n = ½(xA + xB) + ½(rA − rB)·n.
  const N half(0.5);
  contact.point = makeSqrtVec2(half * (xA + xB), N(half * (rA - rB)) * unitPart, g);
  return contact;
}

/// A face (first vertex v1, outward normal direction m, radius rFace) and a point x on the
/// other core (radius rOther). The normal points from the face's shape to the other shape.
template <class N>
ContactOf<N> faceContact(const Vec2Of<N>& v1, const Vec2Of<N>& m, const Scalar<N>& rFace,
                         const Vec2Of<N>& x, const Scalar<N>& rOther) {
  // Step 1: n = m/√g; sepRaw = w/√g with w = dot(x − v1, m).
  const N g = dot(m, m);
  const Vec2Of<N> unitPart = (N(1) / g) * m;
  const N w = dot(x - v1, m);
  ContactOf<N> contact;
  contact.normal = makeSqrtVec2(Vec2Of<N>{N(0), N(0)}, unitPart, g);
  // Step 2: separation = sepRaw − rFace − rOther.
  contact.separation = SqrtFormOf<N>{-(rFace + rOther), w / g, g};
  // Step 3: point = x − ½(w/g)·m + ½(rFace − rOther)·(m/g)·√g.
  const N half(0.5);
  contact.point =
      makeSqrtVec2(x - N(half * w) * unitPart, N(half * (rFace - rOther)) * unitPart, g);
  return contact;
}

/// True when the separation is within the margin (touching exactly at the margin counts).
template <class N>
bool withinMargin(const SqrtFormOf<N>& separation, const N& margin) {
  return compare(separation, margin) <= 0;
}

/// |separation − margin| for DecisionGaps::contact (faithfully rounded diagnostic).
template <class N>
double contactGap(const SqrtFormOf<N>& separation, const N& margin) {
  return std::fabs(approximate(SqrtFormOf<N>{separation.a - margin, separation.b, separation.g}));
}

/// The smallest of some distances |w|/√g (g > 0), kept exact until it is rounded: the gaps
/// DecisionGaps::clip and ::region are minima of distances from a point to a line, where
/// w = dot(x − o, m) for the line through o with normal direction m and g = m·m.
template <class N>
class MinDistanceOf {
 public:
  /// Offers the distance |w|/√g; ignored when g = 0 (no line).
  void offer(const N& w, const N& g) {
    if (sign(g) == 0) return;
    const N magnitude = sign(w) < 0 ? N(-w) : w;
    if (w_ && compareQuotients(magnitude, g, *w_, g_) >= 0) return;
    w_ = magnitude;
    g_ = g;
  }
  /// The smallest distance offered, rounded to the nearest double; empty if none was offered.
  std::optional<double> rounded() const {
    if (!w_) return std::nullopt;
    return roundNearest(quotient(*w_, g_));
  }

 private:
  std::optional<N> w_;  ///< |w| of the smallest distance so far
  N g_;
};
using MinDistance = MinDistanceOf<Rational>;

/// |d| = √(d·d) rounded to the nearest double: DecisionGaps::normal for a normal built from d.
template <class N>
double lengthGap(const Vec2Of<N>& d) {
  return roundNearest(SqrtFormOf<N>{N(0), N(1), dot(d, d)});
}

/// Rounds a contact into a manifold point with the given feature id.
template <class N>
ManifoldPoint roundPoint(const ContactOf<N>& contact, FeatureId id) {
  return ManifoldPoint{roundNearest(contact.point), roundNearest(contact.separation), id};
}

/// A contact manifold with one point.
template <class N>
Manifold singlePointManifold(const ContactOf<N>& contact, FeatureId id) {
  Manifold m;
  m.status = Status::contact;
  m.normal = roundNearest(contact.normal);
  m.pointCount = 1;
  m.points[0] = roundPoint(contact, id);
  return m;
}

}  // namespace touche::reference
