// touche oracle — a `touche check` run's aggregates, built a case at a time (check.h, CheckRun):
// what the summary, the report and the exit status need, in memory that does not grow with
// the number of cases (but for the counts kept per pair and verdict, and the baseline's ids).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "touche/oracle/check.h"

namespace touche::oracle {

/// The most a problem's list of lines names ("lines 3, 7 and 9"); then "and N more".
inline constexpr std::size_t kLinesListed = 10;
/// "line 3", "lines 3 and 7", "lines 3, 7 and 9", "lines 1, 2, ..., 10 and 5 more".
std::string lineList(const std::vector<std::size_t>& lines);

/// Whether a verdict is a failure (not agree, agree-within-tie or unsupported).
bool failingVerdict(const std::string& verdict);

/// A baseline's marks on failing cases, and what it makes of a run (BaselineResult).
class BaselineTracker {
 public:
  explicit BaselineTracker(const Baseline& baseline);
  /// Sets checked.baseline: "known" or "new" for a failure, "" otherwise. Reads only.
  void mark(CheckedCase& checked) const;
  /// Counts a marked case (in any order).
  void see(const CheckedCase& checked);
  BaselineResult result() const;

 private:
  struct Seen {
    bool any = false;
    bool failing = false;
  };
  const Baseline& baseline_;
  std::unordered_map<std::string_view, Seen> seen_;  ///< by the baseline's ids
  int known_ = 0;
};

/// Problems of one kind, the first `kProblemsShown` kept (in arrival order, or the smallest
/// keys when keyed), all counted.
class ProblemList {
 public:
  void add(std::string problem);
  /// Keeps the problem when its key is among the kProblemsShown smallest so far.
  void addKeyed(const std::string& key, std::string problem);
  std::size_t count() const { return count_; }
  /// The kept problems: in arrival order, then the keyed ones by key.
  std::vector<std::string> shown() const;

 private:
  std::vector<std::string> inOrder_;
  std::map<std::string, std::string> byKey_;
  std::size_t count_ = 0;
};

/// Adds each case's verdict to a CheckRun in the order of the cases file.
class RunBuilder {
 public:
  RunBuilder(CheckRun& run, const Baseline* baseline, bool keepCases);
  /// The next case (moved from when the run does not keep its cases).
  void add(CheckedCase& checked);
  /// A manifold line naming (engine, conventions), parsed: the warnings say which differ.
  void declared(const std::string& engine, const std::string& conventions, std::size_t line);
  /// Sets the clusters, the smallest cases in the report, the warnings, the baseline's result
  /// and the problems (`withoutId`, then `repeated` (a case's duplicate id, counted by its
  /// verdict), then `unmatched`).
  void finish(const ProblemList& withoutId, const ProblemList& repeated,
              const ProblemList& unmatched, const ProblemList& links);

 private:
  /// A cluster as it fills: its parts' counts, its smallest case so far, how many it shows.
  struct Filling {
    Cluster cluster;
    std::map<std::pair<std::string, std::string>, std::size_t> parts;
    std::optional<CheckedCase> smallest;
    std::size_t shown = 0;
  };
  void cluster(const CheckedCase& checked, bool* shown);
  void showSmallest(const CheckedCase& smallest);
  std::vector<Cluster> orderedClusters();
  void warn();

  CheckRun& run_;
  std::optional<BaselineTracker> baseline_;
  bool keepCases_;
  std::map<std::string, Filling> clusters_;  ///< by "m:" + what a mechanism says, or "v:" + verdict
  std::vector<CheckedCase> hintSample_;      ///< the first failures judge() gave
  std::map<std::pair<std::string, std::string>, std::size_t> declared_;  ///< → first line
};

/// The first failures re-judged for the preset hint at most (check.cpp, presetHint): it bounds
/// the cost of a run with many failures, and a sample that size shows a majority well enough.
inline constexpr std::size_t kHintSample = 200;
/// When most of `sample` (failures judge() gave) would pass under another preset, a warning
/// saying which (out of `failed` such failures); else "".
std::string presetHint(const std::vector<CheckedCase>& sample, std::size_t failed,
                       const DeclaredConventions& conventions);
/// The warning for one (engine, conventions) declaration of the manifolds, first on `line`, or
/// "".
std::string mismatchWarning(std::size_t line, const std::string& engine,
                            const std::string& declaredConventions,
                            const DeclaredConventions& judged);

}  // namespace touche::oracle
