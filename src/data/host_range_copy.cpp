// Copies between host ranges and a device's memory (detail/host_range_copy.hpp).
#include "ample/detail/host_range_copy.hpp"

#include <mutex>

#include "ample/detail/command_queue.hpp"
#include "ample/detail/held_regions.hpp"

namespace ample::detail {

void copy_range(const device& space, const std::vector<device_copy>& pieces, bool into_device) {
  std::size_t bytes = 0;
  for (const device_copy& piece : pieces) {
    if (into_device) space.memory->copy_in(space, piece.to, piece.from, piece.bytes);
    else space.memory->copy_out(space, piece.to, piece.from, piece.bytes);
    bytes += piece.bytes;
  }
  if (into_device) space.transfers.count_in(bytes);
  else space.transfers.count_out(bytes);
}

const device* home_holding(buffer& storage, const byte_ranges& region) {
  const device* home = mirrored_home(storage);
  if (home == nullptr || region.empty()) return nullptr;
  return !storage.current_in(nullptr, region) && storage.current_in(home, region) ? home : nullptr;
}

void copy_at_home(buffer& storage, const device& home, const byte_ranges& region,
                  const std::vector<device_copy>& pieces, bool into_device) {
  held_regions held;
  {
    std::lock_guard lock(command_queue::preparation());
    held.take(storage, &home, region, into_device ? concurrency::access_type_write : concurrency::access_type_read,
              nullptr);
  }
  storage.report_failure(region);
  copy_range(home, pieces, into_device);
}

void copy_through(const crossing& planned) {
  held_regions held;
  held.take_for_copy(*planned.from, planned.from_space, planned.from_region, *planned.to, planned.to_space,
                     planned.to_region);
  copy_range(*planned.space, planned.pieces, planned.into_device);
}

}  // namespace ample::detail
