# The `touche` CLI's input and output: bounded lines, exact numbers, failed writes, unreadable
# inputs, ids. Each test below was once a user's report (docs/file-formats.md says what holds).
# Included from tests/oracle/CMakeLists.txt, which sets TOUCHE_CLI_DATA and TOUCHE_RUN_CLI and
# defines touche_cli_test.

# Lines too big or too deep to keep in tests/oracle/data.
set(TOUCHE_CLI_WORK ${CMAKE_CURRENT_BINARY_DIR}/cli_inputs)
file(MAKE_DIRECTORY ${TOUCHE_CLI_WORK})
add_test(NAME touche_cli_write_generated_inputs
  COMMAND ${CMAKE_COMMAND} -DWORK=${TOUCHE_CLI_WORK}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/write_inputs.cmake)
set_tests_properties(touche_cli_write_generated_inputs PROPERTIES
  FIXTURES_SETUP touche_cli_generated_inputs)

set(contact "\"engine\":\"reference\",\"status\":\"contact\"")

# 1. 90000 nested arrays in a shape's type (or a manifold's status) killed every command with
# SIGSEGV, losing the lines already computed: now that line is an error and the others stand.
touche_cli_test(touche_cli_collide_deep_nesting_is_one_bad_line 1 GENERATED
  ARGS collide ${TOUCHE_CLI_WORK}/deep.jsonl
  EXPECT "^{\"id\":\"circles\",${contact}"
         "\n{\"id\":\"line-2\",\"engine\":\"reference\",\"status\":\"error\",\"reason\":\"line 2: line: nested deeper than 64 arrays and objects at byte "
         "\n{\"id\":\"after\",${contact}"
  LINES 3)
touche_cli_test(touche_cli_validate_deep_nesting_is_one_bad_line 1 GENERATED
  ARGS validate ${TOUCHE_CLI_WORK}/deep.jsonl --engines fast
  EXPECT_STDERR "touche: line 2: line: nested deeper than 64"
  EXPECT "2 of 2 answers judged|2 cases")
touche_cli_test(touche_cli_render_reads_past_a_deep_line 0 GENERATED
  ARGS render ${TOUCHE_CLI_WORK}/deep.jsonl --case after -o ${TOUCHE_CLI_WORK}/after.svg
  OUTPUT_FILE ${TOUCHE_CLI_WORK}/after.svg
  EXPECT "<title>after</title>")
touche_cli_test(touche_cli_check_deep_nesting_is_one_bad_line 1 GENERATED
  ARGS check --cases ${TOUCHE_CLI_WORK}/deep.jsonl --manifolds
       ${TOUCHE_CLI_WORK}/deep_manifolds.jsonl
  EXPECT "{\"id\":\"circles\",\"verdict\":\"agree\""
         "\"verdict\":\"malformed-case\",\"explanation\":\"cases line 2: line: nested deeper than 64"
  EXPECT_STDERR "manifolds line 2: line: nested deeper than 64")

# 2. Write errors were ignored: every command said 0 into a full disk.
touche_cli_test(touche_cli_collide_into_a_full_disk_fails 2
  ARGS collide ${TOUCHE_CLI_DATA}/small.jsonl STDOUT /dev/full
  EXPECT_STDERR "touche: cannot write the output: No space left on device")
touche_cli_test(touche_cli_validate_into_a_full_disk_fails 2
  ARGS validate ${TOUCHE_CLI_DATA}/small.jsonl --engines fast STDOUT /dev/full
  EXPECT_STDERR "touche: cannot write the output: No space left on device")
touche_cli_test(touche_cli_check_into_a_full_disk_fails 2
  ARGS check --cases ${TOUCHE_CLI_DATA}/small.jsonl --manifolds ${TOUCHE_CLI_DATA}/small.jsonl
  STDOUT /dev/full
  EXPECT_STDERR "touche: cannot write the output: No space left on device")
touche_cli_test(touche_cli_render_into_a_full_disk_fails 2
  ARGS render ${TOUCHE_CLI_DATA}/small.jsonl -o /dev/full
  EXPECT_STDERR "touche: cannot write /dev/full: No space left on device")
touche_cli_test(touche_cli_check_html_into_a_full_disk_fails 2
  ARGS check --cases ${TOUCHE_CLI_DATA}/small.jsonl --manifolds ${TOUCHE_CLI_DATA}/small.jsonl
       --html /dev/full
  EXPECT_STDERR "touche: cannot write /dev/full: No space left on device")

# 3. A line over 1 MiB is an error naming its line and the limit; the next line is read.
touche_cli_test(touche_cli_collide_overlong_line_is_skipped 1 GENERATED
  ARGS collide ${TOUCHE_CLI_WORK}/long_line.jsonl
  EXPECT "^{\"id\":\"circles\",${contact}"
         "\n{\"id\":\"line-2\",\"engine\":\"reference\",\"status\":\"error\",\"reason\":\"line 2: line: longer than the limit of 1048576 bytes; the rest of the line is skipped\"}\n"
         "\n{\"id\":\"after\",${contact}"
  LINES 3)
touche_cli_test(touche_cli_collide_reads_stdin 1 GENERATED
  ARGS collide - STDIN ${TOUCHE_CLI_WORK}/long_line.jsonl
  EXPECT "longer than the limit of 1048576 bytes" "\n{\"id\":\"after\",${contact}"
  LINES 3)
touche_cli_test(touche_cli_validate_overlong_line_is_skipped 1 GENERATED
  ARGS validate ${TOUCHE_CLI_WORK}/long_line.jsonl --engines fast
  EXPECT_STDERR "touche: line 2: line: longer than the limit of 1048576 bytes")
touche_cli_test(touche_cli_check_overlong_case_line_is_malformed 1 GENERATED
  ARGS check --cases ${TOUCHE_CLI_WORK}/long_line.jsonl --manifolds
       ${TOUCHE_CLI_WORK}/deep_manifolds.jsonl
  EXPECT "\"verdict\":\"malformed-case\",\"explanation\":\"cases line 2: line: longer than the limit of 1048576 bytes")

# 4. A case without an id is line-N in collide's output, as `touche check` names it, so that
# collide's output checks against its input; a repeated id is a warning naming both lines.
touche_cli_test(touche_cli_collide_names_cases_without_id_and_warns_of_repeats 0
  ARGS collide ${TOUCHE_CLI_DATA}/ids.jsonl
  EXPECT "^{\"id\":\"circles\"" "\n{\"id\":\"line-2\",${contact}" "\n{\"id\":\"circles\""
  EXPECT_STDERR "touche: warning: line 3: duplicate id \"circles\" \\(first on line 1\\)"
                "touche: warning: line 5: duplicate id \"x\\\\nPASS\\\\u001b.2J\" \\(first on line 4\\)"
  LINES 5)
add_test(NAME touche_cli_collide_output_checks_against_its_input
  COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:touche> -DEXPECT_EXIT=0
    -DCORPUS=${TOUCHE_CLI_DATA}/no_ids.jsonl -DENGINE=reference -DCONVENTIONS=exact
    -DHTML=${CMAKE_CURRENT_BINARY_DIR}/no_ids_report.html
    -P ${CMAKE_CURRENT_SOURCE_DIR}/run_check.cmake)
touche_cli_test(touche_cli_validate_warns_of_repeated_ids 0
  ARGS validate ${TOUCHE_CLI_DATA}/ids.jsonl --engines fast
  EXPECT_STDERR "touche: warning: line 3: duplicate id \"circles\" \\(first on line 1\\)")
touche_cli_test(touche_cli_render_warns_of_repeated_ids 0
  ARGS render ${TOUCHE_CLI_DATA}/ids.jsonl -o ${CMAKE_CURRENT_BINARY_DIR}/ids.svg
  EXPECT_STDERR "touche: warning: line 3: duplicate id \"circles\" \\(first on line 1\\)")

# 5. Ids with control characters went raw to the terminal (an id could print a forged "PASS"
# line) and into SVGs (not well-formed XML).
touche_cli_test(touche_cli_check_escapes_ids_on_the_terminal 1
  ARGS check --cases ${TOUCHE_CLI_DATA}/small.jsonl --manifolds
       ${TOUCHE_CLI_DATA}/escape_manifolds.jsonl
  EXPECT_STDERR "manifolds line 1: [^\n]*orphan\\\\nPASS\\\\u001b.2J"
  REJECT_STDERR "orphan\nPASS")
touche_cli_test(touche_cli_render_escapes_ids_in_the_svg 0
  ARGS render ${TOUCHE_CLI_DATA}/escape_id.jsonl -o ${CMAKE_CURRENT_BINARY_DIR}/escaped_id.svg
  OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/escaped_id.svg
  EXPECT "<title>x\nPASS\\\\u001b.2J</title>")

touche_cli_test(touche_cli_check_escapes_ids_in_the_html_report 1
  ARGS check --cases ${TOUCHE_CLI_DATA}/escape_id.jsonl --manifolds
       ${TOUCHE_CLI_DATA}/escape_manifolds.jsonl --html ${CMAKE_CURRENT_BINARY_DIR}/escaped_id.html
  OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/escaped_id.html
  EXPECT "<a href=\"#case-x\nPASS\\\\u001b.2J\">"
         "<li>manifolds line 1: [^<]*orphan.PASS\\\\u001b.2J")

# 6. Numbers are exactly doubles or rejected by name: more bits than a double, underflow, a
# hexfloat below the smallest double, 1e999, spaces, a repeated key, an inexact subnormal.
touche_cli_test(touche_cli_collide_rejects_numbers_no_double_stands_for 1
  ARGS collide ${TOUCHE_CLI_DATA}/numbers.jsonl
  EXPECT "^{\"id\":\"exact\",${contact}"
         "line 2: a\\.radius: [^ ]*0x1\\.fffffffffffff8p0[^ ]* is not exactly a double: it has 54 significant bits"
         "line 3: a\\.radius: [^ ]*1e-400[^ ]* underflows"
         "line 4: a\\.center\\[0\\]: [^ ]*0x1p-99999[^ ]* is not exactly a double: its lowest bit is 2\\^-99999"
         "{\"id\":\"overflow\",[^\n]*line 5: a\\.radius: 1e999 is not a finite number"
         "line 6: a\\.radius: [^ ]* 0x1p0[^ ]* is not a number"
         "{\"id\":\"repeated-key\",[^\n]*line 7: a\\.radius: the key [^ ]*radius[^ ]* appears twice"
         "line 8: a\\.radius: 1\\.23456e-320 is below the normal doubles"
  LINES 8)
touche_cli_test(touche_cli_collide_rejects_a_nul_byte 1
  ARGS collide ${TOUCHE_CLI_DATA}/nul_byte.jsonl
  EXPECT "^{\"id\":\"line-1\",\"engine\":\"reference\",\"status\":\"error\",\"reason\":\"line 1: line: a NUL byte at byte 111"
         "\n{\"id\":\"after\",${contact}"
  LINES 2)

# 7. A directory read as "0 cases: PASS"; check refused `--cases -`.
touche_cli_test(touche_cli_collide_directory_is_unreadable 2
  ARGS collide ${TOUCHE_CLI_DATA}
  EXPECT_STDERR "touche: cannot read [^\n]*/data: it is a directory")
touche_cli_test(touche_cli_validate_directory_is_unreadable 2
  ARGS validate ${TOUCHE_CLI_DATA}
  EXPECT_STDERR "touche: cannot read [^\n]*/data: it is a directory")
touche_cli_test(touche_cli_check_directory_is_unreadable 2
  ARGS check --cases ${TOUCHE_CLI_DATA}/small.jsonl --manifolds ${TOUCHE_CLI_DATA}
  EXPECT_STDERR "touche: cannot read [^\n]*/data: it is a directory")
touche_cli_test(touche_cli_check_reads_cases_from_stdin 1
  ARGS check --cases - --manifolds ${TOUCHE_CLI_DATA}/check_manifolds.jsonl
  STDIN ${TOUCHE_CLI_DATA}/check_cases.jsonl
  EXPECT "^{\"id\":\"circles\",\"verdict\":\"agree\"")
touche_cli_test(touche_cli_check_reads_manifolds_from_stdin 1
  ARGS check --cases ${TOUCHE_CLI_DATA}/check_cases.jsonl --manifolds -
  STDIN ${TOUCHE_CLI_DATA}/check_manifolds.jsonl
  EXPECT "^{\"id\":\"circles\",\"verdict\":\"agree\"")
touche_cli_test(touche_cli_check_refuses_stdin_twice 2
  ARGS check --cases - --manifolds - STDIN ${TOUCHE_CLI_DATA}/check_cases.jsonl
  EXPECT_STDERR "--cases and --manifolds cannot both be -")

# 8. A conventions file with a margin of 1e308 loaded and then failed every case.
touche_cli_test(touche_cli_check_conventions_beyond_2_50_are_refused 2
  ARGS check --cases ${TOUCHE_CLI_DATA}/small.jsonl --manifolds ${TOUCHE_CLI_DATA}/small.jsonl
       --conventions ${TOUCHE_CLI_DATA}/conventions_huge_margin.json
  EXPECT_STDERR "--conventions: [^\n]*conventions_huge_margin.json: margin: 1e\\+308 exceeds 2\\^50")

# A command line CLI11 cannot parse exited with CLI11's own numbers (106 for a missing input).
touche_cli_test(touche_cli_usage_error_exits_2 2
  ARGS collide --margin abc
  EXPECT_STDERR "Could not convert: --margin = abc")

# 3. `collide -` printed nothing until the end of its input: through a FIFO, the first line's
# manifold must arrive while the input is still open.
find_program(TOUCHE_BASH bash)
if(TOUCHE_BASH)
  add_test(NAME touche_cli_collide_answers_a_pipe_line_by_line
    COMMAND ${TOUCHE_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/collide_streams.sh $<TARGET_FILE:touche>)
  set_tests_properties(touche_cli_collide_answers_a_pipe_line_by_line PROPERTIES TIMEOUT 120)
endif()
