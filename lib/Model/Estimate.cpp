//===- Estimate.cpp - Names of the Estimate record's enumerations ---------===//
#include "Model/Estimate.h"

namespace clspread {

const char *boundName(Bound B) {
  switch (B) {
  case Bound::ALU:
    return "ALU";
  case Bound::TEX:
    return "TEX";
  case Bound::MEM:
    return "MEM";
  }
  return "?";
}

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "?";
}

} // namespace clspread
