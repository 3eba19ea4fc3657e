//===- Quantity.cpp - Parsing and printing figures with units -------------===//
#include "Support/Quantity.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>

namespace clspread {

namespace {

enum class PrefixKind { Decimal, Binary, Small };

struct Prefix {
  std::string_view Text;
  PrefixKind Kind;
  int Exp; ///< power of 10 (Decimal, Small) or of 2 (Binary)
};

// "K" is accepted as a decimal kilo because datasheets write "KB" for 1000
// bytes as often as "kB"; the binary kibi must be spelled "Ki".
constexpr std::array<Prefix, 15> Prefixes = {{
    {"k", PrefixKind::Decimal, 3},
    {"K", PrefixKind::Decimal, 3},
    {"M", PrefixKind::Decimal, 6},
    {"G", PrefixKind::Decimal, 9},
    {"T", PrefixKind::Decimal, 12},
    {"P", PrefixKind::Decimal, 15},
    {"Ki", PrefixKind::Binary, 10},
    {"Mi", PrefixKind::Binary, 20},
    {"Gi", PrefixKind::Binary, 30},
    {"Ti", PrefixKind::Binary, 40},
    {"Pi", PrefixKind::Binary, 50},
    {"m", PrefixKind::Small, -3},
    {"u", PrefixKind::Small, -6},
    {"\xC2\xB5", PrefixKind::Small, -6},
    {"n", PrefixKind::Small, -9},
}};

struct Unit {
  std::string_view Text;
  Quantity::Dim D;
  double Scale;      ///< to the SI base unit (a bit is 1/8 byte)
  bool AllowsBig;    ///< k M G T
  bool AllowsBinary; ///< Ki Mi Gi Ti: sizes and data rates only
  bool AllowsSmall;  ///< m u n
};

// Longest spellings first so that "GB/s" matches "B/s", not "s".
constexpr std::array<Unit, 10> Units = {{
    {"bytes", Quantity::Dim::Bytes, 1, true, true, false},
    {"bit/s", Quantity::Dim::Bandwidth, 0.125, true, true, false},
    {"bits", Quantity::Dim::Bytes, 0.125, true, true, false},
    {"byte", Quantity::Dim::Bytes, 1, true, true, false},
    {"B/s", Quantity::Dim::Bandwidth, 1, true, true, false},
    {"bit", Quantity::Dim::Bytes, 0.125, true, true, false},
    {"Hz", Quantity::Dim::Frequency, 1, true, false, false},
    {"B", Quantity::Dim::Bytes, 1, true, true, false},
    {"s", Quantity::Dim::Time, 1, false, false, true},
    {"", Quantity::Dim::Count, 1, false, false, false},
}};

bool allows(const Unit &U, const Prefix &P) {
  switch (P.Kind) {
  case PrefixKind::Decimal:
    return U.AllowsBig;
  case PrefixKind::Binary:
    return U.AllowsBinary;
  case PrefixKind::Small:
    return U.AllowsSmall;
  }
  return false;
}

std::string_view trim(std::string_view S) {
  return llvm::StringRef(S).trim(); // spaces, tabs, newlines, \v, \f
}

llvm::Error err(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

bool equalsLower(std::string_view A, std::string_view B) {
  return llvm::StringRef(A).equals_insensitive(B);
}

/// A unit a user probably meant when they wrote \p Text in the wrong case
/// ("MHZ", "kib"); empty if none.
std::string suggestUnit(std::string_view Text) {
  for (const Unit &U : Units) {
    if (U.Text.empty())
      continue;
    if (equalsLower(Text, U.Text))
      return std::string(U.Text);
    for (const Prefix &P : Prefixes) {
      if (!allows(U, P) || P.Text == "K" || P.Text == "\xC2\xB5")
        continue;
      std::string Cand = std::string(P.Text) + std::string(U.Text);
      if (equalsLower(Text, Cand))
        return Cand;
    }
  }
  return {};
}

/// Parses \p Digits (as written, possibly with an exponent) scaled by
/// 10^Exp10 in one correctly rounded step.
std::optional<double> parseDecimal(std::string_view Digits, int Exp10) {
  std::string Mantissa(Digits);
  long Exp = Exp10;
  size_t E = Mantissa.find_first_of("eE");
  if (E != std::string::npos) {
    const char *Begin = Mantissa.data() + E + 1;
    const char *End = Mantissa.data() + Mantissa.size();
    if (Begin != End && *Begin == '+')
      ++Begin;
    long Own = 0;
    auto [Ptr, Ec] = std::from_chars(Begin, End, Own);
    if (Ec != std::errc() || Ptr != End)
      return std::nullopt;
    Exp += Own;
    Mantissa.resize(E);
  }
  std::string Text = Mantissa + "e" + std::to_string(Exp);
  double V = 0;
  auto [Ptr, Ec] = std::from_chars(Text.data(), Text.data() + Text.size(), V);
  if (Ec != std::errc() || Ptr != Text.data() + Text.size())
    return std::nullopt;
  return V;
}

} // namespace

llvm::Expected<Quantity> Quantity::parse(std::string_view Text) {
  std::string_view S = trim(Text);
  if (S.empty())
    return err("empty figure; expected a number such as '10' or a number "
               "with a unit such as '750 MHz'");

  // The number: everything up to the first character that cannot belong
  // to a decimal literal. A sign is accepted so that "-5 MHz" is reported
  // as a non-positive figure by the caller rather than as gibberish.
  size_t NumEnd = 0;
  if (S[0] == '-' || S[0] == '+')
    ++NumEnd;
  bool SawDigit = false;
  while (NumEnd < S.size() &&
         (std::isdigit(static_cast<unsigned char>(S[NumEnd])) ||
          S[NumEnd] == '.')) {
    SawDigit |= S[NumEnd] != '.';
    ++NumEnd;
  }
  // An exponent only when followed by a digit: "5 e" is not "5e".
  if (SawDigit && NumEnd + 1 < S.size() &&
      (S[NumEnd] == 'e' || S[NumEnd] == 'E')) {
    size_t J = NumEnd + 1;
    if (S[J] == '+' || S[J] == '-')
      ++J;
    if (J < S.size() && std::isdigit(static_cast<unsigned char>(S[J]))) {
      while (J < S.size() && std::isdigit(static_cast<unsigned char>(S[J])))
        ++J;
      NumEnd = J;
    }
  }
  if (!SawDigit)
    return err(fmt::format("'{}' does not start with a number; expected a "
                           "figure such as '750 MHz' or '16 KiB'",
                           S));
  std::string_view Number = S.substr(0, NumEnd);
  bool Negative = Number[0] == '-';
  if (Number[0] == '-' || Number[0] == '+')
    Number.remove_prefix(1);
  std::string_view UnitText = trim(S.substr(NumEnd));

  for (const Unit &U : Units) {
    if (UnitText.size() < U.Text.size() ||
        UnitText.substr(UnitText.size() - U.Text.size()) != U.Text)
      continue;
    std::string_view PrefixText =
        UnitText.substr(0, UnitText.size() - U.Text.size());
    if (U.Text.empty() && !PrefixText.empty())
      continue; // only a bare number is a count
    const Prefix *P = nullptr;
    if (!PrefixText.empty()) {
      for (const Prefix &Cand : Prefixes)
        if (Cand.Text == PrefixText)
          P = &Cand;
      if (!P)
        continue;
      if (!allows(U, *P))
        continue;
    }
    std::optional<double> V;
    if (P && P->Kind != PrefixKind::Binary)
      V = parseDecimal(Number, P->Exp);
    else
      V = parseDecimal(Number, 0);
    if (!V)
      return err(fmt::format("'{}' is not a valid number", Number));
    double Value = *V;
    if (P && P->Kind == PrefixKind::Binary)
      Value = std::ldexp(Value, P->Exp);
    Value *= U.Scale; // 1 or 1/8: exact in binary floating point
    if (!std::isfinite(Value))
      return err(fmt::format("'{}' is out of range", S));
    return Quantity(Negative ? -Value : Value, U.D);
  }

  std::string Msg = fmt::format("unknown unit '{}' in '{}'", UnitText, S);
  std::string Hint = suggestUnit(UnitText);
  if (!Hint.empty())
    Msg += fmt::format("; did you mean '{}'?", Hint);
  else
    Msg += " (units: B, bit, Hz, B/s, s; prefixes k M G T (x1000) or "
           "Ki Mi Gi Ti (x1024); m u n for seconds)";
  return err(Msg);
}

const char *dimDescription(Quantity::Dim D) {
  switch (D) {
  case Quantity::Dim::Count:
    return "a plain number";
  case Quantity::Dim::Frequency:
    return "a frequency";
  case Quantity::Dim::Bytes:
    return "a size in bytes";
  case Quantity::Dim::Bandwidth:
    return "a bandwidth";
  case Quantity::Dim::Time:
    return "a time";
  }
  return "?";
}

const char *dimExample(Quantity::Dim D) {
  switch (D) {
  case Quantity::Dim::Count:
    return "16";
  case Quantity::Dim::Frequency:
    return "750 MHz";
  case Quantity::Dim::Bytes:
    return "16 KiB";
  case Quantity::Dim::Bandwidth:
    return "115.2 GB/s";
  case Quantity::Dim::Time:
    return "5 us";
  }
  return "?";
}

std::string Quantity::str() const {
  auto Scaled =
      [&](std::initializer_list<std::pair<double, const char *>> Steps,
          const char *Base) {
        double A = std::fabs(Value);
        for (auto [Factor, Name] : Steps)
          if (A >= Factor)
            return fmt::format("{:.6g} {}{}", Value / Factor, Name, Base);
        return fmt::format("{:.6g} {}", Value, Base);
      };
  switch (D) {
  case Dim::Count:
    return fmt::format("{:.6g}", Value);
  case Dim::Frequency:
    return Scaled({{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}, "Hz");
  case Dim::Bandwidth:
    return Scaled({{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}, "B/s");
  case Dim::Bytes: {
    // A size that is a whole number of KiB, MiB ... below 1024 of them is
    // almost always binary by design (register files, LDS, buffers of 2^n
    // elements); print it so. Anything else reads better in decimal.
    double A = std::fabs(Value);
    if (A >= 1024 && A == std::floor(A)) {
      static const char *const Names[] = {"Ki", "Mi", "Gi", "Ti"};
      for (int I = 3; I >= 0; --I) {
        double Unit = std::ldexp(1.0, 10 * (I + 1));
        if (std::fmod(A, Unit) == 0 && A / Unit < 1024)
          return fmt::format("{:g} {}B", Value / Unit, Names[I]);
      }
    }
    if (A < 1000)
      return fmt::format("{:.6g} B", Value);
    return Scaled({{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}, "B");
  }
  case Dim::Time: {
    double A = std::fabs(Value);
    if (A >= 1 || A == 0)
      return fmt::format("{:.6g} s", Value);
    if (A >= 1e-3)
      return fmt::format("{:.6g} ms", Value * 1e3);
    if (A >= 1e-6)
      return fmt::format("{:.6g} us", Value * 1e6);
    return fmt::format("{:.6g} ns", Value * 1e9);
  }
  }
  return "?";
}

std::optional<uint64_t> parseByteCount(std::string_view Text) {
  llvm::Expected<Quantity> Q = Quantity::parse(Text);
  if (!Q) {
    llvm::consumeError(Q.takeError());
    return std::nullopt;
  }
  if (Q->dim() != Quantity::Dim::Bytes && Q->dim() != Quantity::Dim::Count)
    return std::nullopt;
  double B = Q->value();
  if (!(B >= 1.0) || B >= 0x1p63 || B != std::floor(B))
    return std::nullopt;
  return uint64_t(B);
}

std::string formatQuantity(double V, Quantity::Dim D) {
  return Quantity(V, D).str();
}

} // namespace clspread
