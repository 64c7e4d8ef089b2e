// launch(): validate a compute domain and hand the kernel to the backend of a view's device.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "../config.hpp"
#include "../accelerator.hpp"
#include "../backend/cpu/parallel_for.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../tiled_extent.hpp"
#include "array_images.hpp"
#include "buffer.hpp"
#include "capture_recorder.hpp"
#include "command_queue.hpp"
#include "device.hpp"
#include "device_entry.hpp"
#include "gpu_launch.hpp"
#include "parallel_for.hpp"
#include "strided_layout.hpp"

namespace ample::detail {

/// refuse_extent() throws invalid_compute_domain for extent `e`, which validate_domain()
/// refused, naming the values. Out of line: the messages' code would otherwise sit in every
/// launch's path (launch()).
template <int N>
[[noreturn]] AMPLE_IMPL_COLD void refuse_extent(const concurrency::extent<N>& e) {
  std::uint64_t points = 1;
  for (int d = 0; d < N; ++d) {
    if (e[d] <= 0)
      AMPLE_THROW(concurrency::invalid_compute_domain,
                  "parallel_for_each: extent " + format_extent(e) + " has dimension " + std::to_string(d) +
                      " = " + std::to_string(e[d]) + "; every dimension must be positive");
    points *= static_cast<std::uint64_t>(e[d]);
    if (points > UINT_MAX) break;
  }
  AMPLE_THROW(concurrency::invalid_compute_domain,
              "parallel_for_each: extent " + format_extent(e) + " has more than " + std::to_string(UINT_MAX) +
                  " points, the most extent::size() counts");
}

/// validate_domain() throws invalid_compute_domain, naming the values, for an extent with a
/// dimension that is not positive, or with more points than extent::size() (unsigned int)
/// counts: the engine cuts the domain by its size.
template <int N>
AMPLE_IMPL_ALWAYS_INLINE void validate_domain(const concurrency::extent<N>& e) {
  std::uint64_t points = 1;
  bool positive = true;
  for (int d = 0; d < N; ++d) {
    positive = positive && e[d] > 0;
    // A dimension is below 2^31 and the product stops growing past 2^32: it cannot wrap.
    if (points <= UINT_MAX) points *= static_cast<std::uint64_t>(e[d] > 0 ? e[d] : 1);
  }
  if (!positive || points > UINT_MAX) [[unlikely]]
    refuse_extent(e);
}

/// The most tiles a tiled launch has along any dimension: Microsoft's limit, Direct3D's
/// dispatch limit (D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION), which Visual C++
/// enforced on every accelerator, WARP and REF included. CUDA grids hold as many along y and
/// z, so a tiled domain Ample accepts always fits one (gpu_launch.hpp).
inline constexpr int max_tiles_per_dimension = 65535;

/// refuse_tiling() throws invalid_compute_domain for a tiled extent `e` of tile `tile` that
/// validate_domain() refused, naming the values. Out of line, as refuse_extent().
template <int N>
[[noreturn]] AMPLE_IMPL_COLD void refuse_tiling(const concurrency::extent<N>& e, const concurrency::extent<N>& tile) {
  for (int d = 0; d < N; ++d)
    if (e[d] % tile[d] != 0)
      AMPLE_THROW(concurrency::invalid_compute_domain,
                  "parallel_for_each: extent " + format_extent(e) + " is not divisible by tile " + format_extent(tile) +
                      " (dimension " + std::to_string(d) + "); use tiled_extent::pad() or truncate()");
  int d = 0;
  while (d < N - 1 && e[d] / tile[d] <= max_tiles_per_dimension) ++d;
  AMPLE_THROW(concurrency::invalid_compute_domain,
              "parallel_for_each: extent " + format_extent(e) + " in tiles " + format_extent(tile) + " has " +
                  std::to_string(e[d] / tile[d]) + " tiles along dimension " + std::to_string(d) + ", more than the " +
                  std::to_string(max_tiles_per_dimension) +
                  " C++ AMP allows (Direct3D's limit, as in Visual C++); use larger tiles, or more elements per "
                  "work-item");
}

/// validate_domain() for tiles also requires the tile to divide the extent, and at most
/// max_tiles_per_dimension tiles along each dimension. The tile's shape was checked when the
/// launch compiled (check_tile_shape(), parallel_for_each.hpp).
template <int D0, int D1, int D2>
void validate_domain(const concurrency::tiled_extent<D0, D1, D2>& t) {
  constexpr int rank = tile_rank<D0, D1, D2>;
  constexpr auto tile = concurrency::tiled_extent<D0, D1, D2>::tile_extent;
  const concurrency::extent<rank>& e = t;
  validate_domain(e);
  bool fits = true;
  for (int d = 0; d < rank; ++d) fits = fits && e[d] % tile[d] == 0 && e[d] / tile[d] <= max_tiles_per_dimension;
  if (!fits) [[unlikely]]
    refuse_tiling(e, tile);
}

/// run_on_cpu_engine() runs `kernel` over `domain` with the CPU engine, in order on the
/// calling thread for a device that runs serially (REF, whose queue's thread calls it).
template <class Domain, class Kernel>
void run_on_cpu_engine(const device& dev, const Domain& domain, const Kernel& kernel) {
  parallel_for<Kernel, Domain, cpu::backend>(kernel, domain, dev.runs_serially ? cpu::order::serial : cpu::order::parallel)
      .execute();
}

/// queued_launch is what a launch on a queue keeps until its kernel has run: the copy of
/// the kernel that runs, and the recorder holding its regions. The recorder comes second, so
/// that it goes first: its regions are released before the kernel's views, whose last one
/// may write a buffer back and would wait for them (capture_recorder.hpp).
template <class Kernel>
struct queued_launch {
  explicit queued_launch(const device* space) : recorder(space) {}
  std::optional<Kernel> kernel;
  capture_recorder recorder;
};

/// gpu_extent() is a flat domain's extent as the device code takes it, padded with ones.
template <class Domain>
std::array<std::int32_t, 3> gpu_extent(const Domain& domain) {
  std::array<std::int32_t, 3> e{1, 1, 1};
  if constexpr (!is_tiled_extent<Domain>)
    for (int d = 0; d < Domain::rank && d < 3; ++d) e[d] = domain[d];
  return e;
}

/// no_device_code() says why a kernel without device code has none.
template <class Domain>
std::string no_device_code() {
  if (!AMPLE_IMPL_GPU_KERNELS)
    return "the program was not compiled for GPUs (Clang with Ample's plugin, without AMPLE_NO_GPU_KERNELS)";
  if constexpr (!is_tiled_extent<Domain>)
    if (grid_rank<Domain> == 0)
      return "its extent has rank " + std::to_string(Domain::rank) + ", and a GPU grid has at most 3 dimensions";
  return "the device-code pass kept it CPU-only (its remark at compile time says why)";
}

/// launch_on_gpu() runs `kernel` on the GPU behind `view`: queued, on the GPU's copies of its
/// views and arrays, where the kernel has device code and every pointer that code reads is a
/// view's or an array's on this GPU; otherwise at once on the CPU engine over host memory
/// (the views and every array in a GPU's memory made current there), saying so once per
/// kernel.
template <class Domain, class Kernel>
void launch_on_gpu(const view_state& view, const Domain& domain, const Kernel& kernel, const void* entry) {
  const device& dev = *view.dev;
  std::string why;
  const gpu_kernel* code = gpu_kernel_for(dev, entry);
  const gpu_grid grid = code ? gpu_grid_of(domain) : gpu_grid{};
  if (code && !fits_cuda_grid(grid)) {
    why = "its domain needs " + std::to_string(grid.blocks[0]) + " x " + std::to_string(grid.blocks[1]) + " x " +
          std::to_string(grid.blocks[2]) + " blocks (x, y, z), more than a CUDA grid holds (" +
          std::to_string(max_grid_blocks_x) + " along x, " + std::to_string(max_grid_blocks_yz) + " along y and z)";
  } else if (code) {
    auto work = std::make_shared<queued_launch<Kernel>>(&dev);
    work->kernel.emplace((work->recorder.start(), kernel));
    work->recorder.stop();
    const long foreign = work->recorder.place_pointers(&*work->kernel, sizeof(Kernel), pointer_offsets(*code),
                                                       pointer_count(*code));
    if (foreign < 0) {
      work->recorder.make_current(view.commands.get());
      const std::array<std::int32_t, 3> extent = gpu_extent(domain);
      // The queue destroys both functions, and with them `work`, before the launch completes.
      view.commands->submit(
          [work, code, grid, extent, d = &dev] {
            run_gpu_kernel(*d, *code, &*work->kernel, sizeof(Kernel), is_tiled_extent<Domain> ? nullptr : extent.data(),
                           grid);
          },
          [work](const std::shared_ptr<command_failure>& failure) { work->recorder.fail(failure); });
      return;
    }
    why = "its device code reads a pointer at byte " + std::to_string(foreign) +
          " of the kernel object that is no view's, nor an array's or texture's on this GPU (an array or texture on "
          "another accelerator, or a raw pointer), a host address the GPU cannot reach";
  } else {
    why = no_device_code<Domain>();
  }
  announce_cpu_fallback(dev, kernel_type_name<Kernel>(), why);
  // The CPU engine reads the host copies of arrays and textures, and which of them the kernel
  // reaches is unknown. First, before the recorder holds the regions of the kernel's views,
  // some of which may be over those same buffers: host access waits for held uses to end.
  for (const std::shared_ptr<buffer>& storage : enlisted_storage())
    storage->host_access(concurrency::access_type_read_write);
  capture_recorder recorder(nullptr);
  [[maybe_unused]] const Kernel recorded = (recorder.start(), kernel);
  recorder.make_current();
  run_on_cpu_engine(dev, domain, kernel);
}

/// launch_with_data_model() is launch() for the cases other than a CPU-engine device with
/// every buffer host_only(): the kernel is copied under a capture_recorder, which finds its
/// views and makes them current; on a device with memory of its own the copy, pointing at the
/// device's memory, is what runs, queued on the view's command_queue, and this returns before
/// it has run. Every such device has queues (make_view_state()). Out of line, so that the
/// common case's code stays a few cache lines (launch()).
template <class Domain, class Kernel>
AMPLE_IMPL_NOINLINE void launch_with_data_model(const view_state& view, const Domain& domain, const Kernel& kernel) {
  // Taking the address instantiates the kernel's device_entry, which is how the device-code
  // pass finds it, and the key under which the pass registered its code.
  const void* const entry = device_entry_of<Kernel, Domain>();
  if (view.dev->backend == backend_id::host)
    AMPLE_THROW(concurrency::runtime_exception,
                "parallel_for_each is not supported on the selected accelerator (\"cpu\": accelerator::cpu_accelerator "
                "holds host memory only); run kernels on the default accelerator",
                concurrency::error_code::e_invalidarg);
  // The CPU engine refuses a launch from a kernel itself; a queued one must be refused here,
  // before the kernel's thread waits for its own queue.
  if (view.commands != nullptr && in_kernel)
    AMPLE_THROW(concurrency::runtime_exception,
                "parallel_for_each called from inside a kernel; kernels cannot launch or reconfigure the engine",
                concurrency::error_code::e_fail);
  if (view.dev->backend == backend_id::cuda) return launch_on_gpu(view, domain, kernel, entry);
  if (view.commands != nullptr) {
    auto work = std::make_shared<queued_launch<Kernel>>(memory_space(*view.dev));
    work->kernel.emplace((work->recorder.start(), kernel));
    work->recorder.make_current(view.commands.get());
    // The queue destroys both functions, and with them `work`, before the launch completes.
    view.commands->submit([work, domain, dev = view.dev] { run_on_cpu_engine(*dev, domain, *work->kernel); },
                          [work](const std::shared_ptr<command_failure>& failure) { work->recorder.fail(failure); });
    return;
  }
  // A device without a queue addresses host memory; the copy only finds the views.
  capture_recorder recorder(nullptr);
  [[maybe_unused]] const Kernel recorded = (recorder.start(), kernel);
  recorder.make_current();
  run_on_cpu_engine(*view.dev, domain, kernel);
}

/// launch() runs `kernel` over `domain` on the device behind `view`, with its data current
/// there (detail/buffer.hpp). While every buffer is host_only() a launch on a CPU-engine
/// device uses the kernel as it is: the zero-copy case reads two fields of the view and the
/// device and one global. It is also the case whose cost is most often a cold start (a
/// small kernel between host code, `launch_after_idle` in the bench): every cache line and
/// page of code it touches then costs a miss, so the other cases are out of line.
template <class Domain, class Kernel>
void launch(const view_state& view, const Domain& domain, const Kernel& kernel) {
  validate_domain(domain);
  if (view.commands == nullptr && view.dev->backend == backend_id::cpu &&
      buffers_beyond_host.load(std::memory_order_acquire) == 0) [[likely]]
    return run_on_cpu_engine(*view.dev, domain, kernel);
  launch_with_data_model(view, domain, kernel);
}

}  // namespace ample::detail
