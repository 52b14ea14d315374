// touche — the HTML report of `touche check` (check.h, htmlReport). One self-contained page:
// no external resources, so it opens from disk and in a headless browser alike. The verdict
// table sorts itself (failures first) when the page loads and by any column on a click.
#include <map>
#include <sstream>

#include "report_parts.h"
#include "touche/oracle/check.h"
#include "touche/oracle/render.h"

namespace touche::oracle {
namespace {

using report::escapeHtml;
using report::shellQuoted;

/// One line reproducing the verdict: the case and the manifold lines, as given (so that the
/// engine can be fed exactly what it read: angles stay angles, decimals decimals), fed back to
/// touche check.
std::string repro(const CheckedCase& c, const std::string& conventions) {
  if (c.caseText.empty()) return "";
  return "touche check --cases <(printf '%s\\n' " + shellQuoted(c.caseText) +
         ") --manifolds <(printf '%s\\n' " + shellQuoted(c.manifoldText) + ") --conventions " +
         shellQuoted(conventions);
}

std::string figure(const CheckedCase& c, const DeclaredConventions& conventions) {
  if (!c.c) return "";
  std::vector<ManifoldRecord> records;
  if (c.expected) records.push_back({c.id, "expected (reference)", *c.expected, "", true});
  if (c.actual) {
    ManifoldRecord actual = *c.actual;
    actual.manifold = toToucheConventions(actual.manifold, conventions);
    actual.engine = "actual (" + conventions.engine + ")";
    records.push_back(actual);
  }
  return renderSideBySide(*c.c, records);
}

/// The case line to feed the engine (its own input, as given) and the repro re-judging it.
std::string reproduce(const CheckedCase& c, const std::string& conventions) {
  if (c.caseText.empty()) return "";
  return "<p>Feed the engine this case line:</p><code class=\"case-line\">" +
         escapeHtml(c.caseText) + "</code>\n<p>Reproduce the verdict:</p><code class=\"repro\">" +
         escapeHtml(repro(c, conventions)) + "</code>\n";
}

/// The mechanism of a failing case, or nothing.
std::string mechanismOf(const CheckedCase& c) {
  if (!c.mechanism) return "";
  return "<p class=\"mechanism\">Mechanism: <b>" + escapeHtml(c.mechanism->says) +
         "</b>: " + escapeHtml(c.mechanism->detail) + "</p>\n";
}

void summary(std::ostringstream& html, const CheckRun& run) {
  report::itemList(html, "warnings", run.warnings, "warning: ");
  report::summaryTable(html, run.verdictCounts, verdictOrder(), "cases");
  if (!run.problems.empty()) {
    report::itemList(html, "problems", run.problems);
    const std::string more = problemsNotShown(run);
    if (!more.empty()) html << "<p id=\"problems-not-shown\">" << escapeHtml(more) << "</p>\n";
  }
  if (run.baseline) {
    html << "<p id=\"baseline\">" << escapeHtml(baselineAccount(run)) << "</p>\n";
  }
}

/// Cases per pair and verdict; a failing verdict's counts stand out.
void pairTable(std::ostringstream& html, const CheckRun& run) {
  const auto& byPair = countsByPair(run);
  const auto fails = [](const std::string& v) {
    return v != "agree" && v != "agree-within-tie" && v != "unsupported";
  };
  report::pairTable(html, "By pair", "pair", byPair, pairOrder(byPair), run.verdictCounts,
                    verdictOrder(), fails);
}

void verdictTable(std::ostringstream& html, const CheckRun& run) {
  html << "<h2>Verdicts</h2>\n<table id=\"verdicts\"><thead><tr><th>id</th><th>verdict</th>"
       << "<th>pair</th><th>case line</th><th>manifold line</th><th>failed checks</th>"
       << (run.baseline ? "<th>baseline</th>" : "") << "</tr></thead><tbody>\n";
  for (const ReportRow& c : run.reportRows) {
    const std::string id = escapeHtml(c.id);
    html << "<tr class=\"" << (c.failed ? "fail" : "pass") << "\"><td>";
    if (c.failed && c.detailed)
      html << "<a href=\"#case-" << id << "\">" << id << "</a>";
    else
      html << id;
    html << "</td><td class=\"verdict\">" << escapeHtml(c.verdict) << "</td><td>"
         << escapeHtml(c.pair) << "</td><td>" << c.caseLine << "</td><td>"
         << (c.manifoldLine ? std::to_string(c.manifoldLine) : "") << "</td><td>"
         << escapeHtml(c.checks) << "</td>";
    if (run.baseline) html << "<td>" << escapeHtml(c.baseline) << "</td>";
    html << "</tr>\n";
  }
  html << "</tbody></table>\n";
  if (run.rowsNotShown > 0) {
    html << "<p id=\"rows-not-shown\">" << run.rowsNotShown
         << " more cases are not listed (the first " << CheckRun::kReportRows
         << " are, and every case shown below): the verdict lines have them all.</p>\n";
  }
}

const char* clusterClass(const Cluster& cluster) {
  return cluster.explained ? "explained" : "unexplained";
}

/// The failure clusters: first one linked line each, so that the page opens with a line per
/// bug (every cluster on the first screen, whatever the figures below take); then one item
/// each: its line, and its smallest case drawn expected beside actual with the case line and
/// the repro.
void clusterSection(std::ostringstream& html, const CheckRun& run, const std::string& conventions) {
  const std::vector<Cluster>& clusters = failureClusters(run);
  if (clusters.empty()) return;
  html << "<h2>Failure clusters</h2>\n<ol id=\"cluster-lines\">\n";
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    html << "<li class=\"" << clusterClass(clusters[k]) << "\" data-name=\""
         << escapeHtml(clusters[k].name) << "\"><a href=\"#cluster-" << k + 1 << "\">"
         << escapeHtml(clusterLine(clusters[k])) << "</a></li>\n";
  }
  html << "</ol>\n<h3>Each cluster's smallest case</h3>\n<ol id=\"clusters\">\n";
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    const Cluster& cluster = clusters[k];
    const CheckedCase& smallest = run.reportCases[cluster.smallest];
    html << "<li class=\"cluster " << clusterClass(cluster) << "\" id=\"cluster-" << k + 1
         << "\" data-name=\"" << escapeHtml(cluster.name)
         << "\"><p class=\"line\"><b class=\"says\">" << escapeHtml(clusterLine(cluster))
         << "</b></p>\n<p>Smallest case: <a href=\"#case-" << escapeHtml(smallest.id) << "\">"
         << escapeHtml(smallest.id) << "</a> (" << escapeHtml(smallest.verdict) << ")</p>\n"
         << mechanismOf(smallest) << figure(smallest, run.conventions)
         << reproduce(smallest, conventions) << "</li>\n";
  }
  html << "</ol>\n";
}

/// Every failed check of a case, by name, with its own explanation.
std::string failedChecks(const CheckedCase& c) {
  std::ostringstream html;
  html << "<ul class=\"failures\">\n";
  for (const CheckFailure& f : c.failures) {
    html << "<li><b>" << escapeHtml(f.check) << "</b>: <span class=\"verdict\">"
         << escapeHtml(f.verdict) << "</span><pre>" << escapeHtml(f.explanation) << "</pre></li>\n";
  }
  html << "</ul>\n";
  return html.str();
}

}  // namespace

std::string htmlReport(const CheckRun& run, const std::string& conventionsArgument) {
  std::ostringstream html;
  report::pageHead(html, "touche check: " + conventionsTitle(run));
  report::resultParagraph(html, run.exitStatus() == kExitPass, resultLine(run));
  clusterSection(html, run, conventionsArgument);
  summary(html, run);
  pairTable(html, run);
  verdictTable(html, run);
  html << "<h2>Failing cases</h2>\n";
  for (const CheckedCase& c : run.reportCases) {
    report::failureHeading(html, c.id, c.verdict);
    html << mechanismOf(c) << figure(c, run.conventions) << failedChecks(c);
    report::failureEnd(html, c.explanation, repro(c, conventionsArgument));
  }
  if (run.failuresNotShown > 0) {
    html << "<p id=\"failures-not-shown\">" << run.failuresNotShown
         << " more failing cases are not shown: the first " << CheckRun::kReportCasesPerCluster
         << " of each cluster are, and its smallest; the verdict lines have them all.</p>\n";
  }
  html << "</body></html>\n";
  return html.str();
}

}  // namespace touche::oracle
