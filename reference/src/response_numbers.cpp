// touche reference — the two-root tower of the response (response_numbers.h).
//
// Arithmetic: (a1 + b1√g)(a2 + b2√g) = (a1a2 + b1b2·g) + (a1b2 + a2b1)√g, the same one level
// up with √G. Sign of a + b√g: the sign of a and of b when they agree, else the sign of the
// larger of a² and b²g. Rounding: rounding.cpp's scheme with this sign as the comparison.
#include "response_numbers.h"

#include <mpfr.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "mpfr_value.h"
#include "rounding.h"

namespace touche::reference::response {
namespace {

const Rational* commonRoot(const Rational* x, const Rational* y) {
  return x ? x : y;
}
const Surd1* commonRoot(const Surd1* x, const Surd1* y) {
  return x ? x : y;
}

/// The sign of a + b·√r given the signs of a, b and of a² − b²·r.
template <class Difference>
int signOfSum(int signA, int signB, Difference squaresDifference) {
  if (signB == 0) return signA;
  if (signA == 0 || signA == signB) return signA == 0 ? signB : signA;
  const int d = squaresDifference();
  return d > 0 ? signA : (d < 0 ? signB : 0);
}

Surd1 rational(const Rational& q) {
  return Surd1{q, 0, nullptr};
}

std::optional<Rational> exactRoot(const Rational& r) {
  const auto num = boost::multiprecision::numerator(r);
  const auto den = boost::multiprecision::denominator(r);
  if (mpz_perfect_square_p(num.backend().data()) == 0) return std::nullopt;
  if (mpz_perfect_square_p(den.backend().data()) == 0) return std::nullopt;
  return Rational(boost::multiprecision::sqrt(num)) / Rational(boost::multiprecision::sqrt(den));
}

bool equal(const Surd1& x, const Surd1& y) {
  return x.a == y.a && x.b == y.b;
}

void evaluate(mpfr_ptr out, const Surd1& x, mpfr_prec_t precision) {
  mpfr_set_q(out, x.a.backend().data(), MPFR_RNDN);
  if (!x.g || x.b == 0) return;
  Mpfr term(precision);
  mpfr_set_q(term.get(), x.g->backend().data(), MPFR_RNDN);
  mpfr_sqrt(term.get(), term.get(), MPFR_RNDN);
  Mpfr b(precision);
  mpfr_set_q(b.get(), x.b.backend().data(), MPFR_RNDN);
  mpfr_mul(term.get(), term.get(), b.get(), MPFR_RNDN);
  mpfr_add(out, out, term.get(), MPFR_RNDN);
}

void evaluate(mpfr_ptr out, const Surd2& x, mpfr_prec_t precision) {
  evaluate(out, x.p, precision);
  if (!x.G || isZero(x.q)) return;
  Mpfr root(precision);
  evaluate(root.get(), *x.G, precision);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  Mpfr q(precision);
  evaluate(q.get(), x.q, precision);
  mpfr_mul(root.get(), root.get(), q.get(), MPFR_RNDN);
  mpfr_add(out, out, root.get(), MPFR_RNDN);
}

/// A closed interval [lo, hi] of MPFR numbers at one precision: the filter of roundNearest.
class Interval {
 public:
  explicit Interval(mpfr_prec_t precision) : lo_(precision), hi_(precision) {}
  mpfr_ptr lo() { return lo_.get(); }
  mpfr_ptr hi() { return hi_.get(); }
  void set(const Rational& q) {
    mpfr_set_q(lo(), q.backend().data(), MPFR_RNDD);
    mpfr_set_q(hi(), q.backend().data(), MPFR_RNDU);
  }
  void add(Interval& y) {
    mpfr_add(lo(), lo(), y.lo(), MPFR_RNDD);
    mpfr_add(hi(), hi(), y.hi(), MPFR_RNDU);
  }
  /// this = this·y: the extremes of the four endpoint products, each rounded outward.
  void multiply(Interval& y, mpfr_prec_t precision) {
    Mpfr p(precision);
    Mpfr low(precision);
    Mpfr high(precision);
    bool first = true;
    for (mpfr_ptr u : {lo(), hi()}) {
      for (mpfr_ptr v : {y.lo(), y.hi()}) {
        mpfr_mul(p.get(), u, v, MPFR_RNDD);
        if (first || mpfr_less_p(p.get(), low.get())) mpfr_set(low.get(), p.get(), MPFR_RNDN);
        mpfr_mul(p.get(), u, v, MPFR_RNDU);
        if (first || mpfr_greater_p(p.get(), high.get())) mpfr_set(high.get(), p.get(), MPFR_RNDN);
        first = false;
      }
    }
    mpfr_set(lo(), low.get(), MPFR_RNDN);
    mpfr_set(hi(), high.get(), MPFR_RNDN);
  }
  /// this = √this for this ≥ 0 (a negative lower end, from outward rounding, becomes 0).
  void root() {
    if (mpfr_sgn(lo()) < 0) mpfr_set_zero(lo(), 1);
    mpfr_sqrt(lo(), lo(), MPFR_RNDD);
    mpfr_sqrt(hi(), hi(), MPFR_RNDU);
  }

 private:
  Mpfr lo_;
  Mpfr hi_;
};

void enclose(Interval& out, const Surd1& x, mpfr_prec_t precision) {
  out.set(x.a);
  if (!x.g || x.b == 0) return;
  Interval term(precision);
  term.set(*x.g);
  term.root();
  Interval b(precision);
  b.set(x.b);
  term.multiply(b, precision);
  out.add(term);
}

void enclose(Interval& out, const Surd2& x, mpfr_prec_t precision) {
  enclose(out, x.p, precision);
  if (!x.G || isZero(x.q)) return;
  Interval term(precision);
  enclose(term, *x.G, precision);
  term.root();
  Interval q(precision);
  enclose(q, x.q, precision);
  term.multiply(q, precision);
  out.add(term);
}

/// The nearest double when every value of an enclosure of x rounds to the same double (round
/// to nearest is monotone, so x does too) and the enclosure excludes 0; else nothing.
std::optional<double> roundByEnclosure(const Surd2& x) {
  constexpr mpfr_prec_t kPrecision = 160;
  Interval box(kPrecision);
  enclose(box, x, kPrecision);
  if (mpfr_sgn(box.lo()) <= 0 && mpfr_sgn(box.hi()) >= 0) return std::nullopt;
  const double lo = mpfr_get_d(box.lo(), MPFR_RNDN);
  const double hi = mpfr_get_d(box.hi(), MPFR_RNDN);
  if (lo != hi || std::fabs(lo) < DBL_MIN) return std::nullopt;  // subnormals: the exact path
  return lo;
}

int compare(const Surd2& x, const Rational& m) {
  return sign(x - lift(m));
}

}  // namespace

Surd1 operator+(const Surd1& x, const Surd1& y) {
  return {x.a + y.a, x.b + y.b, commonRoot(x.g, y.g)};
}

Surd1 operator-(const Surd1& x, const Surd1& y) {
  return {x.a - y.a, x.b - y.b, commonRoot(x.g, y.g)};
}

Surd1 operator*(const Surd1& x, const Surd1& y) {
  const Rational* g = commonRoot(x.g, y.g);
  if (x.b == 0 && y.b == 0) return {x.a * y.a, 0, g};
  return {x.a * y.a + x.b * y.b * *g, x.a * y.b + x.b * y.a, g};
}

Surd1 inverse(const Surd1& x) {
  if (x.b == 0) return {1 / x.a, 0, x.g};
  const Rational norm = x.a * x.a - x.b * x.b * *x.g;  // ≠ 0: g is not a rational square
  return {x.a / norm, -x.b / norm, x.g};
}

int sign(const Surd1& x) {
  return signOfSum(reference::sign(x.a), reference::sign(x.b),
                   [&] { return reference::sign(x.a * x.a - x.b * x.b * *x.g); });
}

bool isZero(const Surd1& x) {
  return x.a == 0 && x.b == 0;
}

Surd2 lift(const Rational& q) {
  return Surd2{rational(q), {}, nullptr};
}

Surd2 operator+(const Surd2& x, const Surd2& y) {
  return {x.p + y.p, x.q + y.q, commonRoot(x.G, y.G)};
}

Surd2 operator-(const Surd2& x, const Surd2& y) {
  return {x.p - y.p, x.q - y.q, commonRoot(x.G, y.G)};
}

Surd2 operator-(const Surd2& x) {
  return Surd2{} - x;
}

Surd2 operator*(const Surd2& x, const Surd2& y) {
  const Surd1* G = commonRoot(x.G, y.G);
  if (isZero(x.q) && isZero(y.q)) return {x.p * y.p, {}, G};
  return {x.p * y.p + x.q * y.q * *G, x.p * y.q + x.q * y.p, G};
}

Surd2 operator/(const Surd2& x, const Surd2& y) {
  if (!isZero(y.q)) throw std::logic_error("response: division by a level-2 number");
  const Surd1 inv = inverse(y.p);
  return {x.p * inv, x.q * inv, x.G};
}

int sign(const Surd2& x) {
  if (isZero(x.q)) return sign(x.p);
  return signOfSum(sign(x.p), sign(x.q), [&] { return sign(x.p * x.p - x.q * x.q * *x.G); });
}

double roundNearest(const Surd2& x) {
  if (const auto d = roundByEnclosure(x)) return *d;
  return roundNearestExact(x);
}

double roundNearestExact(const Surd2& x) {
  const int s = sign(x);
  if (s == 0) return 0.0;
  for (mpfr_prec_t precision = 128;; precision *= 2) {
    Mpfr value(precision);
    evaluate(value.get(), x, precision);
    const double candidate = mpfr_get_d(value.get(), MPFR_RNDN);
    const int steps = precision >= 8192 ? std::numeric_limits<int>::max() - 1 : 4;
    const auto compareTo = [&](const Rational& midpoint) { return compare(x, midpoint); };
    if (const auto d = proveNearest(compareTo, candidate, steps)) {
      return *d == 0.0 ? std::copysign(0.0, s) : *d;
    }
  }
}

Surd2 Tower::sqrt(const Surd2& x) {
  if (!isZero(x.q)) throw std::logic_error("response: square root of a level-2 number");
  if (sign(x) < 0) throw std::logic_error("response: square root of a negative number");
  if (x.p.b == 0) {
    if (auto root = exactRoot(x.p.a)) return lift(*root);
    if (!g_) g_ = x.p.a;
    if (*g_ == x.p.a) return Surd2{Surd1{0, 1, &*g_}, {}, nullptr};
  }
  if (!G_) G_ = x.p;
  if (!equal(*G_, x.p)) throw std::logic_error("response: a third square root");
  return Surd2{{}, rational(1), &*G_};
}

}  // namespace touche::reference::response
