//===- Estimate.h - The spreadsheet's answer for one kernel ----*- C++ -*-===//
//
// What Model computes from KernelCounts and a DeviceProfile:
//   T_ALU, T_TEX, T_MEM, Tkernel = max(...) and the bound (the spreadsheet
//   analysis of AMD's talk "AMD and OpenCL" (2009)),
//   occupancy with its limiter. Findings about the launch and the source
//   are lint rules (lib/Lint), computed from this record.
// Report prints it; it holds no formatting.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_ESTIMATE_H
#define CLSPREAD_MODEL_ESTIMATE_H

#include "Analysis/KernelCounts.h"
#include "Model/ErrorBand.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace clspread {

struct Occupancy {
  unsigned WavesPerCU = 0;
  /// "registers", "lds", "work-group-size", "hardware" or "launch" (the
  /// NDRange has fewer waves than the hardware could hold).
  std::string LimitedBy;
  unsigned WavesByRegisters = 0, WavesByLds = 0, WavesByWorkGroups = 0,
           WavesByHardware = 0;
  /// Waves per CU the NDRange itself provides (ceil(total waves / CUs)).
  unsigned WavesByLaunch = 0;
  /// The work-group size used (the launch's, or one wavefront when the
  /// launch leaves it to the driver) and the wavefronts it makes.
  unsigned GroupSize = 0, WavesPerGroup = 0;
};

struct Estimate {
  // Per work-item figures that depend on the device.
  double VliwBundles = 0;    ///< ALU issue slots after packing (= lane-ops
                             ///< when vliw_width is 1)
  double TexFetches = 0;     ///< image reads + global loads on profiles
                             ///< whose loads use the fetch units
  double BytesMoved = 0;     ///< DRAM bytes per item after coalescing and
                             ///< footprint caps
  double AluCycles = 0;      ///< issue cycles per item on one lane
  double BytesRequested = 0; ///< global + constant bytes per item as the
                             ///< kernel asks for them (before coalescing)
  uint64_t WorkItems = 0;    ///< N, the launch's global size
  /// Fixed cost per launch from the profile (0 if it gives none); reported
  /// beside TKernelS, not added to it (the Tkernel of AMD's talk has no such
  /// term).
  double LaunchOverheadS = 0;

  double TAluS = 0, TTexS = 0, TMemS = 0, TKernelS = 0;
  /// Parts of the terms: __local traffic (inside T_ALU: LDS instructions
  /// take the SIMD's issue slots), and the two limits of T_MEM, bandwidth
  /// and latency (too few bytes in flight, Little's law).
  double TLdsS = 0, TMemBandwidthS = 0, TMemLatencyS = 0;
  double TBarrierS = 0; ///< barriers, inside T_ALU like LDS
  /// With the finite cache model (profiles with `cache:`): bytes per item
  /// L2 serves (L1 misses and write-through stores), and the time at the
  /// L2 bandwidth, a third limit of T_MEM.
  bool FiniteCache = false;
  double BytesL2 = 0, TMemL2S = 0;
  /// Of BytesL2, the sectors stores write only part of, charged at
  /// cache.l2_partial_bandwidth when the profile has it.
  double BytesL2Partial = 0;
  /// Of BytesL2, whole sectors of stores of at most 8 bytes a lane,
  /// charged at cache.l2_narrow_store_bandwidth when the profile has it.
  double BytesL2Narrow = 0;
  /// L1 lines looked up per item, and the time at cache.l1_lines_per_clock
  /// (a fourth limit of T_MEM, when the profile has the figure).
  double L1Lines = 0, TMemL1S = 0;
  /// The launch's footprint the cache model compares with what a repeated
  /// launch finds in L2 (cache.l2_warm_footprint), in bytes.
  double FootprintBytes = 0;
  /// Per work-item, on CPU profiles whose caches are simulated
  /// (CpuCaches.h): lines fetched again from L2, and from beyond it.
  double CpuRefetchL2 = 0, CpuRefetchBeyond = 0;
  /// Of those, loads of lines L1 evicted dirty; and the page walks.
  double CpuRefetchDirty = 0, CpuPageWalks = 0;
  /// Loads that miss L2 where no prefetcher follows (CpuCaches.h), and
  /// the bytes that pass through the last level from one launch to the
  /// next (the lines the launch touches, the buffers the runner restores).
  double CpuUnprefetched = 0, CpuLaunchBytes = 0;
  /// Wavefront executions per item of stores and of atomics the whole
  /// launch aims at one address (MemoryTraffic), and their time queued at
  /// that address's L2 slice (a limit of T_MEM, when the profile has
  /// cache.same_address_store_cycles or cache.same_address_atomic_cycles).
  double SameAddressStores = 0, SameAddressAtomics = 0, TMemSameAddressS = 0;
  /// Chained load rounds per item by the level that serves each
  /// (Analysis' LoadRound, the cache model's odds), and their time.
  double ChainRoundsL1 = 0, ChainRoundsL2 = 0, ChainRoundsDram = 0;
  /// Those of them behind stores (LoadRound::BehindStores), which wait in
  /// the stores' queue.
  double ChainRoundsQueued = 0;
  /// The same for the work-item that runs the most (LoadRound).
  double LongestRoundsL1 = 0, LongestRoundsL2 = 0, LongestRoundsDram = 0;
  /// Rounds in unrolled loops whose loads no store feeds (Analysis'
  /// LoopRounds) by level: the mean work-item's, by the whole group's odds,
  /// and the longest work-item's, by its own strides.
  double LoopRoundsL1 = 0, LoopRoundsL2 = 0, LoopRoundsDram = 0;
  double LongestLoopRoundsL1 = 0, LongestLoopRoundsL2 = 0,
         LongestLoopRoundsDram = 0;
  /// The other rounds a work-item waits in full (Analysis' PlainRounds) by
  /// the level that serves them, when the cache model gives each loaded
  /// buffer its odds: a round waits for its slowest load, so it waits on
  /// DRAM where any of its loads does.
  double PlainRoundsL1 = 0, PlainRoundsL2 = 0, PlainRoundsDram = 0;
  double TMemChainS = 0;
  /// The longest work-item's own path (Model's t_item).
  double TMemItemS = 0;
  /// Work-groups in the launch (0 when the driver picks the local size),
  /// and the time to start them at work_group.dispatch_cycles (0 without
  /// the figure): Tkernel is at least this, whatever the bound.
  double Groups = 0, TDispatchS = 0;
  Bound Limit = Bound::ALU;
  Occupancy Occ;
  /// ALU classes the kernel uses that the device has no unit for
  /// (alu.rates.CLASS: none); their lane-ops are left out of T_ALU and the
  /// portability rules report them (lib/Lint).
  std::vector<AluClass> Unsupported;
  /// Where the model used a figure it had to assume, or a limit won, for
  /// this kernel.
  std::vector<std::string> Notes;
  /// Which profile figures were measured rather than taken from the
  /// datasheet ("memory.bandwidth: measured 3.1 TB/s used instead of ..."):
  /// the same for every kernel on the profile, so the table prints them
  /// once per report.
  std::vector<std::string> ProfileNotes;
  /// How far estimates of this bound class are usually off on this
  /// profile, from its validation (ErrorBand.h); nullopt: it has none.
  std::optional<ErrorBand> Band;
  /// The first time of the estimate that is not a finite number ("T_MEM
  /// inf s"), or "": a profile figure of absurd size (a bandwidth of
  /// 1e-300 B/s) must give an error, not "t_kernel_s": inf in a report.
  std::string nonFinite() const {
    const std::pair<const char *, double> Terms[] = {
        {"T_ALU", TAluS},
        {"T_TEX", TTexS},
        {"T_MEM", TMemS},
        {"Tkernel", TKernelS},
        {"overhead", LaunchOverheadS},
        {"dispatch", TDispatchS},
        {"LDS", TLdsS},
        {"barriers", TBarrierS},
        {"DRAM bandwidth", TMemBandwidthS},
        {"latency", TMemLatencyS},
        {"L2", TMemL2S},
        {"L1", TMemL1S},
        {"one address", TMemSameAddressS},
        {"bytes moved", BytesMoved}};
    for (auto [Name, V] : Terms)
      if (!std::isfinite(V))
        return std::string(Name) + " " + (std::isnan(V) ? "nan" : "inf");
    return "";
  }
  /// ProfileNotes, then Notes: every note, for the JSON and the workbook.
  std::vector<std::string> allNotes() const {
    std::vector<std::string> All = ProfileNotes;
    All.insert(All.end(), Notes.begin(), Notes.end());
    return All;
  }
};

} // namespace clspread

#endif
