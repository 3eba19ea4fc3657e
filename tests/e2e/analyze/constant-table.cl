// A small __constant table read in a binary search (a lookup): the reads
// hit the constant cache after the first, so DRAM moves the 84-byte table
// once per launch, not 4 B per access. Before, the 16 assumed iterations
// were charged 64 B of DRAM traffic per work-item (72 B moved with the key
// and the result, 8 B now). The constant loads are still counted. 16M
// work-items: keys and pos (128 MiB) exceed what a repeated launch finds
// in L2, so both move from DRAM.
//
// RUN: clspread analyze %s --global 16777216 --local 256 --profile nvidia-h100-sxm --fail-on never | FileCheck %s
// CHECK: constant loads 16 (64 B)
// CHECK: bytes moved (DRAM) 8 B
// CHECK: constant-table.cl:18: __constant 'table' (84 B) read through the constant cache: its DRAM traffic is charged once per launch (84 B), not per access (64 B per work-item)

__constant int table[21] = {1,  3,  5,  7,  9,  11, 13, 15, 17, 19, 21,
                            23, 25, 27, 29, 31, 33, 35, 37, 39, 41};
__kernel void bsearch(__global const int *keys, __global int *pos) {
  int g = get_global_id(0), k = keys[g], lo = 0, hi = 21;
  while (lo < hi) { int mid = (lo + hi) / 2; if (table[mid] < k) lo = mid + 1; else hi = mid; }
  pos[g] = lo;
}
