//===- DeviceProfile.h - What the spreadsheet needs to know about a device ===//
//
// A DeviceProfile is one GPU (or CPU) described by the figures the model
// uses: compute units, lanes, wavefront, clock, ALU issue (VLIW slots or
// per-class rates), fetch units, memory bandwidth and transaction size, and
// the resources that limit occupancy. Profiles are YAML files with units
// written out (docs/profiles.md is the schema); every figure carries a
// source, and figures measured on a real device may sit beside the
// datasheet ones.
//
// Loading validates completely: errors name the file, line and column
// ("hd4870.yaml:12:14: error: ...") so a profile author can fix them
// without reading this code.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_DEVICEPROFILE_H
#define CLSPREAD_MODEL_DEVICEPROFILE_H

#include "Analysis/KernelCounts.h"
#include "Model/ErrorBand.h"
#include "Support/Quantity.h"

#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clspread {

/// The profile `--profile` selects when none is given: the HD 4870 of AMD's
/// talk "AMD and OpenCL" (2009).
constexpr const char *DefaultProfileId = "hd4870";
/// The schema version this build reads (the `schema:` key).
constexpr unsigned ProfileSchemaVersion = 1;

enum class DeviceKind { GPU, CPU };
const char *deviceKindName(DeviceKind K); // "gpu", "cpu"

/// On a VLIW profile, a class that the compiler expands into a sequence of
/// slot-ops (TeraScale has no integer divider: udiv is ~19 ops).
/// The packer replaces each lane-op of the class by a chain of Depth nodes,
/// the first TSlotOps of which only the transcendental slot takes, plus
/// Ops - Depth side nodes that hang off the chain's head and feed its tail.
struct SlotExpansion {
  unsigned Ops = 1;
  unsigned Depth = 1;
  unsigned TSlotOps = 0;
};

struct AluSpec {
  /// Slots per bundle; 1 for SIMT and CPU profiles.
  unsigned VliwWidth = 1;

  // VLIW profiles (VliwWidth > 1).
  /// How many slots of a bundle can take t-slot-only ops (TeraScale: 1).
  unsigned TranscendentalSlots = 0;
  /// Classes that only the transcendental slot can execute.
  std::array<bool, NumAluClasses> TSlotOnly{};
  /// Classes the compiler expands into several slot-ops.
  std::array<std::optional<SlotExpansion>, NumAluClasses> Expand{};

  // SIMT and CPU profiles (VliwWidth == 1).
  /// Lane-ops of each class one compute unit issues per clock; nullopt
  /// means the device has no unit for the class (`none` in YAML, e.g. fp64
  /// on Mali-G76).
  std::array<std::optional<double>, NumAluClasses> Rate{};

  /// Optional (`alu.pipes`, `alu.issue_per_clock`): the execution pipe each
  /// class runs on, and the lane-ops a compute unit issues per clock over
  /// all pipes. With them, classes on different pipes may overlap:
  ///   bound  = max(issue cycles, the busiest pipe's cycles)
  ///   cycles = bound + pipe_overlap x (sum of all classes' cycles - bound)
  /// pipe_overlap 1 (the default) is no overlap at all, 0 is full overlap;
  /// calibrate's alu_mix measures it.
  std::array<int, NumAluClasses> Pipe{-1, -1, -1, -1, -1, -1, -1, -1};
  std::vector<std::string> PipeNames;
  std::optional<double> IssuePerClock;
  std::optional<double> PipeOverlap;

  /// CPU profiles (`alu.llvm_cpu`): the LLVM CPU the device's OpenCL
  /// compiler builds for (PoCL's device name, pthread-<cpu>); the model
  /// then counts the instructions of that compiler's code (CpuCode.h).
  std::string LlvmCpu;
};

/// A figure measured on a real device, with what is needed to repeat it.
struct Measurement {
  double Value = 0;    ///< in the figure's SI unit (B/s, Hz, lane-ops/clk)
  std::string Command; ///< the command that measured it
  std::string Device;  ///< the device as the driver names it
  std::string Driver;  ///< driver / platform version, "" if not recorded
  std::string Date;    ///< ISO date
  std::string Note;    ///< free text, "" if none
};

struct DeviceProfile {
  std::string Id;   ///< "hd4870"
  std::string Name; ///< "ATI Radeon HD 4870 (RV770, TeraScale 1)"
  DeviceKind Kind = DeviceKind::GPU;
  /// Where it was loaded from: a path, or "device-profiles/<id>.yaml" for a
  /// bundled profile. Used in messages.
  std::string File;

  unsigned ComputeUnits = 0; ///< SIMD engines / SMs / EUs / shader cores
  unsigned LanesPerCU = 0;   ///< ALU lanes (VLIW cores) per compute unit
  unsigned Wavefront = 0;    ///< work-items issued together (warp, SIMD)
  double ClockHz = 0;

  AluSpec Alu;

  double TexUnitsPerCU = 0;       ///< fetches per clock per compute unit
  bool GlobalLoadsUseTex = false; ///< TeraScale VTX_READ
  /// CL_DEVICE_IMAGE_SUPPORT (tex.images, default true): kernels are built
  /// with __IMAGE_SUPPORT__ defined.
  bool ImageSupport = true;
  /// The device's OpenCL offers cl_khr_fp16, arithmetic on `half`
  /// (alu.fp16); nullopt: the profile does not say, and nothing is
  /// reported. Without it, `half` is a storage format only (OpenCL C 1.2,
  /// 9.5): kernels are built without the cl_khr_fp16 macros.
  std::optional<bool> Fp16;
  /// The device does double precision: a VLIW profile, or a rate for fp64
  /// (not `none`).
  bool hasFp64() const {
    return isVliw() || Alu.Rate[unsigned(AluClass::Fp64)].has_value();
  }

  double BandwidthBps = 0; ///< DRAM bandwidth, bytes per second
  unsigned TransactionBytes = 0;
  /// `memory.write_allocate`: a store that misses the cache first reads
  /// its line (x86's write-back caches, which PoCL's plain stores use), so
  /// a buffer the kernel only writes moves its bytes twice.
  bool WriteAllocate = false;

  /// Register file per compute unit in units of RegisterUnitBytes; nullopt
  /// when registers do not limit occupancy (CPUs).
  std::optional<unsigned> RegistersPerCU;
  unsigned RegisterUnitBytes = 4;

  /// Local memory per LDS pool; nullopt when __local lives in ordinary
  /// memory and does not limit occupancy (CPUs, Mali).
  std::optional<uint64_t> LdsBytes;
  /// Compute units sharing one LDS pool (Intel: 8 EUs per subslice).
  unsigned LdsSharedBy = 1;

  unsigned MaxWavesPerCU = 0;
  std::optional<unsigned> MaxGroupsPerCU;

  /// Largest work-group the device launches (CL_DEVICE_MAX_WORK_GROUP_SIZE);
  /// nullopt when the profile does not say.
  std::optional<unsigned> MaxWorkGroupSize;
  /// The rule by which the driver picks a local size the launch leaves to
  /// it (`launch.driver_local`): "pocl", or empty (unknown; DriverLocal.h).
  std::string DriverLocal;

  /// Vendor advice on work-group shapes (`work_group:` in YAML), for the
  /// lint rules. Zero / empty / nullopt: the profile gives no such advice.
  struct WorkGroupAdvice {
    /// Local sizes should be a multiple of this (0: the wavefront).
    unsigned Multiple = 0;
    /// Recommended range of work-items per group (Mali: 4 to 64).
    unsigned RecommendedMin = 0, RecommendedMax = 0;
    /// Sizes the vendor prefers (Mali: 128, 256).
    std::vector<unsigned> Preferred;
    /// The compiler sizes registers from reqd_work_group_size (Arm), so
    /// kernels should declare it.
    bool ReqdSizeAdvised = false;
    /// With barriers, groups larger than this are slower (Arm).
    std::optional<unsigned> BarrierGroupMax;
    /// Global sizes should be a multiple of this when the driver picks the
    /// local size (Mali: 4); 0: no advice.
    unsigned GlobalMultiple = 0;
  } WorkGroup;

  /// Launch checks (AMD's talk "AMD and OpenCL", 2009: 10 SIMDs x 2 waves x
  /// 64 fill the HD 4870, 2560 work-items hide latency): waves per compute
  /// unit to fill the device and to hide latency.
  unsigned WavesPerCUMin = 2;
  unsigned WavesPerCULatency = 4;

  std::optional<double> LaunchOverheadS;
  /// DRAM latency under load: with too few bytes in flight per compute
  /// unit, bandwidth is latency-bound (Little's law). Optional.
  std::optional<double> MemoryLatencyS;
  /// How the bandwidth and latency limits of T_MEM combine near the knee,
  /// where neither alone explains the time: T = (T_bw^p + T_lat^p)^(1/p).
  /// nullopt: p = infinity, the larger of the two. Measured by calibrate's
  /// copy_knee, a launch whose two limits are about equal.
  std::optional<double> MemoryOverlapExponent;
  /// Bytes of __local memory one compute unit reads or writes per clock.
  /// Optional; without it, LDS traffic costs no time.
  std::optional<double> LdsBytesPerClock;
  /// Compute-unit clock cycles one barrier costs per work-item of the group
  /// (the group's barrier cost spread over its items). Optional.
  std::optional<double> BarrierItemCycles;
  /// How a kernel's barrier-separated phases combine: Tkernel =
  /// (T_ALU^p + T_MEM^p)^(1/p) for kernels with barriers. Optional;
  /// calibrate's phase_mix measures it.
  std::optional<double> BarrierPhaseExponent;
  /// Compute-unit clock cycles to start one work-group
  /// (`work_group.dispatch_cycles`): a launch of G groups takes at least
  /// G / compute_units of them, however little each does. Optional;
  /// calibrate's `empty` at groups of 32 measures it.
  std::optional<double> DispatchCycles;

  /// Caches (`cache:` in YAML), for the finite-cache model
  /// (Model/CacheModel.h). Without them, a buffer's traffic is capped at its
  /// footprint as if the cache were infinite.
  struct CacheSpec {
    /// Bytes per cache line, when lines hold several transactions (NVIDIA:
    /// 128 B of 32 B sectors); capacity is counted in lines.
    std::optional<uint64_t> LineBytes;
    /// Data cache per compute unit that global loads go through (NVIDIA:
    /// the L1 shared with __local; AMD: the vector L1).
    std::optional<uint64_t> L1Bytes;
    /// Stores pass through L1 to L2 (NVIDIA, AMD GCN) rather than stay.
    bool L1WriteThrough = true;
    /// L1 and __local share one pool (NVIDIA): the __local the resident
    /// work-groups allocate is not there for data.
    bool L1SharedWithLds = false;
    /// Last-level cache in front of DRAM, shared by all compute units.
    std::optional<uint64_t> L2Bytes;
    /// Bytes per second L2 serves to the compute units, all together
    /// (optional; measured by `clspread calibrate`'s l2 benchmark).
    std::optional<double> L2BandwidthBps;
    /// Sector bytes per second L2 takes in from stores that write only part
    /// of each sector (optional; calibrate's l2_partial_store measures it).
    std::optional<double> L2PartialBandwidthBps;
    /// Bytes DRAM moves per L2 miss, when larger than a sector (Hopper: a
    /// 64 B pair of 32 B sectors).
    std::optional<uint64_t> DramGranuleBytes;
    /// A CPU's ways of L1 and of its core's own L2, and its page size:
    /// with them and the sizes, CpuCaches.h simulates the core's caches
    /// (CPU profiles; the layer conditions above are for GPUs).
    std::optional<unsigned> L1Ways, L2Ways;
    std::optional<uint64_t> PageBytes;
    /// Pages a core's last-level TLB holds (its second-level data TLB):
    /// with it, CpuCaches.h counts the page walks of what it simulates.
    std::optional<unsigned> TlbPages;
    /// L1 lines a compute unit looks up per clock (NVIDIA: 1; measured by
    /// bench/l1_lines); adds T_L1 to T_MEM.
    std::optional<double> L1LinesPerClock;
  } Cache;

  /// Figures only the model's graph reads (Figures.h's numericFigures() rows
  /// without a field here),
  /// by path, where the profile gives them.
  std::map<std::string, double> ModelFigures;

  /// Measured figures keyed by figure path: "memory.bandwidth", "clock",
  /// "alu.rates.fp32", "launch_overhead".
  std::map<std::string, Measurement> Measured;
  /// Source text keyed by figure path or a parent of it ("alu.rates").
  std::map<std::string, std::string> Sources;

  /// What validate measured of the model on this device (`validation:`),
  /// and the error band each bound class's estimates carry from it
  /// (indexed by Bound; nullopt without a validation).
  std::vector<ValidationRecord> Validation;
  std::array<std::optional<ErrorBand>, 3> Bands;

  bool isVliw() const { return Alu.VliwWidth > 1; }
  /// Peak fp32 FLOP/s, an FMA counted as two.
  double peakFp32Flops() const;
  /// The source for a figure path: its own entry or its nearest parent's.
  /// Empty when there is none (defaults such as launch.*).
  std::string sourceOf(std::string_view Path) const;
  /// True when the figure's source is marked "(U)": a forum or aggregator
  /// figure, or one where sources conflict.
  bool isUncertain(std::string_view Path) const;
  const Measurement *measured(std::string_view Path) const;
  /// The value analyze estimates with (EstimateOptions::UseMeasured, the
  /// default): the measured one where the profile has it, else
  /// \p Datasheet.
  std::optional<double> inUse(std::string_view Path,
                              std::optional<double> Datasheet) const;
};

/// A figure that a `measured` entry may give (besides "alu.rates.CLASS",
/// a count, on profiles that are not VLIW): its dimension, and whether 0
/// is a valid value (a launch can cost nothing measurable).
struct MeasurableFigure {
  std::string_view Path;
  Quantity::Dim Dim;
  bool AllowZero;
};
/// Every such figure: the measurable rows of numericFigures() (Figures.h),
/// in the order the profile schema lists them.
const std::vector<MeasurableFigure> &measurableFigures();

/// The dimension of a figure that a `measured` entry may give (a count for
/// "alu.rates.CLASS").
Quantity::Dim measuredFigureDim(std::string_view Path);

/// Parses and validates one profile. \p FileName is used in messages.
/// Every error message is complete as printed, one of
///   FILE:LINE:COL: error: MESSAGE
///   clspread: error: MESSAGE
/// so a caller prints toString(Err) as is and exits 2.
llvm::Expected<DeviceProfile> parseProfile(std::string_view Text,
                                           std::string_view FileName);

/// A bundled id ("hd4870") or, when the value contains '/' or ends in
/// .yaml/.yml, a path to a profile file.
llvm::Expected<DeviceProfile> findProfile(std::string_view IdOrPath);

/// Whether findProfile() takes \p IdOrPath as a path (it contains '/' or
/// ends in .yaml/.yml) rather than a bundled id.
bool isProfilePath(std::string_view IdOrPath);

/// The text findProfile() parses, and the file name its messages use.
struct ProfileSource {
  std::string Text, Name;
};
llvm::Expected<ProfileSource> findProfileSource(std::string_view IdOrPath);

/// Every bundled profile, sorted by id. A bundled profile that fails to
/// load is a build defect (the unit tests load them all) and aborts.
std::vector<DeviceProfile> bundledProfiles();

/// Ids of the bundled profiles, sorted.
std::vector<std::string> bundledProfileIds();

} // namespace clspread

#endif
