//===- ParallelAnalysis.cpp - Several kernels analyzed at once ------------===//
//
// See ParallelAnalysis.h. Threads are std::threads, not LLVM's pool: a
// failed pthread_create (a thread or address-space limit) is an exception
// here, and the jobs go to the threads that did start, where LLVM's pool
// would abort the process (the same reasoning as lint's file threads).
//
//===----------------------------------------------------------------------===//
#include "Analysis/ParallelAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <system_error>
#include <thread>

using namespace llvm;

namespace clspread {

std::vector<Expected<KernelCounts>> analyzeKernels(ArrayRef<KernelJob> Jobs,
                                                   unsigned Threads,
                                                   size_t MinInstructions) {
  std::vector<std::optional<Expected<KernelCounts>>> Slots(Jobs.size());
  size_t Workers = std::min<size_t>(std::max(1u, Threads), Jobs.size());
  if (Workers > 1) {
    size_t Size = 0;
    SmallPtrSet<const Module *, 4> Seen;
    for (const KernelJob &J : Jobs)
      if (Seen.insert(J.M).second)
        Size += J.M->getInstructionCount();
    if (Size < MinInstructions)
      Workers = 1;
  }

  // Once one job has run out of time, the jobs not started yet are not
  // started: they share its deadline.
  std::atomic<bool> TimedOut{false};
  auto Run = [&](size_t I, const Module &M) {
    if (TimedOut) {
      Slots[I].emplace(make_error<AnalysisTimedOut>());
      return;
    }
    Slots[I].emplace(analyzeKernel(M, Jobs[I].Kernel, Jobs[I].Opts));
    if (!*Slots[I] && Slots[I]->errorIsA<AnalysisTimedOut>())
      TimedOut = true;
  };

  if (Workers <= 1) {
    for (size_t I = 0; I < Jobs.size(); ++I)
      Run(I, *Jobs[I].M);
  } else {
    // Each distinct module once, as bitcode.
    DenseMap<const Module *, unsigned> Index;
    std::vector<SmallVector<char, 0>> Bitcode;
    for (const KernelJob &J : Jobs)
      if (Index.try_emplace(J.M, unsigned(Bitcode.size())).second) {
        raw_svector_ostream OS(Bitcode.emplace_back());
        WriteBitcodeToFile(*J.M, OS);
      }

    std::atomic<size_t> Next{0};
    auto Work = [&] {
      LLVMContext Ctx;
      std::vector<std::unique_ptr<Module>> Copies(Bitcode.size());
      for (size_t I; (I = Next++) < Jobs.size();) {
        unsigned B = Index.lookup(Jobs[I].M);
        if (!Copies[B]) {
          StringRef Bytes(Bitcode[B].data(), Bitcode[B].size());
          auto M = parseBitcodeFile(MemoryBufferRef(Bytes, "kernel"), Ctx);
          if (!M) {
            Slots[I].emplace(M.takeError());
            continue;
          }
          Copies[B] = std::move(*M);
        }
        Run(I, *Copies[B]);
      }
    };
    std::vector<std::thread> Started;
    for (size_t T = 1; T < Workers; ++T) {
      try {
        Started.emplace_back(Work);
      } catch (const std::system_error &) {
        break; // the threads that started share the jobs
      }
    }
    Work();
    for (std::thread &T : Started)
      T.join();
  }

  std::vector<Expected<KernelCounts>> Results;
  Results.reserve(Jobs.size());
  for (auto &S : Slots)
    Results.push_back(std::move(*S));
  return Results;
}

} // namespace clspread
