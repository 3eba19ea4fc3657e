//===- WorkbookLists.cpp - The Assumptions, Findings and Lines sheets -----===//
//
// One row per assumption, model note, finding or source line of every
// kernel of every device's report, the device's id in the last column.
//
//===----------------------------------------------------------------------===//
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

namespace clspread::workbook {

/// Calls \p Row for each kernel of each report with the sheet row to
/// fill: the kernel's columns and the device column (\p DeviceCol) are
/// written, \p Row writes the rest and returns how many rows it used.
/// Returns the number of rows written after the header.
template <typename Fn>
unsigned ListWriter::rows(lxw_worksheet *WS, unsigned DeviceCol, Fn Row) {
  unsigned Next = 1;
  for (const ProfiledReport &PR : Reports)
    for (const KernelResult &K : PR.Report->Kernels) {
      unsigned Used = Row(K, Next);
      for (unsigned I = 0; I < Used; ++I) {
        text(WS, Next + I, 0, K.File);
        text(WS, Next + I, 1, K.Counts.Name);
        text(WS, Next + I, 2, K.SuiteId);
        text(WS, Next + I, DeviceCol, PR.Report->ProfileId);
      }
      Next += Used;
    }
  return Next - 1;
}

void ListWriter::finish(lxw_worksheet *WS, unsigned Rows, unsigned LastCol) {
  worksheet_freeze_panes(WS, 1, 0);
  if (Rows)
    St(worksheet_autofilter(WS, 0, 0, Rows, lxw_col_t(LastCol)));
}

void ListWriter::writeAssumptions() {
  lxw_worksheet *WS = workbook_add_worksheet(WB, "Assumptions");
  headers(WS, 0,
          {"file", "kernel", "suite entry", "from", "kind", "at file", "line",
           "message", "device"});
  unsigned Rows = rows(WS, 8, [&](const KernelResult &K, unsigned Row) {
    unsigned First = Row;
    for (const Assumption &A : K.Counts.Assumptions) {
      text(WS, Row, 3, "analysis");
      text(WS, Row, 4, A.Kind);
      text(WS, Row, 5, A.File);
      if (A.Line)
        number(WS, Row, 6, A.Line);
      text(WS, Row, 7, A.Message);
      ++Row;
    }
    // The model's notes concern the kernel as a whole: which figures
    // were measured, what the cache model assumed, which limit won.
    for (const std::string &N : K.Est.allNotes()) {
      text(WS, Row, 3, "model");
      text(WS, Row, 4, "note");
      text(WS, Row, 7, N);
      ++Row;
    }
    // How far the estimate is usually off, from the profile's validation.
    text(WS, Row, 3, "model");
    text(WS, Row, 4, "error band");
    text(WS, Row, 7, bandText(K.Est.Band));
    ++Row;
    return Row - First;
  });
  worksheet_set_column(WS, 0, 1, 22, nullptr);
  worksheet_set_column(WS, 2, 5, 14, nullptr);
  worksheet_set_column(WS, 6, 6, 6, nullptr);
  worksheet_set_column(WS, 7, 7, 120, nullptr);
  worksheet_set_column(WS, 8, 8, 18, nullptr);
  finish(WS, Rows, 8);
}

void ListWriter::writeFindings() {
  lxw_worksheet *WS = workbook_add_worksheet(WB, "Findings");
  headers(WS, 0,
          {"file", "kernel", "suite entry", "line", "column", "severity",
           "rule", "message", "estimated gain (s)", "device"});
  unsigned Rows = rows(WS, 9, [&](const KernelResult &K, unsigned Row) {
    for (const Finding &Fd : K.Findings) {
      if (Fd.Loc.Line)
        number(WS, Row, 3, Fd.Loc.Line);
      if (Fd.Loc.Col)
        number(WS, Row, 4, Fd.Loc.Col);
      text(WS, Row, 5, severityName(Fd.Sev));
      text(WS, Row, 6, Fd.RuleId);
      text(WS, Row, 7, Fd.Message);
      if (Fd.GainS)
        number(WS, Row, 8, *Fd.GainS, F.Time);
      ++Row;
    }
    return unsigned(K.Findings.size());
  });
  worksheet_set_column(WS, 0, 1, 22, nullptr);
  worksheet_set_column(WS, 2, 5, 10, nullptr);
  worksheet_set_column(WS, 6, 6, 30, nullptr);
  worksheet_set_column(WS, 7, 7, 120, nullptr);
  worksheet_set_column(WS, 8, 9, 18, nullptr);
  finish(WS, Rows, 9);
}

/// What --lines prints under each kernel (printTable).
void ListWriter::writeLines() {
  lxw_worksheet *WS = workbook_add_worksheet(WB, "Lines");
  headers(WS, 0,
          {"file", "kernel", "suite entry", "line", "ALU ops", "global bytes",
           "LDS bytes", "TEX fetches", "device"});
  unsigned Rows = rows(WS, 8, [&](const KernelResult &K, unsigned Row) {
    for (const LineCounts &L : K.Counts.Lines) {
      number(WS, Row, 3, L.Line);
      number(WS, Row, 4, L.AluOps);
      number(WS, Row, 5, L.GlobalBytes);
      number(WS, Row, 6, L.LocalBytes);
      number(WS, Row, 7, L.TexFetches);
      ++Row;
    }
    return unsigned(K.Counts.Lines.size());
  });
  worksheet_set_column(WS, 0, 1, 22, nullptr);
  worksheet_set_column(WS, 2, 8, 13, nullptr);
  finish(WS, Rows, 8);
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER
