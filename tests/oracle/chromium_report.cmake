# Writes the HTML report of `touche check` on CASES/MANIFOLDS, loads it in headless Chromium
# (BROWSER) with a fresh profile, and asserts on the DOM after the page's script ran: the
# failure clusters first, each with its smallest case drawn expected beside actual; the
# verdict table sorted with failures first, each failing case's section with its SVG (both
# shapes, the expected and the actual manifold) and a one-line repro. Then the report of
# MECHANISM_CASES/MECHANISM_MANIFOLDS (planted bugs): its clusters name their mechanisms.
if(NOT BROWSER)
  message(STATUS "chromium not found (scripts/dev installs it)")
  return()  # reported as skipped through SKIP_REGULAR_EXPRESSION
endif()
include(${CMAKE_CURRENT_LIST_DIR}/chromium_dom.cmake)

# The DOM of the report of `touche check` on `cases` and `manifolds`, in `dom`.
function(load_report cases manifolds name)
  set(report ${WORK}/${name}.html)
  execute_process(COMMAND ${TOOL} check --cases ${cases} --manifolds ${manifolds} --conventions exact
                          --html ${report}
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "touche check: expected exit 1 (the data has failing cases), got ${status}")
  endif()
  chromium_dom(${report} ${name})
  set(dom "${dom}" PARENT_SCOPE)
endfunction()

load_report(${CASES} ${MANIFOLDS} report)

# The script ran and sorted the verdict table: failures first, then by id.
expect("<table id=\"verdicts\" data-sorted-by=\"failures,id\">" "the table sorted by its script")
# The first row is the failing id that sorts first ("broken case", the malformed line's own id,
# < "nan-normal" < ...).
expect("<tbody>[ \n]*<tr class=\"fail\"><td><a href=\"#case-broken case\">" "a failure in the first row")
expect("<tr class=\"fail\"><td><a href=\"#case-broken case\">broken case</a></td><td class=\"verdict\">malformed-case</td><td>-</td><td>7</td><td></td><td>case</td></tr>[ \n]*<tr class=\"fail\"><td><a href=\"#case-nan-normal\">"
       "failing rows ordered by id")
expect("<tr class=\"pass\"><td>boxes</td><td class=\"verdict\">agree</td>" "passing rows after the failures")
expect("<p id=\"result\" class=\"fail\">8 cases: FAIL \\(6 failing\\); 4 of 8 judged</p>" "the summary")
# Per pair: a row per canonical pair, a column per verdict that occurs (failing counts marked).
expect("<table id=\"pairs\"><thead><tr><th>pair</th><th>agree</th><th>wrong-normal</th>"
       "the pair table's columns")
expect("<tr><td>circle_circle</td><td class=\"n\">1</td><td class=\"n fail\">1</td>"
       "the pair table's circle row")
# The failing case's section: heading, an SVG with both shapes (drawn from the view's corner:
# the unit circles at x = 1 and 2.5) and both manifolds, every failed check, the
# explanation and the one-line repro.
expect("<section class=\"failure\" id=\"case-tilted-normal\"><h3>tilted-normal: <span class=\"verdict\">wrong-normal</span>"
       "the failing case's section")
string(REGEX MATCH "id=\"case-tilted-normal\">.*</section>" section "${dom}")
string(REGEX MATCH "^.*(</section>)" section "${section}")
foreach(part "<svg[^>]*viewBox" "<ul class=\"failures\">[ \n]*<li><b>normal</b>"
             "<li><b>points\\[0\\]</b>: <span class=\"verdict\">wrong-point</span>"
             "--manifolds &lt;\\(printf .%s.n. .{\"id\":\"tilted-normal\",\"status\"" "<circle cx=\"1\" cy=\"1\" r=\"1\"" "<circle cx=\"2.5\" cy=\"1\" r=\"1\""
             "expected \\(reference\\): contact, n=\\(1, 0\\)" "actual \\(exact\\): contact, n=\\(0.995"
             "short by 0.00749" "<code class=\"repro\">touche check --cases &lt;\\(printf")
  if(NOT section MATCHES "${part}")
    message(FATAL_ERROR "the tilted-normal section does not show ${part}")
  endif()
endforeach()

# The failure clusters lead, before the summary and the pair table: one item per cluster, the
# unexplained ones by verdict; each with its smallest case drawn in two panels side by side
# (expected, actual), the case line to feed the engine and the repro.
string(FIND "${dom}" "<ol id=\"clusters\">" clusters)
string(FIND "${dom}" "<table id=\"pairs\">" pairs)
string(FIND "${dom}" "<table id=\"summary\">" counts)
if(clusters LESS 0 OR NOT clusters LESS pairs OR NOT clusters LESS counts)
  message(FATAL_ERROR "the clusters do not lead the report (${clusters}, ${pairs}, ${counts})")
endif()
expect("<ol id=\"clusters\">[ \n]*<li class=\"cluster unexplained\" data-name=\"malformed-case\"><p class=\"line\"><b class=\"says\">1 case, unparsed case lines: malformed-case \\(no mechanism found\\)</b>"
       "the first cluster")
string(REGEX MATCH "<li class=\"cluster unexplained\" data-name=\"wrong-normal\">.*" item "${dom}")
string(REGEX MATCH "^.*</li>" item "${item}")
string(FIND "${item}" "</li>" end)
string(SUBSTRING "${item}" 0 ${end} item)
foreach(part "<b class=\"says\">1 case, circle_circle: wrong-normal \\(no mechanism found\\)</b>"
             "Smallest case: <a href=\"#case-tilted-normal\">tilted-normal</a>"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"side-by-side\" width=\"960\""
             "<svg class=\"panel\" x=\"0\" y=\"0\" width=\"480\"" "<svg class=\"panel\" x=\"480\" y=\"0\" width=\"480\""
             "expected \\(reference\\): contact, n=\\(1, 0\\)</text>" "actual \\(exact\\): contact, n=\\(0.995"
             "<code class=\"case-line\">{\"id\":\"tilted-normal\"" "<code class=\"repro\">touche check --cases")
  if(NOT item MATCHES "${part}")
    message(FATAL_ERROR "the wrong-normal cluster does not show ${part}")
  endif()
endforeach()
message(STATUS "chromium showed the clusters, the sorted table and the failing cases")

# Planted bugs: each cluster names its mechanism, and so does each failing case's section.
load_report(${MECHANISM_CASES} ${MECHANISM_MANIFOLDS} mechanisms)
expect("<ol id=\"clusters\">[ \n]*<li class=\"cluster explained\" data-name=\"separation-sign-flipped\"><p class=\"line\"><b class=\"says\">3 cases, polygon_circle with A = polygon: separation sign flipped</b>"
       "the sign-flip cluster first")
expect("<li class=\"cluster explained\" data-name=\"normal-reversed\"><p class=\"line\"><b class=\"says\">2 cases, circle_circle: normal reversed</b>"
       "the normal-reversed cluster")
expect("<section class=\"failure\" id=\"case-box-circle-face-region-overlap\"><h3>[^<]*<span class=\"verdict\">wrong-separation</span></h3>[ \n]*<p class=\"mechanism\">Mechanism: <b>separation sign flipped</b>"
       "the mechanism in the case's section")
message(STATUS "chromium showed the mechanisms' clusters")
