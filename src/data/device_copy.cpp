// Copies between containers within a device's own memory (detail/device_copy.hpp).
#include "ample/detail/device_copy.hpp"

namespace ample::detail {

const device* device_for_copy(buffer& from, const byte_ranges& from_region, buffer& to, const byte_ranges& to_region) {
  if (from_region.empty() || (&from == &to && !(from_region & to_region).empty())) return nullptr;
  // Where the destination lives, if the source is current there; otherwise where the source
  // is current, if the destination is too.
  if (const device* home = to.home_space(); home != nullptr && from.current_in(home, from_region)) return home;
  const device* space = from.device_holding(from_region);
  return space != nullptr && to.current_in(space, to_region) ? space : nullptr;
}

void copy_within_device(const device& space, const std::vector<device_copy>& pieces) {
  space.memory->copy_within(space, pieces.data(), pieces.size());
  for (const device_copy& piece : pieces) space.transfers.count_within(piece.bytes);
}

}  // namespace ample::detail
