// tile_barrier::wait, out of line: the one call the compiled-barrier pass looks for.
#include <string>

#include "ample/exceptions.hpp"
#include "ample/tile_barrier.hpp"

namespace {

/// barrier_misuse() throws the runtime_exception for wait() on a barrier outside its tile.
[[noreturn]] [[gnu::cold]] void barrier_misuse(const char* file, int line, bool in_a_tile) {
  AMPLE_THROW(concurrency::runtime_exception,
              std::string("tile_barrier::wait at ") + file + ":" + std::to_string(line) +
                  (in_a_tile ? " called from a tile that the barrier does not belong to"
                             : " called outside any tile (on the host, in a non-tiled kernel or on another thread)") +
                  "; a tile_barrier can only be waited on by the work-items of the tile whose tiled_index it came "
                  "from, while that tile runs (C++ AMP spec 8.1.1)",
              concurrency::error_code::e_fail);
}

}  // namespace

// The check is two thread_local loads and compares against the ~20 ns of a barrier's fiber
// switch; it must come first, because the barrier's sync may be gone once its tile is over.
extern "C" void ample_tile_barrier_wait(ample::detail::tile_sync* sync, std::uint64_t serial, const char* file,
                                        int line) {
  ample_tile_barrier_check(sync, serial, file, line);
  sync->arrive_and_wait(file, line);
}

extern "C" void ample_tile_barrier_check(const ample::detail::tile_sync* sync, std::uint64_t serial, const char* file,
                                         int line) {
  if (sync == nullptr) return;  // an implicit barrier of a compiled tile: it waits on no object
  const ample::detail::running_tile& now = ample::detail::current_tile;
  if (AMPLE_IMPL_UNLIKELY(now.sync != sync || now.serial != serial)) barrier_misuse(file, line, now.sync != nullptr);
}
