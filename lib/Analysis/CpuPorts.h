//===- CpuPorts.h - The CPU's execution ports for built code ----*- C++ -*-===//
//
// One issue rate fits code whose mix resembles calibrate's benchmark and
// misses code whose instructions queue on one unit: a divide or a square
// root holds the divider for several clocks, a gather the load ports for
// one lane each. LLVM's scheduling model of a CPU (the tables its
// machine scheduler and llvm-mca use) says, for every machine
// instruction, its micro-ops and the clocks it holds each of the core's
// resources. machinePorts() lowers a built module to x86 machine code and
// sums those per block; the CPU code (CpuCode.cpp) weighs the blocks by
// how often they run, and the busiest resource, or the issue width, bounds
// a work-item's cycles from below, as llvm-mca's "Block RThroughput"
// bounds one block's.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_CPUPORTS_H
#define CLSPREAD_ANALYSIS_CPUPORTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// Clocks each resource of the core is held, and micro-ops issued, by
/// some run of machine code.
struct PortUse {
  std::vector<double> Cycles; ///< by the scheduling model's resource index
  double MicroOps = 0;

  void add(const PortUse &O, double Weight);
};

/// A CPU's resources as LLVM's scheduling model describes them, and what
/// one run of each block of a module holds of them.
struct PortModel {
  std::vector<std::string> Names; ///< per resource
  /// Per resource: how many serve at once. LLVM's tables already charge
  /// a group of ports for every micro-op one of its ports takes, and a
  /// unit's super resource for the unit's clocks, so each resource's
  /// clocks over its units bound on their own.
  std::vector<unsigned> Units;
  unsigned IssueWidth = 1;
  llvm::DenseMap<const llvm::BasicBlock *, PortUse> Blocks;

  /// The clocks \p U takes at least: its micro-ops over the issue width,
  /// or the busiest resource's clocks over its units. \p Binding, if
  /// given, is set to the resource (or "issue") that binds.
  double bound(const PortUse &U, std::string *Binding = nullptr) const;
};

/// Lowers a copy of \p M (optimized IR for \p TM's CPU) to machine code and
/// tallies each of M's blocks' machine instructions on the CPU's scheduling
/// model. None, with \p Err set, where the CPU has no such model or the
/// code cannot be built.
std::optional<PortModel> machinePorts(llvm::Module &M, llvm::TargetMachine &TM,
                                      std::string &Err);

} // namespace clspread

#endif
