// median.cl - 3x3 median filter on packed RGBA8 pixels, ordered by luminance.
//
// Models AMD's talk "AMD and OpenCL" (Aug 2009, on the ATI Radeon HD 4870):
// the "Simple Kernel" (one output per work-item, nine 32-bit loads) and the
// "Better Kernel" (four outputs per work-item through 128-bit loads and a
// 128-bit store, reported 20% faster on the HD 4870).
//
// Job "median": od = 3x3 median of id (compared by luminance); pixels on the
// image border are copied unchanged. Both kernels give identical output.
//   median_1  - global = (width, height), one pixel per work-item
//   median_x4 - global = (width / 4, height), four pixels per work-item;
//               width must be a multiple of 4 (and at least 4)
//
// Differences from the talk's kernels:
// - rgbToLum uses float literals (the talk's 0.59 and 0.11 are doubles);
// - sort3 is written as compare-exchange with selects instead of `if` +
//   swap, so there is no data-dependent branch (the compiler turns the
//   talk's version into selects anyway);
// - the talk's x4 kernel ignores edge cases and computes the median centred
//   one pixel to the right of the one it stores; median_x4 here is centred
//   on the pixels it stores and handles borders: per row it makes one
//   128-bit load for its own four pixels and two 32-bit loads for the left
//   and right neighbours, with row and column indices clamped into the
//   image so no access is out of bounds at any size.
// The talk's unused `r` argument is dropped. Control flow depends only
// on work-item ids and the width/height arguments.

static float rgbToLum(uint a) {
  return 0.3f * (float)(a & 0xffu) + 0.59f * (float)((a >> 8) & 0xffu) +
         0.11f * (float)((a >> 16) & 0xffu);
}

// Compare-exchange so that lum(*a) <= lum(*b), branch-free.
static void cmpSwap(uint *a, uint *b) {
  uint x = *a, y = *b;
  int gt = rgbToLum(x) > rgbToLum(y);
  *a = gt ? y : x;
  *b = gt ? x : y;
}

static void sort3(uint *a, uint *b, uint *c) {
  cmpSwap(a, b);
  cmpSwap(b, c);
  cmpSwap(a, b);
}

// Median of a 3x3 neighbourhood given row by row: sort the rows, the
// columns, then the diagonal; the median is the middle of the diagonal.
static uint findMedian(uint r00, uint r01, uint r02, uint r10, uint r11,
                       uint r12, uint r20, uint r21, uint r22) {
  sort3(&r00, &r01, &r02);
  sort3(&r10, &r11, &r12);
  sort3(&r20, &r21, &r22);
  sort3(&r00, &r10, &r20);
  sort3(&r01, &r11, &r21);
  sort3(&r02, &r12, &r22);
  sort3(&r00, &r11, &r22);
  return r11;
}

__kernel void median_1(__global const uint *id, __global uint *od, int width,
                       int height) {
  const int posx = get_global_id(0);
  const int posy = get_global_id(1);
  const int idx = posy * width + posx;
  if (posx == 0 || posy == 0 || posx == width - 1 || posy == height - 1) {
    od[idx] = id[idx];
  } else {
    od[idx] = findMedian(id[idx - 1 - width], id[idx - width],
                         id[idx + 1 - width], id[idx - 1], id[idx],
                         id[idx + 1], id[idx - 1 + width], id[idx + width],
                         id[idx + 1 + width]);
  }
}

__kernel void median_x4(__global const uint *id, __global uint *od, int width,
                        int height) {
  const int posx = get_global_id(0); // global width is width / 4
  const int posy = get_global_id(1); // global height is height
  const int width_d4 = width >> 2;
  const int x0 = posx * 4; // first of my four pixels
  const int xl = max(x0 - 1, 0);          // left neighbour, clamped
  const int xr = min(x0 + 4, width - 1);  // right neighbour, clamped
  const int ya = max(posy - 1, 0);        // row above, clamped
  const int yb = min(posy + 1, height - 1); // row below, clamped
  __global const uint4 *id4 = (__global const uint4 *)id;

  // Load the 6x3 neighbourhood: one 128-bit and two 32-bit loads per row.
  uint4 m0 = id4[ya * width_d4 + posx];
  uint l0 = id[ya * width + xl], r0 = id[ya * width + xr];
  uint4 m1 = id4[posy * width_d4 + posx];
  uint l1 = id[posy * width + xl], r1 = id[posy * width + xr];
  uint4 m2 = id4[yb * width_d4 + posx];
  uint l2 = id[yb * width + xl], r2 = id[yb * width + xr];

  uint4 output;
  output.x = findMedian(l0, m0.x, m0.y, l1, m1.x, m1.y, l2, m2.x, m2.y);
  output.y = findMedian(m0.x, m0.y, m0.z, m1.x, m1.y, m1.z, m2.x, m2.y, m2.z);
  output.z = findMedian(m0.y, m0.z, m0.w, m1.y, m1.z, m1.w, m2.y, m2.z, m2.w);
  output.w = findMedian(m0.z, m0.w, r0, m1.z, m1.w, r1, m2.z, m2.w, r2);

  // Border pixels are copied: whole rows at the top and bottom, the first
  // pixel of the first work-item and the last pixel of the last one.
  if (posy == 0 || posy == height - 1)
    output = m1;
  if (posx == 0)
    output.x = m1.x;
  if (posx == width_d4 - 1)
    output.w = m1.w;

  ((__global uint4 *)od)[posy * width_d4 + posx] = output;
}
