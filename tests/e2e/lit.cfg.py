# lit configuration for the end-to-end tests: each test file holds a kernel,
# its RUN line and the expected output as FileCheck directives.
import os
import lit.formats

# Paths of the build come from the site file CMake writes.
if not hasattr(config, "clspread_bin_dir"):
    site = lit_config.params.get("site") or os.environ.get("CLSPREAD_LIT_SITE")
    if not site:
        lit_config.fatal("run through ctest, or pass --param site=BUILD/tests/lit.site.cfg.py")
    lit_config.load_config(config, site)

config.name = "clspread-e2e"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cl", ".test"]
config.test_source_root = os.path.dirname(__file__)
# Temporaries (%t) and lit's timing cache go to the build tree, not here.
config.test_exec_root = config.clspread_exec_root
config.excludes = ["Inputs", "lit.cfg.py"]
# An ASan + UBSan build (tools/bootstrap.sh hardening): ASan reserves the
# address space (no ulimit -v) and takes SIGSEGV itself, so tests of
# memory limits and of recovering from Clang's own crashes cannot run.
if getattr(config, "clspread_sanitized", "OFF").upper() in ("ON", "TRUE", "1", "YES"):
    config.available_features.add("sanitized")
config.environment["PATH"] = os.pathsep.join(
    [config.clspread_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%kernels", os.path.join(config.clspread_source_dir, "kernels")))
config.substitutions.append(("%profiles", os.path.join(config.clspread_source_dir, "device-profiles")))
