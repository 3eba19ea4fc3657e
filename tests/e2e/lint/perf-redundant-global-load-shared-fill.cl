// A work-group fills a __local table together: each work-item starts at its
// local id and steps by the local size. Without a local size the loop's trip
// count is assumed (16), so a load at a fixed address inside it looked like
// 16 loads per work-item; with 256 items and 256 entries it runs once.
// Nothing to hoist where the trip count is an assumption (the shape of a
// password cracker's table set-up, docs/realworld.md third pass). With the
// launch given the count is known and the rule judges it.
// RUN: clspread lint %s --rules perf-redundant-global-load | count 0
// RUN: clspread lint %s --rules perf-redundant-global-load --global 65536 --local 64 | FileCheck %s
// CHECK: shared-fill.cl:[[@LINE+6]]:23: warning: 'salt' is loaded at the same address on every iteration of the loop at line [[@LINE+5]] (4 times per work-item)
__kernel void fill(__global const uint *table, __global const uint *salt,
                   __global uint *out) {
  __local uint s[256];
  size_t lid = get_local_id(0), lsize = get_local_size(0);
  for (size_t i = lid; i < 256; i += lsize)
    s[i] = table[i] ^ salt[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[lid];
}
