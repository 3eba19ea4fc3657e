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

Bound boundFromName(std::string_view N) {
  return N == "ALU" ? Bound::ALU : N == "TEX" ? Bound::TEX : Bound::MEM;
}

} // namespace clspread
