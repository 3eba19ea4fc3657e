//===- Statistics.h - Percentiles of a sample -----------------*- C++ -*-===//
//
// The one percentile the tool uses: validate's median and 90th percentile
// of |error| and the error band a profile's validation gives every estimate
// (Model/ErrorBand.h) must be the same figure for the same kernels.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_STATISTICS_H
#define CLSPREAD_SUPPORT_STATISTICS_H

#include <algorithm>
#include <cmath>
#include <vector>

namespace clspread {

/// The \p P quantile (0..1) of \p V by linear interpolation between the
/// closest ranks (numpy's default); 0 for an empty sample.
inline double percentile(std::vector<double> V, double P) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  double Pos = P * double(V.size() - 1);
  size_t Lo = size_t(std::floor(Pos)), Hi = size_t(std::ceil(Pos));
  return V[Lo] + (V[Hi] - V[Lo]) * (Pos - double(Lo));
}

} // namespace clspread

#endif
