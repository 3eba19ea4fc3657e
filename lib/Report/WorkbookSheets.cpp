//===- WorkbookSheets.cpp - Cell and formula helpers of the workbook ------===//
//
// The helpers WorkbookSheets.h declares for every sheet writer: column
// letters and cell references, Excel's limit on a cell's text and sheet
// names as formulas write them. (The model's formulas themselves are
// printed from its graph: Model/ExprPrinters.h.)
//
//===----------------------------------------------------------------------===//
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace clspread::workbook {

/// "A", ..., "Z", "AA", ...: the column letters of 0-based column \p C.
std::string colName(unsigned C) {
  std::string S;
  for (++C; C; C = (C - 1) / 26)
    S.insert(S.begin(), char('A' + (C - 1) % 26));
  return S;
}

std::string cellRef(unsigned Row, unsigned Col) {
  return fmt::format("{}{}", colName(Col), Row + 1);
}

std::string absRef(unsigned Row, unsigned Col) {
  return fmt::format("${}${}", colName(Col), Row + 1);
}

/// Excel's limit on a cell's text.
std::string clip(const std::string &S) {
  constexpr size_t Max = 32767;
  return S.size() <= Max ? S : S.substr(0, Max);
}

/// A sheet name as a formula writes it: quoted unless it is a plain word.
std::string sheetRef(const std::string &Sheet) {
  bool Plain = !Sheet.empty() && !std::isdigit((unsigned char)Sheet[0]) &&
               std::all_of(Sheet.begin(), Sheet.end(), [](char C) {
                 return std::isalnum((unsigned char)C) || C == '_';
               });
  return Plain ? Sheet : "'" + Sheet + "'";
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER
