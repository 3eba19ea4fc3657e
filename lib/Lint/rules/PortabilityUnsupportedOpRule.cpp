//===- PortabilityUnsupportedOpRule.cpp - Work the device has no unit for -===//
//
// A profile may say a device has no unit for a class of ALU work
// (alu.rates.CLASS: none). The spreadsheet leaves that work out of T_ALU;
// this rule says so, as an error: the kernel will not build or will be
// emulated. Double precision has its own rule, portability-fp64.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PortabilityUnsupportedOpRule : public LintRule {
public:
  explicit PortabilityUnsupportedOpRule(RuleOptions &) {}
  static constexpr char Id[] = "portability-unsupported-op";
  Severity defaultSeverity() const override { return Severity::Error; }
  llvm::StringRef summary() const override {
    return "ALU work of a class the device has no unit for (other than fp64)";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    for (AluClass Cl : C.Est.Unsupported) {
      if (Cl == AluClass::Fp64)
        continue;
      const char *Name = aluClassName(Cl);
      auto [Line, Col] = C.kernelPlace();
      Out.report(Line, Col,
                 fmt::format("the kernel does {:.4g} {} lane-ops per work-item "
                             "but {} has no {} unit (alu.rates.{}: none); they "
                             "are left out of T_ALU",
                             C.Counts.Alu[unsigned(Cl)], Name, C.Profile.Name,
                             Name, Name));
    }
  }
};

} // namespace

constinit const RuleDef PortabilityUnsupportedOp =
    ruleDef<PortabilityUnsupportedOpRule>();

} // namespace clspread::rules
