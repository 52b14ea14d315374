// touche reference — rounding exact values to doubles.
//
// Outputs are correctly rounded (round to nearest, ties to even), including subnormals and the
// overflow threshold: a candidate comes from MPFR, then the exact value is compared with the
// exact rational midpoints between the candidate and its neighbouring doubles (by squaring for
// the radical part, exact.h) and the candidate moves by one ulp until it is inside its
// half-ulp interval. Neither boost's convert_to<double> (double rounding of subnormals) nor
// mpq_get_d (truncation) is used for a final result.
#pragma once

#include <cfloat>
#include <cmath>
#include <limits>
#include <optional>

#include "exact.h"

namespace touche::reference {

/// True when d's significand is even (the tie-to-even rule's test).
bool hasEvenSignificand(double d);
/// Exact midpoint between d and its neighbour toward `direction` (±inf); the midpoint toward
/// infinity from ±DBL_MAX is the overflow threshold ±(DBL_MAX + 2^970).
Rational midpointToward(double d, double direction);

/// Step 3 of the rounding scheme for any exact number type: `compareTo(m)` is the exact sign
/// of x − m for a rational midpoint m. Moves `candidate` one ulp at a time, at most `maxSteps`
/// times, until x is proven to round to it (ties to even); nothing when it ran out of steps.
template <class CompareTo>
std::optional<double> proveNearest(CompareTo compareTo, double candidate, int maxSteps) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double d = std::isinf(candidate) ? std::copysign(DBL_MAX, candidate) : candidate;
  for (int step = 0; step <= maxSteps; ++step) {
    const int above = compareTo(midpointToward(d, kInf));
    if (above > 0 || (above == 0 && !hasEvenSignificand(d))) {
      d = std::nextafter(d, kInf);
      if (std::isinf(d)) return d;
      continue;
    }
    const int below = compareTo(midpointToward(d, -kInf));
    if (below < 0 || (below == 0 && !hasEvenSignificand(d))) {
      d = std::nextafter(d, -kInf);
      if (std::isinf(d)) return d;
      continue;
    }
    return d;
  }
  return std::nullopt;
}

/// The double nearest to q (ties to even). Provably correct: verified against the midpoints.
double roundNearest(const Rational& q);
/// The double nearest to a + b·√g (ties to even). Provably correct, as above.
double roundNearest(const SqrtForm& value);
/// Coordinate-wise correct rounding.
Vec2 roundNearest(const ExactVec2& v);
Vec2 roundNearest(const SqrtVec2& v);

/// A faithful (not necessarily nearest) double for a diagnostic value: MPFR at 256 bits.
double approximate(const SqrtForm& value);
/// x − y for diagnostics: exactly 0 when x = y (decided exactly), else MPFR at 512 bits.
double approximateDifference(const SqrtForm& x, const SqrtForm& y);

}  // namespace touche::reference
