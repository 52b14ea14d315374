// touche check streamed (check.h, checkStream): blocks of any size, manifolds in any order
// (in step, through the lookahead, through the index), streams that cannot seek, ids given
// twice far apart, cases without ids, and the bounds on what a run keeps (problems, the
// report's failing cases) — each run compared with the one-block, in-order run.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "line_blocks.h"
#include "touche/core/jsonl.h"
#include "touche/oracle/check.h"
#include "touche/oracle/engines.h"
#include "touche/oracle/validation.h"

namespace {

using namespace touche;
using namespace touche::oracle;
using ::testing::HasSubstr;

/// The built-in corpus `copies` times with ids made unique, and the reference engine's
/// manifolds of it (all agree under the exact preset).
struct Trace {
  std::vector<std::string> cases;
  std::vector<std::string> manifolds;
};

Trace corpusTrace(int copies) {
  std::istringstream in{std::string(builtinCorpus())};
  const CaseFile file = readCases(in);
  const Engine& reference = *findEngine("reference");
  Trace trace;
  for (int copy = 0; copy < copies; ++copy) {
    for (Case c : file.cases) {
      c.id = "copy" + std::to_string(copy) + "-" + c.id;
      trace.cases.push_back(formatCase(c));
      ManifoldRecord record;
      record.id = c.id;
      record.engine = "reference";
      record.manifold = run(reference, c);
      trace.manifolds.push_back(formatManifold(record));
    }
  }
  return trace;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines)
    text += line + "\n";
  return text;
}

DeclaredConventions exact() {
  return *conventionsPreset("exact");
}

/// What a streamed run wrote, and the run.
struct Streamed {
  CheckRun run;
  std::string verdicts;
  std::string baseline;
};

Streamed stream(std::istream& cases, std::istream& manifolds, const CheckOptions& options) {
  Streamed s;
  s.run = checkStream(
      cases, manifolds, exact(), options,
      [&](const std::string& text) {
        s.verdicts += text;
        return true;
      },
      [&](const std::string& text) {
        s.baseline += text;
        return true;
      });
  return s;
}

Streamed stream(const std::string& cases, const std::string& manifolds,
                const CheckOptions& options = {}) {
  std::istringstream c(cases), m(manifolds);
  return stream(c, m, options);
}

/// Small blocks on two threads and a lookahead of a few lines: every path of the matching.
CheckOptions tight() {
  CheckOptions options;
  options.jobs = 2;
  options.blockCases = 7;
  options.lookaheadLines = 4;
  return options;
}

/// Every seventh contact answered no_contact: failures to count and to cluster.
std::vector<std::string> corrupted(std::vector<std::string> manifolds) {
  for (std::size_t k = 0; k < manifolds.size(); k += 7) {
    const std::size_t at = manifolds[k].find("\"status\":\"contact\"");
    if (at != std::string::npos)
      manifolds[k] = manifolds[k].substr(0, at) + "\"status\":\"no_contact\"}";
  }
  return manifolds;
}

TEST(CheckStream, ManifoldsInAnyOrderGiveTheSameVerdictsAndSummary) {
  const Trace trace = corpusTrace(3);
  const std::vector<std::string> manifolds = corrupted(trace.manifolds);
  const std::string cases = joined(trace.cases);
  const Streamed reference = stream(cases, joined(manifolds));
  ASSERT_EQ(reference.run.caseCount, trace.cases.size());
  ASSERT_GT(reference.run.failedCount, 10u);
  ASSERT_LT(reference.run.failedCount, trace.cases.size() / 2);
  EXPECT_FALSE(reference.run.manifoldsIndexed);

  const Streamed inStep = stream(cases, joined(manifolds), tight());
  EXPECT_FALSE(inStep.run.manifoldsIndexed);
  EXPECT_EQ(inStep.verdicts, reference.verdicts);
  EXPECT_EQ(summaryTable(inStep.run), summaryTable(reference.run));

  // Reversed: the lookahead of 4 overflows at once, the rest of the file is indexed.
  std::vector<std::string> reversed(manifolds.rbegin(), manifolds.rend());
  const Streamed backwards = stream(cases, joined(reversed), tight());
  EXPECT_TRUE(backwards.run.manifoldsIndexed);
  EXPECT_EQ(backwards.verdicts, reference.verdicts);
  EXPECT_EQ(backwards.baseline, reference.baseline);
  EXPECT_EQ(summaryTable(backwards.run), summaryTable(reference.run));

  // Shuffled, with a lookahead as long as the file: held lines, no index.
  std::vector<std::string> shuffled = manifolds;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
  CheckOptions wide = tight();
  wide.lookaheadLines = manifolds.size();
  const Streamed held = stream(cases, joined(shuffled), wide);
  EXPECT_FALSE(held.run.manifoldsIndexed);
  EXPECT_EQ(held.verdicts, reference.verdicts);
  EXPECT_EQ(summaryTable(held.run), summaryTable(reference.run));
}

/// A stream whose buffer cannot seek, as a pipe's.
class PipeBuffer : public std::stringbuf {
 public:
  using std::stringbuf::stringbuf;

 protected:
  pos_type seekoff(off_type, std::ios_base::seekdir, std::ios_base::openmode) override {
    return pos_type(off_type(-1));
  }
  pos_type seekpos(pos_type, std::ios_base::openmode) override { return pos_type(off_type(-1)); }
};

TEST(CheckStream, StreamsThatCannotSeekAreReadThroughATemporaryCopy) {
  const Trace trace = corpusTrace(2);
  const std::vector<std::string> manifolds = corrupted(trace.manifolds);
  std::vector<std::string> reversed(manifolds.rbegin(), manifolds.rend());
  const Streamed reference = stream(joined(trace.cases), joined(manifolds));
  PipeBuffer casesPipe(joined(trace.cases)), manifoldsPipe(joined(reversed));
  std::istream cases(&casesPipe), manifoldsIn(&manifoldsPipe);
  ASSERT_EQ(cases.tellg(), std::streampos(-1));
  const Streamed piped = stream(cases, manifoldsIn, tight());
  EXPECT_TRUE(piped.run.manifoldsIndexed);
  EXPECT_EQ(piped.verdicts, reference.verdicts);
  EXPECT_EQ(summaryTable(piped.run), summaryTable(reference.run));
}

TEST(CheckStream, IdsGivenTwiceFarApartMakeEveryCaseOfTheirsADuplicate) {
  Trace trace = corpusTrace(1);
  trace.cases.resize(40);
  trace.manifolds.resize(40);
  // Case lines 2 and 38 share an id; the id of case line 5 is on manifold lines 5 and 39.
  const std::string shared = idOfLine(trace.cases[1]).value();
  trace.cases[37] =
      "{\"id\":\"" + shared + "\"," + trace.cases[37].substr(trace.cases[37].find("\"a\""));
  const std::string twice = idOfLine(trace.cases[4]).value();
  trace.manifolds[38] = "{\"id\":\"" + twice + "\",\"status\":\"no_contact\"}";
  const Streamed oneBlock = stream(joined(trace.cases), joined(trace.manifolds));
  const Streamed blocks = stream(joined(trace.cases), joined(trace.manifolds), tight());
  EXPECT_EQ(blocks.verdicts, oneBlock.verdicts);
  EXPECT_EQ(summaryTable(blocks.run), summaryTable(oneBlock.run));

  std::vector<std::string> lines;
  std::istringstream in(blocks.verdicts);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  ASSERT_EQ(lines.size(), 40u);
  for (const std::size_t k : {1u, 37u}) {
    EXPECT_THAT(lines[k], HasSubstr("\"verdict\":\"duplicate-id\",\"explanation\":\"cases lines 2 "
                                    "and 38 have the same id '" +
                                    shared + "'"));
  }
  EXPECT_THAT(lines[4], HasSubstr("\"verdict\":\"duplicate-id\",\"explanation\":\"manifolds lines "
                                  "5 and 39 have the same id '" +
                                  twice + "': which one answers case line 5"));
  EXPECT_THAT(
      blocks.run.problems,
      ::testing::ElementsAre(
          "cases lines 2 and 38 have the same id '" + shared + "': none of them is judged",
          "manifolds lines 5 and 39 have the same id '" + twice +
              "': case line 5 is not judged against either",
          "manifolds line 38: id '" + idOfLine(trace.manifolds[37]).value() + "' matches no case"));
  // Three duplicate cases, case line 39 missing its manifold, and the unmatched line 38.
  EXPECT_EQ(blocks.run.failures(), 5);
}

const char* const kCircles =
    R"({"a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[0,0],)"
    R"("radius":1},"xfB":{"p":[1.5,0]}})";

std::string circlesManifold(const std::string& id) {
  return "{\"id\":\"" + id +
         R"(","status":"contact","normal":[1,0],"points":[{"point":[0.75,0],"separation":-0.5}]})";
}

std::string named(const std::string& id) {
  return "{\"id\":\"" + id + "\"," + std::string(kCircles).substr(1);
}

TEST(CheckStream, ACaseWithoutIdIsLineNOnlyWhenItParses) {
  const std::string manifolds = circlesManifold("line-1") + "\n" + circlesManifold("line-2") + "\n";
  for (const CheckOptions& options : {CheckOptions{}, tight()}) {
    // Line 2 does not parse: it is no "line-2", and the case named so takes that manifold.
    const Streamed unparsed =
        stream(std::string(kCircles) + "\ngarbage\n" + named("line-2") + "\n", manifolds, options);
    EXPECT_THAT(unparsed.verdicts, HasSubstr("{\"id\":\"line-1\",\"verdict\":\"agree\""));
    EXPECT_THAT(unparsed.verdicts, HasSubstr("{\"id\":\"line-2\",\"verdict\":\"malformed-case\""));
    EXPECT_THAT(unparsed.verdicts, HasSubstr("}\n{\"id\":\"line-2\",\"verdict\":\"agree\""));
    EXPECT_TRUE(unparsed.run.problems.empty());
    // Line 2 parses: it is "line-2", as the third case is named.
    const Streamed parsed =
        stream(std::string(kCircles) + "\n" + kCircles + "\n" + named("line-2") + "\n", manifolds,
               options);
    EXPECT_THAT(parsed.run.problems,
                ::testing::ElementsAre(
                    "cases lines 2 and 3 have the same id 'line-2': none of them is judged"));
    EXPECT_EQ(parsed.run.verdictCounts.at("duplicate-id"), 2);
    // Line 2 does not parse and no case is named "line-2": its manifold matches none.
    const Streamed alone = stream(std::string(kCircles) + "\ngarbage\n", manifolds, options);
    EXPECT_THAT(alone.run.problems,
                ::testing::ElementsAre("manifolds line 2: id 'line-2' matches no case"));
    EXPECT_EQ(alone.run.failures(), 2);
  }
}

TEST(CheckStream, MissingUnmatchedAndUnnamedManifoldsAreReportedInAnyBlocking) {
  std::ifstream cases(std::string(TOUCHE_TEST_DATA) + "/check_cases.jsonl");
  std::ifstream manifolds(std::string(TOUCHE_TEST_DATA) + "/check_manifolds.jsonl");
  CheckOptions one = tight();
  one.blockCases = 1;
  one.lookaheadLines = 1;
  const Streamed s = stream(cases, manifolds, one);
  EXPECT_THAT(s.verdicts, HasSubstr("{\"id\":\"no-manifold\",\"verdict\":\"missing-manifold\""));
  ASSERT_EQ(s.run.problems.size(), 2u);
  EXPECT_THAT(s.run.problems[0], ::testing::StartsWith("manifolds line 8: "));
  EXPECT_THAT(s.run.problems[0], HasSubstr("(no id: matched with no case)"));
  EXPECT_EQ(s.run.problems[1], "manifolds line 7: id 'orphan' matches no case");
  EXPECT_EQ(s.run.exitStatus(), kExitFail);
}

TEST(CheckStream, ProblemsBeyondTheShownOnesAreCountedAndSaid) {
  std::string manifolds = circlesManifold("c") + "\n";
  for (int k = 0; k < 250; ++k) {
    char id[16];
    std::snprintf(id, sizeof id, "orphan-%03d", 249 - k);
    manifolds += "{\"id\":\"" + std::string(id) + "\",\"status\":\"no_contact\"}\n";
  }
  const Streamed s = stream(named("c") + "\n", manifolds, tight());
  EXPECT_EQ(s.run.problemCount, 250u);
  ASSERT_EQ(s.run.problems.size(), CheckRun::kProblemsShown);
  EXPECT_EQ(s.run.problems.front(), "manifolds line 251: id 'orphan-000' matches no case");
  EXPECT_EQ(s.run.problems.back(), "manifolds line 52: id 'orphan-199' matches no case");
  EXPECT_EQ(s.run.failures(), 250);
  EXPECT_THAT(summaryTable(s.run), HasSubstr("\n(50 more problems are not shown)\n"));
}

TEST(CheckStream, TheReportShowsTheFirstFailuresOfAClusterAndItsSmallest) {
  // 60 failing copies of one case; the 60th has the shortest line (its smallest).
  std::string cases, manifolds;
  for (int k = 0; k < 60; ++k) {
    const std::string id = k == 59 ? "s" : "a-rather-long-id-" + std::to_string(k);
    cases += named(id) + "\n";
    manifolds += "{\"id\":\"" + id + "\",\"status\":\"no_contact\"}\n";
  }
  const Streamed s = stream(cases, manifolds, tight());
  ASSERT_EQ(s.run.failedCount, 60u);
  ASSERT_EQ(s.run.clusters.size(), 1u);
  EXPECT_EQ(s.run.clusters[0].count(), 60u);
  ASSERT_EQ(s.run.reportCases.size(), CheckRun::kReportCasesPerCluster + 1);
  EXPECT_EQ(s.run.reportCases[s.run.clusters[0].smallest].id, "s");
  EXPECT_EQ(s.run.failuresNotShown, 9u);
  ASSERT_EQ(s.run.reportRows.size(), 60u);
  EXPECT_TRUE(s.run.reportRows[49].detailed);
  EXPECT_FALSE(s.run.reportRows[50].detailed);
  EXPECT_TRUE(s.run.reportRows[59].detailed);
  const std::string html = htmlReport(s.run, "exact");
  EXPECT_THAT(html, HasSubstr("<p id=\"failures-not-shown\">9 more failing cases are not shown"));
  EXPECT_THAT(html, HasSubstr("<section class=\"failure\" id=\"case-s\">"));
  EXPECT_THAT(html, ::testing::Not(HasSubstr("id=\"case-a-rather-long-id-50\"")));
}

TEST(CheckStream, ABaselineGivenUpFrontMarksAsApplyBaselineDoes) {
  const Trace trace = corpusTrace(1);
  const std::string cases = joined(trace.cases);
  const std::string before = joined(corrupted(trace.manifolds));
  const Streamed first = stream(cases, before);
  std::istringstream written(first.baseline);
  auto read = readBaseline(written);
  ASSERT_TRUE(std::holds_alternative<Baseline>(read));
  Baseline baseline = std::get<Baseline>(read);
  baseline.known["gone"] = {"wrong-normal"};
  // The run after: the first known failure fixed.
  std::vector<std::string> after = corrupted(trace.manifolds);
  const auto fixed = std::mismatch(after.begin(), after.end(), trace.manifolds.begin());
  ASSERT_NE(fixed.first, after.end());
  *fixed.first = *fixed.second;
  CheckOptions options = tight();
  options.baseline = &baseline;
  const Streamed streamed = stream(cases, joined(after), options);
  std::istringstream c(cases), m(joined(after));
  CheckRun kept = check(c, m, exact());
  applyBaseline(kept, baseline);
  std::string verdicts;
  for (const CheckedCase& k : kept.cases)
    verdicts += verdictLine(k) + "\n";
  EXPECT_EQ(streamed.verdicts, verdicts);
  EXPECT_THAT(streamed.verdicts, HasSubstr("\"baseline\":\"known\""));
  EXPECT_EQ(baselineAccount(streamed.run), baselineAccount(kept));
  EXPECT_THAT(baselineAccount(streamed.run), HasSubstr("1 known failure no longer fails"));
  EXPECT_THAT(baselineAccount(streamed.run), HasSubstr("no case in this run: gone"));
  EXPECT_EQ(streamed.run.exitStatus(), kExitPass);
}

TEST(CheckStream, ASinkThatFailsStopsTheRun) {
  const Trace trace = corpusTrace(1);
  std::istringstream cases(joined(trace.cases)), manifolds(joined(trace.manifolds));
  int blocks = 0;
  const CheckRun run = checkStream(cases, manifolds, exact(), tight(), [&](const std::string&) {
    ++blocks;
    return false;
  });
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(blocks, 1);
  EXPECT_EQ(run.caseCount, 7u);
}

/// Every line a reader gives, with the text at its offset.
struct ReadLine {
  std::size_t number;
  std::string text;
  bool tooLong;
  bool operator==(const ReadLine&) const = default;
};

TEST(BlockLineReader, GivesLineReadersLinesWhateverItsBlockSize) {
  const std::string input =
      "a\r\n\n  \n\t\nbb\rcc\n0123456789\n012345678\r\n0123456789abcdef\r\n012345678\n"
      "\r\n \r\nlast";
  constexpr std::size_t kLimit = 8;
  std::vector<ReadLine> expected;
  {
    std::istringstream in(input);
    LineReader reader(in, kLimit);
    for (Line line; reader.next(line);)
      expected.push_back({line.number, line.text, line.tooLong});
  }
  ASSERT_EQ(expected.size(), 7u);
  for (const std::size_t blockBytes : {1u, 3u, 7u, 64u}) {
    std::istringstream in(input);
    BlockLineReader reader(in, nullptr, blockBytes, kLimit);
    std::vector<ReadLine> got;
    for (Line line; reader.next(line);) {
      got.push_back({line.number, line.text, line.tooLong});
      EXPECT_EQ(input.substr(reader.offset(), line.text.size()), line.text);
    }
    EXPECT_EQ(got, expected) << "blocks of " << blockBytes;
  }
}

}  // namespace
