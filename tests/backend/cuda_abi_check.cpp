// cuda_abi_check: compiles only where the CUDA toolkit's <cuda.h> is installed, and then only
// if src/backend/cuda/driver_api.hpp and driver.hpp, which declare the driver's ABI by hand
// so that Ample builds without the toolkit, agree with it: every constant's value, and for
// every entry point the parameter count and each parameter's size (all are integers or
// pointers, which the x86-64 calling convention passes by size alone).
//   g++ -std=c++20 -fsyntax-only -I src -I <cuda>/include tests/backend/cuda_abi_check.cpp
// (CTest's cuda_abi_check where CMake finds <cuda.h>; by hand on the GPU machine.)
#include <array>
#include <cstddef>

#include "backend/cuda/driver.hpp"

namespace mine = ample::detail::cuda;

template <class R, class... Args>
constexpr auto shape(R (*)(Args...)) {
  return std::array<std::size_t, sizeof...(Args) + 1>{sizeof(R), sizeof(Args)...};
}

// <cuda.h> renames entry points by macro (cuMemAlloc to cuMemAlloc_v2): the driver struct's
// members are read before it is included.
#define AMPLE_SHAPE_OF_MINE(member) constexpr auto mine_##member = shape(mine::driver{}.member);
AMPLE_SHAPE_OF_MINE(cuInit)
AMPLE_SHAPE_OF_MINE(cuDriverGetVersion)
AMPLE_SHAPE_OF_MINE(cuGetErrorName)
AMPLE_SHAPE_OF_MINE(cuGetErrorString)
AMPLE_SHAPE_OF_MINE(cuDeviceGetCount)
AMPLE_SHAPE_OF_MINE(cuDeviceGet)
AMPLE_SHAPE_OF_MINE(cuDeviceGetName)
AMPLE_SHAPE_OF_MINE(cuDeviceGetAttribute)
AMPLE_SHAPE_OF_MINE(cuDeviceTotalMem)
AMPLE_SHAPE_OF_MINE(cuDevicePrimaryCtxRetain)
AMPLE_SHAPE_OF_MINE(cuCtxSetCurrent)
AMPLE_SHAPE_OF_MINE(cuDeviceCanAccessPeer)
AMPLE_SHAPE_OF_MINE(cuCtxEnablePeerAccess)
AMPLE_SHAPE_OF_MINE(cuMemAlloc)
AMPLE_SHAPE_OF_MINE(cuMemFree)
AMPLE_SHAPE_OF_MINE(cuMemAllocHost)
AMPLE_SHAPE_OF_MINE(cuMemFreeHost)
AMPLE_SHAPE_OF_MINE(cuMemcpyHtoDAsync)
AMPLE_SHAPE_OF_MINE(cuMemcpyDtoHAsync)
AMPLE_SHAPE_OF_MINE(cuMemcpyDtoDAsync)
AMPLE_SHAPE_OF_MINE(cuMemcpyPeerAsync)
AMPLE_SHAPE_OF_MINE(cuMemsetD8)
AMPLE_SHAPE_OF_MINE(cuStreamCreate)
AMPLE_SHAPE_OF_MINE(cuStreamDestroy)
AMPLE_SHAPE_OF_MINE(cuStreamSynchronize)
AMPLE_SHAPE_OF_MINE(cuEventCreate)
AMPLE_SHAPE_OF_MINE(cuEventDestroy)
AMPLE_SHAPE_OF_MINE(cuEventRecord)
AMPLE_SHAPE_OF_MINE(cuEventSynchronize)
AMPLE_SHAPE_OF_MINE(cuModuleLoadDataEx)
AMPLE_SHAPE_OF_MINE(cuModuleUnload)
AMPLE_SHAPE_OF_MINE(cuModuleGetFunction)
AMPLE_SHAPE_OF_MINE(cuLaunchKernel)
AMPLE_SHAPE_OF_MINE(cuMemPoolCreate)
AMPLE_SHAPE_OF_MINE(cuMemPoolSetAttribute)
AMPLE_SHAPE_OF_MINE(cuMemPoolTrimTo)
AMPLE_SHAPE_OF_MINE(cuMemAllocFromPoolAsync)
AMPLE_SHAPE_OF_MINE(cuMemFreeAsync)
AMPLE_SHAPE_OF_MINE(cuMemPoolSetAccess)

#include <cuda.h>

// The exported symbol each member is looked up by (driver.cpp) must be the one <cuda.h> uses.
#define AMPLE_SAME_SHAPE(member, symbol) \
  static_assert(mine_##member == shape(&::symbol), #member " differs from the driver's " #symbol);
AMPLE_SAME_SHAPE(cuInit, cuInit)
AMPLE_SAME_SHAPE(cuDriverGetVersion, cuDriverGetVersion)
AMPLE_SAME_SHAPE(cuGetErrorName, cuGetErrorName)
AMPLE_SAME_SHAPE(cuGetErrorString, cuGetErrorString)
AMPLE_SAME_SHAPE(cuDeviceGetCount, cuDeviceGetCount)
AMPLE_SAME_SHAPE(cuDeviceGet, cuDeviceGet)
AMPLE_SAME_SHAPE(cuDeviceGetName, cuDeviceGetName)
AMPLE_SAME_SHAPE(cuDeviceGetAttribute, cuDeviceGetAttribute)
AMPLE_SAME_SHAPE(cuDeviceTotalMem, cuDeviceTotalMem_v2)
AMPLE_SAME_SHAPE(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain)
AMPLE_SAME_SHAPE(cuCtxSetCurrent, cuCtxSetCurrent)
AMPLE_SAME_SHAPE(cuDeviceCanAccessPeer, cuDeviceCanAccessPeer)
AMPLE_SAME_SHAPE(cuCtxEnablePeerAccess, cuCtxEnablePeerAccess)
AMPLE_SAME_SHAPE(cuMemAlloc, cuMemAlloc_v2)
AMPLE_SAME_SHAPE(cuMemFree, cuMemFree_v2)
AMPLE_SAME_SHAPE(cuMemAllocHost, cuMemAllocHost_v2)
AMPLE_SAME_SHAPE(cuMemFreeHost, cuMemFreeHost)
AMPLE_SAME_SHAPE(cuMemcpyHtoDAsync, cuMemcpyHtoDAsync_v2)
AMPLE_SAME_SHAPE(cuMemcpyDtoHAsync, cuMemcpyDtoHAsync_v2)
AMPLE_SAME_SHAPE(cuMemcpyDtoDAsync, cuMemcpyDtoDAsync_v2)
AMPLE_SAME_SHAPE(cuMemcpyPeerAsync, cuMemcpyPeerAsync)
AMPLE_SAME_SHAPE(cuMemsetD8, cuMemsetD8_v2)
AMPLE_SAME_SHAPE(cuStreamCreate, cuStreamCreate)
AMPLE_SAME_SHAPE(cuStreamDestroy, cuStreamDestroy_v2)
AMPLE_SAME_SHAPE(cuStreamSynchronize, cuStreamSynchronize)
AMPLE_SAME_SHAPE(cuEventCreate, cuEventCreate)
AMPLE_SAME_SHAPE(cuEventDestroy, cuEventDestroy_v2)
AMPLE_SAME_SHAPE(cuEventRecord, cuEventRecord)
AMPLE_SAME_SHAPE(cuEventSynchronize, cuEventSynchronize)
AMPLE_SAME_SHAPE(cuModuleLoadDataEx, cuModuleLoadDataEx)
AMPLE_SAME_SHAPE(cuModuleUnload, cuModuleUnload)
AMPLE_SAME_SHAPE(cuModuleGetFunction, cuModuleGetFunction)
AMPLE_SAME_SHAPE(cuLaunchKernel, cuLaunchKernel)
AMPLE_SAME_SHAPE(cuMemPoolCreate, cuMemPoolCreate)
AMPLE_SAME_SHAPE(cuMemPoolSetAttribute, cuMemPoolSetAttribute)
AMPLE_SAME_SHAPE(cuMemPoolTrimTo, cuMemPoolTrimTo)
AMPLE_SAME_SHAPE(cuMemAllocFromPoolAsync, cuMemAllocFromPoolAsync)
AMPLE_SAME_SHAPE(cuMemFreeAsync, cuMemFreeAsync)
AMPLE_SAME_SHAPE(cuMemPoolSetAccess, cuMemPoolSetAccess)

#define AMPLE_SAME_VALUE(name) static_assert(static_cast<long>(mine::name) == static_cast<long>(::name), #name);
AMPLE_SAME_VALUE(CUDA_SUCCESS)
AMPLE_SAME_VALUE(CUDA_ERROR_OUT_OF_MEMORY)
AMPLE_SAME_VALUE(CUDA_ERROR_DEVICE_UNAVAILABLE)
AMPLE_SAME_VALUE(CUDA_ERROR_ECC_UNCORRECTABLE)
AMPLE_SAME_VALUE(CUDA_ERROR_NVLINK_UNCORRECTABLE)
AMPLE_SAME_VALUE(CUDA_ERROR_CONTAINED)
AMPLE_SAME_VALUE(CUDA_ERROR_ILLEGAL_ADDRESS)
AMPLE_SAME_VALUE(CUDA_ERROR_LAUNCH_TIMEOUT)
AMPLE_SAME_VALUE(CUDA_ERROR_ASSERT)
AMPLE_SAME_VALUE(CUDA_ERROR_HARDWARE_STACK_ERROR)
AMPLE_SAME_VALUE(CUDA_ERROR_ILLEGAL_INSTRUCTION)
AMPLE_SAME_VALUE(CUDA_ERROR_MISALIGNED_ADDRESS)
AMPLE_SAME_VALUE(CUDA_ERROR_INVALID_ADDRESS_SPACE)
AMPLE_SAME_VALUE(CUDA_ERROR_INVALID_PC)
AMPLE_SAME_VALUE(CUDA_ERROR_LAUNCH_FAILED)
AMPLE_SAME_VALUE(CUDA_ERROR_TENSOR_MEMORY_LEAK)
AMPLE_SAME_VALUE(CUDA_ERROR_MPS_CLIENT_TERMINATED)
AMPLE_SAME_VALUE(CUDA_ERROR_EXTERNAL_DEVICE)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_INTEGRATED)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_MODE)
AMPLE_SAME_VALUE(CU_COMPUTEMODE_PROHIBITED)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS)
AMPLE_SAME_VALUE(CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED)
AMPLE_SAME_VALUE(CU_MEM_ALLOCATION_TYPE_PINNED)
AMPLE_SAME_VALUE(CU_MEM_LOCATION_TYPE_DEVICE)
AMPLE_SAME_VALUE(CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)
AMPLE_SAME_VALUE(CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
AMPLE_SAME_VALUE(CU_JIT_WALL_TIME)
AMPLE_SAME_VALUE(CU_JIT_ERROR_LOG_BUFFER)
AMPLE_SAME_VALUE(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
AMPLE_SAME_VALUE(CU_STREAM_NON_BLOCKING)
AMPLE_SAME_VALUE(CU_EVENT_DISABLE_TIMING)
// module.cpp passes the packed-parameter markers as these integers.
static_assert(CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT == 1 && CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT == 2);
// memory_pool_properties is CUmemPoolProps: the fields Ample sets where the driver reads them,
// and its size, the rest zero.
static_assert(sizeof(mine::memory_pool_properties) == sizeof(CUmemPoolProps));
static_assert(offsetof(mine::memory_pool_properties, allocation_type) == offsetof(CUmemPoolProps, allocType));
static_assert(offsetof(mine::memory_pool_properties, handle_types) == offsetof(CUmemPoolProps, handleTypes));
static_assert(offsetof(mine::memory_pool_properties, location_type) == offsetof(CUmemPoolProps, location.type));
static_assert(offsetof(mine::memory_pool_properties, location_id) == offsetof(CUmemPoolProps, location.id));
// memory_access_descriptor is CUmemAccessDesc, field by field.
static_assert(sizeof(mine::memory_access_descriptor) == sizeof(CUmemAccessDesc));
static_assert(offsetof(mine::memory_access_descriptor, location_type) == offsetof(CUmemAccessDesc, location.type));
static_assert(offsetof(mine::memory_access_descriptor, location_id) == offsetof(CUmemAccessDesc, location.id));
static_assert(offsetof(mine::memory_access_descriptor, flags) == offsetof(CUmemAccessDesc, flags));
