// The library's half of the compiled-barrier contract (backend/cpu/compiled_tile.hpp).
#include "ample/backend/cpu/compiled_tile.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ample/exceptions.hpp"
#include "fiber_sanitizer.hpp"
#include "tile_messages.hpp"

namespace ample::detail::cpu {
namespace {

#if defined(AMPLE_IMPL_TSAN)
// ThreadSanitizer reports races between the work-items of a tile only when each runs on a
// fiber of its own, ordered by the barriers; in a compiled tile they are one loop.
constexpr bool fibers_by_default = true;
#else
constexpr bool fibers_by_default = false;
#endif

bool compiled_setting_from_environment() {
  const char* env = std::getenv("AMPLE_TILED");
  if (env == nullptr || *env == '\0') return !fibers_by_default;
  if (std::strcmp(env, "fibers") == 0) return false;
  if (std::strcmp(env, "compiled") == 0) return true;
  AMPLE_THROW(concurrency::runtime_exception,
              std::string("AMPLE_TILED=\"") + env + "\" is neither \"compiled\" nor \"fibers\"",
              concurrency::error_code::e_invalidarg);
}

std::atomic<bool> fibers_preferred{false};
std::atomic<unsigned long long> compiled_launches{0};
std::atomic<unsigned long long> fiber_launches{0};

}  // namespace

void compiled_tile_sync::arrive_and_wait(const char* file, int line) {
  AMPLE_THROW(concurrency::runtime_exception,
              std::string("tile_barrier::wait at ") + file + ":" + std::to_string(line) + " in tile " +
                  format_values(shape_.tile_index, shape_.rank) +
                  " was not compiled with its kernel (it is called through a pointer or from another "
                  "translation unit, where the compiled-barrier pass cannot see it); make the call visible "
                  "in the kernel's translation unit, or run with AMPLE_TILED=fibers",
              concurrency::error_code::e_fail);
}

bool compiled_tiles_enabled() {
  static const bool enabled = compiled_setting_from_environment();
  return enabled && !fibers_preferred.load(std::memory_order_relaxed);
}

void prefer_fiber_tiles(bool fibers) { fibers_preferred.store(fibers, std::memory_order_relaxed); }

tiled_path_counts tiled_launches() {
  return {compiled_launches.load(std::memory_order_relaxed), fiber_launches.load(std::memory_order_relaxed)};
}

void count_tiled_launch(bool compiled) {
  (compiled ? compiled_launches : fiber_launches).fetch_add(1, std::memory_order_relaxed);
}

}  // namespace ample::detail::cpu

using ample::detail::cpu::item_fn;

extern "C" item_fn ample_compiled_tile(item_fn) { return nullptr; }

extern "C" void ample_tile_diverged(ample::detail::tile_sync* sync, const int* exits, int items,
                                    const char* const* files, const int* lines) {
  using namespace ample::detail::cpu;
  const tile_shape& shape = static_cast<compiled_tile_sync*>(sync)->shape();
  const auto site = [&](int exit) { return std::string(files[exit - 1]) + ":" + std::to_string(lines[exit - 1]); };
  int other = 1;
  while (other < items && exits[other] == exits[0]) ++other;
  if (exits[0] != 0 && exits[other] != 0)
    AMPLE_THROW(concurrency::runtime_exception,
                divergence_error(shape, waiting_at_two_sites(shape, 0, site(exits[0]), other, site(exits[other]))));
  const int waiting = exits[0] != 0 ? 0 : other;
  AMPLE_THROW(concurrency::runtime_exception,
              divergence_error(shape, waiting_while_returned(shape, waiting, site(exits[waiting]),
                                                             exits[0] != 0 ? other : 0)));
}
