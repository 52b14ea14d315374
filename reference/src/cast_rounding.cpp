// touche reference — √(a + b·√g) correctly rounded (cast_rounding.h).
#include "cast_rounding.h"

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

/// A candidate for √(a + b·√g) from MPFR at 128 bits; the form is rewritten as
/// (a² − b²·g)/(a − b·√g) when its two terms have opposite signs, so that it never cancels.
double candidateRoot(const SqrtForm& v) {
  Mpfr root(128), term(128), a(128), out(128);
  setRational(root.get(), v.g);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  setRational(term.get(), v.b);
  mpfr_mul(term.get(), term.get(), root.get(), MPFR_RNDN);  // b·√g
  setRational(a.get(), v.a);
  if (sign(v.a) * sign(v.b) >= 0) {
    mpfr_add(out.get(), a.get(), term.get(), MPFR_RNDN);
  } else {
    setRational(out.get(), Rational(v.a * v.a - v.b * v.b * v.g));
    mpfr_sub(term.get(), a.get(), term.get(), MPFR_RNDN);
    mpfr_div(out.get(), out.get(), term.get(), MPFR_RNDN);
  }
  mpfr_sqrt(out.get(), out.get(), MPFR_RNDN);
  return mpfr_get_d(out.get(), MPFR_RNDN);
}

bool evenSignificand(double d) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  return (bits & 1u) == 0;
}

/// sign(√v − μ) for the midpoint μ = (d + next)/2 ≥ 0: the sign of v − μ².
int compareRootWithMidpoint(const SqrtForm& v, double d, double next) {
  const Rational mid = (Rational(d) + Rational(next)) / 2;
  return compare(v, Rational(mid * mid));
}

}  // namespace

double roundNearestRoot(const SqrtForm& square) {
  if (sign(square) < 0) throw NonFiniteValue("negative value under a square root");
  if (sign(square) == 0) return 0.0;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double d = std::fabs(candidateRoot(square));
  if (std::isinf(d)) d = DBL_MAX;  // a root of a cast's lengths never overflows
  for (;;) {
    const double up = std::nextafter(d, kInf);
    const int above = compareRootWithMidpoint(square, d, up);
    if (above > 0 || (above == 0 && !evenSignificand(d))) {
      d = up;
      continue;
    }
    if (d > 0) {
      const double down = std::nextafter(d, -kInf);
      const int below = compareRootWithMidpoint(square, down, d);
      if (below < 0 || (below == 0 && !evenSignificand(d))) {
        d = down;
        continue;
      }
    }
    return d;
  }
}

}  // namespace touche::reference
