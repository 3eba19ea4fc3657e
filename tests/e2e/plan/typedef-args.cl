// Arguments declared through typedefs (PolyBench/ACC's `typedef float
// DATA_TYPE`): the plan gives OpenCL's base types, which the runner knows,
// not the typedef names, which it does not ("unknown element type
// DATA_TYPE" failed every PolyBench kernel on the H100), and vectors as
// float4, not Clang's attribute spelling. A typedef of an
// unsigned type is unsigned: 3000000000 fits count_t (uint, below 2^32)
// though not int.
// RUN: clspread plan %s --global 1024 --local 64 --arg n=3000000000 -o %t.plan
// RUN: FileCheck %s < %t.plan
// The plan runs: PoCL builds the kernel and times it.
// RUN: clspread-run --platform Portable --repeats 1 --warmup 0 -q -o %t.json %t.plan
// RUN: FileCheck --check-prefix=RAN %s < %t.json
// Past uint's range it is refused, naming the parameter's written type.
// RUN: not clspread plan %s --global 1024 --arg n=4294967296 2>&1 | FileCheck --check-prefix=RANGE %s

typedef float DATA_TYPE;
typedef unsigned int count_t;
typedef float4 vec_t; // Clang's base type: "float __attribute__((ext_vector_type(4)))"

__kernel void scale(__global DATA_TYPE *a, __global vec_t *v, count_t n) {
  size_t i = get_global_id(0);
  a[i] = a[i] * 0.5f + (DATA_TYPE)(n & 1u);
  v[i] = (vec_t)(a[i]);
}

// CHECK: "elem": "float",
// CHECK-NOT: DATA_TYPE
// CHECK: "elem": "float4",
// CHECK: "name": "n",
// CHECK-NEXT: "type": "uint",
// CHECK-NEXT: "value": 3000000000
// RAN: "status": "ok"
// RANGE: --arg n=4294967296: parameter 'n' of kernel 'scale' is of type 'count_t'
