# `touche check --jobs 2` writes exactly what `--jobs 1` writes: the verdict lines (in the order
# of the cases), the summary, the HTML report and the baseline, byte for byte.
#
# Inputs: COPIES copies of CORPUS (ids made unique, so that each worker takes many blocks of
# cases), the manifolds of ENGINE on them judged under CONVENTIONS (conventions that differ,
# so that many cases fail and their explanations are compared too), plus the CLI test data's
# check_cases/check_manifolds pair (malformed lines, a missing manifold, an orphan).
file(READ ${CORPUS} corpus_text)
set(cases "")
foreach(k RANGE 1 ${COPIES})
  string(REPLACE "{\"id\":\"" "{\"id\":\"copy${k}-" copy "${corpus_text}")
  string(APPEND cases "${copy}")
endforeach()
file(WRITE ${WORK}/jobs_cases.jsonl "${cases}")
execute_process(COMMAND ${TOOL} collide --engine ${ENGINE} ${WORK}/jobs_cases.jsonl
                OUTPUT_FILE ${WORK}/jobs_manifolds.jsonl RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "touche collide failed: ${status}")
endif()

# Runs check with `jobs` threads on one input pair; its outputs go to ${WORK}/jobs<jobs>-<name>.*
function(run_check name cases manifolds jobs)
  set(prefix ${WORK}/jobs${jobs}-${name})
  execute_process(COMMAND ${TOOL} check --jobs ${jobs} --cases ${cases} --manifolds ${manifolds}
                          --conventions ${CONVENTIONS} --html ${prefix}.html
                          --write-baseline ${prefix}.baseline.jsonl
                  RESULT_VARIABLE status OUTPUT_FILE ${prefix}.out ERROR_FILE ${prefix}.err)
  file(WRITE ${prefix}.status "${status}")
endfunction()

foreach(name IN ITEMS copies malformed)
  if(name STREQUAL "copies")
    set(cases ${WORK}/jobs_cases.jsonl)
    set(manifolds ${WORK}/jobs_manifolds.jsonl)
  else()
    set(cases ${DATA}/check_cases.jsonl)
    set(manifolds ${DATA}/check_manifolds.jsonl)
  endif()
  run_check(${name} ${cases} ${manifolds} 1)
  run_check(${name} ${cases} ${manifolds} 2)
  foreach(part IN ITEMS out err html baseline.jsonl status)
    file(READ ${WORK}/jobs1-${name}.${part} one)
    file(READ ${WORK}/jobs2-${name}.${part} two)
    if(NOT one STREQUAL two)
      message(FATAL_ERROR "${name}: --jobs 2 wrote a different ${part} than --jobs 1")
    endif()
  endforeach()
  file(READ ${WORK}/jobs1-${name}.out verdicts)
  string(REGEX MATCHALL "\n" lines "${verdicts}")
  list(LENGTH lines count)
  message(STATUS "${name}: ${count} verdict lines, the same with --jobs 1 and 2")
endforeach()

# The runs must have something to compare: every case of the corpus, failures among them.
file(READ ${WORK}/jobs1-copies.out verdicts)
string(REGEX MATCHALL "\n" lines "${verdicts}")
list(LENGTH lines count)
file(STRINGS ${WORK}/jobs_cases.jsonl case_lines)
list(LENGTH case_lines expected)
if(NOT count EQUAL expected)
  message(FATAL_ERROR "expected ${expected} verdict lines, got ${count}")
endif()
if(NOT verdicts MATCHES "\"failures\":")
  message(FATAL_ERROR "no failing case: the explanations were not compared")
endif()
