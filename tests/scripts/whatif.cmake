# whatif.cmake - the what-if page in a real browser:
# tests/whatif/check_whatif.py opens `clspread analyze --format html` in
# headless Chromium, moves its sliders and compares the recomputed figures
# with the CLI's (skipped, 77, where Debian's chromium is not installed).
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLSPREAD_DEBIAN_PYTHON3 OR NOT TARGET clspread)
  return()
endif()
add_test(NAME whatif/browser
  COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
          ${PROJECT_SOURCE_DIR}/tests/whatif/check_whatif.py
          --clspread $<TARGET_FILE:clspread>
          --work ${CMAKE_BINARY_DIR}/whatif-work)
set_tests_properties(whatif/browser PROPERTIES
  LABELS whatif TIMEOUT 600 SKIP_RETURN_CODE 77)
