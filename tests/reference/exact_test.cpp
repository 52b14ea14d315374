// The exact predicates of reference/src/exact.h: signs of a + b·√g and comparisons decided by
// signs and squares, on cases whose answer is known in closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "exact.h"

namespace touche::reference {
namespace {

Rational q(long n, long d = 1) {
  return Rational(n) / Rational(d);
}

TEST(ReferenceExact, SignOfSqrtFormOppositeTermsComparesSquares) {
  EXPECT_EQ(sign(SqrtForm{q(3), q(-1), q(9)}), 0);    // 3 − √9
  EXPECT_EQ(sign(SqrtForm{q(3), q(-1), q(8)}), 1);    // 3 − √8 > 0
  EXPECT_EQ(sign(SqrtForm{q(3), q(-1), q(10)}), -1);  // 3 − √10 < 0
  EXPECT_EQ(sign(SqrtForm{q(-3), q(1), q(10)}), 1);
  EXPECT_EQ(sign(SqrtForm{q(0), q(-1), q(2)}), -1);
  EXPECT_EQ(sign(SqrtForm{q(-1), q(5), q(0)}), -1);  // g = 0: the radical term vanishes
  EXPECT_EQ(sign(SqrtForm{q(0), q(0), q(0)}), 0);
}

TEST(ReferenceExact, SignOfTwoRadicalsNearCancellation) {
  // Exact zeros hidden behind different radicands: √8 − 2√2 and √50 − 5√2.
  EXPECT_EQ(signTwoRadicals(q(0), q(1), q(8), q(-2), q(2)), 0);
  EXPECT_EQ(signTwoRadicals(q(0), q(1), q(50), q(-5), q(2)), 0);
  // √2 + √3 vs 3.146264...: 3 − √2 ... compare 1 + √2 − √3 > 0 (2.414 > 1.732).
  EXPECT_EQ(signTwoRadicals(q(1), q(1), q(2), q(-1), q(3)), 1);
  // √2 + √3 = 3.14626436994197234...: the doubles just below and just above it (50 digits).
  EXPECT_EQ(signTwoRadicals(-liftExact(0x1.92b8ca76bc43bp+1), q(1), q(2), q(1), q(3)), 1);
  EXPECT_EQ(signTwoRadicals(-liftExact(0x1.92b8ca76bc43cp+1), q(1), q(2), q(1), q(3)), -1);
}

TEST(ReferenceExact, CompareQuotientsBySignsAndSquares) {
  EXPECT_EQ(compareQuotients(q(1), q(2), q(2), q(8)), 0);  // 1/√2 = 2/√8
  EXPECT_EQ(compareQuotients(q(-1), q(2), q(-2), q(8)), 0);
  EXPECT_EQ(compareQuotients(q(1), q(2), q(1), q(3)), 1);     // 1/√2 > 1/√3
  EXPECT_EQ(compareQuotients(q(-1), q(2), q(-1), q(3)), -1);  // −1/√2 < −1/√3
  EXPECT_EQ(compareQuotients(q(0), q(2), q(-1), q(3)), 1);
  EXPECT_EQ(compareQuotients(q(0), q(2), q(0), q(3)), 0);
}

TEST(ReferenceExact, CompareFormsWithDifferentRadicands) {
  EXPECT_EQ(compare(SqrtForm{q(0), q(1), q(8)}, SqrtForm{q(0), q(2), q(2)}), 0);
  EXPECT_EQ(compare(SqrtForm{q(1), q(1), q(2)}, SqrtForm{q(0), q(1), q(3)}), 1);
  EXPECT_EQ(compare(SqrtForm{q(1), q(0), q(2)}, q(1)), 0);
  EXPECT_EQ(compare(SqrtForm{q(1), q(1, 2), q(2)}, q(2)), -1);  // 1 + √2/2 ≈ 1.707 < 2
}

TEST(ReferenceExact, LiftIsExactAndRefusesNonFinite) {
  EXPECT_EQ(liftExact(0.1), Rational(3602879701896397) / Rational(36028797018963968));
  EXPECT_EQ(liftExact(0x1p-1074) * Rational(1) / liftExact(0x1p-1074), Rational(1));
  EXPECT_THROW(liftExact(std::numeric_limits<double>::quiet_NaN()), NonFiniteValue);
  EXPECT_THROW(liftExact(std::numeric_limits<double>::infinity()), NonFiniteValue);
  EXPECT_THROW(liftExact(-std::numeric_limits<double>::infinity()), NonFiniteValue);
}

TEST(ReferenceExact, WorldTransformIsExact) {
  // (c, s) = (0.6, 0.8) as doubles, p = (0.1, 0): x = c·1 − s·0 + 0.1 computed in rationals
  // equals the exact sum of the two doubles (not their rounded double sum).
  const ExactVec2 w = toWorldExact(Transform{{0.1, 0}, {0.6, 0.8}}, Vec2{1, 0});
  EXPECT_EQ(w.x, liftExact(0.6) + liftExact(0.1));
  EXPECT_NE(w.x, liftExact(0.6 + 0.1));
  EXPECT_EQ(w.y, liftExact(0.8));
}

}  // namespace
}  // namespace touche::reference
