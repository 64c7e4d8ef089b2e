// fiber_sanitizer: tells AddressSanitizer, ThreadSanitizer and Valgrind about the tile
// scheduler's fiber stacks and switches. Every hook is an empty inline function in a normal
// build, so the scheduler's fast path is unchanged.
//
// Why each tool needs it:
// - ASan tracks the bounds of the stack it runs on. A switch it was not told about makes it
//   check a fiber's frames against the thread's stack: an exception unwinding on a fiber stack
//   then reports "stack-buffer-overflow" or leaves stale poison behind. Each switch is announced
//   with __sanitizer_start_switch_fiber (target bounds) before it and
//   __sanitizer_finish_switch_fiber after it, which also hands back the bounds of the stack we
//   came from (that is how the bounds of a worker's own stack are learnt). A stack reused for
//   a fresh fiber is unpoisoned first: frames abandoned on it may have left redzones poisoned.
// - TSan keeps a shadow call stack and a vector clock per thread. Each fiber stack gets a TSan
//   fiber of its own (__tsan_create_fiber, __tsan_switch_to_fiber before every jump). Switches
//   do not synchronise (no_sync): work-items of one tile are ordered only by what orders them
//   in C++ AMP, which makes a race between work-items visible:
//     launch:     the thread that runs the tile releases `tile_start`, each item acquires it;
//     barrier:    an item releases round r's sync object on arrival and acquires it when it
//                 leaves (two objects used alternately: an item leaving round r must not acquire
//                 what item 0 released at round r + 1 after it);
//     completion: each item releases `tile_done` when it returns, the thread acquires it.
//   The scheduler's own bookkeeping is shared by all fibers of a tile without such edges, so it
//   runs with TSan's memory checks ignored (__tsan_ignore_thread_begin/end); only kernel code
//   is checked. TSan fibers live as long as the fiber stacks they annotate and are reused
//   by later tiles like the fibers themselves (creating and destroying them per tile made
//   GCC's TSan suite time out). All are created by the thread, before a tile's first item
//   runs: TSan orders a fiber after whatever created it. GCC 12's TSan registry, which holds
//   fibers too, is finite (8128 threads), so all schedulers together may hold at most
//   max_tsan_fibers.
// - Valgrind takes a large jump of the stack pointer for a switch to another stack only when
//   both are registered; otherwise it warns and may track the wrong stack. stack_pool
//   registers every fiber stack.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

#include "ample/exceptions.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AMPLE_IMPL_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define AMPLE_IMPL_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(AMPLE_IMPL_ASAN)
#define AMPLE_IMPL_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(AMPLE_IMPL_TSAN)
#define AMPLE_IMPL_TSAN 1
#endif

#if defined(AMPLE_IMPL_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(AMPLE_IMPL_TSAN)
#include <sanitizer/tsan_interface.h>

#include <algorithm>
#include <thread>
// Exported by both GCC's and LLVM's TSan runtimes, but declared in neither public header.
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
#endif
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define AMPLE_IMPL_VALGRIND 1
#endif

namespace ample::detail::cpu {

#if defined(AMPLE_IMPL_ASAN) || defined(AMPLE_IMPL_TSAN)
inline constexpr bool sanitized_build = true;
#else
inline constexpr bool sanitized_build = false;
#endif

#if defined(AMPLE_IMPL_TSAN)
inline constexpr bool tsan_build = true;
#else
inline constexpr bool tsan_build = false;
#endif

/// Sanitizers make frames several times larger (ASan redzones, TSan's instrumented calls), so
/// the default work-item stack grows by this factor in their builds.
inline constexpr std::size_t sanitizer_stack_factor = sanitized_build ? 4 : 1;

/// ASan gives every fiber a fake stack of its own for use-after-return detection (megabytes
/// each), which it frees only when that fiber switches away for good. Fibers that will never
/// run again (their stacks are about to be replaced) must therefore be resumed once to leave
/// properly in ASan builds, or every replacement leaks their fake stacks.
#if defined(AMPLE_IMPL_ASAN)
inline constexpr bool fibers_hold_fake_stacks = true;
#else
inline constexpr bool fibers_hold_fake_stacks = false;
#endif

/// The TSan build starts every tile as fibers, skipping the loop phase: each work-item must
/// be a TSan fiber of its own (fiber_annotations).
inline constexpr bool every_item_a_fiber = tsan_build;

/// GCC 12's TSan runtime holds at most 8128 threads and fibers together ("Thread limit
/// exceeded. Dying."); all tile schedulers (one per thread that ran a tile) may hold this many
/// fibers, the rest of the registry is left to the program's own threads. Clang 14's runtime
/// has no such limit (100000 fibers tested), so the cap there only guards memory.
#if defined(__clang__)
inline constexpr int max_tsan_fibers = 1 << 20;
#else
inline constexpr int max_tsan_fibers = 6144;
#endif

/// stack_bounds is the memory of one stack: [bottom, bottom + size).
struct stack_bounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

/// register_stack() / unregister_stack() tell Valgrind about a fiber stack; 0 when not built in.
inline unsigned register_stack([[maybe_unused]] const stack_bounds& s) noexcept {
#if defined(AMPLE_IMPL_VALGRIND)
  const char* bottom = static_cast<const char*>(s.bottom);
  return VALGRIND_STACK_REGISTER(bottom, bottom + s.size);
#else
  return 0;
#endif
}
inline void unregister_stack([[maybe_unused]] unsigned id) noexcept {
#if defined(AMPLE_IMPL_VALGRIND)
  VALGRIND_STACK_DEREGISTER(id);
#endif
}

/// fresh_stack() is called before a new fiber starts on a stack that may have been used.
inline void fresh_stack([[maybe_unused]] const stack_bounds& s) noexcept {
#if defined(AMPLE_IMPL_ASAN)
  ASAN_UNPOISON_MEMORY_REGION(s.bottom, s.size);
#endif
}

/// enter_scheduler_code() / leave_scheduler_code() bracket scheduler code that runs on a
/// work-item's fiber; TSan does not check its memory accesses (see the file comment).
inline void enter_scheduler_code() noexcept {
#if defined(AMPLE_IMPL_TSAN)
  __tsan_ignore_thread_begin();
#endif
}
inline void leave_scheduler_code() noexcept {
#if defined(AMPLE_IMPL_TSAN)
  __tsan_ignore_thread_end();
#endif
}

/// scheduler_code_scope marks a block as scheduler code, on every path out of it.
struct scheduler_code_scope {
  scheduler_code_scope() noexcept { enter_scheduler_code(); }
  ~scheduler_code_scope() { leave_scheduler_code(); }
  scheduler_code_scope(const scheduler_code_scope&) = delete;
  scheduler_code_scope& operator=(const scheduler_code_scope&) = delete;
};

/// fiber_annotations holds one tile scheduler's sanitizer state: per slot (a fiber stack
/// 0..slots-1, or the thread's own stack, slot -1) its bounds and where ASan keeps its fake
/// frames, and which TSan fiber runs there. Empty in a build without sanitizers.
template <int slots>
class fiber_annotations {
 public:
  fiber_annotations() = default;
  fiber_annotations(const fiber_annotations&) = delete;
  fiber_annotations& operator=(const fiber_annotations&) = delete;
  ~fiber_annotations() {
#if defined(AMPLE_IMPL_TSAN)
    forget_fibers();
#endif
  }

  /// begin_tile() runs on the thread before it jumps to the first fiber of a tile of `items`
  /// work-items; name(i) says who work-item i is, for TSan's reports. In the TSan build it
  /// throws runtime_exception when all schedulers together would need more than
  /// max_tsan_fibers fibers.
  template <class Namer>
  void begin_tile([[maybe_unused]] int items, [[maybe_unused]] Namer name) {
#if defined(AMPLE_IMPL_TSAN)
    // libstdc++ updates shared_ptr counts with plain stores while the process has never
    // started a thread (glibc's __libc_single_threaded). Work-items copying an array_view are
    // fibers of one thread, really serialised, but unordered for TSan: it would report those
    // stores. One thread, started once, makes libstdc++ use atomic counts from then on.
    [[maybe_unused]] static const bool multithreaded = (std::thread([] {}).join(), true);
    if (items > created_) {
      const int more = items - created_;
      const int before = fiber_budget().fetch_add(more, std::memory_order_relaxed);
      if (before + more > max_tsan_fibers) {
        fiber_budget().fetch_sub(more, std::memory_order_relaxed);
        AMPLE_THROW(concurrency::runtime_exception,
                    "ThreadSanitizer build: a tile of " + std::to_string(items) + " work-items needs " +
                        std::to_string(more) + " more TSan fibers, and the engine's threads hold " +
                        std::to_string(before) + " of at most " + std::to_string(max_tsan_fibers) +
                        "; run fewer engine threads (AMPLE_NUM_THREADS)",
                    concurrency::error_code::e_fail);
      }
      for (; created_ < items; ++created_) tsan_[created_ + 1] = __tsan_create_fiber(0);
    }
    tsan_[0] = __tsan_get_current_fiber();
    for (int i = 0; i < items; ++i) __tsan_set_fiber_name(tsan_[i + 1], name(i).c_str());
    __tsan_release(&tile_start_);
#endif
  }
  /// end_tile() runs on the thread once the tile's last fiber switched back. It returns true
  /// when it dropped this scheduler's TSan fibers, whose suspended fibers must then never run
  /// again: it does so once the schedulers together hold more than half of max_tsan_fibers, so
  /// that threads that ran big tiles do not starve the others.
  bool end_tile() noexcept {
#if defined(AMPLE_IMPL_TSAN)
    __tsan_acquire(&tile_done_);
    if (fiber_budget().load(std::memory_order_relaxed) > max_tsan_fibers / 2) {
      forget_fibers();
      return true;
    }
#endif
    return false;
  }

  /// abandon_fibers() is called when the suspended fibers will never run again (their stacks
  /// were replaced): new fibers start from scratch on the same TSan fibers.
  void abandon_fibers() noexcept {
#if defined(AMPLE_IMPL_TSAN)
    for (int i = 0; i < created_; ++i)
      if (started_[i]) end_scheduler_code_of(tsan_[i + 1]);
    std::fill_n(started_, created_, false);
#endif
  }

  /// new_fiber() is called when slot `slot` gets a fresh fiber on `stack`.
  void new_fiber([[maybe_unused]] int slot, [[maybe_unused]] const stack_bounds& stack) noexcept {
#if defined(AMPLE_IMPL_ASAN)
    at_(slot).bounds = stack;
    at_(slot).fake_stack = nullptr;
#endif
#if defined(AMPLE_IMPL_TSAN)
    started_[slot] = true;  // the new fiber enters scheduler code first thing
#endif
    fresh_stack(stack);
  }

  /// before_switch() precedes every jump from slot `from` to slot `to`; after_switch() follows
  /// it, on `self`, when something jumps back (or right away in a new fiber, where `self`
  /// is its slot and there is nothing saved yet).
  void before_switch([[maybe_unused]] int from, [[maybe_unused]] int to) noexcept {
#if defined(AMPLE_IMPL_ASAN)
    __sanitizer_start_switch_fiber(&at_(from).fake_stack, at_(to).bounds.bottom, at_(to).bounds.size);
#endif
#if defined(AMPLE_IMPL_TSAN)
    __tsan_switch_to_fiber(tsan_[to + 1], __tsan_switch_to_fiber_no_sync);
#endif
  }
  /// before_last_switch() precedes the final jump of a fiber, to slot `to`; the fiber is never
  /// resumed again: ASan frees its fake stack (its use-after-return frames), which
  /// only the fiber itself can do, by leaving for good.
  void before_last_switch([[maybe_unused]] int to) noexcept {
#if defined(AMPLE_IMPL_ASAN)
    __sanitizer_start_switch_fiber(nullptr, at_(to).bounds.bottom, at_(to).bounds.size);
#endif
  }
  void after_switch([[maybe_unused]] int self, [[maybe_unused]] int from) noexcept {
#if defined(AMPLE_IMPL_ASAN)
    stack_bounds& b = at_(from).bounds;
    __sanitizer_finish_switch_fiber(at_(self).fake_stack, &b.bottom, &b.size);
#endif
  }

  /// start_item() / finish_item() bracket the kernel call of one work-item.
  void start_item() noexcept {
#if defined(AMPLE_IMPL_TSAN)
    __tsan_acquire(&tile_start_);
#endif
  }
  void finish_item() noexcept {
#if defined(AMPLE_IMPL_TSAN)
    __tsan_release(&tile_done_);
#endif
  }

  /// arrive() / depart() bracket a wait at the barrier of round `round` (rounds count from 0
  /// in each tile).
  void arrive([[maybe_unused]] unsigned round) noexcept {
#if defined(AMPLE_IMPL_TSAN)
    __tsan_release(&round_[round & 1]);
#endif
  }
  void depart([[maybe_unused]] unsigned round) noexcept {
#if defined(AMPLE_IMPL_TSAN)
    __tsan_acquire(&round_[round & 1]);
#endif
  }

 private:
#if defined(AMPLE_IMPL_ASAN)
  struct slot_state {
    void* fake_stack = nullptr;  ///< ASan's fake frames of the fiber suspended here
    stack_bounds bounds;
  };
  slot_state& at_(int slot) noexcept { return slots_[slot + 1]; }
  slot_state slots_[slots + 1] = {};
#endif

#if defined(AMPLE_IMPL_TSAN)
  /// fiber_budget() counts the TSan fibers of all schedulers.
  static std::atomic<int>& fiber_budget() noexcept {
    static std::atomic<int> fibers{0};
    return fibers;
  }
  /// end_scheduler_code_of() closes the scheduler code that `fiber` was suspended in, from
  /// the outside: TSan keeps ignoring a fiber's accesses until the fiber itself says so, and
  /// reports a fiber destroyed while ignoring. Only TSan's notion of the current fiber
  /// changes; nothing runs on the fiber's stack.
  void end_scheduler_code_of(void* fiber) noexcept {
    void* const self = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(fiber, __tsan_switch_to_fiber_no_sync);
    __tsan_ignore_thread_end();
    __tsan_switch_to_fiber(self, __tsan_switch_to_fiber_no_sync);
  }
  /// forget_fibers() destroys the TSan fibers; the fibers that ran on them are abandoned.
  void forget_fibers() noexcept {
    abandon_fibers();
    for (int i = 0; i < created_; ++i) __tsan_destroy_fiber(tsan_[i + 1]);
    fiber_budget().fetch_sub(created_, std::memory_order_relaxed);
    created_ = 0;
  }
  void* tsan_[slots + 1] = {};  ///< [0]: the thread's own fiber; [i + 1]: work-item i's
  int created_ = 0;             ///< TSan fibers made so far, for slots 0..created_-1
  bool started_[slots] = {};    ///< a fiber runs on slot i's TSan fiber (suspended in scheduler code)
  char tile_start_ = 0, tile_done_ = 0, round_[2] = {};
#endif
};

/// kernel_code_scope marks the call of one work-item's kernel, inside scheduler code: the
/// item is ordered after the launch, and the thread after the item.
template <class Annotations>
class kernel_code_scope {
 public:
  explicit kernel_code_scope(Annotations& a) noexcept : a_(a) {
    leave_scheduler_code();
    a_.start_item();
  }
  ~kernel_code_scope() {
    a_.finish_item();
    enter_scheduler_code();
  }
  kernel_code_scope(const kernel_code_scope&) = delete;
  kernel_code_scope& operator=(const kernel_code_scope&) = delete;

 private:
  [[maybe_unused]] Annotations& a_;
};

}  // namespace ample::detail::cpu
