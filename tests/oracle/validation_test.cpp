// The built-in corpus: it parses, it is big enough, and every engine passes it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "touche/oracle/engines.h"
#include "touche/oracle/validation.h"

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

}  // namespace
}  // namespace touche::oracle
