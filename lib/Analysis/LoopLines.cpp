//===- LoopLines.cpp - Which source lines start a loop --------------------===//
#include "Analysis/LoopLines.h"

#include <algorithm>
#include <cctype>

namespace clspread {

std::vector<unsigned> loopLines(const std::string &S) {
  std::vector<unsigned> Out;
  unsigned Line = 1;
  auto Ident = [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  };
  for (size_t I = 0; I < S.size();) {
    char C = S[I];
    if (C == '\n') {
      ++Line;
      ++I;
    } else if (C == '/' && I + 1 < S.size() && S[I + 1] == '/') {
      while (I < S.size() && S[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < S.size() && S[I + 1] == '*') {
      I += 2;
      while (I < S.size() &&
             !(S[I] == '*' && I + 1 < S.size() && S[I + 1] == '/')) {
        Line += S[I] == '\n';
        ++I;
      }
      I += 2;
    } else if (C == '"' || C == '\'') {
      for (++I; I < S.size() && S[I] != C && S[I] != '\n'; ++I)
        if (S[I] == '\\')
          ++I;
      ++I;
    } else if (Ident(C)) {
      size_t B = I;
      while (I < S.size() && Ident(S[I]))
        ++I;
      std::string W = S.substr(B, I - B);
      if ((W == "for" || W == "while" || W == "do") &&
          (Out.empty() || Out.back() != Line))
        Out.push_back(Line);
    } else {
      ++I;
    }
  }
  return Out;
}

std::string notALoopLine(unsigned Line, const std::vector<unsigned> &Loops) {
  if (std::binary_search(Loops.begin(), Loops.end(), Line))
    return "";
  std::string Why = "line " + std::to_string(Line) + " has no loop (";
  if (Loops.empty())
    return Why + "the file has no loops)";
  auto Hi = std::lower_bound(Loops.begin(), Loops.end(), Line);
  std::vector<unsigned> Near;
  if (Hi != Loops.begin())
    Near.push_back(*std::prev(Hi));
  if (Hi != Loops.end())
    Near.push_back(*Hi);
  if (Near.size() == 1)
    return Why + "nearest loop: line " + std::to_string(Near[0]) + ")";
  return Why + "nearest loops: lines " + std::to_string(Near[0]) + " and " +
         std::to_string(Near[1]) + ")";
}

} // namespace clspread
