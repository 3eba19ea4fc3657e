//===- FlowSolverTest.cpp - Block frequencies from edge probabilities -----===//
#include "Analysis/FlowSolver.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>

using namespace clspread;

namespace {

using Edges = std::vector<std::vector<std::pair<unsigned, double>>>;

std::vector<double> solve(const Edges &Out, unsigned Entry = 0) {
  auto F = solveBlockFrequencies(Out, Entry, [] { return false; });
  EXPECT_TRUE(F.has_value());
  return F ? *F : std::vector<double>();
}

/// The dense reference: (I - P^T) f = e by Gauss-Jordan elimination with
/// partial pivoting, as the analysis solved it before.
std::vector<double> dense(const Edges &Out, unsigned Entry = 0) {
  size_t N = Out.size();
  std::vector<std::vector<double>> A(N, std::vector<double>(N + 1, 0.0));
  for (size_t I = 0; I < N; ++I)
    A[I][I] = 1.0;
  A[Entry][N] = 1.0;
  for (size_t From = 0; From < N; ++From)
    for (auto [To, P] : Out[From])
      A[To][From] -= P;
  for (size_t C = 0; C < N; ++C) {
    size_t Piv = C;
    for (size_t R = C + 1; R < N; ++R)
      if (std::fabs(A[R][C]) > std::fabs(A[Piv][C]))
        Piv = R;
    std::swap(A[C], A[Piv]);
    double D = A[C][C];
    if (std::fabs(D) < 1e-300)
      continue;
    for (size_t R = 0; R < N; ++R) {
      if (R == C || A[R][C] == 0.0)
        continue;
      double M = A[R][C] / D;
      for (size_t K = C; K <= N; ++K)
        A[R][K] -= M * A[C][K];
    }
  }
  std::vector<double> F(N);
  for (size_t I = 0; I < N; ++I)
    F[I] = std::fabs(A[I][I]) < 1e-300 ? 0.0 : A[I][N] / A[I][I];
  return F;
}

} // namespace

TEST(FlowSolver, DiamondSplitsByItsProbabilities) {
  // 0 -> {1: 0.3, 2: 0.7} -> 3.
  Edges E(4);
  E[0] = {{1, 0.3}, {2, 0.7}};
  E[1] = {{3, 1.0}};
  E[2] = {{3, 1.0}};
  auto F = solve(E);
  EXPECT_NEAR(F[0], 1.0, 1e-12);
  EXPECT_NEAR(F[1], 0.3, 1e-12);
  EXPECT_NEAR(F[2], 0.7, 1e-12);
  EXPECT_NEAR(F[3], 1.0, 1e-12);
}

TEST(FlowSolver, LoopRunsOneOverItsExitProbability) {
  // 0 -> 1 (header) -> {1: 3/4 back, 2: 1/4 exit}: the header runs 4 times.
  Edges E(3);
  E[0] = {{1, 1.0}};
  E[1] = {{1, 0.75}, {2, 0.25}};
  auto F = solve(E);
  EXPECT_NEAR(F[1], 4.0, 1e-12);
  EXPECT_NEAR(F[2], 1.0, 1e-12);
}

TEST(FlowSolver, BlockThatCannotBeLeftIsZero) {
  // 1 loops on itself for ever: its equation is singular; the dense solve
  // left such a block at 0, and so does this one.
  Edges E(3);
  E[0] = {{1, 0.5}, {2, 0.5}};
  E[1] = {{1, 1.0}};
  auto F = solve(E);
  auto D = dense(E);
  EXPECT_EQ(F[1], 0.0);
  EXPECT_NEAR(F[2], D[2], 1e-12);
}

TEST(FlowSolver, MatchesTheDenseSolveOnRandomGraphs) {
  std::mt19937 Rng(7);
  for (int Trial = 0; Trial < 200; ++Trial) {
    unsigned N = 2 + Rng() % 30;
    Edges E(N);
    for (unsigned From = 0; From + 1 < N; ++From) {
      // Forward edges, and now and then a back edge (a loop) that leaves
      // enough probability forward for every loop to end.
      unsigned K = 1 + Rng() % 3;
      double Left = 1.0;
      for (unsigned J = 0; J < K; ++J) {
        unsigned To = From + 1 + Rng() % (N - From - 1);
        double P =
            J + 1 == K ? Left : Left * (0.2 + 0.6 * (Rng() % 100) / 100.0);
        Left -= P;
        E[From].push_back({To, P});
      }
      if (From > 0 && Rng() % 4 == 0) {
        for (auto &[To, P] : E[From])
          P *= 0.9;
        E[From].push_back({unsigned(Rng() % From), 0.1});
      }
    }
    auto F = solve(E);
    auto D = dense(E);
    for (unsigned I = 0; I < N; ++I)
      EXPECT_NEAR(F[I], D[I], 1e-9 * std::max(1.0, std::fabs(D[I])))
          << "trial " << Trial << " block " << I;
  }
}

TEST(FlowSolver, TwentyThousandCaseSwitchIsLinear) {
  // entry -> 20,000 cases (1/20,000 each) -> merge: each case runs 1/20,000
  // times, the merge once. Densely this is a 3.2 GB matrix.
  const unsigned Cases = 20000;
  Edges E(Cases + 2);
  for (unsigned I = 1; I <= Cases; ++I) {
    E[0].push_back({I, 1.0 / Cases});
    E[I].push_back({Cases + 1, 1.0});
  }
  auto F = solve(E);
  EXPECT_NEAR(F[1], 1.0 / Cases, 1e-15);
  EXPECT_NEAR(F[Cases], 1.0 / Cases, 1e-15);
  EXPECT_NEAR(F[Cases + 1], 1.0, 1e-9);
}

TEST(FlowSolver, StopGivesUp) {
  Edges E(200);
  for (unsigned I = 0; I + 1 < 200; ++I)
    E[I] = {{I + 1, 1.0}};
  EXPECT_FALSE(solveBlockFrequencies(E, 0, [] { return true; }).has_value());
}
