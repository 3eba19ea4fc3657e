//===- LaunchText.cpp - Launches written as text: comments and config -----===//
#include "Lint/LaunchText.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

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
          return fail(
              fmt::format("bad argument '{}' (expected name=value)", A.str()));
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

/// The number a `#line N ["file"]` or `# N "file"` directive gives the
/// line after it, or nullopt when \p Line is no such directive.
static std::optional<unsigned> lineDirective(StringRef Line) {
  StringRef L = Line.ltrim();
  if (!L.consume_front("#"))
    return std::nullopt;
  L = L.ltrim();
  bool Keyword = L.consume_front("line");
  StringRef Rest = L.ltrim();
  unsigned Next = 0;
  if ((Keyword && Rest.size() == L.size()) || Rest.empty() ||
      !isDigit(Rest.front()) || Rest.take_while(isDigit).getAsInteger(10, Next))
    return std::nullopt;
  return Next;
}

/// The line of \p Src that Clang numbers \p Presumed: after a line
/// directive, debug locations (where kernels are declared) count from its
/// number, as Clang's diagnostics do. The first line so numbered (a later
/// directive may number lines again); with no directive, \p Presumed.
static unsigned physicalLine(const SourceFile &Src, unsigned Presumed) {
  unsigned Number = 0; // the presumed number of the current line
  for (unsigned N = 1; N <= Src.lineCount(); ++N) {
    ++Number;
    if (std::optional<unsigned> Next = lineDirective(Src.line(N))) {
      Number = *Next - 1;
      continue;
    }
    if (Number == Presumed)
      return N;
  }
  return Presumed;
}

Expected<std::optional<LaunchComment>> findLaunchComment(const SourceFile &Src,
                                                         unsigned KernelLine) {
  KernelLine = physicalLine(Src, KernelLine);
  // Walk up over the declaration's own lines (attributes, `__kernel` on a
  // line of its own) and comment lines until something else.
  for (unsigned N = KernelLine; N >= 1; --N) {
    StringRef L = Src.line(N);
    if (N == 1)
      L.consume_front("\xEF\xBB\xBF"); // a UTF-8 byte order mark
    L = L.trim();
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
        return createStringError(inconvertibleErrorCode(),
                                 fmt::format("{}:{}:{}: error: {}", Src.path(),
                                             N, Col,
                                             toString(Spec.takeError())));
      return LaunchComment{std::move(*Spec), N, Col};
    }
    bool Decl = N == KernelLine || L.starts_with("//") || lineDirective(L) ||
                L.starts_with("/*") || L.starts_with("*") ||
                L.contains("__attribute__") || L.contains("kernel");
    if (!Decl)
      break;
  }
  return std::nullopt;
}

} // namespace clspread
