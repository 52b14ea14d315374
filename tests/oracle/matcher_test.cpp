// touche::testing::MatchesReference: accepts what judge() accepts, and explains a failure
// with the same text judge() writes (outcome, differences in units, the case as hexfloats).
#include "touche/testing/matchers.h"

#include <gtest/gtest.h>

#include "touche/reference/reference.h"

namespace touche::testing {
namespace {

/// Box (half 1) and box (half 0.5) at (0.25, 1.4): A's top face is the reference; points
/// (−0.25, 0.95) and (0.75, 0.95), separation −0.1 (the faces are 0.1 deep into each other).
constexpr const char* kBoxes =
    R"({"id": "boxes", "a": {"type": "polygon", "vertices": [[-1,-1],[1,-1],[1,1],[-1,1]]},
        "b": {"type": "polygon", "vertices": [[-0.5,-0.5],[0.5,-0.5],[0.5,0.5],[-0.5,0.5]]},
        "xfB": {"p": [0.25, 1.4]}})";

Manifold referenceOf(const Case& c) {
  return reference::collide(c.a, c.xfA, c.b, c.xfB);
}

TEST(MatchesReference, AcceptsTheReferenceBothWays) {
  const Case c = caseFromJson(kBoxes);
  EXPECT_THAT(referenceOf(c), MatchesReference(c, "exact"));
  EXPECT_THAT(referenceOf(c), MatchesReference(kBoxes, "exact"));
  const Case swapped{"boxes-swapped", c.b, c.xfB, c.a, c.xfA};
  EXPECT_THAT(referenceOf(swapped), MatchesReference(swapped, "exact"));
}

TEST(MatchesReference, ExplainsAWrongSeparationLikeJudge) {
  const Case c = caseFromJson(kBoxes);
  Manifold m = referenceOf(c);
  m.points[0].separation = -0.2;
  ::testing::StringMatchResultListener listener;
  const auto matcher = MatchesReference(c, "exact");
  EXPECT_FALSE(::testing::ExplainMatchResult(matcher, m, &listener));
  const std::string expected = oracle::judge(c, m, *oracle::conventionsPreset("exact")).explanation;
  EXPECT_EQ(listener.str(), "\n" + expected);
  EXPECT_THAT(listener.str(), ::testing::HasSubstr("wrong-separation"));
  EXPECT_THAT(::testing::DescribeMatcher<const Manifold&>(matcher),
              ::testing::HasSubstr("exact conventions"));
}

TEST(MatchesReference, BadSpecsThrowNamingTheProblem) {
  EXPECT_THROW(caseFromJson(R"({"id": "x", "a": {"type": "circle"}})"), std::invalid_argument);
  EXPECT_THROW(conventionsNamed("no-such-preset-or-file.json"), std::invalid_argument);
}

}  // namespace
}  // namespace touche::testing
