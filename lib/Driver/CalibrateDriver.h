//===- CalibrateDriver.h - Measured figures for a profile ------*- C++ -*-===//
//
// clspread calibrate: analyze the calibration micro-benchmarks
// (kernels/calibrate/calibrate.yaml, one per profile figure), measure them
// with clspread-run (or read measurements taken on the device), derive each
// figure from the analysis' counts and the median time, and write them into
// the profile's `measured:` section with the command, device, driver and
// date. Datasheet figures stay where they are, beside the measured ones.
//
//   memory.bandwidth     = (bytes loaded + stored) / t         (copy_float4)
//   launch_overhead      = t                                   (empty)
//   alu.rates.CLASS      = lane-ops of CLASS / t / (compute_units x clock)
//
// A micro-benchmark's time is charged to its dominant class alone, so a
// rate is a lower bound (its loop overhead runs beside it on the devices
// that issue several classes at once). The sweeps (ids sweep.NAME.POINT:
// one kernel at several launches) are fitted last, on the whole model's
// estimates: the chain's occupancies and queue, the warm-L2 sizes.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_CALIBRATEDRIVER_H
#define CLSPREAD_DRIVER_CALIBRATEDRIVER_H

#include "Driver/AnalyzeDriver.h"
#include "Driver/Measure.h"

#include <string>

namespace clspread {

struct CalibrateRequest {
  AnalyzeRequest Analyze; ///< the calibration manifest, quick or full
  MeasureOptions Measure;
  std::string ProfileArg; ///< id or path, as given
  std::string OutPath;    ///< "" : the profile file itself
  bool PlanOnly = false;  ///< write the plan to OutPath and stop
  /// Keep figures whose runs spread more than MaxCv (else refused).
  bool Force = false;
  std::string CommandLine;
};

/// Runs whose coefficient of variation exceeds this give no figure (unless
/// --force): the median of a spread that wide says nothing about the device.
constexpr double CalibrateMaxCv = 0.5;
/// A figure this many times off its datasheet value (either way) is warned
/// about: more likely a wrong launch or profile than the device.
constexpr double CalibrateDatasheetFactor = 4.0;

struct DerivedFigure {
  std::string Path;  ///< "memory.bandwidth", "alu.rates.fp32", ...
  std::string Value; ///< with its unit, as the profile writes it
  std::string Note;
};

/// Drops figures whose runs spread more than CalibrateMaxCv (unless
/// \p Force) and warns about figures far from their datasheet values.
std::vector<DerivedFigure> checkFigures(std::vector<DerivedFigure> Figures,
                                        const llvm::json::Value &Measurements,
                                        const DeviceProfile &P, bool Force,
                                        llvm::raw_ostream &Diags);

/// Derives the figures from an analysis of the calibration suite and the
/// runner's measurements (exposed for tests).
std::vector<DerivedFigure> deriveFigures(const AnalysisReport &Report,
                                         const llvm::json::Value &Measurements,
                                         const DeviceProfile &Profile,
                                         std::vector<std::string> &Skipped);

/// Returns \p ProfileText with \p Figures in its `measured:` section: an
/// entry for the same figure is replaced where it stands, others are added
/// at the end, and entries this run did not measure stay as they were (a
/// run of one micro-benchmark keeps the rest of the profile's figures).
std::string withMeasured(const std::string &ProfileText,
                         const std::vector<DerivedFigure> &Figures,
                         const std::string &Command, const std::string &Device,
                         const std::string &Driver, const std::string &Date);

int runCalibrate(const CalibrateRequest &Req, const DeviceProfile &Profile,
                 llvm::raw_ostream &Out, llvm::raw_ostream &Diags);

} // namespace clspread

#endif
