// touche oracle — the judge's filter: a double-double value with a rigorous bound on its error,
// so that judge() decides and rounds on doubles and uses exact rationals only when a result is
// uncertain (CGAL's lesson; the reference engine's reference/src/approx.h is the same idea).
//
// Derivation (Dekker's and Knuth's error-free transformations, Shewchuk's filters):
//   Step 1: a Bounded is hi + lo (normalised: hi = fl(hi + lo), so |lo| ≤ ulp(hi)/2 and lo = 0
//           when hi = 0) and err ≥ 0 with |exact − (hi + lo)| ≤ err. err = 0 means hi + lo IS
//           the exact value: input doubles, and every operation whose result is provably
//           representable (a sum or product of doubles, a product by an exact zero, a sum whose
//           dropped parts are zero, a quotient with zero remainder). Keeping exactness where it
//           is cheap to prove lets the filter decide exact zeros — axis-aligned edges, shapes
//           exactly touching — instead of falling back on them.
//   Step 2: TwoSum (s + e = a + b exactly, any doubles without overflow) and TwoProduct
//           (p + e = a·b exactly by fma, unless the product is below 2^-960, where e may have
//           lost up to 2^-1075 to underflow). A sum of two double-doubles is the exact sum of
//           four doubles; it is kept as TwoSum(s1, t) and the two parts it drops are measured
//           exactly (their absolute values are the sum's own error). A product of double-doubles
//           drops the low parts' cross roundings and lo·lo: at most 2^-100·|p| (below).
//   Step 3: every error bound is evaluated in double and then widened by the factor 1 + 2^-48
//           and the absolute 2^-1060, which cover the roundings of its own few operations
//           (relative 2^-53 each) and their underflow (2^-1075 each). A result with any input
//           error or own error keeps a bound ≥ 2^-1060: a bound never underflows to 0 and
//           claims exactness it does not have (approx.h's bounds once did).
//   Step 4: a sign is certain when |hi|·(1 − 2^-50) > err (|hi + lo| ≥ |hi|·(1 − 2^-53));
//           otherwise Uncertain is thrown and the caller decides exactly.
//   Step 5: a value rounds to the double hi correctly when its whole enclosure lies strictly
//           inside hi's rounding interval (between the midpoints to hi's neighbours); otherwise
//           Uncertain. The exact path rounds correctly too (exact_geometry.h), so both give the
//           same double, and judge() the same verdict and explanation either way.
//   Step 6: non-finite values (never from valid cases; a manifold's far point could overflow)
//           are uncertain: every decision and rounding checks that hi and err are finite.
#pragma once

#include <cfloat>
#include <cmath>

namespace touche::oracle::filter {

/// Thrown when a filtered decision or rounding is not certain: the exact path decides.
struct Uncertain {};

/// A real number enclosed as a normalised double-double hi + lo and an error bound err.
struct Bounded {
  double hi = 0.0;
  double lo = 0.0;
  double err = 0.0;
  Bounded() = default;
  /// The exact double x.
  explicit Bounded(double x) : hi(x) {}
  Bounded(double h, double l, double e) : hi(h), lo(l), err(e) {}
  /// Known to be exactly zero.
  bool isZero() const { return hi == 0.0 && err == 0.0; }
};

namespace detail {

/// Products smaller than this may lose their low part to underflow (Step 2).
inline constexpr double kUnderflowProduct = 0x1p-960;
/// The absolute loss of one underflowing product or quotient (half the smallest subnormal),
/// rounded up to a power of two.
inline constexpr double kSubnormal = 0x1p-1074;
/// A product's own error relative to |hi·hi| when a low part is nonzero (Step 2).
inline constexpr double kProductRelative = 0x1p-100;

/// Step 3: the bound b, widened to cover its own evaluation. 0 only when nothing is inexact.
inline double widen(double b, bool inexact) {
  return inexact ? b * (1.0 + 0x1p-48) + 0x1p-1060 : 0.0;
}

struct Pair {
  double s;
  double e;
};

/// TwoSum: s + e = a + b exactly (Knuth).
inline Pair twoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

/// TwoProduct: p + e = a·b exactly unless |p| < kUnderflowProduct.
inline Pair twoProduct(double a, double b) {
  const double p = a * b;
  return {p, std::fma(a, b, -p)};
}

/// The exact product of a double and a double-double when it is a double-double (the
/// second product's error and the middle sum's error are zero): multiplications by 1, by
/// powers of two, by small integers of exact coordinates stay exact.
inline bool exactScaled(double a, const Bounded& b, Bounded* out) {
  const Pair p = twoProduct(a, b.hi);
  const Pair q = twoProduct(a, b.lo);
  if (q.e != 0.0 || std::fabs(p.s) < kUnderflowProduct || std::fabs(q.s) < kUnderflowProduct) {
    return false;
  }
  const Pair t = twoSum(p.e, q.s);
  if (t.e != 0.0) return false;
  const Pair r = twoSum(p.s, t.s);
  *out = {r.s, r.e, 0.0};
  return true;
}

}  // namespace detail

inline Bounded operator-(const Bounded& a) {
  return {-a.hi, -a.lo, a.err};
}

inline Bounded operator+(const Bounded& a, const Bounded& b) {
  using namespace detail;
  const bool inputError = a.err > 0.0 || b.err > 0.0;
  if (a.lo == 0.0 && b.lo == 0.0) {  // two doubles: TwoSum is exact
    const Pair s = twoSum(a.hi, b.hi);
    return {s.s, s.e, widen(a.err + b.err, inputError)};
  }
  const Pair s1 = twoSum(a.hi, b.hi);
  const Pair s2 = twoSum(a.lo, b.lo);
  const Pair t = twoSum(s1.e, s2.s);
  const Pair r = twoSum(s1.s, t.s);  // exactly s1 + t; dropped: s2.e + t.e
  const double own = std::fabs(s2.e) + std::fabs(t.e);
  return {r.s, r.e, widen(a.err + b.err + own, inputError || own > 0.0)};
}

inline Bounded operator-(const Bounded& a, const Bounded& b) {
  return a + (-b);
}

inline Bounded operator*(const Bounded& a, const Bounded& b) {
  using namespace detail;
  if (a.isZero() || b.isZero()) return {};
  const bool inputError = a.err > 0.0 || b.err > 0.0;
  // |A·B − ã·b̃| ≤ |ã|·err_b + |b̃|·err_a + err_a·err_b, |ã| ≤ |a.hi|·(1 + 2^-52).
  const double magA = std::fabs(a.hi) * (1.0 + 0x1p-50);
  const double magB = std::fabs(b.hi) * (1.0 + 0x1p-50);
  const double propagated = inputError ? magA * b.err + magB * a.err + a.err * b.err : 0.0;
  Bounded r;
  double own = 0.0;
  if (a.lo == 0.0 && b.lo == 0.0) {
    const Pair p = twoProduct(a.hi, b.hi);
    r = {p.s, p.e, 0.0};
    if (std::fabs(p.s) < kUnderflowProduct) own = kSubnormal;
  } else if (!((a.lo == 0.0 && exactScaled(a.hi, b, &r)) ||
               (b.lo == 0.0 && exactScaled(b.hi, a, &r)))) {
    // |a.lo| ≤ 2^-53·|a.hi|: the cross terms are ≤ 2^-52·|p|, their roundings and the
    // dropped lo·lo ≤ 2^-104·|p| each, the rounding of e + cross ≤ 2^-104·|p|: < 2^-100·|p|,
    // plus 2^-1074 for each of the four products that may underflow.
    const Pair p = twoProduct(a.hi, b.hi);
    const double cross = a.hi * b.lo + a.lo * b.hi;
    const Pair s = twoSum(p.s, p.e + cross);
    r = {s.s, s.e, 0.0};
    own = kProductRelative * std::fabs(p.s) + 4.0 * kSubnormal;
  }
  r.err = widen(propagated + own, inputError || own > 0.0);
  return r;
}

inline Bounded operator/(const Bounded& a, const Bounded& b) {
  using namespace detail;
  // |B| ≥ |b̃| − err_b ≥ |b.hi|·(1 − 2^-52) − err_b: the divisor must certainly be nonzero.
  const double magB = std::fabs(b.hi) * (1.0 - 0x1p-50) - b.err;
  if (!(magB > 0.0) || !std::isfinite(magB)) throw Uncertain{};
  if (a.isZero()) return {};
  const double q1 = a.hi / b.hi;
  // The remainder ã − q1·b̃, from the exact double-doubles: its own error only.
  const Bounded rest = Bounded{a.hi, a.lo, 0.0} - Bounded(q1) * Bounded{b.hi, b.lo, 0.0};
  if (a.err == 0.0 && b.err == 0.0 && rest.isZero()) return Bounded(q1);
  const double q2 = rest.hi / b.hi;
  const Pair r = twoSum(q1, q2);
  // |A/B − ã/b̃| ≤ (err_a + |ã/b̃|·err_b)/|B|, |ã/b̃| ≤ |q1|·(1 + 2^-50); and
  // |ã/b̃ − q1 − q2| = |rest/b̃ − q2| ≤ (err_rest + |rest.lo|)/|b̃| + |q2|·2^-51 with
  // |q2| ≤ 2^-50·|q1|, plus the underflow of q1 and q2.
  const double q = std::fabs(q1) * (1.0 + 0x1p-50);
  const double propagated = (a.err + q * b.err) / magB;
  const double own =
      (rest.err + std::fabs(rest.lo)) / magB + kProductRelative * q + 2.0 * kSubnormal;
  return {r.s, r.e, widen(propagated + own, true)};
}

/// √A for a radicand whose exact value is ≥ 0; Uncertain when the enclosure reaches 0 or the
/// radicand is so small that s·s underflows.
inline Bounded sqrt(const Bounded& a) {
  using namespace detail;
  if (a.isZero()) return {};
  if (!(a.hi * (1.0 - 0x1p-50) > a.err) || a.hi < 0x1p-900 || !std::isfinite(a.hi)) {
    throw Uncertain{};
  }
  const double s = std::sqrt(a.hi);
  const Pair square = twoProduct(s, s);
  // ã − s² exactly up to the rounding of the last sum (a.hi − square.s is exact: Sterbenz).
  const double residual = ((a.hi - square.s) - square.e) + a.lo;
  if (a.err == 0.0 && residual == 0.0 && a.lo == 0.0) return Bounded(s);
  const Pair r = twoSum(s, residual / (2.0 * s));
  // |√A − √ã| ≤ err_a/√ã ≤ err_a/(s·(1 − 2^-50)); one Newton step from s leaves
  // (residual/2s)²/(2s) ≤ 2^-106·s, and the roundings of residual and its quotient ≤ 2^-104·s.
  const double propagated = a.err / (s * (1.0 - 0x1p-50));
  return {r.s, r.e, widen(propagated + kProductRelative * s + kSubnormal, true)};
}

/// |A|: an enclosure of it without deciding the sign (| | does not increase distances).
inline Bounded abs(const Bounded& a) {
  return a.hi < 0.0 ? -a : a;
}

/// Step 4: the certain sign of the value, or Uncertain.
inline int signOf(const Bounded& a) {
  if (!(std::isfinite(a.hi) && std::isfinite(a.err))) throw Uncertain{};
  if (a.err == 0.0 || std::fabs(a.hi) * (1.0 - 0x1p-50) > a.err) {
    return (a.hi > 0.0) - (a.hi < 0.0);
  }
  throw Uncertain{};
}

/// signOf(a − b).
inline int compareValues(const Bounded& a, const Bounded& b) {
  return signOf(a - b);
}

/// The sign of w/√g − k (g > 0), by signs and squares like the exact path
/// (exact_geometry.h, signQuotientMinus): no division and no square root, so exact values —
/// a face exactly at the margin — stay exact and the sign certain.
inline int signQuotientMinus(const Bounded& w, const Bounded& g, const Bounded& k) {
  const int sw = signOf(w);
  const int sk = signOf(k);
  if (sw >= 0 && sk <= 0) return (sw == 0 && sk == 0) ? 0 : 1;
  if (sw <= 0 && sk >= 0) return -1;
  const int bySquares = compareValues(w * w, k * k * g);
  return sw > 0 ? bySquares : -bySquares;
}

/// Step 5: the correctly rounded double of the value, or Uncertain. An exact value (err = 0)
/// is its hi (normalised: hi is the IEEE rounding of hi + lo, ties to even, and an exact zero
/// is +0). Otherwise hi is the correctly rounded value when the whole enclosure lies strictly
/// between the midpoints to hi's neighbours.
///
/// Step 5b: a value judge() only compares with a tolerance (and prints to 4 digits) need not
/// be correctly rounded: when the enclosure excludes 0 and err ≤ `accuracy` (judge.cpp asks for
/// 2^-40 of the tolerance's unit), hi is returned — within err + half an ulp of the exact
/// value, where the exact path's correctly rounded double is within half an ulp. A value that
/// may be exactly 0 is never approximated: the exact path says 0 when it is.
inline double toDouble(const Bounded& a, double accuracy = 0.0) {
  if (!(std::isfinite(a.hi) && std::isfinite(a.err))) throw Uncertain{};
  if (a.err == 0.0) return a.hi + 0.0;
  const double d = a.hi;
  if (d == 0.0 || std::fabs(d) >= DBL_MAX) throw Uncertain{};
  // Half the gaps to the neighbours (exact, or 0 where they would be subnormal halves: then
  // no enclosure fits and only Step 5b can answer).
  const double halfUp = (std::nextafter(d, HUGE_VAL) - d) / 2.0;
  const double halfDown = (d - std::nextafter(d, -HUGE_VAL)) / 2.0;
  const double slack = detail::widen(a.err, true);
  // The sums below round by at most 2^-53 of themselves: compare with room for that.
  if (a.lo + slack < halfUp * (1.0 - 0x1p-50) && a.lo - slack > -halfDown * (1.0 - 0x1p-50)) {
    return d;
  }
  if (slack <= accuracy && std::fabs(d) * (1.0 - 0x1p-50) > slack) return d;
  throw Uncertain{};
}

/// √s (s ≥ 0 exactly), rounded as toDouble.
inline double sqrtToDouble(const Bounded& s, double accuracy = 0.0) {
  return toDouble(sqrt(s), accuracy);
}

/// w/√g (g > 0 exactly), rounded as toDouble.
inline double quotientToDouble(const Bounded& w, const Bounded& g, double accuracy = 0.0) {
  if (w.isZero()) return 0.0;
  return toDouble(w / sqrt(g), accuracy);
}

namespace detail {

/// An enclosure of both values around `a`: its error grown by the distance to `b` and b's
/// error (|a − b| ≤ |a.hi − b.hi| + |a.lo − b.lo|).
inline Bounded around(const Bounded& a, const Bounded& b) {
  const double distance = std::fabs(a.hi - b.hi) * (1.0 + 0x1p-50) + std::fabs(a.lo - b.lo) * 2.0;
  const double err = std::fmax(a.err, distance + b.err);
  return {a.hi, a.lo, widen(err, true)};
}

/// -1 when a is certainly at most b, 1 when b is certainly less, 0 when it is not certain.
/// The high parts decide at once when they differ by more
/// than both errors and low parts (|lo| ≤ 2^-53·|hi|); otherwise the difference does.
inline int order(const Bounded& a, const Bounded& b) {
  if (!(std::isfinite(a.hi) && std::isfinite(a.err) && std::isfinite(b.hi) &&
        std::isfinite(b.err))) {
    throw Uncertain{};
  }
  const double d = b.hi - a.hi;
  const double slack = widen(a.err + b.err + 0x1p-50 * (std::fabs(a.hi) + std::fabs(b.hi)), true);
  if (d > slack) return -1;  // a < b
  if (-d > slack) return 1;  // b < a
  const Bounded difference = b - a;
  if (difference.err == 0.0 || std::fabs(difference.hi) * (1.0 - 0x1p-50) > difference.err) {
    return difference.hi < 0.0 ? 1 : -1;
  }
  return 0;
}

}  // namespace detail

/// An enclosure of min(A, B), without deciding which is smaller: near a tie both enclosures
/// are joined (the value is what judge() needs; the argument never is).
inline Bounded minValue(const Bounded& a, const Bounded& b) {
  const int o = detail::order(a, b);
  if (o < 0) return a;
  if (o > 0) return b;
  return detail::around(a, b);
}

/// An enclosure of max(A, B) (minValue's twin).
inline Bounded maxValue(const Bounded& a, const Bounded& b) {
  const int o = detail::order(a, b);
  if (o < 0) return b;
  if (o > 0) return a;
  return detail::around(a, b);
}

}  // namespace touche::oracle::filter
