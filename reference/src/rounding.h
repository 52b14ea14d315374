// touche reference — rounding exact values to doubles.
//
// Outputs are correctly rounded (round to nearest, ties to even), including subnormals and the
// overflow threshold: a candidate comes from MPFR, then the exact value is compared with the
// exact rational midpoints between the candidate and its neighbouring doubles (by squaring for
// the radical part, exact.h) and the candidate moves by one ulp until it is inside its
// half-ulp interval. Neither boost's convert_to<double> (double rounding of subnormals) nor
// mpq_get_d (truncation) is used for a final result.
#pragma once

#include "exact.h"

namespace touche::reference {

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
