//===- WorkbookKernels.cpp - The workbook's Kernels sheet -----------------===//
//
// The Kernels sheet prints the model's graph (Model/ModelGraph.h): the
// model's inputs (the launch, and the per-work-item counts that need the
// analysis, the packer or the cache model) are plain values (an IF on
// use_measured between the two where the profile's measured figures move
// one: the cache model reads figures too), and every
// term, occupancy included, is its formula as printed from the graph
// (Model/ExprPrinters.h) over those cells and the Device sheet's names,
// with the C++ evaluator's value cached. Nothing here restates a formula:
// a new term appears as a new column. tests/workbook/check_workbook.py
// recalculates the workbook with LibreOffice and compares each formula
// with `analyze --format json`.
//
//===----------------------------------------------------------------------===//
#include "Model/ExprPrinters.h"
#include "Model/Spreadsheet.h"
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <fmt/format.h>

#include <algorithm>

using namespace llvm;

namespace clspread::workbook {

namespace {

Style styleOf(model::Unit U) {
  switch (U) {
  case model::Unit::Time:
    return Style::Time;
  case model::Unit::Bytes:
    return Style::Bytes;
  case model::Unit::Text:
    return Style::Text;
  case model::Unit::Count:
    break;
  }
  return Style::Count;
}

} // namespace

const DeviceWriter::TermValues &DeviceWriter::terms(const KernelResult &K) {
  auto It = Cache.find(&K);
  if (It == Cache.end()) {
    TermValues V;
    V.Inputs = model::estimateInputs(K.Counts, K.Est);
    EstimateOptions Datasheet;
    Datasheet.UseMeasured = false;
    V.DatasheetInputs =
        model::estimateInputs(K.Counts, estimate(K.Counts, P, Datasheet));
    for (auto &[T, X] : model::evaluateTerms(
             *M, V.Inputs, model::figureValues(P, /*UseMeasured=*/true)))
      V.Terms.emplace(T->Name, std::move(X));
    It = Cache.emplace(&K, std::move(V)).first;
  }
  return It->second;
}

/// The columns: which kernel, its launch, the headline terms (what one
/// sees first), the other inputs the model reads, then every other term
/// of the model's graph in the order it defines them. A term's cell is its
/// formula as printed from the graph, with the C++ evaluator's value
/// cached beside it.
std::vector<Column> DeviceWriter::kernelColumns() {
  std::vector<Column> Cols;
  auto col = [&](std::string Id, std::string Title, std::string Json, Style S,
                 std::function<Cell(const KernelResult &)> V) {
    Cols.push_back(
        {std::move(Id), std::move(Title), std::move(Json), S, std::move(V)});
  };
  using KR = const KernelResult &;

  // Which kernel.
  col("file", "file", "file", Style::Text,
      [](KR K) { return Cell::text(K.File); });
  col("kernel", "kernel", "name", Style::Text,
      [](KR K) { return Cell::text(K.Counts.Name); });
  col("suite_id", "suite entry", "suite_id", Style::Text,
      [](KR K) { return Cell::text(K.SuiteId); });
  col("line", "line", "line", Style::Count,
      [](KR K) { return Cell::num(K.Counts.Loc.Line); });

  auto input = [&](const model::InputInfo &I) {
    col(I.Name, I.Title, I.Json, styleOf(I.U), [this, Name = I.Name](KR K) {
      const TermValues &V = terms(K);
      auto It = V.Inputs.find(Name);
      // Absent: the driver picks the local size; no L2 figures without
      // a finite cache model.
      if (It == V.Inputs.end())
        return Cell::blank();
      // An input the profile's measured figures move takes the switch.
      auto Ds = V.DatasheetInputs.find(Name);
      if (Ds != V.DatasheetInputs.end() && Ds->second != It->second)
        return Cell::formula(fmt::format("=IF(use_measured=1,{:.17g},{:.17g})",
                                         It->second, Ds->second),
                             It->second);
      return Cell::num(It->second);
    });
  };
  auto term = [&](model::Expr T) {
    std::string Formula = "=" + model::spreadsheetFormula(T);
    col(T->Name, T->Title, T->Json, styleOf(T->U),
        [this, Formula, Name = T->Name](KR K) {
          const model::TermValue &V = terms(K).Terms.at(Name);
          return V.IsLabel ? Cell::textFormula(Formula, V.Label)
                           : Cell::formula(Formula, V.Number);
        });
  };
  auto reads = [&](const std::string &Name) {
    for (model::Expr I : M->G.inputs())
      if (I->Name == Name)
        return true;
    return false;
  };
  auto headline = [&](const std::string &Name) {
    return std::find(M->Headline.begin(), M->Headline.end(), Name) !=
           M->Headline.end();
  };

  for (const model::InputInfo &I : model::inputInfo())
    if (I.Launch)
      input(I);
  term(M->G.find("N"));
  for (const std::string &Name : M->Headline)
    term(M->G.find(Name));
  for (const model::InputInfo &I : model::inputInfo())
    if (!I.Launch && reads(I.Name))
      input(I);
  for (model::Expr T : M->G.terms())
    if (T->Name != "N" && !headline(T->Name))
      term(T);
  return Cols;
}

/// \p Template with each {id} replaced by the cell of column id in
/// \p Row.
std::string DeviceWriter::expand(const std::string &Template, unsigned Row,
                                 const std::map<std::string, unsigned> &Index) {
  std::string Out;
  for (size_t I = 0; I < Template.size(); ++I) {
    if (Template[I] != '{') {
      Out += Template[I];
      continue;
    }
    size_t End = Template.find('}', I);
    std::string Id = Template.substr(I + 1, End - I - 1);
    auto It = Index.find(Id);
    if (It == Index.end())
      report_fatal_error(Twine("workbook: a formula names no column '") + Id +
                         "'");
    Out += cellRef(Row, It->second);
    I = End;
  }
  return Out;
}

KernelsLayout DeviceWriter::writeKernels(lxw_worksheet *WS) {
  std::vector<Column> Cols = kernelColumns();
  std::map<std::string, unsigned> Index;
  for (unsigned C = 0; C < Cols.size(); ++C)
    Index[Cols[C].Id] = C;
  // Row 1 names the JSON field each column equals (docs/output.md), so
  // the sheet can be checked against `analyze --format json`.
  const unsigned First = 2;
  for (unsigned C = 0; C < Cols.size(); ++C) {
    text(WS, 0, C, Cols[C].Title, F.Header);
    text(WS, 1, C, Cols[C].Json.empty() ? "-" : Cols[C].Json, F.Key);
  }
  unsigned Row = First;
  for (const KernelResult &K : R.Kernels) {
    for (unsigned C = 0; C < Cols.size(); ++C) {
      Cell V = Cols[C].Value(K);
      lxw_format *Fmt = styleFormat(Cols[C].S);
      switch (V.K) {
      case Cell::Blank:
        break;
      case Cell::Number:
        number(WS, Row, C, V.Num, Fmt);
        break;
      case Cell::Text:
        text(WS, Row, C, V.Str);
        break;
      case Cell::Formula:
        St(worksheet_write_formula_num(
            WS, Row, C, expand(V.Str, Row, Index).c_str(), Fmt, V.Num));
        break;
      case Cell::TextFormula:
        St(worksheet_write_formula_str(WS, Row, C,
                                       expand(V.Str, Row, Index).c_str(),
                                       nullptr, V.CachedText.c_str()));
        break;
      }
    }
    ++Row;
  }
  // Mark the term that bounds each kernel; the rule follows the bound
  // column, so it moves when an edited figure changes the bound.
  if (Row > First) {
    std::string BoundCol = fmt::format("${}", colName(Index.at("bound")));
    for (auto [Id, Name] :
         {std::pair{"t_alu", "ALU"}, {"t_tex", "TEX"}, {"t_mem", "MEM"}}) {
      std::string Rule = fmt::format("={}{}=\"{}\"", BoundCol, First + 1, Name);
      lxw_conditional_format CF{};
      CF.type = LXW_CONDITIONAL_TYPE_FORMULA;
      CF.value_string = Rule.data();
      CF.format = F.Bound;
      unsigned C = Index.at(Id);
      St(worksheet_conditional_format_range(WS, First, C, Row - 1, C, &CF));
    }
  }
  worksheet_set_row(WS, 0, 45, nullptr);
  worksheet_set_column(WS, 0, 0, 22, nullptr);
  worksheet_set_column(WS, 1, 1, 20, nullptr);
  worksheet_set_column(WS, 2, lxw_col_t(Cols.size() - 1), 13, nullptr);
  worksheet_freeze_panes(WS, First, 2);
  return {First, Index.at("t_kernel"), Index.at("bound")};
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER
