// `clspread plan` for a kernel with a __local pointer argument and a scalar.
// With --arg, the plan carries the __local bytes (kind "local") and the
// scalar's value (kind "scalar", its OpenCL C type); no warnings.
// RUN: clspread plan %s --global 1024 --local 64 --arg tile=256 --arg n=64 2> %t.err | FileCheck --check-prefix=GIVEN %s
// RUN: count 0 < %t.err
// Without them the plan still comes out (exit 0), without "bytes" and
// "value", and stderr says what is missing, one warning per argument.
// RUN: clspread plan %s --global 1024 --local 64 2> %t.err | FileCheck --check-prefix=MISSING %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// The buffers are sized from their footprints either way: 1024 floats.

__kernel void rotate(__global const float *in, __global float *out,
                     __local float *tile, int n) {
  int i = get_global_id(0), l = get_local_id(0);
  tile[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[(l + 1) % n];
}

// JSON keys print sorted.
// GIVEN: "args": [
// GIVEN-NEXT: {
// GIVEN-NEXT: "access": "read",
// GIVEN-NEXT: "bytes": 4096,
// GIVEN-NEXT: "elem": "float",
// GIVEN-NEXT: "index": 0,
// GIVEN-NEXT: "kind": "buffer",
// GIVEN-NEXT: "name": "in"
// GIVEN-NEXT: },
// GIVEN-NEXT: {
// GIVEN-NEXT: "access": "write",
// GIVEN-NEXT: "bytes": 4096,
// GIVEN-NEXT: "elem": "float",
// GIVEN-NEXT: "index": 1,
// GIVEN-NEXT: "kind": "buffer",
// GIVEN-NEXT: "name": "out"
// GIVEN-NEXT: },
// GIVEN-NEXT: {
// GIVEN-NEXT: "bytes": 256,
// GIVEN-NEXT: "index": 2,
// GIVEN-NEXT: "kind": "local",
// GIVEN-NEXT: "name": "tile"
// GIVEN-NEXT: },
// GIVEN-NEXT: {
// GIVEN-NEXT: "index": 3,
// GIVEN-NEXT: "kind": "scalar",
// GIVEN-NEXT: "name": "n",
// GIVEN-NEXT: "type": "int",
// GIVEN-NEXT: "value": 64
// GIVEN-NEXT: }
// GIVEN-NEXT: ],
// GIVEN: "dims": 1,
// GIVEN: "global": [
// GIVEN-NEXT: 1024,
// GIVEN-NEXT: 1,
// GIVEN-NEXT: 1
// GIVEN-NEXT: ],
// GIVEN-NEXT: "id": "rotate",
// GIVEN-NEXT: "include_dirs": [
// GIVEN-NEXT: "{{.*}}/tests/e2e/plan"
// GIVEN-NEXT: ],
// GIVEN-NEXT: "kernel": "rotate",
// GIVEN-NEXT: "local": [
// GIVEN-NEXT: 64,
// GIVEN-NEXT: 1,
// GIVEN-NEXT: 1
// GIVEN-NEXT: ],
// GIVEN: "schema": 1,

// MISSING: "bytes": 4096,
// MISSING: "bytes": 4096,
// MISSING: "index": 2,
// MISSING-NEXT: "kind": "local",
// MISSING-NEXT: "name": "tile"
// MISSING-NEXT: },
// MISSING-NEXT: {
// MISSING-NEXT: "index": 3,
// MISSING-NEXT: "kind": "scalar",
// MISSING-NEXT: "name": "n",
// MISSING-NEXT: "type": "int"
// MISSING-NEXT: }
// MISSING-NEXT: ],

// WARN: clspread: warning: rotate: argument 'tile': __local size unknown (give --arg tile=BYTES)
// WARN-NEXT: clspread: warning: rotate: argument 'n': no value (give --arg n=VALUE)
// WARN-NOT: warning
