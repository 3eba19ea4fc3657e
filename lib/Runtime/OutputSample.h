//===- OutputSample.h - A small numeric summary of an output ----*- C++ -*-===//
//
// Checksums compare outputs bit for bit, which is right between runs on one
// device but too strict across devices: float results legitimately differ
// in the last bits (FMA contraction, division and transcendental accuracy,
// summation order). So each written buffer also gets three sums of K
// scalars read as doubles by the element type: the first K, the last K,
// and K spread evenly over the whole buffer. --compare checks those with a
// relative tolerance.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_OUTPUTSAMPLE_H
#define CLSPREAD_RUNTIME_OUTPUTSAMPLE_H

#include "ElemType.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace clspread::runtime {

struct OutputSample {
  std::string Elem;
  uint64_t Values = 0; ///< scalars in the buffer (vector lanes count singly)
  unsigned K = 0;      ///< scalars in each sum
  double FirstSum = 0, LastSum = 0, StridedSum = 0;
  uint64_t NonFinite = 0; ///< NaN / inf among the sampled values

  nlohmann::json toJson() const;
};

/// Summarizes \p Bytes as elements of \p Type; vec3 padding lanes are skipped.
OutputSample sampleOutput(const std::vector<unsigned char> &Bytes,
                          const ElemType &Type, unsigned K = 256);

} // namespace clspread::runtime

#endif
