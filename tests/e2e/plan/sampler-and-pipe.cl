// Samplers and pipes in plans. A sampler_t parameter is planned
// as the runner's sampler (unnormalized, clamp to edge, nearest) with no
// warning: the runner handles samplers (before: "sampler arguments are not
// supported by the runner"). It runs on PoCL.
//
// RUN: clspread plan %s --global 16x16 -o %t.plan.json 2> %t.err
// RUN: not grep -q warning %t.err
// RUN: python3 -c "import json,sys; [print(k['id'], *[a['name'] + '=' + a['kind'] for a in k['args']]) for k in json.load(open(sys.argv[1]))['kernels']]" %t.plan.json | FileCheck --check-prefix=PLAN %s
// PLAN: blur img=image2d s=sampler out=buffer
// RUN: clspread-run --platform Portable --repeats 1 --warmup 0 -q -o %t.meas.json %t.plan.json
// RUN: python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(r['status'])" %t.meas.json | FileCheck --check-prefix=RAN %s
// RAN: ok
//
// A pipe parameter is a pipe of its packet type, one packet per work-item,
// not an `int` scalar that wanted --arg out=VALUE; the runner refuses that
// kernel by name.
// RUN: clspread plan %S/Inputs/pipe.cl -cl-std=CL2.0 --global 64 -o %t.pipe.json 2> %t.pipe.err
// RUN: FileCheck --check-prefix=PIPEWARN %s < %t.pipe.err
// PIPEWARN: warning: produce: argument 'out': pipe arguments are not supported by clspread-run
// RUN: python3 -c "import json,sys; a=json.load(open(sys.argv[1]))['kernels'][0]['args'][1]; print(a['kind'], a['elem'], a['packets'], a['access'])" %t.pipe.json | FileCheck --check-prefix=PIPE %s
// PIPE: pipe int 64 write

__kernel void blur(__read_only image2d_t img, sampler_t s, __global float4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(img, s, p) + read_imagef(img, s, p + (int2)(1, 0));
  out[p.y * get_global_size(0) + p.x] = v;
}
