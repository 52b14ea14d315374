// check-casts as a library (oracle/cast_check.h): verdicts matched by id, the shape-by-verdict
// summary, problems, exit statuses as check's, the HTML report, and cast conventions files
// (presets read back from their JSON, errors naming the key).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "touche/oracle/cast_check.h"
#include "touche/oracle/validation.h"

namespace touche::oracle {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kCases =
    R"({"id":"ray-circle","shape":{"type":"circle","center":[0,0],"radius":1},"ray":{"origin":[-5,0],"translation":[10,0]}}
{"id":"swept-box","shape":{"type":"polygon","vertices":[[-1,-1],[1,-1],[1,1],[-1,1]]},"ray":{"origin":[-3,0],"translation":[4,0],"radius":0.5}}
{"id":"a<b>","shape":{"type":"circle","center":[0,0],"radius":1},"ray":{"origin":[-5,0],"translation":[10,0]}}
not json
)";

CastCheckRun run(const std::string& results, const CastConventions& conventions) {
  std::istringstream cases(kCases);
  std::istringstream in(results);
  return checkCasts(cases, in, conventions);
}

TEST(CheckCasts, VerdictsSummaryAndExitStatus) {
  const CastCheckRun r = run(
      R"({"id":"ray-circle","engine":"e","status":"hit","fraction":0.4,"point":[-1,0],"normal":[-1,0],"feature":{"type":"vertex","index":0}}
{"id":"swept-box","engine":"e","status":"hit","fraction":0.45,"point":[-1,0],"normal":[-1,0],"feature":{"type":"face","index":3}}
{"id":"a<b>","engine":"e","status":"unsupported","reason":"no"}
{"id":"orphan","engine":"e","status":"miss"}
)",
      *castConventionsPreset("exact"));
  ASSERT_EQ(r.casts.size(), 4u);
  EXPECT_EQ(r.casts[0].verdict, "agree");
  EXPECT_EQ(r.casts[0].pair, "circle/ray");
  EXPECT_EQ(r.casts[1].verdict, "wrong-fraction");
  EXPECT_EQ(r.casts[1].pair, "polygon/swept");
  EXPECT_EQ(r.casts[2].verdict, "unsupported");
  EXPECT_EQ(r.casts[3].verdict, "malformed-case");
  EXPECT_EQ(r.casts[3].pair, "-");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0], "results line 4: id 'orphan' matches no case");
  EXPECT_EQ(r.judged(), 2);
  EXPECT_EQ(r.failures(), 3);  // wrong-fraction, malformed-case, the orphan
  EXPECT_EQ(r.exitStatus(), kExitFail);
  const std::string summary = castSummaryTable(r);
  EXPECT_THAT(summary, HasSubstr("touche check-casts: exact conventions"));
  EXPECT_THAT(summary, HasSubstr("wrong-fraction              1  FAIL"));
  EXPECT_THAT(
      summary,
      HasSubstr("circle/ray                  1                0            1                0"));
  EXPECT_THAT(summary, HasSubstr("4 casts: FAIL (3 failing); 2 of 4 judged"));
  EXPECT_EQ(
      castVerdictLine(r.casts[2]),
      R"({"id":"a<b>","verdict":"unsupported","explanation":"the engine answered unsupported: no"})");
}

// A conventions file is titled by its path and the engine it declares, not by the engine
// alone (which could be a preset's name); a preset, or no source, by its name.
TEST(CheckCasts, TitleNamesAConventionsFileByItsPath) {
  CastCheckRun r;
  r.conventions = *castConventionsPreset("box2d-v3");
  EXPECT_EQ(castConventionsTitle(r), "box2d-v3 conventions");
  r.conventionsSource = "box2d-v3";
  EXPECT_EQ(castConventionsTitle(r), "box2d-v3 conventions");
  r.conventionsSource = "mine.json";
  EXPECT_EQ(castConventionsTitle(r), "conventions from mine.json (engine 'box2d-v3')");
  r.conventions.engine = CastConventions{}.engine;
  EXPECT_EQ(castConventionsTitle(r), "conventions from mine.json");
  r.conventionsSource = std::string("a") + '\x1b' + "[2Jb.json";  // a terminal escape
  EXPECT_EQ(castConventionsTitle(r).find('\x1b'), std::string::npos);
  EXPECT_THAT(castSummaryTable(r), HasSubstr("touche check-casts: conventions from a"));
  EXPECT_THAT(castHtmlReport(r, "mine.json"),
              HasSubstr("<title>touche check-casts: conventions from a"));
}

TEST(CheckCasts, NothingJudgedIsStatus3) {
  const CastCheckRun r = run(R"({"id":"ray-circle","engine":"e","status":"unsupported"}
{"id":"swept-box","engine":"e","status":"unsupported"}
{"id":"a<b>","engine":"e","status":"unsupported"}
)",
                             *castConventionsPreset("exact"));
  // the malformed case line still fails
  EXPECT_EQ(r.exitStatus(), kExitFail);
  std::istringstream cases(
      R"({"id":"c","shape":{"type":"circle","center":[0,0],"radius":1},"ray":{"origin":[-5,0],"translation":[10,0]}}
)");
  std::istringstream results(R"({"id":"c","engine":"e","status":"unsupported"}
)");
  const CastCheckRun none = checkCasts(cases, results, *castConventionsPreset("exact"));
  EXPECT_EQ(none.exitStatus(), kExitNothingJudged);
  EXPECT_EQ(castResultLine(none), "1 cast: NOTHING JUDGED; 0 of 1 judged");
}

TEST(CheckCasts, HtmlReportDrawsEachFailingCastAndItsRepro) {
  const CastCheckRun r = run(
      R"({"id":"ray-circle","engine":"e","status":"miss"}
{"id":"swept-box","engine":"e","status":"hit","fraction":0.375,"point":[-1,0],"normal":[-1,0],"feature":{"type":"face","index":3}}
{"id":"a<b>","engine":"e","status":"hit","fraction":0.2,"point":[-3,0],"normal":[-1,0]}
)",
      *castConventionsPreset("exact"));
  const std::string html = castHtmlReport(r, "exact");
  EXPECT_THAT(html, HasSubstr("<title>touche check-casts: exact conventions</title>"));
  EXPECT_THAT(html, HasSubstr("<table id=\"pairs\">"));
  EXPECT_THAT(html, HasSubstr("<td class=\"n fail\">1</td>"));
  // A failing cast: its section, the drawing with both answers, the repro line.
  EXPECT_THAT(html, HasSubstr("<section class=\"failure\" id=\"case-ray-circle\">"));
  EXPECT_THAT(html, HasSubstr("expected (reference): hit"));
  EXPECT_THAT(html, HasSubstr("actual (exact): miss"));
  EXPECT_THAT(html, HasSubstr("touche check-casts --cases &lt;(printf"));
  // A passing one has no section; ids are escaped.
  EXPECT_THAT(html, Not(HasSubstr("id=\"case-swept-box\"")));
  EXPECT_THAT(html, HasSubstr("id=\"case-a&lt;b&gt;\""));
  EXPECT_THAT(html, Not(HasSubstr("<b>")));
}

TEST(CastConventionsFile, PresetsReadBackFromTheirJson) {
  for (const std::string_view name : castConventionsPresetNames()) {
    const std::optional<CastConventions> preset = castConventionsPreset(name);
    ASSERT_TRUE(preset) << name;
    const auto parsed = parseCastConventions(formatCastConventions(*preset));
    ASSERT_TRUE(std::holds_alternative<CastConventions>(parsed)) << name;
    EXPECT_EQ(std::get<CastConventions>(parsed), *preset) << name;
  }
  EXPECT_TRUE(castConventionsPreset("box2d-v3")->sweptTarget.has_value());
  EXPECT_FALSE(castConventionsPreset("exact")->sweptTarget.has_value());
  EXPECT_FALSE(castConventionsPreset("nope").has_value());
}

TEST(CastConventionsFile, ErrorsNameTheKey) {
  const auto error = [](const char* text) {
    const auto parsed = parseCastConventions(text);
    if (const auto* e = std::get_if<InputError>(&parsed)) return e->describe();
    return std::string("(no error)");
  };
  EXPECT_THAT(error(R"({"precission": "float"})"), HasSubstr("precission: unknown key"));
  EXPECT_THAT(error(R"({"precision": "half"})"), HasSubstr("precision: must be \"float\""));
  EXPECT_THAT(error(R"({"tieBandUnits": -1})"), HasSubstr("tieBandUnits: -1 is not a finite"));
  EXPECT_THAT(error(R"({"sweptTarget": {"below": -0.1}})"),
              HasSubstr("sweptTarget: below: -0.1 is not a finite number >= 0"));
  EXPECT_THAT(error(R"({"sweptTarget": {"offset": 1e300}})"), HasSubstr("exceeds 2^50"));
  EXPECT_THAT(error("[1]"), HasSubstr("not a JSON object"));
  // offset may be negative; every key optional.
  EXPECT_EQ(error(R"({"sweptTarget": {"offset": -0.005}})"), "(no error)");
  EXPECT_EQ(error("{}"), "(no error)");
  const auto loaded = loadCastConventions("/nonexistent/conventions.json");
  ASSERT_TRUE(std::holds_alternative<InputError>(loaded));
  EXPECT_THAT(std::get<InputError>(loaded).describe(),
              HasSubstr("neither a preset (exact, float, box2d-2.4.1, box2d-v3) nor a readable"));
}

}  // namespace
}  // namespace touche::oracle
