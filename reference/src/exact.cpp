// touche reference — exact predicates over rationals and single-radical forms.
//
// Derivation: a + b·√g has the sign of a when b·√g does not oppose it; otherwise the larger of
// |a| and |b|·√g wins, and |a| > |b|·√g ⟺ a² > b²·g (both sides non-negative). A sum of two
// radical terms reduces to that case by squaring once more. No square root is ever evaluated.
#include "exact.h"

#include <cmath>
#include <string>

#include "touche/core/validate.h"

namespace touche::reference {

Rational liftExact(double value) {
  // GMP aborts the process on NaN/inf: refuse them here, by name, before mpq_set_d sees them.
  if (!std::isfinite(value)) {
    throw NonFiniteValue("non-finite value " + hexfloat(value) + " reached the exact engine");
  }
  return Rational(value);  // mpq_set_d: exact for every finite double
}

int sign(const Rational& value) {
  return value.sign() > 0 ? 1 : (value.sign() < 0 ? -1 : 0);
}

ExactVec2 liftExact(Vec2 v) {
  return {liftExact(v.x), liftExact(v.y)};
}

bool operator==(const ExactVec2& a, const ExactVec2& b) {
  return a.x == b.x && a.y == b.y;
}
ExactVec2 rightPerp(const ExactVec2& e) {
  return {e.y, -e.x};
}

ExactVec2 toWorldExact(const Transform& xf, Vec2 local) {
  const Rational c = liftExact(xf.q.c);
  const Rational s = liftExact(xf.q.s);
  const ExactVec2 v = liftExact(local);
  const ExactVec2 p = liftExact(xf.p);
  return {c * v.x - s * v.y + p.x, s * v.x + c * v.y + p.y};
}

int sign(const SqrtForm& value) {
  // Step 1: the signs of the two terms (b·√g vanishes when b = 0 or g = 0).
  const int signA = sign(value.a);
  const int signB = sign(value.g) == 0 ? 0 : sign(value.b);
  if (signB == 0) return signA;
  if (signA == 0 || signA == signB) return signB;
  // Step 2: opposite signs — the term of larger magnitude decides; compare squares.
  const int bigger = sign(Rational(value.a * value.a - value.b * value.b * value.g));
  if (bigger > 0) return signA;
  if (bigger < 0) return signB;
  return 0;
}

int signTwoRadicals(const Rational& A, const Rational& B, const Rational& g1, const Rational& C,
                    const Rational& g2) {
  // Step 1: X = A + B·√g1 (decided exactly above) and Y = C·√g2.
  const int signX = sign(SqrtForm{A, B, g1});
  const int signY = sign(g2) == 0 ? 0 : sign(C);
  if (signY == 0) return signX;
  if (signX == 0 || signX == signY) return signY;
  // Step 2: opposite signs — sign(|X| − |Y|) = sign(X² − Y²), and X² − Y² is again a + b·√g1.
  const SqrtForm squaresDifference{A * A + B * B * g1 - C * C * g2, 2 * A * B, g1};
  const int bigger = sign(squaresDifference);
  if (bigger > 0) return signX;
  if (bigger < 0) return signY;
  return 0;
}

int compare(const SqrtForm& x, const SqrtForm& y) {
  // x − y = (x.a − y.a) + x.b·√x.g − y.b·√y.g; merge the radicals when they coincide.
  const bool xRational = sign(x.b) == 0 || sign(x.g) == 0;
  const bool yRational = sign(y.b) == 0 || sign(y.g) == 0;
  if (yRational) return sign(SqrtForm{x.a - y.a, x.b, x.g});
  if (xRational) return sign(SqrtForm{x.a - y.a, -y.b, y.g});
  if (x.g == y.g) return sign(SqrtForm{x.a - y.a, x.b - y.b, x.g});
  return signTwoRadicals(x.a - y.a, x.b, x.g, -y.b, y.g);
}

int compare(const SqrtForm& x, const Rational& q) {
  return sign(SqrtForm{x.a - q, x.b, x.g});
}

int compareQuotients(const Rational& w1, const Rational& g1, const Rational& w2,
                     const Rational& g2) {
  // Step 1: different signs decide at once; two zeros are equal.
  const int s1 = sign(w1);
  const int s2 = sign(w2);
  if (s1 != s2) return s1 > s2 ? 1 : -1;
  if (s1 == 0) return 0;
  // Step 2: same sign — |w1|/√g1 vs |w2|/√g2 ⟺ w1²·g2 vs w2²·g1; negative values reverse.
  const int magnitude = sign(Rational(w1 * w1 * g2 - w2 * w2 * g1));
  return s1 > 0 ? magnitude : -magnitude;
}

}  // namespace touche::reference
