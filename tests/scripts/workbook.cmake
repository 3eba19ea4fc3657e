# workbook.cmake - `clspread analyze --format xlsx` (see
# docs/workbook.md): tests/workbook/check_workbook.py has LibreOffice
# recalculate the workbook's formulas and compares them with
# `analyze --format json`, then doubles the clock and flips use_measured.
# Run on the bundled suite on the default profile (VLIW), on the H100
# (SIMT, caches, measured figures), and on both at once (`several`: a
# Summary sheet, names local to each device's sheets, and sheet names
# for ids that collide). Skipped (77)
# without soffice.
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLSPREAD_DEBIAN_PYTHON3 OR NOT TARGET clspread)
  return()
endif()
foreach(_profile default nvidia-h100-sxm several)
  set(_args)
  if(_profile STREQUAL "several")
    set(_args --profile
        device-profiles/hd4870.yaml,device-profiles/nvidia-h100-sxm.yaml)
  elseif(NOT _profile STREQUAL "default")
    set(_args --profile device-profiles/${_profile}.yaml)
  endif()
  add_test(NAME workbook/${_profile}
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/workbook/check_workbook.py
            --clspread $<TARGET_FILE:clspread>
            --source-dir ${PROJECT_SOURCE_DIR}
            --work ${CMAKE_BINARY_DIR}/workbook-work/${_profile}
            ${_args})
  set_tests_properties(workbook/${_profile} PROPERTIES
    LABELS workbook TIMEOUT 600 SKIP_RETURN_CODE 77)
endforeach()
