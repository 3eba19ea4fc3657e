//===- Stats.h - Summary statistics of repeated timings ---------*- C++ -*-===//
//
// The median is the headline figure: launch times have a long upper tail
// (a context switch, a clock ramp), which moves the mean but not the median.
// cv = sample standard deviation / mean tells how noisy the device was.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_STATS_H
#define CLSPREAD_RUNTIME_STATS_H

#include <string>
#include <vector>

namespace clspread::runtime {

struct TimingStats {
  unsigned Count = 0;
  double Median = 0, Min = 0, Max = 0, Mean = 0, Cv = 0;
};

/// Summarizes \p Samples (seconds); all zeros for an empty list.
TimingStats summarize(std::vector<double> Samples);

/// A time for people: "1.234 s", "12.345 ms" or "4.56 us".
std::string durationText(double Seconds);

} // namespace clspread::runtime

#endif
