//===- Commands.cpp - The list of clspread's subcommands ------------------===//
//
// The one place a subcommand is registered. The order is the order of
// `clspread --help`, so it stays the order users already know.
//
//===----------------------------------------------------------------------===//
#include "Command.h"

namespace clspread {

llvm::ArrayRef<CommandRegistration> commandRegistry() {
  static const CommandRegistration Registry[] = {
      {"analyze", createAnalyzeCommand},
      {"plan", createPlanCommand},
      {"measure", createMeasureCommand},
      {"lint", createLintCommand},
      {"diff", createDiffCommand},
      {"explain", createExplainCommand},
      {"validate", createValidateCommand},
      {"calibrate", createCalibrateCommand},
      {"profiles", createProfilesCommand},
  };
  return Registry;
}

} // namespace clspread
