// --lines adds the counts per source line (per work-item). On
// Inputs/minimal.yaml, --global 1024 --local 64, by hand (docs/counting.md
// costs; i and l are size_t, 64-bit):
//   line 17  x = a[i]          GEP add + shift (2), a 4 B global load
//   line 18  tile[l] = x       GEP (2), a 4 B __local store
//   line 20  tile[l ^ 1] * 2   64-bit xor (2), GEP (2), fmul (1) = 5;
//                              a 4 B __local load
//   line 21  b[i] = y + x      GEP (2), fadd (1) = 3; a 4 B global store
// Totals: 12 lane-ops (int_simple 10, fp32 2), 8 global bytes, 8 LDS bytes.
// RUN: clspread analyze %s --global 1024 --local 64 --arg tile=256 --profile %S/Inputs/minimal.yaml --lines | FileCheck %s
// RUN: clspread analyze %s --global 1024 --local 64 --arg tile=256 --profile %S/Inputs/minimal.yaml --lines --format json | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; print(*['%%d:%%g/%%g/%%g/%%g' %% (x['line'], x['alu_ops'], x['global_bytes'], x['lds_bytes'], x['tex_fetches']) for x in k['lines']]); p=k['per_item']; print('sums', sum(x['alu_ops'] for x in k['lines']) == p['alu_ops'], sum(x['global_bytes'] for x in k['lines']) == p['global_load_bytes'] + p['global_store_bytes'], sum(x['lds_bytes'] for x in k['lines']) == p['lds_bytes'])" | FileCheck --check-prefix=JSON %s
// Without --lines, no per-line table and no "lines" key.
// RUN: clspread analyze %s --global 1024 --local 64 --arg tile=256 --profile %S/Inputs/minimal.yaml | FileCheck --check-prefix=NOLINES %s
// RUN: clspread analyze %s --global 1024 --local 64 --arg tile=256 --profile %S/Inputs/minimal.yaml --format json | FileCheck --check-prefix=NOLINESJSON %s
__kernel void per_line(__global const float *a, __global float *b, __local float *tile) {
  const size_t i = get_global_id(0), l = get_local_id(0);
  float x = a[i];
  tile[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  float y = tile[l ^ 1] * 2.0f;
  b[i] = y + x;
}

// CHECK: ALU lane-ops 12 (int_simple 10, fp32 2)
// CHECK: LDS bytes 8 B
// CHECK: per source line (per work-item)
// CHECK-NEXT: line ALU ops global B LDS B TEX
// CHECK-NEXT: {{^ +}}17 2 4 0 0{{$}}
// CHECK-NEXT: {{^ +}}18 2 0 4 0{{$}}
// CHECK-NEXT: {{^ +}}20 5 0 4 0{{$}}
// CHECK-NEXT: {{^ +}}21 3 4 0 0{{$}}

// JSON: {{^}}17:2/4/0/0 18:2/0/4/0 20:5/0/4/0 21:3/4/0/0{{$}}
// JSON-NEXT: sums True True True

// NOLINES-NOT: per source line
// NOLINESJSON-NOT: "lines"
