// gpu_launch: kernels' device code loaded on GPUs, launches, and the CPU engine's stand-ins
// (include/ample/detail/gpu_launch.hpp).
#include "ample/detail/gpu_launch.hpp"

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <utility>

#include "ample/detail/device_entry.hpp"
#include "ample/exceptions.hpp"
#include "driver.hpp"
#include "gpu.hpp"
#include "memory_pool.hpp"
#include "module.hpp"

namespace ample::detail {

struct gpu_kernel {
  gpu_kernel(const cuda::driver& d, const device_code& c)
      : code(&c), loaded(d, c.ptx, std::string("kernel ") + c.source_name), function(loaded.function(c.kernel_name)) {}

  const device_code* code;
  cuda::module loaded;
  cuda::CUfunction function;
};

namespace {

std::atomic<unsigned long long> tiled_launches_on_gpus{0};

/// loaded_kernels holds each kernel's module per GPU, loaded on its first launch there, for
/// the process's life (the driver's JIT takes milliseconds; launches take microseconds).
struct loaded_kernels {
  std::mutex mutex;
  std::map<std::pair<const device*, const void*>, std::unique_ptr<gpu_kernel>> kernels;
};

loaded_kernels& the_kernels() {
  static auto* k = new loaded_kernels;  // immortal: queues may launch during exit
  return *k;
}

/// object_in_gpu_memory is a kernel object too large for a launch's parameters, copied to the
/// GPU's memory for one launch on `stream` (the device code takes its address): allocated,
/// copied and freed in the stream's order, so before and after the launch.
struct object_in_gpu_memory {
  object_in_gpu_memory(const cuda::gpu& g, const cuda::driver& d, cuda::CUstream stream, const void* object,
                       std::size_t bytes, const char* kernel)
      : gpu(g),
        driver(d),
        stream(stream),
        address(cuda::allocate_on(g, d, bytes, (std::string("the object of kernel ") + kernel).c_str(), stream)) {
    // From pageable memory the call returns once the driver has taken the bytes.
    if (const cuda::CUresult r = d.cuMemcpyHtoDAsync(address, object, bytes, stream); r != cuda::CUDA_SUCCESS) {
      cuda::release_on(g, d, address, stream);
      d.failure(r, "copy of the " + std::to_string(bytes) + "-byte object of kernel " + kernel + " to " + g.name);
    }
  }
  object_in_gpu_memory(const object_in_gpu_memory&) = delete;
  object_in_gpu_memory& operator=(const object_in_gpu_memory&) = delete;
  ~object_in_gpu_memory() { cuda::release_on(gpu, driver, address, stream); }

  const cuda::gpu& gpu;
  const cuda::driver& driver;
  const cuda::CUstream stream;
  const cuda::CUdeviceptr address;
};

/// view_stream is the CUDA stream of an accelerator_view on a GPU, on which its kernels run.
/// It is the stream of the queue's thread that launches them: a command_queue's thread runs
/// the commands of one accelerator_view, on one device, and lives as long as the view's queue
/// (command_queue.hpp), so one stream per thread is one stream per view, made on the view's
/// first launch and destroyed when its queue ends.
///
/// Non-blocking: the legacy default stream, where memory_ops clear and copy buffers for the
/// host threads, neither waits for a view's kernels nor makes them wait. The data model
/// already orders what matters on the host: a command is queued only after the copies it
/// needs are done and waited for (gpu_devices.cpp), and a copy or free of bytes a queued
/// command uses waits for that command, which ends after its kernel (run_gpu_kernel). So two
/// views' kernels may run at once, and a host thread's copy for the next kernel runs while
/// the one before computes.
class view_stream {
 public:
  view_stream() = default;
  view_stream(const view_stream&) = delete;
  view_stream& operator=(const view_stream&) = delete;
  ~view_stream() {
    if (stream_ == nullptr) return;
    try {
      gpu_->make_current();
      cuda::driver::get()->cuStreamDestroy(stream_);
    } catch (const concurrency::runtime_exception&) {
      // A lost context was reported by the call that lost it; its streams went with it.
    }
  }

  /// of() is the stream for launches on `g` from this thread, made on first use; `g`'s
  /// context is current.
  cuda::CUstream of(const cuda::gpu& g, const cuda::driver& d) {
    if (stream_ == nullptr) {
      d.check(d.cuStreamCreate(&stream_, cuda::CU_STREAM_NON_BLOCKING), "cannot create a stream on " + g.name);
      gpu_ = &g;
    }
    return stream_;
  }

 private:
  cuda::CUstream stream_ = nullptr;
  const cuda::gpu* gpu_ = nullptr;
};

/// type_of() is the kernel's type in kernel_type_name()'s text: "[with Kernel = T]" (GCC) or
/// "[Kernel = T]" (Clang).
std::string type_of(const char* pretty) {
  const std::string text = pretty;
  const std::string key = "Kernel = ";
  const std::size_t start = text.find(key);
  if (start == std::string::npos) return text;
  const std::size_t end = text.rfind(']');
  return text.substr(start + key.size(), end == std::string::npos ? std::string::npos : end - start - key.size());
}

}  // namespace

const gpu_kernel* gpu_kernel_for(const device& d, const void* entry) {
  // The kernel this thread launched last, found without the two locks below: a program
  // launches one kernel in a loop, and a loaded kernel lives as long as the process. Only a
  // kernel found is kept: a library loaded later may register code for a kernel without.
  struct last_launched {
    const device* dev;
    const void* entry;
    const gpu_kernel* kernel;
  };
  thread_local last_launched last{nullptr, nullptr, nullptr};
  if (last.dev == &d && last.entry == entry) return last.kernel;
  const device_code* code = entry != nullptr ? find_device_code(entry) : nullptr;
  if (code == nullptr) return nullptr;
  loaded_kernels& all = the_kernels();
  std::lock_guard lock(all.mutex);
  std::unique_ptr<gpu_kernel>& k = all.kernels[{&d, entry}];
  if (k == nullptr) {
    d.gpu->make_current();
    const cuda::driver& dr = *cuda::driver::get();
    k = cuda::retrying_out_of_memory(*d.gpu, dr, nullptr, [&] { return std::make_unique<gpu_kernel>(dr, *code); });
  }
  last = {&d, entry, k.get()};
  return k.get();
}

const std::uint32_t* pointer_offsets(const gpu_kernel& k) noexcept { return k.code->pointer_offsets; }
std::uint32_t pointer_count(const gpu_kernel& k) noexcept { return k.code->pointer_count; }

void announce_cpu_fallback(const device& d, const char* kernel, const std::string& why) {
  struct announced {
    std::mutex mutex;
    std::set<std::pair<const device*, std::string>> kernels;
  };
  static auto* const said = new announced;  // immortal: launches may come from static destructors
  const std::string type = type_of(kernel);
  std::lock_guard lock(said->mutex);
  if (!said->kernels.insert({&d, type}).second) return;
  std::string name(d.description.begin(), d.description.end());
  std::fprintf(stderr, "ample: kernel %s runs on the CPU engine, not on %s: %s\n", type.c_str(), name.c_str(),
               why.c_str());
}

void run_gpu_kernel(const device& d, const gpu_kernel& k, const void* object, std::size_t object_bytes,
                    const std::int32_t* extent, const gpu_grid& grid) {
  d.gpu->make_current();
  const cuda::driver& dr = *cuda::driver::get();
  thread_local view_stream this_views;
  const cuda::CUstream stream = this_views.of(*d.gpu, dr);
  std::optional<object_in_gpu_memory> placed;
  if (object_bytes > max_parameter_object_bytes) {
    placed.emplace(*d.gpu, dr, stream, object, object_bytes, k.code->source_name);
    object = &placed->address;
    object_bytes = sizeof placed->address;
  }
  // The parameters as the pass's kernel declares them: the object (or its address), then for
  // a flat kernel the extent as three 4-byte values after it (padded to their alignment).
  // On the stack: at most a few KiB, and a launch allocates nothing here.
  const std::size_t padded = (object_bytes + 3) / 4 * 4;
  alignas(std::max_align_t) unsigned char parameters[(max_parameter_object_bytes + 3) / 4 * 4 + 3 * sizeof(std::int32_t)];
  const std::size_t parameter_bytes = extent != nullptr ? padded + 3 * sizeof(std::int32_t) : object_bytes;
  std::memcpy(parameters, object, object_bytes);
  if (extent != nullptr) std::memcpy(parameters + padded, extent, 3 * sizeof(std::int32_t));
  // A launch needs memory of the driver's too (the threads' local memory): out of it, it is
  // tried again once the pool has given back what it keeps.
  cuda::retrying_out_of_memory(*d.gpu, dr, stream, [&] {
    cuda::launch(dr, k.function, k.code->source_name, {grid.blocks[0], grid.blocks[1], grid.blocks[2]},
                 {grid.threads[0], grid.threads[1], grid.threads[2]}, 0, stream, parameters, parameter_bytes);
  });
  // The message is made only for a failure: this is every launch's path.
  if (const cuda::CUresult r = dr.cuStreamSynchronize(stream); r != cuda::CUDA_SUCCESS)
    dr.failure(r, std::string("kernel ") + k.code->source_name + " on " + d.gpu->name);
  if (extent == nullptr) tiled_launches_on_gpus.fetch_add(1, std::memory_order_relaxed);
}

unsigned long long gpu_tiled_launches() noexcept { return tiled_launches_on_gpus.load(std::memory_order_relaxed); }

}  // namespace ample::detail
