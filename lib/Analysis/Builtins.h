//===- Builtins.h - OpenCL builtins mapped to cost classes -----*- C++ -*-===//
//
// OpenCL builtins stay as calls in the IR (`_Z13get_global_idj`,
// `_Z3minDv4_jS_`, `_Z11read_imagef...`). One table maps each builtin name
// to what it costs per lane: an ALU class and a count of lane-ops, or a
// memory, image, barrier or atomic effect, or a work-item query.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_BUILTINS_H
#define CLSPREAD_ANALYSIS_BUILTINS_H

#include "Analysis/KernelCounts.h"

#include <optional>
#include <string>
#include <string_view>

namespace llvm {
class Value;
}

namespace clspread {

enum class BuiltinKind : uint8_t {
  Alu,        ///< OpsPerLane lane-ops of Class per lane
  WorkItem,   ///< get_global_id & co.: free register reads
  ImageRead,  ///< read_image*: one TEX fetch
  ImageWrite, ///< write_image*
  ImageQuery, ///< get_image_width & co.
  Barrier,    ///< barrier, work_group_barrier
  Fence,      ///< mem_fence & co.: no work counted
  Atomic,     ///< atomic_* / atom_*: one read-modify-write
  VLoad,      ///< vloadN / vload_half: a load of N elements
  VStore,     ///< vstoreN
};

/// What a work-item query returns, for specialization and id analysis.
enum class WorkItemFn : uint8_t {
  GlobalId,
  LocalId,
  GroupId,
  GlobalSize,
  LocalSize,
  NumGroups,
  WorkDim,
  GlobalOffset,
  EnqueuedLocalSize,
  Other
};

struct BuiltinInfo {
  BuiltinKind Kind = BuiltinKind::Alu;
  AluClass Class = AluClass::IntSimple;
  /// Lane-ops per lane of the widest operand or result (clamp = 2: a min
  /// and a max). For reductions (dot, length) it is per input lane.
  unsigned OpsPerLane = 1;
  /// Extra lane-ops once per call after the per-lane work (length: 1 sqrt).
  unsigned ExtraOps = 0;
  AluClass ExtraClass = AluClass::Fp32;
  WorkItemFn Item = WorkItemFn::Other;
  unsigned VectorWidth = 0;  ///< for vloadN/vstoreN
  bool HalfElements = false; ///< vload_half/vstore_half: 2-byte elements
};

/// A call to a work-item function, with its dimension when that is a
/// constant (get_work_dim has none).
struct WorkItemCall {
  WorkItemFn Fn = WorkItemFn::Other;
  std::optional<unsigned> Dim;
};
/// \p V as a call to a work-item function, or nullopt. The one place that
/// recognizes them for specialization, exact branch counting and strides.
std::optional<WorkItemCall> workItemCall(const llvm::Value *V);

/// The unmangled name of an Itanium-mangled OpenCL builtin
/// ("_Z3minDv4_jS_" -> "min"), or the name itself if it is not mangled.
std::string_view builtinBaseName(std::string_view Mangled);

/// Looks up a builtin by its unmangled name; nullopt if not a known
/// builtin. \p IsFloat says whether the call works on floating point
/// (min/max/abs and friends change class with it); \p IsDouble on fp64.
std::optional<BuiltinInfo> lookupBuiltin(std::string_view Name, bool IsFloat,
                                         bool IsDouble);

} // namespace clspread

#endif
