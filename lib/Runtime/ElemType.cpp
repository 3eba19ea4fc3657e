//===- ElemType.cpp - OpenCL C element types by name ----------------------===//
#include "ElemType.h"

#include <cmath>
#include <cstring>

namespace clspread::runtime {

size_t ElemType::scalarBytes() const {
  switch (Kind) {
  case Scalar::Char:
  case Scalar::UChar:
    return 1;
  case Scalar::Short:
  case Scalar::UShort:
  case Scalar::Half:
    return 2;
  case Scalar::Int:
  case Scalar::UInt:
  case Scalar::Float:
    return 4;
  case Scalar::Long:
  case Scalar::ULong:
  case Scalar::Double:
    return 8;
  }
  return 1;
}

bool ElemType::isSigned() const {
  return Kind == Scalar::Char || Kind == Scalar::Short || Kind == Scalar::Int ||
         Kind == Scalar::Long || isFloat();
}

std::optional<ElemType> parseElemType(const std::string &Text) {
  std::string Name = Text;
  // "unsigned int" and "cl_uint" spellings show up in hand-written plans.
  if (Name.rfind("cl_", 0) == 0)
    Name = Name.substr(3);
  if (Name.rfind("unsigned ", 0) == 0)
    Name = Name.substr(9).insert(0, 1, 'u');
  struct Entry {
    const char *Name;
    Scalar Kind;
  };
  static const Entry Table[] = {
      {"char", Scalar::Char},    {"uchar", Scalar::UChar},
      {"short", Scalar::Short},  {"ushort", Scalar::UShort},
      {"int", Scalar::Int},      {"uint", Scalar::UInt},
      {"long", Scalar::Long},    {"ulong", Scalar::ULong},
      {"half", Scalar::Half},    {"float", Scalar::Float},
      {"double", Scalar::Double}};
  for (const Entry &E : Table) {
    size_t Len = std::strlen(E.Name);
    if (Name.compare(0, Len, E.Name) != 0)
      continue;
    std::string Suffix = Name.substr(Len);
    unsigned Lanes = 0;
    if (Suffix.empty())
      Lanes = 1;
    else if (Suffix == "2" || Suffix == "3" || Suffix == "4" || Suffix == "8" ||
             Suffix == "16")
      Lanes = unsigned(std::stoul(Suffix));
    else
      return std::nullopt; // "float5", "int4x"
    ElemType T;
    T.Kind = E.Kind;
    T.Lanes = Lanes;
    T.Name = Name;
    return T;
  }
  return std::nullopt;
}

template <typename T> static T load(const unsigned char *P) {
  T V;
  std::memcpy(&V, P, sizeof V);
  return V;
}

double scalarToDouble(Scalar K, const unsigned char *P) {
  switch (K) {
  case Scalar::Char:
    return load<int8_t>(P);
  case Scalar::UChar:
    return load<uint8_t>(P);
  case Scalar::Short:
    return load<int16_t>(P);
  case Scalar::UShort:
    return load<uint16_t>(P);
  case Scalar::Int:
    return load<int32_t>(P);
  case Scalar::UInt:
    return load<uint32_t>(P);
  case Scalar::Long:
    return double(load<int64_t>(P));
  case Scalar::ULong:
    return double(load<uint64_t>(P));
  case Scalar::Half:
    return halfToFloat(load<uint16_t>(P));
  case Scalar::Float:
    return load<float>(P);
  case Scalar::Double:
    return load<double>(P);
  }
  return 0.0;
}

uint16_t floatToHalf(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  uint16_t Sign = uint16_t((X >> 16) & 0x8000);
  uint32_t Exp = (X >> 23) & 0xff;
  uint32_t Man = X & 0x7fffff;
  if (Exp == 0xff) // inf or nan
    return Sign | 0x7c00 | (Man ? 0x200 : 0);
  int E = int(Exp) - 127 + 15;
  if (E >= 31)
    return Sign | 0x7c00;
  if (E <= 0) { // subnormal half or zero
    if (E < -10)
      return Sign;
    Man |= 0x800000;
    unsigned Shift = unsigned(14 - E);
    uint32_t Half = Man >> Shift;
    uint32_t Rest = Man & ((1u << Shift) - 1), Mid = 1u << (Shift - 1);
    if (Rest > Mid || (Rest == Mid && (Half & 1)))
      ++Half;
    return Sign | uint16_t(Half);
  }
  uint32_t Half = (uint32_t(E) << 10) | (Man >> 13);
  uint32_t Rest = Man & 0x1fff;
  if (Rest > 0x1000 || (Rest == 0x1000 && (Half & 1)))
    ++Half; // may carry into the exponent, which is the right result
  return Sign | uint16_t(Half);
}

float halfToFloat(uint16_t H) {
  int Sign = (H & 0x8000) ? -1 : 1;
  int Exp = (H >> 10) & 0x1f;
  int Man = H & 0x3ff;
  if (Exp == 0)
    return float(Sign * std::ldexp(double(Man), -24));
  if (Exp == 31)
    return Man ? NAN : float(Sign) * INFINITY;
  return float(Sign * std::ldexp(double(Man | 0x400), Exp - 25));
}

} // namespace clspread::runtime
