// Access labels from the IR and the qualifiers: where the
// footprint is unknown (indices read from a buffer), a buffer the kernel
// only loads from is "read" and one it only stores to is "write"; before,
// every such buffer was planned "read_write", so the runner restored and
// checksummed inputs on every launch. A `const` pointee is never written;
// vload/vstore count as loads and stores.
//
// RUN: clspread plan %s --global 64 --buffer x=4096 --buffer idx=4096 --buffer y=4096 --buffer z=4096 --buffer w=4096 2>/dev/null | python3 -c "import json,sys; [print(k['id'], *[a['name'] + '=' + a['access'] for a in k['args']]) for k in json.load(sys.stdin)['kernels']]" | FileCheck %s
// CHECK: gather x=read idx=read y=write z=read_write w=read
// CHECK-NEXT: vectors x=read y=write

__kernel void gather(__global const float *x, __global const int *idx,
                     __global float *y, __global float *z, __global float *w) {
  size_t g = get_global_id(0);
  float v = x[idx[g]] + w[idx[g]];
  y[idx[g]] = v;
  z[idx[g]] += v;
}

__kernel void vectors(__global float *x, __global float *y) {
  size_t g = get_global_id(0);
  vstore4(vload4(x[g] > 0 ? 1 : 0, x), g, y);
}
