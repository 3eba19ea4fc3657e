//===- ProfilesCommand.cpp - clspread profiles [show|formulas ID] ---------===//
//
// The bundled device profiles as a table, one profile (bundled or a YAML
// file) figure by figure with its unit and source, or the model's terms for
// a profile's shape as printed from the model's graph (docs/model.md).
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Model/DeviceProfile.h"
#include "Report/ProfileReport.h"

using namespace clspread;

namespace {

class ProfilesCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("List the bundled device profiles");
    Show = Sub.add_subcommand("show", "Print one profile");
    Show->add_option("id", ShowId, "Profile id or YAML file")->required();
    Formulas = Sub.add_subcommand(
        "formulas", "Print the model's terms for a profile, from its graph");
    Formulas->add_option("id", FormulasId, "Profile id or YAML file")
        ->required();
  }

  int run(const Invocation &) override {
    if (Show->parsed()) {
      auto P = loadProfile(ShowId);
      if (!P)
        return ExitUsage;
      llvm::outs() << formatProfile(*P);
      return ExitOk;
    }
    if (Formulas->parsed()) {
      auto P = loadProfile(FormulasId);
      if (!P)
        return ExitUsage;
      llvm::outs() << formatModelFormulas(*P);
      return ExitOk;
    }
    llvm::outs() << formatProfileList(bundledProfiles());
    return ExitOk;
  }

private:
  CLI::App *Show = nullptr, *Formulas = nullptr;
  std::string ShowId, FormulasId;
};

} // namespace

std::unique_ptr<Command> clspread::createProfilesCommand() {
  return std::make_unique<ProfilesCommand>();
}
