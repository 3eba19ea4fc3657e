# kernels_compile.cmake - CTest check that every bundled kernel compiles.
#
# Two modes in one file (tests/CMakeLists.txt includes every
# tests/scripts/*.cmake at configure time, so a helper script here would be
# included too):
# - included at configure time: registers the test `kernels/compile`;
# - run with `cmake -DCLANG=... -DKERNELS=... -P kernels_compile.cmake`:
#   compiles each kernels/*.cl with clang-19 (OpenCL C 1.2, spir64, -O2,
#   warnings as errors) once with no options and once per distinct
#   `build_options` value that kernels/suite.yaml gives the file.
#
# The manifest is read line by line: entries start with `  - id:` and hold
# `    file:` and `    build_options:` lines, the layout suite.yaml keeps
# (the unit tests load it with the real parser).

if(NOT CMAKE_SCRIPT_MODE_FILE)
  find_program(CLSPREAD_CLANG_19 NAMES clang-19
    HINTS ${LLVM_TOOLS_BINARY_DIR} /usr/lib/llvm-19/bin)
  if(CLSPREAD_CLANG_19)
    add_test(NAME kernels/compile
      COMMAND ${CMAKE_COMMAND} -DCLANG=${CLSPREAD_CLANG_19}
              -DKERNELS=${PROJECT_SOURCE_DIR}/kernels
              -P ${CMAKE_CURRENT_LIST_FILE})
  else()
    message(STATUS "clang-19 not found: test kernels/compile not registered")
  endif()
  return()
endif()

# --- script mode -------------------------------------------------------------
file(GLOB cl_files RELATIVE ${KERNELS} ${KERNELS}/*.cl)
if(NOT cl_files)
  message(FATAL_ERROR "no kernels in ${KERNELS}")
endif()

# Collect "file|options" pairs: every file without options, then the
# manifest's entries.
set(jobs)
foreach(f IN LISTS cl_files)
  list(APPEND jobs "${f}|")
endforeach()
file(STRINGS ${KERNELS}/suite.yaml lines)
set(cur_file "")
set(cur_opts "")
set(in_entry FALSE)
macro(flush_entry)
  if(in_entry)
    if(cur_file STREQUAL "")
      message(FATAL_ERROR "suite.yaml: an entry has no file: line")
    endif()
    list(APPEND jobs "${cur_file}|${cur_opts}")
  endif()
  set(cur_file "")
  set(cur_opts "")
endmacro()
foreach(line IN LISTS lines)
  if(line MATCHES "^  - id:")
    flush_entry()
    set(in_entry TRUE)
  elseif(line MATCHES "^    file: *(.*)$")
    set(cur_file "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^    build_options: *(.*)$")
    set(cur_opts "${CMAKE_MATCH_1}")
    string(REGEX REPLACE "^[\"'](.*)[\"']$" "\\1" cur_opts "${cur_opts}")
  endif()
endforeach()
flush_entry()
list(REMOVE_DUPLICATES jobs)

set(failed 0)
foreach(job IN LISTS jobs)
  string(FIND "${job}" "|" bar)
  string(SUBSTRING "${job}" 0 ${bar} f)
  math(EXPR start "${bar} + 1")
  string(SUBSTRING "${job}" ${start} -1 opts)
  separate_arguments(opt_list UNIX_COMMAND "${opts}")
  execute_process(
    COMMAND ${CLANG} -x cl -cl-std=CL1.2 -O2 -emit-llvm -c -target spir64
            -Xclang -finclude-default-header -Wall -Werror ${opt_list}
            -o /dev/null ${KERNELS}/${f}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0)
    message(STATUS "ok    ${f} ${opts}")
  else()
    message(STATUS "FAIL  ${f} ${opts}\n${out}")
    math(EXPR failed "${failed} + 1")
  endif()
endforeach()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} kernel compile(s) failed")
endif()
