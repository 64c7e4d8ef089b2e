// gpu_devices: GPUs as accelerators, and their memory_ops (gpu_devices.hpp).
#include "gpu_devices.hpp"

#include <algorithm>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "ample/accelerator.hpp"
#include "ample/exceptions.hpp"
#include "driver.hpp"
#include "gpu.hpp"
#include "memory_pool.hpp"
#include "staging.hpp"

namespace ample::detail::cuda {
namespace {

/// the_gpus() is the driver's GPUs, listed once: devices point at them for the process's life.
const std::vector<gpu>& the_gpus() {
  static const auto* gpus = [] {
    auto* listed = new std::vector<gpu>;
    if (const driver* d = driver::get()) {
      try {
        *listed = list_gpus(*d);
      } catch (const concurrency::runtime_exception&) {
        listed->clear();
      }
    }
    return listed;
  }();
  return *gpus;
}

/// on() makes the device's GPU current on the calling thread: memory calls and launches come
/// from host threads and from queues' threads alike.
const driver& on(const device& d) {
  d.gpu->make_current();
  return *driver::get();
}

CUdeviceptr address(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }

/// Buffers are allocated, cleared, copied and freed on the legacy default stream, and every
/// call but a free waits for its end before it returns, as memory_ops' calls must: views'
/// kernels run on streams of their own that do not wait for the legacy stream (gpu_launch.cpp),
/// so what a command needs must be done before the command is queued. Large copies go
/// through page-locked buffers (staging.hpp).
void* allocate(const device& d, std::size_t bytes, const char* what, bool zeroed) {
  const driver& dr = on(d);
  // The driver refuses 0 bytes; an empty buffer still needs an address of its own.
  const CUdeviceptr p = allocate_on(*d.gpu, dr, std::max<std::size_t>(bytes, 1), what);
  if (!zeroed) return reinterpret_cast<void*>(p);
  CUresult r = dr.cuMemsetD8(p, 0, bytes);  // asynchronous for device memory
  if (r == CUDA_SUCCESS) r = dr.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS) {
    release_on(*d.gpu, dr, p);
    dr.failure(r, "cannot clear " + std::to_string(bytes) + " bytes on " + d.gpu->name);
  }
  return reinterpret_cast<void*>(p);
}

void release(const device& d, void* p) noexcept {
  // A failure here (a context lost earlier) was reported by the call that lost it.
  try {
    release_on(*d.gpu, on(d), address(p));
  } catch (const concurrency::runtime_exception&) {
  }
}

void copy_in(const device& d, void* to, const void* from, std::size_t bytes) {
  copy_to_gpu(*d.gpu, on(d), address(to), from, bytes);
}

void copy_out(const device& d, void* to, const void* from, std::size_t bytes) {
  copy_from_gpu(*d.gpu, on(d), to, address(from), bytes);
}

/// copy_pieces() queues `queue_one(piece)` for each piece on the current GPU's legacy default
/// stream, where the GPU runs them back to back, and waits for them once; where that fails,
/// the exception for the driver's error with `describe(total bytes)` as what failed.
template <class QueueOne, class Describe>
void copy_pieces(const driver& dr, const device_copy* pieces, std::size_t count, QueueOne queue_one,
                 Describe describe) {
  CUresult r = CUDA_SUCCESS;
  for (std::size_t i = 0; i < count && r == CUDA_SUCCESS; ++i) r = queue_one(pieces[i]);
  if (r == CUDA_SUCCESS) r = dr.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS) {
    std::size_t total = 0;
    for (std::size_t i = 0; i < count; ++i) total += pieces[i].bytes;
    dr.failure(r, describe(total));
  }
}

void copy_within(const device& d, const device_copy* pieces, std::size_t count) {
  const driver& dr = on(d);
  copy_pieces(
      dr, pieces, count,
      [&](const device_copy& p) { return dr.cuMemcpyDtoDAsync(address(p.to), address(p.from), p.bytes, nullptr); },
      [&](std::size_t total) {
        return "cannot copy " + std::to_string(total) + " bytes in " + std::to_string(count) +
               " pieces within the memory of " + d.gpu->name;
      });
}

/// connect() gives GPU `to`, current, access to the memory of GPU `from` where the driver
/// says it can have it (NVLink, or PCIe peer-to-peer), once per pair for the process: to
/// cuMemAlloc's memory (cuCtxEnablePeerAccess) and to the pool's (share_pool()). Copies
/// between the two then go from one GPU's memory to the other's; without it the driver still
/// makes them, through host memory. So a refusal is no error here: the program's own CUDA
/// code may have connected the pair already, or taken every peer slot the GPU has.
void connect(const gpu& to, const gpu& from, const driver& d) {
  static std::mutex mutex;
  static auto* const connected = new std::set<std::pair<int, int>>;  // immortal, as the contexts
  std::lock_guard lock(mutex);
  if (!connected->insert({to.ordinal, from.ordinal}).second) return;
  int can = 0;
  if (d.cuDeviceCanAccessPeer(&can, to.handle, from.handle) != CUDA_SUCCESS || can == 0) return;
  d.cuCtxEnablePeerAccess(from.context(), 0);
  share_pool(from, to, d);
}

/// The copies run on the destination's legacy default stream, where its clears and copies
/// run. The source's memory has no commands pending that could touch it: every memory_ops
/// call has finished when it returns, and the buffer layer moves bytes only once the kernels
/// using them have ended.
void copy_between(const device& to, const device& from, const device_copy* pieces, std::size_t count) {
  const driver& dr = on(to);
  connect(*to.gpu, *from.gpu, dr);
  const CUcontext to_context = to.gpu->context(), from_context = from.gpu->context();
  copy_pieces(
      dr, pieces, count,
      [&](const device_copy& p) {
        return dr.cuMemcpyPeerAsync(address(p.to), to_context, address(p.from), from_context, p.bytes, nullptr);
      },
      [&](std::size_t total) {
        return "cannot copy " + std::to_string(total) + " bytes from the memory of " + from.gpu->name + " (" +
               from.gpu->pci_location + ") to that of " + to.gpu->name + " (" + to.gpu->pci_location + ")";
      });
}

constexpr memory_ops gpu_memory{&allocate, &release, &copy_in, &copy_out, &copy_within, &copy_between};

std::wstring widen(const std::string& s) { return std::wstring(s.begin(), s.end()); }

}  // namespace

std::vector<device> describe_gpus() {
  std::vector<device> devices;
  for (const gpu& g : the_gpus())
    devices.push_back(device{.path = L"ample\\cuda\\" + widen(g.pci_location),
                             .description = widen(g.name),
                             .backend = backend_id::cuda,
                             .version = 11u << 16,
                             .is_debug = false,
                             .is_emulated = false,
                             .has_display = g.has_display,
                             .supports_double_precision = true,
                             .supports_limited_double_precision = true,
                             .supports_cpu_shared_memory = false,
                             .dedicated_memory_kb = g.memory_bytes / 1024,
                             .default_cpu_access_type = concurrency::access_type_none,
                             .default_view = nullptr,
                             .auto_selection_view = nullptr,
                             .runs_serially = false,
                             .has_own_memory = true,
                             .memory = &gpu_memory,
                             .gpu = &g,
                             .transfers = {},
                             .pending = {}});
  return devices;
}

}  // namespace ample::detail::cuda
