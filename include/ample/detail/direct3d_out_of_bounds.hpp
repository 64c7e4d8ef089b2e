// Direct3D's rule for element accesses outside the extent, compiled only with
// AMPLE_DIRECT3D_OUT_OF_BOUNDS: reads give zero, writes are dropped.
#pragma once

#include <new>
#include <type_traits>

#include "../config.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "bitwise_copyable.hpp"
#include "byte_copy.hpp"

// The two modes give an access outside the extent opposite meanings: the debug checks call it a
// bug and throw, Direct3D's rule makes it a defined operation that the program relies on. If the
// checks won, such a program would throw at its first intended access; if the rule won, the
// checks asked for would check nothing. Either silent choice hides a misconfiguration.
#if defined(AMPLE_DIRECT3D_OUT_OF_BOUNDS) && defined(AMPLE_ENABLE_DEBUG_CHECKS)
#error "AMPLE_DIRECT3D_OUT_OF_BOUNDS and AMPLE_ENABLE_DEBUG_CHECKS are both defined: choose one (the checks report \
out-of-bounds accesses, the Direct3D mode makes them read zero and drop writes)"
#endif

/// AMPLE_IMPL_ELEMENT_ACCESS marks the element accessors of array and array_view, whose bodies
/// differ with AMPLE_DIRECT3D_OUT_OF_BOUNDS: in that mode it gives them an ABI tag, so their
/// symbols differ from the normal mode's. A translation unit compiled in one mode then keeps its
/// own accessors where the compiler did not inline them, instead of whichever definition the
/// linker happened to keep (bench/workloads/direct3d_out_of_bounds*.cpp and the test
/// direct3d_out_of_bounds_test run both modes in one program). The mode is still meant for a
/// whole program: a view passed between translation units of different modes follows the rule
/// of the code that accesses it.
#if defined(AMPLE_DIRECT3D_OUT_OF_BOUNDS)
#define AMPLE_IMPL_ELEMENT_ACCESS [[gnu::abi_tag("ample_direct3d_oob")]]
#else
#define AMPLE_IMPL_ELEMENT_ACCESS
#endif

// ThreadSanitizer sees the work-items of a tile as fibers ordered only by barriers (docs/
// reliability.md), so it would report the fibers' uses of their thread's scratch element as
// races; the scratch is declared a benign race instead (out_of_bounds_element()).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define AMPLE_IMPL_SCRATCH_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(AMPLE_IMPL_SCRATCH_TSAN)
#define AMPLE_IMPL_SCRATCH_TSAN 1
#endif
#if defined(AMPLE_IMPL_SCRATCH_TSAN)
// A dynamic annotation that GCC's and LLVM's TSan runtimes both export; no public header declares it.
extern "C" void AnnotateBenignRaceSized(const char* file, int line, const volatile void* mem, long size,
                                        const char* description);
#endif

// AMPLE_IMPL_WORK_ITEM_SCRATCH marks the scratch element for the device-code pass, which
// makes it a variable of each GPU thread's frame (compiler/src/WorkItemScratch.h).
#if AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_WORK_ITEM_SCRATCH [[clang::annotate("ample.work_item_scratch")]]
#else
#define AMPLE_IMPL_WORK_ITEM_SCRATCH
#endif

namespace ample::detail {

/// direct3d_out_of_bounds is true when AMPLE_DIRECT3D_OUT_OF_BOUNDS is defined (before <amp.h>,
/// or for a whole build by the CMake option of the same name). Then an element access through
/// array or array_view outside the extent of that array or view behaves as on Direct3D, where
/// Microsoft's C++ AMP ran: a read gives zero, a write is dropped. Accesses are checked against
/// the extent of the view they go through (a section's, a projection's), not against the
/// underlying array or host memory, as Direct3D does; see docs/compatibility.md.
#if defined(AMPLE_DIRECT3D_OUT_OF_BOUNDS)
inline constexpr bool direct3d_out_of_bounds = true;
#else
inline constexpr bool direct3d_out_of_bounds = false;
#endif

/// within() is true when 0 <= idx[d] < ext[d] in every dimension. One unsigned comparison per
/// dimension covers both idx < 0 and idx >= ext, and no branch is taken until all are known.
template <int N>
AMPLE_IMPL_ALWAYS_INLINE bool within(const concurrency::index<N>& idx, const concurrency::extent<N>& ext) noexcept {
  bool inside = true;
  for (int d = 0; d < N; ++d) inside &= static_cast<unsigned>(idx[d]) < static_cast<unsigned>(ext[d]);
  return inside;
}

/// scratch_bytes is the storage of the scratch element of a bitwise-copyable type: plain bytes,
/// constant-initialised, so that a thread's first out-of-bounds access runs no constructor and
/// reaching the thread-local needs no guard. Beginning the lifetime of an unsigned char array
/// implicitly creates the T object that the accessors hand out (such T are implicit-lifetime).
///
/// On a GPU (device code, compiler/src/WorkItemScratch.h) it is a variable of each GPU
/// thread's frame instead, found by the annotation: NVPTX has no thread_locals.
template <class T>
struct scratch_bytes {
  alignas(T) unsigned char bytes[sizeof(T)];
};
template <class T>
AMPLE_IMPL_WORK_ITEM_SCRATCH inline constinit thread_local scratch_bytes<T> scratch_storage{};

/// scratch_object is the scratch element of the other element types (a user-written copy
/// constructor or destructor): a value-initialised T, made at a thread's first out-of-bounds
/// access of that type. Its construction on first use needs a guard, another thread_local,
/// so kernels that reach it stay on the CPU engine.
template <class T>
inline thread_local T scratch_object{};

/// announce_scratch() tells ThreadSanitizer, once per thread, that the scratch element at `p`
/// is raced on by design: the fibers of a tile share it, but they run one at a time, and what
/// one leaves there means nothing to another, since every out-of-bounds access resets it.
/// Nothing in other builds.
template <class E>
AMPLE_IMPL_ALWAYS_INLINE void announce_scratch([[maybe_unused]] const E* p) noexcept {
#if defined(AMPLE_IMPL_SCRATCH_TSAN)
  // Atomic: the flag is shared by the fibers too; relaxed, as one thread runs them all.
  static thread_local bool announced = false;
  if (!__atomic_load_n(&announced, __ATOMIC_RELAXED)) {
    AnnotateBenignRaceSized(__FILE__, __LINE__, p, static_cast<long>(sizeof(E)),
                            "the scratch element of AMPLE_DIRECT3D_OUT_OF_BOUNDS, shared by the fibers of a tile");
    __atomic_store_n(&announced, true, __ATOMIC_RELAXED);
  }
#endif
}

/// out_of_bounds_element() is the element that an access outside the extent refers to in the
/// Direct3D mode: a scratch element of this thread, reset to zero before every such access, so
/// that reading it gives zero and writing it changes nothing any view can reach. `T` may be
/// const (array_view<const T, N>).
///
/// Zero is all-zero bytes, what Direct3D returns, for the bitwise-copyable types that kernels
/// use (int, float, the short vectors, plain structs): the same as T{} unless T has default
/// member initialisers or a default constructor of its own, which Direct3D never ran. Other
/// element types get T{}, assigned, as Ample's containers value-initialise them
/// (detail/buffer.hpp); they need a default constructor in this mode.
///
/// The reference stays valid, but it is shared: the thread's next out-of-bounds access of the
/// same element type resets it, and the work-items of a tile, which are fibers of one thread
/// (docs/design/cpu-engine.md), share it across their barriers. A reference kept from an
/// out-of-bounds access reads what was last written through one, until such an access resets
/// it; Direct3D would read zero again. Cold, but inline: a call here, on a path a kernel may
/// never take, still keeps the compiler from carrying `in_kernel` past it, and the kernel's
/// views then keep their host paths (array_view::host_ready()): the Direct3D-mode stencil ran
/// 1.6x slower with it out of line (docs/perf/2026-11-28-queues.md).
template <class T>
[[gnu::cold]] T& out_of_bounds_element() noexcept {
  using E = std::remove_const_t<T>;
  if constexpr (is_bitwise_copyable_v<E>) {
    unsigned char* bytes = scratch_storage<E>.bytes;
    announce_scratch(reinterpret_cast<const E*>(bytes));
    zero_bytes(bytes, sizeof(E));
    return *std::launder(reinterpret_cast<E*>(bytes));
  } else {
    static_assert(std::is_default_constructible_v<E>,
                  "AMPLE_DIRECT3D_OUT_OF_BOUNDS: an element type that is not trivially copyable needs a default "
                  "constructor, whose value an out-of-bounds read returns");
    E& slot = scratch_object<E>;
    announce_scratch(&slot);
    slot = E{};
    return slot;
  }
}

}  // namespace ample::detail
