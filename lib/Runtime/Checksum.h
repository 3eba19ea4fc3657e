//===- Checksum.h - FNV-1a 64 over output bytes -----------------*- C++ -*-===//
//
// Output buffers are compared by a 64-bit FNV-1a hash of their bytes: cheap,
// dependency-free and identical on every platform. It detects change, not
// tampering, which is all a determinism and cross-device check needs.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_CHECKSUM_H
#define CLSPREAD_RUNTIME_CHECKSUM_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace clspread::runtime {

constexpr uint64_t Fnv1a64Offset = 0xcbf29ce484222325ULL;

inline uint64_t fnv1a64(const void *Data, size_t Size,
                        uint64_t Hash = Fnv1a64Offset) {
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  for (size_t I = 0; I < Size; ++I) {
    Hash ^= P[I];
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

/// 16 lowercase hex digits, the form checksums take in the JSON.
inline std::string hex64(uint64_t V) {
  static const char Digits[] = "0123456789abcdef";
  std::string S(16, '0');
  for (int I = 15; I >= 0; --I, V >>= 4)
    S[size_t(I)] = Digits[V & 15];
  return S;
}

} // namespace clspread::runtime

#endif
