// memory_pool: the GPU memory of buffers (arrays, and views' GPU copies), from a stream-ordered
// pool of the driver's that keeps what is freed for the next allocation.
//
// C++ AMP programs make views anew for each piece of work (an array_view over a std::vector,
// a kernel, synchronize, the view gone), and each view's GPU copy is an allocation and a free.
// cuMemAlloc and cuMemFree took 0.07-0.33 ms and 0.12-0.24 ms for 256 MiB on the H200 machine
// (docs/perf/2026-11-29-gpu-check.md), where the copy of those bytes takes 5 ms, and cuMemFree
// waits for the whole GPU. A pool of the driver's own (cuMemPoolCreate, CUDA 11.2), rather
// than a cache of Ample's, is the well-kept allocator for this: its allocations and frees are
// commands of a stream, and what is freed is reused by the next allocation of that stream
// without a round through the driver's virtual memory. Each GPU has one pool of Ample's (the
// device's default pool belongs to the program's other CUDA code, whose settings Ample leaves
// alone), holding on to every freed byte (release threshold: unlimited) until an allocation
// finds too little memory left: then the pool gives back what it holds and the allocation is
// tried once more. The driver's own allocations that Ample causes (a module's code and data,
// a launch's local memory) are tried again the same way (retrying_out_of_memory), so memory
// the pool keeps never makes a call fail that would succeed without it. Where the driver or
// the device has no pools, cuMemAlloc and cuMemFree.
//
// Allocations and frees are commands of a stream: a buffer's on the legacy default stream,
// where its clears and copies run (gpu_devices.cpp), a large kernel object's on the stream
// of the accelerator_view that launches it (gpu_launch.cpp). A free is thus ordered after
// the uses on its stream, and the host frees a buffer only after the commands that used it
// on other streams have ended; the pool orders a reuse on one stream after a free on another.
#pragma once

#include <cstddef>

#include "ample/exceptions.hpp"
#include "driver.hpp"
#include "gpu.hpp"

namespace ample::detail::cuda {

/// allocate_on() is `bytes` (at least 1) of GPU `g`'s memory, whose context is current on the
/// calling thread, ready in `stream`'s order (null: the legacy default stream); out_of_memory
/// naming `what`, the size and the GPU if there is too little.
CUdeviceptr allocate_on(const gpu& g, const driver& d, std::size_t bytes, const char* what, CUstream stream = nullptr);

/// release_on() frees what allocate_on() returned for `g`, in `stream`'s order. A failure
/// here (a context lost earlier) was reported by the call that lost it, and is ignored.
void release_on(const gpu& g, const driver& d, CUdeviceptr p, CUstream stream = nullptr) noexcept;

/// share_pool() asks the driver to let GPU `peer` access the memory of `g`'s pool, where the
/// pool exists: what cuCtxEnablePeerAccess does for cuMemAlloc's memory, which a pool's does
/// not follow. A refusal is left alone (connect() in gpu_devices.cpp says why).
void share_pool(const gpu& g, const gpu& peer, const driver& d);

/// give_back_pooled() makes `g`'s pool give the GPU back the memory it keeps, once the frees
/// queued on `stream` and on the legacy default stream are done; whether there was a pool to
/// trim (and so whether what ran out of memory is worth trying again).
bool give_back_pooled(const gpu& g, const driver& d, CUstream stream = nullptr);

/// retrying_out_of_memory() is attempt(), and where it threw out_of_memory, attempt() once more
/// after give_back_pooled(); `stream` is the one whose frees may hold the memory.
template <class Attempt>
auto retrying_out_of_memory(const gpu& g, const driver& d, CUstream stream, Attempt attempt) {
  try {
    return attempt();
  } catch (const concurrency::out_of_memory&) {
    if (!give_back_pooled(g, d, stream)) throw;
  }
  return attempt();
}

}  // namespace ample::detail::cuda
