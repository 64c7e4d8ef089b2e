// capture_recorder::make_current(): the views of one launch, made current where it runs.
#include "ample/detail/capture_recorder.hpp"

#include <cstring>
#include <mutex>
#include <optional>

#include "ample/detail/array_images.hpp"

namespace ample::detail {

void capture_recorder::record(const capture& c) noexcept {
  // Room for a few at once: kernels hold a handful of views, and this runs in every launch.
  if (captures_.empty()) captures_.reserve(4);
  captures_.push_back(c);
}

long capture_recorder::place_pointers(void* object, std::size_t object_bytes, const std::uint32_t* offsets,
                                      std::uint32_t count) {
  auto* start = static_cast<char*>(object);
  for (std::uint32_t i = 0; i < count; ++i) {
    bool in_a_view = false;
    for (const capture& c : captures_) {
      const auto* view = static_cast<const char*>(c.view);
      if (view < start || view >= start + object_bytes) continue;  // a copy made elsewhere
      const auto at = static_cast<std::size_t>(view - start);
      in_a_view = in_a_view || (offsets[i] >= at && offsets[i] < at + c.view_bytes);
    }
    if (in_a_view) continue;
    void* const pointer = start + offsets[i];
    const void* address;
    std::memcpy(&address, pointer, sizeof address);
    std::optional<enlisted_array> array = find_enlisted_array(address, space_);
    if (!array) return offsets[i];
    arrays_.push_back(array_capture{pointer, std::move(array->storage), array->image_address});
  }
  return -1;
}

bool capture_recorder::find_arrays(const void* object, std::size_t bytes) {
  arrays_found found = arrays_reached(object, bytes, space_);
  arrays_in_place_ = std::move(found.storage);
  return found.elsewhere;
}

void capture_recorder::make_current(const command_queue* queue) {
  stop();
  // One acquire per buffer and access, whatever the number of views over it: the regions
  // read and the regions written, each as one set. `found`: only find_arrays() found it.
  struct use {
    buffer* storage;
    byte_ranges read, written;
    bool found = true;
  };
  // A handful of buffers: a list searched from the front, in one allocation, not a map.
  std::vector<use> uses;
  uses.reserve(captures_.size() + arrays_.size() + arrays_in_place_.size());
  const auto use_of = [&](buffer* storage) -> use& {
    for (use& u : uses)
      if (u.storage == storage) return u;
    return uses.emplace_back(use{storage, {}, {}});
  };
  for (const capture& c : captures_) {
    use& u = use_of(c.storage);
    (c.writes ? u.written : u.read) |= c.region(c.view);
    u.found = false;
  }
  // Whether device code writes an array is not known: it is current only there afterwards.
  for (const array_capture& a : arrays_) {
    use& u = use_of(a.storage.get());
    u.written |= byte_ranges(0, a.storage->bytes());
    u.found = false;
  }
  for (const std::shared_ptr<buffer>& storage : arrays_in_place_)
    use_of(storage.get()).written |= byte_ranges(0, storage->bytes());
  // A launch that runs before its call returns waits for every command queued on REF, any of
  // which may reach an array it reaches there (buffer::host_access()): before taking the lock
  // below, so that other threads go on submitting meanwhile (the acquire's own wait is then
  // short). A GPU's kernels reach its arrays only through what their launches record.
  if (queue == nullptr)
    for (const std::shared_ptr<buffer>& storage : arrays_in_place_)
      if (storage->one_copy()) storage->wait_for_device();
  // One command prepares at a time (command_queue::preparation()). Launches whose buffers are
  // all host_only() never get here (launch.hpp).
  std::lock_guard lock(command_queue::preparation());
  for (use& u : uses) {
    buffer* const storage = u.storage;
    const byte_ranges read_only = u.read - u.written;
    held_regions& held = u.found ? found_ : held_;
    if (queue == nullptr) {
      storage->acquire(space_, read_only, concurrency::access_type_read);
      held.take(*storage, space_, std::move(u.written), concurrency::access_type_read_write, nullptr);
      continue;
    }
    // Data that another queue's kernels use where this launch runs is waited for there.
    if (!held.take_queued(*storage, space_, read_only, concurrency::access_type_read, queue))
      held.take(*storage, space_, read_only, concurrency::access_type_read, queue);
    if (!held.take_queued(*storage, space_, u.written, concurrency::access_type_read_write, queue))
      held.take(*storage, space_, std::move(u.written), concurrency::access_type_read_write, queue);
  }
  if (space_ == nullptr) return;
  for (const capture& c : captures_) c.rebase(c.view, *c.storage, c.storage->base_in(space_));
  for (const array_capture& a : arrays_) std::memcpy(a.pointer, &a.image_address, sizeof a.image_address);
}

}  // namespace ample::detail
