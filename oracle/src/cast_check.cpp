// touche — checkCasts and its verdict lines and summary (cast_check.h).
//
// As `touche check` (check.cpp) for manifolds: result lines are matched to case lines by id
// (the first line of an id wins, a repeat is warned about), each case is judged by
// compareCast against the reference under the declared conventions, and every line that
// cannot be read becomes a verdict or a problem naming its line.
#include "touche/oracle/cast_check.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_map>
#include <variant>

#include "conventions_file.h"
#include "touche/oracle/validation.h"
#include "touche/reference/cast.h"

namespace touche::oracle {
namespace {

/// A result line: the record, or why it could not be read.
struct ResultLine {
  std::variant<CastRecord, InputError> record;
  std::string text;
  std::size_t line = 0;
  bool matched = false;
};

using Results = std::unordered_map<std::string, ResultLine>;

/// The result lines by id (the first line of an id wins; repeats are warnings).
Results readResults(std::istream& in, std::vector<std::string>& warnings) {
  Results results;
  LineReader reader(in);
  for (Line line; reader.next(line);) {
    auto parsed = line.tooLong ? std::variant<CastRecord, InputError>(line.tooLongError())
                               : parseCastResult(line.text);
    std::string id;
    if (const auto* record = std::get_if<CastRecord>(&parsed)) {
      id = record->id;
    } else {
      id = (line.tooLong ? std::nullopt : idOfLine(line.text)).value_or("");
    }
    if (id.empty()) id = "line-" + std::to_string(line.number);
    const std::string text = line.tooLong ? "" : line.text;
    if (!results.emplace(id, ResultLine{std::move(parsed), text, line.number}).second) {
      warnings.push_back("results line " + std::to_string(line.number) + ": id \"" + id +
                         "\" was already given");
    }
  }
  return results;
}

std::string pairOf(const CastCase& c) {
  return std::string(castInfo(typeOf(c.shape)).name) + (c.ray.radius > 0 ? "/swept" : "/ray");
}

CheckedCast unjudged(CheckedCast v, std::string verdict, std::string explanation) {
  v.verdict = std::move(verdict);
  v.explanation = std::move(explanation);
  v.failed = castVerdictFails(v.verdict);
  return v;
}

/// The verdict for one case line: its judged comparison, or why it was not judged.
CheckedCast judgeLine(const Line& line, Results& results, const CastConventions& conventions) {
  CheckedCast v;
  v.caseLine = line.number;
  v.caseText = line.tooLong ? "" : line.text;
  auto parsed = line.tooLong ? std::variant<CastCase, InputError>(line.tooLongError())
                             : loadCastCase(line.text);
  if (const auto* error = std::get_if<InputError>(&parsed)) {
    v.id = (line.tooLong ? std::nullopt : idOfLine(line.text))
               .value_or("line-" + std::to_string(line.number));
    const std::string other = line.tooLong ? "" : otherKindOfLine(line.text, LineKind::castCase);
    return unjudged(std::move(v), "malformed-case",
                    "cases line " + std::to_string(line.number) + ": " +
                        (other.empty() ? error->describe() : other));
  }
  const CastCase& c = v.c.emplace(std::get<CastCase>(parsed));
  v.id = c.id.empty() ? "line-" + std::to_string(line.number) : c.id;
  v.pair = pairOf(c);
  const auto found = results.find(v.id);
  if (found == results.end()) return unjudged(std::move(v), "missing-result", "");
  ResultLine& result = found->second;
  result.matched = true;
  v.resultLine = result.line;
  v.resultText = result.text;
  if (const auto* error = std::get_if<InputError>(&result.record)) {
    return unjudged(std::move(v), "malformed-result",
                    "results line " + std::to_string(result.line) + ": " + error->describe());
  }
  const CastRecord& actual = v.actual.emplace(std::get<CastRecord>(result.record));
  if (actual.result.status == CastStatus::unsupported) {
    return unjudged(std::move(v), "unsupported",
                    "the engine answered unsupported: " + actual.reason);
  }
  CastConventions declared = conventions;
  declared.reportsFeatures = declared.reportsFeatures && actual.hasFeature;
  const CastResult& expected = v.expected.emplace(reference::cast(c.shape, c.xf, c.ray));
  const CastComparison comparison = compareCast(c, expected, actual.result, declared);
  v.verdict = std::string(castOutcomeName(comparison.outcome));
  v.explanation = comparison.explanation;
  v.judged = true;
  v.failed = !comparison.passed();
  return v;
}

}  // namespace

int CastCheckRun::failures() const {
  int n = static_cast<int>(problems.size());
  for (const CheckedCast& c : casts)
    n += c.failed ? 1 : 0;
  return n;
}

int CastCheckRun::judged() const {
  int n = 0;
  for (const CheckedCast& c : casts)
    n += c.judged ? 1 : 0;
  return n;
}

int CastCheckRun::exitStatus() const {
  if (failures() > 0) return kExitFail;
  return judged() > 0 ? kExitPass : kExitNothingJudged;
}

CastCheckRun checkCasts(std::istream& cases, std::istream& results,
                        const CastConventions& conventions,
                        const std::function<void(std::size_t)>& judged) {
  CastCheckRun run;
  run.conventions = conventions;
  Results byId = readResults(results, run.warnings);
  LineReader reader(cases);
  for (Line line; reader.next(line);) {
    run.casts.push_back(judgeLine(line, byId, conventions));
    if (judged) judged(run.casts.size());
  }
  std::vector<std::pair<std::size_t, std::string>> orphans;
  for (const auto& [id, result] : byId) {
    if (!result.matched) orphans.emplace_back(result.line, id);
  }
  std::sort(orphans.begin(), orphans.end());
  for (const auto& [line, id] : orphans) {
    run.problems.push_back("results line " + std::to_string(line) + ": id '" + id +
                           "' matches no case");
  }
  return run;
}

std::string castVerdictLine(const CheckedCast& checked) {
  nlohmann::ordered_json j;
  j["id"] = checked.id;
  j["verdict"] = checked.verdict;
  j["explanation"] = checked.explanation;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::vector<std::string> castVerdictOrder() {
  std::vector<std::string> order;
  for (int k = 0; k <= static_cast<int>(CastOutcome::nonFinite); ++k)
    order.emplace_back(castOutcomeName(static_cast<CastOutcome>(k)));
  for (const char* extra : {"unsupported", "missing-result", "malformed-case", "malformed-result"})
    order.emplace_back(extra);
  return order;
}

bool castVerdictFails(const std::string& verdict) {
  return verdict != "agree" && verdict != "agree-within-tie" && verdict != "declared-difference" &&
         verdict != "unsupported";
}

std::map<std::string, std::map<std::string, int>> castCountsByPair(const CastCheckRun& run) {
  std::map<std::string, std::map<std::string, int>> byPair;
  for (const CheckedCast& c : run.casts)
    ++byPair[c.pair][c.verdict];
  return byPair;
}

std::vector<std::string> castPairOrder(
    const std::map<std::string, std::map<std::string, int>>& byPair) {
  std::vector<std::string> order;
  for (const CastShapeInfo& info : kCastTable) {
    for (const char* kind : {"/ray", "/swept"}) {
      const std::string pair = std::string(info.name) + kind;
      if (byPair.count(pair)) order.push_back(pair);
    }
  }
  if (byPair.count("-")) order.emplace_back("-");
  return order;
}

std::string castResultLine(const CastCheckRun& run) {
  const std::string count = std::to_string(run.casts.size());
  const std::string n = count + (run.casts.size() == 1 ? " cast" : " casts");
  const std::string judged = "; " + std::to_string(run.judged()) + " of " + count + " judged";
  const int status = run.exitStatus();
  if (status == kExitNothingJudged) return n + ": NOTHING JUDGED" + judged;
  return n + ": " +
         (status == kExitPass ? "PASS" : "FAIL (" + std::to_string(run.failures()) + " failing)") +
         judged;
}

std::string castConventionsTitle(const CastCheckRun& run) {
  const std::string& source = run.conventionsSource;
  return conventions_file::title(source, castConventionsPreset(source).has_value(),
                                 run.conventions.engine, CastConventions{}.engine);
}

std::string castSummaryTable(const CastCheckRun& run) {
  std::map<std::string, int> counts;
  for (const CheckedCast& c : run.casts)
    ++counts[c.verdict];
  std::ostringstream out;
  out << "touche check-casts: " << castConventionsTitle(run) << "\n";
  for (const std::string& w : run.warnings)
    out << "warning: " << w << "\n";
  char row[96];
  std::snprintf(row, sizeof row, "%-20s %8s\n", "verdict", "casts");
  out << row;
  std::vector<std::string> columns;
  for (const std::string& verdict : castVerdictOrder()) {
    const bool fails = castVerdictFails(verdict);
    std::snprintf(row, sizeof row, "%-20s %8d%s\n", verdict.c_str(), counts[verdict],
                  fails && counts[verdict] ? "  FAIL" : "");
    out << row;
    if (counts[verdict] > 0) columns.push_back(verdict);
  }
  const auto byPair = castCountsByPair(run);
  if (!run.casts.empty()) {
    std::snprintf(row, sizeof row, "%-22s", "shape/cast \\ verdict");
    out << row;
    for (const std::string& v : columns)
      out << "  " << v << (castVerdictFails(v) ? "*" : "");
    out << "\n";
    for (const std::string& pair : castPairOrder(byPair)) {
      std::snprintf(row, sizeof row, "%-22s", pair.c_str());
      out << row;
      for (const std::string& v : columns) {
        const auto n = byPair.at(pair).find(v);
        const int width = static_cast<int>(v.size() + (castVerdictFails(v) ? 1 : 0)) + 2;
        std::snprintf(row, sizeof row, "%*d", width, n == byPair.at(pair).end() ? 0 : n->second);
        out << row;
      }
      out << "\n";
    }
  }
  for (const std::string& p : run.problems)
    out << p << "\n";
  out << castResultLine(run) << "\n";
  return out.str();
}

}  // namespace touche::oracle
