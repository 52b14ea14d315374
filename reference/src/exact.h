// touche reference — the exact number layer: rationals, exact vectors and single-radical forms.
//
// Every double of the input is lifted into a GMP rational exactly (a double is a dyadic
// rational). Decisions are signs of rational expressions or of forms a + b·√g, decided by
// signs and squares; nothing is normalised to decide (design notes §4, CGAL/Shewchuk style:
// predicates here, constructions next to them, rounding in rounding.h).
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <stdexcept>

#include "touche/core/geometry.h"
#include "touche/core/vec2_of.h"

namespace touche::reference {

/// Exact rational number (GMP mpq_t behind boost::multiprecision). Expression templates are
/// off: every intermediate is a plain value, so `auto` never holds a dangling expression.
using Rational = boost::multiprecision::number<boost::multiprecision::gmp_rational,
                                               boost::multiprecision::et_off>;

/// Thrown when a non-finite double would reach GMP. Inputs are validated before they get here;
/// this is the clean error path that replaces the process abort GMP would cause.
struct NonFiniteValue : std::domain_error {
  using std::domain_error::domain_error;
};

/// Lifts a finite double into a rational, exactly. Throws NonFiniteValue for NaN or ±inf.
Rational liftExact(double value);

/// Sign of a rational: −1, 0 or +1.
int sign(const Rational& value);

/// An exact 2D vector or point with rational coordinates.
using ExactVec2 = Vec2Of<Rational>;

/// Lifts a double vector exactly (throws NonFiniteValue on non-finite components).
ExactVec2 liftExact(Vec2 v);

bool operator==(const ExactVec2& a, const ExactVec2& b);
/// The outward normal direction of an edge of a counter-clockwise polygon: (e.y, −e.x).
/// Not unit; its length is √(e·e).
ExactVec2 rightPerp(const ExactVec2& e);

/// Maps a local point into the world frame exactly: (c·x − s·y + px, s·x + c·y + py), with the
/// rotation's (c, s) used as given.
ExactVec2 toWorldExact(const Transform& xf, Vec2 local);

/// The real number a + b·√g with a, b and g ≥ 0 of number type N. Unit normals, separations
/// and contact points of the reference engine all have this form with one radicand g per
/// manifold; SqrtForm is the exact one (rational a, b, g).
template <class N>
struct SqrtFormOf {
  N a;
  N b;
  N g;
};
using SqrtForm = SqrtFormOf<Rational>;

/// A point or vector whose coordinates are single-radical forms sharing the radicand g.
template <class N>
struct SqrtVec2Of {
  SqrtFormOf<N> x;
  SqrtFormOf<N> y;
};
using SqrtVec2 = SqrtVec2Of<Rational>;

/// Builds rational + rational·√g coordinates.
template <class N>
SqrtVec2Of<N> makeSqrtVec2(const Vec2Of<N>& rationalPart, const Vec2Of<N>& radicalPart,
                           const N& g) {
  return {{rationalPart.x, radicalPart.x, g}, {rationalPart.y, radicalPart.y, g}};
}

/// Exact sign of a + b·√g: compares a² with b²·g only when a and b·√g have opposite signs.
int sign(const SqrtForm& value);

/// Exact sign of A + B·√g1 + C·√g2 (g1, g2 ≥ 0): the difference of two single-radical forms.
int signTwoRadicals(const Rational& A, const Rational& B, const Rational& g1, const Rational& C,
                    const Rational& g2);

/// Exact three-way comparison of x and y (−1: x < y, 0: equal, +1: x > y).
int compare(const SqrtForm& x, const SqrtForm& y);
/// Exact three-way comparison of x and the rational q.
int compare(const SqrtForm& x, const Rational& q);

/// Exact three-way comparison of the quotients w1/√g1 and w2/√g2 (g1, g2 > 0) by signs and
/// squares: the separation along an unnormalised edge normal of squared length g is w/√g.
int compareQuotients(const Rational& w1, const Rational& g1, const Rational& w2,
                     const Rational& g2);

/// The quotient w/√g (g > 0) as a single-radical form (w/g)·√g.
template <class N>
SqrtFormOf<N> quotient(const N& w, const N& g) {
  return {N(0), w / g, g};
}

}  // namespace touche::reference
