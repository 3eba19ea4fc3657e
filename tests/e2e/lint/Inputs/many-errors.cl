// 21 uses of undeclared names: Clang stops after 20 (-ferror-limit 20,
// lib/Frontend) with a diagnostic that has no place.
__kernel void k(__global int *p) {
  p[1] = undeclared_1;
  p[2] = undeclared_2;
  p[3] = undeclared_3;
  p[4] = undeclared_4;
  p[5] = undeclared_5;
  p[6] = undeclared_6;
  p[7] = undeclared_7;
  p[8] = undeclared_8;
  p[9] = undeclared_9;
  p[10] = undeclared_10;
  p[11] = undeclared_11;
  p[12] = undeclared_12;
  p[13] = undeclared_13;
  p[14] = undeclared_14;
  p[15] = undeclared_15;
  p[16] = undeclared_16;
  p[17] = undeclared_17;
  p[18] = undeclared_18;
  p[19] = undeclared_19;
  p[20] = undeclared_20;
  p[21] = undeclared_21;
}
