// RUN: clspread lint %s --rules=perf-scalar-global-access --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-scalar-global-access,perf-narrow-vector-buffer --profile nvidia-h100-sxm -k brighten | FileCheck --check-prefix=BOTH %s --implicit-check-not='[perf-scalar-global-access]'
// Launches of 16M work-items: past the 30 MiB a repeated launch finds in
// L2 on the H100 (cache.l2_warm_footprint), where the bytes cost DRAM.
// A hash-like mixing loop whose round count is an argument: at the
// assumed 16 rounds its one load and one store make it look memory-bound,
// at any real count it is ALU-bound. The claim rests on an assumed trip
// count, so the rule stays silent (it used to call it MEM-bound).

// clspread: launch global=16777216 local=256
__kernel void mix_rounds(__global const uint *seed, __global const uint *salt,
                         __global uint *out, uint rounds) {
  size_t i = get_global_id(0);
  uint x = seed[i], k = salt[i];
  for (uint r = 0; r < rounds; ++r)
    x = rotate(x, 5u) ^ (x * k);
  out[i] = x;
}

// The same loop with its count stated: no assumption, the model's claim
// stands (4 rounds: memory-bound on this launch).
// clspread: launch global=16777216 local=256
__kernel void mix_stated(__global const uint *seed, __global uint *out,
                         uint rounds) {
  size_t i = get_global_id(0);
  uint x = seed[i]; // CHECK: assumed-trips.cl:[[@LINE]]:12: warning: each work-item loads one 4-byte element of 'seed' and its neighbours the next ones; in this MEM-bound kernel
  // CHECK-NEXT: note: at most: estimated gain on nvidia-h100-sxm:
  // clspread: trip 4
  for (uint r = 0; r < rounds; ++r)
    x = rotate(x, 5u) ^ (x * 2654435761u);
  out[i] = x; // CHECK: assumed-trips.cl:[[@LINE]]:10: warning: each work-item stores one 4-byte element of 'out'
  // CHECK-NEXT: note: at most: estimated gain on nvidia-h100-sxm:
}

// uchar4 pixels: perf-narrow-vector-buffer gives the wider-access advice
// at these places (uint4 and unpack); this rule does not repeat it (it
// did, for the 4-byte accesses).
// clspread: launch global=16777216 local=256
__kernel void brighten(__global const uchar4 *in, __global uchar4 *out) {
  size_t i = get_global_id(0);
  out[i] = add_sat(in[i], (uchar4)(16));
  // BOTH: assumed-trips.cl:[[@LINE-1]]:10: warning: 'out' is a uchar4 buffer written one 4-byte element per work-item{{.*}}[perf-narrow-vector-buffer]
  // BOTH: assumed-trips.cl:[[@LINE-2]]:20: warning: 'in' is a uchar4 buffer read one 4-byte element per work-item{{.*}}[perf-narrow-vector-buffer]
}
