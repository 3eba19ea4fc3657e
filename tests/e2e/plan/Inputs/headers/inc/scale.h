// In a directory given with -I (relative to where clspread plan ran).
#define SCALE 2.0f
