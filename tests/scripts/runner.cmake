# Runner tests: clspread-run on small plans under tests/runner, run on PoCL
# (--platform Portable) and under oclgrind, checked by
# tests/runner/check_runner.py (one CTest test per case). Included by
# tests/CMakeLists.txt in the full build and by tools/clspread-run in a
# standalone runner build.
if(NOT TARGET clspread-run)
  return()
endif()
# Unit checks of the device-free parts of lib/Runtime (no GoogleTest, so
# they build in a standalone runner build too).
add_executable(runtime_selftest ${CMAKE_CURRENT_LIST_DIR}/../runner/runtime_selftest.cpp)
target_link_libraries(runtime_selftest PRIVATE clspread_runtime)
add_test(NAME runner/selftest COMMAND runtime_selftest)
set_tests_properties(runner/selftest PROPERTIES LABELS runner TIMEOUT 60)

if(NOT Python3_EXECUTABLE)
  find_package(Python3 COMPONENTS Interpreter)
endif()
if(NOT Python3_EXECUTABLE)
  message(STATUS "runner tests: no python3, not registered")
  return()
endif()

set(_runner_check ${CMAKE_CURRENT_LIST_DIR}/../runner/check_runner.py)
foreach(_case good errors isolate build-error sweep oclgrind output-file compare list usage timeout
              crash watchdog-chain no-isolate)
  add_test(NAME runner/${_case}
    COMMAND ${Python3_EXECUTABLE} ${_runner_check} ${_case}
            --runner $<TARGET_FILE:clspread-run>
            --work ${CMAKE_BINARY_DIR}/runner-tests)
  # PoCL's kernel cache stays in its default place (~/.cache/pocl) so
  # repeated test runs do not recompile; 77 = oclgrind not installed.
  set_tests_properties(runner/${_case} PROPERTIES
    LABELS runner TIMEOUT 180 SKIP_RETURN_CODE 77)
endforeach()
# runner/oclgrind runs the runner inside oclgrind, which ASan cannot share
# a process with (tests/scripts/oclgrind.cmake says why).
if(CLSPREAD_SANITIZE)
  set_tests_properties(runner/oclgrind PROPERTIES DISABLED TRUE)
endif()
