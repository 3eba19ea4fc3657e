//===- Builtins.cpp - OpenCL builtins mapped to cost classes --------------===//
//
// The classes are aluClassName()'s (KernelCounts.h): transcendental covers the
// functions that run on a GPU's special-function unit (TeraScale's t slot):
// sin, cos, exp, log, pow, rsqrt, reciprocal and the native_/half_ variants.
// sqrt and divide have their own class because SIMT GPUs run them as short
// sequences. Lane-op counts of composite builtins (clamp, mix, dot, cross, ...)
// are the operations their definitions in the OpenCL C specification imply.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Builtins.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <cctype>
#include <cstdlib>
#include <unordered_map>

namespace clspread {

std::string_view builtinBaseName(std::string_view M) {
  if (M.size() < 3 || M.substr(0, 2) != "_Z")
    return M;
  size_t I = 2;
  size_t Len = 0;
  if (I >= M.size() || !std::isdigit(static_cast<unsigned char>(M[I])))
    return M;
  while (I < M.size() && std::isdigit(static_cast<unsigned char>(M[I])))
    Len = Len * 10 + (M[I++] - '0');
  if (I + Len > M.size())
    return M;
  return M.substr(I, Len);
}

namespace {
struct Entry {
  BuiltinKind Kind;
  AluClass Class;
  unsigned Ops;
  unsigned Extra = 0;
  AluClass ExtraClass = AluClass::Fp32;
};
} // namespace

// Math functions whose class depends on the operand type (int vs float) are
// resolved in lookupBuiltin; this table holds the float meaning.
static const std::unordered_map<std::string_view, Entry> &table() {
  using K = BuiltinKind;
  using C = AluClass;
  static const std::unordered_map<std::string_view, Entry> T = {
      // Transcendental: one special-function op per lane.
      {"sin", {K::Alu, C::Transcendental, 1}},
      {"cos", {K::Alu, C::Transcendental, 1}},
      {"tan", {K::Alu, C::Transcendental, 2}}, // sin / cos
      {"asin", {K::Alu, C::Transcendental, 1}},
      {"acos", {K::Alu, C::Transcendental, 1}},
      {"atan", {K::Alu, C::Transcendental, 1}},
      {"atan2", {K::Alu, C::Transcendental, 1}},
      {"sinh", {K::Alu, C::Transcendental, 2}},
      {"cosh", {K::Alu, C::Transcendental, 2}},
      {"tanh", {K::Alu, C::Transcendental, 2}},
      {"sinpi", {K::Alu, C::Transcendental, 1}},
      {"cospi", {K::Alu, C::Transcendental, 1}},
      {"exp", {K::Alu, C::Transcendental, 1}},
      {"exp2", {K::Alu, C::Transcendental, 1}},
      {"exp10", {K::Alu, C::Transcendental, 1}},
      {"expm1", {K::Alu, C::Transcendental, 1}},
      {"log", {K::Alu, C::Transcendental, 1}},
      {"log2", {K::Alu, C::Transcendental, 1}},
      {"log10", {K::Alu, C::Transcendental, 1}},
      {"log1p", {K::Alu, C::Transcendental, 1}},
      {"pow", {K::Alu, C::Transcendental, 2}}, // exp2(y * log2(x))
      {"powr", {K::Alu, C::Transcendental, 2}},
      {"pown", {K::Alu, C::Transcendental, 2}},
      {"rootn", {K::Alu, C::Transcendental, 2}},
      {"cbrt", {K::Alu, C::Transcendental, 2}},
      {"erf", {K::Alu, C::Transcendental, 1}},
      {"erfc", {K::Alu, C::Transcendental, 1}},
      {"tgamma", {K::Alu, C::Transcendental, 2}},
      {"lgamma", {K::Alu, C::Transcendental, 2}},
      {"rsqrt", {K::Alu, C::Transcendental, 1}},
      {"sincos", {K::Alu, C::Transcendental, 2}},
      {"native_sin", {K::Alu, C::Transcendental, 1}},
      {"native_cos", {K::Alu, C::Transcendental, 1}},
      {"native_tan", {K::Alu, C::Transcendental, 2}},
      {"native_exp", {K::Alu, C::Transcendental, 1}},
      {"native_exp2", {K::Alu, C::Transcendental, 1}},
      {"native_exp10", {K::Alu, C::Transcendental, 1}},
      {"native_log", {K::Alu, C::Transcendental, 1}},
      {"native_log2", {K::Alu, C::Transcendental, 1}},
      {"native_log10", {K::Alu, C::Transcendental, 1}},
      {"native_powr", {K::Alu, C::Transcendental, 2}},
      {"native_rsqrt", {K::Alu, C::Transcendental, 1}},
      {"native_recip", {K::Alu, C::Transcendental, 1}},
      {"native_sqrt", {K::Alu, C::Transcendental, 1}},
      {"native_divide", {K::Alu, C::Transcendental, 1, 1, C::Fp32}},
      {"half_sin", {K::Alu, C::Transcendental, 1}},
      {"half_cos", {K::Alu, C::Transcendental, 1}},
      {"half_exp", {K::Alu, C::Transcendental, 1}},
      {"half_exp2", {K::Alu, C::Transcendental, 1}},
      {"half_log", {K::Alu, C::Transcendental, 1}},
      {"half_log2", {K::Alu, C::Transcendental, 1}},
      {"half_rsqrt", {K::Alu, C::Transcendental, 1}},
      {"half_recip", {K::Alu, C::Transcendental, 1}},
      {"half_sqrt", {K::Alu, C::Transcendental, 1}},
      {"half_divide", {K::Alu, C::Transcendental, 1, 1, C::Fp32}},
      // Divide and square root.
      {"sqrt", {K::Alu, C::Fp32DivSqrt, 1}},
      {"hypot", {K::Alu, C::Fp32, 2, 1, C::Fp32DivSqrt}},
      {"fmod", {K::Alu, C::Fp32DivSqrt, 1, 2, C::Fp32}},
      {"remainder", {K::Alu, C::Fp32DivSqrt, 1, 2, C::Fp32}},
      // Plain fp32 arithmetic (class resolved per type for the generic ones).
      {"mad", {K::Alu, C::Fp32, 1}},
      {"fma", {K::Alu, C::Fp32, 1}},
      {"fmin", {K::Alu, C::Fp32, 1}},
      {"fmax", {K::Alu, C::Fp32, 1}},
      {"fabs", {K::Alu, C::Fp32, 0}}, // a source modifier on GPUs: free
      {"fdim", {K::Alu, C::Fp32, 2}},
      {"floor", {K::Alu, C::Fp32, 1}},
      {"ceil", {K::Alu, C::Fp32, 1}},
      {"trunc", {K::Alu, C::Fp32, 1}},
      {"round", {K::Alu, C::Fp32, 1}},
      {"rint", {K::Alu, C::Fp32, 1}},
      {"fract", {K::Alu, C::Fp32, 2}},
      {"copysign", {K::Alu, C::Fp32, 1}},
      {"mix", {K::Alu, C::Fp32, 2}},
      {"step", {K::Alu, C::Fp32, 1}},
      {"smoothstep", {K::Alu, C::Fp32, 6}},
      {"sign", {K::Alu, C::Fp32, 2}},
      {"radians", {K::Alu, C::Fp32, 1}},
      {"degrees", {K::Alu, C::Fp32, 1}},
      {"dot", {K::Alu, C::Fp32, 1}},
      {"length", {K::Alu, C::Fp32, 1, 1, C::Fp32DivSqrt}},
      {"fast_length", {K::Alu, C::Fp32, 1, 1, C::Transcendental}},
      {"distance", {K::Alu, C::Fp32, 2, 1, C::Fp32DivSqrt}},
      {"fast_distance", {K::Alu, C::Fp32, 2, 1, C::Transcendental}},
      {"normalize", {K::Alu, C::Fp32, 2, 1, C::Transcendental}},
      {"fast_normalize", {K::Alu, C::Fp32, 2, 1, C::Transcendental}},
      {"cross", {K::Alu, C::Fp32, 2}},
      {"isnan", {K::Alu, C::Fp32, 1}},
      {"isinf", {K::Alu, C::Fp32, 1}},
      {"isfinite", {K::Alu, C::Fp32, 1}},
      {"signbit", {K::Alu, C::Fp32, 1}},
      {"isequal", {K::Alu, C::Fp32, 1}},
      {"isless", {K::Alu, C::Fp32, 1}},
      {"isgreater", {K::Alu, C::Fp32, 1}},
      // Generic (int or float): min, max, clamp, abs resolved by type.
      {"min", {K::Alu, C::IntSimple, 1}},
      {"max", {K::Alu, C::IntSimple, 1}},
      {"clamp", {K::Alu, C::IntSimple, 2}},
      {"select", {K::Alu, C::IntSimple, 1}},
      {"bitselect", {K::Alu, C::IntSimple, 3}},
      // Integer builtins.
      {"abs", {K::Alu, C::IntSimple, 1}},
      {"abs_diff", {K::Alu, C::IntSimple, 2}},
      {"add_sat", {K::Alu, C::IntSimple, 2}},
      {"sub_sat", {K::Alu, C::IntSimple, 2}},
      {"hadd", {K::Alu, C::IntSimple, 3}},
      {"rhadd", {K::Alu, C::IntSimple, 3}},
      {"rotate", {K::Alu, C::IntSimple, 1}},
      {"clz", {K::Alu, C::IntSimple, 1}},
      {"ctz", {K::Alu, C::IntSimple, 1}},
      {"popcount", {K::Alu, C::IntSimple, 1}},
      {"upsample", {K::Alu, C::IntSimple, 2}},
      {"mul24", {K::Alu, C::IntMul, 1}},
      {"mad24", {K::Alu, C::IntMul, 1, 1, C::IntSimple}},
      {"mul_hi", {K::Alu, C::IntMul, 1}},
      {"mad_hi", {K::Alu, C::IntMul, 1, 1, C::IntSimple}},
      {"mad_sat", {K::Alu, C::IntMul, 1, 2, C::IntSimple}},
      {"any", {K::Alu, C::IntSimple, 1}},
      {"all", {K::Alu, C::IntSimple, 1}},
      // Images, barriers, fences.
      {"read_imagef", {K::ImageRead, C::IntSimple, 0}},
      {"read_imagei", {K::ImageRead, C::IntSimple, 0}},
      {"read_imageui", {K::ImageRead, C::IntSimple, 0}},
      {"read_imageh", {K::ImageRead, C::IntSimple, 0}},
      {"write_imagef", {K::ImageWrite, C::IntSimple, 0}},
      {"write_imagei", {K::ImageWrite, C::IntSimple, 0}},
      {"write_imageui", {K::ImageWrite, C::IntSimple, 0}},
      {"write_imageh", {K::ImageWrite, C::IntSimple, 0}},
      {"get_image_width", {K::ImageQuery, C::IntSimple, 0}},
      {"get_image_height", {K::ImageQuery, C::IntSimple, 0}},
      {"get_image_depth", {K::ImageQuery, C::IntSimple, 0}},
      {"get_image_dim", {K::ImageQuery, C::IntSimple, 0}},
      // Clang's lowering of a sampler constant: no work at run time.
      {"__translate_sampler_initializer", {K::ImageQuery, C::IntSimple, 0}},
      {"barrier", {K::Barrier, C::IntSimple, 0}},
      {"work_group_barrier", {K::Barrier, C::IntSimple, 0}},
      {"mem_fence", {K::Fence, C::IntSimple, 0}},
      {"read_mem_fence", {K::Fence, C::IntSimple, 0}},
      {"write_mem_fence", {K::Fence, C::IntSimple, 0}},
      {"atomic_work_item_fence", {K::Fence, C::IntSimple, 0}},
  };
  return T;
}

static std::optional<WorkItemFn> workItemFn(std::string_view N) {
  static const std::unordered_map<std::string_view, WorkItemFn> T = {
      {"get_global_id", WorkItemFn::GlobalId},
      {"get_local_id", WorkItemFn::LocalId},
      {"get_group_id", WorkItemFn::GroupId},
      {"get_global_size", WorkItemFn::GlobalSize},
      {"get_local_size", WorkItemFn::LocalSize},
      {"get_num_groups", WorkItemFn::NumGroups},
      {"get_work_dim", WorkItemFn::WorkDim},
      {"get_global_offset", WorkItemFn::GlobalOffset},
      {"get_enqueued_local_size", WorkItemFn::EnqueuedLocalSize},
      {"get_global_linear_id", WorkItemFn::Other},
      {"get_local_linear_id", WorkItemFn::Other},
  };
  auto It = T.find(N);
  if (It == T.end())
    return std::nullopt;
  return It->second;
}

std::optional<BuiltinInfo> lookupBuiltin(std::string_view Name, bool IsFloat,
                                         bool IsDouble) {
  BuiltinInfo Info;
  if (auto W = workItemFn(Name)) {
    Info.Kind = BuiltinKind::WorkItem;
    Info.Item = *W;
    Info.OpsPerLane = 0;
    return Info;
  }
  if (Name.rfind("atomic_", 0) == 0 || Name.rfind("atom_", 0) == 0) {
    if (Name == "atomic_work_item_fence")
      return BuiltinInfo{BuiltinKind::Fence};
    Info.Kind = BuiltinKind::Atomic;
    Info.OpsPerLane = 0;
    return Info;
  }
  // vloadN / vstoreN / vload_half[N] / vstore_half[N][_rte...].
  for (auto [Prefix, Kind] :
       {std::pair{std::string_view("vload"), BuiltinKind::VLoad},
        std::pair{std::string_view("vstore"), BuiltinKind::VStore}}) {
    if (Name.rfind(Prefix, 0) != 0)
      continue;
    std::string_view Rest = Name.substr(Prefix.size());
    if (Rest.rfind("a_half", 0) == 0) {
      Rest = Rest.substr(6);
      Info.HalfElements = true;
    } else if (Rest.rfind("_half", 0) == 0) {
      Rest = Rest.substr(5);
      Info.HalfElements = true;
    }
    unsigned N = 1;
    if (!Rest.empty() && std::isdigit(static_cast<unsigned char>(Rest[0])))
      N = std::atoi(std::string(Rest).c_str());
    Info.Kind = Kind;
    Info.VectorWidth = N;
    Info.OpsPerLane = 0;
    return Info;
  }
  if (Name.rfind("convert_", 0) == 0 || Name.rfind("as_", 0) == 0) {
    // as_type is a reinterpretation: free. convert_ with a float on either
    // side is a conversion; int<->int conversions are plain integer ops
    // (the _sat forms clamp: two more).
    Info.Kind = BuiltinKind::Alu;
    if (Name.rfind("as_", 0) == 0) {
      Info.OpsPerLane = 0;
      return Info;
    }
    bool ToFloat = Name.find("float") != std::string_view::npos ||
                   Name.find("double") != std::string_view::npos ||
                   Name.find("half") != std::string_view::npos;
    Info.Class =
        (ToFloat || IsFloat) ? AluClass::Conversion : AluClass::IntSimple;
    Info.OpsPerLane = 1;
    if (Name.find("_sat") != std::string_view::npos) {
      Info.ExtraOps = 0;
      Info.OpsPerLane = 3; // convert, then clamp (min and max)
    }
    return Info;
  }
  auto It = table().find(Name);
  if (It == table().end())
    return std::nullopt;
  const Entry &E = It->second;
  Info.Kind = E.Kind;
  Info.Class = E.Class;
  Info.OpsPerLane = E.Ops;
  Info.ExtraOps = E.Extra;
  Info.ExtraClass = E.ExtraClass;
  if (E.Kind == BuiltinKind::Alu) {
    // Generic builtins take the class of their operand type.
    if (E.Class == AluClass::IntSimple && IsFloat)
      Info.Class = AluClass::Fp32;
    if (IsDouble && (E.Class == AluClass::Transcendental || Name == "sqrt"))
      Info.Routine = doubleRoutine(Name);
    if (IsDouble) {
      Info.Class = AluClass::Fp64;
      if (Info.ExtraOps)
        Info.ExtraClass = AluClass::Fp64;
    }
  }
  return Info;
}

const DoubleRoutine *doubleRoutine(std::string_view Name) {
  // By name, as table() holds the builtins: looked up per classified call.
  static const std::unordered_map<std::string_view, DoubleRoutine> T = {
#define CLSPREAD_DOUBLE_ROUTINE(N, F, I, C) {N, {N, F, I, C}},
#include "Analysis/DoubleRoutines.def"
#undef CLSPREAD_DOUBLE_ROUTINE
  };
  auto It = T.find(Name);
  return It == T.end() ? nullptr : &It->second;
}

std::optional<WorkItemCall> workItemCall(const llvm::Value *V) {
  auto *Call = llvm::dyn_cast<llvm::CallInst>(V);
  if (!Call || !Call->getCalledFunction())
    return std::nullopt;
  auto Fn = workItemFn(builtinBaseName(Call->getCalledFunction()->getName()));
  if (!Fn)
    return std::nullopt;
  WorkItemCall W;
  W.Fn = *Fn;
  if (Call->arg_size() == 1)
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(Call->getArgOperand(0)))
      W.Dim = unsigned(C->getZExtValue());
  return W;
}

bool isBarrierCall(const llvm::Instruction &I) {
  auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  const llvm::Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!F)
    return false;
  std::optional<BuiltinInfo> Info =
      lookupBuiltin(builtinBaseName(F->getName()), false, false);
  return Info && Info->Kind == BuiltinKind::Barrier;
}

} // namespace clspread
