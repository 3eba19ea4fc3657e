# Editor, CI and pre-commit integration of `clspread lint`
# (tests/lint-integration/). They run with Debian's python3, which carries
# python3-jsonschema, python3-yaml and pre-commit (tools/bootstrap.sh
# installs them), whatever python3 comes first on PATH.
find_program(CLSPREAD_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(CLSPREAD_DEBIAN_PYTHON3)
  add_test(NAME lint-integration/gcc-matcher-sarif-json
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/lint-integration/check_outputs.py
            ${CMAKE_BINARY_DIR}/bin/clspread)
  add_test(NAME lint-integration/pre-commit-hook
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/lint-integration/pre_commit_hook.py
            ${CMAKE_BINARY_DIR}/bin)
  add_test(NAME lint-integration/sarif-uris
    COMMAND ${CLSPREAD_DEBIAN_PYTHON3}
            ${PROJECT_SOURCE_DIR}/tests/lint-integration/sarif_uris.py
            ${CMAKE_BINARY_DIR}/bin/clspread)
  set_tests_properties(lint-integration/gcc-matcher-sarif-json
    lint-integration/pre-commit-hook lint-integration/sarif-uris
    PROPERTIES TIMEOUT 300)
else()
  message(WARNING "/usr/bin/python3 not found: the lint integration tests are not registered")
endif()
