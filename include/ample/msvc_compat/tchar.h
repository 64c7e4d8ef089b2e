// <tchar.h> for programs written for Visual C++ (the ample::msvc_compat CMake target puts this
// directory on the include path). Visual C++'s generic-text names map to the narrow functions:
// Linux programs start at main() with char arguments, so a _UNICODE build's wide forms do not
// apply. Only the names C++ AMP samples use are here.
#pragma once

#include <cstdio>
#include <cstring>

typedef char _TCHAR;
typedef char TCHAR;
#define _T(text) text
#define _TEXT(text) text
#define _tmain main
#define _tprintf std::printf
#define _tcslen std::strlen
#define _tcscmp std::strcmp
