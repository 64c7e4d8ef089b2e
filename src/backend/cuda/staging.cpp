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

/// staging_buffers are a GPU's two page-locked buffers, taken by one copy at a time.
struct staging_buffers {
  std::mutex in_use;
  pinned_memory buffer[2];
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
      fresh->buffer[0] = pinned_memory(d, staging_buffer_bytes);
      fresh->buffer[1] = pinned_memory(d, staging_buffer_bytes);
    } catch (...) {
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

/// staged is one staged copy: it holds the GPU's buffers, and on a failure waits for the GPU
/// to stop using them before it throws, so that the next copy may refill them.
class staged {
 public:
  staged(const gpu& g, const driver& d, std::size_t bytes, const char* direction)
      : g_(g), d_(d), buffers_(staging_for(g, d)), lock_(buffers_.in_use), bytes_(bytes), direction_(direction) {}

  char* buffer(std::size_t piece) const { return static_cast<char*>(buffers_.buffer[piece % 2].get()); }

  /// check() throws for a failed driver call.
  void check(CUresult r) const {
    if (r == CUDA_SUCCESS) return;
    d_.cuStreamSynchronize(nullptr);  // its own failure is the same one
    copy_failed(g_, d_, r, bytes_, direction_);
  }
  void wait() const { check(d_.cuStreamSynchronize(nullptr)); }

 private:
  const gpu& g_;
  const driver& d_;
  staging_buffers& buffers_;
  std::lock_guard<std::mutex> lock_;
  std::size_t bytes_;
  const char* direction_;
};

std::size_t piece_bytes(std::size_t piece, std::size_t total) {
  return std::min(staging_buffer_bytes, total - piece * staging_buffer_bytes);
}

/// direct() is a copy the driver stages itself, waited for.
void direct(const gpu& g, const driver& d, CUresult r, std::size_t bytes, const char* direction) {
  if (r == CUDA_SUCCESS) r = d.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS) copy_failed(g, d, r, bytes, direction);
}

}  // namespace

void copy_to_gpu(const gpu& g, const driver& d, CUdeviceptr to, const void* from, std::size_t bytes) {
  if (bytes < staged_copy_bytes) return direct(g, d, d.cuMemcpyHtoDAsync(to, from, bytes, nullptr), bytes, "to");
  const staged s(g, d, bytes, "to");
  const auto* source = static_cast<const char*>(from);
  const std::size_t pieces = (bytes + staging_buffer_bytes - 1) / staging_buffer_bytes;
  host_copy{s.buffer(0), source, piece_bytes(0, bytes)}.run();
  for (std::size_t k = 0; k < pieces; ++k) {
    // The GPU's copy of piece k - 1 has ended: its buffer is free for piece k + 1.
    if (k > 0) s.wait();
    const std::size_t offset = k * staging_buffer_bytes;
    s.check(d.cuMemcpyHtoDAsync(to + offset, s.buffer(k), piece_bytes(k, bytes), nullptr));
    if (k + 1 < pieces)
      host_copy{s.buffer(k + 1), source + offset + staging_buffer_bytes, piece_bytes(k + 1, bytes)}.run();
  }
  s.wait();
}

void copy_from_gpu(const gpu& g, const driver& d, void* to, CUdeviceptr from, std::size_t bytes) {
  if (bytes < staged_copy_bytes) return direct(g, d, d.cuMemcpyDtoHAsync(to, from, bytes, nullptr), bytes, "from");
  const staged s(g, d, bytes, "from");
  auto* target = static_cast<char*>(to);
  const std::size_t pieces = (bytes + staging_buffer_bytes - 1) / staging_buffer_bytes;
  s.check(d.cuMemcpyDtoHAsync(s.buffer(0), from, piece_bytes(0, bytes), nullptr));
  for (std::size_t k = 0; k < pieces; ++k) {
    // Piece k has arrived; the buffer of piece k + 1 was emptied by the previous round.
    s.wait();
    const std::size_t offset = k * staging_buffer_bytes;
    if (k + 1 < pieces)
      s.check(d.cuMemcpyDtoHAsync(s.buffer(k + 1), from + offset + staging_buffer_bytes, piece_bytes(k + 1, bytes),
                                  nullptr));
    host_copy{target + offset, s.buffer(k), piece_bytes(k, bytes)}.run();
  }
  s.wait();
}

}  // namespace ample::detail::cuda
