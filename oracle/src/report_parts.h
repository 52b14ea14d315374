// touche — what the HTML reports of `touche check` (report_html.cpp) and `touche check-casts`
// (cast_report_html.cpp) share: the page's style, the script that sorts the verdict table,
// and shell quoting for the repro lines. Private to touche_oracle.
#pragma once

#include <string>

namespace touche::oracle::report {

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

}  // namespace touche::oracle::report
