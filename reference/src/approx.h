// touche reference — double-double numbers with a rigorous error bound, for the filtered
// constructions (design notes §4: filter first, exact only when uncertain).
//
// Derivation (Dekker / Knuth error-free transformations; Shewchuk's and CGAL's filters):
//   Step 1: an Approx is a double-double hi + lo (|lo| ≤ ulp(hi)/2) and a bound err ≥ 0 with
//           |exact − (hi + lo)| ≤ err. Input doubles are exact (err = 0).
//   Step 2: each operation computes the double-double result with TwoSum / TwoProduct (FMA)
//           and adds to err the propagated input errors and its own rounding error, bounded
//           by 2^-96 relative to the operands' magnitudes (the true bounds are below 2^-100)
//           plus 2^-1000 absolute for products and quotients (underflow). The bound itself is
//           evaluated in double and then enlarged by the factor 1 + 2^-40 and by 2^-1068
//           absolute, which cover the roundings of its own few operations: relative ones, and
//           the absolute loss (at most 2^-1075 each) of those that underflow. Only a result
//           with exact inputs and no rounding of its own keeps the bound 0 (an underflowing
//           propagated error, e.g. 2^-600 · 2^-1000, is not zero: it once made a product of a
//           tiny enclosure look exact, and polygons 2^-300 wide took a wrong SAT axis).
//   Step 3: a sign is certain when |hi + lo| > err; otherwise Uncertain is thrown and the exact
//           rationals decide (interval.h's protocol).
//   Step 4: a value is correctly rounded without knowing it exactly when its whole enclosure
//           [hi + lo − err, hi + lo + err] lies strictly inside the rounding interval of hi
//           (between the midpoints to hi's neighbours); otherwise Uncertain. A correctly rounded
//           result of the exact path is then the same double, and so is a 256- or 512-bit MPFR
//           approximation rounded to nearest (its error is far below the margin).
#pragma once

#include <atomic>
#include <cmath>
#include <cstdint>

#include "exact.h"
#include "interval.h"
#include "touche/core/manifold.h"

namespace touche::reference {

/// A real number enclosed as a double-double value and an absolute error bound.
struct Approx {
  double hi = 0.0;
  double lo = 0.0;
  double err = 0.0;
  Approx() = default;
  /// The exact double x (implicit: literals and inputs lift exactly).
  Approx(double x) : hi(x) {}  // NOLINT(google-explicit-constructor)
  Approx(double h, double l, double e) : hi(h), lo(l), err(e) {}
};

namespace approx_detail {

inline constexpr double kRelative = 0x1p-96;
inline constexpr double kTiny = 0x1p-1000;
/// 2^7 times the largest absolute loss of one underflowing operation (2^-1075): room for the
/// few operations that evaluate a bound.
inline constexpr double kUnderflow = 0x1p-1068;

/// The bound b enlarged to cover the roundings of its own evaluation (Step 2). `inexact`:
/// some input error or own rounding error is nonzero in exact arithmetic, so the bound must
/// be positive even when its evaluation underflowed to 0.
inline double upward(double b, bool inexact) {
  return inexact ? b * (1 + 0x1p-40) + kUnderflow : 0.0;
}

/// TwoSum: s + e = a + b exactly.
inline Approx twoSum(double a, double b, double err) {
  const double s = a + b;
  const double bb = s - a;
  const double e = (a - (s - bb)) + (b - bb);
  return {s, e, err};
}

}  // namespace approx_detail

inline Approx operator-(const Approx& a) {
  return {-a.hi, -a.lo, a.err};
}

inline Approx operator+(const Approx& a, const Approx& b) {
  using namespace approx_detail;
  const Approx s = twoSum(a.hi, b.hi, 0);
  const Approx r = twoSum(s.hi, s.lo + (a.lo + b.lo), 0);
  const double own = (a.lo == 0 && b.lo == 0) ? 0 : kRelative * (std::fabs(a.hi) + std::fabs(b.hi));
  const bool inexact = a.err > 0 || b.err > 0 || own > 0;
  return {r.hi, r.lo, upward(a.err + b.err + own, inexact)};
}

inline Approx operator-(const Approx& a, const Approx& b) {
  return a + (-b);
}

inline Approx operator*(const Approx& a, const Approx& b) {
  using namespace approx_detail;
  const double p = a.hi * b.hi;
  const double e = std::fma(a.hi, b.hi, -p) + (a.hi * b.lo + a.lo * b.hi);
  const Approx r = twoSum(p, e, 0);
  const double magA = std::fabs(a.hi) * (1 + 0x1p-50);
  const double magB = std::fabs(b.hi) * (1 + 0x1p-50);
  const double propagated = magA * b.err + magB * a.err + a.err * b.err;
  // Two doubles multiply exactly into hi + lo unless the product underflows.
  const bool exact =
      a.lo == 0 && b.lo == 0 && (p == 0 ? (a.hi == 0 || b.hi == 0) : std::fabs(p) > 0x1p-900);
  const double own = exact ? 0 : kRelative * std::fabs(p) + kTiny;
  const bool inexact = a.err > 0 || b.err > 0 || !exact;
  return {r.hi, r.lo, upward(propagated + own, inexact)};
}

inline Approx operator/(const Approx& a, const Approx& b) {
  using namespace approx_detail;
  const double magB = std::fabs(b.hi) * (1 - 0x1p-50);
  if (!(magB > b.err)) throw Uncertain{};  // the divisor's enclosure may contain 0
  const double q1 = a.hi / b.hi;
  const Approx rest = Approx(a.hi, a.lo, 0) - Approx(q1) * Approx(b.hi, b.lo, 0);
  // An exact quotient of exact values stays exact (the remainder is certainly zero).
  if (a.err == 0 && b.err == 0 && rest.err == 0 && rest.hi == 0) return {q1, 0, 0};
  const Approx r = twoSum(q1, rest.hi / b.hi, 0);
  const double q = std::fabs(q1) * (1 + 0x1p-50);
  // |A/B − ã/b̃| ≤ (err_a + |ã/b̃|·err_b)/(|b̃| − err_b); own: the remainder's error over |b̃|
  // and the dropped low parts.
  const double propagated = (a.err + q * b.err) / (magB - b.err);
  const double own = rest.err / magB + kRelative * q + kTiny;
  return {r.hi, r.lo, upward(propagated + own, true)};
}

/// √a for a whose exact value is ≥ 0 (a radicand). Uncertain when the enclosure reaches 0.
inline Approx sqrt(const Approx& a) {
  using namespace approx_detail;
  if (a.hi == 0 && a.lo == 0 && a.err == 0) return {};
  if (!(a.hi * (1 - 0x1p-50) > a.err)) throw Uncertain{};
  const double s = std::sqrt(a.hi);
  const Approx square = Approx(s) * Approx(s);
  // An exact square root of an exact value stays exact (s·s is certainly a).
  if (a.err == 0 && square.err == 0 && square.hi == a.hi && square.lo == a.lo) return {s, 0, 0};
  const double correction = ((a.hi - square.hi) - square.lo + a.lo) / (2 * s);
  const Approx r = twoSum(s, correction, 0);
  // |√A − √ã| = |A − ã|/(√A + √ã) ≤ err/√ã; own error below 2^-100·√ã.
  const double propagated = a.err / (s * (1 - 0x1p-50));
  return {r.hi, r.lo, upward(propagated + kRelative * 4 * s + kTiny, true)};
}

/// The certain sign of the enclosed value (Step 3); throws Uncertain.
inline int sign(const Approx& a) {
  if (a.err == 0 && a.hi == 0) return 0;
  if (std::fabs(a.hi) * (1 - 0x1p-50) > a.err) return a.hi > 0 ? 1 : -1;
  throw Uncertain{};
}

/// The enclosure of min(a, b), for the certain comparison. The difference of the high parts
/// decides at once when it exceeds both errors and both low parts (|lo| ≤ 2^-53·|hi|) with
/// room for its own rounding; otherwise the full difference does.
inline Approx minOf(const Approx& a, const Approx& b) {
  const double d = b.hi - a.hi;
  const double slack =
      approx_detail::upward(a.err + b.err + 0x1p-50 * (std::fabs(a.hi) + std::fabs(b.hi)), true);
  if (d > slack) return a;
  if (-d > slack) return b;
  return sign(b - a) < 0 ? b : a;
}

/// The correctly rounded double of the enclosed value (Step 4); throws Uncertain. An exact
/// zero is +0, like the exact path.
inline double roundNearest(const Approx& a) {
  if (!std::isfinite(a.hi)) throw Uncertain{};
  if (a.err == 0 && a.lo == 0) return a.hi == 0 ? 0.0 : a.hi;
  const double d = a.hi;
  if (d == 0) throw Uncertain{};
  const double halfUp = (std::nextafter(d, HUGE_VAL) - d) / 2;
  const double halfDown = (d - std::nextafter(d, -HUGE_VAL)) / 2;
  const double slack = approx_detail::upward(a.err, a.err > 0);
  if (a.lo + slack < halfUp && a.lo - slack > -halfDown) return d;
  throw Uncertain{};
}

// Vectors and single-radical forms over Approx: the overloads the generic constructions
// (construct.h, polygon_polygon.cpp) call for N = Approx (+, −, k·a, dot and cross: exact.h).
using ApproxVec2 = Vec2Of<Approx>;

inline ApproxVec2 rightPerp(const ApproxVec2& e) {
  return {e.y, -e.x};
}

/// (c·x − s·y + px, s·x + c·y + py) from the exact doubles.
inline ApproxVec2 toWorldApprox(const Transform& xf, Vec2 v) {
  const Approx c = xf.q.c;
  const Approx s = xf.q.s;
  return {c * v.x - s * v.y + xf.p.x, s * v.x + c * v.y + xf.p.y};
}

/// The enclosure of a + b·√g.
inline Approx evaluate(const SqrtFormOf<Approx>& v) {
  if (v.b.hi == 0 && v.b.lo == 0 && v.b.err == 0) return v.a;
  return v.a + v.b * sqrt(v.g);
}

inline int sign(const SqrtFormOf<Approx>& v) {
  return sign(evaluate(v));
}
inline int compare(const SqrtFormOf<Approx>& x, const SqrtFormOf<Approx>& y) {
  return sign(evaluate(x) - evaluate(y));
}
inline int compare(const SqrtFormOf<Approx>& x, const Approx& q) {
  return sign(evaluate(x) - q);
}
/// w1/√g1 against w2/√g2 (g > 0), by signs and squares as in exact.h.
inline int compareQuotients(const Approx& w1, const Approx& g1, const Approx& w2,
                            const Approx& g2) {
  const int s1 = sign(w1);
  const int s2 = sign(w2);
  if (s1 != s2) return s1 > s2 ? 1 : -1;
  if (s1 == 0) return 0;
  const int magnitude = sign(w1 * w1 * g2 - w2 * w2 * g1);
  return s1 > 0 ? magnitude : -magnitude;
}

/// The nearest double of a + b·√g, proven (Step 4) or Uncertain.
inline double roundNearest(const SqrtFormOf<Approx>& v) {
  return roundNearest(evaluate(v));
}
inline Vec2 roundNearest(const SqrtVec2Of<Approx>& v) {
  return {roundNearest(v.x), roundNearest(v.y)};
}
/// rounding.h's approximate(): the nearest double of an MPFR approximation, which is the
/// proven nearest double here (Step 4).
inline double approximate(const SqrtFormOf<Approx>& v) {
  return roundNearest(evaluate(v));
}
/// rounding.h's approximateDifference(): x − y, exactly 0 only when the difference is
/// certainly zero.
inline double approximateDifference(const SqrtFormOf<Approx>& x, const SqrtFormOf<Approx>& y) {
  return roundNearest(evaluate(x) - evaluate(y));
}

/// The filter's switch and counters (reference.h: filterStats, setFilterEnabled): how many
/// filtered queries ran and how many of them the exact path had to redo.
namespace filter_detail {
inline std::atomic<bool> enabled{true};
inline std::atomic<std::uint64_t> calls{0};
inline std::atomic<std::uint64_t> fallbacks{0};
}  // namespace filter_detail

/// Runs `filtered` (Approx) and, when it throws Uncertain, `exact`; counted in filterStats.
/// With the filter off, only `exact` runs.
template <class Filtered, class Exact>
Manifold runFiltered(Filtered filtered, Exact exact) {
  if (!filter_detail::enabled) return exact();
  ++filter_detail::calls;
  try {
    return filtered();
  } catch (const Uncertain&) {
    ++filter_detail::fallbacks;
  }
  return exact();
}

}  // namespace touche::reference
