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
///
/// Under Clang the annotation lets the compiled-barrier pass (compiler/) keep such a variable
/// in the frame of a compiled tile instead (PrivatizeTileStatic): one object for the tile all
/// the same. The attribute must lead the declaration, so write tile_static first, as in
/// Microsoft's examples (`tile_static float sh[16][16];`).
#if defined(__clang__)
#define tile_static [[clang::annotate("ample.tile_static")]] static thread_local
#else
#define tile_static static thread_local
#endif

// AMPLE_IMPL_HOT and AMPLE_IMPL_COLD sort a launch's code: the compilers put hot functions
// in .text.hot, which the linker gathers in one place from every object, so that the few
// pages of code a launch runs stay few after a pause that evicted them (launch() in
// detail/launch.hpp); cold ones (the throwing paths) are out of line and out of the way.
#if defined(__GNUC__)
#define AMPLE_IMPL_ALWAYS_INLINE inline __attribute__((always_inline))
#define AMPLE_IMPL_NOINLINE __attribute__((noinline))
#define AMPLE_IMPL_HOT __attribute__((hot))
#define AMPLE_IMPL_COLD __attribute__((noinline, cold))
#define AMPLE_IMPL_LIKELY(x) __builtin_expect(!!(x), 1)
#define AMPLE_IMPL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define AMPLE_IMPL_ALWAYS_INLINE inline
#define AMPLE_IMPL_NOINLINE
#define AMPLE_IMPL_HOT
#define AMPLE_IMPL_COLD
#define AMPLE_IMPL_LIKELY(x) (x)
#define AMPLE_IMPL_UNLIKELY(x) (x)
#endif

/// AMPLE_IMPL_INLINE_CALLS makes Clang inline every call the function makes itself, not those
/// of the functions it inlines (Clang's `flatten`; GCC's inlines the whole tree, so GCC keeps
/// its own choice). It brings a kernel's body into the loop over its work-items
/// (call_work_item()), which the cost model alone would not always do: a kernel that reads
/// `a[i][j]` carries the host-only paths of two projections, which fold away only once it is
/// inlined where in_kernel is known (backend/cpu/parallel_for.hpp, run_item()). Clang 19
/// costed one such kernel at 665 against a threshold of 525. It used to get in by the bonus
/// for the last call to an internal function, which a kernel in a template never had and
/// none has had since device_entry (detail/device_entry.hpp) became a second caller; left
/// out, its loop did not vectorise and ran 5x slower.
#if defined(__clang__)
#define AMPLE_IMPL_INLINE_CALLS __attribute__((flatten))
#else
#define AMPLE_IMPL_INLINE_CALLS
#endif

/// AMPLE_IMPL_COMPILED_TILES is 1 where the compiled-barrier pass (compiler/) can exist: Clang
/// 14 and later, the majors its plugins are built for (whether this compile loads one depends
/// on the plugins installed). Both paths are compiled in; tiles take the compiled one when the
/// pass transformed their kernel (backend/cpu/compiled_tile.hpp).
#if defined(__clang__) && __clang_major__ >= 14
#define AMPLE_IMPL_COMPILED_TILES 1
/// Convergent calls may not be made control dependent on more values, nor duplicated: the
/// pass needs each barrier call where the kernel wrote it.
#define AMPLE_IMPL_CONVERGENT [[clang::convergent]]
#else
#define AMPLE_IMPL_COMPILED_TILES 0
#define AMPLE_IMPL_CONVERGENT
#endif
