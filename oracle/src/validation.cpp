// touche — validateCases() and its report (validation.h).
#include "touche/oracle/validation.h"

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

bool ValidationReport::passed() const {
  for (const auto& row : counts) {
    for (int k = 0; k < kOutcomeCount; ++k) {
      if (!isAcceptable(static_cast<Outcome>(k)) && row[k] != 0) return false;
    }
  }
  return true;
}

namespace {

/// True when `engine` declares it does not implement the case's (canonical) pair.
bool declaresNotImplemented(const Engine& engine, const Case& c) {
  const PairLookup lookup = lookupPair(typeOf(c.a), typeOf(c.b));
  return pairInfo(lookup.id).hasArea && !engine.implements(lookup.id);
}

/// The engine's judgement on one case, or nullopt when it answered `unsupported` for a pair
/// it declares it does not implement (nothing to judge).
std::optional<Comparison> judgeOne(const Engine& engine, const Case& c, const Options& options) {
  const Manifold actual = run(engine, c, options);
  if (actual.status == Status::unsupported && declaresNotImplemented(engine, c)) {
    return std::nullopt;
  }
  const Conventions conventions = conventionsFor(engine.name);
  const Case expectedCase = expectedCaseFor(c, conventions);
  const Manifold expected = run(reference::kEngine, expectedCase, options);
  Tolerance tolerance = toleranceFor(expectedCase, conventions);
  tolerance.margin = options.margin;
  return compare(expectedCase, expected, actual, tolerance);
}

}  // namespace

ValidationReport validateCases(std::span<const Case> cases, std::span<const Engine* const> engines,
                               const Options& options) {
  ValidationReport report;
  report.caseCount = static_cast<int>(cases.size());
  for (const Engine* engine : engines) {
    report.engines.emplace_back(engine->name);
    std::array<int, kOutcomeCount> row{};
    int notImplemented = 0;
    for (const Case& c : cases) {
      std::optional<Comparison> result = judgeOne(*engine, c, options);
      if (!result) {
        ++notImplemented;
        continue;
      }
      ++row[static_cast<int>(result->outcome)];
      if (result->outcome != Outcome::agree) {
        report.notable.push_back({c.id, std::string(engine->name), std::move(*result)});
      }
    }
    report.counts.push_back(row);
    report.notImplemented.push_back(notImplemented);
  }
  return report;
}

std::string formatReport(const ValidationReport& report) {
  std::ostringstream out;
  char cell[64];
  std::snprintf(cell, sizeof cell, "%-18s", "outcome \\ engine");
  out << cell;
  for (const std::string& e : report.engines) {
    std::snprintf(cell, sizeof cell, "%12s", e.c_str());
    out << cell;
  }
  out << "\n";
  for (int k = 0; k < kOutcomeCount; ++k) {
    std::snprintf(cell, sizeof cell, "%-18s", std::string(outcomeName(Outcome(k))).c_str());
    out << cell;
    for (const auto& row : report.counts) {
      std::snprintf(cell, sizeof cell, "%12d", row[k]);
      out << cell;
    }
    out << "\n";
  }
  std::snprintf(cell, sizeof cell, "%-18s", "not implemented");
  out << cell;
  for (int n : report.notImplemented) {
    std::snprintf(cell, sizeof cell, "%12d", n);
    out << cell;
  }
  out << "\n";
  out << report.caseCount << " cases x " << report.engines.size() << " engines: "
      << (report.passed() ? "PASS (every difference is explained by a declared convention)"
                          : "FAIL (differences outside the declared conventions)")
      << "\n";
  for (const Judgement& j : report.notable) {
    out << "\n[" << j.engine << "] " << j.caseId << "\n" << j.comparison.explanation << "\n";
  }
  return out.str();
}

}  // namespace touche::oracle
