//===- KernelCounts.h - What one work-item of a kernel does ----*- C++ -*-===//
//
// The device-independent record Analysis produces for one kernel and one
// launch: ALU lane-ops by class, memory traffic by address space, texture
// fetches, barriers, the access pattern of every global access, the unique
// footprint of every buffer, a register estimate, the per-block dependence
// graphs that VLIW packing needs, and the assumptions made on the way.
//
// All per-work-item figures are averages over the NDRange: a block that runs
// for half the work-items contributes half its instructions. Multiplying a
// figure by LaunchSpec::workItems() gives the dynamic total.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_KERNELCOUNTS_H
#define CLSPREAD_ANALYSIS_KERNELCOUNTS_H

#include "Analysis/Launch.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// Cost classes of ALU work. A vector operation counts once per lane.
enum class AluClass : uint8_t {
  IntSimple,      ///< add, sub, logic, shifts, compares, selects, min/max
  IntMul,         ///< 32/64-bit integer multiply (mul24/mad24 too)
  IntDiv,         ///< integer divide and remainder
  Fp32,           ///< fp32 add, mul, fma/mad, compares, min/max, abs
  Fp32DivSqrt,    ///< fp32 divide and square root
  Transcendental, ///< sin, cos, exp, log, pow, rsqrt, rcp, native_* ...
  Fp64,           ///< any double-precision arithmetic
  Conversion,     ///< int<->float conversions, convert_* builtins
};
constexpr unsigned NumAluClasses = 8;
/// Stable snake_case name used in JSON and profiles ("int_simple", ...).
const char *aluClassName(AluClass C);
std::optional<AluClass> aluClassFromName(const std::string &Name);

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
};

/// Address spaces as OpenCL names them.
enum class AddrSpace : uint8_t { Private, Global, Constant, Local, Image };

/// One static global (or constant) memory access site.
struct GlobalAccess {
  bool IsStore = false;
  bool IsAtomic = false;
  AddrSpace Space = AddrSpace::Global;
  unsigned Bytes = 0;     ///< bytes per access: 1, 2, 4, 8, 16 ...
  double ExecPerItem = 0; ///< executions per work-item (NDRange average)
  /// Byte distance between the addresses of work-items whose
  /// get_global_id(0) differ by one; nullopt when not affine in it.
  std::optional<int64_t> StrideBytes;
  std::string Buffer; ///< kernel argument name, "" if unknown
  SourceLoc Loc;
  /// The address does not change between iterations of the innermost loop
  /// that holds the access, and that loop runs more than once per
  /// work-item: the same bytes are loaded again and again (the optimizer
  /// could not keep them in a register, e.g. for fear of aliasing).
  bool LoopInvariant = false;
  /// Line of the loop header when the access sits in a loop, else 0.
  unsigned LoopLine = 0;
  /// Iterations of that loop per work-item (executions of its header):
  /// an access below it runs on fewer iterations (a conditional in the
  /// loop, `if (i == 0)`), 0 outside loops.
  double LoopIterationsPerItem = 0;
  /// What makes keeping the loaded value across iterations of that loop
  /// wrong (for lint's redundant-load advice): the loop also writes memory
  /// the access may read (a store, atomic or vstore to the same buffer or
  /// to one the analysis cannot tell apart, or a call that may write), it
  /// holds a barrier (other work-items' writes become visible), or one of
  /// its exits depends on the loaded value (a spin-wait, a retry loop).
  bool LoopWrites = false, LoopBarrier = false, LoopExitUses = false;
  /// The kernel argument is declared volatile in the source (the analysis
  /// marks every global access volatile itself, so IR cannot tell).
  bool SourceVolatile = false;
  /// The address is an index the launch fills in no order (a manifest's
  /// `range:` without `sorted`/`monotone`), scaled by the access's width:
  /// each work-item's lands anywhere in a span of this many bytes, and a
  /// wavefront's lanes in as many sectors as random picks from it reach.
  /// 0: not known to be.
  uint64_t ScatterBytes = 0;

  /// The address as an affine function of the work-item's ids and of the
  /// iterations of the loops around the access, for the cache model
  /// (Model/CacheModel.h). Byte coefficients; a site whose address is not
  /// affine in them (data-dependent, a non-counted loop) has none.
  struct Pattern {
    int64_t Const = 0; ///< known constant part (neighbour offsets)
    std::array<int64_t, 3> Gid{}, Lid{}, Grp{};
    struct LoopTerm {
      double Trips = 1; ///< iterations per entry (average when not constant)
      int64_t Coef = 0; ///< bytes per iteration; 0: the address stays
      /// The loop's place among the kernel's loops (preorder, from 1):
      /// sites with the same Id at the same depth share the loop.
      unsigned Id = 0;
      /// The loop holds a barrier (in it or in a loop inside it).
      bool Barrier = false;
    };
    std::vector<LoopTerm> Loops; ///< every enclosing loop, innermost first
  };
  std::optional<Pattern> Shape;
};

/// A round of global loads (loads issued together) in a loop. In a loop
/// with a store that may write what a later iteration loads (a chain) the
/// compiler may not move a load above the store, and the store waits for
/// the values the loads bring, so one iteration's rounds follow each other
/// and the next iteration's wait for this one: each round costs a full
/// round trip, at the latency of the level that serves its slowest load
/// (Model's t_chain). So do the rounds of a loop whose next iteration
/// cannot issue its loads early: one the device compiler does not unroll
/// (around an inner loop, stepped by a launch value), or one whose exit
/// or next address is a value it loaded. In other loops the iterations' loads
/// are independent, and a work-item keeps several in flight (Model's t_item,
/// memory.item_loads_in_flight).
struct LoadRound {
  double PerItem = 0; ///< executions per work-item
  /// A chained round whose loop stores what its loads may read: the stores
  /// queue on their way to L2 as the compute units fill, and the loads
  /// behind them wait with them (Model's chain_l1_waves, chain_queue). A
  /// loop whose next loads wait for another reason has no such queue.
  bool BehindStores = false;
  /// Executions for the work-item that runs the most: PerItem times the
  /// longest item's share of each loop around it whose trip count depends
  /// on the id (a triangle's first row); PerItem elsewhere.
  double PerLongestItem = 0;
  struct Load {
    std::string Buffer; ///< kernel argument name, "" if unknown
    /// Bytes the address moves per iteration of the loop around the
    /// block, when the access has an affine shape.
    std::optional<int64_t> Step;
    /// Bytes the loop around the block sweeps (its trips times Step), and
    /// how many times the loops around it come back to the same
    /// addresses (the trips of those whose iterations do not move it).
    double Extent = 0, Repeats = 1;
    /// Where the address has an affine shape: the bytes between
    /// neighbouring lanes (its get_global_id(0) / get_local_id(0) term),
    /// whether another id moves it too (lanes of a wavefront in several
    /// rows), and the greatest common divisor of its other terms and
    /// constant (0: none), which says whether a wavefront's span starts on
    /// a line (Model: the lines one wavefront's load touches).
    std::optional<int64_t> LaneStride;
    bool OtherIds = false;
    uint64_t OffsetGcd = 0;
    unsigned Bytes = 0;
  };
  std::vector<Load> Loads;
};

/// A guess the analysis made, with the place it concerns. Kinds (stable,
/// used in JSON): "launch", "argument", "loop-trip-count", "loop-exit",
/// "branch", "id-sampling", "memory", "call", "footprint", and "stated"
/// for a figure the user gave (a trip count), listed so it is never silent.
struct Assumption {
  std::string File;  ///< path as given; "" when not about a place
  unsigned Line = 0; ///< 0 when not about a line
  std::string Kind;
  std::string Message; ///< without the file:line prefix

  /// "FILE:LINE: MESSAGE", or MESSAGE when it is not about a line.
  std::string text() const {
    return Line ? File + ":" + std::to_string(Line) + ": " + Message : Message;
  }
};

/// A conditional branch (or switch) whose condition depends on work-item
/// ids; for the divergence rule.
struct BranchSite {
  SourceLoc Loc;
  double ExecPerItem = 0;
  bool DependsOnLocalId0 = false; ///< on get_local_id(0) / get_global_id(0)
  /// Fraction of wavefronts (consecutive runs of W work-items of a
  /// work-group in linear local-id order) in which the work-items do not
  /// all go the same way, for W = 8, 16, 32, 64 (index log2(W) - 3);
  /// nullopt where it could not be evaluated.
  std::array<std::optional<double>, 4> DivergentFraction{};
  bool Sampled = false; ///< evaluated on a sample of work-groups
};

/// A private (per-work-item) array that stays in memory after optimization
/// because it is indexed at run time: scratch memory on GPUs.
struct PrivateArray {
  std::string Name;           ///< variable name when debug info has it, else ""
  SourceLoc Loc;              ///< declaration, or the first access
  uint64_t Bytes = 0;         ///< size of the array per work-item
  double AccessesPerItem = 0; ///< loads + stores per work-item
  double BytesPerItem = 0;    ///< bytes read + written per work-item
  /// Every access's index is a constant or an affine function of the
  /// counters of loops whose trip count is a constant (ScalarEvolution):
  /// fully unrolled, as GPU compilers do with such loops, every index is a
  /// constant and the array can live in registers.
  bool LoopIndexed = false;
  /// With LoopIndexed: the most iterations full unrolling needs for one
  /// access (the product of the trip counts of the loops in its index;
  /// a loop under `#pragma unroll` counts for 1: it is unrolled anyway).
  uint64_t UnrollIterations = 0;
};

/// The set of bytes a buffer argument is read or written at over the whole
/// NDRange. DRAM traffic for a buffer is bounded by it (stencils re-read
/// their neighbours from cache, not from DRAM).
struct BufferFootprint {
  std::string Arg;
  unsigned ArgIndex = 0;
  uint64_t Bytes = 0;     ///< unique bytes touched
  uint64_t MaxOffset = 0; ///< one past the highest byte touched
  bool Exact = false;     ///< false: an upper bound
  /// The buffer's size as the launch states it, its accesses not being
  /// affine: a bound on what they touch, not a count of it.
  bool Stated = false;
  bool Read = false;
  bool Written = false;
  /// Each affine site's box: its element's bytes and, per id or loop
  /// dimension it moves along, the byte stride and the extent. Where a
  /// site reaches one element per line (a column), the lines it touches
  /// hold far more than its Bytes.
  struct Box {
    uint64_t Elem = 0;
    /// |stride|, extent; finest stride first
    std::vector<std::pair<uint64_t, uint64_t>> Dims;
  };
  std::vector<Box> Boxes;
  /// The bytes of the aligned Granule-byte blocks (lines, sectors) the
  /// accesses touch: what a cache moves to fetch them once.
  uint64_t granuleBytes(unsigned Granule) const;
};

/// One ALU lane-op in a basic block's dependence graph, for VLIW packing.
/// A 4-wide vector add becomes four nodes.
struct PackNode {
  AluClass Class = AluClass::IntSimple;
  std::vector<uint32_t> Deps; ///< indices of earlier nodes of the same block
};

struct BlockGraph {
  std::string Name;
  double ExecPerItem = 0;      ///< executions per work-item
  std::vector<PackNode> Nodes; ///< in program order (deps point backwards)
};

/// The library functions whose calls a CPU profile may price one by one
/// (CpuCounts::PricedCalls): the transcendental builtins the outside
/// suites and the bundled kernels call, in single precision, then the
/// same in double ("pow_fp64": PoCL 3.1 on Zen 4 takes over 400 clocks
/// for a double pow, even pow(x, 2.0), where its routine counts a few
/// dozen lane-ops; docs/results/pocl-cpu/full).
inline constexpr std::array<const char *, 18> CpuPricedCalls = {
    "sin",      "cos",       "tan",      "exp",       "exp2",       "log",
    "log2",     "log10",     "pow",      "sin_fp64",  "cos_fp64",   "tan_fp64",
    "exp_fp64", "exp2_fp64", "log_fp64", "log2_fp64", "log10_fp64", "pow_fp64"};
/// Of CpuPricedCalls, the first in double precision.
inline constexpr size_t CpuPricedFp64 = 9;

/// One work-group as a CPU OpenCL compiler builds it (CpuCode.h), per
/// work-item; only for profiles that name a CPU target.
struct CpuCounts {
  std::string Target; ///< the LLVM CPU it was built for; "" when not built
  std::string Note;   ///< why it was not built
  /// Instructions one work-item issues: arithmetic, memory, compares and
  /// branches of the -O3 code (not phis, address arithmetic or casts that
  /// compile to nothing), a vector instruction once for all its lanes.
  double Instructions = 0;
  /// Of them, those one after another on loop recurrences: for each loop,
  /// the longest path from a header phi back to it, times the iterations.
  double ChainOps = 0;
  /// Of ChainOps, fused multiply-adds (fma, and a * b + c the compiler
  /// contracts): on some cores they wait longer than an add or a multiply
  /// (alu.fma_latency_cycles).
  double ChainFmaOps = 0;
  /// Of the recurrences' steps, the loads that wait for the last
  /// iteration's store to the same address (a sum kept in memory): each
  /// waits for the store's value to be forwarded to it
  /// (cache.store_forward_cycles).
  double ChainStoreLoads = 0;
  /// Lanes an instruction carries, on average over those that compute
  /// or move values: 8 where the vectorizer made work-items AVX2 lanes,
  /// 4 for a float4 kernel run one work-item at a time, 1 for scalars.
  double LanesPerInstr = 1;
  /// Lane-ops of builtins left as library calls (sin, exp, pow ...), by
  /// class: not in Instructions, they cost the class's rate.
  std::array<double, NumAluClasses> CallOps{};
  /// Of those calls, those to each of CpuPricedCalls, in lanes (a float4
  /// sin is 4): a CPU's library
  /// takes a time of its own for each (PoCL 3.1 on Zen 4: pow 9x sin, exp
  /// a fifth of it), which a profile may give (alu.call_cycles_<fn>).
  std::array<double, CpuPricedCalls.size()> PricedCalls{};
  /// Clocks one work-item's machine code holds the core at least, by
  /// LLVM's scheduling model of the CPU (CpuPorts.h): its micro-ops over
  /// the issue width, or its busiest resource's clocks over its units.
  /// 0 where the model has no such tables.
  double PortCycles = 0;
  std::string PortBound; ///< the resource that binds PortCycles, or "issue"
  std::string PortNote;  ///< why PortCycles is 0 where the code was built
  /// Micro-ops of one work-item's machine code, by the same model.
  double MicroOps = 0;
};

/// Counts attributed to one source line (for --lines).
struct LineCounts {
  unsigned Line = 0;
  double AluOps = 0;
  double GlobalBytes = 0;
  double LocalBytes = 0;
  double TexFetches = 0;
};

/// A kernel argument as the source declares it (from Clang's kernel
/// argument metadata), for the launch plan a runner needs.
/// What a suite manifest says an index buffer holds (`buffers:` in
/// docs/kernels.md), passed on to the runner's fill through the plan.
struct BufferContents {
  /// Inclusive bounds of the values ([0, N) is [0, N-1] for integers).
  std::optional<std::pair<double, double>> Range;
  std::string Order; ///< "", "sorted", "permutation", "monotone"
};

struct KernelArgInfo {
  unsigned Index = 0;
  std::string Name;
  std::string Type; ///< as written: "float*", "uchar4*", "int"
  /// Typedefs resolved, in OpenCL C spelling: "float*", "uint", "float4*"
  /// (the type as written where Clang gave no base type).
  std::string BaseType;
  AddrSpace Space = AddrSpace::Private; ///< pointee space for pointers
  bool IsPointer = false;
  bool IsImage = false; ///< image2d_t & co.
  bool IsSampler = false;
  bool IsPipe = false; ///< `pipe T`: BaseType is the packet type T
  std::string Access;  ///< image access qualifier: read_only, write_only
  /// For a pointer to a struct: its size and its scalar and vector fields
  /// at their byte offsets (nested structs and arrays flattened; padding
  /// is the gaps), so a runner can fill each field with values of its type.
  struct Field {
    uint64_t Offset = 0;
    std::string Elem; ///< OpenCL C name: "float", "int", "uchar4"
  };
  uint64_t StructBytes = 0; ///< 0: not a struct
  std::vector<Field> Fields;
  /// For a __global or __constant pointer: whether the kernel may load
  /// through it, and may store through it (stores, atomics, vstore, or an
  /// escape the analysis cannot follow), from the optimized IR; a `const`
  /// pointee or __constant space is never written.
  bool MayRead = true, MayWrite = true;
};

struct KernelCounts {
  std::string Name;
  SourceLoc Loc; ///< where the kernel is defined
  LaunchSpec Launch;

  std::array<double, NumAluClasses> Alu{}; ///< lane-ops per class
  double aluOps() const {
    double S = 0;
    for (double V : Alu)
      S += V;
    return S;
  }

  // Global memory (excludes __constant).
  double GlobalLoads = 0, GlobalStores = 0;
  double GlobalLoadBytes = 0, GlobalStoreBytes = 0;
  std::map<unsigned, double> LoadWidths, StoreWidths; ///< bytes -> count
  // Other address spaces, reported separately.
  double ConstantLoads = 0, ConstantBytes = 0;
  double LocalLoads = 0, LocalStores = 0, LocalBytes = 0;
  double PrivateLoads = 0, PrivateStores = 0, PrivateBytes = 0;
  double ImageReads = 0, ImageWrites = 0;
  double Barriers = 0, Atomics = 0;
  /// Round trips to global memory per work-item: executions of blocks that
  /// load from global memory (a block's loads are issued together, the next
  /// block's may depend on them). Model uses it for latency-bound memory.
  double GlobalLoadRounds = 0;
  /// Rounds of global loads that wait one after another in loops
  /// (LoadRound): chains, and loops not unrolled; they are not in
  /// GlobalLoadRounds.
  std::vector<LoadRound> ChainRounds;
  /// Rounds of global loads in other loops (no barrier): they stay in
  /// GlobalLoadRounds, and give the longest work-item's own path.
  std::vector<LoadRound> LoopRounds;
  /// The other rounds GlobalLoadRounds counts: those outside loops and in
  /// loops with a barrier. A round's loads are issued together and it
  /// waits for the slowest (Model's round_wait).
  std::vector<LoadRound> PlainRounds;
  /// __local loads and stores of the work-item that runs the most: one
  /// after another on its own path (Model's t_item, lds.latency).
  double LongestLocalOps = 0;
  /// Bytes of the buffers the kernel may write, as the launch sizes them
  /// (a stated size, else one past the highest byte written): what a
  /// runner that restores its inputs rewrites before every launch
  /// (docs/runner.md), which may push the launch's data out of L2.
  uint64_t RewrittenBytes = 0;
  /// ALU lane-ops of the work-item that runs the most (Model's t_item,
  /// alu.latency_cycles), and those of them in double precision and
  /// transcendental (each class's own latency where the profile has one:
  /// alu.fp64_latency_cycles, alu.transcendental_latency_cycles).
  double LongestAluOps = 0;
  double LongestFp64Ops = 0, LongestTranscendentalOps = 0;
  /// Branches on ids that split wavefronts make a wavefront issue both
  /// sides: the ALU and __local instructions a wavefront issues, per
  /// work-item, over those the work-items run (1: no such branch), for
  /// wavefronts of 8, 16, 32 and 64 work-items.
  std::array<double, 4> WaveIssueScale{1, 1, 1, 1};
  /// __local bytes one work-group allocates: static __local arrays plus
  /// __local pointer arguments sized by the launch (for occupancy).
  uint64_t LocalMemBytes = 0;

  std::vector<KernelArgInfo> Args;    ///< in declaration order
  std::vector<GlobalAccess> Accesses; ///< global and constant sites
  std::vector<BufferFootprint> Footprints;
  unsigned Registers = 0;         ///< 32-bit registers per item
  std::vector<BlockGraph> Blocks; ///< for VLIW packing
  CpuCounts Cpu;                  ///< CPU profiles only (CpuCode.h)
  std::vector<LineCounts> Lines;  ///< sorted by line
  /// Every guess the analysis made, with the place it concerns.
  std::vector<Assumption> Assumptions;
  /// Loops whose trip count was assumed although ScalarEvolution proves a
  /// bound (Mandelbrot's `it < max_iter`): the count lies in [1, Max]. The
  /// driver re-estimates at both ends to report a range.
  struct TripRange {
    unsigned Line = 0; ///< the loop's first line (as --trip names it)
    uint64_t Max = 0;
    double Assumed = 0;
  };
  std::vector<TripRange> TripRanges;

  /// reqd_work_group_size(X, Y, Z) of the kernel, when it has one.
  std::optional<std::array<uint64_t, 3>> ReqdWorkGroupSize;
  /// First double-precision operation or value of the kernel, if any.
  std::optional<SourceLoc> Fp64Use;
  /// First half-precision arithmetic instruction that runs (an operation,
  /// comparison or builtin call on `half` values, which needs cl_khr_fp16;
  /// not the conversions of vload_half/vstore_half/convert_*, nor loads
  /// and stores), if any.
  std::optional<SourceLoc> Fp16Use;
  /// Half-precision arithmetic lane-ops per work-item (counted in Alu as
  /// well, under the class the operation has in fp32).
  double Fp16Ops = 0;
  std::vector<BranchSite> Branches; ///< id-dependent branches
  std::vector<PrivateArray> PrivateArrays;
};

} // namespace clspread

#endif
