//===- Launch.cpp - Parsing launch sizes and scalar arguments -------------===//
#include "Analysis/Launch.h"

#include "Analysis/KernelCounts.h"
#include "llvm/ADT/StringRef.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace clspread {

std::optional<std::array<uint64_t, 3>> parseSizes(const std::string &Text,
                                                  unsigned &Dims) {
  std::array<uint64_t, 3> Sizes = {1, 1, 1};
  unsigned N = 0;
  size_t Pos = 0;
  while (true) {
    if (N == 3 || Pos >= Text.size() || Text[Pos] < '0' || Text[Pos] > '9')
      return std::nullopt;
    errno = 0;
    char *End = nullptr;
    unsigned long long V = std::strtoull(Text.c_str() + Pos, &End, 10);
    if (errno || V == 0)
      return std::nullopt;
    Sizes[N++] = V;
    Pos = End - Text.c_str();
    if (Pos == Text.size())
      break;
    if (Text[Pos] != 'x' && Text[Pos] != 'X' && Text[Pos] != ',')
      return std::nullopt;
    ++Pos;
  }
  Dims = N;
  return Sizes;
}

std::string formatSizes(const std::array<uint64_t, 3> &S, unsigned Dims) {
  std::string Out;
  for (unsigned D = 0; D < Dims; ++D)
    Out += (D ? "x" : "") + std::to_string(S[D]);
  return Out;
}

std::optional<ArgValue> parseArgValue(const std::string &Text) {
  if (Text.empty())
    return std::nullopt;
  char *End = nullptr;
  errno = 0;
  long long I = std::strtoll(Text.c_str(), &End, 0);
  if (!errno && *End == '\0')
    return ArgValue::ofInt(I);
  errno = 0;
  double F = std::strtod(Text.c_str(), &End);
  // "nan", "inf" and overflows are not numbers a kernel can be given (and
  // would reach the plan's JSON as non-JSON): they stay text, which a
  // scalar parameter refuses with the argument's name.
  if (!errno && *End == '\0' && std::isfinite(F))
    return ArgValue::ofFloat(F);
  return std::nullopt;
}

std::optional<std::pair<std::string, ArgValue>>
parseArg(const std::string &Text) {
  size_t Eq = Text.find('=');
  if (Eq == std::string::npos || Eq == 0)
    return std::nullopt;
  std::string Value = Text.substr(Eq + 1);
  if (Value.empty())
    return std::nullopt;
  auto V = parseArgValue(Value);
  if (!V)
    return std::make_pair(Text.substr(0, Eq), ArgValue::ofText(Value));
  V->Text = Value;
  return std::make_pair(Text.substr(0, Eq), *V);
}

static const char *const AluClassNames[NumAluClasses] = {
    "int_simple",    "int_mul",        "int_div", "fp32",
    "fp32_div_sqrt", "transcendental", "fp64",    "conversion"};

const char *aluClassName(AluClass C) { return AluClassNames[unsigned(C)]; }

std::optional<AluClass> aluClassFromName(const std::string &Name) {
  for (unsigned I = 0; I < NumAluClasses; ++I)
    if (Name == AluClassNames[I])
      return AluClass(I);
  return std::nullopt;
}

std::map<unsigned, uint64_t>
parseTripComments(const std::string &Source,
                  std::vector<std::pair<unsigned, std::string>> &Bad) {
  std::map<unsigned, uint64_t> Out;
  std::vector<std::pair<unsigned, uint64_t>> Pending; // directives above
  unsigned N = 0;
  // A UTF-8 byte order mark is not part of line 1's text (Clang skips
  // it too): "\xEF\xBB\xBF// clspread: trip 8" is a directive.
  size_t Pos = llvm::StringRef(Source).starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (Pos <= Source.size()) {
    size_t End = Source.find('\n', Pos);
    if (End == std::string::npos)
      End = Source.size();
    llvm::StringRef Line = llvm::StringRef(Source).slice(Pos, End).trim();
    ++N;
    Pos = End + 1;
    if (Line.starts_with("//")) {
      llvm::StringRef Body = Line.drop_front(2).trim();
      if (Body.consume_front("clspread:")) {
        Body = Body.trim();
        if (Body.consume_front("trip")) {
          uint64_t Count = 0;
          if (Body.trim().getAsInteger(10, Count) || Count == 0)
            Bad.push_back({N, Line.str()});
          else
            Pending.push_back({N, Count});
        }
      }
      continue;
    }
    if (Line.empty()) {
      Pending.clear(); // a directive belongs to the loop right below it
      continue;
    }
    for (auto &[At, Count] : Pending)
      Out[N] = Count;
    Pending.clear();
    if (End == Source.size())
      break;
  }
  return Out;
}

std::optional<TripOption> parseTripOption(const std::string &Text) {
  llvm::StringRef T(Text);
  auto [Place, Count] = T.rsplit('=');
  auto [File, Line] = Place.rsplit(':');
  TripOption O;
  O.File = File.str();
  if (File.empty() || Line.getAsInteger(10, O.Line) || O.Line == 0 ||
      Count.getAsInteger(10, O.Count) || O.Count == 0)
    return std::nullopt;
  return O;
}

} // namespace clspread
