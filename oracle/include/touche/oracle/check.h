// touche — `touche check`: judge a foreign engine's manifolds (JSON Lines written by any
// language) case by case, matched by id, under its declared conventions.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "touche/core/jsonl.h"
#include "touche/oracle/judge.h"
#include "touche/oracle/mechanisms.h"
#include "touche/oracle/validation.h"

namespace touche::oracle {

/// One failed check of a case: which ("normal", "points[1]", ..., or "manifold", "case", "id"
/// for the failures judge() does not give), its verdict and why.
struct CheckFailure {
  std::string check;
  std::string verdict;
  std::string explanation;
};

/// One case's verdict: an outcome name ("agree", "wrong-normal", ...), or "unsupported" (the
/// engine said so; neither judged nor a failure), "missing-manifold", "malformed-case",
/// "malformed-manifold" or "duplicate-id" (failures, not judged).
struct CheckedCase {
  std::string id;
  std::string verdict;
  std::string explanation;  ///< empty for agree
  /// Every check that failed (judge()'s, the verdict's first); for a failure judge() did not
  /// give (a missing manifold, a malformed line, a duplicate id) the one reason. Empty when the
  /// case passes.
  std::vector<CheckFailure> failures;
  bool failed = false;
  bool judged = false;  ///< judge() gave the verdict (an outcome class)
  /// With a baseline (applyBaseline): "known" for a failure it lists with this verdict, "new"
  /// for any other failure; empty otherwise.
  std::string baseline;
  std::string pair = "-";  ///< canonical pair ("polygon_circle"), "-" if unparsed
  /// Which shape plays A when the pair's shapes differ ("A = polygon"), else "".
  std::string roles;
  /// A judged failure's mechanism (mechanisms.h, diagnose()), when one explains it exactly.
  std::optional<Diagnosis> mechanism;
  std::optional<Case> c;                 ///< when the case line parsed
  std::optional<ManifoldRecord> actual;  ///< when the manifold line parsed
  std::optional<Manifold> expected;      ///< the reference's manifold, when it has one
  std::string caseText;                  ///< the case line as given
  std::string manifoldText;              ///< the manifold line as given (when one matched)
  std::size_t caseLine = 0;              ///< 1-based line numbers (0: none)
  std::size_t manifoldLine = 0;
};

/// What a baseline made of a run (applyBaseline, or CheckOptions::baseline).
struct BaselineResult {
  int known = 0;  ///< failures the baseline lists with the same verdict
  /// "id (was wrong-normal)": listed, and now passing (the first kListed of them).
  std::vector<std::string> fixed;
  std::vector<std::string> absent;  ///< listed ids this run has no case for (the first kListed)
  std::size_t fixedCount = 0;       ///< all of them
  std::size_t absentCount = 0;
  static constexpr std::size_t kListed = 1000;
};

/// One row of the HTML report's verdict table.
struct ReportRow {
  std::string id;
  std::string verdict;
  std::string pair;
  std::size_t caseLine = 0;
  std::size_t manifoldLine = 0;
  std::string checks;  ///< the names of the failed checks, "normal, points[1]"
  std::string baseline;
  bool failed = false;
  bool detailed = false;  ///< the report shows the case (CheckRun::reportCases)
};

/// The failing cases of one pair in one role order within a cluster.
struct ClusterPart {
  std::string pair;   ///< canonical pair
  std::string roles;  ///< CheckedCase::roles
  std::size_t count = 0;
};

/// Failing cases with one explanation: a mechanism (by what it says), or, unexplained, one
/// verdict. Its parts split it by pair and roles.
struct Cluster {
  bool explained = false;
  /// The mechanism's words ("separation sign flipped"), or "wrong-normal (no mechanism found)".
  std::string says;
  std::string name;                ///< the mechanism's name, or the verdict
  std::vector<ClusterPart> parts;  ///< largest first
  /// Its smallest case (fewest vertices, then shortest line, then first): an index into
  /// CheckRun::reportCases, which always holds it.
  std::size_t smallest = 0;
  std::size_t count() const;
};

/// A run of `touche check`: what its summary, report and exit status need, in memory bounded
/// whatever the number of cases (docs/validating-your-engine.md, "Large traces"): counts, the
/// clusters, a bounded sample of the failing cases and of the problems.
struct CheckRun {
  /// How many failing cases of each cluster the report shows (the first ones, and its
  /// smallest); the report says how many more there are.
  static constexpr std::size_t kReportCasesPerCluster = 50;
  /// How many cases the report's verdict table lists (the first ones, and every case the
  /// report shows); it says how many more there are.
  static constexpr std::size_t kReportRows = 10000;
  /// How many problems of each kind are kept to be shown (lines without an id, the first
  /// ones; repeated ids and manifolds matching no case, the first by id); the summary says how
  /// many more there are.
  static constexpr std::size_t kProblemsShown = 200;

  DeclaredConventions conventions;
  /// Where the conventions came from, for the run's title (conventionsTitle): a preset's name,
  /// or the path of the conventions file they were read from. Set by the caller; empty: they
  /// are named by their engine.
  std::string conventionsSource;
  /// Every case in the order of the cases file — only when the run keeps them
  /// (CheckOptions::keepCases, as check() does); else empty.
  std::vector<CheckedCase> cases;
  std::vector<std::string> problems;  ///< "manifolds line 7: ..." (lines matching no case, ...)
  std::size_t problemCount = 0;       ///< all problems, shown or not
  /// How many of the problems a case's verdict counts already (a duplicate id of a case).
  int caseProblems = 0;
  /// Never failures: the manifolds declare other conventions than the judged ones, or most
  /// failures would pass under another preset.
  std::vector<std::string> warnings;
  std::optional<BaselineResult> baseline;  ///< set by applyBaseline or CheckOptions::baseline

  std::size_t caseCount = 0;
  std::size_t judgedCount = 0;
  std::size_t failedCount = 0;        ///< failing cases
  std::size_t judgedFailedCount = 0;  ///< failing cases judge() gave the verdict of
  std::map<std::string, int> verdictCounts;
  std::map<std::string, std::map<std::string, int>> pairCounts;  ///< pair → verdict → cases
  std::vector<Cluster> clusters;                                 ///< failureClusters' order
  std::vector<CheckedCase> reportCases;  ///< the failing cases the report shows, in order
  std::vector<ReportRow> reportRows;     ///< the verdict table's rows, in order
  std::size_t rowsNotShown = 0;
  std::size_t failuresNotShown = 0;  ///< failing cases not in reportCases
  bool stopped = false;              ///< a TextSink asked to stop: the run is incomplete
  /// The manifolds came too far out of the cases' order for the lookahead, and the rest of
  /// their file was indexed (CheckOptions::lookaheadLines).
  bool manifoldsIndexed = false;

  /// Failing cases, plus the problems no case counts.
  int failures() const;
  /// failures() that the baseline does not list (all of them without a baseline).
  int newFailures() const;
  /// Cases judge() gave a verdict (not unsupported, missing, malformed or duplicated).
  int judged() const;
  /// kExitFail on a (new) failure, else kExitNothingJudged when nothing was judged, else
  /// kExitPass (validation.h; docs/validating-your-engine.md).
  int exitStatus() const;
};

/// Called after each judged case with (done, total).
using Progress = std::function<void(std::size_t, std::size_t)>;

/// The known failures of a previous run: its verdict lines (touche check's stdout, or a file
/// written with baselineLines), id → failing verdicts. Passing verdicts are ignored.
struct Baseline {
  std::map<std::string, std::set<std::string>> known;
};

/// How check() and checkStream() run.
struct CheckOptions {
  /// Threads judging (0: one per core). The run is the same whatever the number.
  unsigned jobs = 1;
  Progress progress = {};  ///< called from the calling thread
  /// Known failures: each failing case is marked known or new as it is judged.
  const Baseline* baseline = nullptr;
  bool keepCases = false;  ///< CheckRun::cases holds every case
  /// Cases judged at a time: their verdict lines are written together.
  std::size_t blockCases = 4096;
  /// Manifold lines held while looking for a case's manifold further on in the file (and at
  /// most 64 MiB of them); beyond that the rest of the file is indexed (id_matching.h).
  std::size_t lookaheadLines = 65536;
};

/// Receives text made by a run as it goes (each line ending in '\n'); false stops the run.
using TextSink = std::function<bool(const std::string&)>;

/// Reads both streams (never throws on bad input: every bad line becomes a verdict or a
/// problem naming its line) and judges every case, a block at a time on `options.jobs` threads,
/// giving each block's verdict lines to `verdicts` in the order of the cases file (and, when
/// set, a baseline line for each failing case to `baselineLines`). Each stream is read twice
/// (first its ids); one that cannot seek (a pipe) is copied to a temporary file as it is read.
/// A case id on two case lines, or on two manifold lines, is ambiguous: those cases get the
/// verdict "duplicate-id" and a problem names the lines. Manifolds made by one of touche's
/// engines, or declaring their conventions (a "conventions" field), are compared with
/// `conventions` and a mismatch is a warning; so is a run most of whose failures would pass
/// under another preset. Throws std::runtime_error only when a temporary file cannot be made.
CheckRun checkStream(std::istream& cases, std::istream& manifolds,
                     const DeclaredConventions& conventions, const CheckOptions& options,
                     const TextSink& verdicts, const TextSink& baselineLines = {});

/// checkStream keeping every case (CheckRun::cases), on `jobs` threads.
CheckRun check(std::istream& cases, std::istream& manifolds, const DeclaredConventions& conventions,
               const Progress& progress = {}, unsigned jobs = 1);

/// Reads a baseline; an error names the line (not JSON, no string "id" or "verdict").
std::variant<Baseline, InputError> readBaseline(std::istream& in);
/// Marks each failure of `run` known (the baseline lists its id with the same verdict) or new,
/// and lists the baseline's failures that no longer fail or have no case. `run` must hold
/// every case (check(), or CheckOptions::keepCases).
void applyBaseline(CheckRun& run, const Baseline& baseline);
/// A baseline of `run` (holding every case): one {"id": ..., "verdict": ...} line per failing
/// case.
std::string baselineLines(const CheckRun& run);
/// The baseline line of one case, or "" when it passes.
std::string baselineLine(const CheckedCase& checked);

/// {"id": ..., "verdict": ..., "explanation": ..., "failures": [...]} on one line; "failures"
/// (each {"check", "verdict", "explanation"}) and "baseline" only when the case fails, and
/// "mechanism" ({"name", "says", "detail"}) only when one explains the failure.
std::string verdictLine(const CheckedCase& checked);

/// The conventions a touche engine ("box2d", "fast", ...) declares, as a conventions file
/// would (its margin is the default: a manifold line does not say which one it was run with).
std::optional<DeclaredConventions> engineConventions(std::string_view engine);
/// The keys on which two conventions differ, "skinRadius 0 vs 0.01" (the engine's name never,
/// the margin unless `withMargin`).
std::vector<std::string> conventionDifferences(const DeclaredConventions& a,
                                               const DeclaredConventions& b, bool withMargin);

/// "8 cases: FAIL (6 failing); 5 of 8 judged", "... PASS ...", "... NOTHING JUDGED ...", or
/// with a baseline "... PASS (12 known failing, none new) ...".
std::string resultLine(const CheckRun& run);
/// What the baseline made of the run: known failures still failing, new ones, the known ones
/// that no longer fail and the ones with no case; "" without a baseline.
std::string baselineAccount(const CheckRun& run);

/// The failure clusters (one line each, with its smallest case's id), warnings, counts per
/// verdict, the pair × verdict table, the problems, the baseline's
/// account and the result line ("N cases: PASS; J of N judged"), for a terminal.
std::string summaryTable(const CheckRun& run);

/// "12 more problems are not shown" when the run has more problems than it keeps, else "".
std::string problemsNotShown(const CheckRun& run);

/// Counts per canonical pair and verdict: pair → verdict → cases (CheckRun::pairCounts).
const std::map<std::string, std::map<std::string, int>>& countsByPair(const CheckRun& run);
/// The pairs of countsByPair in the pair table's order (core/pairs.h), then "-" (case lines
/// that did not parse).
std::vector<std::string> pairOrder(const std::map<std::string, std::map<std::string, int>>& byPair);

/// The failing cases grouped by (mechanism, pair, roles), unexplained ones by (verdict, pair,
/// roles); clusters of one mechanism or verdict together, largest first (explained first among
/// equals). CheckRun::clusters.
const std::vector<Cluster>& failureClusters(const CheckRun& run);
/// One line: "355 cases, polygon_circle with A = polygon (300) and segment_circle with A =
/// segment (55): separation sign flipped".
std::string clusterLine(const Cluster& cluster);

/// A self-contained HTML page: the result, the failure clusters (each with its smallest case
/// drawn expected beside actual, the case line to feed the engine and a one-line repro), the
/// summary, the per-pair table, a sortable table of verdicts, and for each failing case its
/// SVG (both shapes, expected and actual normals and points side by side), every failed check,
/// its mechanism and a one-line repro quoting the case and manifold lines as given.
/// `conventionsArgument` is how the repro names the conventions (a preset or a file).
std::string htmlReport(const CheckRun& run, const std::string& conventionsArgument);

/// "box2d-v3 conventions" for a preset (or conventions named by their engine), "conventions
/// from my.json" for a file (with "(engine 'mine')" when the file names one): the title of a
/// run's summary and report.
std::string conventionsTitle(const CheckRun& run);

/// The order verdicts are listed in: the outcome classes, then unsupported and the failures
/// judge() does not give.
std::vector<std::string> verdictOrder();

}  // namespace touche::oracle
