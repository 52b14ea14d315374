# Writes the HTML report of `touche check-casts` on CASES/RESULTS (one cast agrees, two fail),
# loads it in headless Chromium (BROWSER) and asserts on the DOM after the page's script ran:
# the summary line, the shape/cast table with failing counts marked, the verdict table sorted
# failures first then by id, and a section per failing cast with its SVG (the shape, the cast's
# path, the expected and the actual result in their legend) and a one-line repro; none for the
# passing cast.
if(NOT BROWSER)
  message(STATUS "chromium not found (scripts/dev installs it)")
  return()  # reported as skipped through SKIP_REGULAR_EXPRESSION
endif()
include(${CMAKE_CURRENT_LIST_DIR}/chromium_dom.cmake)

set(report ${WORK}/cast-report.html)
execute_process(COMMAND ${TOOL} check-casts --cases ${CASES} --results ${RESULTS} --conventions exact
                        --html ${report}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "touche check-casts: expected exit 1 (two casts fail), got ${status}")
endif()
chromium_dom(${report} cast-report)

expect("<title>touche check-casts: exact conventions</title>" "the title naming the conventions")
expect("<p id=\"result\" class=\"fail\">3 casts: FAIL \\(2 failing\\); 3 of 3 judged</p>" "the summary")
expect("<table id=\"pairs\"><thead><tr><th>shape/cast</th><th>agree</th><th>status-mismatch</th></tr>"
       "the shape/cast table's columns")
expect("<tr><td>polygon/ray</td><td class=\"n\">0</td><td class=\"n fail\">1</td></tr>"
       "the polygon row with its failure marked")
# The script sorted the verdicts (the file lists ray-circle, inside-box, chain-behind).
expect("<table id=\"verdicts\" data-sorted-by=\"failures,id\">" "the table sorted by its script")
expect("<tbody>[ \n]*<tr class=\"fail\"><td><a href=\"#case-chain-behind\">chain-behind</a></td><td class=\"verdict\">status-mismatch</td><td>chainSegment/ray</td><td>3</td><td>3</td><td>expected miss, got hit</td></tr>[ \n]*<tr class=\"fail\"><td><a href=\"#case-inside-box\">inside-box</a></td>"
       "the failures first, ordered by id")
expect("</tr>[ \n]*<tr class=\"pass\"><td>ray-circle</td><td class=\"verdict\">agree</td>"
       "the passing cast last, without a link")
if(dom MATCHES "id=\"case-ray-circle\"")
  message(FATAL_ERROR "the passing cast has a failure section")
endif()

# The chain segment's section: its SVG (the segment and its ghosts, the ray dashed from
# (0, 2) straight down), both results in the legend, and the repro with both lines.
string(REGEX MATCH "<section class=\"failure\" id=\"case-chain-behind\">.*" section "${dom}")
string(FIND "${section}" "</section>" end)
string(SUBSTRING "${section}" 0 ${end} section)
foreach(part "<h3>chain-behind: <span class=\"verdict\">status-mismatch</span></h3>"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=" "<g class=\"path\">"
             "stroke-dasharray" "<g class=\"cast-result\">"
             "expected \\(reference\\): miss</text>" "actual \\(exact\\): hit, t=0.5, n=\\(0, 1\\)</text>"
             "<code class=\"repro\">touche check-casts --cases &lt;\\(printf .%s.n. .{\"id\": \"chain-behind\""
             "--results &lt;\\(printf .%s.n. .{\"id\": \"chain-behind\", \"engine\": \"mine\", \"status\": \"hit\""
             "--conventions 'exact'</code>")
  if(NOT section MATCHES "${part}")
    message(FATAL_ERROR "the chain-behind section does not show ${part}")
  endif()
endforeach()
expect("<section class=\"failure\" id=\"case-inside-box\"><h3>inside-box: <span class=\"verdict\">status-mismatch</span></h3>[ \n]*<svg"
       "the inside-box section with its SVG")
expect("expected \\(reference\\): initial_overlap</text>" "the overlap the reference found")
message(STATUS "chromium showed the cast summary, the sorted verdicts and the failing casts")
