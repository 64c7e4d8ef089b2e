// tile_scheduler: see tile_scheduler.hpp for the execution model.
#include "tile_scheduler.hpp"

#include <cstring>
#include <string>

#include "ample/exceptions.hpp"

namespace ctx = boost::context;

namespace ample::detail::cpu {
namespace {

/// tile_abort unwinds a work-item of an aborted tile; it never leaves the tile.
struct tile_abort {};

/// pooled_stack is the StackAllocator of fibers placed on stack_pool memory: the pool owns
/// the memory, so a finished fiber gives nothing back.
struct pooled_stack {
  ctx::stack_context allocate() = delete;
  void deallocate(ctx::stack_context&) noexcept {}
};

bool same_site(const char* f1, int l1, const char* f2, int l2) {
  return l1 == l2 && (f1 == f2 || std::strcmp(f1, f2) == 0);
}

std::string site(const char* file, int line) { return std::string(file) + ":" + std::to_string(line); }

}  // namespace

void tile_scheduler::run(item_fn fn, const void* context, std::int64_t tile, int items, const tile_shape& shape) {
  fn_ = fn;
  context_ = context;
  tile_ = tile;
  items_ = items;
  shape_ = shape;
  promoted_ = false;
  aborting_ = false;
  arrived_ = 0;
  finished_ = 0;
  error_ = nullptr;
  for (int i = 0; i < items; ++i) items_state_[i].status = item_status::not_started;
  stacks_.reserve(1);

  current_ = 0;
  from_ = host;
  ctx::fiber loop = make_fiber(0);
  std::move(loop).resume();  // returns once the last work-item has finished

  if (error_) {
    std::exception_ptr e = error_;
    error_ = nullptr;
    std::rethrow_exception(e);
  }
}

ctx::fiber tile_scheduler::make_fiber(int item) {
  char* top = stacks_.top(item);
  ctx::stack_context sc;
  sc.size = stacks_.size();
  sc.sp = top;
  if (item == 0)
    return ctx::fiber(std::allocator_arg, ctx::preallocated(top, sc.size, sc), pooled_stack{},
                      [this](ctx::fiber&& caller) { return loop_entry(std::move(caller)); });
  return ctx::fiber(std::allocator_arg, ctx::preallocated(top, sc.size, sc), pooled_stack{},
                    [this, item](ctx::fiber&& caller) { return item_entry(item, std::move(caller)); });
}

ctx::fiber tile_scheduler::loop_entry(ctx::fiber&& caller) {
  adopt(std::move(caller));
  for (int item = 0; item < items_; ++item) {
    current_ = item;
    run_item(item);
    if (promoted_) return finish_and_continue(item);  // item 0 became a fiber at its barrier
    items_state_[item].status = item_status::finished;
    ++finished_;
    if (aborting_) break;
  }
  from_ = current_;
  current_ = host;
  return std::move(host_);
}

ctx::fiber tile_scheduler::item_entry(int item, ctx::fiber&& caller) {
  adopt(std::move(caller));
  run_item(item);
  return finish_and_continue(item);
}

void tile_scheduler::run_item(int item) noexcept {
  items_state_[item].status = item_status::running;
  try {
    fn_(context_, tile_, item, this);
  } catch (const tile_abort&) {
    // Unwound because the tile aborted; the cause is already in error_.
  } catch (...) {
    fail(std::current_exception());
  }
}

ctx::fiber tile_scheduler::finish_and_continue(int item) {
  items_state_[item].status = item_status::finished;
  ++finished_;
  const int next = next_after(item);
  from_ = item;
  current_ = next;
  if (next != host && items_state_[next].status == item_status::not_started) return make_fiber(next);
  return std::move(slot(next));
}

void tile_scheduler::arrive_and_wait(const char* file, int line) {
  const int me = current_;
  if (aborting_) throw tile_abort{};
  if (!promoted_) {
    if (me > 0) {
      diverge("work-item " + describe_item(me) + " waits at barrier " + site(file, line) + " but work-item " +
              describe_item(0) + " returned without reaching it");
      throw tile_abort{};
    }
    promoted_ = true;
    stacks_.reserve(items_);
  }
  items_state_[me].status = item_status::waiting;
  items_state_[me].site_file = file;
  items_state_[me].site_line = line;
  ++arrived_;

  const int next = me + 1 < items_ ? me + 1 : next_after(me);  // aborting_ is false here
  if (aborting_) throw tile_abort{};  // this round diverged: unwind, the finish path sweeps on
  if (next != me) switch_to(next);
  if (aborting_) throw tile_abort{};
  items_state_[me].status = item_status::running;
}

int tile_scheduler::next_after(int item) {
  if (aborting_) return next_waiting();
  if (item + 1 < items_) return item + 1;
  return end_of_round();
}

int tile_scheduler::end_of_round() {
  if (finished_ == items_) return host;
  if (arrived_ == items_) {
    for (int i = 1; i < items_; ++i) {
      if (!same_site(items_state_[i].site_file, items_state_[i].site_line, items_state_[0].site_file, items_state_[0].site_line)) {
        diverge("work-item " + describe_item(0) + " waits at barrier " + site(items_state_[0].site_file, items_state_[0].site_line) +
                " while work-item " + describe_item(i) + " waits at barrier " + site(items_state_[i].site_file, items_state_[i].site_line));
        return next_waiting();
      }
    }
    arrived_ = 0;
    return 0;
  }
  int waiting = 0, gone = 0;
  while (items_state_[waiting].status != item_status::waiting) ++waiting;
  while (items_state_[gone].status != item_status::finished) ++gone;
  diverge("work-item " + describe_item(waiting) + " waits at barrier " +
          site(items_state_[waiting].site_file, items_state_[waiting].site_line) + " but work-item " + describe_item(gone) +
          " returned without reaching it");
  return next_waiting();
}

int tile_scheduler::next_waiting() const noexcept {
  for (int i = 0; i < items_; ++i)
    if (items_state_[i].status == item_status::waiting && i != current_) return i;
  return host;
}

void tile_scheduler::switch_to(int item) {
  from_ = current_;
  current_ = item;
  ctx::fiber target = items_state_[item].status == item_status::not_started ? make_fiber(item) : std::move(slot(item));
  adopt(std::move(target).resume());
}

void tile_scheduler::adopt(ctx::fiber&& resumer) noexcept {
  // from_ was set by whoever switched to us; an item that finished leaves an empty fiber.
  slot(from_) = std::move(resumer);
}

void tile_scheduler::fail(std::exception_ptr e) noexcept {
  if (!error_) error_ = std::move(e);
  aborting_ = true;
}

void tile_scheduler::diverge(const std::string& what) {
  int tile[3];
  for (int d = 0; d < shape_.rank; ++d) tile[d] = shape_.tile_index[d];
  fail(std::make_exception_ptr(concurrency::runtime_exception(
      "barrier divergence in tile " + format_values(tile, shape_.rank) + ": " + what +
          " (every work-item of a tile must reach each barrier; C++ AMP spec 8.1.1)",
      concurrency::error_code::e_fail)));
}

std::string tile_scheduler::describe_item(int item) const {
  int local[3];
  for (int d = shape_.rank - 1; d >= 0; --d) {
    local[d] = item % shape_.dims[d];
    item /= shape_.dims[d];
  }
  return format_values(local, shape_.rank);
}

}  // namespace ample::detail::cpu
