//===- WorkbookSummary.cpp - The workbook's Summary sheet -----------------===//
//
// With several devices: Tkernel and the bound of each kernel per device,
// as formulas over the devices' Kernels sheets, the fastest device of each
// kernel marked.
//
//===----------------------------------------------------------------------===//
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include <fmt/format.h>

namespace clspread::workbook {

void SummaryWriter::write(lxw_worksheet *WS,
                          const std::vector<ProfiledReport> &Reports,
                          const std::vector<DeviceSheets> &Names,
                          const std::vector<KernelsLayout> &Layouts) {
  text(WS, 0, 0, "Tkernel and bound per device", F.Title);
  text(WS, 1, 0,
       "Each figure is a formula over the device's Kernels sheet: edit a "
       "figure on a Device sheet and its columns follow. The fastest "
       "device of each kernel is marked.");
  const unsigned Header = 3, Key = 4, First = 5;
  headers(WS, Header, {"file", "kernel", "suite entry"});
  const AnalysisReport &Lead = *Reports.front().Report;
  for (unsigned D = 0; D < Reports.size(); ++D) {
    unsigned C = 3 + 2 * D;
    const std::string &Id = Reports[D].Report->ProfileId;
    text(WS, Header, C, fmt::format("Tkernel on {} (s)", Id), F.Header);
    text(WS, Header, C + 1, fmt::format("bound on {}", Id), F.Header);
    // As on the Kernels sheets: the JSON field, here of reports[D].
    text(WS, Key, C, fmt::format("reports.{}.estimate.t_kernel_s", D), F.Key);
    text(WS, Key, C + 1, fmt::format("reports.{}.estimate.bound", D), F.Key);
  }
  for (unsigned I = 0; I < Lead.Kernels.size(); ++I) {
    const KernelResult &K = Lead.Kernels[I];
    unsigned Row = First + I;
    text(WS, Row, 0, K.File);
    text(WS, Row, 1, K.Counts.Name);
    text(WS, Row, 2, K.SuiteId);
    for (unsigned D = 0; D < Reports.size(); ++D) {
      const auto &Kernels = Reports[D].Report->Kernels;
      // Every device analyzed the same request; a kernel that is not in
      // the same place (it failed on one device) is left blank.
      if (I >= Kernels.size() || Kernels[I].File != K.File ||
          Kernels[I].Counts.Name != K.Counts.Name ||
          Kernels[I].SuiteId != K.SuiteId)
        continue;
      const Estimate &E = Kernels[I].Est;
      std::string Sheet = sheetRef(Names[D].Kernels) + "!";
      unsigned KRow = Layouts[D].FirstRow + I, C = 3 + 2 * D;
      St(worksheet_write_formula_num(
          WS, Row, C,
          ("=" + Sheet + cellRef(KRow, Layouts[D].TKernelCol)).c_str(), F.Time,
          E.TKernelS));
      St(worksheet_write_formula_str(
          WS, Row, C + 1,
          ("=" + Sheet + cellRef(KRow, Layouts[D].BoundCol)).c_str(), nullptr,
          boundName(E.Limit)));
    }
  }
  unsigned Last = First + unsigned(Lead.Kernels.size());
  if (Last > First) {
    std::string Min = "MIN(";
    for (unsigned D = 0; D < Reports.size(); ++D)
      Min +=
          fmt::format("{}${}{}", D ? "," : "", colName(3 + 2 * D), First + 1);
    Min += ")";
    for (unsigned D = 0; D < Reports.size(); ++D) {
      unsigned C = 3 + 2 * D;
      std::string Rule =
          fmt::format("=AND(ISNUMBER({0}),{0}={1})", cellRef(First, C), Min);
      lxw_conditional_format CF{};
      CF.type = LXW_CONDITIONAL_TYPE_FORMULA;
      CF.value_string = Rule.data();
      CF.format = F.Bound;
      St(worksheet_conditional_format_range(WS, First, C, Last - 1, C, &CF));
    }
  }
  worksheet_set_row(WS, Header, 30, nullptr);
  worksheet_set_column(WS, 0, 0, 22, nullptr);
  worksheet_set_column(WS, 1, 1, 20, nullptr);
  worksheet_set_column(WS, 2, lxw_col_t(2 + 2 * Reports.size()), 16, nullptr);
  worksheet_freeze_panes(WS, First, 2);
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER
