// array_images: the images of arrays kept in a device's memory (detail/array_images.hpp).
#include "ample/detail/array_images.hpp"

#include <atomic>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace ample::detail {
namespace {

/// entry is one enlisted array: where its object is, the device whose memory holds its
/// elements (nullptr: host memory), and its image in that memory (nullptr for an array listed
/// without one). The storage is a weak share: a move assignment releases the old storage
/// before the entry goes, and a launch racing with it must find nothing rather than freed
/// memory.
struct entry {
  const char* object;
  std::size_t bytes;
  const device* space;
  void* image;
  std::weak_ptr<buffer> storage;
};

/// enlisted_arrays are the entries by the address of the array_enlistment member: a moved
/// array finds its entry through its member, whose offset in the array is fixed. Few arrays
/// live at a time, so a launch looks through all of them. `beyond_host` counts the entries
/// in a device's memory, so that CPU-engine launches on a machine with none skip the lock.
struct enlisted_arrays {
  std::mutex mutex;
  std::unordered_map<const array_enlistment*, entry> entries;
  std::atomic<long> beyond_host{0};
};

/// holds_address() is whether a pointer-aligned word of the object at `object`, `bytes`
/// long, holds `address`. References and pointers in a kernel object are pointer-aligned: a
/// launch's copy of the kernel is at least as aligned as the kernel's type.
bool holds_address(const void* object, std::size_t bytes, const char* address) noexcept {
  const auto* words = static_cast<const char*>(object);
  for (std::size_t at = 0; at + sizeof(void*) <= bytes; at += sizeof(void*)) {
    const char* word;
    std::memcpy(&word, words + at, sizeof word);
    if (word == address) return true;
  }
  return false;
}

enlisted_arrays& the_arrays() {
  static auto* a = new enlisted_arrays;  // immortal: arrays may die in static destructors
  return *a;
}

}  // namespace

void array_enlistment::enlist(const void* object, std::size_t bytes, std::size_t elements_at, buffer& storage) {
  const device& space = *storage.home_space();
  std::vector<unsigned char> image(bytes);
  std::memcpy(image.data(), object, bytes);
  void* const device_elements = storage.data();
  std::memcpy(image.data() + elements_at, &device_elements, sizeof device_elements);
  void* const at = space.memory->allocate(space, bytes, "image of an array object for device code", false);
  try {
    space.memory->copy_in(space, at, image.data(), bytes);
  } catch (...) {
    space.memory->release(space, at);
    throw;
  }
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  all.entries.insert_or_assign(this, entry{static_cast<const char*>(object), bytes, &space, at,
                                           storage.shared_from_this()});
  all.beyond_host.fetch_add(1, std::memory_order_relaxed);
  enlisted_ = true;
}

void array_enlistment::list(const void* object, std::size_t bytes, buffer& storage) {
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  all.entries.insert_or_assign(this, entry{static_cast<const char*>(object), bytes, storage.home_space(), nullptr,
                                           storage.shared_from_this()});
  if (storage.home_space() != nullptr) all.beyond_host.fetch_add(1, std::memory_order_relaxed);
  enlisted_ = true;
}

void array_enlistment::take(array_enlistment& other) noexcept {
  if (!other.enlisted_) return;
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  auto node = all.entries.extract(&other);
  // The array object moved by as much as its member did.
  node.mapped().object += reinterpret_cast<const char*>(this) - reinterpret_cast<const char*>(&other);
  node.key() = this;
  all.entries.insert(std::move(node));
  other.enlisted_ = false;
  enlisted_ = true;
}

void array_enlistment::delist() noexcept {
  if (!enlisted_) return;
  enlisted_ = false;
  enlisted_arrays& all = the_arrays();
  std::unique_lock lock(all.mutex);
  auto node = all.entries.extract(this);
  if (node.mapped().space != nullptr) all.beyond_host.fetch_sub(1, std::memory_order_relaxed);
  if (node.mapped().image == nullptr) return;
  lock.unlock();
  // A kernel queued on the device may still read the image: the array was moved over, which,
  // unlike its destruction, does not wait for them.
  const device& space = *node.mapped().space;
  if (!command_queue::on_queue_thread()) space.pending.wait_none();
  space.memory->release(space, node.mapped().image);
}

std::optional<enlisted_array> find_enlisted_array(const void* address, const device* space) {
  const auto* p = static_cast<const char*>(address);
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  for (const auto& [member, e] : all.entries) {
    if (e.image == nullptr || e.space != space || p < e.object || p >= e.object + e.bytes) continue;
    std::shared_ptr<buffer> storage = e.storage.lock();
    if (storage == nullptr) return std::nullopt;
    return enlisted_array{std::move(storage), static_cast<char*>(e.image) + (p - e.object)};
  }
  return std::nullopt;
}

std::vector<std::shared_ptr<buffer>> enlisted_storage() {
  std::vector<std::shared_ptr<buffer>> storage;
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  for (const auto& [member, e] : all.entries)
    if (e.image != nullptr)
      if (std::shared_ptr<buffer> s = e.storage.lock()) storage.push_back(std::move(s));
  return storage;
}

arrays_found arrays_reached(const void* object, std::size_t bytes, const device* space) {
  arrays_found found;
  enlisted_arrays& all = the_arrays();
  if (space == nullptr && all.beyond_host.load(std::memory_order_relaxed) == 0) return found;
  std::lock_guard lock(all.mutex);
  for (const auto& [member, e] : all.entries) {
    if (space == nullptr && e.space == nullptr) continue;  // in host memory, where the CPU engine runs
    if (!holds_address(object, bytes, e.object)) continue;
    if (space != nullptr && e.space != space) {
      found.elsewhere = true;
      continue;
    }
    if (std::shared_ptr<buffer> s = e.storage.lock()) found.storage.push_back(std::move(s));
  }
  return found;
}

std::vector<std::shared_ptr<view_state>> views_of_arrays_reached(const void* object, std::size_t bytes) {
  std::vector<std::shared_ptr<view_state>> views;
  enlisted_arrays& all = the_arrays();
  std::lock_guard lock(all.mutex);
  for (const auto& [member, e] : all.entries)
    if (holds_address(object, bytes, e.object))
      if (std::shared_ptr<buffer> s = e.storage.lock()) views.push_back(s->owner());
  return views;
}

}  // namespace ample::detail
