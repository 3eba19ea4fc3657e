// A launch that leaves the local size to the driver, on a profile that
// names the driver's rule (launch.driver_local: pocl, PoCL 3.1's
// pocl_default_local_size_optimizer; docs/model.md, "CPU caches"): the
// analysis takes the driver's pick as the launch's local size, as it
// takes reqd_work_group_size, and says so; a plan still leaves it null.
//
// 42816 work-items = 2^6 x 3 x 223; the largest group PoCL takes is the
// largest multiple of the preferred 8 that divides it within the 4096 a
// group may hold: 8 x 446 = 3568 (Rodinia's nn, whose build
// PoCL's kernel cache names 3568-1-1). One compute unit: no split.
// RUN: sed -e 's/^launch:$/launch:\n  driver_local: pocl/' -e 's/^sources:$/sources:\n  launch.driver_local: "PoCL 3.1, for the test"/' %S/Inputs/cpu/one-core.yaml > %t.yaml
// RUN: clspread analyze %s --global 42816 --profile %t.yaml | FileCheck --check-prefix=TEXT %s
// TEXT: launch: global 42816, local 3568 (the driver's) = 42816 work-items
// TEXT-NOT: no local size given
// TEXT: local size: the launch leaves it to the driver, which picks 3568x1x1 (the profile's launch.driver_local)
// TEXT-NOT: no local size given
//
// RUN: clspread analyze %s --global 42816 --profile %t.yaml --format json | FileCheck --check-prefix=JSON %s
// JSON: "local": [
// JSON-NEXT: 3568,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "local_by_driver": true,
//
// The plan the runner reads keeps the launch's null: the device's own
// driver picks.
// RUN: clspread plan %s --global 42816 --profile %t.yaml -o %t.plan.json
// RUN: FileCheck --check-prefix=PLAN %s < %t.plan.json
// PLAN: "local": null,
//
// Without the rule: one wavefront assumed, as before.
// RUN: clspread analyze %s --global 42816 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=NORULE %s
// NORULE: launch: global 42816, local driver's choice
// NORULE: no local size given: occupancy and launch checks assume work-groups of one wavefront (8 work-items)

__kernel void scale(__global float *a, float s) {
  size_t i = get_global_id(0);
  a[i] *= s;
}
