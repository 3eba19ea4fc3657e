//===- ExprEval.h - Evaluating the model's graph in C++ --------*- C++ -*-===//
//
// The one evaluator of the model (Expr.h): given the values of a graph's
// inputs (a kernel's counts and launch) and figures (a profile's figures
// in use), computes any node on demand, each once. `If` and `And`/`Or`
// evaluate only what they need, so a figure is "read" only where the model
// consults it; figuresRead() lists those, for the notes that say a
// measured figure replaced a datasheet one.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_EXPREVAL_H
#define CLSPREAD_MODEL_EXPREVAL_H

#include "Model/Expr.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace clspread::model {

/// Values by name; a name that is not there is an absent input or figure.
using Values = std::unordered_map<std::string, double>;

/// (A^P + B^P)^(1/P), computed as (A/M)^P and (B/M)^P scaled by
/// M = max(A, B) so that large exponents do not overflow; 0 when both are
/// 0. P = infinity would be max(A, B), P = 1 their sum.
double combineLimits(double A, double B, double P);

class Evaluator {
public:
  Evaluator(const Graph &G, Values Inputs, Values Figures);

  /// The value of \p E; NaN where it needs an absent input or figure.
  double value(Expr E);
  /// Whether \p E's input or figure is present.
  bool present(Expr E) const;
  /// The label of the Pick behind \p E (a Pick, a reference to one or a
  /// label term).
  const std::string &label(Expr E);
  /// A term's value by name (it must exist).
  double operator[](const std::string &Term);
  /// Figure names read so far, in the order first read.
  const std::vector<std::string> &figuresRead() const { return Read; }

  /// Replaces an input or a figure; clears what was computed.
  void setInput(const std::string &Name, std::optional<double> V);
  void setFigure(const std::string &Name, std::optional<double> V);

  const Graph &graph() const { return G; }

private:
  const Graph &G;
  Values In, Fig;
  std::vector<char> Done;
  std::vector<double> Memo;
  std::vector<int> Winner;
  std::vector<std::string> Read;
  double compute(Expr E);
};

/// The value of figure \p Figure at which \p Term equals \p Target:
/// calibration inverts the model by evaluating it, not by a second,
/// hand-written inverse formula. Bisection on [\p Lo, \p Hi] (the term must
/// be monotone there; \p Decreasing says which way), \p Rounds halvings;
/// the midpoint of the last bracket. \p LogScale halves the bracket's ratio
/// instead of its width (the geometric midpoint), for a positive figure
/// searched over many decades: a bandwidth, a rate, a latency.
double solveFigure(Evaluator &V, const std::string &Figure, Expr Term,
                   double Target, double Lo, double Hi, bool Decreasing,
                   int Rounds = 100, bool LogScale = false);

} // namespace clspread::model

#endif
