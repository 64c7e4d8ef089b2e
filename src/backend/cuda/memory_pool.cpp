// memory_pool: buffers' GPU memory from a stream-ordered pool per GPU (memory_pool.hpp).
#include "memory_pool.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace ample::detail::cuda {
namespace {

/// pool_for() is `g`'s pool, made on its first allocation and kept for the process (queues'
/// threads free memory while static objects are destroyed at exit); null where the GPU has
/// no pools or the driver would not make one, for every call: what release_on() frees with
/// must be what allocate_on() allocated with.
CUmemoryPool pool_for(const gpu& g, const driver& d) {
  static std::mutex mutex;
  static auto* const pools = new std::map<const gpu*, CUmemoryPool>;
  std::lock_guard lock(mutex);
  const auto [it, made] = pools->try_emplace(&g, nullptr);
  if (made && g.memory_pools) {
    memory_pool_properties properties{};
    properties.allocation_type = CU_MEM_ALLOCATION_TYPE_PINNED;
    properties.location_type = CU_MEM_LOCATION_TYPE_DEVICE;
    properties.location_id = g.ordinal;
    CUmemoryPool pool = nullptr;
    if (d.cuMemPoolCreate(&pool, &properties) == CUDA_SUCCESS) {
      std::uint64_t keep_everything = UINT64_MAX;
      d.cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep_everything);
      it->second = pool;
    }
  }
  return it->second;
}

/// frees_done() waits for the frees queued on `stream` and on the legacy default stream.
bool frees_done(const driver& d, CUstream stream) {
  return d.cuStreamSynchronize(nullptr) == CUDA_SUCCESS &&
         (stream == nullptr || d.cuStreamSynchronize(stream) == CUDA_SUCCESS);
}

}  // namespace

CUdeviceptr allocate_on(const gpu& g, const driver& d, std::size_t bytes, const char* what, CUstream stream) {
  CUdeviceptr p = 0;
  CUresult r;
  if (const CUmemoryPool pool = pool_for(g, d); pool == nullptr) {
    r = d.cuMemAlloc(&p, bytes);
  } else {
    r = d.cuMemAllocFromPoolAsync(&p, bytes, pool, stream);
    // The pool may hold the memory this needs, freed but kept, or in pieces too small.
    if (r == CUDA_ERROR_OUT_OF_MEMORY && give_back_pooled(g, d, stream))
      r = d.cuMemAllocFromPoolAsync(&p, bytes, pool, stream);
  }
  if (r != CUDA_SUCCESS)
    d.failure(r, "cannot allocate " + std::to_string(bytes) + " bytes of " + what + " on " + g.name);
  return p;
}

void release_on(const gpu& g, const driver& d, CUdeviceptr p, CUstream stream) noexcept {
  if (const CUmemoryPool pool = pool_for(g, d); pool == nullptr) d.cuMemFree(p);
  else d.cuMemFreeAsync(p, stream);
}

void share_pool(const gpu& g, const gpu& peer, const driver& d) {
  const CUmemoryPool pool = pool_for(g, d);
  if (pool == nullptr || d.cuMemPoolSetAccess == nullptr) return;
  const memory_access_descriptor access{CU_MEM_LOCATION_TYPE_DEVICE, peer.ordinal, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  d.cuMemPoolSetAccess(pool, &access, 1);
}

bool give_back_pooled(const gpu& g, const driver& d, CUstream stream) {
  const CUmemoryPool pool = pool_for(g, d);
  return pool != nullptr && frees_done(d, stream) && d.cuMemPoolTrimTo(pool, 0) == CUDA_SUCCESS;
}

}  // namespace ample::detail::cuda
