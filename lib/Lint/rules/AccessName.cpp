//===- AccessName.cpp - The source name of a global access ----------------===//
//
// Findings name the memory an access reads or writes. The analysis knows
// the kernel argument a pointer comes from; where it does not (a pointer
// chosen with ?:, a program-scope __constant table, a pointer kept in a
// struct), the source text at the access's place names it: the frontend
// emits line tables only, so debug info has no variable names. Where that
// text is a macro's name or a call (the access lies in the expansion or in
// the callee), no name is printed rather than a wrong one.
//
//===----------------------------------------------------------------------===//
#include "Lint/LintRule.h"

#include <cctype>
#include <functional>

namespace clspread::rules {

namespace {

bool isIdent(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

bool isKeyword(llvm::StringRef W) {
  for (const char *K :
       {"__global", "global",   "__constant", "constant", "__local",  "local",
        "const",    "volatile", "restrict",   "struct",   "unsigned", "float",
        "double",   "int",      "uint",       "char",     "uchar",    "short",
        "ushort",   "long",     "ulong",      "half",     "sizeof",   "return",
        "if",       "for",      "while"})
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

/// \p Name is a macro the file defines (`#define NAME ...`): the text at
/// an access inside its expansion names the macro, not the memory.
bool definedAsMacro(llvm::StringRef Text, llvm::StringRef Name) {
  if (Name.empty())
    return false;
  size_t Pos = 0;
  while ((Pos = Text.find("define", Pos)) != llvm::StringRef::npos) {
    size_t At = Pos;
    Pos += 6;
    // `#` and blanks before it, at the start of a line.
    size_t B = At;
    while (B > 0 && (Text[B - 1] == ' ' || Text[B - 1] == '\t'))
      --B;
    if (B == 0 || Text[B - 1] != '#')
      continue;
    --B;
    while (B > 0 && (Text[B - 1] == ' ' || Text[B - 1] == '\t'))
      --B;
    if (B > 0 && Text[B - 1] != '\n')
      continue;
    size_t N = Pos;
    while (N < Text.size() && (Text[N] == ' ' || Text[N] == '\t'))
      ++N;
    if (N == Pos)
      continue;
    size_t E = N;
    while (E < Text.size() && isIdent(Text[E]))
      ++E;
    if (Text.slice(N, E) == Name)
      return true;
  }
  return false;
}

/// The name ends a call (`NAME(`): a function or macro, not memory.
bool calledAt(llvm::StringRef L, size_t End) {
  while (End < L.size() && L[End] == ' ')
    ++End;
  return End < L.size() && L[End] == '(';
}

} // namespace

/// The variable the source writes at \p Line:\p Col, the place of a load
/// (`coef` in `coef[k]`, `p` in `*p`) or of a store's assignment operator
/// (`p` in `p[i] = v`), else "".
std::string sourceNameAt(const KernelContext &C, unsigned Line, unsigned Col) {
  if (!Line || !Col)
    return "";
  llvm::StringRef L = C.Source.line(Line);
  size_t At = Col - 1;
  if (At >= L.size())
    return "";
  // The lvalue or expression that ends at \p B: `a[i]` names `a`,
  // `s.v` and `p->v` the chain.
  std::function<std::string(size_t)> nameEndingAt =
      [&](size_t B) -> std::string {
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
    // A member or swizzle of an indexed element (`hist[v].x`): the memory
    // is the indexed one.
    size_t Start = B - N.size();
    if (!N.empty() && Start > 0 &&
        (L[Start - 1] == '.' ||
         (Start >= 2 && L.substr(Start - 2, 2) == "->"))) {
      size_t Dot = Start - (L[Start - 1] == '.' ? 1 : 2);
      size_t E = Dot;
      while (E > 0 && L[E - 1] == ' ')
        --E;
      if (E > 0 && L[E - 1] == ']')
        return nameEndingAt(Dot);
    }
    return isKeyword(N) || definedAsMacro(C.Source.text(), N) ? "" : N;
  };
  // A load is placed at its expression: `coef[k]`, `*p`, `(p)[i]`.
  size_t I = At;
  while (I < L.size() && (L[I] == '(' || L[I] == '*' || L[I] == ' '))
    ++I;
  // At a member or swizzle (`hist[v].x += 1`, placed at `x`): named as
  // the expression that ends with it, the indexed `hist`.
  if (I < L.size() && isIdent(L[I]) && I > 0 &&
      (L[I - 1] == '.' || (I >= 2 && L.substr(I - 2, 2) == "->"))) {
    size_t E = I;
    while (E < L.size() && isIdent(L[E]))
      ++E;
    return nameEndingAt(E);
  }
  if (I < L.size() && isIdent(L[I])) {
    size_t E = I;
    while (E < L.size() && isIdent(L[E]))
      ++E;
    // Follow `s.v` and `s->v` to the member accessed.
    while (E + 1 < L.size() && (L[E] == '.' || L.substr(E, 2) == "->")) {
      size_t F = E + (L[E] == '.' ? 1 : 2);
      if (F >= L.size() || !isIdent(L[F]))
        break;
      while (F < L.size() && isIdent(L[F]))
        ++F;
      E = F;
    }
    std::string N = L.slice(I, E).str();
    if (isKeyword(N) || std::isdigit(static_cast<unsigned char>(N[0])) ||
        calledAt(L, E) || definedAsMacro(C.Source.text(), N))
      return "";
    return N;
  }
  // A store is placed at its assignment operator: the lvalue is before it.
  return nameEndingAt(At);
}

/// The name a finding prints for the memory \p A accesses: the kernel
/// argument, else the variable the source writes at the access, else "".
std::string accessName(const KernelContext &C, const GlobalAccess &A) {
  if (!A.Buffer.empty())
    return A.Buffer;
  // The text at hand is the kernel's file: an access in an #included
  // helper has its line in another file.
  if (!A.Loc.File.empty() && A.Loc.File != C.Source.path())
    return "";
  return sourceNameAt(C, A.Loc.Line, A.Loc.Col);
}

} // namespace clspread::rules
