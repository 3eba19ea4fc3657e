//===- KernelFlags.h - Flags analyze, plan and measure share ----*- C++ -*-===//
//
// analyze, plan and measure read the same kernels at the same launches:
// the same files or suite entries, --global/--local/--arg, build flags. One
// declaration keeps their flags, help and checks identical.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TOOLS_KERNELFLAGS_H
#define CLSPREAD_TOOLS_KERNELFLAGS_H

#include "Command.h"

#include "Driver/AnalyzeDriver.h"
#include "Model/DeviceProfile.h"
#include "Report/AnalysisReport.h"

#include <string>
#include <vector>

namespace clspread {

/// One analysis of the kernels per device.
struct AnalyzedRun {
  std::vector<DeviceProfile> Devices;
  std::vector<AnalysisReport> Reports; ///< Reports[I] on Devices[I]
  int Code = ExitOk;                   ///< the worst of the analyses
};

class KernelFlags {
public:
  AnalyzeRequest Req;
  /// -p for plan and measure (analyze takes several profiles instead).
  std::string ProfileArg = DefaultProfileId;
  std::string Output;

  /// Declares the shared flags on \p Sub after any the command declared
  /// first. \p OneProfile: also -p,--profile into ProfileArg.
  void declare(CLI::App &Sub, bool OneProfile);

  /// Refuses -o naming a directory or an input (the files, \p Profiles,
  /// -p, --suite); prints why and returns false.
  bool outputAllowed(const std::vector<std::string> &Profiles) const;

  /// Parses the launch flags into Req and checks that they fit a file run
  /// or a suite run; then fills Req's build options (\p Inv's Clang
  /// options included). Prints the problem and returns false on bad usage.
  bool finish(const Invocation &Inv);

  /// Loads \p ProfileIds and analyzes Req on each; compile errors and
  /// warnings print once, with the first device. Returns false, with the
  /// exit code in Run.Code, when the command ends here: a profile did not
  /// load, nothing compiled, or an input error would leave -o FILE
  /// incomplete (the file then keeps its previous content).
  bool analyze(const std::vector<std::string> &ProfileIds,
               AnalyzedRun &Run) const;

private:
  std::string Global, Local, ClStd = "CL1.2";
  std::vector<std::string> ArgList, TripList, BufferList;
};

} // namespace clspread

#endif
