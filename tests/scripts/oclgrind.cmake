# Static global load/store counts against oclgrind's dynamic counts for every
# bundled kernel at its quick launch (tests/oclgrind/check_counts.py).
find_program(OCLGRIND oclgrind)
if(OCLGRIND)
  add_test(NAME oclgrind/static-vs-dynamic-counts
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/oclgrind/check_counts.py
            ${CMAKE_BINARY_DIR}/bin)
  set_tests_properties(oclgrind/static-vs-dynamic-counts PROPERTIES TIMEOUT 300)
  # Loops bounded by work-item ids, sizes and arguments (grid-stride,
  # lid-strided, triangular): counted exactly over the NDRange.
  add_test(NAME oclgrind/id-bounded-loops
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/oclgrind/check_counts.py
            ${CMAKE_BINARY_DIR}/bin ${PROJECT_SOURCE_DIR}/tests/oclgrind/loops/suite.yaml)
  set_tests_properties(oclgrind/id-bounded-loops PROPERTIES TIMEOUT 300)
else()
  message(WARNING "oclgrind not found: the static-vs-dynamic count test is not registered")
endif()

# oclgrind preloads its own runtime into the program it runs, which
# AddressSanitizer cannot share the process with ("ASan runtime does not
# come first"; with that check off, ASan stops in oclgrind's own code). In
# a CLSPREAD_SANITIZE build these cross-checks are disabled; the regular
# build runs them.
if(CLSPREAD_SANITIZE)
  foreach(_t oclgrind/static-vs-dynamic-counts oclgrind/id-bounded-loops)
    if(TEST ${_t})
      set_tests_properties(${_t} PROPERTIES DISABLED TRUE)
    endif()
  endforeach()
endif()
