// touche reference — interval arithmetic for the filter (design notes §4, CGAL's filtered
// kernels): each value is an enclosure [lo, hi] of the exact real computed from exact double
// inputs. Sums and products are rounded to nearest and then widened by one ulp outward unless
// the operation was exact (TwoSum / FMA error zero), so exact zeros stay [0, 0]. A sign that
// the enclosure cannot decide throws Uncertain, and the caller redoes the decision in exact
// rationals. The same generic decision code (polygon_polygon.cpp) runs on both number types.
#pragma once

#include <algorithm>
#include <cmath>

#include "touche/core/geometry.h"

namespace touche::reference {

/// Thrown when an interval comparison is uncertain: the exact path decides instead.
struct Uncertain {};

/// A closed interval of reals with double endpoints.
struct Interval {
  double lo = 0.0;
  double hi = 0.0;
};

namespace interval_detail {

/// x rounded outward (toward −∞) unless it is the exact result (`exact`).
inline double down(double x, bool exact) {
  return exact ? x : std::nextafter(x, -HUGE_VAL);
}
inline double up(double x, bool exact) {
  return exact ? x : std::nextafter(x, HUGE_VAL);
}
/// TwoSum: s = fl(a + b) is exact iff its rounding error is zero.
inline bool sumIsExact(double a, double b, double s) {
  const double bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0.0;
}
/// p = fl(a·b) is exact iff fma(a, b, −p) = 0 (away from the underflow range).
inline bool productIsExact(double a, double b, double p) {
  return (p == 0.0 ? (a == 0.0 || b == 0.0) : std::fabs(p) > 0x1p-900) && std::fma(a, b, -p) == 0.0;
}

}  // namespace interval_detail

inline Interval point(double x) {
  return {x, x};
}

inline Interval operator+(Interval a, Interval b) {
  using namespace interval_detail;
  const double lo = a.lo + b.lo;
  const double hi = a.hi + b.hi;
  return {down(lo, sumIsExact(a.lo, b.lo, lo)), up(hi, sumIsExact(a.hi, b.hi, hi))};
}

inline Interval operator-(Interval a) {
  return {-a.hi, -a.lo};
}

inline Interval operator-(Interval a, Interval b) {
  return a + (-b);
}

inline Interval operator*(Interval a, Interval b) {
  using namespace interval_detail;
  double lo = HUGE_VAL;
  double hi = -HUGE_VAL;
  for (const double x : {a.lo, a.hi}) {
    for (const double y : {b.lo, b.hi}) {
      const double p = x * y;
      const bool exact = productIsExact(x, y, p);
      lo = std::min(lo, down(p, exact));
      hi = std::max(hi, up(p, exact));
    }
  }
  return {lo, hi};
}

/// The enclosure of min(a, b).
inline Interval minOf(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}

/// The certain sign of the enclosed value; throws Uncertain when the interval straddles 0.
inline int sign(Interval a) {
  if (a.lo > 0) return 1;
  if (a.hi < 0) return -1;
  if (a.lo == 0 && a.hi == 0) return 0;
  throw Uncertain{};
}

/// A 2D vector of intervals.
struct IntervalVec2 {
  Interval x;
  Interval y;
};

inline IntervalVec2 operator-(const IntervalVec2& a, const IntervalVec2& b) {
  return {a.x - b.x, a.y - b.y};
}
inline Interval dot(const IntervalVec2& a, const IntervalVec2& b) {
  return a.x * b.x + a.y * b.y;
}
inline IntervalVec2 rightPerp(const IntervalVec2& e) {
  return {e.y, -e.x};
}

/// (c·x − s·y + px, s·x + c·y + py) enclosed, from the exact doubles.
inline IntervalVec2 toWorldInterval(const Transform& xf, Vec2 v) {
  const Interval c = point(xf.q.c);
  const Interval s = point(xf.q.s);
  const Interval x = point(v.x);
  const Interval y = point(v.y);
  return {c * x - s * y + point(xf.p.x), s * x + c * y + point(xf.p.y)};
}

}  // namespace touche::reference
