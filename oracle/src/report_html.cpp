// touche — the HTML report of `touche check` (check.h, htmlReport). One self-contained page:
// no external resources, so it opens from disk and in a headless browser alike. The verdict
// table sorts itself (failures first) when the page loads and by any column on a click.
#include <map>
#include <sstream>

#include "touche/oracle/check.h"
#include "touche/oracle/render.h"

namespace touche::oracle {
namespace {

std::string escapeHtml(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

/// Text inside single quotes for a POSIX shell.
std::string shellQuoted(const std::string& text) {
  std::string out = "'";
  for (char ch : text)
    out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string pairName(const CheckedCase& c) {
  if (!c.c) return "-";
  return std::string(shapeTypeName(typeOf(c.c->a))) + "-" +
         std::string(shapeTypeName(typeOf(c.c->b)));
}

/// One line reproducing the verdict: the case and the manifold fed back to touche check.
std::string repro(const CheckedCase& c, const std::string& conventions) {
  if (!c.c) return "";
  std::string line = "touche check --cases <(printf '%s\\n' " +
                     shellQuoted(formatCase(*c.c, NumberFormat::hex)) +
                     ") --manifolds <(printf '%s\\n' ";
  line += c.actual ? shellQuoted(formatManifold(*c.actual, NumberFormat::hex)) : "''";
  return line + ") --conventions " + shellQuoted(conventions);
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
  return renderSvg(*c.c, records);
}

constexpr const char* kStyle = R"(body{font-family:sans-serif;margin:1.5em;max-width:80em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
th{cursor:pointer;background:#eee}tr.fail td.verdict{color:#b00;font-weight:bold}
tr.pass td.verdict{color:#070}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}
code.repro{display:block;white-space:pre-wrap;word-break:break-all;background:#eef;padding:.5em}
section.failure{border-top:2px solid #b00;margin-top:2em})";

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

void summary(std::ostringstream& html, const CheckRun& run) {
  std::map<std::string, int> counts;
  for (const CheckedCase& c : run.cases)
    ++counts[c.verdict];
  const int failed = run.failures();
  html << "<p id=\"result\" class=\"" << (failed ? "fail" : "pass") << "\">" << run.cases.size()
       << " cases: " << (failed ? "FAIL, " + std::to_string(failed) + " failing" : "PASS")
       << "</p>\n<table id=\"summary\"><thead><tr><th>verdict</th><th>cases</th></tr></thead>"
       << "<tbody>\n";
  for (const auto& [verdict, n] : counts) {
    html << "<tr><td>" << escapeHtml(verdict) << "</td><td>" << n << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
  if (!run.problems.empty()) {
    html << "<ul id=\"problems\">\n";
    for (const std::string& p : run.problems)
      html << "<li>" << escapeHtml(p) << "</li>\n";
    html << "</ul>\n";
  }
}

void verdictTable(std::ostringstream& html, const CheckRun& run) {
  html << "<h2>Verdicts</h2>\n<table id=\"verdicts\"><thead><tr><th>id</th><th>verdict</th>"
       << "<th>pair</th><th>case line</th><th>manifold line</th></tr></thead><tbody>\n";
  for (const CheckedCase& c : run.cases) {
    const std::string id = escapeHtml(c.id);
    html << "<tr class=\"" << (c.failed ? "fail" : "pass") << "\"><td>";
    if (c.failed)
      html << "<a href=\"#case-" << id << "\">" << id << "</a>";
    else
      html << id;
    html << "</td><td class=\"verdict\">" << escapeHtml(c.verdict) << "</td><td>"
         << escapeHtml(pairName(c)) << "</td><td>" << c.caseLine << "</td><td>"
         << (c.manifoldLine ? std::to_string(c.manifoldLine) : "") << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
}

}  // namespace

std::string htmlReport(const CheckRun& run, const std::string& conventionsArgument) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>touche check: "
       << escapeHtml(run.conventions.engine) << "</title>\n<style>" << kStyle << "</style>\n"
       << "<script>" << kScript
       << "</script></head><body>\n<h1>touche check: " << escapeHtml(run.conventions.engine)
       << "</h1>\n";
  summary(html, run);
  verdictTable(html, run);
  html << "<h2>Failing cases</h2>\n";
  for (const CheckedCase& c : run.cases) {
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
