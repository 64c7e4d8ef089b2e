// driver_api: the types and constants of the CUDA driver API that Ample uses, declared here so
// that Ample builds without the CUDA toolkit (libcuda.so.1 is loaded at run time: driver.hpp).
// The values are the driver's ABI, fixed across releases; tests/backend/cuda_abi_check.cpp
// compares each with <cuda.h> where the toolkit is installed (the GPU machine: see
// docs/design/cuda-backend.md).
#pragma once

#include <cstddef>

namespace ample::detail::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using CUmemoryPool = struct CUmemPoolHandle_st*;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
/// A device that cannot be used now: in exclusive-process compute mode, taken by another process.
inline constexpr CUresult CUDA_ERROR_DEVICE_UNAVAILABLE = 46;
/// The errors after which the context is unusable ("sticky": cuda.h says the process is left in
/// an inconsistent state), or the device is gone: C++ AMP's accelerator_view_removed, as a
/// removed or reset Direct3D device was.
inline constexpr CUresult CUDA_ERROR_ECC_UNCORRECTABLE = 214;
inline constexpr CUresult CUDA_ERROR_NVLINK_UNCORRECTABLE = 220;
inline constexpr CUresult CUDA_ERROR_CONTAINED = 226;
inline constexpr CUresult CUDA_ERROR_ILLEGAL_ADDRESS = 700;
inline constexpr CUresult CUDA_ERROR_LAUNCH_TIMEOUT = 702;
inline constexpr CUresult CUDA_ERROR_ASSERT = 710;
inline constexpr CUresult CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
inline constexpr CUresult CUDA_ERROR_ILLEGAL_INSTRUCTION = 715;
inline constexpr CUresult CUDA_ERROR_MISALIGNED_ADDRESS = 716;
inline constexpr CUresult CUDA_ERROR_INVALID_ADDRESS_SPACE = 717;
inline constexpr CUresult CUDA_ERROR_INVALID_PC = 718;
inline constexpr CUresult CUDA_ERROR_LAUNCH_FAILED = 719;
inline constexpr CUresult CUDA_ERROR_TENSOR_MEMORY_LEAK = 721;
inline constexpr CUresult CUDA_ERROR_MPS_CLIENT_TERMINATED = 810;
inline constexpr CUresult CUDA_ERROR_EXTERNAL_DEVICE = 911;

/// CUdevice_attribute values.
enum device_attribute : int {
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
};

/// CUcomputemode: a GPU in this mode takes no contexts (`nvidia-smi -c PROHIBITED`).
inline constexpr int CU_COMPUTEMODE_PROHIBITED = 2;

/// CUjit_option values (cuModuleLoadDataEx).
enum jit_option : int {
  CU_JIT_WALL_TIME = 2,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
};

/// Stream-ordered memory pools (cuMemPoolCreate, CUDA 11.2). CUmemPoolProps grew fields over
/// the releases inside the same 88 bytes (maxSize and usage in CUDA 12, taken from `reserved`);
/// Ample sets only the first three and zeroes the rest, which every release reads as its default.
inline constexpr int CU_MEM_ALLOCATION_TYPE_PINNED = 1;
inline constexpr int CU_MEM_LOCATION_TYPE_DEVICE = 1;
inline constexpr int CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4;
struct memory_pool_properties {
  int allocation_type;
  int handle_types;
  int location_type;
  int location_id;
  unsigned char zero[72];
};
/// CUmemAccessDesc (cuMemPoolSetAccess): a GPU given access to a pool's memory.
inline constexpr int CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3;
struct memory_access_descriptor {
  int location_type;
  int location_id;
  int flags;
};

inline constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 2;

/// cuLaunchKernel's `extra`: the kernel's parameters as one packed buffer.
inline void* const CU_LAUNCH_PARAM_END = reinterpret_cast<void*>(0);
inline void* const CU_LAUNCH_PARAM_BUFFER_POINTER = reinterpret_cast<void*>(1);
inline void* const CU_LAUNCH_PARAM_BUFFER_SIZE = reinterpret_cast<void*>(2);

}  // namespace ample::detail::cuda
