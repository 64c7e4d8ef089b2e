// driver: the CUDA driver API, loaded at run time from libcuda.so.1.
#pragma once

#include <cstddef>
#include <string>

#include "driver_api.hpp"

namespace ample::detail::cuda {

/// driver holds the entry points of the NVIDIA driver's libcuda.so.1 that Ample calls. Ample
/// links nothing of NVIDIA's: the library is opened with dlopen() on first use, so the same
/// build runs on machines without NVIDIA software (get() is then null, and why() says so).
///
/// Members are named after the API's functions. Where the driver exports versions of a
/// function, the member is the one <cuda.h> maps the plain name to (cuMemAlloc is
/// "cuMemAlloc_v2"), looked up by that name (GPU-BACKEND.md §4).
struct driver {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuDriverGetVersion)(int* version);
  CUresult (*cuGetErrorName)(CUresult error, const char** name);
  CUresult (*cuGetErrorString)(CUresult error, const char** text);
  CUresult (*cuDeviceGetCount)(int* count);
  CUresult (*cuDeviceGet)(CUdevice* device, int ordinal);
  CUresult (*cuDeviceGetName)(char* name, int length, CUdevice device);
  CUresult (*cuDeviceGetAttribute)(int* value, device_attribute attribute, CUdevice device);
  CUresult (*cuDeviceTotalMem)(std::size_t* bytes, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext* context, CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuDeviceCanAccessPeer)(int* can, CUdevice device, CUdevice peer);
  CUresult (*cuCtxEnablePeerAccess)(CUcontext peer, unsigned flags);
  CUresult (*cuMemAlloc)(CUdeviceptr* pointer, std::size_t bytes);
  CUresult (*cuMemFree)(CUdeviceptr pointer);
  CUresult (*cuMemAllocHost)(void** pointer, std::size_t bytes);
  CUresult (*cuMemFreeHost)(void* pointer);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr to, const void* from, std::size_t bytes, CUstream stream);
  CUresult (*cuMemcpyDtoHAsync)(void* to, CUdeviceptr from, std::size_t bytes, CUstream stream);
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr to, CUdeviceptr from, std::size_t bytes, CUstream stream);
  CUresult (*cuMemcpyPeerAsync)(CUdeviceptr to, CUcontext to_context, CUdeviceptr from, CUcontext from_context,
                                std::size_t bytes, CUstream stream);
  CUresult (*cuMemsetD8)(CUdeviceptr to, unsigned char value, std::size_t bytes);
  CUresult (*cuStreamCreate)(CUstream* stream, unsigned flags);
  CUresult (*cuStreamDestroy)(CUstream stream);
  CUresult (*cuStreamSynchronize)(CUstream stream);
  CUresult (*cuEventCreate)(CUevent* event, unsigned flags);
  CUresult (*cuEventDestroy)(CUevent event);
  CUresult (*cuEventRecord)(CUevent event, CUstream stream);
  CUresult (*cuEventSynchronize)(CUevent event);
  CUresult (*cuModuleLoadDataEx)(CUmodule* module, const void* image, unsigned options, jit_option* names,
                                 void** values);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuModuleGetFunction)(CUfunction* function, CUmodule module, const char* name);
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                             unsigned block_x, unsigned block_y, unsigned block_z, unsigned shared_bytes,
                             CUstream stream, void** parameters, void** extra);
  /// Stream-ordered pools (CUDA 11.2 and later): null where the driver is older, which
  /// memory_pool.hpp then does without.
  CUresult (*cuMemPoolCreate)(CUmemoryPool* pool, const memory_pool_properties* properties);
  CUresult (*cuMemPoolSetAttribute)(CUmemoryPool pool, int attribute, void* value);
  CUresult (*cuMemPoolTrimTo)(CUmemoryPool pool, std::size_t keep_bytes);
  CUresult (*cuMemAllocFromPoolAsync)(CUdeviceptr* pointer, std::size_t bytes, CUmemoryPool pool, CUstream stream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr pointer, CUstream stream);
  CUresult (*cuMemPoolSetAccess)(CUmemoryPool pool, const memory_access_descriptor* access, std::size_t count);

  int version;  ///< cuDriverGetVersion(): 1000 * major + 10 * minor (13000 is CUDA 13.0)

  /// get() is the driver, opened and initialised (cuInit) on the first call; null where there
  /// is none to use: no libcuda.so.1, one too old to export an entry point above (but the
  /// optional ones), or cuInit failing (no NVIDIA device, a driver/kernel-module mismatch).
  /// Thread-safe.
  static const driver* get() noexcept;
  /// why() says why get() is null (empty when it is not), naming the library, the missing
  /// entry point, or the driver's error.
  static const std::string& why() noexcept;

  /// check() returns if `result` is CUDA_SUCCESS and otherwise throws the C++ AMP exception
  /// for it (see failure()).
  void check(CUresult result, const std::string& what) const {
    if (result != CUDA_SUCCESS) failure(result, what);
  }
  /// failure() throws, for an error `result` of the call described by `what` (which names
  /// the kernel, sizes and addresses involved), the C++ AMP exception that fits, with the
  /// driver's name and description of the error in its message:
  ///   - out of memory: out_of_memory;
  ///   - a device lost, or a context that a faulting kernel made unusable (every later call
  ///     on it fails): accelerator_view_removed, as for a removed Direct3D device;
  ///   - a GPU another process holds in exclusive-process mode: runtime_exception saying so
  ///     and how to run on the CPU instead;
  ///   - anything else: runtime_exception, E_FAIL.
  [[noreturn]] void failure(CUresult result, const std::string& what) const;
  /// describe() is "CUDA_ERROR_NAME (the driver's text)" for `result`.
  std::string describe(CUresult result) const;
};

}  // namespace ample::detail::cuda
