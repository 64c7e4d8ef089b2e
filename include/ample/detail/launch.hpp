// launch(): validate a compute domain and hand the kernel to the backend of a view's device.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../config.hpp"
#include "../accelerator.hpp"
#include "../backend/cpu/parallel_for.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../tiled_extent.hpp"
#include "buffer.hpp"
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

/// launch_ops is what the data model's launches need of one kernel type over one domain
/// type, as functions over untyped pointers. Everything else those launches do (the queues,
/// the GPU's checks and messages, the recorder's work) is the same for every kernel, so it
/// is compiled once, into the library (src/launch.cpp), instead of once per kernel in every
/// program: a test file of 36 kernels compiled in 12 s instead of 25
/// (docs/design/cpu-engine.md, "Compile time").
struct launch_ops {
  std::size_t kernel_bytes;
  std::size_t kernel_alignment;
  const char* kernel_name;  ///< kernel_type_name()
  /// copy() copy-constructs a kernel at `to` from the one at `from`: the copy a launch makes
  /// under a capture_recorder, which finds the kernel's views.
  void (*copy)(void* to, const void* from);
  void (*destroy)(void* kernel) noexcept;
  /// run() runs the kernel at `kernel` over the domain at `domain` with the CPU engine of `dev`.
  void (*run)(const device& dev, const void* domain, const void* kernel);
};

/// typed_launch<Domain, Kernel>::ops is launch_ops for one kernel type and domain type.
template <class Domain, class Kernel>
struct typed_launch {
  static void copy(void* to, const void* from) { ::new (to) Kernel(*static_cast<const Kernel*>(from)); }
  static void destroy(void* kernel) noexcept { static_cast<Kernel*>(kernel)->~Kernel(); }
  static void run(const device& dev, const void* domain, const void* kernel) {
    run_on_cpu_engine(dev, *static_cast<const Domain*>(domain), *static_cast<const Kernel*>(kernel));
  }
  static constexpr launch_ops ops{sizeof(Kernel), alignof(Kernel), kernel_type_name<Kernel>(), &copy, &destroy, &run};
};

/// launch_request is one launch as the library's launch_with_data_model() takes it.
struct launch_request {
  const void* kernel;  ///< the program's kernel object
  const launch_ops* ops;
  /// entry: device_entry_of(), the key of the kernel's device code; null where it has none.
  const void* entry;
  const void* domain;  ///< an extent<N> or tiled_extent, trivially copyable
  std::size_t domain_bytes;
  int rank;
  bool tiled;
  int grid_rank;  ///< detail::grid_rank of the domain's type (0 for tiles, and for ranks past 3)
  /// gpu_kernels: whether the launch was compiled with GPU kernels (AMPLE_IMPL_GPU_KERNELS).
  bool gpu_kernels;
  gpu_grid grid;                        ///< gpu_grid_of() the domain
  std::array<std::int32_t, 3> extent;  ///< a flat domain's extent for the device code, padded with ones
};

/// launch_with_data_model() is launch() for the cases other than a CPU-engine device with
/// every buffer host_only() (src/launch.cpp). A launch on an auto-selection view goes to the
/// view of the data its kernel captures, else to the default view. The kernel is copied
/// under a capture_recorder,
/// which finds its views and makes them current; on a device with memory of its own the copy,
/// pointing at the device's memory, is what runs, queued on the view's command_queue, and this
/// returns before it has run. On a GPU, the kernel's device code runs where it has some and
/// every pointer that code reads is a view's or an array's on that GPU; otherwise the kernel
/// runs at once on the CPU engine over host memory, saying so once per kernel.
void launch_with_data_model(const view_state& view, const launch_request& request);

/// launch_elsewhere() describes a launch for launch_with_data_model(). Out of line, so that
/// the common case's code stays a few cache lines (launch()).
template <class Domain, class Kernel>
AMPLE_IMPL_NOINLINE void launch_elsewhere(const view_state& view, const Domain& domain, const Kernel& kernel) {
  static_assert(std::is_trivially_copyable_v<Domain>, "the queue copies the domain as bytes");
  launch_request request{&kernel,
                         &typed_launch<Domain, Kernel>::ops,
                         // Taking the address instantiates the kernel's device_entry, which is how
                         // the device-code pass finds it, and the key under which the pass
                         // registered its code.
                         device_entry_of<Kernel, Domain>(),
                         &domain,
                         sizeof(Domain),
                         Domain::rank,
                         is_tiled_extent<Domain>,
                         grid_rank<Domain>,
                         AMPLE_IMPL_GPU_KERNELS != 0,
                         gpu_grid_of(domain),
                         {1, 1, 1}};
  if constexpr (!is_tiled_extent<Domain>)
    for (int d = 0; d < Domain::rank && d < 3; ++d) request.extent[d] = domain[d];
  launch_with_data_model(view, request);
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
  launch_elsewhere(view, domain, kernel);
}

}  // namespace ample::detail
