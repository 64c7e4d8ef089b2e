// staging: copies between ordinary (pageable) host memory and a GPU through page-locked
// buffers of Ample's own.
//
// A GPU's copy engines read and write only page-locked memory. From pageable memory the
// driver stages each copy itself, at a fraction of the link's speed (gpu-poc/README.md §4, an
// H200: 7.5 GB/s against 55 GB/s from page-locked memory). Page-locking the program's own
// memory (cuMemHostRegister) would cost more than the copy at every new view (13 ms to
// register 256 MiB and 4 ms to release it on the H200 machine, where the copy takes 5 ms), and
// must end before the program frees that memory, which Ample does not see. So a large copy
// goes through three page-locked buffers per GPU in turn: while the GPU copies one or two of
// them, the CPU engine's threads fill (or empty) the next, and the copy moves at the slower of
// the two speeds. A probe of the choices on the H200 machine (docs/perf/2026-11-29-gpu-check.md): a
// 256 MiB round trip took 10.5 ms this way, 11.1 ms with three 8 MiB buffers, 12.1 ms with two
// of 16 MiB and 15.4 ms with two of 8 MiB, against 9.7 ms for page-locked copies alone.
#pragma once

#include <cstddef>

#include "driver.hpp"
#include "gpu.hpp"

namespace ample::detail::cuda {

/// Copies of at least staged_copy_bytes go through the staging buffers; smaller ones go to
/// the driver directly, whose own staging costs less than a round of ours for them.
inline constexpr std::size_t staged_copy_bytes = std::size_t{1} << 20;
/// Each GPU's staging buffers: staging_buffer_count of staging_buffer_bytes, 48 MiB of
/// page-locked memory, allocated at its first staged copy.
inline constexpr int staging_buffer_count = 3;
inline constexpr std::size_t staging_buffer_bytes = std::size_t{16} << 20;

/// staging_piece_bytes() is the size of the pieces a staged copy of `bytes` is cut into: at
/// most a buffer, and small enough for four pieces, so that filling and copying overlap for
/// most of even the smallest staged copy.
std::size_t staging_piece_bytes(std::size_t bytes);

/// copy_to_gpu() copies `bytes` from host memory at `from` to `to` on GPU `g`, whose context
/// is current on the calling thread, on the legacy default stream, and returns when the copy
/// has completed. A driver failure throws (driver::failure) naming the size and the GPU, once
/// the GPU no longer reads the staging buffers.
void copy_to_gpu(const gpu& g, const driver& d, CUdeviceptr to, const void* from, std::size_t bytes);

/// copy_from_gpu() is copy_to_gpu() the other way.
void copy_from_gpu(const gpu& g, const driver& d, void* to, CUdeviceptr from, std::size_t bytes);

}  // namespace ample::detail::cuda
