// device_code: the kernels' PTX, registered by the constructors the device-code pass adds to
// object files (include/ample/detail/device_entry.hpp).
#include <mutex>
#include <unordered_map>

#include "ample/detail/device_entry.hpp"

namespace ample::detail {
namespace {

/// registry maps a device_entry's address to its code. Constructors of other object files
/// fill it before main(), in an order nobody controls, so it is made on first use.
struct registry {
  std::mutex mutex;
  std::unordered_map<const void*, device_code> code;
};

registry& the_registry() {
  static registry r;
  return r;
}

}  // namespace

const device_code* find_device_code(const void* entry) noexcept {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  const auto found = r.code.find(entry);
  return found == r.code.end() ? nullptr : &found->second;
}

bool has_device_code() noexcept {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  return !r.code.empty();
}

}  // namespace ample::detail

// A kernel in an inline function is compiled in each object file that uses it, and the linker
// keeps one entry for all: the first registration stands, the others carry the same code.
extern "C" void ample_register_device_code(const void* entry, const char* ptx, const char* kernel_name,
                                           const char* source_name, const std::uint32_t* pointer_offsets,
                                           std::uint32_t pointer_count) noexcept {
  ample::detail::registry& r = ample::detail::the_registry();
  std::lock_guard lock(r.mutex);
  r.code.try_emplace(entry,
                     ample::detail::device_code{ptx, kernel_name, source_name, pointer_offsets, pointer_count});
}
