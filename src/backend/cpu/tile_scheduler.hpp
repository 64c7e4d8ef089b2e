// tile_scheduler: runs the work-items of one tile on one thread, as a loop and then as fibers.
#pragma once

#include <boost/context/detail/fcontext.hpp>
#include <cstdint>
#include <exception>
#include <string>

#include "ample/backend/cpu/engine.hpp"
#include "ample/tile_barrier.hpp"
#include "fiber_sanitizer.hpp"
#include "stack_pool.hpp"

namespace ample::detail::cpu {

/// tile_scheduler executes one tile at a time for its thread (one instance per thread).
///
/// Execution of a tile of n work-items:
///   1. A "loop fiber" runs items 0, 1, 2, ... one after another. Tiles whose kernel never
///      reaches a barrier finish this way: one fiber start per tile, no switches.
///   2. When item 0 reaches its first barrier, the tile is promoted: item 0 keeps the loop
///      fiber, and items 1..n-1 each get a fiber of their own, created when first switched to.
///   3. At a barrier an item switches straight to the next item in index order (one switch
///      per item per barrier). The last item's arrival closes the round: if all n items wait
///      at the same barrier site, item 0 resumes past it; if all n returned, the tile is done.
///   4. Anything else is barrier divergence: the tile aborts, every suspended item is resumed
///      and unwinds (tile_abort), and run() throws runtime_exception naming the sites.
///   A work-item's exception aborts the tile the same way and is rethrown by run().
///
/// Fibers outlive their tile: a fiber whose work-item finished parks (saves its context and
/// switches on), and the next tile that needs a fiber in that slot resumes it to run its own
/// work-item, instead of creating a fiber. Slot 0 is the loop fiber; slot i > 0 runs item i.
/// Parked fibers are dropped when the stack size setting changes; ASan builds first resume
/// each once so that it ends properly (retire_parked_fibers), as they do at thread exit.
///
/// Fibers are Boost.Context execution contexts (fcontext: make_fcontext / jump_fcontext), the
/// layer under boost::context::fiber. Using it directly saves the fiber record, the moves of
/// fiber handles and their destructor checks on every switch (docs/design/cpu-engine.md has
/// the measurements). A finished fiber jumps away for good, so its stack is free at once.
///
/// Invariant: every fiber of a tile runs on the thread that called run(), and run() returns
/// only when all of them have finished, so `static thread_local` tile_static storage and
/// cached TLS addresses stay valid.
///
/// Sanitizer builds announce every switch (fiber_sanitizer.hpp). The ThreadSanitizer build
/// also skips step 1: every work-item runs on a fiber of its own, so TSan sees each as a
/// separate fiber ordered only by the barriers.
class tile_scheduler final : public tile_sync {
 public:
  tile_scheduler() = default;
  tile_scheduler(const tile_scheduler&) = delete;
  tile_scheduler& operator=(const tile_scheduler&) = delete;
  ~tile_scheduler();

  /// run() executes all work-items of one tile; rethrows their first error.
  void run(item_fn fn, const void* context, int items, const tile_shape& shape);

  void arrive_and_wait(const char* file, int line) override;

 private:
  using context_t = boost::context::detail::fcontext_t;
  static constexpr int host = -1;  ///< the thread that called run()
  static constexpr int max_items = 1024;

  enum class item_status : unsigned char { not_started, running, waiting, finished };

  /// item_state keeps together what a barrier switch touches for one work-item.
  struct item_state {
    context_t context;      ///< where the suspended work-item resumes
    const char* site_file;  ///< barrier it waits at
    int site_line;
    item_status status;
    bool parked;  ///< `context` is a parked fiber of this slot, ready to start a work-item
  };

  static void fiber_main(boost::context::detail::transfer_t from);
  [[noreturn]] void fiber_body();
  void run_item(int item) noexcept;
  /// retire_parked_fibers() resumes every parked fiber once, on the host, to end it: needed
  /// where fibers hold resources of their own (fibers_hold_fake_stacks), before their stacks
  /// are replaced or the thread ends. leave_for_good() is a retiring fiber's last jump.
  void retire_parked_fibers() noexcept;
  [[noreturn]] void leave_for_good(int own_slot) noexcept;
  void promote(int item, const char* file, int line);
  int end_of_round();
  int next_after(int item);
  int next_waiting() const noexcept;
  context_t start(int item);
  context_t enter(int item);
  context_t& slot(int item) noexcept { return item == host ? host_ : items_state_[item].context; }
  void switch_to(int item);
  void jump(int from, int to, context_t target);
  void fail(std::exception_ptr e) noexcept;
  void diverge(const std::string& what);
  std::string describe_site(int item) const;

  // Current tile.
  item_fn fn_ = nullptr;
  const void* context_ = nullptr;
  int items_ = 0;
  tile_shape shape_{};

  // Scheduling state.
  int current_ = host;  ///< item running now
  int from_ = host;     ///< item that switched to current_: its context is stored on arrival
  bool promoted_ = false;
  bool aborting_ = false;
  bool retiring_ = false;  ///< parked fibers resumed now end instead of running a work-item
  int arrived_ = 0;     ///< items waiting at the barrier of the current round
  int finished_ = 0;    ///< items that returned
  int mismatch_ = -1;   ///< first item this tile that waited at another site than item 0
  unsigned round_ = 0;  ///< barrier rounds closed this tile
  std::exception_ptr error_;

  context_t host_ = nullptr;
  item_state items_state_[max_items] = {};
  stack_pool stacks_;
  [[no_unique_address]] fiber_annotations<max_items> sanitizer_;
};

}  // namespace ample::detail::cpu
