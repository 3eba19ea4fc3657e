//===- PlanCommand.cpp - clspread plan: the launches clspread-run measures ===//
//
// Analyzes like analyze (one profile) and writes the launch plan as JSON,
// so that the measuring can happen on another machine (docs/plan.md).
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"
#include "KernelFlags.h"

#include "Driver/PlanWriter.h"

using namespace clspread;

namespace {

class PlanCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Write the launch plan clspread-run measures (default: "
                    "the bundled suite)");
    Kernels.declare(Sub, /*OneProfile=*/true);
  }

  int run(const Invocation &Inv) override {
    if (!Kernels.outputAllowed({}) || !Kernels.finish(Inv))
      return ExitUsage;
    AnalyzedRun Run;
    if (!Kernels.analyze({Kernels.ProfileArg}, Run))
      return Run.Code;
    std::string PlanJSON = planText(Run.Reports.front(), llvm::errs());
    int WriteCode = emit(
        Kernels.Output, [&](llvm::raw_ostream &OS) { OS << PlanJSON << "\n"; });
    return Run.Code != ExitOk ? Run.Code : WriteCode;
  }

private:
  KernelFlags Kernels;
};

} // namespace

std::unique_ptr<Command> clspread::createPlanCommand() {
  return std::make_unique<PlanCommand>();
}
