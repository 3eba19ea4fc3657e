//===- Specialize.cpp - A kernel specialized to one launch ---===//
#include "Analysis/Specialize.h"
#include "Analysis/Builtins.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace clspread {

std::optional<std::array<uint64_t, 3>> reqdWorkGroupSize(const Function &F) {
  if (MDNode *MD = F.getMetadata("reqd_work_group_size");
      MD && MD->getNumOperands() == 3) {
    std::array<uint64_t, 3> R{1, 1, 1};
    for (unsigned D = 0; D < 3; ++D)
      if (auto *C = mdconst::dyn_extract<ConstantInt>(MD->getOperand(D)))
        R[D] = C->getZExtValue();
    return R;
  }
  return std::nullopt;
}

/// Dimensions the kernel's work-item calls name (1 to 3).
static unsigned dimsUsed(const Function &F) {
  unsigned Max = 1;
  for (const Instruction &I : instructions(F))
    if (auto W = workItemCall(&I); W && W->Dim)
      Max = std::max(Max, *W->Dim + 1);
  return std::min(Max, 3u);
}

LaunchSpec launchFor(const Function &F, const AnalyzeOptions &Opts,
                     const std::optional<std::array<uint64_t, 3>> &Reqd,
                     std::vector<Assumption> &Notes) {
  LaunchSpec Launch = Opts.Launch;
  if (!Opts.LaunchGiven) {
    unsigned Dims = dimsUsed(F);
    Launch.Dims = Dims;
    static const uint64_t Sizes[3][3] = {
        {1u << 20, 1, 1}, {1024, 1024, 1}, {128, 128, 64}};
    for (int D = 0; D < 3; ++D)
      Launch.Global[D] = Sizes[Dims - 1][D];
    Notes.push_back({"", 0, "launch",
                     "launch: no --global given; assumed --global " +
                         formatSizes(Launch.Global, Dims)});
  }
  if (!Launch.Local && Reqd)
    Launch.Local = *Reqd;
  if (!Launch.Local && Opts.DriverLocal)
    if (auto Picked = Opts.DriverLocal(Launch)) {
      Launch.Local = *Picked;
      Launch.LocalByDriver = true;
      Notes.push_back({"", 0, "launch",
                       "local size: the launch leaves it to the driver, "
                       "which picks " +
                           formatSizes(*Picked, 3) +
                           " (the profile's launch.driver_local)"});
    }
  return Launch;
}

/// Replaces sizes and scalar arguments with the launch's constants. A value
/// that does not fit its parameter's type is an error.
Constant *argConstant(Type *T, const ArgValue &V) {
  if (T->isIntegerTy())
    return ConstantInt::get(T, V.IsFloat ? int64_t(V.Float) : V.Int,
                            /*IsSigned=*/true);
  if (T->isFloatingPointTy())
    return ConstantFP::get(T, V.Float);
  return nullptr;
}

Error specialize(Function &F, const std::vector<KernelArgInfo> &Args,
                 const LaunchSpec &L, std::vector<Assumption> &Assumptions,
                 uint64_t &LocalArgBytes) {
  auto mismatch = [&](const KernelArgInfo &Info, const ArgValue &V,
                      const std::string &Want) {
    return createStringError(
        inconvertibleErrorCode(),
        "--arg %s=%s: parameter '%s' of kernel '%s' is %s '%s'; '%s' is not %s",
        Info.Name.c_str(), V.Text.c_str(), Info.Name.c_str(),
        F.getName().str().c_str(),
        Info.IsPointer ? "a __local pointer, sized in bytes, of type"
                       : "of type",
        Info.Type.c_str(), V.Text.c_str(), Want.c_str());
  };
  // Scalar arguments and __local pointer sizes come from --arg.
  std::set<std::string> Used;
  for (Argument &A : F.args()) {
    const KernelArgInfo &Info = Args[A.getArgNo()];
    const std::string &Name = Info.Name;
    if (!A.hasName())
      A.setName(Name);
    auto It = L.Args.find(Name);
    if (A.getType()->isPointerTy()) {
      if (Info.Space == AddrSpace::Local) {
        if (It != L.Args.end()) {
          if (!It->second.Numeric || It->second.IsFloat || It->second.Int <= 0)
            return mismatch(Info, It->second,
                            "a positive whole number of bytes");
          LocalArgBytes += uint64_t(It->second.Int);
          Used.insert(Name);
        } else {
          Assumptions.push_back({"", 0, "argument",
                                 "__local argument '" + Name +
                                     "': size not given (--arg " + Name +
                                     "=BYTES); not counted for occupancy"});
        }
      }
      continue;
    }
    if (It == L.Args.end())
      continue;
    Used.insert(Name);
    Constant *C = nullptr;
    Type *T = A.getType();
    const ArgValue &V = It->second;
    if (T->isIntegerTy()) {
      if (!V.Numeric || (V.IsFloat && V.Float != std::floor(V.Float)))
        return mismatch(Info, V, "an integer");
      // The value must fit the parameter's type: 2147483648 for an int
      // would wrap, and 1e30 through int64_t(double) is undefined.
      unsigned Bits = T->getIntegerBitWidth();
      // The base type: a typedef of an unsigned type is unsigned.
      StringRef TypeName(Info.BaseType);
      bool Unsigned = TypeName.starts_with("u") ||
                      TypeName.starts_with("unsigned") ||
                      TypeName == "size_t" || TypeName == "bool";
      double Lo = Unsigned ? 0.0 : -std::ldexp(1.0, int(Bits) - 1);
      double Hi = std::ldexp(1.0, int(Bits) - (Unsigned ? 0 : 1));
      bool Fits;
      if (V.IsFloat)
        Fits = V.Float >= Lo && V.Float < Hi && std::fabs(V.Float) < 0x1p63;
      else if (Bits >= 64)
        Fits = !Unsigned || V.Int >= 0;
      else
        Fits = double(V.Int) >= Lo && double(V.Int) < Hi;
      if (!Fits)
        return mismatch(
            Info, V,
            Unsigned ? "in its range (0 to 2^" + std::to_string(Bits) + "-1)"
                     : "in its range (-2^" + std::to_string(Bits - 1) +
                           " to 2^" + std::to_string(Bits - 1) + "-1)");
      C = argConstant(T, V);
    } else if (T->isFloatingPointTy()) {
      if (!V.Numeric)
        return mismatch(Info, V, "a number");
      C = argConstant(T, V);
    }
    if (C)
      A.replaceAllUsesWith(C);
  }
  for (auto &[Name, V] : L.Args)
    if (!Used.count(Name))
      Assumptions.push_back({"", 0, "argument",
                             "--arg " + Name + ": kernel '" +
                                 F.getName().str() +
                                 "' has no scalar or __local argument of "
                                 "that name; ignored"});

  std::vector<std::pair<CallInst *, Constant *>> Repl;
  for (Instruction &I : instructions(F)) {
    auto W = workItemCall(&I);
    if (!W)
      continue;
    auto *Call = cast<CallInst>(&I);
    Type *T = Call->getType();
    if (W->Fn == WorkItemFn::WorkDim) {
      Repl.push_back({Call, ConstantInt::get(T, L.Dims)});
      continue;
    }
    if (!W->Dim)
      continue;
    uint64_t D = *W->Dim;
    uint64_t G = D < 3 ? L.Global[D] : 1;
    std::optional<uint64_t> Loc;
    if (L.Local)
      Loc = D < 3 ? (*L.Local)[D] : 1;
    switch (W->Fn) {
    case WorkItemFn::GlobalSize:
      Repl.push_back({Call, ConstantInt::get(T, G)});
      break;
    case WorkItemFn::LocalSize:
    case WorkItemFn::EnqueuedLocalSize:
      if (Loc)
        Repl.push_back({Call, ConstantInt::get(T, *Loc)});
      break;
    case WorkItemFn::NumGroups:
      if (Loc)
        Repl.push_back({Call, ConstantInt::get(T, G / *Loc)});
      break;
    case WorkItemFn::GlobalOffset:
      Repl.push_back({Call, ConstantInt::get(T, 0)});
      break;
    case WorkItemFn::GlobalId:
    case WorkItemFn::LocalId:
    case WorkItemFn::GroupId:
      // Beyond the launch's dimensions ids are 0.
      if (D >= L.Dims)
        Repl.push_back({Call, ConstantInt::get(T, 0)});
      break;
    default:
      break;
    }
  }
  for (auto &[Call, C] : Repl) {
    Call->replaceAllUsesWith(C);
    Call->eraseFromParent();
  }
  return Error::success();
}

} // namespace clspread
