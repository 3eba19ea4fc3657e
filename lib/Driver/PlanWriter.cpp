//===- PlanWriter.cpp - Launch plans for clspread-run ---------------------===//
#include "Driver/PlanWriter.h"
#include "Analysis/LaunchBuffers.h"
#include "Report/AnalysisReport.h"
#include "Support/PathNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>

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

/// What the runner needs to find the kernel's headers: the build options
/// without their -I, and the include directories, absolute -- the
/// directory of the kernel file first (where `#include "x.h"` looks before
/// the -I paths, which the runner cannot know of when it gets the text),
/// then the -I paths in their order (docs/plan.md, "Include paths").
static std::pair<std::string, json::Array>
splitIncludes(const std::string &File, const std::string &Options) {
  json::Array Dirs;
  std::vector<std::string> Seen;
  auto add = [&](StringRef Dir) {
    std::string Abs = absolutePath(Dir);
    if (std::find(Seen.begin(), Seen.end(), Abs) == Seen.end()) {
      Seen.push_back(Abs);
      Dirs.push_back(Abs);
    }
  };
  if (!File.empty()) {
    StringRef Parent = sys::path::parent_path(File);
    add(Parent.empty() ? StringRef(".") : Parent);
  }
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 16> Words;
  cl::TokenizeGNUCommandLine(Options, Saver, Words);
  std::string Rest;
  auto keep = [&](StringRef W) {
    if (!Rest.empty())
      Rest += ' ';
    // Quote a word with blanks or quotes so the runner's build splits it
    // as the analysis did.
    if (W.find_first_of(" \t\"'\\") == StringRef::npos) {
      Rest += W.str();
      return;
    }
    Rest += '"';
    for (char C : W) {
      if (C == '"' || C == '\\')
        Rest += '\\';
      Rest += C;
    }
    Rest += '"';
  };
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I];
    if (W == "-I" && I + 1 < Words.size())
      add(Words[++I]);
    else if (W.starts_with("-I") && W.size() > 2)
      add(W.drop_front(2));
    else
      keep(W);
  }
  return {Rest, std::move(Dirs)};
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
            Fields.push_back(
                json::Object{{"offset", F.Offset}, {"elem", F.Elem}});
          Arg["struct"] = json::Object{{"bytes", A.StructBytes},
                                       {"fields", std::move(Fields)}};
        }
        const BufferFootprint *FP = nullptr;
        for (const BufferFootprint &F : C.Footprints)
          if (F.ArgIndex == A.Index)
            FP = &F;
        if (auto Bytes = launchBufferBytes(A, C.Footprints, K.BufferBytes))
          Arg["bytes"] = *Bytes;
        else
          warn("buffer size unknown (its accesses are not affine in ids; "
               "give it with --buffer " +
               A.Name +
               "=SIZE or in the "
               "manifest's buffers)");
        // What the manifest says an index buffer holds, for the fill.
        if (auto Fill = K.BufferFills.find(A.Name);
            Fill != K.BufferFills.end()) {
          if (Fill->second.Range)
            Arg["range"] = json::Array{Fill->second.Range->first,
                                       Fill->second.Range->second};
          if (!Fill->second.Order.empty())
            Arg["order"] = Fill->second.Order;
        }
        // Without a footprint, what the IR does through the pointer (and
        // its `const`): a buffer only read is not restored and checksummed
        // on every launch.
        bool Rd = FP ? FP->Read : A.MayRead, Wr = launchWrites(A, C.Footprints);
        if (!Rd && !Wr) // unused: inputs cost nothing to keep
          Rd = true;
        Arg["access"] = Rd && Wr ? "read_write" : Wr ? "write" : "read";
      } else if (A.IsSampler) {
        // The runner creates it: unnormalized, clamp to edge, nearest
        // (docs/plan.md); the fields say so for a reader of the plan.
        Arg["kind"] = "sampler";
        Arg["normalized"] = false;
        Arg["addressing"] = "CLAMP_TO_EDGE";
        Arg["filter"] = "NEAREST";
      } else if (A.IsPipe) {
        // A pipe of packets of the base type, one per work-item.
        Arg["kind"] = "pipe";
        Arg["elem"] = elemType(A.BaseType);
        Arg["packets"] = L.Global[0] * L.Global[1] * L.Global[2];
        Arg["access"] = A.Access == "write_only" ? "write" : "read";
        warn("pipe arguments are not supported by clspread-run");
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
    auto [Options, IncludeDirs] = splitIncludes(K.File, K.BuildOptions);
    json::Object Kernel{{"id", Id},
                        {"file", K.File},
                        {"source", K.source()},
                        {"build_options", Options},
                        {"include_dirs", std::move(IncludeDirs)},
                        {"kernel", C.Name},
                        {"dims", L.Dims},
                        {"global", sizesJSON(L.Global)},
                        {"local", L.Local && !L.LocalByDriver
                                      ? json::Value(sizesJSON(*L.Local))
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
