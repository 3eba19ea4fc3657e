//===- ExprPrinters.cpp - Printing the model's graph ----------------------===//
#include "Model/ExprPrinters.h"

#include <fmt/format.h>

#include <cassert>

namespace clspread::model {

namespace {

enum class Lang { JS, Sheet, Text };

/// Binding strength, to print the fewest parentheses that keep the
/// evaluator's grouping.
enum Prec { POr = 1, PAnd, PCmp, PAdd, PMul, PUnary, PAtom };

struct Printed {
  std::string S;
  int P = PAtom;
};

std::string number(double V) {
  std::string S = fmt::format("{}", V);
  return S;
}

class Printer {
public:
  explicit Printer(Lang L) : L(L) {}

  /// \p E; a term other than \p Self is printed by reference.
  Printed print(Expr E, Expr Self = nullptr) {
    if (E->IsTerm && E != Self)
      return {ref(E)};
    switch (E->K) {
    case Op::Num:
      return {number(E->Value)};
    case Op::Input:
      return {L == Lang::JS      ? "k." + E->Name
              : L == Lang::Sheet ? "{" + E->Name + "}"
                                 : E->Name};
    case Op::Figure:
      return {L == Lang::JS ? "f." + E->Name : E->Name};
    case Op::Has: {
      std::string X = print(E->Args[0]).S;
      if (L == Lang::JS)
        return {"(" + X + " != null)"};
      return {(L == Lang::Sheet ? "ISNUMBER(" : "has(") + X + ")"};
    }
    case Op::Add:
      return infix(E, "+", PAdd);
    case Op::Sub:
      return infix(E, "-", PAdd);
    case Op::Mul:
      return infix(E, "*", PMul);
    case Op::Div:
      return infix(E, "/", PMul);
    case Op::Gt:
      return infix(E, ">", PCmp);
    case Op::Lt:
      return infix(E, "<", PCmp);
    case Op::Le:
      return infix(E, "<=", PCmp);
    case Op::Eq:
      return infix(E,
                   L == Lang::JS      ? "==="
                   : L == Lang::Sheet ? "="
                                      : "==",
                   PCmp);
    case Op::Min:
    case Op::Max: {
      const char *F = E->K == Op::Min ? "min" : "max";
      return call(L == Lang::JS      ? fmt::format("Math.{}", F)
                  : L == Lang::Sheet ? upper(F)
                                     : std::string(F),
                  E->Args);
    }
    case Op::Ceil:
    case Op::Floor: {
      const char *F = E->K == Op::Ceil ? "ceil" : "floor";
      if (L == Lang::Sheet)
        // Every value the model rounds is non-negative, where ROUNDUP and
        // ROUNDDOWN are ceil and floor.
        return {fmt::format("{}({},0)",
                            E->K == Op::Ceil ? "ROUNDUP" : "ROUNDDOWN",
                            print(E->Args[0]).S)};
      return call(L == Lang::JS ? fmt::format("Math.{}", F) : std::string(F),
                  E->Args);
    }
    case Op::And:
    case Op::Or: {
      if (L == Lang::Sheet)
        return call(E->K == Op::And ? "AND" : "OR", E->Args);
      const char *Sep = L == Lang::JS ? (E->K == Op::And ? " && " : " || ")
                                      : (E->K == Op::And ? " and " : " or ");
      int P = E->K == Op::And ? PAnd : POr;
      std::string S;
      for (size_t I = 0; I < E->Args.size(); ++I)
        S += (I ? Sep : "") + operand(E->Args[I], P + 1);
      return {S, P};
    }
    case Op::Not:
      if (L == Lang::Sheet)
        return call("NOT", E->Args);
      return {(L == Lang::JS ? "!" : "not ") + operand(E->Args[0], PUnary),
              PUnary};
    case Op::If:
      if (L == Lang::JS)
        return {"(" + print(E->Args[0]).S + " ? " + print(E->Args[1]).S +
                " : " + print(E->Args[2]).S + ")"};
      return call(L == Lang::Sheet ? "IF" : "if", E->Args);
    case Op::Combine:
      if (L == Lang::Sheet) {
        // Scaled by the larger term, as combineLimits() computes it, so
        // that large exponents do not overflow.
        std::string A = print(E->Args[0]).S, B = print(E->Args[1]).S,
                    P = print(E->Args[2]).S;
        std::string M = "MAX(" + A + "," + B + ")";
        return {fmt::format(
            "IF({0}<=0,0,{0}*(({1}/{0})^{3}+({2}/{0})^{3})^(1/{3}))", M, A, B,
            P)};
      }
      return call("combine", E->Args);
    case Op::Pick:
      if (L == Lang::JS)
        return {fmt::format("pickValue([{}], {})", list(E->Args),
                            E->Kind == PickKind::Largest ? 1 : -1)};
      if (L == Lang::Sheet)
        return call(E->Kind == PickKind::Largest ? "MAX" : "MIN", E->Args);
      {
        std::string S = E->Kind == PickKind::Largest ? "max(" : "min(";
        for (size_t I = 0; I < E->Args.size(); ++I)
          S += fmt::format("{}{}: {}", I ? ", " : "", E->Labels[I],
                           print(E->Args[I]).S);
        return {S + ")"};
      }
    case Op::Ref:
      if (E->IsLabel)
        return label(E->Args[0]);
      return print(E->Args[0]);
    }
    return {"?"};
  }

  std::string ref(Expr Term) {
    switch (L) {
    case Lang::JS:
      return "t." + Term->Name;
    case Lang::Sheet:
      return "{" + Term->Name + "}";
    case Lang::Text:
      return Term->Name;
    }
    return Term->Name;
  }

private:
  Lang L;

  static std::string upper(std::string S) {
    for (char &C : S)
      C = char(toupper(C));
    return S;
  }

  std::string operand(Expr E, int Min) {
    Printed P = print(E);
    return P.P < Min ? "(" + P.S + ")" : P.S;
  }

  Printed infix(Expr E, const char *Sym, int P) {
    // Left-associative: the right operand of - and / (and any right
    // operand of the same strength) keeps its parentheses. A comparison
    // inside a comparison always does: JavaScript binds === more loosely
    // than >, spreadsheets do not.
    std::string Sp = L == Lang::Sheet ? "" : " ";
    int Left = P == PCmp ? P + 1 : P;
    return {operand(E->Args[0], Left) + Sp + Sym + Sp +
                operand(E->Args[1], P + 1),
            P};
  }

  std::string list(const std::vector<Expr> &Args) {
    std::string S;
    for (size_t I = 0; I < Args.size(); ++I)
      S += (I ? (L == Lang::Sheet ? "," : ", ") : "") + print(Args[I]).S;
    return S;
  }

  Printed call(const std::string &F, const std::vector<Expr> &Args) {
    return {F + "(" + list(Args) + ")"};
  }

  /// The label of a Pick's winner.
  Printed label(Expr P) {
    if (P->IsTerm && P->K != Op::Pick) // a reference to a pick
      P = P->Args[0];
    while (P->K == Op::Ref)
      P = P->Args[0];
    assert(P->K == Op::Pick);
    std::vector<std::string> V;
    for (Expr A : P->Args)
      V.push_back(print(A).S);
    auto quoted = [](const std::string &S) { return "\"" + S + "\""; };
    if (L == Lang::JS) {
      std::string Labels;
      for (size_t I = 0; I < P->Labels.size(); ++I)
        Labels += (I ? ", " : "") + quoted(P->Labels[I]);
      return {fmt::format("[{}][pickIndex([{}], {})]", Labels,
                          fmt::join(V, ", "),
                          P->Kind == PickKind::Largest ? 1 : -1)};
    }
    if (L == Lang::Text)
      return {"label of " + print(P).S};
    // Sheet: the last operand that beats every one before it wins (the
    // evaluator's running maximum, ties to the first).
    const char *Cmp = P->Kind == PickKind::Largest ? ">" : "<";
    const char *Agg = P->Kind == PickKind::Largest ? "MAX" : "MIN";
    std::string S = quoted(P->Labels[0]);
    for (size_t I = 1; I < V.size(); ++I) {
      std::string Before;
      for (size_t J = 0; J < I; ++J)
        Before += (J ? "," : "") + V[J];
      S = fmt::format("IF({}{}{}({}),{},{})", V[I], Cmp, Agg, Before,
                      quoted(P->Labels[I]), S);
    }
    return {S};
  }
};

/// A Pick whose operands are printed as one term's definition: the term
/// itself, not a reference to it.
Printed definition(Printer &Pr, Expr Term) { return Pr.print(Term, Term); }

} // namespace

std::string spreadsheetFormula(Expr Term) {
  Printer P(Lang::Sheet);
  return definition(P, Term).S;
}

std::string textExpr(Expr E) {
  Printer P(Lang::Text);
  return definition(P, E).S;
}

std::string javascriptHelpers() {
  return R"JS(function combine(a, b, p) {
  const m = Math.max(a, b);
  if (m <= 0) return 0;
  return m * Math.pow(Math.pow(a / m, p) + Math.pow(b / m, p), 1 / p);
}
function pickIndex(v, sign) {
  let w = 0;
  for (let i = 1; i < v.length; ++i)
    if (sign > 0 ? v[i] > v[w] : v[i] < v[w]) w = i;
  return w;
}
function pickValue(v, sign) { return v[pickIndex(v, sign)]; }
)JS";
}

std::string javascriptFunction(const Graph &G, const std::string &Name) {
  Printer P(Lang::JS);
  std::string S = "function " + Name + "(f, k) {\n  const t = {};\n";
  for (Expr T : G.terms())
    S += "  t." + T->Name + " = " + definition(P, T).S + ";\n";
  S += "  return t;\n}\n";
  return S;
}

std::string textModel(const Graph &G) {
  std::string S;
  for (Expr T : G.terms())
    S += T->Name + " = " + textExpr(T) + "\n";
  return S;
}

} // namespace clspread::model
