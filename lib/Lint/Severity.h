//===- Severity.h - How serious a finding is --------------------*- C++ -*-===//
//
// A finding's severity (Finding.h), a rule's default one (LintRule.h) and
// the least one that makes `--fail-on` exit 1. Printers (lib/Report) write
// its name; the model (lib/Model) knows nothing of it.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_SEVERITY_H
#define CLSPREAD_LINT_SEVERITY_H

namespace clspread {

enum class Severity { Note, Warning, Error };
const char *severityName(Severity S); // "note", "warning", "error"

} // namespace clspread

#endif
