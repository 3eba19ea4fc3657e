//===- WhatIfPage.h - The spreadsheet as a self-contained HTML page -------===//
//
// `clspread analyze --format html` (the what-if page): one page, no network,
// with per kernel and device the T_ALU / T_TEX / T_MEM bars, the bound, the
// occupancy limiter, findings and assumptions, and sliders for the global
// size, the local size, the clock and the bandwidth that recompute the
// spreadsheet in the page. The page gets the model's inputs (per-work-item
// counts, the launch) and the device figures in use, and runs the model's
// graph printed as JavaScript (Model/ExprPrinters.h), one function per
// device: the same terms analyze evaluates in C++, occupancy included.
//
// What the page does not redo: branch fractions and cache reuse come from
// the analyzed launch. Where a kernel's counts depend on the launch (a
// guard on the global id, a cache window), the page says so and
// `clspread analyze` with the new sizes is the exact answer.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_WHATIFPAGE_H
#define CLSPREAD_REPORT_WHATIFPAGE_H

#include "Model/DeviceProfile.h"
#include "Report/AnalysisReport.h"

#include <string>
#include <vector>

namespace clspread {

/// The page, for one or several devices (shown side by side per kernel).
std::string whatIfPage(const std::vector<ProfiledReport> &Reports);

} // namespace clspread

#endif
