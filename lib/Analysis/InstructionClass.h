//===- InstructionClass.h - What one instruction costs on a GPU -*- C++ -*-===//
//
// One classification of every IR instruction, read by both consumers of
// step 6 of KernelAnalyzer.h: the InstructionCounter, which counts the
// work per work-item, and the PackingGraph, which lays the same work out
// as a dependence graph for VLIW packing. Deciding the cost in one place
// keeps the two from disagreeing about what an instruction is.
//
// Cost conventions (docs/model.md has the table): casts between integer
// widths, bitcasts, vector element moves, phis, fneg and fabs are free
// (register renames or source modifiers on GPUs); a GEP costs an add per
// variable index plus a shift when the element is wider than a byte;
// 64-bit integer arithmetic costs two lane-ops (GPUs have 32-bit integer
// ALUs), a 64-bit multiply four.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_INSTRUCTIONCLASS_H
#define CLSPREAD_ANALYSIS_INSTRUCTIONCLASS_H

#include "Analysis/KernelCounts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instruction.h"

#include <array>
#include <cstdint>
#include <string>

namespace clspread {

struct DoubleRoutine; // Builtins.h

struct InstrClass {
  enum Kind : uint8_t {
    /// No work and no value to follow: terminators, allocas, fences,
    /// lifetime and debug intrinsics, image queries, work-item functions
    /// other than get_global_id.
    NoWork,
    /// Free, its value being that of From (lane for lane where the widths
    /// match): integer casts, GEPs with constant indices, fabs, boolean
    /// logic, in-register extensions, ALU builtins that cost nothing.
    PassThrough,
    /// Free, moving vector or aggregate elements: phi, extractelement,
    /// insertelement, shufflevector, freeze, fneg, extract/insertvalue.
    ElementMove,
    /// Lanes x OpsPerLane lane-ops of Class, then Extra lane-ops of
    /// ExtraClass once per instruction (a reduction's final step).
    Alu,
    /// A load of MemTy through Ptr.
    Load,
    /// A store of Val (of type MemTy) through Ptr.
    Store,
    /// A read-modify-write of MemTy through Ptr with operand Val; returns
    /// the old value. Ptr is null for an atomic builtin with no arguments.
    Atomic,
    /// get_global_id: not counted (docs/counting.md), but computed on the
    /// device, which the packing graph shows.
    GlobalId,
    ImageRead,  ///< read_image*: one TEX fetch at the call's coordinates
    ImageWrite, ///< write_image*
    Barrier,
    /// A call the analysis cannot count: Note says which, for the
    /// assumption that records it.
    Uncounted,
  };
  Kind K = NoWork;

  // Alu.
  AluClass Class = AluClass::IntSimple;
  unsigned Lanes = 1;
  unsigned OpsPerLane = 0;
  unsigned Extra = 0;
  AluClass ExtraClass = AluClass::Fp32;
  /// A double math routine (Builtins.h): Lanes x its lane-ops of each class
  /// in place of Class and OpsPerLane.
  const DoubleRoutine *Routine = nullptr;

  // PassThrough.
  llvm::SmallVector<llvm::Value *, 2> From;

  // Load, Store, Atomic.
  llvm::Value *Ptr = nullptr;
  llvm::Value *Val = nullptr;
  llvm::Type *MemTy = nullptr;
  /// vloadN / vstoreN: the access is at Ptr + VecOffset * VecStride bytes.
  llvm::Value *VecOffset = nullptr;
  uint64_t VecStride = 0;

  // Uncounted.
  std::string Note;
};

/// The class of \p I.
InstrClass classify(llvm::Instruction &I, const llvm::DataLayout &DL);

/// Adds \p W executions of the Alu instruction \p IC to \p Ops, lane-ops
/// by class (a double routine's by its own classes); returns how many.
double addAluOps(const InstrClass &IC, double W,
                 std::array<double, NumAluClasses> &Ops);

} // namespace clspread

#endif
