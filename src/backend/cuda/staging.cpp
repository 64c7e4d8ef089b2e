// staging: copies between pageable host memory and a GPU through page-locked buffers
// (staging.hpp).
#include "staging.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "ample/backend/cpu/engine.hpp"
#include "memory.hpp"

namespace ample::detail::cuda {
namespace {

/// staging_buffers are a GPU's page-locked buffers, taken by one copy at a time, and for each
/// an event recorded after the last copy of the GPU's that used it.
struct staging_buffers {
  std::mutex in_use;
  pinned_memory buffer[staging_buffer_count];
  CUevent done_with[staging_buffer_count] = {};
};

/// staging_for() is `g`'s buffers, allocated on its first staged copy and kept for the
/// process: the driver outlives every copy (driver.hpp), and so do they.
staging_buffers& staging_for(const gpu& g, const driver& d) {
  static std::mutex mutex;
  static auto* all = new std::map<const gpu*, staging_buffers*>;
  std::lock_guard lock(mutex);
  staging_buffers*& s = (*all)[&g];
  if (s == nullptr) {
    auto fresh = new staging_buffers;
    try {
      for (int b = 0; b < staging_buffer_count; ++b) {
        fresh->buffer[b] = pinned_memory(d, staging_buffer_bytes);
        d.check(d.cuEventCreate(&fresh->done_with[b], CU_EVENT_DISABLE_TIMING),
                "cannot create an event for the staging buffers of " + g.name);
      }
    } catch (...) {
      for (CUevent e : fresh->done_with)
        if (e != nullptr) d.cuEventDestroy(e);
      delete fresh;
      throw;
    }
    s = fresh;
  }
  return *s;
}

/// host_copy is one memcpy cut into pieces for the CPU engine's threads: a single core copies
/// at a fraction of the memory's speed, and of the GPU link's.
struct host_copy {
  static constexpr std::size_t piece = std::size_t{256} << 10;
  char* to;
  const char* from;
  std::size_t bytes;

  static void run_piece(const void* context, std::int64_t index) {
    const host_copy& c = *static_cast<const host_copy*>(context);
    const std::size_t start = static_cast<std::size_t>(index) * piece;
    std::memcpy(c.to + start, c.from + start, std::min(piece, c.bytes - start));
  }

  void run() const {
    const auto pieces = static_cast<std::int64_t>((bytes + piece - 1) / piece);
    cpu::run_job(cpu::job{&run_piece, this, pieces, cpu::order::parallel});
  }
};

/// copy_failed() throws for a copy the driver refused with `r`, naming the size and the GPU.
[[noreturn]] void copy_failed(const gpu& g, const driver& d, CUresult r, std::size_t bytes, const char* direction) {
  d.failure(r, "copy of " + std::to_string(bytes) + " bytes " + direction + " " + g.name);
}

/// staged is one staged copy of `bytes`, cut into pieces, piece k through buffer k % count:
/// it holds the GPU's buffers, and on a failure waits for the GPU to stop using them before
/// it throws, so that the next copy may refill them.
class staged {
 public:
  staged(const gpu& g, const driver& d, std::size_t bytes, const char* direction)
      : g_(g),
        d_(d),
        buffers_(staging_for(g, d)),
        lock_(buffers_.in_use),
        bytes_(bytes),
        piece_(staging_piece_bytes(bytes)),
        direction_(direction) {}

  std::size_t pieces() const noexcept { return (bytes_ + piece_ - 1) / piece_; }
  std::size_t offset(std::size_t k) const noexcept { return k * piece_; }
  std::size_t length(std::size_t k) const noexcept { return std::min(piece_, bytes_ - k * piece_); }
  char* buffer(std::size_t k) const { return static_cast<char*>(buffers_.buffer[k % staging_buffer_count].get()); }

  /// check() throws for a failed driver call.
  void check(CUresult r) const {
    if (r == CUDA_SUCCESS) return;
    d_.cuStreamSynchronize(nullptr);  // its own failure is the same one
    copy_failed(g_, d_, r, bytes_, direction_);
  }
  /// queued() marks piece k's buffer as used by the copies queued so far.
  void queued(std::size_t k) const { check(d_.cuEventRecord(buffers_.done_with[k % staging_buffer_count], nullptr)); }
  /// wait_for_buffer() returns once the GPU's copies that used piece k's buffer have ended.
  void wait_for_buffer(std::size_t k) const {
    check(d_.cuEventSynchronize(buffers_.done_with[k % staging_buffer_count]));
  }
  void wait() const { check(d_.cuStreamSynchronize(nullptr)); }

 private:
  const gpu& g_;
  const driver& d_;
  staging_buffers& buffers_;
  std::lock_guard<std::mutex> lock_;
  std::size_t bytes_, piece_;
  const char* direction_;
};

/// direct() is a copy the driver stages itself, waited for.
void direct(const gpu& g, const driver& d, CUresult r, std::size_t bytes, const char* direction) {
  if (r == CUDA_SUCCESS) r = d.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS) copy_failed(g, d, r, bytes, direction);
}

}  // namespace

std::size_t staging_piece_bytes(std::size_t bytes) {
  constexpr std::size_t granule = std::size_t{64} << 10;
  const std::size_t quarter = (bytes / 4 + granule - 1) / granule * granule;
  return std::clamp(quarter, granule, staging_buffer_bytes);
}

void copy_to_gpu(const gpu& g, const driver& d, CUdeviceptr to, const void* from, std::size_t bytes) {
  if (bytes < staged_copy_bytes) return direct(g, d, d.cuMemcpyHtoDAsync(to, from, bytes, nullptr), bytes, "to");
  const staged s(g, d, bytes, "to");
  const auto* source = static_cast<const char*>(from);
  // The GPU copies pieces k - 1 and k - 2 while the CPU fills piece k's buffer.
  for (std::size_t k = 0; k < s.pieces(); ++k) {
    s.wait_for_buffer(k);
    host_copy{s.buffer(k), source + s.offset(k), s.length(k)}.run();
    s.check(d.cuMemcpyHtoDAsync(to + s.offset(k), s.buffer(k), s.length(k), nullptr));
    s.queued(k);
  }
  s.wait();
}

void copy_from_gpu(const gpu& g, const driver& d, void* to, CUdeviceptr from, std::size_t bytes) {
  if (bytes < staged_copy_bytes) return direct(g, d, d.cuMemcpyDtoHAsync(to, from, bytes, nullptr), bytes, "from");
  const staged s(g, d, bytes, "from");
  auto* target = static_cast<char*>(to);
  const auto copy_in = [&](std::size_t k) {
    s.check(d.cuMemcpyDtoHAsync(s.buffer(k), from + s.offset(k), s.length(k), nullptr));
    s.queued(k);
  };
  // The GPU copies pieces k + 1 and k + 2 while the CPU empties piece k's buffer.
  for (std::size_t k = 0; k < s.pieces() && k < staging_buffer_count; ++k) copy_in(k);
  for (std::size_t k = 0; k < s.pieces(); ++k) {
    s.wait_for_buffer(k);
    host_copy{target + s.offset(k), s.buffer(k), s.length(k)}.run();
    if (k + staging_buffer_count < s.pieces()) copy_in(k + staging_buffer_count);
  }
  s.wait();
}

}  // namespace ample::detail::cuda
