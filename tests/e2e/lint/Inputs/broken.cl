__kernel void broken(__global float *p) {
  p[get_global_id(0)] = undeclared_value;
}
