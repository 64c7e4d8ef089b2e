// Copies between containers in devices' own memory (detail/device_copy.hpp).
#include "ample/detail/device_copy.hpp"

namespace ample::detail {

copy_spaces spaces_for_copy(buffer& from, const byte_ranges& from_region, buffer& to, const byte_ranges& to_region) {
  if (from_region.empty() || (&from == &to && !(from_region & to_region).empty())) return {};
  // Where the destination lives, if the source is current there; otherwise where the source
  // is current, if the destination is too; otherwise from there to where the destination
  // lives, if that is memory of the same kind.
  const device* home = to.home_space();
  if (home != nullptr && from.current_in(home, from_region)) return {home, home};
  const device* space = from.device_holding(from_region);
  if (space == nullptr) return {};
  if (to.current_in(space, to_region)) return {space, space};
  if (home != nullptr && home->memory == space->memory) return {space, home};
  return {};
}

void copy_device_pieces(const copy_spaces& spaces, const std::vector<device_copy>& pieces) {
  const device& from = *spaces.from;
  const device& to = *spaces.to;
  if (&from == &to) {
    to.memory->copy_within(to, pieces.data(), pieces.size());
    for (const device_copy& piece : pieces) to.transfers.count_within(piece.bytes);
    return;
  }
  to.memory->copy_between(to, from, pieces.data(), pieces.size());
  for (const device_copy& piece : pieces) {
    from.transfers.count_out(piece.bytes);
    to.transfers.count_in(piece.bytes);
  }
}

}  // namespace ample::detail
