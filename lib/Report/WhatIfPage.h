//===- WhatIfPage.h - The spreadsheet as a self-contained HTML page -*- C++ -*-===//
//
// `clspread analyze --format html` (the what-if page): one page, no network, with
// per kernel and device the T_ALU / T_TEX / T_MEM bars, the bound, the
// occupancy limiter, findings and assumptions, and sliders for the global
// size, the local size, the clock and the bandwidth that recompute the
// spreadsheet in the page. The page gets the per-work-item figures the
// model computed and the device figures in use, and evaluates the same
// formulas as lib/Model/Spreadsheet.cpp and Occupancy.cpp in JavaScript
// (docs/model.md): the counts are per work-item, so no compiler is needed.
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
