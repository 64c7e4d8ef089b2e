// Visual C++'s sized integer keywords, for programs built through ample::msvc_compat (which
// force-includes this header). Clang knows them under -fms-extensions, GCC does not. On Linux
// `long` is 64 bits where Visual C++'s is 32 (LP64 against LLP64): __int64 is `long long` on
// both, so code that uses it keeps its sizes.
#pragma once

#if !defined(__clang__)
#define __int8 char
#define __int16 short
#define __int32 int
#define __int64 long long
#endif
