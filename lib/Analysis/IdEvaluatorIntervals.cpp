//===- IdEvaluatorIntervals.cpp - The id evaluator over boxes of ids ------===//
//
// IdEvaluator's interval mode: whole boxes of work-item ids evaluated at
// once, split where a branch's outcome is not the same over a box, and the
// separable and one-group shortcuts (IdEvaluator.h).
//
//===----------------------------------------------------------------------===//
#include "Analysis/IdArithmetic.h"
#include "Analysis/IdEvaluator.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace clspread {

//===-- Intervals ---------------------------------------------------------===//
//
// Values are read as signed integers of their width (booleans as 0/1). An
// operation whose result interval is not provable (overflow, unknown
// signs) yields the full range of its width, which only causes more
// splitting, never a wrong count.

static IdEvaluator::Interval full(unsigned W) {
  if (W == 1)
    return {0, 1};
  if (W >= 64)
    return {INT64_MIN, INT64_MAX};
  return {-(int64_t(1) << (W - 1)), (int64_t(1) << (W - 1)) - 1};
}

static bool fits(__int128 V, unsigned W) {
  auto F = full(W);
  return V >= F.Lo && V <= F.Hi;
}

static IdEvaluator::Interval make(__int128 Lo, __int128 Hi, unsigned W) {
  if (Lo > Hi)
    std::swap(Lo, Hi);
  if (!fits(Lo, W) || !fits(Hi, W))
    return full(W);
  return {int64_t(Lo), int64_t(Hi)};
}

void IdEvaluator::evalIntervals(const Box &B, std::vector<Interval> &V,
                                uint8_t DimMask) const {
  std::array<uint64_t, 3> L = Launch.localOrOnes();
  for (size_t K = 0; K < Program.size(); ++K) {
    const Instr &I = Program[K];
    if (I.Dims & ~DimMask)
      continue; // not part of this evaluation
    Interval A = V[I.A], Bv = V[I.B], R = full(I.Width);
    unsigned D = unsigned(I.Imm);
    switch (I.Kind) {
    case Op::Const:
      R = I.Width == 1 ? Interval{int64_t(I.Imm & 1), int64_t(I.Imm & 1)}
                       : Interval{sext(I.Imm, I.Width), sext(I.Imm, I.Width)};
      break;
    case Op::GlobalId:
      R = {int64_t(B[D].first), int64_t(B[D].second - 1)};
      break;
    case Op::LocalId: {
      uint64_t Ga = B[D].first / L[D], Gb = (B[D].second - 1) / L[D];
      R = Ga == Gb ? Interval{int64_t(B[D].first % L[D]),
                              int64_t((B[D].second - 1) % L[D])}
                   : Interval{0, int64_t(L[D] - 1)};
      break;
    }
    case Op::GroupId:
      R = {int64_t(B[D].first / L[D]), int64_t((B[D].second - 1) / L[D])};
      break;
    case Op::Add:
      R = make(__int128(A.Lo) + Bv.Lo, __int128(A.Hi) + Bv.Hi, I.Width);
      break;
    case Op::Sub:
      R = make(__int128(A.Lo) - Bv.Hi, __int128(A.Hi) - Bv.Lo, I.Width);
      break;
    case Op::Mul: {
      __int128 C[4] = {__int128(A.Lo) * Bv.Lo, __int128(A.Lo) * Bv.Hi,
                       __int128(A.Hi) * Bv.Lo, __int128(A.Hi) * Bv.Hi};
      R = make(*std::min_element(C, C + 4), *std::max_element(C, C + 4),
               I.Width);
      break;
    }
    case Op::UDiv:
    case Op::SDiv:
      if (Bv.point() && Bv.Lo > 0 && A.Lo >= 0)
        R = {A.Lo / Bv.Lo, A.Hi / Bv.Lo};
      break;
    case Op::URem:
    case Op::SRem:
      if (Bv.point() && Bv.Lo > 0 && A.Lo >= 0) {
        if (A.Lo / Bv.Lo == A.Hi / Bv.Lo)
          R = {A.Lo % Bv.Lo, A.Hi % Bv.Lo};
        else
          R = {0, Bv.Lo - 1};
      }
      break;
    case Op::Shl:
      if (Bv.point() && Bv.Lo >= 0 && Bv.Lo < 63)
        R = make(__int128(A.Lo) << Bv.Lo, __int128(A.Hi) << Bv.Lo, I.Width);
      break;
    case Op::LShr:
    case Op::AShr:
      if (Bv.point() && Bv.Lo >= 0 && Bv.Lo < 63 && A.Lo >= 0)
        R = {A.Lo >> Bv.Lo, A.Hi >> Bv.Lo};
      break;
    case Op::And:
    case Op::Or:
    case Op::Xor:
      if (I.Width == 1) {
        if (A.point() && Bv.point()) {
          int64_t X = I.Kind == Op::And  ? (A.Lo & Bv.Lo)
                      : I.Kind == Op::Or ? (A.Lo | Bv.Lo)
                                         : (A.Lo ^ Bv.Lo);
          R = {X, X};
        } else if (I.Kind == Op::And &&
                   ((A.point() && !A.Lo) || (Bv.point() && !Bv.Lo))) {
          R = {0, 0};
        } else if (I.Kind == Op::Or &&
                   ((A.point() && A.Lo) || (Bv.point() && Bv.Lo))) {
          R = {1, 1};
        }
      } else if (I.Kind == Op::And && Bv.point() && Bv.Lo >= 0 && A.Lo >= 0) {
        R = A.point() ? Interval{A.Lo & Bv.Lo, A.Lo & Bv.Lo}
                      : Interval{0, std::min(A.Hi, Bv.Lo)};
      } else if (A.point() && Bv.point()) {
        int64_t X = I.Kind == Op::And  ? (A.Lo & Bv.Lo)
                    : I.Kind == Op::Or ? (A.Lo | Bv.Lo)
                                       : (A.Lo ^ Bv.Lo);
        R = {X, X};
      }
      break;
    case Op::ICmp: {
      auto P = CmpInst::Predicate(I.Imm);
      bool Unsigned = CmpInst::isUnsigned(P);
      if (A.point() && Bv.point()) {
        // Both known: compare exactly, as the item-by-item evaluator does.
        bool T2 = compareInts(P, uint64_t(A.Lo), uint64_t(Bv.Lo), I.SrcWidth);
        R = {T2, T2};
        break;
      }
      if (Unsigned && (A.Lo < 0 || Bv.Lo < 0))
        break;    // unsigned order of negative values: not provable here
      int T = -1; // -1 unknown, else the uniform answer
      switch (P) {
      case CmpInst::ICMP_EQ:
        if (A.point() && Bv.point())
          T = A.Lo == Bv.Lo;
        else if (A.Hi < Bv.Lo || Bv.Hi < A.Lo)
          T = 0;
        break;
      case CmpInst::ICMP_NE:
        if (A.point() && Bv.point())
          T = A.Lo != Bv.Lo;
        else if (A.Hi < Bv.Lo || Bv.Hi < A.Lo)
          T = 1;
        break;
      case CmpInst::ICMP_SLT:
      case CmpInst::ICMP_ULT:
        if (A.Hi < Bv.Lo)
          T = 1;
        else if (A.Lo >= Bv.Hi)
          T = 0;
        break;
      case CmpInst::ICMP_SLE:
      case CmpInst::ICMP_ULE:
        if (A.Hi <= Bv.Lo)
          T = 1;
        else if (A.Lo > Bv.Hi)
          T = 0;
        break;
      case CmpInst::ICMP_SGT:
      case CmpInst::ICMP_UGT:
        if (A.Lo > Bv.Hi)
          T = 1;
        else if (A.Hi <= Bv.Lo)
          T = 0;
        break;
      case CmpInst::ICMP_SGE:
      case CmpInst::ICMP_UGE:
        if (A.Lo >= Bv.Hi)
          T = 1;
        else if (A.Hi < Bv.Lo)
          T = 0;
        break;
      default:
        break;
      }
      R = T < 0 ? Interval{0, 1} : Interval{T, T};
      break;
    }
    case Op::Select: {
      Interval C = V[I.A], X = V[I.B], Y = V[I.C];
      R = C.point() ? (C.Lo ? X : Y)
                    : Interval{std::min(X.Lo, Y.Lo), std::max(X.Hi, Y.Hi)};
      break;
    }
    case Op::ZExt:
      R = (I.SrcWidth == 1 || A.Lo >= 0) ? A : full(I.Width);
      if (R.Lo < 0)
        R = {0, I.Width >= 64 ? INT64_MAX
                              : (int64_t(1) << std::min(I.SrcWidth, 62u)) - 1};
      break;
    case Op::SExt:
      R = I.SrcWidth == 1
              ? (A.point() ? Interval{-A.Lo, -A.Lo} : Interval{-1, 0})
              : A;
      break;
    case Op::Trunc:
      R = (fits(A.Lo, I.Width) && fits(A.Hi, I.Width) && I.Width > 1)
              ? A
              : (A.point()
                     ? Interval{I.Width == 1 ? (A.Lo & 1)
                                             : sext(uint64_t(A.Lo), I.Width),
                                I.Width == 1 ? (A.Lo & 1)
                                             : sext(uint64_t(A.Lo), I.Width)}
                     : full(I.Width));
      break;
    case Op::Freeze:
      R = A;
      break;
    }
    V[K] = R;
  }
}

bool IdEvaluator::splitBoxes(
    const Box &B, uint8_t DimMask, const std::vector<unsigned> &Needed,
    function_ref<void(const Box &, const std::vector<uint64_t> &)> Leaf,
    uint64_t &Budget, Scratch &S) const {
  uint64_t Volume = 1;
  for (unsigned D = 0; D < 3; ++D)
    Volume *= B[D].second - B[D].first;
  if (Volume == 0)
    return true;
  if (Budget == 0 || ((Budget & 1023) == 0 && expired()))
    return false;
  --Budget;
  std::vector<Interval> &V = S.V;
  evalIntervals(B, V, DimMask);
  bool Uniform = true;
  for (unsigned S : Needed)
    if (!V[S].point()) {
      Uniform = false;
      break;
    }
  if (Uniform) {
    for (unsigned K : Needed)
      S.Vals[K] = uint64_t(V[K].Lo);
    Leaf(B, S.Vals);
    return true;
  }
  if (Volume <= 16) {
    // Small enough: item by item with the exact evaluator, each item a
    // unit box. (Intervals may stay wide on one item, e.g. after a wrap.)
    std::array<uint64_t, 3> L = Launch.localOrOnes();
    std::vector<uint64_t> &R = S.R;
    for (uint64_t Z = B[2].first; Z < B[2].second; ++Z)
      for (uint64_t Y = B[1].first; Y < B[1].second; ++Y)
        for (uint64_t X = B[0].first; X < B[0].second; ++X) {
          uint64_t Id[3] = {X, Y, Z};
          for (size_t K = 0; K < Program.size(); ++K)
            if (!(Program[K].Dims & ~DimMask))
              evalSlot(K, R, Id, L);
          for (unsigned K : Needed)
            S.Vals[K] = R[K];
          Box U = {{{X, X + 1}, {Y, Y + 1}, {Z, Z + 1}}};
          Leaf(U, S.Vals);
        }
    return true;
  }
  // Split the longest side in two.
  unsigned D = 0;
  for (unsigned E = 1; E < 3; ++E)
    if (B[E].second - B[E].first > B[D].second - B[D].first)
      D = E;
  uint64_t Mid = B[D].first + (B[D].second - B[D].first) / 2;
  Box Lo = B, Hi = B;
  Lo[D].second = Mid;
  Hi[D].first = Mid;
  return splitBoxes(Lo, DimMask, Needed, Leaf, Budget, S) &&
         splitBoxes(Hi, DimMask, Needed, Leaf, Budget, S);
}

bool IdEvaluator::runSeparable(std::vector<Result> &Results) {
  // Signatures group coordinates by booleans; a sum needs the integers.
  if (llvm::any_of(Queries, [](const Query &Q) { return Q.Sum; }))
    return false;
  // Frontier: one-dimension booleans that a multi-dimension slot or a query
  // reads. Each dimension's coordinates are grouped by the frontier values
  // they give (their signature); the multi-dimension rest is evaluated once
  // per combination of signatures, weighted by how many items share it.
  auto single = [](uint8_t D) { return D && !(D & (D - 1)); };
  std::vector<bool> Frontier(Program.size(), false);
  auto markUse = [&](unsigned Slot) {
    if (single(Program[Slot].Dims))
      Frontier[Slot] = true;
  };
  for (size_t K = 0; K < Program.size(); ++K) {
    const Instr &I = Program[K];
    if (single(I.Dims) || !I.Dims || I.Kind == Op::Const)
      continue;
    for (unsigned Op : {I.A, I.B, I.C})
      markUse(Op);
  }
  for (const Query &Q : Queries) {
    markUse(Q.Output);
    for (const Guard &G : Q.Guards)
      markUse(G.Output);
  }
  std::vector<unsigned> FrontierOf[3];
  for (size_t K = 0; K < Program.size(); ++K)
    if (Frontier[K]) {
      if (Program[K].Width != 1)
        return false; // integers cross dimensions: no small signature
      unsigned D = __builtin_ctz(Program[K].Dims);
      FrontierOf[D].push_back(K);
      if (FrontierOf[D].size() > 16)
        return false;
    }
  const auto &G = Launch.Global;
  std::array<uint64_t, 3> L = Launch.localOrOnes();
  // Signature histograms per dimension.
  std::vector<std::pair<uint32_t, uint64_t>> Hist[3];
  std::vector<uint64_t> R(Program.size(), 0);
  for (unsigned D = 0; D < 3; ++D) {
    std::map<uint32_t, uint64_t> H;
    Box B = {{{0, 1}, {0, 1}, {0, 1}}};
    B[D] = {0, G[D]};
    // A dimension whose slots read only the local id repeats every group:
    // one group, weighted by the number of groups, is exact.
    bool LocalOnly = Launch.Local && G[D] % L[D] == 0;
    for (size_t K = 0; K < Program.size() && LocalOnly; ++K)
      if (Program[K].Dims == (1u << D) &&
          (Program[K].Kind == Op::GlobalId || Program[K].Kind == Op::GroupId))
        LocalOnly = false;
    uint64_t Weight = 1;
    if (LocalOnly) {
      B[D] = {0, L[D]};
      Weight = G[D] / L[D];
    }
    uint64_t Budget = scaled(uint64_t(1) << 22);
    Scratch Buffers(Program.size());
    bool Done = splitBoxes(
        B, uint8_t(1u << D), FrontierOf[D],
        [&](const Box &Bx, const std::vector<uint64_t> &Vals) {
          uint32_t Sig = 0;
          for (size_t K = 0; K < FrontierOf[D].size(); ++K)
            Sig |= uint32_t(Vals[FrontierOf[D][K]] & 1) << K;
          H[Sig] += (Bx[D].second - Bx[D].first) * Weight;
        },
        Budget, Buffers);
    if (!Done)
      return false;
    Hist[D].assign(H.begin(), H.end());
  }
  if (Hist[0].size() * Hist[1].size() * Hist[2].size() > scaled(1u << 20))
    return false;
  uint64_t Id[3] = {0, 0, 0};
  for (auto &[S0, C0] : Hist[0])
    for (auto &[S1, C1] : Hist[1])
      for (auto &[S2, C2] : Hist[2]) {
        uint32_t Sig[3] = {S0, S1, S2};
        for (unsigned D = 0; D < 3; ++D)
          for (size_t B = 0; B < FrontierOf[D].size(); ++B)
            R[FrontierOf[D][B]] = (Sig[D] >> B) & 1;
        for (size_t K = 0; K < Program.size(); ++K)
          if (!Program[K].Dims || !single(Program[K].Dims))
            evalSlot(K, R, Id, L);
        uint64_t Weight = C0 * C1 * C2;
        tally(R, Weight, Results);
      }
  return true;
}

bool IdEvaluator::runOneGroup(std::vector<Result> &Results) const {
  // Conditions on local ids alone repeat in every work-group; with uniform
  // groups one group, counted once per group, is the whole NDRange.
  if (!Launch.Local)
    return false;
  const std::array<uint64_t, 3> &L = *Launch.Local;
  uint64_t Groups = 1, GroupSize = 1;
  for (int D = 0; D < 3; ++D) {
    if (Launch.Global[D] % L[D])
      return false;
    Groups *= Launch.Global[D] / L[D];
    GroupSize *= L[D];
  }
  for (const Instr &I : Program)
    if (I.Kind == Op::GlobalId || I.Kind == Op::GroupId)
      return false;
  std::vector<uint64_t> R(Program.size());
  for (uint64_t Lin = 0; Lin < GroupSize; ++Lin) {
    if ((Lin & 4095) == 4095 && expired())
      return true; // partial; the caller sees timedOut()
    uint64_t Id[3] = {Lin % L[0], (Lin / L[0]) % L[1], Lin / (L[0] * L[1])};
    for (size_t K = 0; K < Program.size(); ++K)
      evalSlot(K, R, Id, L);
    tally(R, Groups, Results);
  }
  return true;
}

std::vector<IdEvaluator::WaveSplit>
IdEvaluator::divergence(const std::vector<unsigned> &Outputs,
                        uint64_t MaxGroups, bool &Sampled) const {
  const std::array<uint64_t, 3> L = Launch.localOrOnes();
  const std::array<uint64_t, 3> &G = Launch.Global;
  uint64_t NG[3], Groups = 1, GroupSize = L[0] * L[1] * L[2];
  bool Uniform = true;
  for (int D = 0; D < 3; ++D) {
    NG[D] = (G[D] + L[D] - 1) / L[D];
    Groups *= NG[D];
    Uniform &= G[D] % L[D] == 0;
  }
  bool LocalOnly = llvm::none_of(Program, [](const Instr &I) {
    return I.Kind == Op::GlobalId || I.Kind == Op::GroupId;
  });
  uint64_t Step = 1;
  if (LocalOnly && Uniform)
    Step = Groups; // every group is the same as the first
  else if (Groups > MaxGroups) {
    Step = Groups / MaxGroups;
    Sampled = true;
  }
  size_t Last = 0;
  for (unsigned O : Outputs)
    Last = std::max<size_t>(Last, O);
  static constexpr unsigned Widths[4] = {8, 16, 32, 64};
  std::vector<std::array<uint64_t, 4>> Waves(Outputs.size()),
      Split(Outputs.size()), AnyTrue(Outputs.size()), AnyFalse(Outputs.size());
  std::vector<uint64_t> R(Program.size());
  // Per output, per item: 0 or 1, or -1 past the NDRange.
  std::vector<std::vector<int8_t>> Out(Outputs.size(),
                                       std::vector<int8_t>(GroupSize));
  for (uint64_t Gr = 0; Gr < Groups; Gr += Step) {
    if (expired())
      break;
    uint64_t GId[3] = {Gr % NG[0], (Gr / NG[0]) % NG[1], Gr / (NG[0] * NG[1])};
    for (uint64_t Lin = 0; Lin < GroupSize; ++Lin) {
      uint64_t LId[3] = {Lin % L[0], (Lin / L[0]) % L[1], Lin / (L[0] * L[1])};
      uint64_t Id[3];
      bool Inside = true;
      for (int D = 0; D < 3; ++D) {
        Id[D] = GId[D] * L[D] + LId[D];
        Inside &= Id[D] < G[D];
      }
      if (Inside)
        for (size_t K = 0; K <= Last; ++K)
          evalSlot(K, R, Id, L);
      for (size_t Q = 0; Q < Outputs.size(); ++Q)
        Out[Q][Lin] = Inside ? int8_t(R[Outputs[Q]] & 1) : int8_t(-1);
    }
    for (size_t Q = 0; Q < Outputs.size(); ++Q)
      for (unsigned W = 0; W < 4; ++W)
        for (uint64_t Start = 0; Start < GroupSize; Start += Widths[W]) {
          bool Seen[2] = {false, false};
          for (uint64_t I = Start; I < std::min(GroupSize, Start + Widths[W]);
               ++I)
            if (Out[Q][I] >= 0)
              Seen[Out[Q][I]] = true;
          if (!Seen[0] && !Seen[1])
            continue;
          ++Waves[Q][W];
          Split[Q][W] += Seen[0] && Seen[1];
          AnyTrue[Q][W] += Seen[1];
          AnyFalse[Q][W] += Seen[0];
        }
  }
  std::vector<WaveSplit> F(Outputs.size());
  auto share = [](uint64_t Part, uint64_t Whole) {
    return Whole ? double(Part) / double(Whole) : 0.0;
  };
  for (size_t Q = 0; Q < Outputs.size(); ++Q)
    for (unsigned W = 0; W < 4; ++W) {
      F[Q].Split[W] = share(Split[Q][W], Waves[Q][W]);
      F[Q].AnyTrue[W] = share(AnyTrue[Q][W], Waves[Q][W]);
      F[Q].AnyFalse[W] = share(AnyFalse[Q][W], Waves[Q][W]);
    }
  return F;
}

} // namespace clspread
