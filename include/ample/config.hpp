// Language extensions of C++ AMP mapped onto standard C++20.
#pragma once

/// restrict(amp), restrict(cpu) and restrict(amp,cpu) mark functions that may run on an
/// accelerator. Ample compiles every such function as ordinary C++ for the CPU engine, so the
/// specifier expands to nothing. Being function-like, the macro touches only `restrict(`; code
/// that needs the identifier for itself defines AMPLE_NO_RESTRICT_MACRO before including <amp.h>.
#if !defined(AMPLE_NO_RESTRICT_MACRO) && !defined(restrict)
#define restrict(...)
#endif

/// tile_static declares storage shared by all work-items of one tile.
///
/// Correctness rests on one engine invariant (see docs/design/cpu-engine.md):
///   - a tile runs on exactly one worker thread from its first work-item to its last;
///   - a worker runs one tile at a time, and its work-items never migrate to another thread.
/// Hence a `static thread_local` object is one object per running tile. Its contents at tile
/// start are unspecified, exactly as C++ AMP specifies for tile_static memory.
#define tile_static static thread_local

#if defined(__GNUC__)
#define AMPLE_IMPL_ALWAYS_INLINE inline __attribute__((always_inline))
#define AMPLE_IMPL_LIKELY(x) __builtin_expect(!!(x), 1)
#define AMPLE_IMPL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define AMPLE_IMPL_ALWAYS_INLINE inline
#define AMPLE_IMPL_LIKELY(x) (x)
#define AMPLE_IMPL_UNLIKELY(x) (x)
#endif
