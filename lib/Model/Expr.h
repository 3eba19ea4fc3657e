//===- Expr.h - The model's formulas as an expression graph ----*- C++ -*-===//
//
// The performance model is written once, as data: a small graph of
// numbers, profile figures, per-work-item counts and launch sizes joined by
// arithmetic, ceil/floor, comparisons, "if the profile has this figure" and
// the measured overlap combination. Named nodes are the model's terms
// (t_alu, t_mem, ...). One evaluator computes them in C++ (ExprEval.h); the
// printers (ExprPrinters.h) write the same graph as JavaScript for the
// what-if page, as spreadsheet formulas for the workbook and as text for
// docs/model.md, so the copies cannot drift. This is llvm-mca's "compute a
// view's data once, print it several ways" and Kerncraft's symbolic cache
// model, applied to the spreadsheet analysis of AMD's talk "AMD and OpenCL"
// (2009).
//
// Nodes are owned by their Graph and never change once built; a node is
// referred to by pointer (`Expr`). Evaluation order is the order of
// operands, so the C++ results equal the hand-written model's bit for bit
// where it was written as ((a * b) / c) / d.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_EXPR_H
#define CLSPREAD_MODEL_EXPR_H

#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace clspread::model {

enum class Op {
  Num,    ///< a constant
  Input,  ///< a per-work-item count or a launch size; may be absent
  Figure, ///< a profile figure (its value in use); may be absent
  Has,    ///< 1 when the input or figure operand is present, else 0
  Add,
  Sub,
  Mul,
  Div,
  Min,
  Max, ///< binary
  Ceil,
  Floor,
  Gt,
  Lt,
  Le,
  Eq, ///< 1 or 0
  And,
  Or, ///< 1 or 0; evaluated left to right, stopping early
  Not,
  If,      ///< (cond, then, else); only the branch taken is evaluated
  Combine, ///< (a, b, p): (a^p + b^p)^(1/p) scaled by max(a, b)
  Pick,    ///< labelled n-ary max or min; the winner's label is kept
  Ref,     ///< the value of its operand (a term naming an existing node)
};

/// How a Pick node chooses: the largest (a later operand wins only when
/// strictly larger) or the smallest (only when strictly smaller), so ties
/// go to the first operand.
enum class PickKind { Largest, Smallest };

/// How a term's value reads (the workbook's cell style, the page's format).
enum class Unit { Count, Time, Bytes, Text };

struct Node {
  Op K = Op::Num;
  unsigned Id = 0;  ///< index in its Graph, for evaluation caches
  double Value = 0; ///< Num
  std::string Name; ///< Input/Figure: its name; a term: its name
  std::vector<const Node *> Args;
  /// Pick: one label per operand ("ALU", "MEM", ...).
  std::vector<std::string> Labels;
  PickKind Kind = PickKind::Largest;

  /// A term: a named node the printers give its own variable or cell.
  bool IsTerm = false;
  std::string Title; ///< the workbook's column header
  std::string Json;  ///< the `analyze --format json` field it equals, or ""
  Unit U = Unit::Count;
  /// A term whose value is the label of its Pick operand ("bound").
  bool IsLabel = false;
};

using Expr = const Node *;

/// Owns nodes; builds them. A model is one Graph plus the list of its terms
/// in the order they are defined (each term only uses earlier ones).
class Graph {
public:
  Graph() = default;
  // Nodes point at each other: a copy would point into the original.
  Graph(const Graph &) = delete;
  Graph &operator=(const Graph &) = delete;

  Expr num(double V);
  Expr input(const std::string &Name);
  Expr figure(const std::string &Name);
  Expr has(Expr InputOrFigure);
  Expr op(Op K, std::vector<Expr> Args);
  Expr ifThen(Expr Cond, Expr Then, Expr Else) {
    return op(Op::If, {Cond, Then, Else});
  }
  Expr pick(PickKind Kind, std::vector<std::pair<std::string, Expr>> Options);

  /// Names \p E as a term; returns the term (a new node when \p E is an
  /// input, a figure or a term already, so that names stay one per node).
  Expr term(const std::string &Name, Expr E, Unit U = Unit::Count,
            std::string Title = "", std::string Json = "");
  /// A text term: the label of the Pick \p P's winner.
  Expr labelTerm(const std::string &Name, Expr P, std::string Title = "",
                 std::string Json = "");

  /// Terms in definition order.
  const std::vector<Expr> &terms() const { return Terms; }
  /// The term named \p Name, or nullptr.
  Expr find(const std::string &Name) const;
  /// The figure named \p Name (it must have been built).
  Expr findFigure(const std::string &Name) const;
  /// Inputs and figures the terms read, in the order first built.
  const std::vector<Expr> &inputs() const { return Inputs; }
  const std::vector<Expr> &figures() const { return Figures; }
  size_t size() const { return Nodes.size(); }

private:
  Node *make(Op K);
  std::deque<Node> Nodes;
  std::vector<Expr> Terms, Inputs, Figures;
};

/// Operators over one graph, so that the model reads as its formulas
/// (`N * alu_cycles / (cu * lanes) / clock`). Every operand must belong to
/// the same Graph; a double is turned into a Num of it.
class Builder {
public:
  explicit Builder(Graph &G) : G(G) {}
  Graph &G;

  struct E {
    Expr X;
    Graph *G;
    operator Expr() const { return X; }
  };
  E wrap(Expr X) { return {X, &G}; }
  E num(double V) { return wrap(G.num(V)); }
  E input(const std::string &N) { return wrap(G.input(N)); }
  E figure(const std::string &N) { return wrap(G.figure(N)); }
  E has(Expr X) { return wrap(G.has(X)); }
  E op(Op K, std::vector<Expr> A) { return wrap(G.op(K, std::move(A))); }
  E max(Expr A, Expr B) { return op(Op::Max, {A, B}); }
  E min(Expr A, Expr B) { return op(Op::Min, {A, B}); }
  E ceil(Expr A) { return op(Op::Ceil, {A}); }
  E floor(Expr A) { return op(Op::Floor, {A}); }
  E all(std::vector<Expr> A) { return op(Op::And, std::move(A)); }
  E ifThen(Expr C, Expr T, Expr F) { return wrap(G.ifThen(C, T, F)); }
  E combine(Expr A, Expr B, Expr P) { return op(Op::Combine, {A, B, P}); }
  E term(const std::string &Name, Expr X, Unit U = Unit::Count,
         std::string Title = "", std::string Json = "") {
    return wrap(G.term(Name, X, U, std::move(Title), std::move(Json)));
  }
};

Builder::E operator+(Builder::E A, Builder::E B);
Builder::E operator-(Builder::E A, Builder::E B);
Builder::E operator*(Builder::E A, Builder::E B);
Builder::E operator/(Builder::E A, Builder::E B);
Builder::E operator>(Builder::E A, Builder::E B);
Builder::E operator<(Builder::E A, Builder::E B);
Builder::E operator+(Builder::E A, double B);
Builder::E operator*(Builder::E A, double B);
Builder::E operator*(double A, Builder::E B);
Builder::E operator/(Builder::E A, double B);
Builder::E operator>(Builder::E A, double B);
Builder::E operator==(Builder::E A, double B);
Builder::E operator&&(Builder::E A, Builder::E B);
Builder::E operator||(Builder::E A, Builder::E B);
Builder::E operator!(Builder::E A);

} // namespace clspread::model

#endif
