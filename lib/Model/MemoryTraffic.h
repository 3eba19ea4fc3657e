//===- MemoryTraffic.h - DRAM bytes after coalescing and caching ----------===//
//
// T_MEM needs the bytes that cross the DRAM interface, which differ from
// the bytes a kernel asks for in two directions:
//
//  - Coalescing (CUB's cub::WarpLoadAlgorithm documentation): a
//    wavefront's accesses are served in transactions of the profile's size
//    T. With stride S between neighbouring work-items, access width w and
//    wavefront W, one execution of a site by a wavefront costs
//        S == 0      ceil(w / T)                     (all lanes, one address)
//        |S| >= T    W * ceil(w / T)                 (one per lane)
//        otherwise   ceil((|S| * (W - 1) + w) / T)   (the span, in T pieces)
//    transactions; per work-item that is transactions * T / W bytes.
//    A site whose stride Analysis could not find is charged w bytes per
//    execution (as if coalesced), with a note.
//  - Caching: a buffer cannot need more DRAM traffic than its footprint
//    (the unique bytes touched over the whole NDRange, rounded up to T), so
//    a 3x3 stencil's nine reads per item cost about one read of the image.
//    Loads and stores of a buffer are capped separately by its footprint.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_MEMORYTRAFFIC_H
#define CLSPREAD_MODEL_MEMORYTRAFFIC_H

#include "Analysis/KernelCounts.h"
#include "Model/CacheModel.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// Transactions one wavefront issues for one execution of an access of
/// \p Width bytes with neighbour stride \p StrideBytes.
uint64_t transactionsPerWavefront(int64_t StrideBytes, unsigned Width,
                                  unsigned Wavefront, unsigned Transaction);

struct MemoryTraffic {
  double BytesRequested = 0; ///< per item, as the kernel asks (all sites)
  double BytesMoved = 0;     ///< per item, after coalescing and caps
  /// Per item: bytes that miss L1 and are served by L2, when the finite
  /// cache model was used (Finite).
  double BytesL2 = 0;
  double PartialStoreBytes = 0; ///< part of BytesL2 (CacheTraffic)
  double NarrowStoreBytes = 0;  ///< part of BytesL2 (CacheTraffic)
  double L1Lines = 0;           ///< per item (CacheTraffic)
  double FootprintBytes = 0;    ///< the launch's (CacheTraffic)
  /// Per item: wavefront executions of global stores, and of atomics,
  /// that every work-item of the launch aims at one address (a "found"
  /// flag, a counter), divided by the wavefront. A wavefront's lanes merge
  /// into one request, and the launch's requests queue at the one L2 slice
  /// that holds the address (Model's t_same_address).
  double SameAddressStores = 0, SameAddressAtomics = 0;
  /// Per loaded buffer (CacheTraffic::LoadOdds), when Finite.
  std::map<std::string, CacheTraffic::LevelOdds> LoadOdds;
  bool Finite = false;
  std::vector<std::string> Notes;
};

/// DRAM traffic of \p K's global and constant sites on a device with the
/// given wavefront and transaction size. With \p Cache (a profile that
/// gives cache sizes) and a launch with a local size, the finite cache
/// model of CacheModel.h replaces the footprint caps.
/// With \p WriteAllocate, the stores to a buffer the kernel does not read
/// also read their lines (without a finite cache model).
MemoryTraffic memoryTraffic(const KernelCounts &K, unsigned Wavefront,
                            unsigned Transaction,
                            const CacheGeometry *Cache = nullptr,
                            bool WriteAllocate = false);

} // namespace clspread

#endif
