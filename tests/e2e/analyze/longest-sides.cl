// The longest work-item's path through branches and switches on ids.
//
// by_group: `switch (get_group_id(0))` is evaluated over the launch like a
// branch on ids (it was assumed uniform over its cases). 3 groups of 32:
// group 0 runs case 0 (16 multiply-adds), group 1 case 1 (4), group 2 the
// default (none): per work-item (16 + 4) / 3 = 6.667 fp32 lane-ops, and
// the GEP of the store (an add and a shift). No wavefront runs two cases,
// so the longest work-item runs the heaviest one: 16 + 2 = 18 lane-ops.
// RUN: clspread analyze %s --kernel by_group --global 96 --local 32 --profile nvidia-h100-sxm | FileCheck --check-prefix=GROUP %s
// GROUP-NOT: switch outcome assumed uniform
// GROUP: ALU lane-ops 8.667 (int_simple 2, fp32 6.667)
// GROUP: its 18 ALU lane-ops at 1.48 clocks each
//
// by_lane: `if (get_local_id(0) < 16)` splits every wavefront of 32, which
// runs both sides one after the other: the longest path takes both,
// 16 + 4 multiply-adds, the compare, the add and shift of the store and
// the select of x: 24. Per work-item: (16 + 4) / 2 = 10 fp32.
// RUN: clspread analyze %s --kernel by_lane --global 96 --local 32 --profile nvidia-h100-sxm | FileCheck --check-prefix=LANE %s
// LANE: ALU lane-ops 14 (int_simple 4, fp32 10)
// LANE: its 24 ALU lane-ops at 1.48 clocks each
//
// Without a local size the group ids are unknown: the switch's cases are
// assumed uniform and no side is the longest item's own.
// RUN: clspread analyze %s --kernel by_group --global 96 --profile nvidia-h100-sxm | FileCheck --check-prefix=NOLOCAL %s
// NOLOCAL: switch outcome assumed uniform over its cases
// NOLOCAL: its 8.667 ALU lane-ops at 1.48 clocks each

// The two sides compute different things (+1, +2): equal leading steps
// would be hoisted above the branch by LLVM.
#define STEP(c) x = x * a + c;
#define STEP4(c) STEP(c) STEP(c) STEP(c) STEP(c)
#define STEP16(c) STEP4(c) STEP4(c) STEP4(c) STEP4(c)

__kernel void by_group(__global float *out, float a) {
  float x = a;
  switch (get_group_id(0)) {
  case 0:
    STEP16(1.0f) break;
  case 1:
    STEP4(2.0f) break;
  }
  out[get_global_id(0)] = x;
}

__kernel void by_lane(__global float *out, float a) {
  float x = a;
  if (get_local_id(0) < 16) {
    STEP16(1.0f)
  } else {
    STEP4(2.0f)
  }
  out[get_global_id(0)] = x;
}
