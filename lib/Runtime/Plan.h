//===- Plan.h - The measurement plan the runner executes --------*- C++ -*-===//
//
// A plan (docs/plan.md) lists kernels with their source, build options,
// NDRange and arguments. Loading is two-level on purpose: a plan that is
// not JSON or has no kernel list is unusable (exit 2), while a problem
// inside one kernel entry (a buffer without a size, an unknown element
// type) is recorded on that entry and reported as that kernel's error, so
// the other kernels of the plan still run.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_PLAN_H
#define CLSPREAD_RUNTIME_PLAN_H

#include "ElemType.h"

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace clspread::runtime {

enum class ArgKind { Buffer, Scalar, Local, Image2D, Sampler };
enum class Access { Read, Write, ReadWrite };

const char *accessName(Access A);

struct ArgSpec {
  unsigned Index = 0;
  std::string Name;
  ArgKind Kind = ArgKind::Buffer;
  Access Acc = Access::ReadWrite;
  // buffer
  uint64_t Bytes = 0;
  ElemType Elem;
  std::optional<std::pair<double, double>> Range; ///< optional fill range
  /// What an index buffer holds ("order" in the plan): None (independent
  /// values), Sorted (ascending), Permutation (each value of Range once,
  /// cycled), Monotone (non-decreasing from Range's lo at element 0 to its
  /// hi at the last: CSR row pointers). The last three need Range.
  enum class Order { None, Sorted, Permutation, Monotone } Fill = Order::None;
  /// A buffer of structs ("struct" in the plan): the struct's size and its
  /// fields by byte offset; each is filled with values of its type and the
  /// padding with zeros. Empty for buffers of scalars and vectors.
  uint64_t StructBytes = 0;
  std::vector<std::pair<uint64_t, ElemType>> Fields;
  // scalar: the bytes to pass to clSetKernelArg (already encoded)
  std::vector<unsigned char> Value;
  std::string TypeName;
  // local: Bytes fixed, plus BytesPerItem * work-group size
  uint64_t BytesPerItem = 0;
  // image2d
  uint64_t Width = 0, Height = 0;
  std::string ChannelOrder, ChannelType;
  // sampler
  bool Normalized = false;
  std::string Addressing = "CLAMP_TO_EDGE", Filter = "NEAREST";

  bool isWritten() const {
    return (Kind == ArgKind::Buffer || Kind == ArgKind::Image2D) &&
           Acc != Access::Read;
  }
};

struct KernelSpec {
  std::string Id, File, Source, BuildOptions, KernelName, VariantOf;
  /// "include_dirs", resolved against the plan's directory; BuildOptions
  /// already ends with an -I for each.
  std::vector<std::string> IncludeDirs;
  unsigned Dims = 1;
  std::array<uint64_t, 3> Global = {1, 1, 1};
  std::optional<std::array<uint64_t, 3>> Local;
  /// The local size clspread's model prefers (plan field "model_local");
  /// --local-sweep times it and reports it beside the fastest.
  std::optional<std::array<uint64_t, 3>> ModelLocal;
  std::vector<ArgSpec> Args;
  /// Problems found while loading this entry; non-empty means the kernel
  /// is reported as status "error" without touching the device.
  std::vector<std::string> Problems;
  /// Notes that do not stop the run (defaults taken), copied to "warnings".
  std::vector<std::string> Warnings;
};

struct Plan {
  std::string Path;
  uint64_t Hash = 0; ///< FNV-1a 64 of the plan file's bytes
  std::vector<KernelSpec> Kernels;
};

/// A plan that cannot be used at all (unreadable, not JSON, wrong schema).
class PlanError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads and validates \p Path. Kernels whose "source" is absent read
/// "file" relative to the plan's directory (then the working directory).
Plan loadPlan(const std::string &Path);
/// Same, from text already in memory; \p BaseDir resolves "file".
Plan parsePlan(const std::string &Text, const std::string &Path,
               const std::string &BaseDir);

/// "[256,1,1]"-style text for messages.
std::string sizesText(const std::array<uint64_t, 3> &S, unsigned Dims);

} // namespace clspread::runtime

#endif
