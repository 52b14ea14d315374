// touche reference — the numbers of the response: a tower of two square roots over the
// rationals, decided exactly and rounded correctly (design notes §4 and §9).
//
// In model source-003 every quantity is rational except the friction tangent's length √(u·u)
// (u the tangential relative velocity), one per manifold point. A clamped friction impulse
// jt·t = jt·u/√(u·u) puts that root into the velocities, so the second point's u·u lives in
// Q(√g) and its root in Q(√g)(√G). Level 1 is Surd1 = a + b·√g (a, b, g rational, g not a
// rational square, so a nonzero Surd1 has an inverse: (a − b√g)/(a² − b²g)); level 2 is
// Surd2 = p + q·√G (p, q, G in level 1; never divided by). A touche manifold has at most two
// points, so two levels suffice. Signs come from signs and squares; nothing is approximated
// to decide.
#pragma once

#include <optional>

#include "exact.h"

namespace touche::reference::response {

/// a + b·√g; g is null while no root is adjoined (then b = 0).
struct Surd1 {
  Rational a = 0;
  Rational b = 0;
  const Rational* g = nullptr;
};

/// p + q·√G; G is null while no second root is adjoined (then q = 0).
struct Surd2 {
  Surd1 p;
  Surd1 q;
  const Surd1* G = nullptr;
};

Surd1 operator+(const Surd1& x, const Surd1& y);
Surd1 operator-(const Surd1& x, const Surd1& y);
Surd1 operator*(const Surd1& x, const Surd1& y);
Surd1 inverse(const Surd1& x);  ///< x ≠ 0
int sign(const Surd1& x);
bool isZero(const Surd1& x);

Surd2 lift(const Rational& q);
Surd2 operator+(const Surd2& x, const Surd2& y);
Surd2 operator-(const Surd2& x, const Surd2& y);
Surd2 operator-(const Surd2& x);
Surd2 operator*(const Surd2& x, const Surd2& y);
/// x / y for y in level 1 (q = 0) and nonzero: level-2 numbers are never divisors.
Surd2 operator/(const Surd2& x, const Surd2& y);
int sign(const Surd2& x);
/// The double nearest to x (ties to even): a candidate from MPFR, proven against the exact
/// rational midpoints to its neighbours (the scheme of rounding.h), precision raised until proven.
/// First an MPFR enclosure of x at 160 bits rounded outward: when both ends round to the same
/// normal double, that is the answer (rounding is monotone); else roundNearestExact.
double roundNearest(const Surd2& x);
/// The proof by exact comparison with the midpoints alone (the filter's fallback; tests).
double roundNearestExact(const Surd2& x);

/// The roots adjoined while responding to one case. Numbers point at its radicands, so it
/// outlives them and never moves.
class Tower {
 public:
  Tower() = default;
  Tower(const Tower&) = delete;
  Tower& operator=(const Tower&) = delete;
  /// √x for x ≥ 0 in level 1 (q = 0): exact when x is a rational square, else the root of
  /// the first free level (the same root again when x is an adjoined radicand).
  Surd2 sqrt(const Surd2& x);

 private:
  std::optional<Rational> g_;
  std::optional<Surd1> G_;
};

}  // namespace touche::reference::response
