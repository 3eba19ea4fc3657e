// Beside the kernel: found by `#include "common.h"`.
#include "scale.h"
#define SHIFT 1.0f
