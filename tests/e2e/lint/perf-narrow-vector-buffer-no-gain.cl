// RUN: clspread lint %s --rules=perf-narrow-vector-buffer --profile hd4870 | count 0
// RUN: clspread lint %s --rules=perf-narrow-vector-buffer --profile nvidia-h100-sxm | FileCheck %s --check-prefix=H100 --implicit-check-not=warning: --implicit-check-not=note:
// Launches of 16M work-items: past the 30 MiB a repeated launch finds in
// L2 on the H100 (cache.l2_warm_footprint), where the bytes cost DRAM.
// A peak-compute micro-benchmark: hundreds of multiply-adds on a char
// vector, then one store per work-item. Packing the store into a uint4
// changes nothing the model can see: the kernel is ALU-bound. The rule
// only speaks where the model predicts a gain (it did here before).

// clspread: launch global=1048576 local=256 args=seed=3
__kernel void compute_char4(__global char *ptr, char seed) {
  char4 x = (char4)(seed, seed + 1, seed + 2, seed + 3);
  char4 y = (char4)(get_local_id(0));
  for (int k = 0; k < 128; ++k) {
    x = mad_sat(y, x, y);
    y = mad_sat(x, y, x);
  }
  ptr[get_global_id(0)] = (x.s0 + x.s1) + (y.s2 + y.s3);
}

// A pixel copy through uchar buffers is memory-bound and latency-limited
// on the H100 at this launch: packing gains there; on the HD 4870 the
// same launch is DRAM-bound, the bytes stay the same, nothing to gain.
// clspread: launch global=16777216 local=256
__kernel void copy_gray(__global const uchar *in, __global uchar *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] / 2;
  // H100: no-gain.cl:[[@LINE-1]]:10: warning: 'out' is a uchar buffer written one 1-byte element per work-item
  // H100-NEXT: note: 1-byte accesses
  // H100-NEXT: note: at most: estimated gain on nvidia-h100-sxm: {{.*}} ({{[1-9][0-9]*}}%)
  // H100: no-gain.cl:[[@LINE-4]]:12: warning: 'in' is a uchar buffer read one 1-byte element per work-item
  // H100-NEXT: note: 1-byte accesses
  // H100-NEXT: note: at most: estimated gain
}
