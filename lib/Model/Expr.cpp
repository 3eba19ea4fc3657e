//===- Expr.cpp - Building the model's expression graph -------------------===//
#include "Model/Expr.h"

#include <cassert>

namespace clspread::model {

Node *Graph::make(Op K) {
  Node &N = Nodes.emplace_back();
  N.K = K;
  N.Id = unsigned(Nodes.size() - 1);
  return &N;
}

Expr Graph::num(double V) {
  Node *N = make(Op::Num);
  N->Value = V;
  return N;
}

/// One node per input or figure name, so that the printers and the
/// evaluator see each once.
static Expr named(std::vector<Expr> &Seen, const std::string &Name) {
  for (Expr E : Seen)
    if (E->Name == Name)
      return E;
  return nullptr;
}

Expr Graph::input(const std::string &Name) {
  if (Expr E = named(Inputs, Name))
    return E;
  Node *N = make(Op::Input);
  N->Name = Name;
  Inputs.push_back(N);
  return N;
}

Expr Graph::figure(const std::string &Name) {
  if (Expr E = named(Figures, Name))
    return E;
  Node *N = make(Op::Figure);
  N->Name = Name;
  Figures.push_back(N);
  return N;
}

Expr Graph::has(Expr X) {
  assert((X->K == Op::Input || X->K == Op::Figure) &&
         "has() asks about an input or a figure");
  return op(Op::Has, {X});
}

Expr Graph::op(Op K, std::vector<Expr> Args) {
  Node *N = make(K);
  N->Args = std::move(Args);
  return N;
}

Expr Graph::pick(PickKind Kind,
                 std::vector<std::pair<std::string, Expr>> Options) {
  Node *N = make(Op::Pick);
  N->Kind = Kind;
  for (auto &[Label, E] : Options) {
    N->Labels.push_back(Label);
    N->Args.push_back(E);
  }
  return N;
}

Expr Graph::term(const std::string &Name, Expr E, Unit U, std::string Title,
                 std::string Json) {
  assert(!find(Name) && "a term is named once");
  Node *N;
  if (E->IsTerm || E->K == Op::Input || E->K == Op::Figure || E->K == Op::Num) {
    // Names stay one per node: a term that is another name's value refers
    // to it. Any other node becomes the term itself, and expressions that
    // share it print the term's name.
    N = make(Op::Ref);
    N->Args = {E};
  } else {
    N = const_cast<Node *>(E);
  }
  N->IsTerm = true;
  N->Name = Name;
  N->U = U;
  N->Title = Title.empty() ? Name : std::move(Title);
  N->Json = std::move(Json);
  Terms.push_back(N);
  return N;
}

Expr Graph::labelTerm(const std::string &Name, Expr P, std::string Title,
                      std::string Json) {
  assert(P->K == Op::Pick || (P->K == Op::Ref && P->Args[0]->K == Op::Pick));
  Node *N = make(Op::Ref);
  N->Args = {P};
  N->IsTerm = true;
  N->IsLabel = true;
  N->Name = Name;
  N->U = Unit::Text;
  N->Title = Title.empty() ? Name : std::move(Title);
  N->Json = std::move(Json);
  Terms.push_back(N);
  return N;
}

Expr Graph::find(const std::string &Name) const {
  for (Expr T : Terms)
    if (T->Name == Name)
      return T;
  return nullptr;
}

Expr Graph::findFigure(const std::string &Name) const {
  for (Expr F : Figures)
    if (F->Name == Name)
      return F;
  assert(false && "the model reads no such figure");
  return nullptr;
}

using E = Builder::E;

static E bin(Op K, E A, E B) { return {A.G->op(K, {A.X, B.X}), A.G}; }
static E num(Graph *G, double V) { return {G->num(V), G}; }

E operator+(E A, E B) { return bin(Op::Add, A, B); }
E operator-(E A, E B) { return bin(Op::Sub, A, B); }
E operator*(E A, E B) { return bin(Op::Mul, A, B); }
E operator/(E A, E B) { return bin(Op::Div, A, B); }
E operator>(E A, E B) { return bin(Op::Gt, A, B); }
E operator<(E A, E B) { return bin(Op::Lt, A, B); }
E operator+(E A, double B) { return A + num(A.G, B); }
E operator*(E A, double B) { return A * num(A.G, B); }
E operator*(double A, E B) { return num(B.G, A) * B; }
E operator/(E A, double B) { return A / num(A.G, B); }
E operator>(E A, double B) { return A > num(A.G, B); }
E operator==(E A, double B) { return bin(Op::Eq, A, num(A.G, B)); }
E operator&&(E A, E B) {
  // a && b && c is one And of three: it prints as and(a, b, c).
  if (A.X->K == Op::And && !A.X->IsTerm) {
    std::vector<Expr> Args = A.X->Args;
    Args.push_back(B.X);
    return {A.G->op(Op::And, std::move(Args)), A.G};
  }
  return bin(Op::And, A, B);
}
E operator||(E A, E B) {
  if (A.X->K == Op::Or && !A.X->IsTerm) {
    std::vector<Expr> Args = A.X->Args;
    Args.push_back(B.X);
    return {A.G->op(Op::Or, std::move(Args)), A.G};
  }
  return bin(Op::Or, A, B);
}
E operator!(E A) { return {A.G->op(Op::Not, {A.X}), A.G}; }

} // namespace clspread::model
