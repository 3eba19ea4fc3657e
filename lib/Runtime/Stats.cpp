//===- Stats.cpp - Summary statistics of repeated timings -----------------===//
#include "Stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace clspread::runtime {

TimingStats summarize(std::vector<double> S) {
  TimingStats T;
  T.Count = unsigned(S.size());
  if (S.empty())
    return T;
  std::sort(S.begin(), S.end());
  size_t N = S.size();
  T.Median = N % 2 ? S[N / 2] : 0.5 * (S[N / 2 - 1] + S[N / 2]);
  T.Min = S.front();
  T.Max = S.back();
  double Sum = 0;
  for (double V : S)
    Sum += V;
  T.Mean = Sum / double(N);
  if (N > 1 && T.Mean > 0) {
    double Sq = 0;
    for (double V : S)
      Sq += (V - T.Mean) * (V - T.Mean);
    T.Cv = std::sqrt(Sq / double(N - 1)) / T.Mean;
  }
  return T;
}

std::string durationText(double S) {
  char Buf[64];
  if (S >= 1)
    std::snprintf(Buf, sizeof Buf, "%.3f s", S);
  else if (S >= 1e-3)
    std::snprintf(Buf, sizeof Buf, "%.3f ms", S * 1e3);
  else
    std::snprintf(Buf, sizeof Buf, "%.2f us", S * 1e6);
  return Buf;
}

} // namespace clspread::runtime
