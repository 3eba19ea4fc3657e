//===- CacheModel.h - Traffic through caches of finite size ----*- C++ -*-===//
//
// How many bytes cross each level of the memory hierarchy, for profiles
// that give their cache sizes (`cache:`), in the manner of Kerncraft's
// layer conditions: data is reused from a cache only when everything
// touched between the use and the reuse fits in it.
//
// Every global access site with an affine address (GlobalAccess::Shape) is
// a set of byte offsets over work-item ids and loop iterations. For a set
// X of work-groups and a scope k (the innermost k loops of each site run
// in full, the outer ones fixed), distinctSectors() counts the sectors the
// set touches. The work-groups resident at one time are assumed to progress
// through their loops together (lockstep), so:
//
//   L1 (per compute unit): X is one work-group, and the groups resident on
//     one compute unit share no data; scope k is kept when
//     groups_per_cu x bytes(X, k) <= l1 (less the __local they allocate
//     where L1 and __local share a pool). L2 traffic = the loads' sectors
//     at the largest kept scope, repeated over the outer iterations and all
//     groups; stores pass through to L2 on write-through L1s.
//   L2 (device): X is the window of groups resident on the device at once
//     (groups_per_cu x compute units, consecutive in launch order, id 0
//     fastest). If the window's whole footprint fits, neighbouring windows
//     reuse what it left and DRAM traffic is the buffers' footprint (the
//     infinite-cache cap); otherwise the largest kept scope's sectors,
//     repeated, as for L1.
//
// No level moves more than the level above asks for, nor less than the
// compulsory footprint. Sites without an affine address are charged their
// coalesced transactions at every level (no reuse), as before.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_CACHEMODEL_H
#define CLSPREAD_MODEL_CACHEMODEL_H

#include "Analysis/KernelCounts.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clspread {

/// The offsets {Const + sum_i Coef_i * v_i : 0 <= v_i < Extent_i}, each the
/// start of an access of Width bytes.
struct OffsetSet {
  int64_t Const = 0;
  std::vector<std::pair<int64_t, uint64_t>> Terms; ///< (coefficient, extent)
  unsigned Width = 4;
};

/// Distinct \p Sector-byte sectors \p S touches. Sets of up to 256
/// accesses (every wavefront's) are listed and counted exactly. Larger
/// ones use a closed form: exact for nested strides whose larger
/// coefficients are multiples of the span below them, the shapes GPU
/// kernels index with, and for copies of a contiguous run at any stride,
/// whose sectors are averaged over where each copy starts in its sector;
/// otherwise an estimate that can be below the count when a unit with gaps
/// is copied at a stride that is not a multiple of the sector. Sector
/// boundaries are taken at offset 0, i.e. buffers are sector-aligned.
double distinctSectors(const OffsetSet &S, unsigned Sector);

/// \p K's footprint of the buffer argument \p Arg, if Analysis bounded it
/// (a footprint of zero bytes is no bound); nullptr otherwise.
const BufferFootprint *boundedFootprint(const KernelCounts &K,
                                        const std::string &Arg);

/// The sectors of \p Sector bytes that \p Lanes accesses of \p Width bytes
/// reach when each lands at random in \p SpanBytes (a gather through an
/// index filled in no order): the expected number of distinct sectors among
/// that many uniform picks, no fewer than the coalesced access's.
double scatteredSectors(uint64_t SpanBytes, double Lanes, unsigned Width,
                        unsigned Sector);

/// Sectors one wavefront of \p Wavefront work-items (consecutive in
/// linear local-id order, within one work-group of size \p Local) touches
/// for one execution of an access with \p Shape.
double wavefrontSectors(const GlobalAccess::Pattern &Shape, unsigned Width,
                        const std::array<uint64_t, 3> &Local,
                        unsigned Wavefront, unsigned Sector);

struct CacheGeometry {
  unsigned Wavefront = 32;
  unsigned Sector = 32;
  /// Bytes a cache allocates per tag (NVIDIA: 128 B lines of 32 B
  /// sectors); capacities are counted in lines. At least Sector.
  unsigned Line = 32;
  unsigned ComputeUnits = 1;
  unsigned GroupsPerCU = 1; ///< resident work-groups per compute unit
  uint64_t L1Bytes = 0;     ///< 0: no L1 data cache for global loads
  bool L1WriteThrough = true;
  uint64_t L2Bytes = 0; ///< 0: no L2 (DRAM traffic = L2 traffic)
  /// Bytes L2 moves to or from DRAM per miss (NVIDIA Hopper: 64 B, a pair
  /// of sectors; measured by bench/strided_reads). At least Sector. A
  /// sector whose neighbour in the granule is never used still costs the
  /// granule.
  unsigned DramGranule = 32;
  /// The most bytes rewritten before a launch (KernelCounts::
  /// RewrittenBytes) with L2 still warm from the launch before
  /// (cache.l2_warm_rewrite); nullopt: any.
  std::optional<double> WarmRewrite;
  /// The largest launch footprint a repeated launch finds in L2
  /// (cache.l2_warm_footprint): up to it, DRAM moves only what the launch
  /// stores. Nullopt: the launch's loads wait on L2 when it fits L2Bytes,
  /// but DRAM still moves its footprint (a profile that has not measured
  /// what L2 keeps).
  std::optional<double> WarmFootprint;
  /// The local size to assume when the launch leaves it to the driver.
  std::optional<std::array<uint64_t, 3>> AssumedLocal;
};

struct CacheTraffic {
  /// Per work-item: bytes of the sectors the wavefronts request (L1's
  /// traffic), the bytes that miss L1 (L2's traffic) and that miss L2
  /// (DRAM's traffic).
  double L1Bytes = 0, L2Bytes = 0, DramBytes = 0;
  /// Per work-item: bytes of the sectors that stores write only part of
  /// (a wavefront's store that leaves some of each sector's bytes alone).
  /// Write-through L1s pass them to L2 one at a time, and L2 merges them at
  /// a lower rate than whole sectors (measured: cache.l2_partial_bandwidth).
  /// They are part of L2Bytes.
  double PartialStoreBytes = 0;
  /// Per work-item: bytes of whole sectors written by stores of at most 8
  /// bytes a lane (part of L2Bytes).
  double NarrowStoreBytes = 0;
  /// Per work-item: L1 lines its wavefronts' loads and stores look up, each
  /// instruction counted once per distinct line it touches (an NVIDIA L1
  /// handles one line per clock: bench/l1_lines).
  double L1Lines = 0;
  /// The launch's footprint in DRAM granules, the bytes compared with
  /// CacheGeometry::WarmFootprint (calibrate's footprint sweep reads it).
  double FootprintBytes = 0;
  /// Per buffer that is loaded: the odds that one wavefront's execution of
  /// a load of it waits on L2 and on DRAM, the shares of its requested
  /// sectors those levels serve. The lanes of a wavefront cross into new
  /// sectors together (a row per work-item misses in one iteration of
  /// eight, all lanes at once), so a share of sectors is a share of
  /// executions. A launch whose whole footprint fits L2 is taken to run
  /// again on data L2 holds (as timed runs do): no load waits on DRAM.
  /// Model's t_chain reads them.
  struct LevelOdds {
    double L2 = 1, Dram = 1;
  };
  std::map<std::string, LevelOdds> LoadOdds;
  std::vector<std::string> Notes;
};

/// Traffic of \p K's global and constant sites on a device of geometry
/// \p G. Needs the launch's local size or G.AssumedLocal.
CacheTraffic cacheTraffic(const KernelCounts &K, const CacheGeometry &G);

} // namespace clspread

#endif
