//===- main.cpp - The clspread command line -------------------------------===//
//
// Parse, dispatch, exit code: the subcommands and their flags are in
// <Name>Command.cpp, listed in Commands.cpp. Exit codes: 0 ok, 1 a kernel
// did not compile or a finding reached --fail-on, 2 bad usage or input,
// 3 an output could not be written (docs/cli.md).
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>
#include <unistd.h>
#include <vector>

using namespace clspread;

/// Out of memory (an input far larger than any kernel, or a limit set with
/// ulimit -v): one error line and exit 2, at once, from whichever thread
/// ran out. No unwinding: LLVM is built without exceptions.
static void outOfMemory() {
  static const char Message[] = "clspread: error: out of memory\n";
  [[maybe_unused]] auto N = ::write(2, Message, sizeof Message - 1);
  std::_Exit(ExitUsage);
}

/// The words after `--`: Clang options to \p Clang (with the value of one
/// that takes a separate word, `-D X`, `-I dir`, `-Xclang x`), every other
/// word to \p Files.
static void splitAfterDoubleDash(llvm::ArrayRef<const char *> Words,
                                 std::vector<std::string> &Clang,
                                 std::vector<std::string> &Files) {
  for (size_t I = 0; I < Words.size(); ++I) {
    llvm::StringRef W = Words[I];
    if (!W.starts_with("-") || W == "-") {
      Files.push_back(W.str());
      continue;
    }
    Clang.push_back(W.str());
    if (clangOptionTakesValue(W) && I + 1 < Words.size())
      Clang.push_back(Words[++I]);
  }
}

static int run(int argc, char **argv) {
  Invocation Inv;
  Inv.Argv0 = argv[0];
  Inv.CommandLine = "clspread";
  for (int I = 1; I < argc; ++I)
    Inv.CommandLine += std::string(" ") + argv[I];

  // Clang-style spellings that CLI11 cannot take directly: `-cl-std=CL2.0`
  // becomes `--cl-std=CL2.0`. After `--`, options go to Clang and the
  // other words are files: pre-commit appends the files it checks after
  // the hook's `args:`, which may end in `-- -DX` (docs/cli.md).
  std::vector<std::string> Args;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--") {
      splitAfterDoubleDash({argv + I + 1, argv + argc}, Inv.ClangArgs, Args);
      break;
    }
    if (A.rfind("-cl-std=", 0) == 0)
      A = "-" + A;
    Args.push_back(A);
  }
  std::reverse(Args.begin(), Args.end()); // CLI11 takes them reversed

  CLI::App App{"clspread: static performance model and linter for OpenCL C "
               "kernels"};
  App.set_version_flag("--version", std::string("clspread ") + Version);
  App.require_subcommand(1);

  // The commands' flags write into the commands, so they live until the
  // chosen one has run.
  std::vector<std::pair<CLI::App *, std::unique_ptr<Command>>> Commands;
  for (const CommandRegistration &R : commandRegistry()) {
    auto C = R.Create();
    CLI::App *Sub = App.add_subcommand(R.Name);
    C->declare(*Sub);
    Commands.emplace_back(Sub, std::move(C));
  }

  try {
    App.parse(Args);
  } catch (const CLI::CallForHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForVersion &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    // Usage errors read like every other error of the tool.
    printError(llvm::errs(), std::string(E.what()) +
                                 " (run clspread --help for the options)");
    return ExitUsage;
  }

  // require_subcommand(1): exactly one was given.
  for (auto &[Sub, C] : Commands)
    if (Sub->parsed())
      return C->run(Inv);
  return ExitUsage;
}

int main(int argc, char **argv) {
  std::set_new_handler(outOfMemory);
  return run(argc, argv);
}
