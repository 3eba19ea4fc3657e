//===- Workbook.h - The analyze report as a live spreadsheet ---*- C++ -*-===//
//
// `clspread analyze --format xlsx -o FILE` writes the model as an Excel
// workbook whose figures are formulas, so a reader can change a device
// figure (the clock, the bandwidth, measured or datasheet values) and see
// T_ALU, T_TEX, T_MEM, Tkernel and the bound follow:
//
//   Device       every profile figure the model uses, each a defined name,
//                with its unit and source; measured and datasheet values
//                side by side and a use_measured switch (1/0)
//   Kernels      one row per kernel: the launch, the per-work-item counts
//                (plain values, from Analysis and the cache model), and the
//                spreadsheet's terms as formulas over them and the Device
//                names, the same formulas as lib/Model/Spreadsheet.cpp
//   Assumptions  every assumption, model note and finding, by kernel and line
//   Lines        per-source-line counts (--lines only)
//
// With several profiles (`--profile a,b`), each device has its own Device
// and Kernels sheets ("Device a", "Kernels a", ...) whose names are local
// to those two sheets, and a Summary sheet first puts Tkernel and the
// bound of every device side by side; the other sheets gain the device.
//
// Every formula cell also carries the value clspread computed, so viewers
// that do not recalculate show the same numbers. docs/workbook.md describes
// the sheets.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_WORKBOOK_H
#define CLSPREAD_REPORT_WORKBOOK_H

#include "Model/DeviceProfile.h"
#include "Report/AnalysisReport.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace clspread {

/// Whether this build can write workbooks (it was linked with
/// libxlsxwriter).
bool workbookSupported();

/// Writes \p Reports (one per device, each estimated on its profile) as a
/// workbook at \p Path. The file is written under a temporary name in the
/// same directory and renamed over \p Path, so a failed or interrupted run
/// leaves any previous \p Path as it was and no partial file.
llvm::Error writeWorkbook(const std::vector<ProfiledReport> &Reports,
                          const ReportOptions &O, const std::string &Path);

} // namespace clspread

#endif
