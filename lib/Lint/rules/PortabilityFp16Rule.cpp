//===- PortabilityFp16Rule.cpp - half arithmetic without cl_khr_fp16 ------===//
//
// OpenCL C 1.2 §9.5: arithmetic on `half` needs the cl_khr_fp16 extension;
// without it, half is a storage format only, read and written through
// vload_half/vstore_half, which convert to and from float. A profile says
// whether the device's OpenCL offers the extension (alu.fp16); where it
// says false, a kernel that computes in half does not build there. Where
// the profile does not say, nothing is reported.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PortabilityFp16Rule : public LintRule {
public:
  explicit PortabilityFp16Rule(RuleOptions &) {}
  static constexpr char Id[] = "portability-fp16";
  Severity defaultSeverity() const override { return Severity::Error; }
  llvm::StringRef summary() const override {
    return "half arithmetic on a device whose OpenCL does not offer "
           "cl_khr_fp16";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (!C.Counts.Fp16Use || C.Profile.Fp16.value_or(true))
      return;
    const SourceLoc &At = *C.Counts.Fp16Use;
    Out.report(At.Line, At.Col,
               fmt::format("half-precision arithmetic ({:.4g} lane-ops per "
                           "work-item) on {}, whose OpenCL does not offer "
                           "cl_khr_fp16 (alu.fp16: false): the kernel does "
                           "not build there; compute in float: read with "
                           "vload_half into float, write back with "
                           "vstore_half",
                           C.Counts.Fp16Ops, C.Profile.Name));
  }
};

} // namespace

constinit const RuleDef PortabilityFp16 = ruleDef<PortabilityFp16Rule>();

} // namespace clspread::rules
