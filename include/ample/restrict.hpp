// restrict(...): C++ AMP's restriction specifier, as a function-like macro.
//
// This header includes nothing and is all a header needs that says `restrict(amp)` before
// including anything else (Visual C++ has `restrict` as a keyword). The ample::ample CMake
// target force-includes it into every C++ file (AMPLE_FORCE_INCLUDE_RESTRICT, on by default).
#pragma once

/// restrict(amp), restrict(cpu), restrict(amp, cpu) and restrict(direct3d) mark where a
/// function may run. Ample compiles every function for the CPU, so the specifier checks
/// nothing; it only lets a function be overloaded on its restriction, as Visual C++ allows:
///
///     float twice(float x) restrict(cpu) { return 2 * x; }
///     float twice(float x) restrict(amp) { return x + x; }
///
/// Under Clang restrict(cpu) alone marks its function with an always-true enable_if attribute,
/// which makes the two a valid pair of overloads and the cpu one the better match wherever
/// both can be called; both bodies are valid on the CPU, in kernels too. GCC has no such
/// attribute: there the two definitions collide, and the amp twin must be left out
/// (docs/porting.md; AMPLE_RESTRICT_OVERLOADING tells which compilers allow it). One
/// consequence under Clang: a function declared `restrict(cpu)` must say so in its definition
/// too (Visual C++ let one of the two omit it, cpu being the default).
///
/// Being function-like, the macro touches only `restrict(`; code that needs the identifier
/// for itself defines AMPLE_NO_RESTRICT_MACRO first (and, when the header is force-included,
/// writes #undef restrict).
#if !defined(AMPLE_NO_RESTRICT_MACRO) && !defined(restrict)
#define restrict(...) AMPLE_IMPL_RESTRICT_PICK(__VA_ARGS__, AMPLE_IMPL_RESTRICT_BOTH, AMPLE_IMPL_RESTRICT_ONE, )(__VA_ARGS__)
#endif

#define AMPLE_IMPL_RESTRICT_PICK(first, second, chosen, ...) chosen
#define AMPLE_IMPL_RESTRICT_BOTH(...)
#define AMPLE_IMPL_RESTRICT_ONE(what) AMPLE_IMPL_RESTRICT_ONLY_##what
#define AMPLE_IMPL_RESTRICT_ONLY_amp
#define AMPLE_IMPL_RESTRICT_ONLY_direct3d
#if defined(__clang__)
#define AMPLE_RESTRICT_OVERLOADING 1
#define AMPLE_IMPL_RESTRICT_ONLY_cpu __attribute__((enable_if(true, "restrict(cpu)")))
#else
#define AMPLE_RESTRICT_OVERLOADING 0
#define AMPLE_IMPL_RESTRICT_ONLY_cpu
#endif
