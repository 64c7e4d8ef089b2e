// AMPLE_DIRECT3D_OUT_OF_BOUNDS and AMPLE_ENABLE_DEBUG_CHECKS give an out-of-bounds access
// opposite meanings (a value of zero, a reported bug); a program asks for one of them.
// expect-error: AMPLE_DIRECT3D_OUT_OF_BOUNDS and AMPLE_ENABLE_DEBUG_CHECKS are both defined
#define AMPLE_ENABLE_DEBUG_CHECKS
#define AMPLE_DIRECT3D_OUT_OF_BOUNDS
#include <amp.h>

int main() {}
