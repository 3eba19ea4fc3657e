//===- ExplainCommand.cpp - clspread explain: a rule's page ---------------===//
//
// The pages (docs/rules/ID.md) are compiled into the binary, so explain
// works where the repository is not at hand.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Lint/RuleRegistry.h"

using namespace clspread;

namespace {

class ExplainCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Print a rule's page (docs/rules/ID.md)");
    Sub.add_option("rule", Id, "Rule id")->required();
  }

  int run(const Invocation &) override {
    if (auto Page = rulePage(Id)) {
      llvm::outs() << *Page;
      return ExitOk;
    }
    std::string Ids;
    for (const RuleRegistration &R : ruleRegistry())
      Ids += std::string(Ids.empty() ? "" : ", ") + R.Id;
    printError(llvm::errs(), "no rule '" + Id + "' (rules: " + Ids + ")");
    return ExitUsage;
  }

private:
  std::string Id;
};

} // namespace

std::unique_ptr<Command> clspread::createExplainCommand() {
  return std::make_unique<ExplainCommand>();
}
