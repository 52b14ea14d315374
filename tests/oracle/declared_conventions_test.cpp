// Conventions files: every numeric value is checked when the file is loaded, against the bound
// every input magnitude has (2^50), so that a value no case can be judged under is one error
// naming its key instead of a failure on every case.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "touche/oracle/judge.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;

constexpr const char* kNumericKeys[] = {"margin",       "skinRadius",      "tieBand",
                                        "tieBandUnits", "relativeTieBand", "relativeTieBandOffset",
                                        "contactBand",  "insideEpsilon"};

TEST(ConventionsLimits, AMarginOf1e308IsRefusedWhenLoaded) {
  // It used to load, and then every case failed: the reference refuses a margin beyond 2^50.
  const auto r = parseConventions(R"({"engine": "huge", "margin": 1e308})");
  ASSERT_TRUE(std::holds_alternative<InputError>(r));
  EXPECT_EQ(std::get<InputError>(r).field, "margin");
  EXPECT_EQ(std::get<InputError>(r).message,
            "1e+308 exceeds 2^50 (about 1.1e15), the largest magnitude touche accepts in its "
            "input");
}

TEST(ConventionsLimits, EveryNumericKeyIsBoundedBy2To50) {
  for (const char* key : kNumericKeys) {
    const std::string name = key;
    const auto at = parseConventions("{\"" + name + "\": 1125899906842624}");  // 2^50
    EXPECT_TRUE(std::holds_alternative<DeclaredConventions>(at)) << key;
    const auto beyond = parseConventions("{\"" + name + "\": 1125899906842624.25}");
    ASSERT_TRUE(std::holds_alternative<InputError>(beyond)) << key;
    EXPECT_EQ(std::get<InputError>(beyond).field, name);
    EXPECT_THAT(std::get<InputError>(beyond).message, HasSubstr("exceeds 2^50"));
    const auto negative = parseConventions("{\"" + name + "\": -0.5}");
    ASSERT_TRUE(std::holds_alternative<InputError>(negative)) << key;
    EXPECT_THAT(std::get<InputError>(negative).message, HasSubstr("-0.5 is not a finite number"));
  }
}

TEST(ConventionsLimits, ADirectoryIsNotAConventionsFile) {
  const auto r = loadConventions(TOUCHE_TEST_DATA);
  ASSERT_TRUE(std::holds_alternative<InputError>(r));
  EXPECT_THAT(std::get<InputError>(r).message, HasSubstr("is a directory"));
}

}  // namespace
}  // namespace touche::oracle
