//===- WorkbookSheets.h - The sheet writers of the workbook ----*- C++ -*-===//
//
// Private to lib/Report: what Workbook.cpp's writeWorkbook() and the sheet
// writers share. The cell and formula helpers and SheetWriter are used by
// every sheet; the writers are defined one file per sheet:
//
//   DeviceWriter   WorkbookDevice.cpp (Device), WorkbookKernels.cpp (Kernels)
//   ListWriter     WorkbookLists.cpp (Assumptions, Findings, Lines)
//   SummaryWriter  WorkbookSummary.cpp (Summary, several devices only)
//
// Everything here needs libxlsxwriter (CLSPREAD_HAVE_XLSXWRITER); without
// it the header declares nothing and those files compile to nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_WORKBOOKSHEETS_H
#define CLSPREAD_REPORT_WORKBOOKSHEETS_H

#include "Model/ModelGraph.h"
#include "Report/Workbook.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include <xlsxwriter.h>

#include <array>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clspread::workbook {

/// "A", ..., "Z", "AA", ...: the column letters of 0-based column \p C.
std::string colName(unsigned C);

std::string cellRef(unsigned Row, unsigned Col);

std::string absRef(unsigned Row, unsigned Col);

/// Excel's limit on a cell's text.
std::string clip(const std::string &S);

/// A sheet name as a formula writes it: quoted unless it is a plain word.
std::string sheetRef(const std::string &Sheet);

/// Libxlsxwriter keeps the first error of the many calls that write a
/// workbook; workbook_close() reports the rest.
struct Status {
  lxw_error First = LXW_NO_ERROR;
  void operator()(lxw_error E) {
    if (First == LXW_NO_ERROR)
      First = E;
  }
};

/// What a cell of a sheet row holds. Formulas keep clspread's own result
/// as the cached value.
struct Cell {
  enum Kind { Blank, Number, Text, Formula, TextFormula } K = Blank;
  double Num = 0;
  std::string Str; ///< the text, or the formula template
  std::string CachedText;

  static Cell blank() { return {}; }
  static Cell num(double V) { return {Number, V, "", ""}; }
  static Cell text(std::string S) { return {Text, 0, std::move(S), ""}; }
  static Cell optNum(std::optional<double> V) { return V ? num(*V) : blank(); }
  /// A formula with a numeric result; {id} stands for the cell of column
  /// `id` in the same row.
  static Cell formula(std::string F, double Cached) {
    return {Formula, Cached, std::move(F), ""};
  }
  static Cell textFormula(std::string F, std::string Cached) {
    return {TextFormula, 0, std::move(F), std::move(Cached)};
  }
};

enum class Style { Text, Count, Time, Bytes };

struct Formats {
  lxw_format *Header = nullptr, *Key = nullptr, *Title = nullptr,
             *Time = nullptr, *Count = nullptr, *Input = nullptr,
             *Bound = nullptr;
};

/// What every sheet writer shares: the workbook, its formats and the first
/// libxlsxwriter error.
struct Shared {
  lxw_workbook *WB;
  Formats F;
  Status St;

  explicit Shared(lxw_workbook *WB) : WB(WB) {
    F.Title = workbook_add_format(WB);
    format_set_bold(F.Title);
    format_set_font_size(F.Title, 13);
    F.Header = workbook_add_format(WB);
    format_set_bold(F.Header);
    format_set_bottom(F.Header, LXW_BORDER_THIN);
    format_set_text_wrap(F.Header);
    format_set_align(F.Header, LXW_ALIGN_VERTICAL_TOP);
    F.Key = workbook_add_format(WB);
    format_set_italic(F.Key);
    format_set_font_color(F.Key, LXW_COLOR_GRAY);
    F.Time = workbook_add_format(WB);
    format_set_num_format(F.Time, "0.0000E+00");
    F.Count = workbook_add_format(WB);
    format_set_num_format(F.Count, "General");
    F.Input = workbook_add_format(WB);
    format_set_bg_color(F.Input, 0xFFF2CC);
    F.Bound = workbook_add_format(WB);
    format_set_bold(F.Bound);
    format_set_bg_color(F.Bound, 0xF4B183);
  }
};

/// The cell helpers every sheet writer uses.
class SheetWriter {
protected:
  explicit SheetWriter(Shared &S) : WB(S.WB), F(S.F), St(S.St) {}

  lxw_workbook *WB;
  const Formats &F;
  Status &St;

  lxw_format *styleFormat(Style S) {
    switch (S) {
    case Style::Time:
      return F.Time;
    case Style::Count:
    case Style::Bytes:
      return F.Count;
    case Style::Text:
      return nullptr;
    }
    return nullptr;
  }

  void text(lxw_worksheet *WS, unsigned Row, unsigned Col, const std::string &S,
            lxw_format *Fmt = nullptr) {
    if (S.empty())
      return;
    St(worksheet_write_string(WS, Row, Col, clip(S).c_str(), Fmt));
  }
  void number(lxw_worksheet *WS, unsigned Row, unsigned Col, double V,
              lxw_format *Fmt = nullptr) {
    St(worksheet_write_number(WS, Row, Col, V, Fmt));
  }
  void headers(lxw_worksheet *WS, unsigned Row,
               std::initializer_list<const char *> Titles) {
    unsigned C = 0;
    for (const char *T : Titles)
      text(WS, Row, C++, T, F.Header);
  }
};

/// The sheets of one device.
struct DeviceSheets {
  std::string Device = "Device", Kernels = "Kernels";
  /// Several devices: the Device names are defined on these two sheets
  /// only, so that each Kernels sheet reads its own device's figures.
  bool LocalNames = false;
};

/// Where the Summary sheet finds a device's Tkernel and bound.
struct KernelsLayout {
  unsigned FirstRow = 0, TKernelCol = 0, BoundCol = 0;
};

/// One column of the Kernels sheet.
struct Column {
  std::string Id;    ///< what formulas write as {Id}
  std::string Title; ///< the header
  std::string Json;  ///< the `analyze --format json` field it equals, or ""
  Style S = Style::Count;
  std::function<Cell(const KernelResult &)> Value;
};

/// The Device and Kernels sheets of one device's report.
class DeviceWriter : SheetWriter {
public:
  DeviceWriter(Shared &S, const AnalysisReport &R, const DeviceProfile &P,
               DeviceSheets Names)
      : SheetWriter(S), R(R), P(P), Names(std::move(Names)),
        M(&model::modelFor(P)) {}

  /// Fills the two sheets, which the caller added (names defined on a
  /// sheet need the sheet to exist).
  KernelsLayout write(lxw_worksheet *Device, lxw_worksheet *Kernels) {
    writeDevice(Device);
    return writeKernels(Kernels);
  }

private:
  const AnalysisReport &R;
  const DeviceProfile &P;
  DeviceSheets Names;
  /// The model the Kernels sheet prints (its formulas) and evaluates (the
  /// values cached beside them).
  const model::Model *M;
  struct TermValues {
    /// The inputs the model's graph reads, as analyze computes them (with
    /// the profile's measured figures) and with its datasheet figures
    /// only: the cache model and the chained rounds, which are not
    /// formulas, read figures too (cache.l2_warm_footprint,
    /// cache.chain_l1_waves), so an input may differ by use_measured.
    model::Values Inputs, DatasheetInputs;
    std::map<std::string, model::TermValue> Terms;
  };
  std::map<const KernelResult *, TermValues> Cache;

  void define(const std::string &Name, unsigned Row, unsigned Col);

  // The Device sheet (WorkbookDevice.cpp).
  void writeDevice(lxw_worksheet *WS);

  // The Kernels sheet (WorkbookKernels.cpp).
  const TermValues &terms(const KernelResult &K);
  std::vector<Column> kernelColumns();
  static std::string expand(const std::string &Template, unsigned Row,
                            const std::map<std::string, unsigned> &Index);
  KernelsLayout writeKernels(lxw_worksheet *WS);
};

/// The Assumptions, Findings and Lines sheets: one row per item of every
/// device's report, the device's id in the last column.
class ListWriter : SheetWriter {
public:
  ListWriter(Shared &S, const std::vector<ProfiledReport> &Reports,
             const ReportOptions &O)
      : SheetWriter(S), Reports(Reports), O(O) {}

  void write() {
    writeAssumptions();
    writeFindings();
    if (O.Lines)
      writeLines();
  }

private:
  const std::vector<ProfiledReport> &Reports;
  const ReportOptions &O;

  template <typename Fn>
  unsigned rows(lxw_worksheet *WS, unsigned DeviceCol, Fn Row);
  void finish(lxw_worksheet *WS, unsigned Rows, unsigned LastCol);
  void writeAssumptions();
  void writeFindings();
  void writeLines();
};

/// Several devices: Tkernel and the bound of each kernel per device, as
/// formulas over the devices' Kernels sheets (printSideBySide's table),
/// with each kernel's fastest device marked.
class SummaryWriter : SheetWriter {
public:
  explicit SummaryWriter(Shared &S) : SheetWriter(S) {}

  void write(lxw_worksheet *WS, const std::vector<ProfiledReport> &Reports,
             const std::vector<DeviceSheets> &Names,
             const std::vector<KernelsLayout> &Layouts);
};

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER

#endif // CLSPREAD_REPORT_WORKBOOKSHEETS_H
