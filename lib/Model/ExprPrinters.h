//===- ExprPrinters.h - The model's graph as JavaScript, formulas, text ---===//
//
// The printed forms of the one model (Expr.h), so that the what-if page,
// the workbook and docs/model.md compute what the C++ evaluator computes:
//
//   JavaScript   a function model(f, k) returning every term, over the
//                page's embedded figures f and inputs k (null: absent)
//   spreadsheet  one formula per term: {name} stands for the cell of the
//                term's or input's column in the same row, figures are the
//                Device sheet's defined names
//   text         `t_alu = t_alu_issue + t_lds + t_barrier`, for the docs
//
// Operands are printed in the evaluator's order and grouping, so that the
// JavaScript's IEEE arithmetic gives the same doubles.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_EXPRPRINTERS_H
#define CLSPREAD_MODEL_EXPRPRINTERS_H

#include "Model/Expr.h"

#include <string>

namespace clspread::model {

/// The definition of a term (or any node) as a spreadsheet formula
/// without the leading '='.
std::string spreadsheetFormula(Expr Term);

/// A JavaScript function `function NAME(f, k) { ... return t; }` that
/// computes every term of \p G into t (labels of label terms as strings).
/// It needs javascriptHelpers() once before it.
std::string javascriptFunction(const Graph &G, const std::string &Name);
/// combine(), pickIndex() and pickValue().
std::string javascriptHelpers();

/// One line per term: `name = expression` (label terms: `name = label of
/// pick`).
std::string textModel(const Graph &G);

/// \p E in the text syntax (terms by name).
std::string textExpr(Expr E);

} // namespace clspread::model

#endif
