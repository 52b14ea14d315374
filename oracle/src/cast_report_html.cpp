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

std::string escapeHtml(const std::string& text) {
  return xmlText(text);
}

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
  const char* state = run.exitStatus() == kExitPass ? "pass" : "fail";
  html << "<p id=\"result\" class=\"" << state << "\">" << escapeHtml(castResultLine(run))
       << "</p>\n";
  if (!run.warnings.empty()) {
    html << "<ul id=\"warnings\">\n";
    for (const std::string& w : run.warnings)
      html << "<li>warning: " << escapeHtml(w) << "</li>\n";
    html << "</ul>\n";
  }
  html << "<table id=\"summary\"><thead><tr><th>verdict</th><th>casts</th></tr></thead>"
       << "<tbody>\n";
  for (const std::string& verdict : castVerdictOrder()) {
    if (counts[verdict] == 0) continue;
    html << "<tr><td>" << escapeHtml(verdict) << "</td><td>" << counts[verdict] << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
  if (!run.problems.empty()) {
    html << "<ul id=\"problems\">\n";
    for (const std::string& p : run.problems)
      html << "<li>" << escapeHtml(p) << "</li>\n";
    html << "</ul>\n";
  }
}

/// Casts per shape/cast kind and verdict; a failing verdict's counts stand out.
void pairTable(std::ostringstream& html, const CastCheckRun& run) {
  const auto byPair = castCountsByPair(run);
  std::map<std::string, int> total;
  for (const CheckedCast& c : run.casts)
    ++total[c.verdict];
  std::vector<std::string> columns;
  for (const std::string& v : castVerdictOrder()) {
    if (total[v] > 0) columns.push_back(v);
  }
  html << "<h2>By shape and cast</h2>\n<table id=\"pairs\"><thead><tr><th>shape/cast</th>";
  for (const std::string& v : columns)
    html << "<th>" << escapeHtml(v) << "</th>";
  html << "</tr></thead><tbody>\n";
  for (const std::string& pair : castPairOrder(byPair)) {
    const auto& counts = byPair.at(pair);
    html << "<tr><td>" << escapeHtml(pair) << "</td>";
    for (const std::string& v : columns) {
      const auto n = counts.find(v);
      const int count = n == counts.end() ? 0 : n->second;
      const bool bad = count > 0 && castVerdictFails(v);
      html << "<td class=\"n" << (bad ? " fail" : "") << "\">" << count << "</td>";
    }
    html << "</tr>\n";
  }
  html << "</tbody></table>\n";
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
  const std::string title = "touche check-casts: " + run.conventions.engine;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
       << escapeHtml(title) << "</title>\n<style>" << report::kStyle << "</style>\n"
       << "<script>" << report::kScript << "</script></head><body>\n<h1>" << escapeHtml(title)
       << "</h1>\n";
  summary(html, run);
  pairTable(html, run);
  verdictTable(html, run);
  html << "<h2>Failing casts</h2>\n";
  for (const CheckedCast& c : run.casts) {
    if (!c.failed) continue;
    html << "<section class=\"failure\" id=\"case-" << escapeHtml(c.id) << "\"><h3>"
         << escapeHtml(c.id) << ": <span class=\"verdict\">" << escapeHtml(c.verdict)
         << "</span></h3>\n"
         << figure(c, run.conventions) << "<pre class=\"explanation\">" << escapeHtml(c.explanation)
         << "</pre>\n<p>Reproduce:</p><code class=\"repro\">"
         << escapeHtml(repro(c, conventionsArgument)) << "</code></section>\n";
  }
  html << "</body></html>\n";
  return html.str();
}

}  // namespace touche::oracle
