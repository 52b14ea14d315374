// touche — GoogleTest matchers for engine developers:
//
//   EXPECT_THAT(theirManifold, touche::testing::MatchesReference(caseSpec, conventions));
//
// judges the manifold against exact geometry under the engine's declared conventions
// (touche::oracle::judge) and, when it fails, prints the same explanation `touche check`
// writes: the outcome class, each difference in the tolerance's units, the case as hexfloats.
// `caseSpec` is a touche::Case or one JSON case line; `conventions` a DeclaredConventions, a
// preset name ("box2d-2.4.1", "box2d-v3", "exact") or the path of a conventions file.
#pragma once

#include <gmock/gmock.h>

#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::testing {

/// The matcher behind MatchesReference: accepts `agree` and `agree-within-tie`.
class ManifoldJudgeMatcher : public ::testing::MatcherInterface<const Manifold&> {
 public:
  ManifoldJudgeMatcher(Case c, oracle::DeclaredConventions conventions)
      : case_(std::move(c)), conventions_(std::move(conventions)) {}

  bool MatchAndExplain(const Manifold& manifold,
                       ::testing::MatchResultListener* listener) const override {
    const oracle::Comparison r = oracle::judge(case_, manifold, conventions_);
    if (!r.explanation.empty()) *listener << "\n" << r.explanation;
    return oracle::isAcceptable(r.outcome);
  }
  void DescribeTo(std::ostream* os) const override {
    *os << "is a manifold of case '" << case_.id << "' that exact geometry accepts under the "
        << conventions_.engine << " conventions";
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "is not a manifold of case '" << case_.id << "' that exact geometry accepts under the "
        << conventions_.engine << " conventions";
  }

 private:
  Case case_;
  oracle::DeclaredConventions conventions_;
};

/// Parses a JSON case line; throws std::invalid_argument naming the field when it is bad.
inline Case caseFromJson(std::string_view line) {
  auto parsed = loadCase(line);
  if (auto* e = std::get_if<InputError>(&parsed)) throw std::invalid_argument(e->describe());
  return std::get<Case>(std::move(parsed));
}

/// A preset name or a conventions file; throws std::invalid_argument naming the key.
inline oracle::DeclaredConventions conventionsNamed(const std::string& nameOrPath) {
  auto loaded = oracle::loadConventions(nameOrPath);
  if (auto* e = std::get_if<InputError>(&loaded)) throw std::invalid_argument(e->describe());
  return std::get<oracle::DeclaredConventions>(std::move(loaded));
}

inline ::testing::Matcher<const Manifold&> MatchesReference(
    Case c, oracle::DeclaredConventions conventions = {}) {
  return ::testing::MakeMatcher(new ManifoldJudgeMatcher(std::move(c), std::move(conventions)));
}
inline ::testing::Matcher<const Manifold&> MatchesReference(Case c,
                                                            const std::string& conventions) {
  return MatchesReference(std::move(c), conventionsNamed(conventions));
}
inline ::testing::Matcher<const Manifold&> MatchesReference(std::string_view caseJson,
                                                            const std::string& conventions) {
  return MatchesReference(caseFromJson(caseJson), conventionsNamed(conventions));
}

}  // namespace touche::testing
