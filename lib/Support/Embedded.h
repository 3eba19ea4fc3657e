//===- Embedded.h - Files compiled into the binary -------------*- C++ -*-===//
//
// The bundled device profiles and kernels are compiled into clspread so the
// tool works from any directory after install. cmake/EmbedResources.cmake
// generates one table per set; this header declares its shape.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_EMBEDDED_H
#define CLSPREAD_SUPPORT_EMBEDDED_H

#include <cstddef>
#include <span>
#include <string_view>

namespace clspread {

struct EmbeddedFile {
  std::string_view Path; ///< relative to the set's base, e.g. "hd4870.yaml"
  std::string_view Content;
};

/// Declares `std::span<const EmbeddedFile> NAME();`, defined by the
/// generated source of clspread_embed(... NAME ...).
#define CLSPREAD_DECLARE_EMBEDDED(NAME) std::span<const EmbeddedFile> NAME()

} // namespace clspread

#endif
