// in_kernel: whether this thread is running work-items (detail/kernel_context.hpp says what
// follows from it for views).
#pragma once

#include "../config.hpp"

namespace ample::detail {

/// in_kernel is true on a thread while it runs work-items of a launch (a backend's workers, and
/// the launching thread while it takes part); the CPU engine sets it (src/backend/cpu) and
/// refuses nested launches with it. Constant-initialised and defined inline, rather than
/// `extern`: GCC 12's UBSan reports every store through an extern thread_local's access
/// wrapper as a null store.
///
/// A compiled tile (the compiled-barrier pass, docs/design/compiled-barriers.md) only ever runs
/// on a thread inside a launch, so the pass takes in_kernel as true in it, found by this
/// annotation: a view copied inside a compiled kernel is then a plain pointer copy with nothing
/// to release, and no cleanup has to run for it when a work-item throws.
#if AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_IN_KERNEL [[clang::annotate("ample.in_kernel")]]
#else
#define AMPLE_IMPL_IN_KERNEL
#endif
AMPLE_IMPL_IN_KERNEL inline constinit thread_local bool in_kernel = false;

}  // namespace ample::detail
