//===- CalibrateSweeps.h - Figures fitted to a sweep ------------*- C++ -*-===//
//
// calibrate's sweeps: one micro-benchmark at several launches (manifest ids
// sweep.NAME.POINT), fitted after every other figure (CalibrateSweeps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_CALIBRATESWEEPS_H
#define CLSPREAD_DRIVER_CALIBRATESWEEPS_H

#include "Driver/AnalyzeDriver.h"
#include "Driver/CalibrateDriver.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace clspread {

/// One launch of a sweep and its measured time.
struct SweepRun {
  const KernelResult *K = nullptr;
  double T = 0;      ///< median event time, s
  std::string Where; ///< "store_reload at N work-items, median ..."
};

/// Fits the sweeps by name ("chain", "rewrite", "footprint") and appends
/// their figures to \p Out; the figures of \p Out for which \p Written
/// holds are laid over the profile for their estimates. A sweep that
/// cannot be fitted, or has no derivation, says why in \p Skipped.
void fitSweeps(const std::map<std::string, std::vector<SweepRun>> &Sweeps,
               const DeviceProfile &P,
               const std::function<bool(const DerivedFigure &)> &Written,
               std::vector<DerivedFigure> &Out,
               std::vector<std::string> &Skipped);

} // namespace clspread

#endif
