// Mandelbrot: the loop exits on data (|z| >= 2) under a counted bound
// (it < max_iter), so its trip count lies in [1, max_iter].
__kernel void mandel(__global int *out, int max_iter) {
  float cr = get_global_id(0) * 0.001f - 2.0f, ci = get_global_id(1) * 0.001f - 1.0f;
  float zr = 0, zi = 0; int it = 0;
  while (it < max_iter && zr*zr + zi*zi < 4.0f) { float t = zr*zr - zi*zi + cr; zi = 2*zr*zi + ci; zr = t; ++it; }
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = it;
}
