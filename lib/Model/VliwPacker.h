//===- VliwPacker.h - Packing lane-ops into VLIW bundles -------*- C++ -*-===//
//
// On a VLIW device (TeraScale: 5 slots x, y, z, w, t) T_ALU counts bundles, not
// lane-ops (AMD's talk "AMD and OpenCL": "#ALU VLIW instructions"). The
// compiler fills bundles from independent operations, so the bundle count of a
// basic block lies between lane-ops / width (perfect packing) and the block's
// dependence depth (a serial chain gets one op per bundle).
//
// The packer list-schedules each block's dependence graph (from Analysis)
// greedily, one bundle at a time:
//   - a node is ready when every node it depends on sits in an earlier
//     bundle (no forwarding inside a bundle);
//   - t-slot-only nodes (transcendentals, and on TeraScale 32-bit integer
//     multiply and conversions) go first, at most transcendental_slots of
//     them per bundle, because that slot is the scarce resource;
//   - the remaining slots take ordinary nodes, highest critical-path
//     height first (ties: program order).
// Classes the compiler expands into sequences (integer divide) are
// replaced by their expansion first (SlotExpansion in DeviceProfile.h).
//
// Example (width 5, one t slot): 4 independent adds and 1 rcp pack into a
// single bundle [add add add add | rcp]; 5 independent rcp need 5 bundles.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_VLIWPACKER_H
#define CLSPREAD_MODEL_VLIWPACKER_H

#include "Analysis/KernelCounts.h"
#include "Model/DeviceProfile.h"

namespace clspread {

struct PackedBlock {
  uint64_t Bundles = 0;
  uint64_t SlotOps = 0; ///< nodes after expansion
  unsigned BadDeps = 0; ///< deps that did not point backwards (ignored)
};

/// Bundles one execution of \p B needs on a device with \p Alu's slots.
PackedBlock packBlock(const BlockGraph &B, const AluSpec &Alu);

} // namespace clspread

#endif
