// gpu_launch: what a launch on a GPU asks of the CUDA backend (src/backend/cuda/gpu_launch.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "../extent.hpp"
#include "../tiled_extent.hpp"
#include "device.hpp"
#include "kernel_type_name.hpp"

namespace ample::detail {

/// gpu_grid is a launch's shape: blocks, and threads per block, x first.
struct gpu_grid {
  unsigned blocks[3];
  unsigned threads[3];
};

/// The most blocks a CUDA grid has along x, and along y and z (every GPU CUDA 13 supports).
inline constexpr unsigned max_grid_blocks_x = 0x7fffffff;
inline constexpr unsigned max_grid_blocks_yz = 65535;

/// gpu_grid_of() covers a flat domain with x the last dimension (neighbouring threads touch
/// neighbouring elements): blocks of 256 threads for rank 1, 16x16 for ranks 2 and 3 (z one
/// plane a block); the device code skips the threads outside the extent. Rank 2's rows take
/// more than the 65535 blocks a grid has along y from an extent of 1048561 rows on (a tall,
/// narrow matrix); they go on in z, which the device code reads as the high part of the
/// block's row (compiler/src/ExtractDeviceCode.cpp, addKernel()).
template <int N>
gpu_grid gpu_grid_of(const concurrency::extent<N>& e) {
  gpu_grid g{{1, 1, 1}, {N == 1 ? 256u : 16u, N == 1 ? 1u : 16u, 1}};
  const unsigned x = static_cast<unsigned>(e[N - 1]);
  const unsigned y = N > 1 ? static_cast<unsigned>(e[N - 2]) : 1;
  g.blocks[0] = (x + g.threads[0] - 1) / g.threads[0];
  g.blocks[1] = (y + g.threads[1] - 1) / g.threads[1];
  g.blocks[2] = N > 2 ? static_cast<unsigned>(e[0]) : 1;
  if (N == 2 && g.blocks[1] > max_grid_blocks_yz) {
    g.blocks[2] = (g.blocks[1] + max_grid_blocks_yz - 1) / max_grid_blocks_yz;
    g.blocks[1] = max_grid_blocks_yz;
  }
  return g;
}

/// gpu_grid_of() a tiled domain: one block per tile, one thread per work-item.
template <int D0, int D1, int D2>
gpu_grid gpu_grid_of(const concurrency::tiled_extent<D0, D1, D2>& e) {
  constexpr int rank = D1 == 0 ? 1 : D2 == 0 ? 2 : 3;
  constexpr int tile[3] = {D0, D1, D2};
  gpu_grid g{{1, 1, 1}, {1, 1, 1}};
  for (int d = 0; d < rank; ++d) {
    g.blocks[rank - 1 - d] = static_cast<unsigned>(e[d] / tile[d]);
    g.threads[rank - 1 - d] = static_cast<unsigned>(tile[d]);
  }
  return g;
}

/// fits_cuda_grid() is whether a CUDA grid holds `g`'s blocks. One that does not (a flat rank-3
/// extent of more than 65535 planes) runs on the CPU engine. Tiled domains always fit: launch()
/// refuses more than 65535 tiles along any dimension (launch.hpp's max_tiles_per_dimension).
inline bool fits_cuda_grid(const gpu_grid& g) {
  return g.blocks[0] <= max_grid_blocks_x && g.blocks[1] <= max_grid_blocks_yz && g.blocks[2] <= max_grid_blocks_yz;
}

/// gpu_kernel is a kernel's device code loaded on one GPU (the backend's).
struct gpu_kernel;

/// gpu_kernel_for() is the device code registered for `entry` (a device_entry's address,
/// device_entry.hpp), loaded on GPU `d` on first use; null where there is none. A PTX the
/// driver refuses throws runtime_exception with its JIT log.
const gpu_kernel* gpu_kernel_for(const device& d, const void* entry);

/// pointer_offsets() are the offsets in the kernel object of the pointers `k`'s device code
/// reads (device_entry.hpp's device_code); pointer_count() how many.
const std::uint32_t* pointer_offsets(const gpu_kernel& k) noexcept;
std::uint32_t pointer_count(const gpu_kernel& k) noexcept;

/// announce_cpu_fallback() says on stderr, once per kernel and device, that a launch on GPU
/// `d` runs on the CPU engine instead, and `why`. `kernel`: kernel_type_name()'s text.
void announce_cpu_fallback(const device& d, const char* kernel, const std::string& why);

/// The largest kernel object the device code takes by value, in a launch's parameters (4 KiB
/// on every driver, with a flat kernel's extent after the object); a larger one is copied to
/// the GPU's memory for the launch, and the device code takes its address. The device-code
/// pass decides by the same number (compiler/src/Contract.h's MaxParameterObjectBytes).
inline constexpr std::size_t max_parameter_object_bytes = 4096 - 16;

/// run_gpu_kernel() launches `k` on `d` over `grid`, with the kernel object's bytes (its views
/// pointing at the GPU's copies) as its parameter, or their address in the GPU's memory for an
/// object larger than max_parameter_object_bytes, followed for a flat kernel by the extent
/// (`extent`: three values, padded with ones; null for a tiled kernel), and waits for it. A
/// driver error throws the C++ AMP exception for it (cuda/driver.hpp) naming the kernel.
void run_gpu_kernel(const device& d, const gpu_kernel& k, const void* object, std::size_t object_bytes,
                    const std::int32_t* extent, const gpu_grid& grid);

/// gpu_tiled_launches() counts the tiled launches that ran on a GPU since the process started
/// (the CPU engine's paths count theirs in cpu::tiled_launches()).
unsigned long long gpu_tiled_launches() noexcept;

}  // namespace ample::detail
