// staging: copies between ordinary (pageable) host memory and a GPU through page-locked
// buffers of Ample's own.
//
// A GPU's copy engines read and write only page-locked memory. From pageable memory the
// driver stages each copy itself, at a fraction of the link's speed (gpu-poc/README.md §4, an
// H200: 7.5 GB/s against 55 GB/s from page-locked memory). Page-locking the program's own
// memory (cuMemHostRegister) would cost more than the copy at every new view, and must end
// before the program frees that memory, which Ample does not see. So a large copy goes through
// two page-locked buffers per GPU in turn: while the GPU copies one, the CPU engine's threads
// fill (or empty) the other, and the copy moves at the slower of the two speeds.
#pragma once

#include <cstddef>

#include "driver.hpp"
#include "gpu.hpp"

namespace ample::detail::cuda {

/// Copies of at least staged_copy_bytes go through the staging buffers; smaller ones go to
/// the driver directly, whose own staging costs less than a round of ours for them.
inline constexpr std::size_t staged_copy_bytes = std::size_t{1} << 20;
/// The size of each staging buffer: a copy is cut into pieces of this size. Each piece costs
/// a synchronisation and a launch of the CPU engine (microseconds); 8 MiB keeps that a few
/// percent of a piece's transfer at the H200's speed.
inline constexpr std::size_t staging_buffer_bytes = std::size_t{8} << 20;

/// copy_to_gpu() copies `bytes` from host memory at `from` to `to` on GPU `g`, whose context
/// is current on the calling thread, on the legacy default stream (after every launch before
/// it), and returns when the copy has completed. A driver failure throws (driver::failure)
/// naming the size and the GPU, once the GPU no longer reads the staging buffers.
void copy_to_gpu(const gpu& g, const driver& d, CUdeviceptr to, const void* from, std::size_t bytes);

/// copy_from_gpu() is copy_to_gpu() the other way.
void copy_from_gpu(const gpu& g, const driver& d, void* to, CUdeviceptr from, std::size_t bytes);

}  // namespace ample::detail::cuda
