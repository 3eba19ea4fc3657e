//===- Bound.h - Which term of the spreadsheet limits a kernel -*- C++ -*-===//
//
// Its own header because both the estimate (Estimate.h) and the error band
// a profile's validation gives each bound class (ErrorBand.h) name it.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_BOUND_H
#define CLSPREAD_MODEL_BOUND_H

#include <string_view>

namespace clspread {

enum class Bound { ALU, TEX, MEM };
const char *boundName(Bound B); // "ALU", "TEX", "MEM"
/// The bound boundName() names; MEM for any other text (a report's
/// "bound" is one of the three).
Bound boundFromName(std::string_view Name);

} // namespace clspread

#endif
