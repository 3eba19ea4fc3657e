// The same store in both arms of an if is sunk below it by the optimizer
// as one store, whose merged debug location has line 0: the access used
// to be listed at 0:0, where no finding can point. Its address's
// computation keeps a line of the source expression.
//
// RUN: clspread analyze %s --global 1024 --format json --fail-on never | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; print(*[a['buffer'] + '@' + str(a['line']) for a in k['accesses'] if a['buffer'] == 'out'])" | FileCheck %s
// CHECK: {{^}}out@{{1[35]}}{{$}}

__kernel void pick(__global const float *a, __global float *out) {
  size_t g = get_global_id(0);
  float v = a[g];
  if (v > 0.0f)
    out[g] = v * 2.0f;
  else
    out[g] = -v;
}
