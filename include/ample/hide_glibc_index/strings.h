// <strings.h> in front of glibc's (CMake option AMPLE_HIDE_GLIBC_INDEX): glibc declares the BSD
// function `index` here, a global name that makes `index<2>` ambiguous in any program that says
// `using namespace concurrency;`. For C++ the declarations are kept under another name; glibc
// binds its C++ declarations to the symbol "index" by an asm label, so the object code is the
// same. C++ code that called the BSD index() itself uses strchr(), which does the same. C files
// see glibc's header unchanged.
#if defined(__cplusplus)
#define index ample_hidden_glibc_index
#include_next <strings.h>
#undef index
#else
#include_next <strings.h>
#endif
