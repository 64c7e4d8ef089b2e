// Language extensions of C++ AMP mapped onto standard C++20, and the namespace.
#pragma once

/// As in Microsoft's headers, `Concurrency` is the namespace and `concurrency` an alias of it:
/// code may reopen `namespace Concurrency` (test frameworks add their helpers there), and
/// every name is reachable under both spellings, nested namespaces included.
namespace Concurrency {}
namespace concurrency = Concurrency;

#include "restrict.hpp"

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
