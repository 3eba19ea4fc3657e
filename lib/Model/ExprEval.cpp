//===- ExprEval.cpp - Evaluating the model's graph in C++ -----------------===//
#include "Model/ExprEval.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace clspread::model {

double combineLimits(double A, double B, double P) {
  double M = std::max(A, B);
  if (M <= 0)
    return 0;
  return M * std::pow(std::pow(A / M, P) + std::pow(B / M, P), 1.0 / P);
}

Evaluator::Evaluator(const Graph &G, Values Inputs, Values Figures)
    : G(G), In(std::move(Inputs)), Fig(std::move(Figures)), Done(G.size(), 0),
      Memo(G.size(), 0), Winner(G.size(), -1) {}

void Evaluator::setInput(const std::string &Name, std::optional<double> V) {
  if (V)
    In[Name] = *V;
  else
    In.erase(Name);
  std::fill(Done.begin(), Done.end(), 0);
}

void Evaluator::setFigure(const std::string &Name, std::optional<double> V) {
  if (V)
    Fig[Name] = *V;
  else
    Fig.erase(Name);
  std::fill(Done.begin(), Done.end(), 0);
  Read.clear();
}

bool Evaluator::present(Expr E) const {
  if (E->K == Op::Input)
    return In.count(E->Name) != 0;
  if (E->K == Op::Figure)
    return Fig.count(E->Name) != 0;
  return true;
}

double Evaluator::value(Expr E) {
  assert(E->Id < Done.size() && "a node of another graph");
  if (!Done[E->Id]) {
    Memo[E->Id] = compute(E);
    Done[E->Id] = 1;
  }
  return Memo[E->Id];
}

double Evaluator::operator[](const std::string &Term) {
  Expr T = G.find(Term);
  assert(T && "no such term");
  return value(T);
}

const std::string &Evaluator::label(Expr E) {
  while (E->K == Op::Ref)
    E = E->Args[0];
  assert(E->K == Op::Pick && "label() of a node that picks nothing");
  value(E);
  return E->Labels[size_t(std::max(0, Winner[E->Id]))];
}

double Evaluator::compute(Expr E) {
  constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
  auto A = [&](size_t I) { return value(E->Args[I]); };
  switch (E->K) {
  case Op::Num:
    return E->Value;
  case Op::Input: {
    auto It = In.find(E->Name);
    return It == In.end() ? NaN : It->second;
  }
  case Op::Figure: {
    if (std::find(Read.begin(), Read.end(), E->Name) == Read.end())
      Read.push_back(E->Name);
    auto It = Fig.find(E->Name);
    return It == Fig.end() ? NaN : It->second;
  }
  case Op::Has:
    if (E->Args[0]->K == Op::Figure)
      value(E->Args[0]); // asking whether it is there reads it
    return present(E->Args[0]) ? 1 : 0;
  case Op::Add:
    return A(0) + A(1);
  case Op::Sub:
    return A(0) - A(1);
  case Op::Mul:
    return A(0) * A(1);
  case Op::Div:
    return A(0) / A(1);
  // NaN (a term that needs an absent figure) stays NaN, as in
  // JavaScript's Math.min/Math.max, whichever side it is on.
  case Op::Min: {
    double X = A(0), Y = A(1);
    return std::isnan(X) || std::isnan(Y) ? NaN : std::min(X, Y);
  }
  case Op::Max: {
    double X = A(0), Y = A(1);
    return std::isnan(X) || std::isnan(Y) ? NaN : std::max(X, Y);
  }
  case Op::Ceil:
    return std::ceil(A(0));
  case Op::Floor:
    return std::floor(A(0));
  case Op::Gt:
    return A(0) > A(1) ? 1 : 0;
  case Op::Lt:
    return A(0) < A(1) ? 1 : 0;
  case Op::Le:
    return A(0) <= A(1) ? 1 : 0;
  case Op::Eq:
    return A(0) == A(1) ? 1 : 0;
  case Op::And:
    for (size_t I = 0; I < E->Args.size(); ++I)
      if (A(I) == 0)
        return 0;
    return 1;
  case Op::Or:
    for (size_t I = 0; I < E->Args.size(); ++I)
      if (A(I) != 0)
        return 1;
    return 0;
  case Op::Not:
    return A(0) == 0 ? 1 : 0;
  case Op::If:
    return A(0) != 0 ? A(1) : A(2);
  case Op::Combine:
    return combineLimits(A(0), A(1), A(2));
  case Op::Pick: {
    double Best = A(0);
    int Win = 0;
    for (size_t I = 1; I < E->Args.size(); ++I) {
      double V = A(I);
      if (E->Kind == PickKind::Largest ? V > Best : V < Best) {
        Best = V;
        Win = int(I);
      }
    }
    Winner[E->Id] = Win;
    return Best;
  }
  case Op::Ref:
    return A(0);
  }
  return NaN;
}

double solveFigure(Evaluator &V, const std::string &Figure, Expr Term,
                   double Target, double Lo, double Hi, bool Decreasing,
                   int Rounds, bool LogScale) {
  auto mid = [&] { return LogScale ? std::sqrt(Lo * Hi) : 0.5 * (Lo + Hi); };
  for (int I = 0; I < Rounds; ++I) {
    double Mid = mid();
    V.setFigure(Figure, Mid);
    bool Above = V.value(Term) > Target;
    (Above == Decreasing ? Lo : Hi) = Mid;
  }
  return mid();
}

} // namespace clspread::model
