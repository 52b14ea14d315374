// touche — a `touche check` run's aggregates (check_run.h) and its summary for a terminal.
#include "check_run.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <sstream>
#include <tuple>

#include "conventions_file.h"
#include "touche/core/pairs.h"

namespace touche::oracle {

std::string lineList(const std::vector<std::size_t>& lines) {
  std::string text = lines.size() == 1 ? "line " : "lines ";
  const std::size_t listed = std::min(lines.size(), kLinesListed);
  for (std::size_t k = 0; k < listed; ++k) {
    if (k > 0) text += k + 1 == lines.size() ? " and " : ", ";
    text += std::to_string(lines[k]);
  }
  if (listed < lines.size()) text += " and " + std::to_string(lines.size() - listed) + " more";
  return text;
}

bool failingVerdict(const std::string& verdict) {
  return verdict != "agree" && verdict != "agree-within-tie" && verdict != "unsupported";
}

// --- the baseline ----------------------------------------------------------------------------

BaselineTracker::BaselineTracker(const Baseline& baseline) : baseline_(baseline) {
  seen_.reserve(baseline.known.size());
  for (const auto& [id, verdicts] : baseline.known)
    seen_.emplace(id, Seen{});
}

void BaselineTracker::mark(CheckedCase& checked) const {
  if (!checked.failed) return;
  const auto known = baseline_.known.find(checked.id);
  const bool isKnown = known != baseline_.known.end() && known->second.count(checked.verdict) > 0;
  checked.baseline = isKnown ? "known" : "new";
}

void BaselineTracker::see(const CheckedCase& checked) {
  known_ += checked.failed && checked.baseline == "known" ? 1 : 0;
  const auto found = seen_.find(checked.id);
  if (found == seen_.end()) return;
  found->second.any = true;
  found->second.failing = found->second.failing || checked.failed;
}

BaselineResult BaselineTracker::result() const {
  BaselineResult result;
  result.known = known_;
  for (const auto& [id, verdicts] : baseline_.known) {
    const Seen& seen = seen_.at(id);
    if (!seen.any) {
      if (result.absentCount++ < BaselineResult::kListed) result.absent.push_back(id);
      continue;
    }
    if (seen.failing) continue;  // failing as listed (known), or otherwise (a new failure)
    for (const std::string& v : verdicts) {
      if (result.fixedCount++ < BaselineResult::kListed)
        result.fixed.push_back(id + " (was " + v + ")");
    }
  }
  return result;
}

void applyBaseline(CheckRun& run, const Baseline& baseline) {
  BaselineTracker tracker(baseline);
  for (CheckedCase& c : run.cases) {
    tracker.mark(c);
    tracker.see(c);
  }
  for (CheckedCase& c : run.reportCases)
    tracker.mark(c);
  for (ReportRow& row : run.reportRows) {
    CheckedCase c;
    c.id = row.id;
    c.verdict = row.verdict;
    c.failed = row.failed;
    tracker.mark(c);
    row.baseline = c.baseline;
  }
  run.baseline = tracker.result();
}

// --- problems --------------------------------------------------------------------------------

void ProblemList::add(std::string problem) {
  if (count_++ < CheckRun::kProblemsShown) inOrder_.push_back(std::move(problem));
}

void ProblemList::addKeyed(const std::string& key, std::string problem) {
  ++count_;
  byKey_.emplace(key, std::move(problem));
  if (byKey_.size() > CheckRun::kProblemsShown) byKey_.erase(std::prev(byKey_.end()));
}

std::vector<std::string> ProblemList::shown() const {
  std::vector<std::string> all = inOrder_;
  for (const auto& [key, problem] : byKey_)
    all.push_back(problem);
  return all;
}

// --- the run, a case at a time ---------------------------------------------------------------

namespace {

/// How many core vertices the case's shapes have (a circle 1, a segment 2); a case that did
/// not parse counts as the largest.
std::size_t vertexCount(const CheckedCase& c) {
  if (!c.c) return std::numeric_limits<std::size_t>::max();
  const auto count = [](const Shape& s) -> std::size_t {
    if (const auto* p = std::get_if<Polygon>(&s)) return static_cast<std::size_t>(p->count);
    return std::holds_alternative<Circle>(s) ? 1 : 2;
  };
  return count(c.c->a) + count(c.c->b);
}

/// Whether case `a` is smaller than `b`: fewer vertices, then a shorter case line (simpler
/// numbers), then earlier.
bool smaller(const CheckedCase& a, const CheckedCase& b) {
  const auto key = [](const CheckedCase& c) {
    return std::tuple{vertexCount(c), c.caseText.size(), c.caseLine};
  };
  return key(a) < key(b);
}

/// The names of the failed checks, "normal, points[1]".
std::string checkNames(const CheckedCase& c) {
  std::string names;
  for (const CheckFailure& f : c.failures)
    names += (names.empty() ? "" : ", ") + f.check;
  return names;
}

ReportRow rowOf(const CheckedCase& c, bool detailed) {
  return {c.id,          c.verdict,  c.pair,   c.caseLine, c.manifoldLine,
          checkNames(c), c.baseline, c.failed, detailed};
}

bool byLine(const CheckedCase& c, std::size_t line) {
  return c.caseLine < line;
}

}  // namespace

RunBuilder::RunBuilder(CheckRun& run, const Baseline* baseline, bool keepCases)
    : run_(run), keepCases_(keepCases) {
  if (baseline) baseline_.emplace(*baseline);
}

void RunBuilder::add(CheckedCase& checked) {
  const std::size_t index = run_.caseCount++;
  ++run_.verdictCounts[checked.verdict];
  ++run_.pairCounts[checked.pair][checked.verdict];
  run_.judgedCount += checked.judged ? 1 : 0;
  if (baseline_) baseline_->see(checked);
  bool shown = false;
  if (checked.failed) {
    ++run_.failedCount;
    if (checked.judged) {
      ++run_.judgedFailedCount;
      // Unstable ids fail under any preset's judge(): no hint of another preset in them.
      if (checked.c && checked.actual && checked.verdict != "unstable-id" &&
          hintSample_.size() < kHintSample) {
        hintSample_.push_back(checked);
      }
    }
    cluster(checked, &shown);
    run_.failuresNotShown += shown ? 0 : 1;
  }
  if (index < CheckRun::kReportRows || shown) {
    run_.reportRows.push_back(rowOf(checked, shown));
  } else {
    ++run_.rowsNotShown;
  }
  if (shown) run_.reportCases.push_back(checked);
  if (keepCases_) run_.cases.push_back(std::move(checked));
}

void RunBuilder::cluster(const CheckedCase& checked, bool* shown) {
  const bool explained = checked.mechanism.has_value();
  const std::string key =
      (explained ? "m:" : "v:") + (explained ? checked.mechanism->says : checked.verdict);
  Filling& filling = clusters_[key];
  Cluster& cluster = filling.cluster;
  if (cluster.says.empty()) {
    cluster.explained = explained;
    cluster.says = explained ? checked.mechanism->says : checked.verdict + " (no mechanism found)";
    cluster.name = explained ? checked.mechanism->name : checked.verdict;
    filling.smallest = checked;
  } else if (smaller(checked, *filling.smallest)) {
    filling.smallest = checked;
  }
  ++filling.parts[{checked.pair, checked.roles}];
  *shown = filling.shown < CheckRun::kReportCasesPerCluster;
  filling.shown += *shown ? 1 : 0;
}

void RunBuilder::declared(const std::string& engine, const std::string& conventions,
                          std::size_t line) {
  auto [at, inserted] = declared_.try_emplace({engine, conventions}, line);
  if (!inserted) at->second = std::min(at->second, line);
}

void RunBuilder::showSmallest(const CheckedCase& smallest) {
  const std::size_t line = smallest.caseLine;
  std::vector<CheckedCase>& cases = run_.reportCases;
  const auto at = std::lower_bound(cases.begin(), cases.end(), line, byLine);
  if (at != cases.end() && at->caseLine == line) return;
  cases.insert(at, smallest);
  --run_.failuresNotShown;
  std::vector<ReportRow>& rows = run_.reportRows;
  const auto row =
      std::lower_bound(rows.begin(), rows.end(), line,
                       [](const ReportRow& r, std::size_t l) { return r.caseLine < l; });
  if (row != rows.end() && row->caseLine == line) {
    row->detailed = true;
    return;
  }
  rows.insert(row, rowOf(smallest, true));
  --run_.rowsNotShown;
}

std::vector<Cluster> RunBuilder::orderedClusters() {
  for (auto& [key, filling] : clusters_)
    showSmallest(*filling.smallest);
  std::vector<Cluster> clusters;
  for (auto& [key, filling] : clusters_) {
    Cluster cluster = std::move(filling.cluster);
    for (const auto& [pairRoles, count] : filling.parts)
      cluster.parts.push_back({pairRoles.first, pairRoles.second, count});
    std::stable_sort(cluster.parts.begin(), cluster.parts.end(),
                     [](const ClusterPart& a, const ClusterPart& b) { return a.count > b.count; });
    const auto& cases = run_.reportCases;
    cluster.smallest = static_cast<std::size_t>(
        std::lower_bound(cases.begin(), cases.end(), filling.smallest->caseLine, byLine) -
        cases.begin());
    clusters.push_back(std::move(cluster));
  }
  std::stable_sort(clusters.begin(), clusters.end(), [](const Cluster& a, const Cluster& b) {
    if (a.count() != b.count()) return a.count() > b.count();
    return a.explained && !b.explained;
  });
  return clusters;
}

void RunBuilder::warn() {
  for (const auto& [declared, line] : declared_) {
    std::string w = mismatchWarning(line, declared.first, declared.second, run_.conventions);
    if (!w.empty()) run_.warnings.push_back(std::move(w));
  }
  std::string hint = presetHint(hintSample_, run_.judgedFailedCount, run_.conventions);
  if (!hint.empty()) run_.warnings.push_back(std::move(hint));
}

void RunBuilder::finish(const ProblemList& withoutId, const ProblemList& repeated,
                        const ProblemList& unmatched, const ProblemList& links) {
  run_.clusters = orderedClusters();
  warn();
  if (baseline_) run_.baseline = baseline_->result();
  run_.problems = withoutId.shown();
  for (std::string& p : repeated.shown())
    run_.problems.push_back(std::move(p));
  for (std::string& p : unmatched.shown())
    run_.problems.push_back(std::move(p));
  for (std::string& p : links.shown())
    run_.problems.push_back(std::move(p));
  run_.problemCount = withoutId.count() + repeated.count() + unmatched.count() + links.count();
  run_.caseProblems = static_cast<int>(repeated.count());
}

// --- the run's figures -----------------------------------------------------------------------

int CheckRun::failures() const {
  return static_cast<int>(failedCount + problemCount) - caseProblems;
}

int CheckRun::newFailures() const {
  return failures() - (baseline ? baseline->known : 0);
}

int CheckRun::judged() const {
  return static_cast<int>(judgedCount);
}

int CheckRun::exitStatus() const {
  if (newFailures() > 0) return kExitFail;
  return judged() > 0 ? kExitPass : kExitNothingJudged;
}

std::size_t Cluster::count() const {
  std::size_t n = 0;
  for (const ClusterPart& p : parts)
    n += p.count;
  return n;
}

const std::vector<Cluster>& failureClusters(const CheckRun& run) {
  return run.clusters;
}

const std::map<std::string, std::map<std::string, int>>& countsByPair(const CheckRun& run) {
  return run.pairCounts;
}

/// The pairs in the pair table's order, then "-" (cases that did not parse).
std::vector<std::string> pairOrder(
    const std::map<std::string, std::map<std::string, int>>& byPair) {
  std::vector<std::string> order;
  for (const PairInfo& p : kPairTable) {
    if (byPair.count(std::string(p.name))) order.emplace_back(p.name);
  }
  if (byPair.count("-")) order.emplace_back("-");
  return order;
}

std::string clusterLine(const Cluster& cluster) {
  const std::size_t n = cluster.count();
  std::string line = std::to_string(n) + (n == 1 ? " case, " : " cases, ");
  for (std::size_t k = 0; k < cluster.parts.size(); ++k) {
    const ClusterPart& p = cluster.parts[k];
    if (k > 0) line += k + 1 == cluster.parts.size() ? " and " : ", ";
    line += p.pair == "-" ? std::string("unparsed case lines")
                          : p.pair + (p.roles.empty() ? "" : " with " + p.roles);
    if (cluster.parts.size() > 1) line += " (" + std::to_string(p.count) + ")";
  }
  return line + ": " + cluster.says;
}

namespace {

/// The verdicts that occur, in verdictOrder.
std::vector<std::string> verdictColumns(const CheckRun& run) {
  std::vector<std::string> columns;
  for (const std::string& v : verdictOrder()) {
    const auto n = run.verdictCounts.find(v);
    if (n != run.verdictCounts.end() && n->second > 0) columns.push_back(v);
  }
  return columns;
}

/// Rows of pairs, a column per verdict that occurs (failing ones marked with *).
void pairTable(std::ostringstream& out, const CheckRun& run) {
  const auto& byPair = countsByPair(run);
  const std::vector<std::string> columns = verdictColumns(run);
  char cell[64];
  std::snprintf(cell, sizeof cell, "%-26s", "pair \\ verdict");
  out << cell;
  for (const std::string& v : columns)
    out << "  " << v << (failingVerdict(v) ? "*" : "");
  out << "\n";
  for (const std::string& pair : pairOrder(byPair)) {
    std::snprintf(cell, sizeof cell, "%-26s", pair.c_str());
    out << cell;
    for (const std::string& v : columns) {
      const auto n = byPair.at(pair).find(v);
      const int width = static_cast<int>(v.size() + (failingVerdict(v) ? 1 : 0)) + 2;
      std::snprintf(cell, sizeof cell, "%*d", width, n == byPair.at(pair).end() ? 0 : n->second);
      out << cell;
    }
    out << "\n";
  }
}

/// "1 more problem is" or "12 more problems are": `n` with the words for one or for many.
std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string problemsNotShown(const CheckRun& run) {
  if (run.problemCount <= run.problems.size()) return "";
  return plural(run.problemCount - run.problems.size(), "more problem is", "more problems are") +
         " not shown";
}

std::string baselineAccount(const CheckRun& run) {
  if (!run.baseline) return "";
  const BaselineResult& b = *run.baseline;
  std::ostringstream out;
  out << "baseline: " << b.known << " known failure" << (b.known == 1 ? "" : "s") << " still fail"
      << (b.known == 1 ? "s" : "") << ", " << run.newFailures() << " new";
  if (b.fixedCount > 0) {
    out << "; " << b.fixedCount << " known failure" << (b.fixedCount == 1 ? "" : "s")
        << " no longer fail" << (b.fixedCount == 1 ? "s" : "") << ":";
    for (const std::string& f : b.fixed)
      out << " " << printable(f);
    if (b.fixedCount > b.fixed.size()) out << " and " << b.fixedCount - b.fixed.size() << " more";
    out << " (--write-baseline records it)";
  }
  if (b.absentCount > 0) {
    out << "; " << b.absentCount << " known failure" << (b.absentCount == 1 ? " has" : "s have")
        << " no case in this run:";
    for (const std::string& id : b.absent)
      out << " " << printable(id);
    if (b.absentCount > b.absent.size())
      out << " and " << b.absentCount - b.absent.size() << " more";
  }
  return out.str();
}

std::string resultLine(const CheckRun& run) {
  const std::string count = std::to_string(run.caseCount);
  const std::string n = count + (run.caseCount == 1 ? " case" : " cases");
  const std::string judged = "; " + std::to_string(run.judged()) + " of " + count + " judged";
  const int status = run.exitStatus();
  if (status == kExitNothingJudged) return n + ": NOTHING JUDGED" + judged;
  if (!run.baseline) {
    return n + ": " +
           (status == kExitPass ? "PASS"
                                : "FAIL (" + std::to_string(run.failures()) + " failing)") +
           judged;
  }
  const std::string known = std::to_string(run.baseline->known) + " known";
  return n + ": " +
         (status == kExitPass
              ? "PASS (" + known + " failing, none new)"
              : "FAIL (" + std::to_string(run.newFailures()) + " new failing, " + known + ")") +
         judged;
}

std::string conventionsTitle(const CheckRun& run) {
  const std::string& source = run.conventionsSource;
  return conventions_file::title(source, conventionsPreset(source).has_value(),
                                 run.conventions.engine, DeclaredConventions{}.engine);
}

std::string summaryTable(const CheckRun& run) {
  std::ostringstream out;
  out << "touche check: " << conventionsTitle(run) << "\n";
  const std::vector<Cluster>& clusters = failureClusters(run);
  if (!clusters.empty()) {
    out << "failure clusters (" << clusters.size() << "):\n";
    for (const Cluster& cluster : clusters) {
      out << "  " << clusterLine(cluster)
          << " (smallest: " << printable(run.reportCases[cluster.smallest].id) << ")\n";
    }
  }
  for (const std::string& w : run.warnings)
    out << "warning: " << w << "\n";
  char row[96];
  std::snprintf(row, sizeof row, "%-20s %8s\n", "verdict", "cases");
  out << row;
  for (const std::string& verdict : verdictOrder()) {
    const auto found = run.verdictCounts.find(verdict);
    const int n = found == run.verdictCounts.end() ? 0 : found->second;
    std::snprintf(row, sizeof row, "%-20s %8d%s\n", verdict.c_str(), n,
                  failingVerdict(verdict) && n ? "  FAIL" : "");
    out << row;
  }
  if (run.caseCount > 0) pairTable(out, run);
  for (const std::string& p : run.problems)
    out << p << "\n";
  if (const std::string more = problemsNotShown(run); !more.empty()) out << "(" << more << ")\n";
  if (run.baseline) out << baselineAccount(run) << "\n";
  out << resultLine(run) << "\n";
  return out.str();
}

}  // namespace touche::oracle
