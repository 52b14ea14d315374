// touche — the HTML report of `touche check-casts` (cast_check.h, castHtmlReport): one
// self-contained page as `touche check`'s (report_html.cpp), whose style and sorting script it
// shares (report_parts.h).
#include <map>
#include <sstream>

#include "report_parts.h"
#include "touche/oracle/cast_check.h"
#include "touche/oracle/render.h"
#include "touche/oracle/validation.h"

namespace touche::oracle {
namespace {

using report::escapeHtml;

/// One line reproducing the verdict: the case and result lines, as given, fed back to
/// touche check-casts.
std::string repro(const CheckedCast& c, const std::string& conventions) {
  if (c.caseText.empty()) return "";
  return "touche check-casts --cases <(printf '%s\\n' " + report::shellQuoted(c.caseText) +
         ") --results <(printf '%s\\n' " + report::shellQuoted(c.resultText) + ") --conventions " +
         report::shellQuoted(conventions);
}

/// The cast drawn with the reference's answer and the engine's.
std::string figure(const CheckedCast& c, const CastConventions& conventions) {
  if (!c.c) return "";
  std::vector<CastRecord> records;
  if (c.expected) {
    CastRecord expected;
    expected.id = c.id;
    expected.engine = "expected (reference)";
    expected.result = *c.expected;
    records.push_back(expected);
  }
  if (c.actual) {
    CastRecord actual = *c.actual;
    actual.engine = "actual (" + conventions.engine + ")";
    records.push_back(actual);
  }
  return renderCastSvg(*c.c, records);
}

void summary(std::ostringstream& html, const CastCheckRun& run) {
  std::map<std::string, int> counts;
  for (const CheckedCast& c : run.casts)
    ++counts[c.verdict];
  report::resultParagraph(html, run.exitStatus() == kExitPass, castResultLine(run));
  report::itemList(html, "warnings", run.warnings, "warning: ");
  report::summaryTable(html, counts, castVerdictOrder(), "casts");
  report::itemList(html, "problems", run.problems);
}

/// Casts per shape/cast kind and verdict; a failing verdict's counts stand out.
void pairTable(std::ostringstream& html, const CastCheckRun& run) {
  const auto byPair = castCountsByPair(run);
  std::map<std::string, int> total;
  for (const CheckedCast& c : run.casts)
    ++total[c.verdict];
  report::pairTable(html, "By shape and cast", "shape/cast", byPair, castPairOrder(byPair), total,
                    castVerdictOrder(), castVerdictFails);
}

void verdictTable(std::ostringstream& html, const CastCheckRun& run) {
  html << "<h2>Verdicts</h2>\n<table id=\"verdicts\"><thead><tr><th>id</th><th>verdict</th>"
       << "<th>shape/cast</th><th>case line</th><th>result line</th><th>explanation</th>"
       << "</tr></thead><tbody>\n";
  for (const CheckedCast& c : run.casts) {
    const std::string id = escapeHtml(c.id);
    html << "<tr class=\"" << (c.failed ? "fail" : "pass") << "\"><td>";
    if (c.failed)
      html << "<a href=\"#case-" << id << "\">" << id << "</a>";
    else
      html << id;
    html << "</td><td class=\"verdict\">" << escapeHtml(c.verdict) << "</td><td>"
         << escapeHtml(c.pair) << "</td><td>" << c.caseLine << "</td><td>"
         << (c.resultLine ? std::to_string(c.resultLine) : "") << "</td><td>"
         << escapeHtml(c.explanation) << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
}

}  // namespace

std::string castHtmlReport(const CastCheckRun& run, const std::string& conventionsArgument) {
  std::ostringstream html;
  report::pageHead(html, "touche check-casts: " + castConventionsTitle(run));
  summary(html, run);
  pairTable(html, run);
  verdictTable(html, run);
  html << "<h2>Failing casts</h2>\n";
  for (const CheckedCast& c : run.casts) {
    if (!c.failed) continue;
    report::failureHeading(html, c.id, c.verdict);
    html << figure(c, run.conventions);
    report::failureEnd(html, c.explanation, repro(c, conventionsArgument));
  }
  html << "</body></html>\n";
  return html.str();
}

}  // namespace touche::oracle
