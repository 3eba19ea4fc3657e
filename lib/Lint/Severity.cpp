//===- Severity.cpp - Names of the severities -----------------------------===//
#include "Lint/Severity.h"

namespace clspread {

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
