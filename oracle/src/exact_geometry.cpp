// touche oracle — exact cores, Minkowski differences and line queries (exact_geometry.h).
//
// Derivation (standard convex geometry, nothing engine-specific): for convex A and B the best
// separation over unit directions, max over n of (min over B of n·b − max over A of n·a), is the
// signed distance of the origin from the Minkowski difference B − A (positive when the shapes
// are apart, minus the penetration depth when they overlap); radii subtract from it. The
// difference of two convex cores is the convex hull of the pairwise vertex differences.
#include "exact_geometry.h"

#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <utility>

#include "geometry_kernels.h"

namespace touche::oracle::exact {

namespace {

/// One MPFR number at 64 bits; MPFR's exponent range is far wider than a double's, so no
/// intermediate of a length's evaluation underflows (a squared length of shapes 2^-537 wide
/// is 2^-1074: in double it rounded to the smallest subnormal or to 0). It gives the candidate
/// that roundCorrectly() proves or moves by an ulp.
class Wide {
 public:
  explicit Wide(const Q& q) {
    mpfr_init2(value_, 64);
    mpfr_set_q(value_, q.backend().data(), MPFR_RNDN);
  }
  ~Wide() { mpfr_clear(value_); }
  Wide(const Wide&) = delete;
  Wide& operator=(const Wide&) = delete;
  mpfr_ptr get() { return value_; }
  double toDouble() { return mpfr_get_d(value_, MPFR_RNDN); }

 private:
  mpfr_t value_;
};

/// Half of 2^1024 − DBL_MAX above DBL_MAX: values from there on round to infinity.
Q overflowThreshold() {
  return Q(DBL_MAX) + Q(std::ldexp(1.0, 970));
}

/// The midpoint between d and its neighbour toward +infinity, exactly.
Q midpointAbove(double d) {
  if (d == DBL_MAX) return overflowThreshold();
  return (Q(d) + Q(std::nextafter(d, HUGE_VAL))) / 2;
}

Q midpointBelow(double d) {
  return -midpointAbove(-d);
}

bool evenMantissa(double d) {
  return (std::bit_cast<std::uint64_t>(d) & 1U) == 0;
}

/// The correctly rounded double (ties to even, IEEE overflow to infinity) of a value v known
/// through `against(m)` = sign(v − m) for exact rationals m, starting from a candidate within
/// an ulp or two (a 64-bit MPFR evaluation rounded to double: it can be off by one where the
/// double rounding crosses a midpoint). Each step compares v with the exact midpoints to the
/// candidate's neighbours.
template <class Against>
double roundCorrectly(double candidate, Against against) {
  double d = std::isinf(candidate) ? std::copysign(DBL_MAX, candidate) : candidate;
  for (;;) {
    const int above = against(midpointAbove(d));
    if (above > 0) {
      if (d == DBL_MAX) return HUGE_VAL;
      d = std::nextafter(d, HUGE_VAL);
      continue;
    }
    const int below = against(midpointBelow(d));
    if (below < 0) {
      if (d == -DBL_MAX) return -HUGE_VAL;
      d = std::nextafter(d, -HUGE_VAL);
      continue;
    }
    if (above == 0) {  // a tie with the neighbour above (beyond DBL_MAX: infinity)
      const double next = d == DBL_MAX ? HUGE_VAL : std::nextafter(d, HUGE_VAL);
      d = std::isinf(next) || !evenMantissa(d) ? next : d;
    } else if (below == 0) {
      const double prev = d == -DBL_MAX ? -HUGE_VAL : std::nextafter(d, -HUGE_VAL);
      d = std::isinf(prev) || !evenMantissa(d) ? prev : d;
    }
    if (d != 0.0) return d;
    // Zero: +0 for an exact zero, otherwise the sign of the value (IEEE underflow).
    const int s = against(Q(0));
    return s < 0 ? -0.0 : 0.0;
  }
}

}  // namespace

double toDouble(const Q& q) {
  if (q == 0) return 0.0;
  return roundCorrectly(Wide(q).toDouble(), [&](const Q& m) { return compareValues(q, m); });
}

std::optional<Q> rationalSqrt(const Q& square) {
  if (square < 0) return std::nullopt;
  using Z = decltype(boost::multiprecision::numerator(square));
  const Z n = boost::multiprecision::numerator(square);
  const Z d = boost::multiprecision::denominator(square);
  const Z rootN = boost::multiprecision::sqrt(n);
  const Z rootD = boost::multiprecision::sqrt(d);
  if (rootN * rootN != n || rootD * rootD != d) return std::nullopt;
  return Q(rootN, rootD);
}

double sqrtToDouble(const Q& square) {
  if (square == 0) return 0.0;
  Wide x(square);
  mpfr_sqrt(x.get(), x.get(), MPFR_RNDN);
  return roundCorrectly(x.toDouble(), [&](const Q& m) {
    if (m <= 0) return 1;  // √square > 0 ≥ m
    return compareValues(square, m * m);
  });
}

double quotientToDouble(const Q& w, const Q& g) {
  if (w == 0) return 0.0;
  Wide x(w);
  Wide root(g);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  mpfr_div(x.get(), x.get(), root.get(), MPFR_RNDN);
  return roundCorrectly(x.toDouble(), [&](const Q& m) { return signQuotientMinus(w, g, m); });
}

int signQuotientMinus(const Q& w, const Q& g, const Q& k) {
  if (w >= 0 && k <= 0) return (w == 0 && k == 0) ? 0 : 1;
  if (w <= 0 && k >= 0) return -1;
  const Q lhs = w * w;
  const Q rhs = k * k * g;
  const int bySquares = lhs > rhs ? 1 : (lhs < rhs ? -1 : 0);
  return w > 0 ? bySquares : -bySquares;
}

namespace {

bool lexLess(const QVec& a, const QVec& b) {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

bool same(const QVec& a, const QVec& b) {
  return a.x == b.x && a.y == b.y;
}

/// Squared distance from the origin to segment [a, b].
Q originSegmentSquare(const QVec& a, const QVec& b) {
  const QVec e = b - a;
  const QVec w = QVec{-a.x, -a.y};
  const Q along = dot(w, e);
  const Q ee = dot(e, e);
  if (along <= 0 || ee == 0) return dot(a, a);
  if (along >= ee) return dot(b, b);
  const Q c = cross(e, w);
  return c * c / ee;
}

/// The point of segment [a, b] closest to the origin.
QVec originSegmentClosest(const QVec& a, const QVec& b) {
  const QVec e = b - a;
  const Q along = -dot(a, e);
  const Q ee = dot(e, e);
  if (along <= 0 || ee == 0) return a;
  if (along >= ee) return b;
  const Q t = along / ee;
  return {a.x + t * e.x, a.y + t * e.y};
}

}  // namespace

QVec closestPointToOrigin(const std::vector<QVec>& hull) {
  QVec best = hull.front();
  Q bestSquare = dot(best, best);
  const std::size_t edges = hull.size() == 1 ? 0 : hull.size();
  for (std::size_t i = 0; i < edges; ++i) {
    const QVec p = originSegmentClosest(hull[i], hull[(i + 1) % hull.size()]);
    const Q square = dot(p, p);
    if (square < bestSquare) best = p, bestSquare = square;
  }
  return best;
}

Core coreOf(const Shape& shape, const Transform& xf, double skin) {
  return coreOfAs<Q>(shape, xf, skin);
}

std::vector<QVec> minkowskiDifference(const Core& a, const Core& b) {
  std::vector<QVec> points;
  for (const QVec& pb : b.vertices) {
    for (const QVec& pa : a.vertices)
      points.push_back(pb - pa);
  }
  std::sort(points.begin(), points.end(), lexLess);
  points.erase(std::unique(points.begin(), points.end(), same), points.end());
  if (points.size() < 3) return points;
  // Andrew's monotone chain; popping on cross <= 0 drops collinear points.
  std::vector<QVec> hull(2 * points.size());
  std::size_t k = 0;
  auto grow = [&](const QVec& p, std::size_t floor) {
    while (k >= floor && cross(hull[k - 1] - hull[k - 2], p - hull[k - 2]) <= 0)
      --k;
    hull[k++] = p;
  };
  for (const QVec& p : points)
    grow(p, 2);
  const std::size_t lower = k + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;)
    grow(points[i], lower);
  hull.resize(k - 1);
  return hull;
}

double SignedLength::value() const {
  return sign * sqrtToDouble(square);
}

SignedLength signedDistanceOfOrigin(const std::vector<QVec>& hull) {
  SignedLength d;
  if (hull.size() == 1) {
    d.square = dot(hull[0], hull[0]);
  } else if (hull.size() == 2) {
    d.square = originSegmentSquare(hull[0], hull[1]);
  } else {
    bool inside = true;
    Q best = -1;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const QVec& a = hull[i];
      const QVec& b = hull[(i + 1) % hull.size()];
      const QVec e = b - a;
      const Q side = cross(e, QVec{-a.x, -a.y});  // > 0: origin on the inner side of edge i
      if (side < 0) inside = false;
      const Q depth = side * side / dot(e, e);
      if (best < 0 || depth < best) best = depth;
    }
    if (inside) {
      d.square = best;
      d.sign = best == 0 ? 0 : -1;
      return d;
    }
    d.square = -1;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const Q s = originSegmentSquare(hull[i], hull[(i + 1) % hull.size()]);
      if (d.square < 0 || s < d.square) d.square = s;
    }
  }
  d.sign = d.square == 0 ? 0 : 1;
  return d;
}

}  // namespace touche::oracle::exact
