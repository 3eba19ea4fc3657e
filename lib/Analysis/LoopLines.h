//===- LoopLines.h - Which source lines start a loop ------------*- C++ -*-===//
//
// A trip count is stated for a loop by the line of its `for`, `while` or
// `do` (--trip FILE:LINE=N, a manifest entry's `trips:`). A line without
// one of these keywords cannot be meant for a loop: the count would be
// ignored without a word, so callers refuse it and name the loop lines
// nearest to it. Comments and string literals are skipped; the lines are
// found in the text, so a loop the optimizer later unrolls still counts.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_LOOPLINES_H
#define CLSPREAD_ANALYSIS_LOOPLINES_H

#include <string>
#include <vector>

namespace clspread {

/// The 1-based lines of \p Source that hold a `for`, `while` or `do`
/// keyword outside comments and literals, ascending.
std::vector<unsigned> loopLines(const std::string &Source);

/// "" when \p Line is one of \p Loops; else why not, naming the nearest
/// loop lines: "line 7 has no loop (nearest loops: lines 5 and 12)" or
/// "line 7 has no loop (the file has no loops)".
std::string notALoopLine(unsigned Line, const std::vector<unsigned> &Loops);

} // namespace clspread

#endif
