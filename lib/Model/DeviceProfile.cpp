//===- DeviceProfile.cpp - Derived figures and source look-up -------------===//
#include "Model/DeviceProfile.h"
#include "Model/Figures.h"

namespace clspread {

const char *deviceKindName(DeviceKind K) {
  return K == DeviceKind::GPU ? "gpu" : "cpu";
}

double DeviceProfile::peakFp32Flops() const {
  // A VLIW core issues one fp32 op per slot; a SIMT/CPU compute unit issues
  // Rate[fp32] lane-ops. An FMA (mad on TeraScale) counts as two FLOPs, as
  // in every vendor's peak figure (HD 4870: 2 * 800 * 0.75 GHz = 1.2 TFLOPS).
  double LaneOpsPerClock =
      isVliw() ? double(Alu.VliwWidth) * LanesPerCU * ComputeUnits
               : Alu.Rate[unsigned(AluClass::Fp32)].value_or(0) * ComputeUnits;
  return 2 * LaneOpsPerClock * ClockHz;
}

std::string DeviceProfile::sourceOf(std::string_view Path) const {
  std::string P(Path);
  while (true) {
    auto It = Sources.find(P);
    if (It != Sources.end())
      return It->second;
    size_t Dot = P.rfind('.');
    if (Dot == std::string::npos)
      return {};
    P.resize(Dot);
  }
}

bool DeviceProfile::isUncertain(std::string_view Path) const {
  return sourceOf(Path).find("(U)") != std::string::npos;
}

const std::vector<MeasurableFigure> &measurableFigures() {
  static const std::vector<MeasurableFigure> Figures = [] {
    std::vector<MeasurableFigure> Figures;
    for (const NumericFigure &F : numericFigures())
      if (F.Measurable)
        Figures.push_back({F.Path, F.Dim, F.AllowZero});
    return Figures;
  }();
  return Figures;
}

Quantity::Dim measuredFigureDim(std::string_view Path) {
  for (const MeasurableFigure &F : measurableFigures())
    if (F.Path == Path)
      return F.Dim;
  return Quantity::Dim::Count; // alu.rates.CLASS
}

const Measurement *DeviceProfile::measured(std::string_view Path) const {
  auto It = Measured.find(std::string(Path));
  return It == Measured.end() ? nullptr : &It->second;
}

std::optional<double>
DeviceProfile::inUse(std::string_view Path,
                     std::optional<double> Datasheet) const {
  if (const Measurement *M = measured(Path))
    return M->Value;
  return Datasheet;
}

} // namespace clspread
