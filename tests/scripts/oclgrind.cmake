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
