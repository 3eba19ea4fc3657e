// An inner loop whose count follows the outer loop's counter (a triangle:
// trip propagation in nested loops): ScalarEvolution gives the inner exit
// count as a recurrence of the outer loop, {-1,+,1}, not a constant. Its
// mean over the outer loop's 16 iterations (0 where it is skipped) is
// 120 / 16 = 7.5, so a[g + j] runs 120 times per work-item: what
// `oclgrind --inst-counts` counts (7680 loads of 30720 B at global 64,
// tests/oclgrind/check_counts.py on this kernel). Before: "assumed 16"
// (then the bound, 15) per outer iteration, 240.
//
// RUN: clspread analyze %s --global 64 --local 64 --format json --fail-on never | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; print(*[str(a['line']) + '=' + str(a['exec_per_item']) for a in k['accesses']]); print(*[a['message'] for a in k['assumptions'] if a['kind'] == 'loop-trip-count'])" | FileCheck %s
// CHECK: 20=120 21=1
// CHECK-NEXT: loop trip count follows the counter of the loop at line 18: 7.5 on average over its 16 iterations


__kernel void tri(__global const float *a, __global float *o) {
  int g = get_global_id(0);
  float s = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < i; j++)
      s += a[g + j];
  o[g] = s;
}
