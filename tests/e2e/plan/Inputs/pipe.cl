__kernel void produce(__global const int *src, __write_only pipe int out) {
  int v = src[get_global_id(0)];
  write_pipe(out, &v);
}
