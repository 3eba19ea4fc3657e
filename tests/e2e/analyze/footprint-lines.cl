// A buffer's traffic is capped at its footprint, and a cache moves whole
// lines: the footprint counts the 64-byte lines (pocl-cpu's
// memory.transaction) that the accesses touch, not their bytes.
// Per work-item, with write-allocate reading each stored line first:
//   column:     one float per 64 B: every access its own line;
//               1024 lines of 'in' + 1024 of 'out' + 1024 read for
//               ownership = 3 * 1024 * 64 B / 1024 items = 192 B
//   half_lines: one float per 32 B: two accesses share a line;
//               3 * 512 * 64 B / 1024 = 96 B
//   row_runs:   rows of 8 floats (32 B) 8 KiB apart: a line per row;
//               3 * 256 * 64 B / 2048 = 24 B
// (Counted in bytes, the footprint gave 12 B for each: 4 B of 'in', 4 of
// 'out', 4 read for ownership.)
// RUN: clspread analyze %s --profile pocl-cpu --global 1024 --local 64 -k column -k half_lines | FileCheck %s --check-prefix=STRIDED
// RUN: clspread analyze %s --profile pocl-cpu --global 8x256 --local 8x8 -k row_runs | FileCheck %s --check-prefix=ROWS

__kernel void column(__global float *out, __global const float *in) {
  int g = get_global_id(0);
  out[g * 16] = in[g * 16] * 2.0f;
}

__kernel void half_lines(__global float *out, __global const float *in) {
  int g = get_global_id(0);
  out[g * 8] = in[g * 8] * 2.0f;
}

__kernel void row_runs(__global float *out, __global const float *in) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 2048 + x] = in[y * 2048 + x] * 2.0f;
}

// STRIDED: kernel column on pocl-cpu
// STRIDED: bytes moved (DRAM) 192 B (requested 8 B)
// STRIDED: kernel half_lines on pocl-cpu
// STRIDED: bytes moved (DRAM) 96 B (requested 8 B)
// ROWS: kernel row_runs on pocl-cpu
// ROWS: bytes moved (DRAM) 24 B (requested 8 B)
