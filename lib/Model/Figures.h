//===- Figures.h - Every profile figure the model reads, one row each -----===//
//
// One table drives every place a profile figure appears: the model's graph
// names it (ModelGraph.cpp), the workbook's Device sheet writes it under
// that name, the what-if page embeds it under that name, `profiles show`
// and the measured-figure notes take its unit from it, and the profile
// parser checks `measured:` entries against its measurable rows. A new
// figure is one row here, one field in DeviceProfile and its YAML key in
// ProfileParser.cpp (docs/model.md, "Adding a figure and a term").
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_FIGURES_H
#define CLSPREAD_MODEL_FIGURES_H

#include "Model/DeviceProfile.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// One row of the figure table, for one profile.
struct ProfileFigure {
  std::string Path; ///< as in the profile: "memory.bandwidth"
  /// The model's name for it, which the workbook defines and the page's
  /// JSON keys: "memory_bandwidth". "" for rows that are text.
  std::string Name;
  std::string Unit; ///< as the Device sheet prints it
  Quantity::Dim Dim = Quantity::Dim::Count;
  /// The datasheet value (measurable figures) or the value (others);
  /// nullopt: not in the profile.
  std::optional<double> Value;
  /// A `measured:` entry may replace it (calibrate measures it).
  bool Measurable = false;
  /// Measurable figures for which 0 is a valid measurement.
  bool AllowZero = false;
  /// A figure that is not a number: pipes, slots.
  std::string Text;
  /// Read by the packer, the cache model or the lint rules rather than by
  /// the model's formulas: editing it in the workbook changes nothing
  /// there.
  bool ForCounts = false;
};

/// A figure that only the model's graph reads: the profile parser reads it
/// from this table (its YAML path, dimension and whether `measured:` may
/// give it), DeviceProfile keeps it in ModelFigures, and profileFigures()
/// lists it. Adding one is a row here and its term in ModelGraph.cpp
/// (docs/model.md, "Adding a figure and a term").
struct ModelOnlyFigure {
  std::string_view Path; ///< "cache.l2_latency": section and key
  std::string_view Name; ///< the model's name: "cache_l2_latency"
  std::string_view Unit; ///< as the Device sheet prints it
  Quantity::Dim Dim;
  bool Measurable = true;
  bool AllowZero = false;
};
const std::vector<ModelOnlyFigure> &modelOnlyFigures();

/// The rows for \p P, in the order the Device sheet lists them. Rows that
/// only some profiles have (VLIW slots, pipes, caches) appear where they
/// apply; every figure the model's graph reads has a row, empty when the
/// profile lacks it.
std::vector<ProfileFigure> profileFigures(const DeviceProfile &P);

/// The value the model uses for \p F: the measured one when \p UseMeasured
/// and the profile has one, else the row's value.
std::optional<double> figureInUse(const DeviceProfile &P,
                                  const ProfileFigure &F, bool UseMeasured);

} // namespace clspread

#endif
