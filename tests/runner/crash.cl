// Kernels that take down the process running them on PoCL:
// the runner must record each as "crashed" with its signal and measure
// the others (tests/runner/crash.json).

// Given a 64-bit scalar for its pointer (crash.json, scalar-for-pointer),
// it writes to address 1234: SIGSEGV.
__kernel void fill(__global float *out) {
  out[get_global_id(0)] = 1.0f;
}

// Writes far past its 4 KiB buffer: heap corruption, then SIGSEGV or an
// abort in malloc (SIGABRT, exit 134).
__kernel void oob_write(__global float *out) {
  size_t i = get_global_id(0);
  out[i * 4096 + 65536] = 3.0f;
  out[i + ((size_t)1 << 20)] = 2.0f;
}
