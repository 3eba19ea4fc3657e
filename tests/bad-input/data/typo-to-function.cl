// Erroneous OpenCL C on which Clang 19's front end itself crashes: the
// undeclared 'scratch' is typo-corrected to the function 'scratchy',
// passed for a __local pointer, and Sema::DiagnoseAssignmentResult
// segfaults (clang-19 -x cl dies the same way). clspread runs the front end
// again without typo correction and reports the plain error.
void scratchy(__local ulong *s) { s[0] = 0; }
ulong pick(ulong v, uint i, __local ulong *buf) { return buf[i] ^ v; }
__kernel void k(__global ulong *out) {
  ulong v = pick(1, 0, scratch);
  out[0] = v;
}
