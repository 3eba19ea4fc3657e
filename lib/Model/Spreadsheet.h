//===- Spreadsheet.h - The first-order performance model -------*- C++ -*-===//
//
// The "spreadsheet analysis" of AMD's talk "AMD and OpenCL" (2009), for N
// work-items on a profile:
//
//   T_ALU = N * AluCycles / (compute_units * lanes_per_cu) / clock
//   T_TEX = N * fetches   / (compute_units * tex units_per_cu) / clock
//   T_MEM = N * BytesMoved / bandwidth
//   Tkernel = max(T_ALU, T_TEX, T_MEM); the bound is the argmax, ties going
//   to ALU, then MEM, then TEX.
//
// AluCycles is what one lane spends issuing one work-item's ALU work:
//   VLIW (vliw_width > 1): the bundles VliwPacker finds, summed over blocks
//     weighted by their executions per item - exactly the talk's formula.
//   SIMT/CPU: sum over classes of Alu[c] * lanes_per_cu / rate_c, rate_c in
//     lane-ops per compute unit per clock; a class at full rate costs one
//     cycle per lane-op.
// fetches = image reads + (global loads when the profile's global loads go
// through the fetch units, TeraScale's VTX_READ). BytesMoved comes from
// MemoryTraffic.h; occupancy from Occupancy.h; findings are lint rules
// (lib/Lint).
//
// Measured figures in the profile (memory.bandwidth, clock, alu.rates.*)
// replace datasheet ones unless EstimateOptions::UseMeasured is false; a
// note says which was used. docs/model.md has the worked HD 4870 example.
//
// The formulas themselves are written once, as the graph of
// Model/ModelGraph.h; estimate() evaluates it (with the packer's bundles
// and the cache model's traffic as inputs) and fills Estimate.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_SPREADSHEET_H
#define CLSPREAD_MODEL_SPREADSHEET_H

#include "Analysis/KernelCounts.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"

namespace clspread {

struct EstimateOptions {
  /// Prefer the profile's measured figures over its datasheet figures.
  bool UseMeasured = true;
};

Estimate estimate(const KernelCounts &K, const DeviceProfile &P,
                  const EstimateOptions &Opts = {});

} // namespace clspread

#endif
