// Copies between host ranges and a device's memory (detail/host_range_copy.hpp).
#include "ample/detail/host_range_copy.hpp"

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

}  // namespace ample::detail
