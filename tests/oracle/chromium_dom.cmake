# chromium_dom(REPORT NAME): loads the HTML file REPORT in headless Chromium (BROWSER) with a
# fresh profile and sets `dom` in the caller's scope to the page after its script ran (also
# written to WORK/NAME.dom.html for a person to look at). The profile is NAME's own: two reports
# loaded at once (ctest -j) must not share Chromium's profile lock, nor remove each other's.
function(chromium_dom report name)
  set(profile ${WORK}/chromium-profile-${name})
  # A loaded machine can make chromium fail to start or give up on its first load: up to three
  # tries, each with a fresh profile, until it exits 0 with the whole page.
  foreach(attempt 1 2 3)
    file(REMOVE_RECURSE ${profile})
    file(MAKE_DIRECTORY ${profile})
    execute_process(
      COMMAND ${BROWSER} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
              --disable-background-networking --disable-component-update --disable-sync
              --user-data-dir=${profile} --dump-dom file://${report}
      RESULT_VARIABLE status OUTPUT_VARIABLE page ERROR_VARIABLE err TIMEOUT 100)
    file(REMOVE_RECURSE ${profile})
    if(status EQUAL 0 AND page MATCHES "</html>")
      break()
    endif()
    message(STATUS "chromium try ${attempt}: exit ${status}, ${err}")
  endforeach()
  if(NOT status EQUAL 0 OR NOT page MATCHES "</html>")
    message(FATAL_ERROR "chromium failed (${status}):\n${err}")
  endif()
  file(WRITE ${WORK}/${name}.dom.html "${page}")
  set(dom "${page}" PARENT_SCOPE)
endfunction()

# expect(PATTERN WHAT): the page in `dom` matches PATTERN, or the test fails naming WHAT.
function(expect pattern what)
  if(NOT dom MATCHES "${pattern}")
    message(FATAL_ERROR "the page does not show ${what} (pattern: ${pattern})")
  endif()
endfunction()
