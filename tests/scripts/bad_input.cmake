# bad_input.cmake - the bad-input corpus (tests/bad-input): one
# CTest test per case of tests/bad-input/cases.json, named
# bad-input/<case>, each run by tests/bad-input/run_bad_input.py (python3,
# standard library only) against the built clspread. A case checks the exit
# code, the one error line, an empty stdout, 10 s and 2 GiB
# (docs/reliability.md).
set(_bad_input_dir ${PROJECT_SOURCE_DIR}/tests/bad-input)
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLSPREAD_DEBIAN_PYTHON3 OR NOT TARGET clspread)
  message(STATUS "bad-input tests: no /usr/bin/python3 or no clspread target, not registered")
  return()
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${_bad_input_dir}/cases.json)
file(READ ${_bad_input_dir}/cases.json _bad_input_json)
string(JSON _bad_input_n LENGTH "${_bad_input_json}" cases)
math(EXPR _bad_input_last "${_bad_input_n} - 1")
foreach(_i RANGE ${_bad_input_last})
  string(JSON _name GET "${_bad_input_json}" cases ${_i} name)
  add_test(NAME bad-input/${_name}
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3} ${_bad_input_dir}/run_bad_input.py
            --clspread $<TARGET_FILE:clspread>
            --work ${CMAKE_BINARY_DIR}/bad-input-work ${_name})
  # The runner holds each command to 10 s; generating a 100 MB input and
  # a case past its limit take a little longer.
  set_tests_properties(bad-input/${_name} PROPERTIES LABELS bad-input TIMEOUT 120)
  if(CLSPREAD_SANITIZE)
    set_tests_properties(bad-input/${_name} PROPERTIES
      ENVIRONMENT CLSPREAD_SANITIZED=1)
    # A case that cannot hold under ASan says why ("unsanitized_only").
    string(JSON _why ERROR_VARIABLE _no GET "${_bad_input_json}" cases ${_i}
           unsanitized_only)
    if(NOT _no)
      set_tests_properties(bad-input/${_name} PROPERTIES DISABLED TRUE)
    endif()
  endif()
endforeach()
