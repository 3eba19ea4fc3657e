// transpose.cl - out = transpose(in) for a width x height float matrix.
//
// Access-pattern example for the coalescing model (CUB's WarpLoadAlgorithm
// docs: transaction utilisation falls as the stride between neighbouring
// work-items grows; AMD's talk "AMD and OpenCL": "Consider access patterns -
// e.g. access along rows"). The naive kernel reads rows but writes columns
// (stride height * 4 bytes between neighbouring work-items); the tiled one
// stages a 16x16 tile in __local memory (padded to 17 columns against bank
// conflicts) so both global accesses are along rows, at the cost of a
// barrier (Arm's Mali OpenCL guide: barriers and work-group size).
//
// Job "transpose": global = (width, height) for both kernels.
//   transpose_naive - any local size
//   transpose_tiled - local must be 16x16; width and height multiples of 16
// Control flow depends only on ids (no branches at all).

#define TILE 16

__kernel void transpose_naive(__global const float *in, __global float *out,
                              int width, int height) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  out[x * height + y] = in[y * width + x];
}

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
transpose_tiled(__global const float *in, __global float *out, int width,
                int height) {
  __local float tile[TILE][TILE + 1];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int bx = get_group_id(0) * TILE;
  const int by = get_group_id(1) * TILE;

  // Coalesced read of the tile at (bx, by) ...
  tile[ly][lx] = in[(by + ly) * width + (bx + lx)];
  barrier(CLK_LOCAL_MEM_FENCE);
  // ... and coalesced write of it, transposed, at (by, bx) of the output.
  out[(bx + ly) * height + (by + lx)] = tile[lx][ly];
}
