// RUN: clspread lint %s --rules=perf-uncoalesced-access --profile hd4870 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-uncoalesced-access --profile nvidia-h100-sxm | FileCheck --check-prefix=H100 %s --implicit-check-not=warning: --implicit-check-not=note:
// Coalescing is judged on the wavefront's shape from the local size, as
// analyze's cache model does: consecutive linear local ids, dimension 0
// fastest.

// A column walk in 1x256 groups: each wavefront runs down dimension 1, where
// the index is contiguous: coalesced, silent.
// clspread: launch global=512x4096 local=1x256 args=rows=4096
__kernel void column_normalize(__global float *m, __global const float *scale,
                               int rows) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  m[col * rows + row] = m[col * rows + row] * scale[col];
}

// The same kernel in 256x1 groups: each wavefront runs along dimension 0,
// 16384 B apart per work-item.
// clspread: launch global=4096x512 local=256x1 args=rows=512
__kernel void column_normalize_rows(__global float *m,
                                    __global const float *scale, int rows) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  m[col * rows + row] = m[col * rows + row] * scale[col];
  // CHECK: :[[@LINE-1]]:23: warning: store of 'm' is uncoalesced: each wavefront of 64 issues 64 transactions of 64 B for this 4-byte access at a stride of 2048 B; contiguous access would need 4
  // CHECK-NEXT: note: make neighbouring
  // CHECK-NEXT: :[[@LINE-3]]:25: warning: load of 'm' is uncoalesced: each wavefront of 64 issues 64 transactions
  // CHECK-NEXT: note: make neighbouring
  // H100: :[[@LINE-5]]:23: warning: store of 'm' is uncoalesced: each wavefront of 32 issues 32 transactions of 32 B
  // H100-NEXT: note: make neighbouring
  // H100-NEXT: note: estimated gain
  // H100-NEXT: :[[@LINE-8]]:25: warning: load of 'm' is uncoalesced
  // H100-NEXT: note: make neighbouring
  // H100-NEXT: note: estimated gain
}

// A 2-D wavefront (8x8 on the HD 4870, 8x4 on the H100) down a column
// layout: 8 columns of 8 (4) contiguous rows each.
// clspread: launch global=4096x512 local=8x8 args=rows=512
__kernel void column_normalize_tiles(__global float *m, int rows) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  m[col * rows + row] *= 2.0f;
  // The load and store of `*=` make one finding.
  // CHECK: :[[@LINE-2]]:23: warning: load and store of 'm' are uncoalesced: each wavefront of 64 (8x8 work-items of the 8x8 group) issues 8 transactions of 64 B for this 4-byte access at a stride of 2048 B; contiguous access would need 4
  // CHECK-NEXT: note: make neighbouring
  // H100: :[[@LINE-4]]:23: warning: load and store of 'm' are uncoalesced: each wavefront of 32 (8x4 work-items of the 8x8 group) issues 8 transactions of 32 B for this 4-byte access at a stride of 2048 B; contiguous access would need 4
  // H100-NEXT: note: make neighbouring
}

// No local size: the judgement depends on it (contiguous along dimension
// 1), so the rule stays silent.
// clspread: launch global=512x4096 args=rows=4096
__kernel void column_normalize_driver(__global float *m, int rows) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  m[col * rows + row] *= 2.0f;
}

// No local size and no contiguous dimension: reported, saying what was
// assumed.
// clspread: launch global=4096 args=stride=64
__kernel void gather_strided(__global const float *in, __global float *out,
                             int stride) {
  int i = get_global_id(0);
  out[i] = in[i * stride];
  // CHECK: :[[@LINE-1]]:12: warning: load of 'in' is uncoalesced: each wavefront of 64 issues 64 transactions
  // CHECK-NEXT: note: make neighbouring
  // CHECK-NEXT: note: assumed: the launch gives no local size; a {{[0-9]+}}x1x1 group
  // Each of the 4096 loads has a 64-byte line of its own: 256 KiB of 'in'
  // and 16 KiB of 'out' at the HD 4870's 115.2 GB/s take 2.42 us; read
  // contiguously, 'in' is 16 KiB and the launch 0.28 us.
  // CHECK-NEXT: note: estimated gain on hd4870: 2.13 us of 2.42 us (88%) with this access contiguous
  // H100: :[[@LINE-8]]:12: warning: load of 'in' is uncoalesced: each wavefront of 32 issues 32 transactions
  // H100-NEXT: note: make neighbouring
  // H100-NEXT: note: assumed: the launch gives no local size
  // 4096 work-items on the H100 -- the model's gain, 1.6 ns of 0.7 us, rounds
  // to 0%; no gain note (it used to print "(0%)").
}
