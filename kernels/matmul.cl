// matmul.cl - C = A * B for square N x N row-major float matrices.
//
// The ALU-heavy member of the suite, and the standard example of trading
// global traffic for __local memory and barriers (AMD's talk "AMD and
// OpenCL": "ALU to memory access ratio", "Perform more work per element";
// Arm's Mali GPU OpenCL Developer Guide: barriers, work-group size). Naive:
// 2N floats from global memory per output (A along a row, B down a column,
// coalesced across neighbouring work-items); tiled: 16x16 tiles of A and B
// in __local memory, loaded once per work-group, each value reused 16 times.
//
// Job "matmul": global = (N, N), one output per work-item.
//   matmul_naive - any local size
//   matmul_tiled - local must be 16x16; N a multiple of 16
// Loop trip counts are N and N / 16; no data-dependent control flow.

#define TILE 16

__kernel void matmul_naive(__global const float *A, __global const float *B,
                           __global float *C, int N) {
  const int col = get_global_id(0);
  const int row = get_global_id(1);
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  C[row * N + col] = sum;
}

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul_tiled(__global const float *A, __global const float *B,
             __global float *C, int N) {
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int col = get_global_id(0);
  const int row = get_global_id(1);
  float sum = 0.0f;
  for (int t = 0; t < N / TILE; ++t) {
    As[ly][lx] = A[row * N + t * TILE + lx];
    Bs[ly][lx] = B[(t * TILE + ly) * N + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k)
      sum += As[ly][k] * Bs[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * N + col] = sum;
}
