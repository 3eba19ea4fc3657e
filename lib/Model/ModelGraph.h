//===- ModelGraph.h - The spreadsheet model, built as a graph --*- C++ -*-===//
//
// buildModel() writes the model of AMD's talk "AMD and OpenCL" (2009), with
// this project's measured terms, as an expression graph (Expr.h) for one
// profile's shape: VLIW bundles from the packer, or SIMT/CPU lane-op rates
// with optional pipes. Its terms:
//
//   N          = gx * gy * gz
//   occupancy  = min(hardware, launch, registers, lds, work-group-size)
//   T_ALU      = N * alu_cycles / (CUs * lanes) / clock + T_LDS + T_BARRIER
//   T_TEX      = N * tex_fetches / (CUs * tex units) / clock
//   T_MEM      = max(DRAM bandwidth, L2, L1 lookups, knee, latency)
//   Tkernel    = max(max(T_ALU, T_MEM, T_TEX), barrier phases, dispatch)
//
// docs/model.md prints every term's formula from this graph
// (`clspread profiles formulas`). The inputs are a kernel's per-work-item
// counts and its launch (kernelInputs()); the figures are the profile's
// figures in use (Figures.h). Notes say where a limit won or a figure had
// to be assumed; each has the condition under which it is printed.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_MODELGRAPH_H
#define CLSPREAD_MODEL_MODELGRAPH_H

#include "Analysis/KernelCounts.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"
#include "Model/ExprEval.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clspread::model {

/// When a note is printed relative to the notes the C++ side adds (the
/// packer's, the cache model's): ALU notes first, then occupancy, then
/// memory and the kernel's.
enum class NoteStage { Alu, Occupancy, Mem };

struct ModelNote {
  NoteStage Stage;
  Expr Cond; ///< printed when this is non-zero
  std::function<std::string(Evaluator &, const KernelCounts &)> Text;
};

struct Model {
  Graph G;
  std::vector<ModelNote> Notes;
  /// The profile's shape the graph was built for.
  bool Vliw = false;
  /// Terms that lead: the workbook puts them first, the page shows them.
  std::vector<std::string> Headline;
};

/// The model for \p P's shape. Figures are named as Figures.h names them;
/// which of them the profile has is known only to the Evaluator, so a
/// workbook whose Device sheet lacks a figure computes what analyze does.
std::unique_ptr<Model> buildModel(const DeviceProfile &P);

/// The model for \p P's shape, built once per shape (VLIW or not, its pipes
/// and their classes) and kept for the process: estimate(), occupancy and
/// every re-estimate evaluate it without building it again. Safe to call
/// from several threads; the model is only read.
const Model &modelFor(const DeviceProfile &P);

/// The graph's inputs for \p K at launch \p L: the launch sizes (lx, ly, lz
/// absent when the driver picks the local size), the per-work-item counts,
/// and the packer's and the cache model's figures that \p E keeps
/// (VliwBundles, BytesRequested, BytesMoved, BytesL2, ...; a default
/// Estimate where they are not known yet: occupancy does not read them).
/// bytes_l2, bytes_l2_partial and bytes_l2_narrow are absent without a
/// finite cache model.
Values kernelInputs(const KernelCounts &K, const LaunchSpec &L,
                    const Estimate &E);

/// What the workbook's Kernels sheet and the page call an input: its
/// column header, the `analyze --format json` field it equals ("" if
/// none) and its unit, in the order the sheet lists them.
struct InputInfo {
  std::string Name, Title, Json;
  Unit U = Unit::Count;
  /// A launch size (the sheet lists these first).
  bool Launch = false;
};
const std::vector<InputInfo> &inputInfo();

/// The inputs estimate() evaluated \p K with: kernelInputs() at its own
/// launch.
inline Values estimateInputs(const KernelCounts &K, const Estimate &E) {
  return kernelInputs(K, K.Launch, E);
}

/// One term's value as the printers show it: a number, or a label.
struct TermValue {
  double Number = 0;
  std::string Label; ///< label terms
  bool IsLabel = false;
};
/// Every term of \p M, evaluated over \p Inputs and \p Figures, in the
/// graph's order.
std::vector<std::pair<Expr, TermValue>>
evaluateTerms(const Model &M, const Values &Inputs, const Values &Figures);

/// Adds the notes of stage \p S whose condition holds to \p Notes.
void stageNotes(const Model &M, NoteStage S, Evaluator &V,
                const KernelCounts &K, std::vector<std::string> &Notes);

/// The figures in use on \p P, by model name (absent ones left out).
Values figureValues(const DeviceProfile &P, bool UseMeasured);

} // namespace clspread::model

#endif
