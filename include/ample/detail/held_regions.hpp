// held_regions: the regions of buffers that one command uses, held until it has run.
#pragma once

#include <memory>
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
    for (const held& h : held_) h.storage->release(h.space, h.region, h.access);
  }

  /// take() acquires `region` of `storage` in `space` for `access`, for a command of `queue`
  /// (nullptr: one that runs before its call returns), and holds it.
  void take(buffer& storage, const device* space, byte_ranges region, concurrency::access_type access,
            const command_queue* queue) {
    if (region.empty()) return;
    storage.acquire(space, region, access, true, queue);
    held_.push_back({storage.shared_from_this(), space, std::move(region), access});
  }

  /// fail() hands a failed command's exception to every buffer it used, for their next
  /// synchronize() or copy() to report.
  void fail(const std::shared_ptr<command_failure>& failure) const {
    for (const held& h : held_) h.storage->fail(failure, h.region);
  }

 private:
  struct held {
    std::shared_ptr<buffer> storage;
    const device* space;
    byte_ranges region;
    concurrency::access_type access;
  };
  std::vector<held> held_;
};

}  // namespace ample::detail
