# Runs TOOL with the ;-list ARGS, checks its exit status is EXPECT_EXIT, then checks that each
# regular expression of the ;-list EXPECT matches its standard output (or the file
# OUTPUT_FILE when given), and that the output has LINES lines when given.
execute_process(COMMAND ${TOOL} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message(STATUS "exit ${status}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT status EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit status ${EXPECT_EXIT}, got ${status}")
endif()
if(DEFINED OUTPUT_FILE)
  file(READ ${OUTPUT_FILE} out)
endif()
foreach(pattern IN LISTS EXPECT)
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "output does not match: ${pattern}")
  endif()
endforeach()
if(DEFINED LINES)
  string(REGEX MATCHALL "\n" newlines "${out}")
  list(LENGTH newlines count)
  if(NOT count EQUAL LINES)
    message(FATAL_ERROR "expected ${LINES} lines, got ${count}")
  endif()
endif()
