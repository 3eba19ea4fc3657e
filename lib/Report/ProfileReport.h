//===- ProfileReport.h - Printing device profiles ---------------*- C++ -*-===//
//
// `clspread profiles` lists the bundled profiles as a table; `clspread
// profiles ID` shows one profile figure by figure with its unit and source,
// and a measured figure beside the datasheet one it replaces:
//
//   id        name                                     CUs  clock    peak fp32
//   bandwidth hd4870    ATI Radeon HD 4870 (RV770, TeraScale 1)  10   750
//   MHz  1.2 TFLOP/s   115.2 GB/s
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_PROFILEREPORT_H
#define CLSPREAD_REPORT_PROFILEREPORT_H

#include "Model/DeviceProfile.h"

#include <string>
#include <vector>

namespace clspread {

/// One line per profile: id, name, CUs, clock, peak fp32, bandwidth.
std::string formatProfileList(const std::vector<DeviceProfile> &Profiles);

/// Every figure of \p P with its unit and source; measured figures beside
/// the datasheet ones, with the command that measured them.
std::string formatProfile(const DeviceProfile &P);

/// `clspread profiles formulas ID`: the model's terms for \p P's shape,
/// one `name = expression` line each, printed from the graph
/// (lib/Model/ModelGraph.cpp); docs/model.md shows it.
std::string formatModelFormulas(const DeviceProfile &P);

} // namespace clspread

#endif
