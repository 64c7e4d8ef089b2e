// tile_scheduler: see tile_scheduler.hpp for the execution model.
#include "tile_scheduler.hpp"

#include <cstring>
#include <string>

#include "ample/exceptions.hpp"
#include "tile_messages.hpp"

namespace fc = boost::context::detail;

namespace ample::detail::cpu {
namespace {

/// tile_abort unwinds a work-item of an aborted tile; it never leaves the tile.
struct tile_abort {};

inline bool same_site(const char* f1, int l1, const char* f2, int l2) noexcept {
  return l1 == l2 && (f1 == f2 || std::strcmp(f1, f2) == 0);
}

}  // namespace

void tile_scheduler::run(item_fn fn, const void* context, int items, const tile_shape& shape) {
  scheduler_code_scope scope;
  const tile_scope tile(this);  // the tile's barriers are valid until run() returns (tile_barrier.hpp)
  fn_ = fn;
  context_ = context;
  items_ = items;
  shape_ = shape;
  sanitizer_.begin_tile(items, [this](int item) {
    return "work-item " + local_coordinates(shape_, item) + " of tile " + format_values(shape_.tile_index, shape_.rank);
  });
  promoted_ = every_item_a_fiber;  // TSan: every work-item on a fiber of its own from the start
  aborting_ = false;
  arrived_ = 0;
  finished_ = 0;
  mismatch_ = -1;
  round_ = 0;
  for (int i = 0; i < items; ++i) items_state_[i].status = item_status::not_started;
  if (fibers_hold_fake_stacks && stacks_.size_setting_changed()) retire_parked_fibers();
  if (stacks_.adopt_size_setting()) {
    for (item_state& s : items_state_) s.parked = false;  // their stacks were unmapped
    sanitizer_.abandon_fibers();
  }
  stacks_.reserve(every_item_a_fiber ? items : 1);

  current_ = 0;
  // Comes back once the last work-item has finished; its fiber has parked.
  jump(host, 0, enter(0));
  if (sanitizer_.end_tile())  // TSan dropped its fibers: the parked ones cannot run again
    for (item_state& s : items_state_) s.parked = false;

  if (error_) {
    std::exception_ptr e = std::move(error_);
    error_ = nullptr;
    std::rethrow_exception(e);
  }
}

tile_scheduler::~tile_scheduler() {
  if (fibers_hold_fake_stacks) retire_parked_fibers();
}

void tile_scheduler::retire_parked_fibers() noexcept {
  retiring_ = true;
  for (int i = 0; i < max_items; ++i) {
    if (!items_state_[i].parked) continue;
    items_state_[i].parked = false;
    current_ = i;
    jump(host, i, items_state_[i].context);  // comes back when the fiber has left for good
  }
  retiring_ = false;
}

void tile_scheduler::leave_for_good(int own_slot) noexcept {
  from_ = own_slot;
  sanitizer_.before_last_switch(host);
  fc::jump_fcontext(host_, this);
  __builtin_unreachable();
}

tile_scheduler::context_t tile_scheduler::start(int item) {
  sanitizer_.new_fiber(item, stacks_.bounds(item));
  return fc::make_fcontext(stacks_.top(item), stacks_.size(), &fiber_main);
}

tile_scheduler::context_t tile_scheduler::enter(int item) {
  item_state& s = items_state_[item];
  if (!s.parked) return start(item);
  s.parked = false;
  return s.context;
}

void tile_scheduler::fiber_main(fc::transfer_t from) {
  auto* self = static_cast<tile_scheduler*>(from.data);
  // A new fiber runs scheduler code until its work-item starts; the scope never closes.
  enter_scheduler_code();
  self->sanitizer_.after_switch(self->current_, self->from_);
  self->slot(self->from_) = from.fctx;
  self->fiber_body();
}

void tile_scheduler::fiber_body() {
  // The slot this fiber lives in; current_ names the work-item it is asked to run.
  const int own_slot = current_;
  for (;;) {
    if (own_slot == 0) {
      // The loop fiber: items one after another until item 0 turns out to need a barrier.
      for (int item = 0; item < items_; ++item) {
        current_ = item;
        run_item(item);
        if (promoted_ || aborting_) break;
        items_state_[item].status = item_status::finished;
        ++finished_;
      }
    } else {
      run_item(own_slot);
    }
    const int done = current_;
    int next = host;
    if (promoted_) {
      items_state_[done].status = item_status::finished;
      ++finished_;
      next = next_after(done);
    }
    // Park: whoever is switched to stores this fiber's context in own_slot.
    current_ = next;
    items_state_[own_slot].parked = true;
    const context_t target =
        next != host && items_state_[next].status == item_status::not_started ? enter(next) : slot(next);
    // Resumed by a later tile to run work-item own_slot (current_) from the start, or by
    // retire_parked_fibers() to end.
    jump(own_slot, next, target);
    if (retiring_) leave_for_good(own_slot);
  }
}

void tile_scheduler::run_item(int item) noexcept {
  items_state_[item].status = item_status::running;
  try {
    kernel_code_scope kernel(sanitizer_);
    fn_(context_, shape_.tile_index, item, this);
  } catch (const tile_abort&) {
    // Unwound because the tile aborted; the cause is already in error_.
  } catch (...) {
    fail(std::current_exception());
  }
}

void tile_scheduler::arrive_and_wait(const char* file, int line) {
  scheduler_code_scope scope;
  const int me = current_;
  if (AMPLE_IMPL_UNLIKELY(aborting_)) throw tile_abort{};
  if (AMPLE_IMPL_UNLIKELY(!promoted_)) promote(me, file, line);

  item_state& self = items_state_[me];
  self.status = item_status::waiting;
  self.site_file = file;
  self.site_line = line;
  if (me != 0 && mismatch_ < 0 &&
      !same_site(file, line, items_state_[0].site_file, items_state_[0].site_line))
    mismatch_ = me;
  ++arrived_;
  sanitizer_.arrive(round_);

  const int next = me + 1 < items_ ? me + 1 : end_of_round();
  if (AMPLE_IMPL_UNLIKELY(aborting_)) throw tile_abort{};  // diverged: the finish path sweeps on
  if (next != me) switch_to(next);
  if (AMPLE_IMPL_UNLIKELY(aborting_)) throw tile_abort{};
  sanitizer_.depart(round_ - 1);  // the round this item waited in has closed, no later one
  self.status = item_status::running;
}

inline void tile_scheduler::switch_to(int item) {
  const int me = current_;
  current_ = item;
  item_state& target = items_state_[item];
  jump(me, item, target.status == item_status::not_started ? enter(item) : target.context);
}

inline void tile_scheduler::jump(int from, int to, context_t target) {
  from_ = from;
  sanitizer_.before_switch(from, to);
  const fc::transfer_t back = fc::jump_fcontext(target, this);
  sanitizer_.after_switch(from, from_);
  slot(from_) = back.fctx;  // from_ is whoever resumed us; its context resumes it later
}

void tile_scheduler::promote(int item, const char* file, int line) {
  if (item > 0) {
    items_state_[item].site_file = file;
    items_state_[item].site_line = line;
    diverge(waiting_while_returned(shape_, item, describe_site(item), 0));
    throw tile_abort{};
  }
  promoted_ = true;
  stacks_.reserve(items_);
}

int tile_scheduler::next_after(int item) {
  if (aborting_) return next_waiting();
  if (item + 1 < items_) return item + 1;
  return end_of_round();
}

int tile_scheduler::end_of_round() {
  if (finished_ == items_) return host;
  if (arrived_ == items_ && mismatch_ < 0) {
    arrived_ = 0;
    ++round_;
    return 0;
  }
  if (arrived_ == items_) {
    diverge(waiting_at_two_sites(shape_, 0, describe_site(0), mismatch_, describe_site(mismatch_)));
  } else {
    int waiting = 0, gone = 0;
    while (items_state_[waiting].status != item_status::waiting) ++waiting;
    while (items_state_[gone].status != item_status::finished) ++gone;
    diverge(waiting_while_returned(shape_, waiting, describe_site(waiting), gone));
  }
  return next_waiting();
}

int tile_scheduler::next_waiting() const noexcept {
  for (int i = 0; i < items_; ++i)
    if (items_state_[i].status == item_status::waiting && i != current_) return i;
  return host;
}

void tile_scheduler::fail(std::exception_ptr e) noexcept {
  if (!error_) error_ = std::move(e);
  aborting_ = true;
}

void tile_scheduler::diverge(const std::string& what) {
  fail(std::make_exception_ptr(divergence_error(shape_, what)));
}

std::string tile_scheduler::describe_site(int item) const {
  return std::string(items_state_[item].site_file) + ":" + std::to_string(items_state_[item].site_line);
}

}  // namespace ample::detail::cpu
