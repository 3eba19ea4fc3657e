//===- ElemType.h - OpenCL C element types by name --------------*- C++ -*-===//
//
// Plans name buffer elements and scalar arguments with OpenCL C type names
// ("float", "uchar4", "int2"). The runner needs three things from a name:
// the size of one element (vec3 takes four lanes' room, as in OpenCL C),
// how to fill it with random data, and how to read values back as doubles
// for the numeric samples that --compare checks across devices.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_ELEMTYPE_H
#define CLSPREAD_RUNTIME_ELEMTYPE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace clspread::runtime {

enum class Scalar {
  Char,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Half,
  Float,
  Double
};

struct ElemType {
  Scalar Kind = Scalar::UChar;
  unsigned Lanes = 1; ///< 1, 2, 3, 4, 8 or 16
  std::string Name;   ///< canonical name, e.g. "float4"

  size_t scalarBytes() const;
  /// Bytes one element occupies in a buffer: a 3-vector takes 4 lanes.
  size_t bytes() const { return scalarBytes() * (Lanes == 3 ? 4 : Lanes); }
  /// Scalars stored per element including vec3 padding.
  unsigned storedLanes() const { return Lanes == 3 ? 4 : Lanes; }
  bool isFloat() const {
    return Kind == Scalar::Half || Kind == Scalar::Float ||
           Kind == Scalar::Double;
  }
  bool isSigned() const;
};

/// Parses "float", "uchar4", "unsigned int", "double16"; nullopt if unknown.
std::optional<ElemType> parseElemType(const std::string &Name);

/// Reads the scalar at \p P (of kind \p K) as a double; halves are decoded.
double scalarToDouble(Scalar K, const unsigned char *P);

/// IEEE binary16 conversions; float->half rounds to nearest even.
uint16_t floatToHalf(float F);
float halfToFloat(uint16_t H);

} // namespace clspread::runtime

#endif
