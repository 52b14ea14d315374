// touche — what the HTML reports of `touche check` (report_html.cpp) and `touche check-casts`
// (cast_report_html.cpp) share: the page's head, style and the script that sorts the verdict
// table, escaping, shell quoting for the repro lines, the summary's lists and tables, and a
// failing case's section. Private to touche_oracle.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "touche/oracle/render.h"

namespace touche::oracle::report {

/// Markup characters as entities, and characters XML refuses or a terminal acts on (an id
/// holding an escape sequence) as visible escapes: the page is well-formed whatever the ids.
inline std::string escapeHtml(const std::string& text) {
  return xmlText(text);
}

/// Text inside single quotes for a POSIX shell.
inline std::string shellQuoted(const std::string& text) {
  std::string out = "'";
  for (char ch : text)
    out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

constexpr const char* kStyle = R"(body{font-family:sans-serif;margin:1.5em;max-width:80em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
th{cursor:pointer;background:#eee}tr.fail td.verdict{color:#b00;font-weight:bold}
tr.pass td.verdict{color:#070}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}
code.repro,code.case-line{display:block;white-space:pre-wrap;word-break:break-all;background:#eef;padding:.5em}
ol#cluster-lines li{margin:.2em 0}ol#cluster-lines li.unexplained a{color:#850}
li.cluster{margin-bottom:1.5em}li.cluster.unexplained .says{color:#850}svg.side-by-side{max-width:100%;height:auto}
section.failure{border-top:2px solid #b00;margin-top:2em}ul#warnings li{color:#850}
td.n{text-align:right}td.n.fail{color:#b00;font-weight:bold})";

// Sorts the verdict table by a column (text, or numbers when both cells are numbers); on load
// by failing first, then id. Records what it did in data-sorted-by so a test can see it ran.
constexpr const char* kScript = R"(
function sortTable(table, column, failuresFirst) {
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const key = r => r.cells[column].textContent;
  rows.sort((a, b) => {
    if (failuresFirst) {
      const fa = a.classList.contains('fail') ? 0 : 1, fb = b.classList.contains('fail') ? 0 : 1;
      if (fa !== fb) return fa - fb;
    }
    const x = key(a), y = key(b), nx = Number(x), ny = Number(y);
    if (x !== '' && y !== '' && !isNaN(nx) && !isNaN(ny)) return nx - ny;
    return x.localeCompare(y);
  });
  rows.forEach(r => body.appendChild(r));
  table.dataset.sortedBy = (failuresFirst ? 'failures,' : '') + table.tHead.rows[0].cells[column].textContent;
}
document.addEventListener('DOMContentLoaded', () => {
  const table = document.getElementById('verdicts');
  Array.from(table.tHead.rows[0].cells).forEach((th, i) =>
    th.addEventListener('click', () => sortTable(table, i, false)));
  sortTable(table, 0, true);
});
)";

/// The page up to its heading: `title` as the title and the h1, the style and the script.
inline void pageHead(std::ostringstream& html, const std::string& title) {
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
       << escapeHtml(title) << "</title>\n<style>" << kStyle << "</style>\n"
       << "<script>" << kScript << "</script></head><body>\n<h1>" << escapeHtml(title) << "</h1>\n";
}

/// The run's one-line result, classed pass or fail.
inline void resultParagraph(std::ostringstream& html, bool passed, const std::string& line) {
  html << "<p id=\"result\" class=\"" << (passed ? "pass" : "fail") << "\">" << escapeHtml(line)
       << "</p>\n";
}

/// A list of `items` with the id `id`, each after `prefix`; nothing when there are none.
inline void itemList(std::ostringstream& html, const char* id,
                     const std::vector<std::string>& items, const char* prefix = "") {
  if (items.empty()) return;
  html << "<ul id=\"" << id << "\">\n";
  for (const std::string& item : items)
    html << "<li>" << prefix << escapeHtml(item) << "</li>\n";
  html << "</ul>\n";
}

/// How many of `unit` ("cases", "casts") got each verdict, in `order`, verdicts none got left out.
inline void summaryTable(std::ostringstream& html, std::map<std::string, int> counts,
                         const std::vector<std::string>& order, const char* unit) {
  html << "<table id=\"summary\"><thead><tr><th>verdict</th><th>" << unit
       << "</th></tr></thead><tbody>\n";
  for (const std::string& verdict : order) {
    if (counts[verdict] == 0) continue;
    html << "<tr><td>" << escapeHtml(verdict) << "</td><td>" << counts[verdict] << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
}

/// Counts per pair and verdict under `heading`, the pairs' column named `pairColumn`, in
/// `pairs`' order; a column for each verdict in `order` some pair got (`total`); a count of a
/// verdict that `fails` stands out.
template <class Fails>
void pairTable(std::ostringstream& html, const char* heading, const char* pairColumn,
               const std::map<std::string, std::map<std::string, int>>& byPair,
               const std::vector<std::string>& pairs, std::map<std::string, int> total,
               const std::vector<std::string>& order, Fails fails) {
  std::vector<std::string> columns;
  for (const std::string& v : order) {
    if (total[v] > 0) columns.push_back(v);
  }
  html << "<h2>" << heading << "</h2>\n<table id=\"pairs\"><thead><tr><th>" << pairColumn
       << "</th>";
  for (const std::string& v : columns)
    html << "<th>" << escapeHtml(v) << "</th>";
  html << "</tr></thead><tbody>\n";
  for (const std::string& pair : pairs) {
    const auto& counts = byPair.at(pair);
    html << "<tr><td>" << escapeHtml(pair) << "</td>";
    for (const std::string& v : columns) {
      const auto n = counts.find(v);
      const int count = n == counts.end() ? 0 : n->second;
      const bool bad = count > 0 && fails(v);
      html << "<td class=\"n" << (bad ? " fail" : "") << "\">" << count << "</td>";
    }
    html << "</tr>\n";
  }
  html << "</tbody></table>\n";
}

/// The opening of a failing case's section: its anchor and heading.
inline void failureHeading(std::ostringstream& html, const std::string& id,
                           const std::string& verdict) {
  html << "<section class=\"failure\" id=\"case-" << escapeHtml(id) << "\"><h3>" << escapeHtml(id)
       << ": <span class=\"verdict\">" << escapeHtml(verdict) << "</span></h3>\n";
}

/// The close of a failing case's section: its explanation and the line reproducing it.
inline void failureEnd(std::ostringstream& html, const std::string& explanation,
                       const std::string& repro) {
  html << "<pre class=\"explanation\">" << escapeHtml(explanation)
       << "</pre>\n<p>Reproduce:</p><code class=\"repro\">" << escapeHtml(repro)
       << "</code></section>\n";
}

}  // namespace touche::oracle::report
