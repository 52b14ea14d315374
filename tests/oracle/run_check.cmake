# Runs `touche collide --engine ENGINE CORPUS`, then `touche check` of those manifolds against
# CORPUS under CONVENTIONS (writing the HTML report to HTML), and requires exit EXPECT_EXIT
# and that each regular expression of the ;-list EXPECT_STDERR matches its standard error.
# With KIND=cast: `touche cast` and `touche check-casts` of a cast corpus instead; with
# KIND=bounce, `touche bounce` and `touche check-bounces` of bounce scenes (no HTML report).
set(report --html ${HTML})
if(KIND STREQUAL "cast")
  set(run cast)
  set(judge check-casts)
  set(results --results)
elseif(KIND STREQUAL "bounce")
  set(run bounce)
  set(judge check-bounces)
  set(results --paths)
  set(report)
else()
  set(run collide)
  set(judge check)
  set(results --manifolds)
endif()
execute_process(COMMAND ${TOOL} ${run} --engine ${ENGINE} ${CORPUS}
                OUTPUT_FILE ${HTML}.results.jsonl RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "touche ${run} failed: ${status}")
endif()
execute_process(COMMAND ${TOOL} ${judge} --cases ${CORPUS} ${results} ${HTML}.results.jsonl
                        --conventions ${CONVENTIONS} ${report}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "stderr:\n${err}")
if(NOT status EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit status ${EXPECT_EXIT}, got ${status}\n${out}")
endif()
foreach(pattern IN LISTS EXPECT_STDERR)
  if(NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "standard error does not match: ${pattern}")
  endif()
endforeach()
