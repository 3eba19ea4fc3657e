//===- WorkbookDevice.cpp - The workbook's Device sheet -------------------===//
//
// Every profile figure the model uses, each a defined name that the Kernels
// formulas read, with its unit and source; measured and datasheet values
// side by side and a use_measured switch.
//
//===----------------------------------------------------------------------===//
#include "Model/Figures.h"
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include <fmt/format.h>

#include <iterator>

namespace clspread::workbook {

namespace {

const char *const UsedByFormulas = "Kernels formulas";
const char *const UsedByCounts =
    "counts clspread computed (caches, packing): editing it here changes "
    "no formula";

/// What reads a figure: the Kernels formulas where the model's graph reads
/// it, else the analysis's counts.
std::string usedBy(const ProfileFigure &F, const model::Model &M) {
  if (F.Path.rfind("alu.pipes.", 0) == 0)
    return "Kernels formulas (the busiest-pipe column is written from it)";
  for (model::Expr X : M.G.figures())
    if (X->Name == F.Name)
      return UsedByFormulas;
  return UsedByCounts;
}

} // namespace

/// Names the cell (Row, Col) of the Device sheet: in the workbook with
/// one device, on this device's two sheets with several.
void DeviceWriter::define(const std::string &Name, unsigned Row, unsigned Col) {
  std::string Ref = "=" + sheetRef(Names.Device) + "!" + absRef(Row, Col);
  if (!Names.LocalNames) {
    St(workbook_define_name(WB, Name.c_str(), Ref.c_str()));
    return;
  }
  for (const std::string *Scope : {&Names.Device, &Names.Kernels}) {
    std::string Local = "'" + *Scope + "'!" + Name;
    St(workbook_define_name(WB, Local.c_str(), Ref.c_str()));
  }
}

void DeviceWriter::writeDevice(lxw_worksheet *WS) {
  text(WS, 0, 0, fmt::format("Device profile {}: {}", P.Id, P.Name), F.Title);
  text(WS, 1, 0,
       fmt::format("file: {}; kind: {}. Names in column B are used by the "
                   "Kernels formulas; change a value (yellow) and they "
                   "follow.",
                   P.File, deviceKindName(P.Kind)));
  // The switch between measured and datasheet figures, as
  // EstimateOptions::UseMeasured (analyze uses measured ones).
  const unsigned SwitchRow = 3;
  text(WS, SwitchRow, 0, "use_measured", F.Header);
  text(WS, SwitchRow, 1, "use_measured");
  number(WS, SwitchRow, 2, 1, F.Input);
  define("use_measured", SwitchRow, 2);
  text(WS, SwitchRow, 3, "1 or 0");
  text(WS, SwitchRow, 6,
       "1: a figure with a measured value uses it (as clspread analyze "
       "does); 0: the datasheet value for every figure");
  lxw_data_validation DV{};
  DV.validate = LXW_VALIDATION_TYPE_INTEGER;
  DV.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
  DV.minimum_number = 0;
  DV.maximum_number = 1;
  St(worksheet_data_validation_cell(WS, SwitchRow, 2, &DV));

  const unsigned HeaderRow = 5;
  const char *Headers[] = {"figure", "name",        "value in use",
                           "unit",   "datasheet",   "measured",
                           "source", "measurement", "used by"};
  for (unsigned C = 0; C < std::size(Headers); ++C)
    text(WS, HeaderRow, C, Headers[C], F.Header);
  unsigned Row = HeaderRow + 1;
  for (const ProfileFigure &Fig : profileFigures(P)) {
    text(WS, Row, 0, Fig.Path);
    text(WS, Row, 3, Fig.Unit);
    std::string Source = P.sourceOf(Fig.Path);
    if (Source.empty())
      Source = P.measured(Fig.Path) ? "measured (see measurement)"
               : Fig.Value || !Fig.Text.empty()
                   ? "default (not in the profile)"
                   : "not in the profile: the model leaves its term out";
    text(WS, Row, 6, Source);
    text(WS, Row, 8, usedBy(Fig, *M));
    if (!Fig.Text.empty()) {
      text(WS, Row, 2, Fig.Text);
      ++Row;
      continue;
    }
    text(WS, Row, 1, Fig.Name);
    if (Fig.Measurable) {
      // Datasheet and measured values are the inputs; the value in use
      // picks one as figureInUse() does (Model/Figures.h).
      const Measurement *M = P.measured(Fig.Path);
      if (Fig.Value)
        number(WS, Row, 4, *Fig.Value, F.Input);
      else if (Fig.Path.rfind("alu.rates.", 0) == 0)
        text(WS, Row, 4, "none", F.Input); // the device has no unit
      else
        St(worksheet_write_blank(WS, Row, 4, F.Input));
      if (M) {
        number(WS, Row, 5, M->Value, F.Input);
        std::string How = fmt::format("{} on {}", M->Command, M->Device);
        if (!M->Driver.empty())
          How += fmt::format(" ({})", M->Driver);
        How += fmt::format(", {}", M->Date);
        if (!M->Note.empty())
          How += fmt::format("; {}", M->Note);
        text(WS, Row, 7, How);
      } else {
        St(worksheet_write_blank(WS, Row, 5, F.Input));
      }
      std::string DS = cellRef(Row, 4), MS = cellRef(Row, 5);
      std::string Formula = fmt::format(
          "=IF(AND(use_measured=1,ISNUMBER({0})),{0},IF(ISNUMBER({1}),{1},"
          "\"\"))",
          MS, DS);
      std::optional<double> Used = M ? M->Value : Fig.Value;
      if (Used)
        St(worksheet_write_formula_num(WS, Row, 2, Formula.c_str(), nullptr,
                                       *Used));
      else
        St(worksheet_write_formula_str(WS, Row, 2, Formula.c_str(), nullptr,
                                       ""));
    } else if (Fig.Value) {
      number(WS, Row, 2, *Fig.Value, F.Input);
    } else {
      // Not in the profile: an empty value, which the formulas take as
      // "no such figure", as the model does.
      St(worksheet_write_blank(WS, Row, 2, F.Input));
    }
    define(Fig.Name, Row, 2);
    ++Row;
  }
  worksheet_set_column(WS, 0, 0, 28, nullptr);
  worksheet_set_column(WS, 1, 1, 26, nullptr);
  worksheet_set_column(WS, 2, 2, 16, nullptr);
  worksheet_set_column(WS, 3, 3, 22, nullptr);
  worksheet_set_column(WS, 4, 5, 14, nullptr);
  worksheet_set_column(WS, 6, 7, 60, nullptr);
  worksheet_set_column(WS, 8, 8, 30, nullptr);
  worksheet_freeze_panes(WS, HeaderRow + 1, 1);
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER
