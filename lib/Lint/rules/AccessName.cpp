//===- AccessName.cpp - The source name of a global access ----------------===//
//
// Findings name the memory an access reads or writes. The analysis knows
// the kernel argument a pointer comes from; where it does not (a pointer
// chosen with ?:, a program-scope __constant table, a pointer kept in a
// struct), the source text at the access's place names it: the frontend
// emits line tables only, so debug info has no variable names.
//
//===----------------------------------------------------------------------===//
#include "Lint/LintRule.h"

#include <cctype>

namespace clspread::rules {

namespace {

bool isIdent(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

bool isKeyword(llvm::StringRef W) {
  for (const char *K : {"__global", "global", "__constant", "constant",
                        "__local", "local", "const", "volatile", "restrict",
                        "struct", "unsigned", "float", "double", "int",
                        "uint", "char", "uchar", "short", "ushort", "long",
                        "ulong", "half", "sizeof", "return", "if", "for",
                        "while"})
    if (W == K)
      return true;
  return false;
}

/// The identifier chain (`a`, `s.v`, `p->data`) that ends at \p End
/// (exclusive) of \p L, or "".
std::string chainBefore(llvm::StringRef L, size_t End) {
  size_t B = End;
  while (true) {
    size_t E = B;
    while (B > 0 && isIdent(L[B - 1]))
      --B;
    if (B == E)
      return "";
    if (B >= 3 && L.substr(B - 2, 2) == "->" && isIdent(L[B - 3])) {
      B -= 2;
      continue;
    }
    if (B >= 2 && L[B - 1] == '.' && isIdent(L[B - 2])) {
      B -= 1;
      continue;
    }
    break;
  }
  if (std::isdigit(static_cast<unsigned char>(L[B])))
    return "";
  return L.slice(B, End).str();
}

} // namespace

/// The variable the source writes at \p Line:\p Col, the place of a load
/// (`coef` in `coef[k]`, `p` in `*p`) or of a store's assignment operator
/// (`p` in `p[i] = v`), else "".
std::string sourceNameAt(const KernelContext &C, unsigned Line,
                         unsigned Col) {
  if (!Line || !Col)
    return "";
  llvm::StringRef L = C.Source.line(Line);
  size_t At = Col - 1;
  if (At >= L.size())
    return "";
  // A load is placed at its expression: `coef[k]`, `*p`, `(p)[i]`.
  size_t I = At;
  while (I < L.size() && (L[I] == '(' || L[I] == '*' || L[I] == ' '))
    ++I;
  if (I < L.size() && isIdent(L[I])) {
    size_t E = I;
    while (E < L.size() && isIdent(L[E]))
      ++E;
    // Follow `s.v` and `s->v` to the member accessed.
    while (E + 1 < L.size() &&
           (L[E] == '.' || L.substr(E, 2) == "->")) {
      size_t F = E + (L[E] == '.' ? 1 : 2);
      if (F >= L.size() || !isIdent(L[F]))
        break;
      while (F < L.size() && isIdent(L[F]))
        ++F;
      E = F;
    }
    std::string N = L.slice(I, E).str();
    if (!isKeyword(N) && !std::isdigit(static_cast<unsigned char>(N[0])))
      return N;
    return "";
  }
  // A store is placed at its assignment operator: the lvalue is before it.
  size_t B = At;
  while (B > 0 && L[B - 1] == ' ')
    --B;
  if (B > 0 && L[B - 1] == ']') {
    int Depth = 0;
    while (B > 0) {
      char Ch = L[--B];
      if (Ch == ']')
        ++Depth;
      else if (Ch == '[' && --Depth == 0)
        break;
    }
    if (Depth != 0)
      return "";
    while (B > 0 && L[B - 1] == ' ')
      --B;
  }
  std::string N = chainBefore(L, B);
  return isKeyword(N) ? "" : N;
}

/// The name a finding prints for the memory \p A accesses: the kernel
/// argument, else the variable the source writes at the access, else "".
std::string accessName(const KernelContext &C, const GlobalAccess &A) {
  if (!A.Buffer.empty())
    return A.Buffer;
  return sourceNameAt(C, A.Loc.Line, A.Loc.Col);
}

} // namespace clspread::rules
