# The progress bar of the commands that judge a file (check, validate, check-casts,
# check-bounces, check-responses): each is run on a terminal (a pseudo-terminal made by
# SCRIPT, util-linux's script), its stdout to a file, with TOUCHE_PROGRESS_AFTER=0 so that even
# a run of a few cases shows it. The bar is redrawn in place ("\r[###...] 45% 9/20") and its
# last frame, 100% of the command's lines, ends the line before the summary. With the default
# delay (two seconds) a short run shows none, and neither does a run whose stderr is no
# terminal. DATA is tests/oracle/data, TOOL the touche binary.
if(NOT SCRIPT)
  message(STATUS "script not found (util-linux)")
  return()  # reported as skipped through SKIP_REGULAR_EXPRESSION
endif()

# Each command: its arguments, the lines (cases, or engine and case pairs) it judges, and what
# its summary on stderr says (validate's report is on stdout).
set(commands
    "check --cases ${DATA}/check_cases.jsonl --manifolds ${DATA}/check_manifolds.jsonl|8|cases: FAIL"
    "validate ${DATA}/small.jsonl --engines fast,box2d|6"
    "check-casts --cases ${DATA}/cast_check_cases.jsonl --results ${DATA}/cast_check_box2d.jsonl --conventions box2d-2.4.1|3|3 casts: PASS"
    "check-bounces --cases ${DATA}/bounce_check_scenes.jsonl --paths ${DATA}/bounce_check_fast.jsonl|3|3 paths, 3 judged: PASS"
    "check-responses --cases ${DATA}/response_check_cases.jsonl --results ${DATA}/response_check_results.jsonl|2|touche check-responses: 2 judged")

# What the terminal showed (stdout and stderr of SCRIPT's pseudo-terminal) running `command`
# with the environment `assignments`, its stdout sent to a file: in `shown`.
function(on_terminal assignments command)
  execute_process(COMMAND ${SCRIPT} -q -c "env ${assignments} '${TOOL}' ${command} > '${WORK}/progress_stdout.txt'" /dev/null
                  INPUT_FILE /dev/null OUTPUT_VARIABLE terminal ERROR_VARIABLE terminal
                  TIMEOUT 120)
  set(shown "${terminal}" PARENT_SCOPE)
endfunction()

foreach(entry IN LISTS commands)
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 command)
  list(GET fields 1 total)
  set(summary "")
  if(entry MATCHES "\\|.*\\|")
    list(GET fields 2 summary)
  endif()
  string(REGEX MATCH "^[a-z-]+" name "${command}")

  on_terminal("TOUCHE_PROGRESS_AFTER=0" "${command}")
  # The first frame starts the output, each is drawn over the last (check draws one a block:
  # the last alone here), the last is 100% and ends the line; then the summary.
  if(NOT shown MATCHES "^(\r\\[[# ]+\\] [0-9]+% [0-9]+/${total})*\r\\[#+\\] 100% ${total}/${total}\r?\n")
    message(FATAL_ERROR "${name} on a terminal does not show its progress up to ${total}/${total}:\n${shown}")
  endif()
  if(summary AND NOT shown MATCHES "${summary}")
    message(FATAL_ERROR "${name} on a terminal does not show its summary (${summary}):\n${shown}")
  endif()

  on_terminal("TOUCHE_PROGRESS_AFTER=2" "${command}")
  if(shown MATCHES "\\[[# ]+\\] [0-9]+%")
    message(FATAL_ERROR "${name} shows a progress bar for a run shorter than two seconds:\n${shown}")
  endif()

  string(REPLACE " " ";" arguments "${command}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env TOUCHE_PROGRESS_AFTER=0 ${TOOL} ${arguments}
                  OUTPUT_QUIET ERROR_VARIABLE err)
  if(err MATCHES "\\[[# ]+\\] [0-9]+%")
    message(FATAL_ERROR "${name} shows a progress bar on a stderr that is no terminal:\n${err}")
  endif()
  message(STATUS "${name}: a progress bar up to ${total}/${total} on a terminal only")
endforeach()

# A delay that is no number of seconds is said, and the default kept.
on_terminal("TOUCHE_PROGRESS_AFTER=soon" "check-bounces --cases ${DATA}/bounce_check_scenes.jsonl --paths ${DATA}/bounce_check_fast.jsonl")
if(NOT shown MATCHES "touche: warning: TOUCHE_PROGRESS_AFTER 'soon' is not a number of seconds >= 0; the progress shows after 2 s" OR shown MATCHES "\\[[# ]+\\] [0-9]+%")
  message(FATAL_ERROR "a bad TOUCHE_PROGRESS_AFTER is not said, or the bar shows at once:\n${shown}")
endif()
