# outputs.cmake - outputs never destroy anything: one CTest test
# per case of tests/outputs/outputs_kept.py, each against the built clspread.
# disk-full mounts a small tmpfs and needs root; it reports skipped (77)
# where mounting is refused.
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLSPREAD_DEBIAN_PYTHON3 OR NOT TARGET clspread)
  return()
endif()
foreach(_case disk-full dev-full onto-input special error-keeps)
  add_test(NAME outputs/${_case}
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/outputs/outputs_kept.py
            $<TARGET_FILE:clspread> ${_case})
  set_tests_properties(outputs/${_case} PROPERTIES LABELS outputs TIMEOUT 300
    SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
endforeach()
