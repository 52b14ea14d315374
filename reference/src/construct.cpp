// touche reference — exact constructions shared by every pair (see construct.h for the
// midpoint-rule derivation they implement).
#include "construct.h"

#include <cmath>

#include "rounding.h"

namespace touche::reference {

WorldPolygon toWorldExact(const Polygon& polygon, const Transform& xf) {
  WorldPolygon world;
  world.count = polygon.count;
  world.radius = liftExact(polygon.radius);
  for (int i = 0; i < polygon.count; ++i) {
    world.vertices[i] = toWorldExact(xf, polygon.vertices[i]);
  }
  return world;
}

Face faceOf(const WorldPolygon& p, int i) {
  const ExactVec2& v1 = p.vertices[i];
  const ExactVec2 m = rightPerp(p.vertices[nextIndex(i, p.count)] - v1);
  return {v1, m, dot(m, m)};
}

ExactContact roundContact(const ExactVec2& xA, const Rational& rA, const ExactVec2& xB,
                          const Rational& rB, const ExactVec2& direction) {
  // Step 1: n = direction/√g as (direction/g)·√g.
  const Rational g = dot(direction, direction);
  const ExactVec2 unitPart = (1 / g) * direction;
  ExactContact contact;
  contact.normal = makeSqrtVec2({0, 0}, unitPart, g);
  // Step 2: separation = dot(xB − xA, n) − rA − rB.
  contact.separation = SqrtForm{-(rA + rB), dot(xB - xA, unitPart), g};
  // Step 3: midpoint of xA + rA·n and xB − rB·n = ½(xA + xB) + ½(rA − rB)·n.
  const Rational half(1, 2);
  contact.point = makeSqrtVec2(half * (xA + xB), (half * (rA - rB)) * unitPart, g);
  return contact;
}

ExactContact faceContact(const ExactVec2& v1, const ExactVec2& m, const Rational& rFace,
                         const ExactVec2& x, const Rational& rOther) {
  // Step 1: n = m/√g; sepRaw = w/√g with w = dot(x − v1, m).
  const Rational g = dot(m, m);
  const ExactVec2 unitPart = (1 / g) * m;
  const Rational w = dot(x - v1, m);
  ExactContact contact;
  contact.normal = makeSqrtVec2({0, 0}, unitPart, g);
  // Step 2: separation = sepRaw − rFace − rOther.
  contact.separation = SqrtForm{-(rFace + rOther), w / g, g};
  // Step 3: point = x − ½(w/g)·m + ½(rFace − rOther)·(m/g)·√g.
  const Rational half(1, 2);
  contact.point = makeSqrtVec2(x - (half * w) * unitPart, (half * (rFace - rOther)) * unitPart, g);
  return contact;
}

bool withinMargin(const SqrtForm& separation, const Rational& margin) {
  return compare(separation, margin) <= 0;
}

double contactGap(const SqrtForm& separation, const Rational& margin) {
  return std::fabs(approximate(SqrtForm{separation.a - margin, separation.b, separation.g}));
}

void MinDistance::offer(const Rational& w, const Rational& g) {
  if (sign(g) == 0) return;  // a zero normal direction defines no line
  const Rational magnitude = sign(w) < 0 ? Rational(-w) : w;
  if (w_ && compareQuotients(magnitude, g, *w_, g_) >= 0) return;
  w_ = magnitude;
  g_ = g;
}

std::optional<double> MinDistance::rounded() const {
  if (!w_) return std::nullopt;
  return roundNearest(quotient(*w_, g_));
}

double lengthGap(const ExactVec2& d) {
  return roundNearest(SqrtForm{0, 1, dot(d, d)});
}

ManifoldPoint roundPoint(const ExactContact& contact, FeatureId id) {
  return ManifoldPoint{roundNearest(contact.point), roundNearest(contact.separation), id};
}

Manifold singlePointManifold(const ExactContact& contact, FeatureId id) {
  Manifold m;
  m.status = Status::contact;
  m.normal = roundNearest(contact.normal);
  m.pointCount = 1;
  m.points[0] = roundPoint(contact, id);
  return m;
}

}  // namespace touche::reference
