// Included by tests/e2e/cli/defines.cl with -I.
#define TRIPS 5
