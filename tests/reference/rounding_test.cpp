// Correct rounding of rationals and single-radical forms (reference/src/rounding.h) against an
// independent oracle: MPFR emulating IEEE binary64 (precision 53, emin −1073, emax 1024,
// mpfr_subnormalize), fed with the exact rational when the value is rational (g a perfect
// square) and with a 1000-bit evaluation of a + b·√g otherwise (an irrational value is never a
// midpoint, and 1000 bits separate it from every midpoint of these sizes). Fixed categories in
// the style of LLVM libc's MPFR tests: normal, subnormal and huge rationals, exact ties,
// irrational forms with and without cancellation, subnormal forms, constructed ties and exact
// zeros behind a perfect-square radicand. Zero mismatches are asserted, and each category's
// count and character, so the test cannot pass vacuously.
#include <gmp.h>
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>

#include "rounding.h"
#include "touche/core/validate.h"

namespace touche::reference {
namespace {

Rational pow2(long k) {
  Rational r(1);
  if (k >= 0)
    mpq_mul_2exp(r.backend().data(), r.backend().data(), k);
  else
    mpq_div_2exp(r.backend().data(), r.backend().data(), -k);
  return r;
}

/// MPFR configured as IEEE binary64 for the scope of one conversion.
class Binary64Range {
 public:
  Binary64Range() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
  }
  ~Binary64Range() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }

 private:
  mpfr_exp_t emin_;
  mpfr_exp_t emax_;
};

/// Rounds either an exact rational (q != nullptr) or a high-precision MPFR value to binary64.
double toBinary64(const Rational* q, mpfr_srcptr big) {
  mpfr_t r;
  mpfr_init2(r, 53);
  double d = 0;
  {
    Binary64Range range;
    int t = q ? mpfr_set_q(r, q->backend().data(), MPFR_RNDN) : mpfr_set(r, big, MPFR_RNDN);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    mpfr_subnormalize(r, t, MPFR_RNDN);
    d = mpfr_get_d(r, MPFR_RNDN);
  }
  mpfr_clear(r);
  return d;
}

/// The oracle: exact when √g is rational, else a 1000-bit evaluation.
double oracle(const SqrtForm& v) {
  mpq_srcptr g = v.g.backend().data();
  if (v.b == 0 || (mpz_perfect_square_p(mpq_numref(g)) && mpz_perfect_square_p(mpq_denref(g)))) {
    mpz_t num, den;
    mpz_inits(num, den, nullptr);
    mpz_sqrt(num, mpq_numref(g));
    mpz_sqrt(den, mpq_denref(g));
    Rational root;
    mpq_set_num(root.backend().data(), num);
    mpq_set_den(root.backend().data(), den);
    mpq_canonicalize(root.backend().data());
    mpz_clears(num, den, nullptr);
    const Rational exact = v.a + v.b * root;
    return toBinary64(&exact, nullptr);
  }
  mpfr_t x, t;
  mpfr_inits2(1000, x, t, nullptr);
  mpfr_set_q(x, g, MPFR_RNDN);
  mpfr_sqrt(x, x, MPFR_RNDN);
  mpfr_set_q(t, v.b.backend().data(), MPFR_RNDN);
  mpfr_mul(x, x, t, MPFR_RNDN);
  mpfr_set_q(t, v.a.backend().data(), MPFR_RNDN);
  mpfr_add(x, x, t, MPFR_RNDN);
  const double d = toBinary64(nullptr, x);
  mpfr_clears(x, t, nullptr);
  return d;
}

bool sameBits(double x, double y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : rng_(seed) {}
  /// A random positive rational with 1–62-bit numerator and denominator.
  Rational ratio() {
    const auto n = static_cast<long long>((rng_() >> (2 + rng_() % 60)) | 1);
    const auto d = static_cast<long long>((rng_() >> (2 + rng_() % 60)) | 1);
    return Rational(n) / Rational(d);
  }
  Rational signedRatio() { return (rng_() & 1) ? ratio() : Rational(-ratio()); }
  long uniform(long lo, long hi) { return lo + static_cast<long>(rng_() % (hi - lo + 1)); }
  double randomDouble(long expLo, long expHi) {
    const double mantissa = 1.0 + static_cast<double>(rng_() >> 12) * 0x1p-52;
    const double d = std::ldexp(mantissa, static_cast<int>(uniform(expLo, expHi)));
    return (rng_() & 1) ? d : -d;
  }
  /// A radicand that is not a perfect square (small integer ratio, checked by the oracle).
  Rational radicand() { return Rational(uniform(2, 1000000)) / Rational(uniform(1, 1000)); }

 private:
  std::mt19937_64 rng_;
};

/// √g rounded to `bits` bits, as an exact rational (for constructing near-ties).
Rational approximateSqrt(const Rational& g, mpfr_prec_t bits) {
  mpfr_t x;
  mpfr_init2(x, bits);
  mpfr_set_q(x, g.backend().data(), MPFR_RNDN);
  mpfr_sqrt(x, x, MPFR_RNDN);
  Rational r;
  mpfr_get_q(r.backend().data(), x);
  mpfr_clear(x);
  return r;
}

Rational midpointAbove(double d) {
  return (liftExact(d) + liftExact(std::nextafter(d, HUGE_VAL))) / 2;
}

TEST(ReferenceRounding, MatchesMpfrBinary64AcrossCategories) {
  Generator gen(0x70c4e5eedULL);
  std::map<std::string, int> cases;
  std::map<std::string, int> character;  // per category: results with the expected character
  int mismatches = 0;
  const auto check = [&](const std::string& category, const SqrtForm& v, bool hasCharacter) {
    const double mine = roundNearest(v);
    const double expected = oracle(v);
    ++cases[category];
    if (hasCharacter) ++character[category];
    if (!sameBits(mine, expected)) {
      ++mismatches;
      ADD_FAILURE() << category << ": got " << hexfloat(mine) << " expected " << hexfloat(expected);
    }
    return mine;
  };

  for (int i = 0; i < 1000; ++i) {  // normal-range rationals
    const Rational q = gen.signedRatio() * pow2(gen.uniform(-900, 900));
    check("normal rational", {q, 0, 0}, std::isnormal(roundNearest(q)));
  }
  for (int i = 0; i < 600; ++i) {  // subnormal range, including below half the smallest
    const Rational q = gen.signedRatio() * pow2(gen.uniform(-1090, -1030));
    const double d = roundNearest(q);
    check("subnormal rational", {q, 0, 0}, std::fabs(d) < DBL_MIN);
  }
  for (int i = 0; i < 300; ++i) {  // huge, including past the overflow threshold
    const Rational q = gen.signedRatio() * pow2(gen.uniform(990, 1030));
    const double d = roundNearest(q);
    check("huge rational", {q, 0, 0}, std::fabs(d) > 1e290);
  }
  for (int i = 0; i < 600; ++i) {  // exact ties: midpoints between neighbouring doubles
    const long e = i % 3 == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-1000, 1000);
    const double d = gen.randomDouble(e, e);
    const Rational m = midpointAbove(d);
    const double r = check("exact tie", {m, 0, 0}, true);
    EXPECT_TRUE(sameBits(r, d) || sameBits(r, std::nextafter(d, HUGE_VAL)));
  }
  check("exact tie", {liftExact(DBL_MAX) + pow2(970), 0, 0}, true);   // → +inf
  check("exact tie", {liftExact(-DBL_MAX) - pow2(970), 0, 0}, true);  // → −inf
  for (int i = 0; i < 1200; ++i) {  // irrational a + b·√g, both signs, wide exponents
    const SqrtForm v{gen.signedRatio() * pow2(gen.uniform(-60, 60)),
                     gen.signedRatio() * pow2(gen.uniform(-60, 60)), gen.radicand()};
    check("irrational", v, true);
  }
  for (int i = 0; i < 600; ++i) {  // cancellation: a = −(b·√g rounded) + tiny perturbation
    const Rational b = gen.signedRatio();
    const Rational g = gen.radicand();
    const double approx = roundNearest(SqrtForm{0, b, g});
    const Rational a = -liftExact(approx) + gen.signedRatio() * pow2(gen.uniform(-120, -60));
    const SqrtForm v{a, b, g};
    const double r = check("cancellation", v, true);
    if (!(std::fabs(r) < std::fabs(approx) * 0x1p-40)) --character["cancellation"];
  }
  for (int i = 0; i < 400; ++i) {  // subnormal and underflowing radical forms
    const SqrtForm v{gen.signedRatio() * pow2(gen.uniform(-1100, -1060)),
                     gen.signedRatio() * pow2(gen.uniform(-1100, -1060)), gen.radicand()};
    const double d = roundNearest(v);
    check("subnormal irrational", v, std::fabs(d) < DBL_MIN);
  }
  for (int i = 0; i < 600; ++i) {  // ties hidden behind √(s²): a + b·s is a midpoint
    const long e = i % 4 == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-500, 500);
    const double d = gen.randomDouble(e, e);
    const Rational s = gen.ratio();
    const Rational b = gen.signedRatio();
    const SqrtForm v{midpointAbove(d) - b * s, b, s * s};
    check("square-radicand tie", v, compare(v, midpointAbove(d)) == 0);
  }
  for (int i = 0; i < 200; ++i) {  // huge radical forms, some past the overflow threshold
    const SqrtForm v{gen.signedRatio() * pow2(gen.uniform(990, 1020)),
                     gen.ratio() * pow2(gen.uniform(990, 1010)), gen.radicand()};
    const double d = roundNearest(v);
    check("huge irrational", v, std::fabs(d) > 1e290);
  }
  for (int i = 0; i < 400; ++i) {  // irrational values within ~2^-150 of a midpoint
    const long e = i % 4 == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-300, 300);
    const double d = gen.randomDouble(e, e);
    const Rational mid = midpointAbove(d);
    const Rational g = gen.radicand();
    const Rational b = gen.signedRatio() * pow2(e - 60);
    const Rational root = approximateSqrt(g, 200);
    const SqrtForm v{mid - b * root, b, g};  // = mid + b·(√g − root)
    const Rational distance = abs(Rational(v.a + v.b * approximateSqrt(g, 400) - mid));
    const bool nearTie = distance > 0 && distance < abs(mid) * pow2(-140);
    check("near tie", v, nearTie || (sign(mid) == 0));
  }
  for (int i = 0; i < 50; ++i) {  // exact zeros: b·s − b·s
    const Rational s = gen.ratio();
    const Rational b = gen.signedRatio();
    const double r = check("exact zero", {-b * s, b, s * s}, true);
    EXPECT_TRUE(sameBits(r, 0.0));
  }

  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(cases["normal rational"], 1000);
  EXPECT_EQ(cases["subnormal rational"], 600);
  EXPECT_EQ(cases["huge rational"], 300);
  EXPECT_EQ(cases["exact tie"], 602);
  EXPECT_EQ(cases["irrational"], 1200);
  EXPECT_EQ(cases["cancellation"], 600);
  EXPECT_EQ(cases["subnormal irrational"], 400);
  EXPECT_EQ(cases["square-radicand tie"], 600);
  EXPECT_EQ(cases["exact zero"], 50);
  EXPECT_EQ(cases["huge irrational"], 200);
  EXPECT_EQ(cases["near tie"], 400);
  EXPECT_GE(character["huge irrational"], 150);
  EXPECT_GE(character["near tie"], 380);
  // Character: most subnormal-range values really land below DBL_MIN, huge ones above 1e290
  // (some overflow to inf), constructed ties really sit on a midpoint, cancellation really
  // loses ≥ 40 bits of magnitude.
  EXPECT_EQ(character["normal rational"], 1000);
  EXPECT_GE(character["subnormal rational"], 500);
  EXPECT_GE(character["huge rational"], 250);
  EXPECT_EQ(character["square-radicand tie"], 600);
  EXPECT_GE(character["cancellation"], 550);
  EXPECT_GE(character["subnormal irrational"], 350);
}

/// One input of the at-scale run: category k of 10, drawn from the same generators as above.
struct ScaleCase {
  const char* category;
  SqrtForm value;
};

ScaleCase scaleCase(Generator& gen, int k) {
  switch (k) {
    case 0:
      return {"normal rational", {gen.signedRatio() * pow2(gen.uniform(-900, 900)), 0, 0}};
    case 1:
      return {"subnormal rational", {gen.signedRatio() * pow2(gen.uniform(-1090, -1030)), 0, 0}};
    case 2:
      return {"huge rational", {gen.signedRatio() * pow2(gen.uniform(990, 1030)), 0, 0}};
    case 3: {
      const long e = gen.uniform(0, 2) == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-1000, 1000);
      return {"exact tie", {midpointAbove(gen.randomDouble(e, e)), 0, 0}};
    }
    case 4:
      return {"irrational",
              {gen.signedRatio() * pow2(gen.uniform(-60, 60)),
               gen.signedRatio() * pow2(gen.uniform(-60, 60)), gen.radicand()}};
    case 5: {
      const Rational b = gen.signedRatio();
      const Rational g = gen.radicand();
      const Rational a = -liftExact(roundNearest(SqrtForm{0, b, g})) +
                         gen.signedRatio() * pow2(gen.uniform(-120, -60));
      return {"cancellation", {a, b, g}};
    }
    case 6:
      return {"subnormal irrational",
              {gen.signedRatio() * pow2(gen.uniform(-1100, -1060)),
               gen.signedRatio() * pow2(gen.uniform(-1100, -1060)), gen.radicand()}};
    case 7:
      return {"huge irrational",
              {gen.signedRatio() * pow2(gen.uniform(990, 1020)),
               gen.ratio() * pow2(gen.uniform(990, 1010)), gen.radicand()}};
    case 8: {
      const long e = gen.uniform(0, 3) == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-500, 500);
      const Rational s = gen.ratio();
      const Rational b = gen.signedRatio();
      return {"square-radicand tie", {midpointAbove(gen.randomDouble(e, e)) - b * s, b, s * s}};
    }
    default: {
      const long e = gen.uniform(0, 3) == 0 ? gen.uniform(-1074, -1023) : gen.uniform(-300, 300);
      const Rational g = gen.radicand();
      const Rational b = gen.signedRatio() * pow2(e - 60);
      return {"near tie",
              {midpointAbove(gen.randomDouble(e, e)) - b * approximateSqrt(g, 200), b, g}};
    }
  }
}

TEST(ReferenceRounding, MatchesMpfrOnAHundredThousandSeededInputs) {
  // 120 000 inputs, 12 000 per category, each compared bit for bit with the MPFR oracle.
  Generator gen(0x5ca1ab1eULL);
  std::map<std::string, int> cases;
  int mismatches = 0;
  for (int i = 0; i < 120000; ++i) {
    const ScaleCase c = scaleCase(gen, i % 10);
    const double mine = roundNearest(c.value);
    const double expected = oracle(c.value);
    ++cases[c.category];
    if (!sameBits(mine, expected) && ++mismatches <= 10) {
      ADD_FAILURE() << c.category << ": got " << hexfloat(mine) << " expected "
                    << hexfloat(expected);
    }
  }
  EXPECT_EQ(mismatches, 0);
  ASSERT_EQ(cases.size(), 10u);
  for (const auto& [category, count] : cases)
    EXPECT_EQ(count, 12000) << category;
}

TEST(ReferenceRounding, TiesGoToEvenInEveryRange) {
  // 1 + 2^-53 is the midpoint of 1 and 1 + 2^-52: even → 1. 1 + 3·2^-53 → 1 + 2^-51 (even).
  EXPECT_EQ(roundNearest(Rational(1) + pow2(-53)), 1.0);
  EXPECT_EQ(roundNearest(Rational(1) + 3 * pow2(-53)), 1.0 + 0x1p-51);
  // Half the smallest subnormal → +0 (even); 3/2 of it → 2·2^-1074 (even).
  EXPECT_TRUE(sameBits(roundNearest(pow2(-1075)), 0.0));
  EXPECT_TRUE(sameBits(roundNearest(-pow2(-1075)), -0.0));
  EXPECT_EQ(roundNearest(3 * pow2(-1075)), 0x1p-1073);
  // Just above half the smallest subnormal → the smallest subnormal.
  EXPECT_EQ(roundNearest(pow2(-1075) + pow2(-1200)), 0x1p-1074);
  // The overflow threshold goes to infinity; just below it to DBL_MAX.
  EXPECT_EQ(roundNearest(liftExact(DBL_MAX) + pow2(970)), HUGE_VAL);
  EXPECT_EQ(roundNearest(liftExact(DBL_MAX) + pow2(970) - pow2(900)), DBL_MAX);
  // √2 (a + b·√g with a = 0) and 1 − √2/2 (cancellation-free rewrite).
  EXPECT_EQ(roundNearest(SqrtForm{0, 1, 2}), std::sqrt(2.0));
}

}  // namespace
}  // namespace touche::reference
