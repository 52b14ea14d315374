// touche reference — correct rounding of rationals and single-radical forms to double.
//
// Derivation (the classic "candidate, then prove" scheme of correctly rounded libraries):
//   Step 1: decide the exact sign; an exact zero is +0.
//   Step 2: get a candidate double from MPFR without cancellation: a + b·√g directly when a
//           and b have the same sign, else (a² − b²·g) / (a − b·√g), whose denominator adds two
//           terms of the same sign.
//   Step 3: prove it: with d⁻ < d < d⁺ the neighbouring doubles, the exact value must lie in
//           [(d⁻ + d)/2, (d + d⁺)/2]; a value on a midpoint goes to the even neighbour. Each
//           midpoint is an exact rational, so the comparison is an exact sign (exact.h). Step
//           by one ulp until the candidate is proven. Beyond the largest double, the midpoint
//           with "infinity" is DBL_MAX + 2^970 (IEEE overflow threshold).
#include "rounding.h"

#include <mpfr.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "mpfr_value.h"

namespace touche::reference {
namespace {

void setRational(mpfr_ptr out, const Rational& q) {
  mpfr_set_q(out, q.backend().data(), MPFR_RNDN);
}

/// a + b·√g at `precision` bits, rewritten to avoid cancellation (Step 2).
void evaluate(mpfr_ptr out, const SqrtForm& v, mpfr_prec_t precision) {
  Mpfr root(precision);
  Mpfr term(precision);
  setRational(root.get(), v.g);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  setRational(term.get(), v.b);
  mpfr_mul(term.get(), term.get(), root.get(), MPFR_RNDN);  // b·√g
  Mpfr a(precision);
  setRational(a.get(), v.a);
  if (sign(v.a) * sign(v.b) >= 0) {
    mpfr_add(out, a.get(), term.get(), MPFR_RNDN);
    return;
  }
  Mpfr numerator(precision);
  setRational(numerator.get(), Rational(v.a * v.a - v.b * v.b * v.g));
  mpfr_sub(term.get(), a.get(), term.get(), MPFR_RNDN);  // a − b·√g: same-sign terms
  mpfr_div(out, numerator.get(), term.get(), MPFR_RNDN);
}

}  // namespace

bool hasEvenSignificand(double d) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  return (bits & 1u) == 0;
}

Rational midpointToward(double d, double direction) {
  const double next = std::nextafter(d, direction);
  if (std::isinf(next)) return Rational(d) + Rational(std::copysign(0x1p970, d));
  return (Rational(d) + Rational(next)) / 2;
}

double roundNearest(const SqrtForm& value) {
  // A negative radicand is a construction error; refuse it before MPFR would return NaN.
  if (sign(value.g) < 0) throw NonFiniteValue("negative radicand in a + b·√g");
  // Step 1: exact sign; zero is +0, a tiny value keeps its sign when it rounds to zero.
  const int s = sign(value);
  if (s == 0) return 0.0;
  // Step 2: candidate.
  Mpfr approx(128);
  evaluate(approx.get(), value, 128);
  const double candidate = mpfr_get_d(approx.get(), MPFR_RNDN);
  // Step 3: proof.
  const auto compareTo = [&](const Rational& midpoint) { return compare(value, midpoint); };
  const double d = *proveNearest(compareTo, candidate, std::numeric_limits<int>::max() - 1);
  return d == 0.0 ? std::copysign(0.0, s) : d;
}

double roundNearest(const Rational& q) {
  return roundNearest(SqrtForm{q, 0, 0});
}

Vec2 roundNearest(const ExactVec2& v) {
  return {roundNearest(v.x), roundNearest(v.y)};
}

Vec2 roundNearest(const SqrtVec2& v) {
  return {roundNearest(v.x), roundNearest(v.y)};
}

double approximate(const SqrtForm& value) {
  if (sign(value.g) < 0) throw NonFiniteValue("negative radicand in a + b·√g");
  if (sign(value) == 0) return 0.0;
  Mpfr approx(256);
  evaluate(approx.get(), value, 256);
  return mpfr_get_d(approx.get(), MPFR_RNDN);
}

double approximateDifference(const SqrtForm& x, const SqrtForm& y) {
  if (compare(x, y) == 0) return 0.0;
  Mpfr left(512);
  Mpfr right(512);
  evaluate(left.get(), x, 512);
  evaluate(right.get(), y, 512);
  mpfr_sub(left.get(), left.get(), right.get(), MPFR_RNDN);
  return mpfr_get_d(left.get(), MPFR_RNDN);
}

}  // namespace touche::reference
