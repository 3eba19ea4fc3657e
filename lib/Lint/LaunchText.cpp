//===- LaunchText.cpp - Launches written as text: comments and config -----===//
#include "Lint/LaunchText.h"

#include "llvm/ADT/SmallVector.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

Expected<LaunchSpec> parseLaunchText(StringRef Text) {
  LaunchSpec L;
  bool HaveGlobal = false;
  std::optional<std::array<uint64_t, 3>> Local;
  unsigned LocalDims = 0;
  SmallVector<StringRef, 4> Tokens;
  Text.split(Tokens, ' ', -1, /*KeepEmpty=*/false);
  auto fail = [](const std::string &M) {
    return createStringError(inconvertibleErrorCode(), M);
  };
  for (StringRef Tok : Tokens) {
    auto [Key, Value] = Tok.split('=');
    if (Key == "global" || Key == "local") {
      unsigned Dims = 0;
      auto S = parseSizes(Value.str(), Dims);
      if (!S)
        return fail(fmt::format("bad {} size '{}' (expected sizes like 1024 "
                                "or 2048x2048)",
                                Key.str(), Value.str()));
      if (!workItemsFit(*S, Dims))
        return fail(fmt::format("{} size '{}' is 2^40 or more work-items; "
                                "clspread takes fewer",
                                Key.str(), Value.str()));
      if (Key == "global") {
        L.Global = *S;
        L.Dims = Dims;
        HaveGlobal = true;
      } else {
        Local = *S;
        LocalDims = Dims;
      }
    } else if (Key == "args") {
      SmallVector<StringRef, 4> Args;
      Value.split(Args, ',', -1, /*KeepEmpty=*/false);
      for (StringRef A : Args) {
        auto P = parseArg(A.str());
        if (!P)
          return fail(fmt::format("bad argument '{}' (expected name=value)",
                                  A.str()));
        L.Args[P->first] = P->second;
      }
    } else {
      return fail(fmt::format("unknown launch key '{}' (expected global=, "
                              "local= or args=)",
                              Key.str()));
    }
  }
  if (!HaveGlobal)
    return fail("a launch needs global=SIZE");
  if (Local) {
    if (LocalDims != L.Dims)
      return fail(fmt::format("local has {} dimensions, global has {}",
                              LocalDims, L.Dims));
    L.Local = Local;
  }
  return L;
}

Expected<std::optional<LaunchComment>>
findLaunchComment(const SourceFile &Src, unsigned KernelLine) {
  // Walk up over the declaration's own lines (attributes, `__kernel` on a
  // line of its own) and comment lines until something else.
  for (unsigned N = KernelLine; N >= 1; --N) {
    StringRef L = Src.line(N).trim();
    if (N != KernelLine && L.empty())
      break;
    size_t P = L.find("clspread:");
    if (L.starts_with("//") && P != StringRef::npos) {
      StringRef Rest = L.substr(P + 9).ltrim();
      if (!Rest.consume_front("launch"))
        continue; // another clspread: directive (e.g. a trip count)
      auto Spec = parseLaunchText(Rest.trim());
      unsigned Col = Src.column(N, "clspread:");
      if (!Spec)
        return createStringError(
            inconvertibleErrorCode(),
            fmt::format("{}:{}:{}: error: {}", Src.path(), N, Col,
                        toString(Spec.takeError())));
      return LaunchComment{std::move(*Spec), N, Col};
    }
    bool Decl = N == KernelLine || L.starts_with("//") ||
                L.starts_with("/*") || L.starts_with("*") ||
                L.contains("__attribute__") || L.contains("kernel");
    if (!Decl)
      break;
  }
  return std::nullopt;
}

} // namespace clspread
