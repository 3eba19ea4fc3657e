//===- Command.h - One clspread subcommand and the list of them -*- C++ -*-===//
//
// Each subcommand lives in its own file (AnalyzeCommand.cpp, ...): it
// declares its flags on the CLI11 subcommand main() made for it and runs
// when that subcommand is the one given. main() knows commands only
// through commandRegistry() (Commands.cpp), so adding one is a new file,
// its create function below and one line in that list.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TOOLS_COMMAND_H
#define CLSPREAD_TOOLS_COMMAND_H

#include "llvm/ADT/ArrayRef.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

namespace clspread {

/// What a command needs from the command line besides its own flags.
struct Invocation {
  /// argv[0]: clspread-run is looked for beside it.
  const char *Argv0 = "clspread";
  /// The command line as typed ("clspread validate -p x"), recorded in
  /// results so that a run can be repeated.
  std::string CommandLine;
  /// The options after `--`, passed to Clang unchanged.
  std::vector<std::string> ClangArgs;
};

class Command {
public:
  virtual ~Command() = default;
  /// Gives \p Sub, already named, its description and flags. The flags
  /// write into the command's members, so the command outlives parsing.
  virtual void declare(CLI::App &Sub) = 0;
  /// Runs the command after a successful parse; returns the exit code.
  virtual int run(const Invocation &Inv) = 0;
};

struct CommandRegistration {
  const char *Name;
  std::unique_ptr<Command> (*Create)();
};

// Each defined in its own <Name>Command.cpp.
std::unique_ptr<Command> createAnalyzeCommand();
std::unique_ptr<Command> createPlanCommand();
std::unique_ptr<Command> createMeasureCommand();
std::unique_ptr<Command> createLintCommand();
std::unique_ptr<Command> createDiffCommand();
std::unique_ptr<Command> createExplainCommand();
std::unique_ptr<Command> createValidateCommand();
std::unique_ptr<Command> createCalibrateCommand();
std::unique_ptr<Command> createProfilesCommand();

/// Every subcommand, in the order `clspread --help` lists them.
llvm::ArrayRef<CommandRegistration> commandRegistry();

} // namespace clspread

#endif
