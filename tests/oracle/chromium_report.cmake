# Writes the HTML report of `touche check` on CASES/MANIFOLDS, loads it in headless Chromium
# (BROWSER) with a fresh profile, and asserts on the DOM after the page's script ran: the
# failure clusters first, a linked line each, then each with its smallest case drawn expected
# beside actual; the verdict table sorted with failures first, each failing case's section with
# its SVG (both shapes, the expected and the actual manifold) and a one-line repro. Then the
# report of MECHANISM_CASES/MECHANISM_MANIFOLDS (planted bugs): its clusters name their
# mechanisms. Then Box2D 2.4.1's answers with four bugs planted over hundreds of cases (PLANT,
# planted_bugs.h): the report opens with one line per bug, with its count.
if(NOT BROWSER)
  message(STATUS "chromium not found (scripts/dev installs it)")
  return()  # reported as skipped through SKIP_REGULAR_EXPRESSION
endif()
include(${CMAKE_CURRENT_LIST_DIR}/chromium_dom.cmake)

# The DOM of the report of `touche check` on `cases` and `manifolds` under `conventions`, in
# `dom`.
function(load_report cases manifolds conventions name)
  set(report ${WORK}/${name}.html)
  execute_process(COMMAND ${TOOL} check --cases ${cases} --manifolds ${manifolds}
                          --conventions ${conventions} --html ${report}
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "touche check: expected exit 1 (the data has failing cases), got ${status}")
  endif()
  chromium_dom(${report} ${name})
  set(dom "${dom}" PARENT_SCOPE)
endfunction()

load_report(${CASES} ${MANIFOLDS} exact report)

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

# The failure clusters lead, before the summary and the pair table: first a linked line per
# cluster, then one item per cluster, the unexplained ones by verdict; each with its smallest
# case drawn in two panels side by side (expected, actual), the case line to feed the engine and
# the repro.
string(FIND "${dom}" "<ol id=\"cluster-lines\">" lines)
string(FIND "${dom}" "<ol id=\"clusters\">" clusters)
string(FIND "${dom}" "<table id=\"pairs\">" pairs)
string(FIND "${dom}" "<table id=\"summary\">" counts)
if(lines LESS 0 OR NOT lines LESS clusters OR NOT clusters LESS pairs OR NOT clusters LESS counts)
  message(FATAL_ERROR "the clusters do not lead the report (${lines}, ${clusters}, ${pairs}, ${counts})")
endif()
expect("<ol id=\"cluster-lines\">[ \n]*<li class=\"unexplained\" data-name=\"malformed-case\"><a href=\"#cluster-1\">1 case, unparsed case lines: malformed-case \\(no mechanism found\\)</a></li>"
       "the first cluster's line")
expect("<ol id=\"clusters\">[ \n]*<li class=\"cluster unexplained\" id=\"cluster-1\" data-name=\"malformed-case\"><p class=\"line\"><b class=\"says\">1 case, unparsed case lines: malformed-case \\(no mechanism found\\)</b>"
       "the first cluster")
string(REGEX MATCH "<li class=\"cluster unexplained\" id=\"cluster-[0-9]+\" data-name=\"wrong-normal\">.*" item "${dom}")
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
load_report(${MECHANISM_CASES} ${MECHANISM_MANIFOLDS} exact mechanisms)
expect("<ol id=\"cluster-lines\">[ \n]*<li class=\"explained\" data-name=\"separation-sign-flipped\"><a href=\"#cluster-1\">3 cases, polygon_circle with A = polygon: separation sign flipped</a></li>[ \n]*<li class=\"explained\" data-name=\"normal-reversed\"><a href=\"#cluster-2\">2 cases, circle_circle: normal reversed</a></li>"
       "a line per cluster, the sign flip first")
expect("<ol id=\"clusters\">[ \n]*<li class=\"cluster explained\" id=\"cluster-1\" data-name=\"separation-sign-flipped\"><p class=\"line\"><b class=\"says\">3 cases, polygon_circle with A = polygon: separation sign flipped</b>"
       "the sign-flip cluster first")
expect("<li class=\"cluster explained\" id=\"cluster-2\" data-name=\"normal-reversed\"><p class=\"line\"><b class=\"says\">2 cases, circle_circle: normal reversed</b>"
       "the normal-reversed cluster")
expect("<section class=\"failure\" id=\"case-box-circle-face-region-overlap\"><h3>[^<]*<span class=\"verdict\">wrong-separation</span></h3>[ \n]*<p class=\"mechanism\">Mechanism: <b>separation sign flipped</b>"
       "the mechanism in the case's section")
message(STATUS "chromium showed the mechanisms' clusters")

# Box2D 2.4.1's answers to the corpus and 600 random pairs with four bugs planted: the report's
# first lines are those bugs, one line each, the count of answers each bug changed (every one
# fails, and lands in its cluster), before any figure.
execute_process(COMMAND ${PLANT} ${WORK}/planted_cases.jsonl ${WORK}/planted_manifolds.jsonl
                        ${WORK}/planted_bugs.txt RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PLANT} failed (${status})")
endif()
load_report(${WORK}/planted_cases.jsonl ${WORK}/planted_manifolds.jsonl box2d-2.4.1 planted)
string(FIND "${dom}" "<ol id=\"cluster-lines\">" start)
string(FIND "${dom}" "<svg" figure)
if(start LESS 0 OR NOT start LESS figure)
  message(FATAL_ERROR "the report does not open with the cluster lines (${start}, ${figure})")
endif()
string(SUBSTRING "${dom}" ${start} -1 list)
string(FIND "${list}" "</ol>" end)
string(SUBSTRING "${list}" 0 ${end} list)
string(REGEX MATCHALL "<li[^>]*>[^\n]*</li>" items "${list}")
file(STRINGS ${WORK}/planted_bugs.txt bugs)
list(LENGTH bugs bugCount)
list(LENGTH items itemCount)
if(bugCount LESS 3 OR itemCount LESS bugCount)
  message(FATAL_ERROR "${bugCount} bugs planted, ${itemCount} cluster lines:\n${list}")
endif()
math(EXPR last "${bugCount} - 1")
foreach(k RANGE ${last})
  list(GET items ${k} item)
  math(EXPR number "${k} + 1")
  if(NOT item MATCHES "^<li class=\"explained\" data-name=\"([^\"]*)\"><a href=\"#cluster-${number}\">([^<]*)</a></li>$")
    message(FATAL_ERROR "cluster line ${number} is not one linked line of an explained cluster: ${item}")
  endif()
  set(name "${CMAKE_MATCH_1}")
  set(text "${CMAKE_MATCH_2}")
  set(found FALSE)
  foreach(bug ${bugs})
    string(REPLACE "|" ";" fields "${bug}")
    list(GET fields 0 bugName)
    list(GET fields 1 count)
    list(GET fields 2 says)
    if(NOT bugName STREQUAL name)
      continue()
    endif()
    set(found TRUE)
    string(FIND "${text}" "${count} cases, " head)
    string(LENGTH "${text}" length)
    string(LENGTH ": ${says}" tailLength)
    math(EXPR tailAt "${length} - ${tailLength}")
    string(FIND "${text}" ": ${says}" tail REVERSE)
    if(NOT head EQUAL 0 OR NOT tail EQUAL tailAt)
      message(FATAL_ERROR "cluster line ${number} (${name}) reads '${text}', not '${count} cases, ...: ${says}'")
    endif()
    list(APPEND seen ${name})
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "cluster line ${number} names no planted bug: ${item}")
  endif()
endforeach()
list(REMOVE_DUPLICATES seen)
list(LENGTH seen seenCount)
if(NOT seenCount EQUAL bugCount)
  message(FATAL_ERROR "the first ${bugCount} cluster lines show ${seenCount} of the bugs: ${seen}")
endif()
message(STATUS "chromium showed one line per planted bug first: ${seen}")
