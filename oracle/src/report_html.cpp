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

using report::kScript;
using report::kStyle;
using report::shellQuoted;

/// Markup characters as entities, and characters XML refuses or a terminal acts on (an id
/// holding an escape sequence) as visible escapes: the page is well-formed whatever the ids.
std::string escapeHtml(const std::string& text) {
  return xmlText(text);
}

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

void result(std::ostringstream& html, const CheckRun& run) {
  const char* state = run.exitStatus() == kExitPass ? "pass" : "fail";
  html << "<p id=\"result\" class=\"" << state << "\">" << escapeHtml(resultLine(run)) << "</p>\n";
}

void summary(std::ostringstream& html, const CheckRun& run) {
  std::map<std::string, int> counts = run.verdictCounts;
  if (!run.warnings.empty()) {
    html << "<ul id=\"warnings\">\n";
    for (const std::string& w : run.warnings)
      html << "<li>warning: " << escapeHtml(w) << "</li>\n";
    html << "</ul>\n";
  }
  html << "<table id=\"summary\"><thead><tr><th>verdict</th><th>cases</th></tr></thead>"
       << "<tbody>\n";
  for (const std::string& verdict : verdictOrder()) {
    if (counts[verdict] == 0) continue;
    html << "<tr><td>" << escapeHtml(verdict) << "</td><td>" << counts[verdict] << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
  if (!run.problems.empty()) {
    html << "<ul id=\"problems\">\n";
    for (const std::string& p : run.problems)
      html << "<li>" << escapeHtml(p) << "</li>\n";
    html << "</ul>\n";
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
  std::map<std::string, int> total = run.verdictCounts;
  std::vector<std::string> columns;
  for (const std::string& v : verdictOrder()) {
    if (total[v] > 0) columns.push_back(v);
  }
  html << "<h2>By pair</h2>\n<table id=\"pairs\"><thead><tr><th>pair</th>";
  for (const std::string& v : columns)
    html << "<th>" << escapeHtml(v) << "</th>";
  html << "</tr></thead><tbody>\n";
  for (const std::string& pair : pairOrder(byPair)) {
    const auto& counts = byPair.at(pair);
    html << "<tr><td>" << escapeHtml(pair) << "</td>";
    for (const std::string& v : columns) {
      const auto n = counts.find(v);
      const int count = n == counts.end() ? 0 : n->second;
      const bool bad = count > 0 && v != "agree" && v != "agree-within-tie" && v != "unsupported";
      html << "<td class=\"n" << (bad ? " fail" : "") << "\">" << count << "</td>";
    }
    html << "</tr>\n";
  }
  html << "</tbody></table>\n";
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

/// The failure clusters, one item each: its line, its parts, and its smallest case drawn
/// expected beside actual with the case line and the repro.
void clusterSection(std::ostringstream& html, const CheckRun& run, const std::string& conventions) {
  const std::vector<Cluster>& clusters = failureClusters(run);
  if (clusters.empty()) return;
  html << "<h2>Failure clusters</h2>\n<ol id=\"clusters\">\n";
  for (const Cluster& cluster : clusters) {
    const CheckedCase& smallest = run.reportCases[cluster.smallest];
    html << "<li class=\"cluster " << (cluster.explained ? "explained" : "unexplained")
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
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>touche check: "
       << escapeHtml(conventionsTitle(run)) << "</title>\n<style>" << kStyle << "</style>\n"
       << "<script>" << kScript
       << "</script></head><body>\n<h1>touche check: " << escapeHtml(conventionsTitle(run))
       << "</h1>\n";
  result(html, run);
  clusterSection(html, run, conventionsArgument);
  summary(html, run);
  pairTable(html, run);
  verdictTable(html, run);
  html << "<h2>Failing cases</h2>\n";
  for (const CheckedCase& c : run.reportCases) {
    html << "<section class=\"failure\" id=\"case-" << escapeHtml(c.id) << "\"><h3>"
         << escapeHtml(c.id) << ": <span class=\"verdict\">" << escapeHtml(c.verdict)
         << "</span></h3>\n"
         << mechanismOf(c) << figure(c, run.conventions) << failedChecks(c)
         << "<pre class=\"explanation\">" << escapeHtml(c.explanation)
         << "</pre>\n<p>Reproduce:</p><code class=\"repro\">"
         << escapeHtml(repro(c, conventionsArgument)) << "</code></section>\n";
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
