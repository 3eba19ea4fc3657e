// Stores and atomics that every work-item of the launch aims at one
// address queue at the L2 slice that holds it, one wavefront's request
// after another (t_same_address): on the H100 0.5006 clocks a wavefront
// store and 1.455 a wavefront atomic (cache.same_address_store_cycles and
// cache.same_address_atomic_cycles, calibrate's same_address_store and
// same_address_atomic at 4194304 work-items, docs/results/nvidia-h100-sxm/
// measured-calibrate-same-address.json), at the profile's 1980 MHz.
//
// found_flag (a frontier update: each work-item's own byte and the shared
// "not done" flag), 1048576 work-items: 1048576 / 32 = 32768 wavefront
// stores x 0.5006 / 1.98 GHz = 8.285 us, above the dispatch's 2.54 us
// and every other limit of T_MEM.
// RUN: clspread analyze %s --kernel found_flag --global 1048576 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=FLAG %s
// FLAG: 8.285 us one address
// FLAG: Tkernel 8.285 us MEM-bound
// FLAG: T_MEM is requests to one address: 0.03125 wavefront stores per work-item at 0.501 clocks each (cache.same_address_store_cycles)
// RUN: clspread analyze %s --kernel found_flag --global 1048576 --local 256 --profile nvidia-h100-sxm --format json | FileCheck --check-prefix=JSON %s
// JSON: "t_mem_same_address_s": 8.28{{[0-9]*}}e-06
//
// The flag behind a branch on data (assumed taken by half the work-items):
// a wavefront stores it when any lane takes the branch, and half of 32
// lanes is more than one, so every wavefront does: the same 8.285 us.
// RUN: clspread analyze %s --kernel maybe_flag --global 1048576 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=MAYBE %s
// MAYBE: 8.285 us one address
//
// One atomic per work-group (local id 0, groups of 256): 1048576 / 256 =
// 4096 wavefront atomics x 1.455 / 1.98 GHz = 3.010 us.
// RUN: clspread analyze %s --kernel group_count --global 1048576 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=ATOMIC %s
// ATOMIC: 3.01 us one address
// ATOMIC: 0.003906 wavefront atomics per work-item at 1.46 clocks each (cache.same_address_atomic_cycles)
//
// Each group's own address (out[get_group_id(0)]) is not one address for
// the launch: no such term.
// RUN: clspread analyze %s --kernel per_group --global 1048576 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=GROUP %s
// GROUP-NOT: one address
//
// A profile without the figures (the HD 4870) leaves the term out.
// RUN: clspread analyze %s --kernel found_flag --global 1048576 --local 256 --profile hd4870 | FileCheck --check-prefix=NOFIG %s
// NOFIG-NOT: one address

__kernel void found_flag(__global char *seen, __global char *not_done) {
  seen[get_global_id(0)] = 1;
  *not_done = 1;
}

__kernel void maybe_flag(__global const char *mask, __global char *not_done) {
  if (mask[get_global_id(0)])
    *not_done = 1;
}

__kernel void group_count(__global int *count) {
  if (get_local_id(0) == 0)
    atomic_inc(count);
}

__kernel void per_group(__global int *out) {
  out[get_group_id(0)] = (int)get_local_id(0);
}
