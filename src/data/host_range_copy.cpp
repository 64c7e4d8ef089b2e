// Copies between host ranges and a device's memory (detail/host_range_copy.hpp).
#include "ample/detail/host_range_copy.hpp"

#include <mutex>

#include "ample/detail/command_queue.hpp"
#include "ample/detail/held_regions.hpp"

namespace ample::detail {
namespace {

std::size_t total_bytes(const std::vector<device_copy>& pieces) {
  std::size_t bytes = 0;
  for (const device_copy& piece : pieces) bytes += piece.bytes;
  return bytes;
}

}  // namespace

void copy_range_in(const device& space, const std::vector<device_copy>& pieces) {
  for (const device_copy& piece : pieces) space.memory->copy_in(space, piece.to, piece.from, piece.bytes);
  space.transfers.count_in(total_bytes(pieces));
}

void copy_range_out(const device& space, const std::vector<device_copy>& pieces) {
  for (const device_copy& piece : pieces) space.memory->copy_out(space, piece.to, piece.from, piece.bytes);
  space.transfers.count_out(total_bytes(pieces));
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
  if (into_device) copy_range_in(home, pieces);
  else copy_range_out(home, pieces);
}

void copy_through(buffer& from, const device* from_space, const byte_ranges& from_region, buffer& to,
                  const device* to_space, const byte_ranges& to_region, const device& space,
                  const std::vector<device_copy>& pieces, bool into_device) {
  held_regions held;
  {
    std::lock_guard lock(command_queue::preparation());
    held.take(from, from_space, from_region, concurrency::access_type_read, nullptr);
    held.take(to, to_space, to_region, concurrency::access_type_write, nullptr);
  }
  from.report_failure(from_region);
  to.report_failure(to_region);
  if (into_device) copy_range_in(space, pieces);
  else copy_range_out(space, pieces);
}

}  // namespace ample::detail
