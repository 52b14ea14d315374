# Runs `touche collide --engine ENGINE CORPUS`, then `touche check` of those manifolds against
# CORPUS under CONVENTIONS (writing the HTML report to HTML), and requires exit EXPECT_EXIT
# and that each regular expression of the ;-list EXPECT_STDERR matches its standard error.
execute_process(COMMAND ${TOOL} collide --engine ${ENGINE} ${CORPUS}
                OUTPUT_FILE ${HTML}.manifolds.jsonl RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "touche collide failed: ${status}")
endif()
execute_process(COMMAND ${TOOL} check --cases ${CORPUS} --manifolds ${HTML}.manifolds.jsonl
                        --conventions ${CONVENTIONS} --html ${HTML}
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
