//===- Figures.h - Every profile figure the model reads, one row each -----===//
//
// One table drives every place a profile figure appears: the model's graph
// names it (ModelGraph.cpp), the workbook's Device sheet writes it under
// that name, the what-if page embeds it under that name, `profiles show`
// and the measured-figure notes take its unit from it, and the profile
// parser reads every numeric figure from its row (numericFigures()) and
// checks `measured:` entries against its measurable rows. A new figure the
// model reads is one row here (docs/model.md, "Adding a figure and a
// term").
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

/// A figure the profile schema holds as one number: the row is all the
/// code knows of it. The profile parser reads it from its path (with its
/// dimension, whether its section must give it, whether 0 is valid and the
/// key it goes with) and checks its section's keys against the table;
/// measurableFigures() is the table's measurable rows, which `measured:`
/// entries and calibrate's checks go by; profileFigures() lists it with its
/// unit for the Device sheet, the page and `profiles show`.
struct NumericFigure {
  std::string_view Path; ///< "memory.bandwidth": section and key, or a key
  std::string_view Name; ///< the model's name: "memory_bandwidth"
  std::string_view Unit; ///< as the Device sheet prints it
  Quantity::Dim Dim;
  bool Measurable = true; ///< a `measured:` entry may replace it
  bool AllowZero = false;
  bool Required = false;  ///< its section must give it
  std::string_view Needs; ///< a key of its section it goes with
  /// The DeviceProfile field it reads and fills; both null: a figure only
  /// the model's graph reads, kept in DeviceProfile::ModelFigures.
  std::optional<double> (*Get)(const DeviceProfile &) = nullptr;
  void (*Set)(DeviceProfile &, double) = nullptr;

  std::optional<double> value(const DeviceProfile &P) const;
  void set(DeviceProfile &P, double V) const;
};
/// Every row, in the order the profile schema lists them.
const std::vector<NumericFigure> &numericFigures();
/// The row for \p Path, or null.
const NumericFigure *numericFigure(std::string_view Path);

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
