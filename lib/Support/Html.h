//===- Html.h - Text in HTML and SVG ---------------------------*- C++ -*-===//
//
// The one escaper for every page clspread writes (the what-if page, the
// validation report's HTML and SVG): names, paths and messages come from
// users' files and must show as text, never as markup.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_HTML_H
#define CLSPREAD_SUPPORT_HTML_H

#include <string>
#include <string_view>

namespace clspread {

/// \p S with &, <, > and " replaced by entities: safe in an element's text
/// and in a double-quoted attribute.
inline std::string escapeHtml(std::string_view S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

} // namespace clspread

#endif
