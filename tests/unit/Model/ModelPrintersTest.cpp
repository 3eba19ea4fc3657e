//===- ModelPrintersTest.cpp ----------------------------------------------===//
// Every printed form of the model computes the same.
//
//
// The model is one graph (Model/ModelGraph.h); the workbook's formulas and
// the what-if page's JavaScript are printed from it. These tests evaluate
// each printed form without LibreOffice or a browser and hold it against
// the C++ evaluator, term by term, on every bundled profile and on inputs
// that take every branch (no local size, zero counts, finite caches,
// partly written sectors, missing optional figures):
//
//   - the spreadsheet formulas, by a small evaluator of the formula
//     language below (IF/AND/OR/NOT/MAX/MIN/ROUNDUP/ROUNDDOWN/ISNUMBER,
//     + - * / ^ and comparisons, blank cells as the spreadsheet takes them);
//   - the JavaScript, run by node (Debian's nodejs; the test fails in CI
//     without it, and is skipped elsewhere).
//
//===----------------------------------------------------------------------===//
#include "Model/ExprPrinters.h"
#include "Model/ModelGraph.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <random>

using namespace clspread;
using namespace clspread::model;

namespace {

//===----------------------------------------------------------------------===//
// A spreadsheet formula evaluator, as small as the printed formulas need.
//===----------------------------------------------------------------------===//

struct Cell {
  enum Kind { Blank, Number, Text, Bool } K = Blank;
  double N = 0;
  std::string S;
  static Cell num(double V) { return {Number, V, ""}; }
  static Cell boolean(bool V) { return {Bool, V ? 1.0 : 0.0, ""}; }
  double number() const { return K == Blank ? 0 : N; }
};

class Formula {
public:
  Formula(const std::string &Text, const std::map<std::string, Cell> &Names,
          const std::map<std::string, Cell> &Row)
      : T(Text), Names(Names), Row(Row) {}

  Cell eval() {
    Cell C = comparison();
    EXPECT_EQ(I, T.size()) << "unparsed rest of " << T << ": " << T.substr(I);
    return C;
  }

private:
  const std::string &T;
  const std::map<std::string, Cell> &Names, &Row;
  /// Both arms of an IF are evaluated (formulas have no side effects, and
  /// a division by zero here is an infinity, not an error); the one the
  /// condition picks is returned.
  size_t I = 0;

  bool eat(const char *S) {
    size_t L = strlen(S);
    if (T.compare(I, L, S) == 0) {
      I += L;
      return true;
    }
    return false;
  }

  Cell comparison() {
    Cell A = additive();
    for (const char *Op : {">=", "<=", "<>", ">", "<", "="}) {
      if (eat(Op)) {
        Cell B = additive();
        double X = A.number(), Y = B.number();
        std::string O = Op;
        bool R = O == ">="   ? X >= Y
                 : O == "<=" ? X <= Y
                 : O == "<>" ? X != Y
                 : O == ">"  ? X > Y
                 : O == "<"  ? X < Y
                             : X == Y;
        return Cell::boolean(R);
      }
    }
    return A;
  }

  Cell additive() {
    Cell A = multiplicative();
    while (true) {
      if (eat("+"))
        A = Cell::num(A.number() + multiplicative().number());
      else if (eat("-"))
        A = Cell::num(A.number() - multiplicative().number());
      else
        return A;
    }
  }

  Cell multiplicative() {
    Cell A = power();
    while (true) {
      if (eat("*"))
        A = Cell::num(A.number() * power().number());
      else if (eat("/"))
        A = Cell::num(A.number() / power().number());
      else
        return A;
    }
  }

  Cell power() {
    Cell A = atom();
    while (eat("^"))
      A = Cell::num(std::pow(A.number(), atom().number()));
    return A;
  }

  std::vector<Cell> args() {
    std::vector<Cell> A;
    EXPECT_TRUE(eat("("));
    if (eat(")"))
      return A;
    do
      A.push_back(comparison());
    while (eat(","));
    EXPECT_TRUE(eat(")")) << T.substr(I);
    return A;
  }

  Cell atom() {
    if (eat("(")) {
      Cell C = comparison();
      EXPECT_TRUE(eat(")"));
      return C;
    }
    if (eat("-"))
      return Cell::num(-atom().number());
    if (T[I] == '"') {
      size_t End = T.find('"', I + 1);
      Cell C{Cell::Text, 0, T.substr(I + 1, End - I - 1)};
      I = End + 1;
      return C;
    }
    if (T[I] == '{') {
      size_t End = T.find('}', I);
      std::string Id = T.substr(I + 1, End - I - 1);
      I = End + 1;
      auto It = Row.find(Id);
      EXPECT_TRUE(It != Row.end()) << "no column " << Id;
      return It == Row.end() ? Cell{} : It->second;
    }
    if (isdigit(T[I]) || T[I] == '.') {
      size_t Len = 0;
      double V = std::stod(T.substr(I), &Len);
      I += Len;
      return Cell::num(V);
    }
    size_t Start = I;
    while (I < T.size() && (isalnum(T[I]) || T[I] == '_'))
      ++I;
    std::string Name = T.substr(Start, I - Start);
    if (I < T.size() && T[I] == '(')
      return call(Name);
    auto It = Names.find(Name);
    return It == Names.end() ? Cell{} : It->second; // a blank Device cell
  }

  Cell call(const std::string &F) {
    if (F == "IF") {
      EXPECT_TRUE(eat("("));
      Cell C = comparison();
      bool Take = C.number() != 0;
      EXPECT_TRUE(eat(","));
      Cell A = comparison();
      EXPECT_TRUE(eat(","));
      Cell B = comparison();
      EXPECT_TRUE(eat(")"));
      return Take ? A : B;
    }
    std::vector<Cell> A = args();
    if (F == "ISNUMBER")
      return Cell::boolean(A[0].K == Cell::Number);
    if (F == "NOT")
      return Cell::boolean(A[0].number() == 0);
    if (F == "AND" || F == "OR") {
      bool R = F == "AND";
      for (const Cell &C : A)
        R = F == "AND" ? R && C.number() != 0 : R || C.number() != 0;
      return Cell::boolean(R);
    }
    if (F == "MAX" || F == "MIN") {
      double R = A[0].number();
      for (const Cell &C : A)
        R = F == "MAX" ? std::max(R, C.number()) : std::min(R, C.number());
      return Cell::num(R);
    }
    if (F == "ROUNDUP")
      return Cell::num(std::ceil(A[0].number()));
    if (F == "ROUNDDOWN")
      return Cell::num(std::floor(A[0].number()));
    ADD_FAILURE() << "unknown function " << F;
    return {};
  }
};

//===----------------------------------------------------------------------===//
// Inputs that take every branch.
//===----------------------------------------------------------------------===//

std::vector<Values> inputCases(const Graph &G) {
  std::vector<Values> Cases;
  std::mt19937 Rng(18);
  for (int Case = 0; Case < 24; ++Case) {
    Values V;
    for (Expr I : G.inputs()) {
      const std::string &N = I->Name;
      std::uniform_int_distribution<int> Pick(0, 3);
      double X = std::ldexp(1.0 + Pick(Rng), Pick(Rng) * 3);
      if (N == "gx" || N == "gy" || N == "gz")
        X = N == "gx" ? std::ldexp(1.0, 8 + Case % 14) : (Case % 3 ? 1 : 64);
      else if (N == "lx" || N == "ly" || N == "lz") {
        if (Case % 4 == 0)
          continue; // the driver picks the local size
        X = N == "lx" ? std::ldexp(1.0, 3 + Case % 6) : 1;
      } else if (N == "finite")
        X = Case % 2;
      else if ((N == "bytes_l2" || N == "bytes_l2_partial" ||
                N == "bytes_l2_narrow") &&
               Case % 2 == 0)
        continue; // no finite cache model: no L2 figures
      else if (Pick(Rng) == 0)
        X = 0; // zero counts switch terms off
      V[N] = X;
    }
    Cases.push_back(std::move(V));
  }
  return Cases;
}

/// The profile's figures, and variants with optional figures left out or
/// added, so that both arms of every "if the profile has it" are taken.
std::vector<Values> figureCases(const DeviceProfile &P) {
  Values Base = figureValues(P, true);
  std::vector<Values> Cases = {Base, figureValues(P, false)};
  Values Without = Base, With = Base;
  for (const char *Opt :
       {"memory_latency", "memory_overlap_exponent", "lds_bandwidth_per_clock",
        "barrier_item_cycles", "barrier_phase_exponent", "dispatch_cycles",
        "cache_l2_bandwidth", "cache_l2_partial_bandwidth",
        "cache_l1_lines_per_clock", "launch_overhead", "registers_per_cu",
        "lds_bytes_per_cu", "max_groups_per_cu", "alu_pipe_overlap"})
    Without.erase(Opt);
  With.emplace("memory_latency", 600e-9);
  With.emplace("memory_overlap_exponent", 2.5);
  With.emplace("lds_bandwidth_per_clock", 128);
  With.emplace("barrier_item_cycles", 3);
  With.emplace("barrier_phase_exponent", 1.5);
  With.emplace("dispatch_cycles", 400);
  With.emplace("cache_l2_bandwidth", 5e12);
  With.emplace("cache_l2_partial_bandwidth", 1e12);
  With.emplace("cache_l1_lines_per_clock", 1);
  With.emplace("registers_per_cu", 65536);
  With.emplace("lds_bytes_per_cu", 65536);
  With.emplace("max_groups_per_cu", 16);
  Cases.push_back(Without);
  Cases.push_back(With);
  return Cases;
}

std::vector<DeviceProfile> profiles() { return bundledProfiles(); }

TEST(ModelPrinters, SpreadsheetFormulasComputeWhatTheEvaluatorComputes) {
  unsigned Checked = 0;
  for (const DeviceProfile &P : profiles()) {
    std::unique_ptr<Model> M = buildModel(P);
    for (const Values &Figs : figureCases(P))
      for (const Values &In : inputCases(M->G)) {
        std::map<std::string, Cell> Names, Row;
        for (auto &[N, V] : Figs)
          Names[N] = Cell::num(V);
        for (Expr I : M->G.inputs())
          Row[I->Name] = Cell{}; // an absent input is a blank cell
        for (auto &[N, V] : In)
          Row[N] = Cell::num(V);
        for (auto &[T, Want] : evaluateTerms(*M, In, Figs)) {
          std::string F = spreadsheetFormula(T);
          Cell Got = Formula(F, Names, Row).eval();
          if (Want.IsLabel) {
            ASSERT_EQ(Got.S, Want.Label)
                << P.Id << " " << T->Name << " = " << F;
            Row[T->Name] = Got;
          } else {
            double G = Got.number();
            ASSERT_TRUE(G == Want.Number ||
                        (std::isnan(G) && std::isnan(Want.Number)))
                << P.Id << " " << T->Name << " = " << F << ": formula " << G
                << ", evaluator " << Want.Number;
            Row[T->Name] = Cell::num(G);
          }
          ++Checked;
        }
      }
  }
  EXPECT_GT(Checked, 1000u);
}

TEST(ModelPrinters, JavaScriptComputesWhatTheEvaluatorComputes) {
  llvm::ErrorOr<std::string> Node = llvm::sys::findProgramByName("node");
  if (!Node)
    Node = llvm::sys::findProgramByName("nodejs");
  if (!Node) {
    if (const char *CI = std::getenv("CI"); CI && std::string(CI) == "true")
      FAIL() << "node is not installed (apt-get install nodejs)";
    GTEST_SKIP() << "node is not installed";
  }
  // One script: every profile's model function, the cases as JSON, and a
  // loop that prints each case's terms as JSON lines.
  std::string Script = javascriptHelpers();
  llvm::json::Array Cases;
  std::vector<std::vector<std::pair<Expr, TermValue>>> Want;
  std::vector<std::unique_ptr<Model>> Models;
  unsigned Index = 0;
  for (const DeviceProfile &P : profiles()) {
    Models.push_back(buildModel(P));
    const Model &M = *Models.back();
    std::string Name = "model" + std::to_string(Index);
    Script += javascriptFunction(M.G, Name);
    for (const Values &Figs : figureCases(P))
      for (const Values &In : inputCases(M.G)) {
        llvm::json::Object F, K;
        for (Expr X : M.G.figures())
          F[X->Name] = Figs.count(X->Name) ? llvm::json::Value(Figs.at(X->Name))
                                           : llvm::json::Value(nullptr);
        for (Expr X : M.G.inputs())
          K[X->Name] = In.count(X->Name) ? llvm::json::Value(In.at(X->Name))
                                         : llvm::json::Value(nullptr);
        Cases.push_back(llvm::json::Object{
            {"model", Index}, {"f", std::move(F)}, {"k", std::move(K)}});
        Want.push_back(evaluateTerms(M, In, Figs));
      }
    ++Index;
  }
  Script += "const MODELS = [";
  for (unsigned I = 0; I < Index; ++I)
    Script += (I ? ", model" : "model") + std::to_string(I);
  Script += "];\nconst CASES = ";
  llvm::raw_string_ostream(Script) << llvm::json::Value(std::move(Cases));
  Script += ";\nfor (const c of CASES) console.log(JSON.stringify("
            "MODELS[c.model](c.f, c.k), (k, v) => "
            "typeof v === 'number' && !isFinite(v) ? String(v) : v));\n";

  llvm::SmallString<64> Js, Out;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("model", "js", Js));
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("model", "out", Out));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Js, EC);
    ASSERT_FALSE(EC);
    OS << Script;
  }
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Out.str(),
                                                std::nullopt};
  std::string Err;
  int RC = llvm::sys::ExecuteAndWait(*Node, {*Node, Js.str()}, std::nullopt,
                                     Redirects, 120, 0, &Err);
  ASSERT_EQ(RC, 0) << Err;
  auto Buf = llvm::MemoryBuffer::getFile(Out);
  ASSERT_TRUE(bool(Buf));
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  ASSERT_EQ(Lines.size(), Want.size());
  unsigned Checked = 0;
  for (size_t C = 0; C < Lines.size(); ++C) {
    llvm::Expected<llvm::json::Value> Got = llvm::json::parse(Lines[C]);
    ASSERT_TRUE(bool(Got)) << llvm::toString(Got.takeError());
    const llvm::json::Object *O = Got->getAsObject();
    for (auto &[T, V] : Want[C]) {
      const llvm::json::Value *G = O->get(T->Name);
      ASSERT_TRUE(G) << T->Name;
      if (V.IsLabel) {
        EXPECT_EQ(G->getAsString().value_or("?"), V.Label) << T->Name;
      } else if (std::isnan(V.Number)) {
        EXPECT_EQ(G->getAsString().value_or("?"), "NaN") << T->Name;
      } else {
        // JavaScript's arithmetic is IEEE's, as C++'s; only Math.pow (the
        // overlap combination) may differ from std::pow in the last bit.
        double X = G->getAsNumber().value_or(-1);
        EXPECT_NEAR(X, V.Number, 1e-12 * std::abs(V.Number))
            << "case " << C << " term " << T->Name;
      }
      ++Checked;
    }
  }
  llvm::sys::fs::remove(Js);
  llvm::sys::fs::remove(Out);
  EXPECT_GT(Checked, 1000u);
}

TEST(ModelPrinters, TextNamesEveryTerm) {
  DeviceProfile P = bundledProfiles().front();
  std::unique_ptr<Model> M = buildModel(P);
  std::string Text = "\n" + textModel(M->G);
  for (Expr T : M->G.terms())
    EXPECT_NE(Text.find("\n" + T->Name + " = "), std::string::npos) << T->Name;
}

} // namespace
