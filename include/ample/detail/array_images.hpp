// array_images: arrays in the memory of a device whose kernels cannot reach host memory, and
// the copies of the array objects that such kernels reach by reference; and the list of
// every other array, by the address of its object, which launches look for in kernel objects
// (arrays_reached()). Textures are kept and listed the same way (graphics/texture_storage.hpp):
// what is said here of an array and its elements holds for a texture and its texels.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "buffer.hpp"
#include "device.hpp"
#include "device_entry.hpp"

namespace ample::detail {

/// arrays_in_device_memory() is whether arrays on device `d` keep their elements in its memory,
/// with a host mirror, rather than one copy that every space uses (buffer.hpp): on a GPU,
/// whose kernels cannot read host memory, where the program has device code. A program
/// without runs every kernel on the CPU engine, which reads the host's copy in place.
inline bool arrays_in_device_memory(const device& d) noexcept {
  return d.backend == backend_id::cuda && has_device_code();
}

/// array_enlistment is an array's entry in the list of arrays kept in a device's memory: a
/// member of the array, which moves with it.
///
/// Kernels reach arrays by reference: the kernel object holds the array object's host
/// address, and device code reads the array's fields through it (its extent, and the address
/// of its elements). A GPU reads neither host memory nor, at that address, anything at all.
/// So enlist() puts in the device's memory an image of the array object: its bytes, with
/// the elements' address replaced by that of the device's copy. A launch finds, for each
/// pointer that the device-code pass says the kernel reads from its object and that is no
/// view's, the enlisted array holding that address (find_enlisted_array()), and gives the
/// kernel the same place in the image instead (capture_recorder.hpp). The image is made
/// once: an array's extent and storage never change, and a move takes the entry along.
class array_enlistment {
 public:
  array_enlistment() noexcept = default;
  array_enlistment(const array_enlistment&) = delete;
  array_enlistment& operator=(const array_enlistment&) = delete;
  /// Moving an array moves its entry to the new object, which holds the same storage.
  array_enlistment(array_enlistment&& other) noexcept { take(other); }
  array_enlistment& operator=(array_enlistment&& other) noexcept {
    if (this != &other) {
      delist();
      take(other);
    }
    return *this;
  }
  ~array_enlistment() { delist(); }

  /// enlist() makes the image of the array object at `object`, `bytes` long, whose elements'
  /// address lies at byte `elements_at` of it and whose elements are `storage`, kept in its
  /// home device's memory; out_of_memory if the device has no room for it.
  void enlist(const void* object, std::size_t bytes, std::size_t elements_at, buffer& storage);
  /// list() puts the array object at `object`, `bytes` long, in the list without an image:
  /// an array kept in one copy, in host memory or in the memory of a device with queues
  /// (REF), which kernels of the CPU engine and of REF reach in place. No launch records it,
  /// since a capture by reference copies nothing; a launch finds it in the kernel object
  /// instead (arrays_reached()), to keep its order with the other commands and host accesses
  /// that use it.
  void list(const void* object, std::size_t bytes, buffer& storage);

 private:
  void take(array_enlistment& other) noexcept;
  void delist() noexcept;

  bool enlisted_ = false;
};

/// enlisted_array is an enlisted array that a kernel object points into.
struct enlisted_array {
  std::shared_ptr<buffer> storage;
  /// image_address: the device's address of the place in the image that the kernel's pointer
  /// points to in the array object.
  void* image_address;
};

/// find_enlisted_array() is the array kept in `space`'s memory whose object holds `address`,
/// if any.
std::optional<enlisted_array> find_enlisted_array(const void* address, const device* space);

/// enlisted_storage() is the storage of every array kept in a device's memory: a kernel that
/// runs on the CPU engine instead of a GPU reads arrays' host copies, and which arrays it
/// reaches is unknown.
std::vector<std::shared_ptr<buffer>> enlisted_storage();

/// arrays_found is what arrays_reached() finds in a kernel object for a launch in a memory
/// space: the storage of the arrays it holds there, and whether the object holds the
/// address of an array in another space that the launch cannot hold (`elsewhere`).
struct arrays_found {
  std::vector<std::shared_ptr<buffer>> storage;
  bool elsewhere = false;
};

/// arrays_reached() is every listed array whose object's address a pointer-aligned word of
/// the kernel object at `object`, `bytes` long, holds (a reference holds the address of the
/// object's start), as a launch in `space` needs it: on the CPU engine (`space` null), the
/// arrays and textures in REF's or a GPU's memory, held in host memory; on REF, those in
/// REF's memory, and `elsewhere` for one in host memory or a GPU's, which a REF launch cannot
/// run queued beside (launch.cpp). Found by address, as nothing else records them, so a word
/// that is no reference can match too: padding, or a member left uninitialised, holds what
/// the memory held before, a freed object's address among it. The launch then only waits
/// for, and is waited for by, more commands than it needs to (capture_recorder::make_current()
/// hands such arrays no failure), makes current on the host an array it does not use, or
/// runs on REF at once instead of queued.
arrays_found arrays_reached(const void* object, std::size_t bytes, const device* space);

/// views_of_arrays_reached() is the accelerator_view of every listed array whose object's
/// address a pointer-aligned word of the kernel object at `object`, `bytes` long, holds,
/// wherever the array is kept: what C++ AMP's automatic selection of a launch's view goes by
/// (launch.cpp). Found by address, as arrays_reached() finds them.
std::vector<std::shared_ptr<view_state>> views_of_arrays_reached(const void* object, std::size_t bytes);

}  // namespace ample::detail
