// held_regions: the regions of buffers that one command uses, held until it has run.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "../config.hpp"
#include "buffer.hpp"
#include "byte_ranges.hpp"
#include "command_queue.hpp"
#include "device.hpp"

namespace ample::detail {

/// held_regions makes regions of buffers current for a command and holds them
/// (buffer::acquire()'s `hold`) until it is destroyed, after the command has run: others
/// that must not overtake the command wait for it (a host read of what it writes, a copy
/// over what it reads). It keeps the buffers alive meanwhile.
class held_regions {
 public:
  held_regions() = default;
  held_regions(const held_regions&) = delete;
  held_regions& operator=(const held_regions&) = delete;
  ~held_regions() {
    for (const held& h : held_) h.storage->release(h.id);
  }

  /// take() acquires `region` of `storage` in `space` for `access`, for a command of `queue`
  /// (nullptr: one that runs before its call returns), and holds it.
  void take(buffer& storage, const device* space, byte_ranges region, concurrency::access_type access,
            const command_queue* queue) {
    if (region.empty()) return;
    make_room();
    const std::uint64_t id = storage.acquire(space, region, access, true, queue);
    held_.push_back({storage.shared_from_this(), space, std::move(region), access, queue, id});
  }

  /// take_queued() is take() for a command that waits, where it runs, for the commands of
  /// other queues it must not overtake (wait_for_earlier_uses()), instead of its submitter
  /// (buffer::hold_queued()); false, with nothing taken, where that cannot be.
  bool take_queued(buffer& storage, const device* space, byte_ranges region, concurrency::access_type access,
                   const command_queue* queue) {
    if (region.empty()) return true;
    make_room();
    const buffer::queued_hold hold = storage.hold_queued(space, region, access, queue);
    if (hold.id == 0) return false;
    held_.push_back({storage.shared_from_this(), space, std::move(region), access, queue, hold.id, hold.waits});
    return true;
  }

  /// wait_for_earlier_uses() is where a command whose regions take_queued() took waits for the
  /// commands before it that use them: for none, at no cost, where none was using them when
  /// they were taken (most launches), since uses held later cannot be among them.
  void wait_for_earlier_uses() const {
    for (const held& h : held_)
      if (h.waits) h.storage->wait_for_earlier_uses(h.space, h.region, h.access, h.queue, h.id);
  }

  /// take_for_copy() takes, together (no command submitted in between), what a copy made
  /// before its call returns uses: `from_region` of `from` for reading in `from_space`,
  /// `to_region` of `to` for writing in `to_space`; then it rethrows a failure that either
  /// region recorded (buffer::report_failure()).
  void take_for_copy(buffer& from, const device* from_space, const byte_ranges& from_region, buffer& to,
                     const device* to_space, const byte_ranges& to_region) {
    {
      std::lock_guard lock(command_queue::preparation());
      take(from, from_space, from_region, concurrency::access_type_read, nullptr);
      take(to, to_space, to_region, concurrency::access_type_write, nullptr);
    }
    from.report_failure(from_region);
    to.report_failure(to_region);
  }

  /// hold_for_host_read() holds what a later host read of `region` of `storage` needs held
  /// (buffer::hold_for_host_read()); false where there is nothing to hold, and the read can
  /// be made at once.
  bool hold_for_host_read(buffer& storage, const byte_ranges& region) {
    make_room();
    auto [id, lacking] = storage.hold_for_host_read(region);
    if (id == 0) return false;
    held_.push_back({storage.shared_from_this(), nullptr, std::move(lacking), concurrency::access_type_read, nullptr, id});
    return true;
  }

  /// fail() hands a failed command's exception to every buffer it used, for their next
  /// synchronize() or copy() to report.
  void fail(const std::shared_ptr<command_failure>& failure) const {
    for (const held& h : held_) h.storage->fail(failure, h.region);
  }

 private:
  /// make_room() makes room for one more region before it is taken, so that the push_back
  /// after the take cannot fail and leave the region held for good; four at first, since a
  /// launch holds one or two per view, and this is every launch's path.
  void make_room() {
    if (held_.size() == held_.capacity()) held_.reserve(std::max<std::size_t>(4, 2 * held_.size()));
  }

  struct held {
    std::shared_ptr<buffer> storage;
    const device* space;
    byte_ranges region;
    concurrency::access_type access;
    const command_queue* queue;
    std::uint64_t id;
    bool waits = false;  ///< taken by take_queued() while earlier uses it must follow were held
  };
  std::vector<held> held_;
};

}  // namespace ample::detail
