// <amp_math.h>: the math functions of C++ AMP (SPEC §9), implemented by Ample.
//
// concurrency::fast_math holds the float-only functions, concurrency::precise_math the C99 set
// for float and double. Both define the same names, so code qualifies them or brings in one of
// the two namespaces, never both. In host code the C89 names (sqrt, sqrtf) are <cmath>'s.
#pragma once

#include "ample/math/fast_math.hpp"
#include "ample/math/precise_math.hpp"
#include "ample/math/precise_math_fp.hpp"
#include "ample/math/precise_math_special.hpp"
// Last, as in Microsoft's: the C library's functions that host code calls by these names.
#include "ample/math/cmath_imports.hpp"
