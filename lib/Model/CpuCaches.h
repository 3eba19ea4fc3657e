//===- CpuCaches.h - A CPU core's own caches, simulated --------*- C++ -*-===//
//
// On a CPU the layer conditions of CacheModel.h miss what costs most on
// power-of-two strides: associativity. A column of a 2048-wide float
// matrix is 2048 lines 8 KiB apart, which an L1 of 8 ways keeps 8 of, and
// a transposed store lands each work-item on its own line 32 KiB from its
// neighbour's (measured on this project's build machine: padding the
// pitch by 16 floats takes the naive matmul from 1.84 s to 0.61 s and the
// naive transpose from 34 to 17 ms, docs/results/pocl-cpu/caches). So for
// CPU profiles that give their caches' sizes and ways (`cache.l1`,
// `cache.l1_ways`, `cache.l2`, `cache.l2_ways`) the global accesses of one
// compute unit's share of work-groups are run, address by address, through
// an L1 and an L2 of least-recently-used sets, as pycachesim does for
// Kerncraft:
//
//  - the order is PoCL's: a work-group's work-items one after another (x
//    fastest), each through the kernel's loops; a loop that holds a
//    barrier runs each of its parts for every work-item before the next
//    (PoCL's work-item loop per region), and so does the kernel's body
//    when it has a barrier outside loops;
//  - addresses come from each site's affine pattern (GlobalAccess::Shape);
//    buffers start on page boundaries, one after another; sites without a
//    pattern are left out, and a note says how many;
//  - L1 is indexed by the virtual address (its ways are no larger than a
//    page); L2 by the physical one, and without huge pages a page lands on
//    any frame: each page is given a frame by a fixed hash;
//  - stores allocate their line, like loads.
//
// What it reports is the misses the throughput terms do not already hold:
// an L1 miss on a line L1 held before and lost to a conflict (a fully
// associative cache of L1's size would still hold it), which L2 serves
// again, and an L2 miss of the same kind, served from beyond L2. A line's
// first touch is compulsory traffic, streamed and prefetched, which T_MEM's
// DRAM bytes count; a capacity miss is a longer stream of the same kind
// (measured on the build machine: a column spread over L1's sets, four
// times L1, runs at 2.1 clocks a load, its instructions' pace; a column
// of 32 lines in one set of L1, 6.5 clocks, docs/results/pocl-cpu/caches).
// Model charges each conflict refetch the clocks calibrate measured for
// its level (cache.l2_refetch_cycles, cache.l3_refetch_cycles).
//
// Two more misses are counted: a load of a line L1 evicted dirty (L1
// keeps a dirty bit a line; cache.dirty_refetch_cycles on top of the
// level's), and, where the profile gives its TLB's entries
// (cache.tlb_pages), a walk of the page tables for each page a fully
// associative LRU TLB lost (cache.page_walk_cycles; a page's first touch
// counts where the launch's pages outnumber the TLB, for then the last
// launch's pages are gone too: docs/results/pocl-cpu/memory).
//
// And one of what a first touch or a capacity miss costs: the core's
// prefetchers follow a stream within a 4 KiB region and on into the
// region beside it (a stream, or a column a page apart: measured,
// docs/results/pocl-cpu/unprefetched), so a load that misses L2 in a
// region that neither one of the last PrefetchRegions regions touched
// nor lies beside one was not prefetched and waits for its line
// (cache.unprefetched_line_cycles): a column walked 8 KiB apart, every
// load on a region of its own. A stream pays it once, at its start.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_CPUCACHES_H
#define CLSPREAD_MODEL_CPUCACHES_H

#include "Analysis/KernelCounts.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace clspread {

struct CpuCacheLevel {
  uint64_t Bytes = 0;
  unsigned Ways = 1;
};

struct CpuCacheGeometry {
  unsigned Line = 64;
  uint64_t Page = 4096;
  CpuCacheLevel L1, L2;
  /// Hardware threads: each takes every ComputeUnits-th work-group.
  unsigned ComputeUnits = 1;
  /// Accesses simulated at most, and 8 times as many sites visited
  /// (counted or passed over); the counts are per access, scaled to a
  /// work-item's accesses, so the last work-item need not finish.
  uint64_t Budget = uint64_t(1) << 20;
  /// Pages the core's TLB holds (0: page walks are not counted).
  unsigned TlbPages = 0;
  /// The local size to assume when the launch leaves it to the driver.
  std::optional<std::array<uint64_t, 3>> AssumedLocal;
};

struct CpuCacheTraffic {
  bool Simulated = false;
  /// Per work-item: L1 misses on lines L1 had held and lost to a conflict
  /// (served by L2), and L2 misses of the same kind (served from beyond
  /// L2).
  double RefetchL2 = 0, RefetchBeyond = 0;
  /// Of those, loads of a line L1 had evicted dirty (a store wrote it).
  double RefetchDirty = 0;
  /// Per work-item: walks of the page tables for a page the TLB lost.
  double PageWalks = 0;
  /// Per work-item: loads that miss L2 (a first touch or a capacity miss)
  /// in a 4 KiB region that no recent access touched, nor one beside it:
  /// no prefetcher follows them (a column walked more than a page apart;
  /// Rodinia's nw: 3 to 4 last-level misses a work-item,
  /// docs/results/pocl-cpu/outside-rodinia).
  double Unprefetched = 0;
  /// Accesses run through the caches, and of the kernel's global sites
  /// those with no affine pattern (left out).
  uint64_t Accesses = 0;
  unsigned SitesLeftOut = 0;
  std::string Note;
};

/// The refetches of \p K's global sites on the caches of \p G. Not
/// simulated (Simulated false, Note says why) without a local size, with
/// caches smaller than a line or larger than 2^24 lines, or when no site
/// has an affine pattern.
CpuCacheTraffic cpuCacheTraffic(const KernelCounts &K,
                                const CpuCacheGeometry &G);

} // namespace clspread

#endif
