// driver: opening libcuda.so.1 and turning its errors into C++ AMP exceptions (driver.hpp).
#include "driver.hpp"

#include <dlfcn.h>

#include <cstdlib>

#include "ample/exceptions.hpp"
#include "driver_trace.hpp"

namespace ample::detail::cuda {
namespace {

/// loaded is the outcome of opening the driver, once per process. The library stays open for
/// the process's life: device memory and modules may be released by destructors that run
/// during exit, after any point where closing it would be safe.
struct loaded {
  driver entry_points{};
  bool usable = false;
  std::string why;
};

/// resolve() sets `entry` to the function `name` of `library`; false if it has none.
template <class Function>
bool resolve(void* library, const char* name, Function& entry, std::string& why) {
  entry = reinterpret_cast<Function>(dlsym(library, name));
  if (entry == nullptr) why = std::string("libcuda.so.1 has no ") + name + ": the NVIDIA driver is too old";
  return entry != nullptr;
}

bool resolve_all(void* lib, driver& d, std::string& why) {
  return resolve(lib, "cuInit", d.cuInit, why) && resolve(lib, "cuDriverGetVersion", d.cuDriverGetVersion, why) &&
         resolve(lib, "cuGetErrorName", d.cuGetErrorName, why) &&
         resolve(lib, "cuGetErrorString", d.cuGetErrorString, why) &&
         resolve(lib, "cuDeviceGetCount", d.cuDeviceGetCount, why) &&
         resolve(lib, "cuDeviceGet", d.cuDeviceGet, why) && resolve(lib, "cuDeviceGetName", d.cuDeviceGetName, why) &&
         resolve(lib, "cuDeviceGetAttribute", d.cuDeviceGetAttribute, why) &&
         resolve(lib, "cuDeviceTotalMem_v2", d.cuDeviceTotalMem, why) &&
         resolve(lib, "cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain, why) &&
         resolve(lib, "cuCtxSetCurrent", d.cuCtxSetCurrent, why) &&
         resolve(lib, "cuDeviceCanAccessPeer", d.cuDeviceCanAccessPeer, why) &&
         resolve(lib, "cuCtxEnablePeerAccess", d.cuCtxEnablePeerAccess, why) &&
         resolve(lib, "cuMemAlloc_v2", d.cuMemAlloc, why) && resolve(lib, "cuMemFree_v2", d.cuMemFree, why) &&
         resolve(lib, "cuMemAllocHost_v2", d.cuMemAllocHost, why) &&
         resolve(lib, "cuMemFreeHost", d.cuMemFreeHost, why) &&
         resolve(lib, "cuMemcpyHtoDAsync_v2", d.cuMemcpyHtoDAsync, why) &&
         resolve(lib, "cuMemcpyDtoHAsync_v2", d.cuMemcpyDtoHAsync, why) &&
         resolve(lib, "cuMemcpyDtoDAsync_v2", d.cuMemcpyDtoDAsync, why) &&
         resolve(lib, "cuMemcpyPeerAsync", d.cuMemcpyPeerAsync, why) &&
         resolve(lib, "cuMemsetD8_v2", d.cuMemsetD8, why) &&
         resolve(lib, "cuStreamCreate", d.cuStreamCreate, why) &&
         resolve(lib, "cuStreamDestroy_v2", d.cuStreamDestroy, why) &&
         resolve(lib, "cuStreamSynchronize", d.cuStreamSynchronize, why) &&
         resolve(lib, "cuEventCreate", d.cuEventCreate, why) &&
         resolve(lib, "cuEventDestroy_v2", d.cuEventDestroy, why) &&
         resolve(lib, "cuEventRecord", d.cuEventRecord, why) &&
         resolve(lib, "cuEventSynchronize", d.cuEventSynchronize, why) &&
         resolve(lib, "cuModuleLoadDataEx", d.cuModuleLoadDataEx, why) &&
         resolve(lib, "cuModuleUnload", d.cuModuleUnload, why) &&
         resolve(lib, "cuModuleGetFunction", d.cuModuleGetFunction, why) &&
         resolve(lib, "cuLaunchKernel", d.cuLaunchKernel, why);
}

/// resolve_optional() looks up the entry points a driver may lack, as a group: all of them or
/// none (null), so that a caller tests one.
void resolve_optional(void* lib, driver& d) {
  std::string ignored;
  if (!(resolve(lib, "cuMemPoolCreate", d.cuMemPoolCreate, ignored) &&
        resolve(lib, "cuMemPoolSetAttribute", d.cuMemPoolSetAttribute, ignored) &&
        resolve(lib, "cuMemPoolTrimTo", d.cuMemPoolTrimTo, ignored) &&
        resolve(lib, "cuMemAllocFromPoolAsync", d.cuMemAllocFromPoolAsync, ignored) &&
        resolve(lib, "cuMemFreeAsync", d.cuMemFreeAsync, ignored) &&
        resolve(lib, "cuMemPoolSetAccess", d.cuMemPoolSetAccess, ignored))) {
    d.cuMemPoolCreate = nullptr;
    d.cuMemPoolSetAttribute = nullptr;
    d.cuMemPoolTrimTo = nullptr;
    d.cuMemAllocFromPoolAsync = nullptr;
    d.cuMemFreeAsync = nullptr;
    d.cuMemPoolSetAccess = nullptr;
  }
}

loaded open_driver() {
  loaded l;
  // The soname, not libcuda.so: the unversioned name is a development link that only the
  // CUDA toolkit installs.
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    const char* error = dlerror();
    l.why = "no NVIDIA driver: cannot open libcuda.so.1";
    if (error != nullptr) l.why += std::string(" (") + error + ")";
    return l;
  }
  driver& d = l.entry_points;
  if (!resolve_all(lib, d, l.why)) return l;
  resolve_optional(lib, d);
  if (const char* path = std::getenv("AMPLE_CUDA_TRACE"); path != nullptr && *path != '\0') trace_calls(d, path);
  if (const CUresult r = d.cuInit(0); r != CUDA_SUCCESS) {
    l.why = "the NVIDIA driver cannot start: cuInit failed with " + d.describe(r);
    return l;
  }
  if (const CUresult r = d.cuDriverGetVersion(&d.version); r != CUDA_SUCCESS) {
    l.why = "cuDriverGetVersion failed with " + d.describe(r);
    return l;
  }
  l.usable = true;
  return l;
}

const loaded& the_driver() {
  // Immortal: queues' threads free GPU memory while static objects are destroyed at exit.
  static const loaded* const l = new loaded(open_driver());
  return *l;
}

bool removes_device(CUresult r) {
  switch (r) {
    case CUDA_ERROR_ECC_UNCORRECTABLE:
    case CUDA_ERROR_NVLINK_UNCORRECTABLE:
    case CUDA_ERROR_CONTAINED:
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_TENSOR_MEMORY_LEAK:
    case CUDA_ERROR_MPS_CLIENT_TERMINATED:
    case CUDA_ERROR_EXTERNAL_DEVICE:
      return true;
    default:
      return false;
  }
}

}  // namespace

const driver* driver::get() noexcept {
  const loaded& l = the_driver();
  return l.usable ? &l.entry_points : nullptr;
}

const std::string& driver::why() noexcept { return the_driver().why; }

std::string driver::describe(CUresult result) const {
  const char* name = nullptr;
  const char* text = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || name == nullptr) name = "unknown CUresult";
  if (cuGetErrorString(result, &text) != CUDA_SUCCESS || text == nullptr) text = "no description";
  return std::string(name) + " " + std::to_string(result) + " (" + text + ")";
}

void driver::failure(CUresult result, const std::string& what) const {
  std::string message = what + ": " + describe(result);
  // The device is there and works, for another process: a runtime_exception, not a removed
  // view, with what the user can do about it.
  if (result == CUDA_ERROR_DEVICE_UNAVAILABLE)
    message += "; the GPU is in exclusive-process compute mode and another process holds it (nvidia-smi shows "
               "which): CPPAMP_DEFAULT_ACCELERATOR=ample\\cpu_multicore runs the program on the CPU";
  if (result == CUDA_ERROR_OUT_OF_MEMORY) AMPLE_THROW(concurrency::out_of_memory, message);
  if (removes_device(result))
    AMPLE_THROW(concurrency::accelerator_view_removed, message, concurrency::error_code::e_device_removed);
  AMPLE_THROW(concurrency::runtime_exception, message, concurrency::error_code::e_fail);
}

}  // namespace ample::detail::cuda
