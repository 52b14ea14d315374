// touche — `touche check`: judge a foreign engine's manifolds (JSON Lines written by any
// language) case by case, matched by id, under its declared conventions.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"

namespace touche::oracle {

/// One case's verdict: an outcome name ("agree", "wrong-normal", ...), or "unsupported" (the
/// engine said so; not a failure), "missing-manifold", "malformed-case", "malformed-manifold".
struct CheckedCase {
  std::string id;
  std::string verdict;
  std::string explanation;  ///< empty for agree
  bool failed = false;
  std::optional<Case> c;                 ///< when the case line parsed
  std::optional<ManifoldRecord> actual;  ///< when the manifold line parsed
  std::optional<Manifold> expected;      ///< the reference's manifold, when it has one
  std::size_t caseLine = 0;              ///< 1-based line numbers (0: none)
  std::size_t manifoldLine = 0;
};

struct CheckRun {
  DeclaredConventions conventions;
  std::vector<CheckedCase> cases;     ///< in the order of the cases file
  std::vector<std::string> problems;  ///< "manifolds line 7: ..." (lines matching no case, ...)
  int failures() const;
};

/// Called after each judged case with (done, total).
using Progress = std::function<void(std::size_t, std::size_t)>;

/// Reads both streams (never throws on bad input: every bad line becomes a verdict or a
/// problem naming its line) and judges every case.
CheckRun check(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
               const Progress& progress = {});

/// {"id": ..., "verdict": ..., "explanation": ...} on one line.
std::string verdictLine(const CheckedCase& checked);

/// Counts per verdict, then PASS/FAIL and the problems, for a terminal.
std::string summaryTable(const CheckRun& run);

/// A self-contained HTML page: summary, a sortable table of verdicts, and for each failing
/// case its SVG (both shapes, expected and actual normals and points), explanation and a
/// one-line repro. `command` is how the repro invokes touche (e.g. "touche").
std::string htmlReport(const CheckRun& run, const std::string& conventionsArgument);

}  // namespace touche::oracle
