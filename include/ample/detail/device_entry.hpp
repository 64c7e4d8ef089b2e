// device_entry: where the device-code pass (compiler/src/ExtractDeviceCode.cpp) finds the kernels
// of a program, and where the runtime finds the code the pass made of them.
#pragma once

#include "../config.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "parallel_for.hpp"

/// AMPLE_GPU_KERNELS, defined by a program before it includes <amp.h> (or for a whole build),
/// makes each parallel_for_each over an extent of rank 1 to 3 instantiate its kernel's
/// device_entry, which the device-code pass compiles to PTX in a Clang compile that loads the
/// pass plugin. The CUDA backend is not yet wired to launches (docs/design/cuda-backend.md),
/// so nothing is instantiated otherwise: the pass then finds nothing and costs nothing.
#if defined(AMPLE_GPU_KERNELS) && AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_GPU_KERNELS 1
#define AMPLE_IMPL_DEVICE_ENTRY(N) [[clang::annotate("ample.device_entry", N)]] [[gnu::noinline]]
#else
#define AMPLE_IMPL_GPU_KERNELS 0
#define AMPLE_IMPL_DEVICE_ENTRY(N)
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

/// grid_rank<Domain> is N for a domain extent<N> that a GPU grid covers (N from 1 to 3), else 0.
template <class Domain>
inline constexpr int grid_rank = 0;
template <int N>
  requires(N >= 1 && N <= 3)
inline constexpr int grid_rank<concurrency::extent<N>> = N;

/// device_code is what the pass registered for one device_entry: PTX text with one kernel,
/// the kernel's name in it, and a readable name of the C++ kernel (its type) for messages.
struct device_code {
  const char* ptx;
  const char* kernel_name;
  const char* source_name;
};

/// find_device_code() is the code registered for `entry` (a device_entry instantiation's
/// address), or null: the program was not compiled by the pass, or the pass declined it.
const device_code* find_device_code(const void* entry) noexcept;

}  // namespace ample::detail

/// ample_register_device_code() is called by the constructor the pass adds to each object file
/// with device code, once per kernel, before main().
extern "C" void ample_register_device_code(const void* entry, const char* ptx, const char* kernel_name,
                                           const char* source_name) noexcept;
