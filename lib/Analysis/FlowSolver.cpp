//===- FlowSolver.cpp - Expected block executions from edge probabilities -===//
#include "Analysis/FlowSolver.h"

#include <cmath>
#include <map>
#include <set>

namespace clspread {

std::optional<std::vector<double>> solveBlockFrequencies(
    const std::vector<std::vector<std::pair<unsigned, double>>> &Out,
    unsigned Entry, llvm::function_ref<bool()> Stop) {
  const size_t N = Out.size();
  // Row i is the equation of block i: f_i - sum p(j -> i) f_j = [i == Entry].
  // Rows are sparse (column -> value); Cols[c] lists the rows with a
  // nonzero in column c, kept up to date as elimination fills rows in.
  std::vector<std::map<unsigned, double>> Row(N);
  std::vector<double> Rhs(N, 0.0);
  std::vector<std::set<unsigned>> Cols(N);
  auto add = [&](unsigned R, unsigned C, double V) {
    double &X = Row[R][C];
    X += V;
    Cols[C].insert(R);
  };
  for (unsigned I = 0; I < N; ++I)
    add(I, I, 1.0);
  if (Entry < N)
    Rhs[Entry] = 1.0;
  for (unsigned From = 0; From < N; ++From)
    for (auto [To, P] : Out[From])
      add(To, From, -P);

  // Forward elimination, column by column in block order (close to a
  // topological order, which keeps fill-in small), pivoting on the largest
  // magnitude among the rows not yet used, the diagonal row on ties.
  std::vector<bool> Used(N, false);
  std::vector<int> PivotOf(N, -1); // column -> its pivot row
  for (unsigned C = 0; C < N; ++C) {
    if ((C & 63) == 63 && Stop())
      return std::nullopt;
    int Piv = -1;
    double Best = 0;
    for (unsigned R : Cols[C]) {
      if (Used[R])
        continue;
      auto It = Row[R].find(C);
      double V = It == Row[R].end() ? 0.0 : std::fabs(It->second);
      if (V > Best || (V == Best && V > 0 && R == C)) {
        Best = V;
        Piv = int(R);
      }
    }
    if (Piv < 0 || Best < 1e-300)
      continue; // a block that cannot be left: solved as 0 below
    Used[Piv] = true;
    PivotOf[C] = Piv;
    const std::map<unsigned, double> &P = Row[Piv];
    double D = P.at(C);
    std::vector<unsigned> Targets;
    for (unsigned R : Cols[C])
      if (!Used[R])
        Targets.push_back(R);
    for (unsigned R : Targets) {
      auto It = Row[R].find(C);
      if (It == Row[R].end() || It->second == 0.0)
        continue;
      double M = It->second / D;
      for (auto [K, V] : P)
        if (K != C)
          add(R, K, -M * V);
      Row[R].erase(C);
      Cols[C].erase(R);
      Rhs[R] -= M * Rhs[Piv];
    }
  }

  // Back substitution, last column first.
  std::vector<double> F(N, 0.0);
  for (size_t C = N; C-- > 0;) {
    if (PivotOf[C] < 0)
      continue;
    const std::map<unsigned, double> &P = Row[PivotOf[C]];
    double S = Rhs[PivotOf[C]];
    for (auto [K, V] : P)
      if (K != C)
        S -= V * F[K];
    F[C] = S / P.at(C);
  }
  return F;
}

} // namespace clspread
