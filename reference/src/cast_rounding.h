// touche reference — the correctly rounded square root of a single-radical form, √(a + b·√g),
// for the cast's feature gap: the distance |u·k|/|k| of a centre u = α + β·√D (on an arc)
// from a region boundary with normal k is √((α + β·√D)²/(k·k)), a nested radical.
//
// Derivation (rounding.h's "candidate, then prove", one level up): both √(a + b·√g) and a
// midpoint μ ≥ 0 between doubles are non-negative, so √(a + b·√g) ≷ μ ⟺ a + b·√g ≷ μ², a
// comparison of a single-radical form with a rational — exact (exact.h). The candidate comes
// from MPFR; the proof moves it by one ulp until it is inside its half-ulp interval.
#pragma once

#include "approx.h"
#include "exact.h"

namespace touche::reference {

/// The double nearest to √(a + b·√g) (ties to even); the form must be ≥ 0. Provably correct.
double roundNearestRoot(const SqrtForm& square);

/// The same for the filter: the proven nearest double of the enclosure, or Uncertain.
inline double roundNearestRoot(const SqrtFormOf<Approx>& square) {
  const Approx value = evaluate(square);
  if (value.hi == 0 && value.lo == 0 && value.err == 0) return 0.0;
  return roundNearest(sqrt(value));
}

}  // namespace touche::reference
