// --format csv: a header, then one row per kernel with the columns of
// docs/output.md. Profile Inputs/minimal.yaml has round figures: 4 compute
// units x 32 lanes at 1 GHz, every ALU rate 32 lane-ops per clock (one
// cycle per lane-op), 100 GB/s, wavefront 32, no TEX path for buffers.
// At --global 1024 --local 64, by hand:
//   add1: 7 lane-ops (1 fp32 add; 3 GEPs x (add + shift) = 6 int_simple),
//         T_ALU = 1024 x 7 / (4 x 32) / 1 GHz = 5.6e-08 s
//         loads 2 (8 B), stores 1 (4 B), 12 B moved per item:
//         T_MEM = 1024 x 12 B / 100 GB/s = 1.2288e-07 s -> MEM-bound
//   add4: 10 lane-ops (4 fp32 adds, the same 6 int_simple),
//         T_ALU = 1024 x 10 / 128 / 1 GHz = 8e-08 s
//         loads 2 (32 B), stores 1 (16 B):
//         T_MEM = 1024 x 48 B / 100 GB/s = 4.9152e-07 s -> MEM-bound
//   both: 1024 / 32 = 32 waves over 4 compute units = 8 per CU, limited by
//         the launch; T_TEX 0; no assumptions.
//   findings: none. add1's contiguous 4-byte accesses to a, b and c would
//         be perf-scalar-global-access advice, but its T_MEM is bandwidth
//         (no latency term in this profile, no fetch path), which wider
//         accesses do not shorten: the rule predicts no gain and is silent.
// RUN: clspread analyze %s --global 1024 --local 64 --profile %S/Inputs/minimal.yaml --format csv > %t.csv
// RUN: FileCheck %s < %t.csv
// CHECK: {{^}}profile,file,kernel,suite_id,line,global,local,work_items,alu_ops,vliw_bundles,tex_fetches,global_loads,global_stores,global_load_bytes,global_store_bytes,bytes_moved,lds_bytes,barriers,registers,t_alu_s,t_tex_s,t_mem_s,t_kernel_s,bound,waves_per_cu,limited_by,findings,assumptions,assumption_list{{$}}
// CHECK-NEXT: {{^}}mini-gpu,{{.*}}csv.cl,add1,,[[@LINE+8]],1024,64,1024,7,7,0,2,1,8,4,12,0,0,{{[0-9]+}},5.600000e-08,0.000000e+00,1.228800e-07,1.228800e-07,MEM,8,launch,0,0,{{$}}
// CHECK-NEXT: {{^}}mini-gpu,{{.*}}csv.cl,add4,,[[@LINE+13]],1024,64,1024,10,10,0,2,1,32,16,48,0,0,{{[0-9]+}},8.000000e-08,0.000000e+00,4.915200e-07,4.915200e-07,MEM,8,launch,0,0,{{$}}
// CHECK-NOT: {{.}}
//
// Every row has as many fields as the header, and the columns line up.
// RUN: python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); assert len(r)==2; assert all(None not in x and None not in x.values() for x in r), r; print(*[x['kernel']+':'+x['bound']+':'+x['t_mem_s'] for x in r])" %t.csv | FileCheck --check-prefix=COLS %s
// COLS: add1:MEM:1.228800e-07 add4:MEM:4.915200e-07

__kernel void add1(__global const float *a, __global const float *b,
                   __global float *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void add4(__global const float4 *a, __global const float4 *b,
                   __global float4 *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
