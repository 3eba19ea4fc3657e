//===- IdArithmetic.h - Integer arithmetic of the id evaluator -*- C++ -*-===//
//
// Masking, sign extension and `icmp` on values of 1 to 64 bits, as the id
// evaluator computes them both on sampled work-items (IdEvaluator.cpp) and
// on intervals of them (IdEvaluatorIntervals.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_IDARITHMETIC_H
#define CLSPREAD_ANALYSIS_IDARITHMETIC_H

#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>

namespace clspread {

// Widths are 1 to 64 (compileValue rejects wider integers).
inline uint64_t mask(uint64_t V, unsigned W) {
  return V & llvm::maskTrailingOnes<uint64_t>(W);
}
inline int64_t sext(uint64_t V, unsigned W) { return llvm::SignExtend64(V, W); }

/// An integer compare of two values of \p W bits, as `icmp` does it.
inline bool compareInts(llvm::CmpInst::Predicate P, uint64_t A, uint64_t B,
                        unsigned W) {
  A = mask(A, W);
  B = mask(B, W);
  int64_t SA = sext(A, W), SB = sext(B, W);
  switch (P) {
  case llvm::CmpInst::ICMP_EQ:
    return A == B;
  case llvm::CmpInst::ICMP_NE:
    return A != B;
  case llvm::CmpInst::ICMP_UGT:
    return A > B;
  case llvm::CmpInst::ICMP_UGE:
    return A >= B;
  case llvm::CmpInst::ICMP_ULT:
    return A < B;
  case llvm::CmpInst::ICMP_ULE:
    return A <= B;
  case llvm::CmpInst::ICMP_SGT:
    return SA > SB;
  case llvm::CmpInst::ICMP_SGE:
    return SA >= SB;
  case llvm::CmpInst::ICMP_SLT:
    return SA < SB;
  case llvm::CmpInst::ICMP_SLE:
    return SA <= SB;
  default:
    return false;
  }
}

} // namespace clspread

#endif
