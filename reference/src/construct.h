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
#pragma once

#include <array>
#include <optional>

#include "exact.h"
#include "touche/core/manifold.h"
#include "touche/core/shapes.h"

namespace touche::reference {

/// A polygon with its vertices mapped exactly into the world frame.
struct WorldPolygon {
  std::array<ExactVec2, kMaxPolygonVertices> vertices;
  int count = 0;
  Rational radius;
};

WorldPolygon toWorldExact(const Polygon& polygon, const Transform& xf);

/// Index of the vertex after i (face i runs from vertex i to vertex next(i)).
inline int nextIndex(int i, int count) {
  return i + 1 < count ? i + 1 : 0;
}

/// A polygon face: its first vertex v1 and its exact outward normal direction m = rightPerp of
/// the edge (not unit; |m|² = g).
struct Face {
  ExactVec2 v1;
  ExactVec2 m;
  Rational g;
};

/// Face i of p (from vertex i to vertex i + 1).
Face faceOf(const WorldPolygon& p, int i);

/// The exact result of one contact construction.
struct ExactContact {
  SqrtVec2 normal;      ///< unit, A → B
  SqrtVec2 point;       ///< midway between the surfaces
  SqrtForm separation;  ///< signed distance between the surfaces along normal
};

/// Two round features: centre xA with radius rA, centre xB with radius rB, measured along the
/// (non-zero, unnormalised) direction; normally direction = xB − xA.
ExactContact roundContact(const ExactVec2& xA, const Rational& rA, const ExactVec2& xB,
                          const Rational& rB, const ExactVec2& direction);

/// A face (first vertex v1, outward normal direction m, radius rFace) and a point x on the
/// other core (radius rOther). The normal points from the face's shape to the other shape.
ExactContact faceContact(const ExactVec2& v1, const ExactVec2& m, const Rational& rFace,
                         const ExactVec2& x, const Rational& rOther);

/// True when the separation is within the margin (touching exactly at the margin counts).
bool withinMargin(const SqrtForm& separation, const Rational& margin);

/// |separation − margin| for DecisionGaps::contact (faithfully rounded diagnostic).
double contactGap(const SqrtForm& separation, const Rational& margin);

/// The smallest of some distances |w|/√g (g > 0), kept exact until it is rounded: the gaps
/// DecisionGaps::clip and ::region are minima of distances from a point to a line, where
/// w = dot(x − o, m) for the line through o with normal direction m and g = m·m.
class MinDistance {
 public:
  /// Offers the distance |w|/√g; ignored when g = 0 (no line).
  void offer(const Rational& w, const Rational& g);
  /// The smallest distance offered, rounded to the nearest double; empty if none was offered.
  std::optional<double> rounded() const;

 private:
  std::optional<Rational> w_;  ///< |w| of the smallest distance so far
  Rational g_;
};

/// |d| = √(d·d) rounded to the nearest double: DecisionGaps::normal for a normal built from d.
double lengthGap(const ExactVec2& d);

/// Rounds an exact contact into a manifold point with the given feature id.
ManifoldPoint roundPoint(const ExactContact& contact, FeatureId id);

/// A contact manifold with one point.
Manifold singlePointManifold(const ExactContact& contact, FeatureId id);

}  // namespace touche::reference
