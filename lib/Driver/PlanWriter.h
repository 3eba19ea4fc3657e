//===- PlanWriter.h - Launch plans for clspread-run ------------*- C++ -*-===//
//
// Turns analyzed kernels into the launch plan clspread-run reads
// (docs/plan.md): source, build options, sizes, and every argument with its
// kind, size and fill. Buffer sizes come from the analysis' footprints
// (one past the highest byte any work-item touches) unless the user or the
// manifest gave one, so a kernel can be measured without host code.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_PLANWRITER_H
#define CLSPREAD_DRIVER_PLANWRITER_H

#include "Lint/KernelResult.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace clspread {

/// The plan for every kernel of \p R. Problems that make a kernel
/// unrunnable (a buffer whose size is unknown, a scalar without a value)
/// leave the field out, so the runner reports them per kernel; they are
/// also appended to \p Warnings.
llvm::json::Value makePlan(const AnalysisReport &R,
                           std::vector<std::string> &Warnings);

/// makePlan() as the text of a plan file (indented JSON, no trailing
/// newline), its warnings printed to \p Diags as "clspread: warning: ...".
std::string planText(const AnalysisReport &R, llvm::raw_ostream &Diags);

} // namespace clspread

#endif
