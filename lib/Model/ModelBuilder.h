//===- ModelBuilder.h - The builder of the model's graph --------*- C++ -*-===//
//
// Internal to lib/Model: buildModel() (ModelGraph.cpp) writes a profile's
// graph term by term through this class, in the order a reader follows
// them. Its steps are defined in ModelGraph.cpp (launch, ALU, TEX,
// occupancy, the kernel's bound), CpuTerms.cpp (a CPU's code, in T_ALU)
// and MemoryTerms.cpp (T_MEM).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_MODELBUILDER_H
#define CLSPREAD_MODEL_MODELBUILDER_H

#include "Model/DeviceProfile.h"
#include "Model/ModelGraph.h"
#include "Support/Quantity.h"

#include <functional>
#include <optional>
#include <string>

namespace clspread::model {

/// A time in seconds as the notes print it ("3.2 us").
inline std::string time(double S) {
  return formatQuantity(S, Quantity::Dim::Time);
}

/// The terms of one model, built in the order a reader follows them.
class ModelBuilder {
public:
  ModelBuilder(Model &M, const DeviceProfile &P) : M(M), P(P), B(M.G) {}

  void build() {
    launch();
    alu();
    tex();
    occupancy();
    mem();
    kernel();
  }

private:
  Model &M;
  const DeviceProfile &P;
  Builder B;
  using E = Builder::E;

  E fig(const char *Name) { return B.figure(Name); }
  E in(const std::string &Name) { return B.input(Name); }
  E term(const std::string &Name, E X, Unit U, std::string Title,
         std::string Json = "") {
    return B.term(Name, X, U, std::move(Title), std::move(Json));
  }
  E ref(const char *Name) { return B.wrap(M.G.find(Name)); }
  void note(NoteStage S, E Cond,
            std::function<std::string(Evaluator &, const KernelCounts &)> T) {
    M.Notes.push_back({S, Cond, std::move(T)});
  }

  E N, Clock, CUs, Lanes, Groups, PerCU;
  /// A CPU profile's compiler's code is counted (alu()): its recurrences
  /// hold a work-item's own path, which T_MEM's GPU latency terms leave
  /// to it. Unset for GPU profiles.
  std::optional<E> CpuCode;

  void launch();

  void alu();

  E vliwAluCycles();

  E simtAluCycles();

  /// A CPU profile's cycles per work-item of its compiler's code
  /// (CpuTerms.cpp), with the note that says what was built.
  E cpuCycles();

  void tex();

  void occupancy();

  void mem();

  void kernel();
};

} // namespace clspread::model

#endif
