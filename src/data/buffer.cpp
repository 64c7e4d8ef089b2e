// buffer: allocation, the copies of a data source and their coherence (detail/buffer.hpp).
#include "ample/detail/buffer.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "ample/accelerator.hpp"
#include "polling.hpp"

namespace ample::detail {
namespace {

/// allocate_in() returns `bytes` bytes in `space`'s memory (the host's if null), zeroed if
/// `zeroed`.
void* allocate_in(const device* space, std::size_t bytes, const char* what, bool zeroed) {
  return space == nullptr ? allocate_host_bytes(bytes, what, zeroed)
                          : space->memory->allocate(*space, bytes, what, zeroed);
}

void free_in(const device* space, void* p) noexcept {
  if (space == nullptr) free_host_bytes(p);
  else space->memory->release(*space, p);
}

/// host_range_registry holds the buffers over callers' host memory, by address and size, so
/// that views made separately over the same memory (the same container, twice) share one
/// buffer and see each other's writes wherever they are current.
struct host_range_registry {
  struct key {
    const void* host;
    std::size_t bytes;
    bool operator==(const key&) const = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      return std::hash<const void*>()(k.host) ^ (std::hash<std::size_t>()(k.bytes) << 1);
    }
  };
  std::mutex mutex;
  std::unordered_map<key, std::weak_ptr<buffer>, key_hash> buffers;
};
host_range_registry& host_ranges() {
  static auto* r = new host_range_registry;  // immortal: buffers may die in static destructors
  return *r;
}

}  // namespace

buffer::buffer(std::shared_ptr<view_state> owner, std::size_t bytes, bool by_reference)
    : owner_(std::move(owner)), bytes_(bytes), by_reference_(by_reference) {}

std::shared_ptr<buffer> buffer::allocate(std::shared_ptr<view_state> owner, std::size_t bytes, bool by_reference) {
  const std::size_t limit = memory_limit_bytes();
  if (limit != 0 && bytes > limit)
    AMPLE_THROW(concurrency::out_of_memory, "cannot allocate " + std::to_string(bytes) +
                                                " bytes of array storage: more than the " + std::to_string(limit) +
                                                " bytes of RAM and swap this machine has");
  const device* space = by_reference ? array_space(*owner->dev) : memory_space(*owner->dev);
  std::shared_ptr<buffer> b(new buffer(std::move(owner), bytes, by_reference));
  // Host storage is left as C++ AMP leaves a new array (zeroing it would touch every page
  // now); a device's is zeroed, so that what a kernel reads before writing is the same on
  // every run.
  b->home_ = allocate_in(space, bytes, "array storage", space != nullptr);
  b->home_space_ = space;
  b->copies_.push_back(copy{space, b->home_, true, byte_ranges(0, bytes)});
  if (space == nullptr || by_reference) {
    b->host_ = b->home_;
  } else {
    // The host mirror exists from the start: host-side views point into it.
    b->host_ = allocate_host_bytes(bytes, "host copy of a view's storage", true);
    b->copies_.push_back(copy{nullptr, b->host_, true, byte_ranges()});
  }
  std::lock_guard lock(b->mutex_);
  b->update_host_only();
  return b;
}

namespace {

/// view_family is what the views of one array_view construction over host memory, and their
/// copies, sections and projections, share: a share of the buffer over that memory. When the
/// last of them goes, the host gets every byte that is current only elsewhere, as C++ AMP's
/// last view of a data source writes back; the buffer itself lives on while views made
/// separately over the same memory do.
struct view_family {
  std::shared_ptr<buffer> shared;
  ~view_family() {
    if (!shared->host_only())
      shared->acquire(nullptr, byte_ranges(0, shared->bytes()), concurrency::access_type_read);
  }
};

}  // namespace

std::shared_ptr<buffer> buffer::wrap(void* host, std::size_t bytes) {
  std::shared_ptr<buffer> b;
  {
    host_range_registry& r = host_ranges();
    std::lock_guard lock(r.mutex);
    std::weak_ptr<buffer>& entry = r.buffers[{host, bytes}];
    b = entry.lock();
    if (!b) {
      b.reset(new buffer(find_device(concurrency::accelerator::cpu_accelerator)->default_view, bytes, false));
      b->home_ = b->host_ = host;
      b->copies_.push_back(copy{nullptr, host, false, byte_ranges(0, bytes)});
      entry = b;
    }
  }
  // A view made over host memory takes the memory as it finds it, as if nothing else viewed
  // it: the host may have written it since the other views last looked. What those views
  // wrote elsewhere comes home first, and their copies elsewhere stop being current.
  if (!b->host_only()) b->acquire(nullptr, byte_ranges(0, bytes), concurrency::access_type_read_write);
  auto family = std::make_shared<view_family>(view_family{std::move(b)});
  buffer* shared = family->shared.get();
  return std::shared_ptr<buffer>(std::move(family), shared);
}

buffer::~buffer() {
  // Kernels queued on the device may still reach an array by reference.
  if (by_reference_) wait_for_device();
  if (!copies_.front().owned) {
    // The last view over a caller's memory is gone: what it wrote elsewhere goes home, as
    // C++ AMP requires of a view destroyed without synchronize(). Under the registry's lock,
    // so that a view made next over the same memory reads it after the write-back.
    host_range_registry& r = host_ranges();
    std::lock_guard lock(r.mutex);
    if (!host_only()) acquire(nullptr, byte_ranges(0, bytes_), concurrency::access_type_read);
    if (auto it = r.buffers.find({home_, bytes_}); it != r.buffers.end() && it->second.expired()) r.buffers.erase(it);
  }
  if (counted_) buffers_beyond_host.fetch_sub(1, std::memory_order_release);
  if (destroy_elements_ != nullptr) destroy_elements_(host_, bytes_);
  for (copy& c : copies_)
    if (c.owned) free_in(c.space, c.base);
}

buffer::copy* buffer::find_copy(const device* space) {
  if (by_reference_) return &copies_.front();
  for (copy& c : copies_)
    if (c.space == space) return &c;
  return nullptr;
}

buffer::copy& buffer::copy_in(const device* space, bool filled) {
  if (copy* c = find_copy(space)) return *c;
  copies_.push_back(copy{space, allocate_in(space, bytes_, "device copy of a buffer", !filled), true, byte_ranges()});
  return copies_.back();
}

bool buffer::fills_a_new_copy(const byte_ranges& region, concurrency::access_type access) const {
  // Every byte is current in some copy (the home keeps what no other copy took), so a read
  // copies in all of `region` that is not discarded.
  return (access & concurrency::access_type_read) != 0 && region.bytes() == bytes_ && (region & discarded_).empty();
}

void* buffer::base_in(const device* space) {
  if (space == nullptr) return host_;
  std::lock_guard lock(mutex_);
  return copy_in(space).base;
}

void buffer::move_bytes(copy& to, const copy& from, const byte_ranges& region) {
  if (region.empty()) return;
  // Copies are in different spaces, at most one of them the host's. Between two devices of
  // one kind (two GPUs) their memory_ops copy, in one call; between devices of two kinds the
  // bytes go through a host staging buffer of the largest interval.
  if (to.space != nullptr && from.space != nullptr && to.space->memory == from.space->memory) {
    std::vector<device_copy> pieces;
    for (const byte_ranges::interval& i : region.intervals())
      pieces.push_back(device_copy{static_cast<char*>(to.base) + i.begin, static_cast<const char*>(from.base) + i.begin,
                                   i.end - i.begin});
    to.space->memory->copy_between(*to.space, *from.space, pieces.data(), pieces.size());
    from.space->transfers.count_out(region.bytes());
    to.space->transfers.count_in(region.bytes());
    return;
  }
  std::unique_ptr<char[]> staging;
  if (to.space != nullptr && from.space != nullptr) {
    std::size_t largest = 0;
    for (const byte_ranges::interval& i : region.intervals()) largest = std::max(largest, i.end - i.begin);
    staging.reset(new char[largest]);
  }
  for (const byte_ranges::interval& i : region.intervals()) {
    void* target = static_cast<char*>(to.base) + i.begin;
    const void* source = static_cast<const char*>(from.base) + i.begin;
    const std::size_t n = i.end - i.begin;
    if (from.space == nullptr) {
      to.space->memory->copy_in(*to.space, target, source, n);
    } else if (to.space == nullptr) {
      from.space->memory->copy_out(*from.space, target, source, n);
    } else {
      from.space->memory->copy_out(*from.space, staging.get(), source, n);
      to.space->memory->copy_in(*to.space, target, staging.get(), n);
    }
  }
  const std::size_t moved = region.bytes();
  if (from.space != nullptr) from.space->transfers.count_out(moved);
  if (to.space != nullptr) to.space->transfers.count_in(moved);
}

bool buffer::contends(const use& u, const device* memory, const byte_ranges& region, bool writes,
                      const command_queue* queue) {
  return u.space == memory && (u.writes || writes) && (queue == nullptr || u.queue != queue) &&
         !(u.region & region).empty();
}

byte_ranges buffer::copied_in(const device* space, const byte_ranges& region, concurrency::access_type access) {
  if ((access & concurrency::access_type_read) == 0) return {};
  const copy* there = find_copy(space);
  return (there != nullptr ? region - there->valid : region) - discarded_;
}

bool buffer::must_wait(const device* space, const byte_ranges& region, concurrency::access_type access,
                       const command_queue* queue) {
  const device* memory = same_memory(space);
  const bool writes = (access & concurrency::access_type_write) != 0;
  const byte_ranges copying = copied_in(space, region, access);
  for (const use& u : uses_) {
    if (contends(u, memory, region, writes, queue)) return true;
    if (u.space == memory) {
      if (!(u.region & copying).empty()) return true;  // it would copy over bytes in use
    } else if (u.writes && !(u.region & copying).empty()) {
      return true;  // it would copy out bytes not written yet
    }
  }
  return false;
}

std::uint64_t buffer::acquire(const device* space, const byte_ranges& region, concurrency::access_type access,
                              bool hold, const command_queue* queue) {
  if (region.empty()) return 0;
  // A queued command needs no such wait: its queue, the array's own, runs it after the
  // kernels before it.
  if (space == nullptr && by_reference_ && queue == nullptr) wait_for_device();
  std::unique_lock lock(mutex_);
  while (must_wait(space, region, access, queue)) wait_for_release(lock);
  return take(space, region, access, hold, queue);
}

buffer::queued_hold buffer::hold_queued(const device* space, const byte_ranges& region,
                                        concurrency::access_type access, const command_queue* queue) {
  if (region.empty()) return {0, false};
  std::lock_guard lock(mutex_);
  if (!copied_in(space, region, access).empty()) return {0, false};
  const device* memory = same_memory(space);
  const bool writes = (access & concurrency::access_type_write) != 0;
  bool waits = false;
  for (const use& u : uses_) {
    if (!contends(u, memory, region, writes, queue)) continue;
    if (u.queue == nullptr) return {0, false};
    waits = true;
  }
  return {take(space, region, access, true, queue), waits};
}

void buffer::wait_for_earlier_uses(const device* space, const byte_ranges& region, concurrency::access_type access,
                                   const command_queue* queue, std::uint64_t id) {
  const device* memory = same_memory(space);
  const bool writes = (access & concurrency::access_type_write) != 0;
  std::unique_lock lock(mutex_);
  const auto held_up = [&] {
    for (const use& u : uses_) {
      if (u.id >= id) return false;
      if (contends(u, memory, region, writes, queue)) return true;
    }
    return false;
  };
  while (held_up()) wait_for_release(lock);
}

std::uint64_t buffer::take(const device* space, const byte_ranges& region, concurrency::access_type access, bool hold,
                           const command_queue* queue) {
  // An index, not a reference: copy_in() may grow copies_.
  const bool filled = find_copy(space) == nullptr && fills_a_new_copy(region, access);
  const std::size_t t = static_cast<std::size_t>(&copy_in(space, filled) - copies_.data());
  // Discarded bytes are never copied in; whoever touches them first owns them.
  const byte_ranges discarded = region & discarded_;
  if (access & concurrency::access_type_read) {
    byte_ranges missing = region - copies_[t].valid - discarded;
    for (std::size_t i = 0; i < copies_.size() && !missing.empty(); ++i) {
      if (i == t) continue;
      const byte_ranges piece = missing & copies_[i].valid;
      move_bytes(copies_[t], copies_[i], piece);
      missing -= piece;
    }
  }
  copies_[t].valid |= region;
  const byte_ranges& only_here = (access & concurrency::access_type_write) ? region : discarded;
  if (!only_here.empty())
    for (std::size_t i = 0; i < copies_.size(); ++i)
      if (i != t) copies_[i].valid -= only_here;
  discarded_ -= region;
  update_host_only();
  if (!hold) return 0;
  const bool writes = (access & concurrency::access_type_write) != 0;
  uses_.push_back(use{same_memory(space), region, writes, queue, ++last_use_id_});
  return last_use_id_;
}

std::pair<std::uint64_t, byte_ranges> buffer::hold_for_host_read(const byte_ranges& region) {
  if (region.empty() || by_reference_) return {};
  std::lock_guard lock(mutex_);
  byte_ranges lacking = region - find_copy(nullptr)->valid - discarded_;
  if (lacking.empty()) return {};
  for (const copy& c : copies_)
    if (c.space != nullptr && (lacking - c.valid).empty()) {
      uses_.push_back(use{c.space, lacking, false, nullptr, ++last_use_id_});
      return {last_use_id_, std::move(lacking)};
    }
  return {};
}

const device* buffer::device_holding(const byte_ranges& region) {
  if (by_reference_) return home_space_;
  std::lock_guard lock(mutex_);
  for (const copy& c : copies_)
    if (c.space != nullptr && (region - c.valid).empty()) return c.space;
  return nullptr;
}

bool buffer::current_in(const device* space, const byte_ranges& region) {
  if (by_reference_) return space == home_space_;
  std::lock_guard lock(mutex_);
  const copy* c = find_copy(space);
  return c != nullptr && (region - c->valid).empty();
}

void buffer::wait_for_release(std::unique_lock<std::mutex>& lock) {
  const std::uint64_t seen = releases_.load(std::memory_order_relaxed);
  const auto released = [&] { return releases_.load(std::memory_order_acquire) != seen; };
  // Polled without the lock, which the command's end needs; a wait that outlasts the poll
  // sleeps.
  lock.unlock();
  poll_until(waiter_polls_for, released);
  lock.lock();
  released_.wait(lock, released);
}

void buffer::release(std::uint64_t id) {
  if (id == 0) return;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(uses_, [id](const use& u) { return u.id == id; });
    releases_.fetch_add(1, std::memory_order_release);
  }
  released_.notify_all();
}

void buffer::fail(const std::shared_ptr<command_failure>& failure, const byte_ranges& region) {
  std::lock_guard lock(mutex_);
  std::erase_if(failures_, [](const auto& f) { return f.first->reported(); });
  failures_.emplace_back(failure, region);
}

void buffer::report_failure(const byte_ranges& region) {
  std::shared_ptr<command_failure> first;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(failures_, [](const auto& f) { return f.first->reported(); });
    const auto it = std::find_if(failures_.begin(), failures_.end(),
                                 [&](const auto& f) { return !(f.second & region).empty(); });
    if (it == failures_.end()) return;
    first = std::move(it->first);
    failures_.erase(it);
  }
  if (first != nullptr) first->rethrow_once();
}

void buffer::discard(const byte_ranges& region) {
  // An array's one copy has nothing to skip copying.
  if (region.empty() || by_reference_) return;
  std::lock_guard lock(mutex_);
  // The home keeps what it holds (a host container stays as it was); other copies lose it.
  for (std::size_t i = 1; i < copies_.size(); ++i) copies_[i].valid -= region;
  discarded_ |= region;
  update_host_only();
}

void buffer::update_host_only() {
  bool only = home_space_ == nullptr && discarded_.empty();
  for (std::size_t i = 1; i < copies_.size() && only; ++i) only = copies_[i].valid.empty();
  host_only_.store(only, std::memory_order_release);
  if (only == !counted_) return;
  counted_ = !only;
  buffers_beyond_host.fetch_add(counted_ ? 1 : -1, std::memory_order_release);
}

byte_ranges view_shape::region(const void* base) const {
  const auto first = static_cast<std::size_t>(static_cast<const char*>(data) - static_cast<const char*>(base));
  return byte_ranges::of_elements(first, element_size, rank, extent, stride);
}

void* host_view_access(buffer& b, const view_shape& shape, bool writes, void* data) noexcept {
  if (b.host_only()) return data;
  b.acquire(nullptr, shape.region(b.host_data()),
            writes ? concurrency::access_type_read_write : concurrency::access_type_read);
  return data;
}

void* host_view_access(buffer& b, const void* view, byte_ranges (*region)(const void*), bool writes,
                       void* data) noexcept {
  if (b.host_only()) return data;
  b.acquire(nullptr, region(view), writes ? concurrency::access_type_read_write : concurrency::access_type_read);
  return data;
}

}  // namespace ample::detail
