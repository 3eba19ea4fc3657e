// Code written for a host program often needs what that program passes
// to clBuildProgram: macros (-D) and header directories (-I). Where the
// build fails on an undeclared name that looks like a macro (capitals,
// digits, underscores), or on a missing header, a note after Clang's
// errors names the option (Rodinia's hotspot uses BLOCK_SIZE, which its
// host defines as 16; heartwall includes its host's main.h).
//
// RUN: not clspread analyze %s 2>&1 | FileCheck --check-prefix=MACRO %s
// MACRO: build-hints.cl:{{[0-9]+}}:{{[0-9]+}}: error: use of undeclared identifier 'TILE'
// MACRO: build-hints.cl: note: 'TILE', 'HALO' and 'SCALE_2' are used but never defined; a host program often defines such names when it builds the kernel: give -D TILE=VALUE (one -D each), as its clBuildProgram options do
// MACRO-NOT: note:
// MACRO: errors generated.
//
// lint gives it as a note of the last error, at its place.
// RUN: not clspread lint %s 2>&1 | FileCheck --check-prefix=LINT %s
// LINT: build-hints.cl:[[L:[0-9]+]]:[[C:[0-9]+]]: error: use of undeclared identifier 'SCALE_2' [clang-diagnostic-error]
// LINT-NEXT: build-hints.cl:[[L]]:[[C]]: note: 'TILE', 'HALO' and 'SCALE_2' are used but never defined
//
// With them given it builds; a lower-case name gets no note (it is more
// likely a typo than a macro).
// RUN: clspread analyze %s -D TILE=16 -D HALO=1 -D SCALE_2=2 --global 256 | FileCheck --check-prefix=OK %s
// OK: kernel tiled
// RUN: not clspread analyze %s -D TILE=16 -D HALO=1 -D SCALE_2=2 -D LOWER 2>&1 | FileCheck --check-prefix=LOWER %s
// LOWER: error: use of undeclared identifier 'undeclared_thing'
// LOWER-NOT: note:
//
// A missing header: the -I note.
// RUN: not clspread analyze %s -D TILE=16 -D HALO=1 -D SCALE_2=2 -D HEADER 2>&1 | FileCheck --check-prefix=HEADER %s
// HEADER: fatal error: 'host_params.h' file not found
// HEADER: build-hints.cl: note: a header it includes was not found: give the directory that holds it with -I DIR

#ifdef HEADER
#include "host_params.h"
#endif

__kernel void tiled(__global float *a) {
  __local float tile[TILE + 2 * HALO];
  size_t i = get_global_id(0);
  tile[get_local_id(0) % TILE] = a[i];
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef LOWER
  a[i] = undeclared_thing;
#else
  a[i] = tile[(get_local_id(0) + 1) % TILE] * SCALE_2;
#endif
}
