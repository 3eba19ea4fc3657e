# interrupt.cmake - outputs survive SIGINT and SIGKILL (see
# docs/reliability.md): tests/interrupt/check_interrupt.py interrupts
# `clspread analyze -o` and `clspread-run -o` (on PoCL) at several points
# and checks the previous output is kept or a complete new one written, with
# no temporary file left after SIGINT; a non-atomic control must be caught.
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLSPREAD_DEBIAN_PYTHON3 OR NOT TARGET clspread OR NOT TARGET clspread-run)
  return()
endif()
foreach(_case analyze runner control)
  add_test(NAME interrupt/${_case}
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/interrupt/check_interrupt.py ${_case}
            --clspread $<TARGET_FILE:clspread>
            --runner $<TARGET_FILE:clspread-run>
            --work ${CMAKE_BINARY_DIR}/interrupt-work)
  set_tests_properties(interrupt/${_case} PROPERTIES
    LABELS interrupt TIMEOUT 300 SKIP_RETURN_CODE 77)
endforeach()
