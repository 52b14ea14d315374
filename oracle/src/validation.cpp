// touche — validateCases() and its report (validation.h).
#include "touche/oracle/validation.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include "touche/oracle/builtin_corpus.h"  // generated from oracle/corpus/builtin.jsonl
#include "touche/oracle/engines.h"
#include "touche/reference/reference.h"

namespace touche::oracle {

std::string_view builtinCorpus() {
  return generated::kBuiltinCorpus;
}

int ValidationReport::judged() const {
  int n = 0;
  for (const auto& row : counts) {
    for (int k : row)
      n += k;
  }
  return n;
}

bool ValidationReport::failed() const {
  for (const auto& row : counts) {
    for (int k = 0; k < kOutcomeCount; ++k) {
      if (!isAcceptable(static_cast<Outcome>(k)) && row[k] != 0) return true;
    }
  }
  return false;
}

bool ValidationReport::passed() const {
  return !failed() && judged() > 0;
}

int exitStatus(const ValidationReport& report) {
  if (report.failed()) return kExitFail;
  return report.judged() > 0 ? kExitPass : kExitNothingJudged;
}

namespace {

/// True when the case's pair has no area: no manifold is defined, the reference answers
/// `unsupported` (core/pairs.h), and so does every engine that follows the contract.
bool pairWithoutArea(const Case& c) {
  return !pairInfo(lookupPair(typeOf(c.a), typeOf(c.b)).id).hasArea;
}

/// True when `engine` declares it does not implement the case's (canonical) pair.
bool declaresNotImplemented(const Engine& engine, const Case& c) {
  const PairLookup lookup = lookupPair(typeOf(c.a), typeOf(c.b));
  return pairInfo(lookup.id).hasArea && !engine.implements(lookup.id);
}

/// What became of one engine on one case: judged (comparison), not implemented (neither),
/// not judged because the engine refused this input (refusalReason), or a pair without area
/// that the engine does not support either (unsupportedPair).
struct CaseResult {
  std::optional<Comparison> comparison;
  std::string refusalReason;
  bool unsupportedPair = false;
};

/// Runs `engine` on one case and judges its answer, unless it answered `unsupported` for a pair
/// without area, for a pair it declares it does not implement, or with an input-specific
/// refusal. (A pair without area is checked on the case as given: an engine's skin may grow
/// its segments into capsules, but if it still answers `unsupported` there is no answer to
/// judge — expecting the skinned capsules' manifold from it would fail every such case.)
CaseResult judgeOne(const Engine& engine, const Case& c, const Options& options) {
  const Manifold actual = run(engine, c, options);
  if (actual.status == Status::unsupported) {
    if (pairWithoutArea(c)) return {std::nullopt, "", true};
    if (declaresNotImplemented(engine, c)) return {};
    if (std::string why = inputRefusal(engine, c); !why.empty()) return {std::nullopt, why};
  }
  const Expectation e = expectationFor(c, conventionsFor(engine.name), options, actual);
  return {compare(e.expectedCase, e.expected, actual, e.tolerance), ""};
}

}  // namespace

ValidationReport validateCases(std::span<const Case> cases, std::span<const Engine* const> engines,
                               const Options& options,
                               const std::function<void(std::size_t, std::size_t)>& progress) {
  ValidationReport report;
  report.caseCount = static_cast<int>(cases.size());
  const std::size_t total = cases.size() * engines.size();
  std::size_t done = 0;
  for (const Engine* engine : engines) {
    report.engines.emplace_back(engine->name);
    std::array<int, kOutcomeCount> row{};
    int notImplemented = 0;
    int notJudged = 0;
    int unsupportedPair = 0;
    for (const Case& c : cases) {
      CaseResult result = judgeOne(*engine, c, options);
      if (progress) progress(++done, total);
      if (result.unsupportedPair) {
        ++unsupportedPair;
        continue;
      }
      if (!result.refusalReason.empty()) {
        ++notJudged;
        report.refusals.push_back({c.id, std::string(engine->name), result.refusalReason});
        continue;
      }
      if (!result.comparison) {
        ++notImplemented;
        continue;
      }
      const Outcome outcome = result.comparison->outcome;
      ++row[static_cast<int>(outcome)];
      if (outcome != Outcome::agree) {
        report.notable.push_back({c.id, std::string(engine->name), std::move(*result.comparison)});
      }
    }
    report.counts.push_back(row);
    report.notImplemented.push_back(notImplemented);
    report.notJudged.push_back(notJudged);
    report.unsupportedPair.push_back(unsupportedPair);
  }
  return report;
}

namespace {

/// The width of an engine's column: 12, or its longest name and two spaces.
int columnWidth(const ValidationReport& report) {
  std::size_t width = 12;
  for (const std::string& e : report.engines)
    width = std::max(width, e.size() + 2);
  return static_cast<int>(std::min<std::size_t>(width, 40));
}

/// One table row: a label, then one count per engine.
void formatRow(std::ostringstream& out, const char* label, const std::vector<int>& perEngine,
               int width) {
  char cell[64];
  std::snprintf(cell, sizeof cell, "%-18s", label);
  out << cell;
  for (int n : perEngine) {
    std::snprintf(cell, sizeof cell, "%*d", width, n);
    out << cell;
  }
  out << "\n";
}

/// PASS, FAIL or NOTHING JUDGED, with what it means.
std::string verdictOf(const ValidationReport& report) {
  if (report.failed()) return "FAIL (differences outside the declared conventions)";
  if (report.judged() == 0) return "NOTHING JUDGED (no engine gave an answer to judge)";
  return "PASS (every difference is explained by a declared convention)";
}

int total(const std::vector<int>& perEngine) {
  int sum = 0;
  for (int n : perEngine)
    sum += n;
  return sum;
}

}  // namespace

std::string formatReport(const ValidationReport& report, bool verbose) {
  std::ostringstream out;
  char cell[64];
  const int width = columnWidth(report);
  std::snprintf(cell, sizeof cell, "%-18s", "outcome \\ engine");
  out << cell;
  for (const std::string& e : report.engines) {
    std::snprintf(cell, sizeof cell, "%*s", width, e.c_str());
    out << cell;
  }
  out << "\n";
  for (int k = 0; k < kOutcomeCount; ++k) {
    std::snprintf(cell, sizeof cell, "%-18s", std::string(outcomeName(Outcome(k))).c_str());
    out << cell;
    for (const auto& row : report.counts) {
      std::snprintf(cell, sizeof cell, "%*d", width, row[k]);
      out << cell;
    }
    out << "\n";
  }
  formatRow(out, "not implemented", report.notImplemented, width);
  formatRow(out, "not judged", report.notJudged, width);
  formatRow(out, "unsupported pair", report.unsupportedPair, width);
  out << report.caseCount << " cases x " << report.engines.size() << " engines, " << report.judged()
      << " of " << report.caseCount * static_cast<int>(report.engines.size())
      << " answers judged: " << verdictOf(report) << "; " << total(report.notJudged)
      << " not judged (the engine refused the input); " << total(report.unsupportedPair)
      << " unsupported pair (no area: no engine supports it)\n";
  // The details: every failure's explanation; the refusals and the agreements within a tie
  // only when verbose (a passing run's first screen is its table and its result).
  std::size_t hidden = 0;
  for (const Judgement& j : report.notable) {
    if (!verbose && isAcceptable(j.comparison.outcome)) ++hidden;
  }
  if (verbose) {
    for (const Refusal& r : report.refusals)
      out << "\n[" << r.engine << "] " << r.caseId << ": not judged: " << r.reason << "\n";
  }
  for (const Judgement& j : report.notable) {
    if (!verbose && isAcceptable(j.comparison.outcome)) continue;
    out << "\n[" << j.engine << "] " << j.caseId << "\n" << j.comparison.explanation << "\n";
  }
  if (!verbose && hidden + report.refusals.size() > 0) {
    out << (report.notable.size() > hidden ? "\n" : "") << hidden << " agree-within-tie explanation"
        << (hidden == 1 ? "" : "s") << " and " << report.refusals.size() << " refusal"
        << (report.refusals.size() == 1 ? "" : "s") << " not shown (--verbose shows them)\n";
  }
  return out.str();
}

}  // namespace touche::oracle
