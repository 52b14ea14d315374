// touche — `touche check-casts`: judge a foreign engine's cast results (JSON Lines written by
// any language) case by case, matched by id, under its declared cast conventions
// (cast_compare.h), with the report features of `touche check` (check.h): verdict lines, a
// summary with a shape-by-verdict table, an HTML report, exit statuses 0 / 1 / 3.
#pragma once

#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "touche/core/cast_jsonl.h"
#include "touche/oracle/cast_compare.h"

namespace touche::oracle {

/// One cast's verdict: an outcome name (castOutcomeName), or "unsupported" (the engine said
/// so; neither judged nor a failure), "missing-result", "malformed-case" or "malformed-result"
/// (failures, not judged).
struct CheckedCast {
  std::string id;
  std::string verdict;
  std::string explanation;  ///< empty for agree
  bool failed = false;
  bool judged = false;  ///< compareCast gave the verdict
  /// "<shape type>/ray" or "<shape type>/swept" ("polygon/swept"), "-" if the case did not read.
  std::string pair = "-";
  std::optional<CastCase> c;           ///< when the case line read
  std::optional<CastRecord> actual;    ///< when the result line read
  std::optional<CastResult> expected;  ///< the reference's result, when judged
  std::string caseText;                ///< the case line as given
  std::string resultText;              ///< the result line as given (when one matched)
  std::size_t caseLine = 0;            ///< 1-based line numbers (0: none)
  std::size_t resultLine = 0;
};

struct CastCheckRun {
  CastConventions conventions;
  /// Where the conventions came from, for the run's title (castConventionsTitle): a preset's
  /// name, or the path of the conventions file they were read from. Set by the caller; empty:
  /// they are named by their engine.
  std::string conventionsSource;
  std::vector<CheckedCast> casts;     ///< in the order of the cases file
  std::vector<std::string> problems;  ///< "results line 7: id 'x' matches no case"
  std::vector<std::string> warnings;  ///< repeated ids (the first line of an id wins)
  /// Failing casts, plus the problems.
  int failures() const;
  /// Casts compareCast gave a verdict.
  int judged() const;
  /// kExitFail on a failure, else kExitNothingJudged when nothing was judged, else kExitPass
  /// (validation.h).
  int exitStatus() const;
};

/// The run's conventions as its summary and report title them: a preset by its name, a file
/// by its path (and the engine it declares).
std::string castConventionsTitle(const CastCheckRun& run);

/// Reads both streams (never throws on bad input: every bad line becomes a verdict or a
/// problem naming its line) and judges every cast against the reference; `judged`, when set,
/// is called after each case line with the number of case lines judged so far.
CastCheckRun checkCasts(std::istream& cases, std::istream& results,
                        const CastConventions& conventions,
                        const std::function<void(std::size_t)>& judged = {});

/// {"id": ..., "verdict": ..., "explanation": ...} on one line.
std::string castVerdictLine(const CheckedCast& checked);

/// The order verdicts are listed in: the outcome classes, then unsupported and the failures
/// compareCast does not give.
std::vector<std::string> castVerdictOrder();

/// Whether a verdict is a failure (not agree, agree-within-tie, declared-difference or
/// unsupported).
bool castVerdictFails(const std::string& verdict);

/// Counts per pair ("polygon/swept") and verdict, and the pairs in the cast table's order
/// (rays before swept circles), then "-".
std::map<std::string, std::map<std::string, int>> castCountsByPair(const CastCheckRun& run);
std::vector<std::string> castPairOrder(
    const std::map<std::string, std::map<std::string, int>>& byPair);

/// "8 casts: FAIL (6 failing); 5 of 8 judged", "... PASS ...", "... NOTHING JUDGED ...".
std::string castResultLine(const CastCheckRun& run);

/// Warnings, counts per verdict, the pair × verdict table, the problems and the result line,
/// for a terminal.
std::string castSummaryTable(const CastCheckRun& run);

/// A self-contained HTML page: summary, per-pair table, a sortable table of verdicts, and for
/// each failing cast its SVG (the shape, the swept path, the reference's and the engine's
/// hits: renderCastSvg), its explanation and a one-line repro quoting the case and result
/// lines as given. `conventionsArgument` is how the repro names the conventions.
std::string castHtmlReport(const CastCheckRun& run, const std::string& conventionsArgument);

}  // namespace touche::oracle
