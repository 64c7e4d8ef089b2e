// device_entry: where the device-code pass (compiler/src/ExtractDeviceCode.cpp) finds the kernels
// of a program, and where the runtime finds the code the pass made of them.
#pragma once

#include <cstdint>

#include "../config.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "../tile_barrier.hpp"
#include "../tiled_extent.hpp"
#include "../tiled_index.hpp"
#include "kernel_type_name.hpp"
#include "parallel_for.hpp"

/// Under Clang, each parallel_for_each over an extent of rank 1 to 3, or over a tiled extent,
/// instantiates its kernel's device_entry or device_tile_entry, which the device-code pass
/// compiles to PTX in a compile that loads the plugin (a compile without it just keeps an
/// unused function per kernel). The pass copies only what the kernel reaches, so this costs a
/// compile little (docs/design/cuda-backend.md). AMPLE_NO_GPU_KERNELS, defined before
/// <amp.h> or for a whole build, leaves every kernel CPU-only.
#if !defined(AMPLE_NO_GPU_KERNELS) && AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_GPU_KERNELS 1
#define AMPLE_IMPL_DEVICE_ENTRY(N) \
  [[clang::annotate("ample.device_entry", N, kernel_type_name<Kernel>())]] [[gnu::noinline]]
#define AMPLE_IMPL_DEVICE_TILE_ENTRY(D0, D1, D2) \
  [[clang::annotate("ample.device_tile_entry", D0, D1, D2, kernel_type_name<Kernel>())]] [[gnu::noinline]]
#else
#define AMPLE_IMPL_GPU_KERNELS 0
#define AMPLE_IMPL_DEVICE_ENTRY(N)
#define AMPLE_IMPL_DEVICE_TILE_ENTRY(D0, D1, D2)
#endif

namespace ample::detail {

/// device_entry<Kernel, N>() runs the work-item at (i0, i1, i2) (its first N coordinates) of a
/// kernel over an extent<N>. The pass makes each instantiation the body of one GPU kernel: a
/// thread's grid coordinates become the index (x the last dimension, as C++ AMP's innermost
/// one varies fastest), and the kernel object arrives by value. On the host it is an ordinary
/// function, and its address is the key under which the pass registers the kernel's code.
template <class Kernel, int N>
AMPLE_IMPL_DEVICE_ENTRY(N) void device_entry(const Kernel& kernel, int i0, int i1, int i2) {
  static_assert(N >= 1 && N <= 3, "a GPU grid has three dimensions");
  concurrency::index<N> idx;
  idx[0] = i0;
  if constexpr (N > 1) idx[1] = i1;
  if constexpr (N > 2) idx[2] = i2;
  call_work_item(kernel, idx);
}

/// device_tile_entry<Kernel, D0, D1, D2>() runs work-item (l0, l1, l2) of tile (t0, t1, t2) (their
/// first rank coordinates) of a tiled kernel. The pass makes each instantiation the body of one
/// GPU kernel whose thread blocks are the tiles: the block's coordinates become the tile, the
/// thread's the local index (x the last dimension), its tile_static variables shared memory and
/// its barriers the block's. The barrier it hands the kernel belongs to no tile_sync: on the
/// GPU a wait is `bar.sync`, which needs none.
template <class Kernel, int D0, int D1, int D2>
AMPLE_IMPL_DEVICE_TILE_ENTRY(D0, D1, D2)
void device_tile_entry(const Kernel& kernel, int t0, int t1, int t2, int l0, int l1, int l2) {
  constexpr int rank = tile_rank<D0, D1, D2>;
  constexpr concurrency::extent<rank> tile_extent = concurrency::tiled_extent<D0, D1, D2>::tile_extent;
  concurrency::index<rank> tile, local;
  tile[0] = t0;
  local[0] = l0;
  if constexpr (rank > 1) tile[1] = t1, local[1] = l1;
  if constexpr (rank > 2) tile[2] = t2, local[2] = l2;
  concurrency::index<rank> origin;
  for (int d = 0; d < rank; ++d) origin[d] = tile[d] * tile_extent[d];
  call_work_item(kernel, concurrency::tiled_index<D0, D1, D2>(origin + local, local, tile, origin,
                                                               barrier_factory::make(nullptr)));
}

/// grid_rank<Domain> is N for a domain extent<N> that a GPU grid covers (N from 1 to 3), else 0.
template <class Domain>
inline constexpr int grid_rank = 0;
template <int N>
  requires(N >= 1 && N <= 3)
inline constexpr int grid_rank<concurrency::extent<N>> = N;

/// is_tiled_extent<Domain> is whether Domain is a tiled_extent.
template <class Domain>
inline constexpr bool is_tiled_extent = false;
template <int D0, int D1, int D2>
inline constexpr bool is_tiled_extent<concurrency::tiled_extent<D0, D1, D2>> = true;

/// tile_entry_address<Kernel>(domain) is the address of device_tile_entry for the tile shape
/// of `domain`'s type.
template <class Kernel, int D0, int D1, int D2>
const void* tile_entry_address(const concurrency::tiled_extent<D0, D1, D2>*) noexcept {
  return reinterpret_cast<const void*>(&device_tile_entry<Kernel, D0, D1, D2>);
}

/// device_entry_of<Kernel, Domain>() is the address of the kernel's device_entry or
/// device_tile_entry, under which the device-code pass registers its PTX, where the program
/// makes GPU kernels (above) and a GPU grid covers the domain; otherwise null.
template <class Kernel, class Domain>
const void* device_entry_of() noexcept {
  if constexpr (AMPLE_IMPL_GPU_KERNELS && grid_rank<Domain> != 0) {
    return reinterpret_cast<const void*>(&device_entry<Kernel, grid_rank<Domain>>);
  } else if constexpr (AMPLE_IMPL_GPU_KERNELS && is_tiled_extent<Domain>) {
    return tile_entry_address<Kernel>(static_cast<const Domain*>(nullptr));
  } else {
    return nullptr;
  }
}

/// device_code is what the pass registered for one device_entry: PTX text with one kernel,
/// the kernel's name in it, a readable name of the C++ kernel (its type) for messages, and
/// the offsets in the kernel object of every pointer the device code reads (the runtime
/// checks that each is a view's, which it points at the device's copy).
struct device_code {
  const char* ptx;
  const char* kernel_name;
  const char* source_name;
  const std::uint32_t* pointer_offsets;
  std::uint32_t pointer_count;
};

/// find_device_code() is the code registered for `entry` (a device_entry instantiation's
/// address), or null: the program was not compiled by the pass, or the pass declined it.
const device_code* find_device_code(const void* entry) noexcept;

/// has_device_code() is whether any kernel of the program has registered device code: none in a
/// program built with GCC, or with AMPLE_NO_GPU_KERNELS, or before the constructors ran.
bool has_device_code() noexcept;

}  // namespace ample::detail

/// ample_register_device_code() is called by the constructor the pass adds to each object file
/// with device code, once per kernel, before main().
extern "C" void ample_register_device_code(const void* entry, const char* ptx, const char* kernel_name,
                                           const char* source_name, const std::uint32_t* pointer_offsets,
                                           std::uint32_t pointer_count) noexcept;
