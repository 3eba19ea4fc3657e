// One source access copied by the optimizer is one access in the report.
// Shape of a hash's update loop (john's sha512crypt): the buffer length
// is read in the loop's condition (and stays there: the loop stores to
// global memory, so no compiler may hoist it), and when the inner copy
// loop is skipped (rem == 0) jump threading copies the loop's latch, the
// condition's load included, onto that path, where the branch after the
// loop is decided. The analysis assumes an inner loop with an unknown
// count is entered, so that copy never runs: it was listed as a second
// load of lens at line 27 running 0 times per work-item, beside the one
// running every iteration. Now the two copies are one site with their
// counts added. By hand, with the outer loop assumed to run 16 times: the
// condition runs once before the loop (the rotated guard, a site of its
// own, outside the loop) and once per iteration, 1 + 16 loads. oclgrind
// agrees: with every lens[g] = 16 and src all zeros (the inner loop never
// runs), `oclgrind --inst-counts clspread-run` on this kernel's plan at
// 64 work-items counts 2112 global loads of 5376 B, that is 1088 = 64 x 17
// four-byte loads of lens and 1024 = 64 x 16 one-byte loads of src (line
// 28's 16 per work-item).
//
// RUN: clspread analyze %s --global 1024 --format json --fail-on never | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; print(*[str(a['line']) + ':' + str(a['column']) + '=' + str(a['exec_per_item']) for a in k['accesses'] if a['buffer'] == 'lens'])" | FileCheck %s
// CHECK: {{^}}27:24=1 27:24=16{{$}}

__kernel void update(__global const uint *lens, __global const uchar *src,
                     __global uint *out) {
  size_t g = get_global_id(0);
  uint buflen = 0, acc = 0;
  for (uint i = 0; i < lens[g]; i++) {
    buflen += src[g + i];
    if (buflen >= 64) {
      uint rem = buflen - 64;
      acc += buflen;
      out[g] = acc;
      buflen = 0;
      for (uint j = 0; j < rem; j++) {
        acc += src[j];
        buflen++;
      }
    }
  }
  if (buflen < 56)
    out[g] = acc;
  else
    out[g] = acc + 1;
}
