//===- PlanWriter.cpp - Launch plans for clspread-run ---------------------===//
#include "Driver/PlanWriter.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace clspread {

/// "const uchar4*" -> "uchar4": the element type a runner fills.
static std::string elemType(std::string T) {
  for (const char *Q : {"const ", "volatile ", "restrict ", "__global ",
                        "global ", "__constant ", "constant "})
    for (size_t P; (P = T.find(Q)) != std::string::npos;)
      T.erase(P, std::string(Q).size());
  while (!T.empty() && (T.back() == '*' || T.back() == ' '))
    T.pop_back();
  return T;
}

json::Value makePlan(const AnalysisReport &R,
                     std::vector<std::string> &Warnings) {
  json::Array Kernels;
  for (const KernelResult &K : R.Kernels) {
    const KernelCounts &C = K.Counts;
    const LaunchSpec &L = C.Launch;
    std::string Id = K.SuiteId.empty() ? C.Name : K.SuiteId;
    json::Array Args;
    for (const KernelArgInfo &A : C.Args) {
      json::Object Arg{{"index", A.Index}, {"name", A.Name}};
      auto warn = [&](const std::string &What) {
        Warnings.push_back(Id + ": argument '" + A.Name + "': " + What);
      };
      if (A.IsImage) {
        // Images are sized like the NDRange (one work-item per pixel);
        // RGBA float matches read_imagef / write_imagef.
        Arg["kind"] = "image2d";
        Arg["width"] = L.Global[0];
        Arg["height"] = L.Global[1];
        Arg["channel_order"] = "RGBA";
        Arg["channel_type"] = "FLOAT";
        Arg["access"] = A.Access == "write_only"   ? "write"
                        : A.Access == "read_write" ? "read_write"
                                                   : "read";
      } else if (A.IsPointer && A.Space == AddrSpace::Local) {
        Arg["kind"] = "local";
        auto It = L.Args.find(A.Name);
        if (It != L.Args.end())
          Arg["bytes"] = It->second.Int;
        else
          warn("__local size unknown (give --arg " + A.Name + "=BYTES)");
      } else if (A.IsPointer) {
        Arg["kind"] = "buffer";
        // The base type: the runner knows OpenCL's types, not the kernel's
        // typedefs (PolyBench's `typedef float DATA_TYPE`).
        Arg["elem"] = elemType(A.BaseType);
        if (A.StructBytes) {
          // A struct: the runner fills each field with values of its type.
          json::Array Fields;
          for (const KernelArgInfo::Field &F : A.Fields)
            Fields.push_back(json::Object{{"offset", F.Offset}, {"elem", F.Elem}});
          Arg["struct"] = json::Object{{"bytes", A.StructBytes},
                                       {"fields", std::move(Fields)}};
        }
        const BufferFootprint *FP = nullptr;
        for (const BufferFootprint &F : C.Footprints)
          if (F.ArgIndex == A.Index)
            FP = &F;
        auto Given = K.BufferBytes.find(A.Name);
        if (Given != K.BufferBytes.end())
          Arg["bytes"] = Given->second;
        else if (FP && FP->MaxOffset)
          // Round up to 16 bytes so vector reinterpretations stay inside.
          Arg["bytes"] = (FP->MaxOffset + 15) / 16 * 16;
        else
          warn("buffer size unknown (its accesses are not affine in ids; "
               "give it with --buffer " + A.Name + "=SIZE or in the "
               "manifest's buffers)");
        bool Rd = !FP || FP->Read, Wr = !FP || FP->Written;
        if (A.Space == AddrSpace::Constant)
          Wr = false;
        Arg["access"] = Rd && Wr ? "read_write" : Wr ? "write" : "read";
      } else if (A.IsSampler) {
        Arg["kind"] = "sampler";
        warn("sampler arguments are not supported by the runner");
      } else {
        Arg["kind"] = "scalar";
        Arg["type"] = A.BaseType;
        auto It = L.Args.find(A.Name);
        if (It == L.Args.end())
          warn("no value (give --arg " + A.Name + "=VALUE)");
        else if (It->second.IsFloat)
          Arg["value"] = It->second.Float;
        else
          Arg["value"] = It->second.Int;
      }
      Args.push_back(std::move(Arg));
    }
    json::Object Kernel{{"id", Id},
                        {"file", K.File},
                        {"source", K.source()},
                        {"build_options", K.BuildOptions},
                        {"kernel", C.Name},
                        {"dims", L.Dims},
                        {"global", sizesJSON(L.Global)},
                        {"local", L.Local ? json::Value(sizesJSON(*L.Local))
                                          : json::Value(nullptr)},
                        {"args", std::move(Args)}};
    if (!K.VariantOf.empty())
      Kernel["variant_of"] = K.VariantOf;
    Kernel["model_local"] = sizesJSON(K.PreferredLocal);
    Kernels.push_back(std::move(Kernel));
  }
  return json::Object{{"schema", 1},
                      {"tool", "clspread"},
                      {"version", R.ToolVersion},
                      {"kernels", std::move(Kernels)}};
}

std::string planText(const AnalysisReport &R, raw_ostream &Diags) {
  std::vector<std::string> Warnings;
  json::Value Plan = makePlan(R, Warnings);
  for (const std::string &W : Warnings)
    Diags << "clspread: warning: " << W << "\n";
  return formatv("{0:2}", Plan).str();
}

} // namespace clspread
