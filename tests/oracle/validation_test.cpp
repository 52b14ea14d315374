// The built-in corpus: it parses, it is big enough, and every engine passes it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "touche/oracle/engines.h"
#include "touche/oracle/validation.h"
#include "touche/reference/reference.h"

namespace touche::oracle {
namespace {

CaseFile builtin() {
  std::istringstream in{std::string(builtinCorpus())};
  return readCases(in);
}

TEST(BuiltinCorpus, ParsesWithAtLeastFortyCases) {
  const CaseFile file = builtin();
  EXPECT_TRUE(file.errors.empty());
  EXPECT_GE(file.cases.size(), 40u);
}

TEST(BuiltinCorpus, EveryEngineAgreesWithinDeclaredConventions) {
  const CaseFile file = builtin();
  const ValidationReport report = validateCases(file.cases, knownEngines());
  EXPECT_TRUE(report.passed()) << formatReport(report);
  // The reference judged against itself agrees on every case, exactly.
  ASSERT_EQ(report.engines.front(), "reference");
  EXPECT_EQ(report.counts.front()[static_cast<int>(Outcome::agree)],
            static_cast<int>(file.cases.size()));
}

TEST(BuiltinCorpus, ReportTableNamesEveryOutcomeClass) {
  const CaseFile file = builtin();
  const std::string text = formatReport(validateCases(file.cases, knownEngines()));
  for (int k = 0; k < kOutcomeCount; ++k) {
    EXPECT_THAT(text, ::testing::HasSubstr(std::string(outcomeName(static_cast<Outcome>(k)))));
  }
}

/// An engine that implements circle–circle only (through the reference) and answers
/// `unsupported` for everything else.
bool circlesOnly(PairId pair) {
  return pair == PairId::circle_circle;
}
Manifold collideCirclesOnly(const Shape& a, const Transform& xfA, const Shape& b,
                            const Transform& xfB, const Options& options) {
  if (lookupPair(typeOf(a), typeOf(b)).id != PairId::circle_circle) {
    return statusOnly(Status::unsupported);
  }
  return reference::kEngine.collide(a, xfA, b, xfB, options);
}
/// The same engine claiming every pair: its `unsupported` answers are then wrong.
bool claimsEverything(PairId) {
  return true;
}
constexpr Engine kCirclesOnly{"circles_only", &collideCirclesOnly, &circlesOnly};
constexpr Engine kOverclaiming{"overclaiming", &collideCirclesOnly, &claimsEverything};

int countCircleCircle(const CaseFile& file) {
  int n = 0;
  for (const Case& c : file.cases) {
    n += lookupPair(typeOf(c.a), typeOf(c.b)).id == PairId::circle_circle ? 1 : 0;
  }
  return n;
}

TEST(ValidateCases, UnsupportedForUndeclaredPairIsNotImplementedNotFailure) {
  const CaseFile file = builtin();
  const Engine* engines[] = {&kCirclesOnly};
  const ValidationReport report = validateCases(file.cases, engines);
  const int circles = countCircleCircle(file);
  ASSERT_GT(circles, 0);
  ASSERT_LT(circles, static_cast<int>(file.cases.size()));
  EXPECT_TRUE(report.passed()) << formatReport(report);
  EXPECT_EQ(report.notImplemented.at(0), static_cast<int>(file.cases.size()) - circles);
  EXPECT_EQ(report.counts.at(0)[static_cast<int>(Outcome::agree)], circles);
  EXPECT_THAT(formatReport(report), ::testing::ContainsRegex("not implemented +[1-9]"));
}

TEST(ValidateCases, UnsupportedForClaimedPairIsStatusMismatch) {
  const CaseFile file = builtin();
  const Engine* engines[] = {&kOverclaiming};
  const ValidationReport report = validateCases(file.cases, engines);
  EXPECT_FALSE(report.passed());
  EXPECT_EQ(report.notImplemented.at(0), 0);
  EXPECT_GT(report.counts.at(0)[static_cast<int>(Outcome::statusMismatch)], 0);
}

}  // namespace
}  // namespace touche::oracle
