// gpu: listing the driver's devices (gpu.hpp).
#include "gpu.hpp"

#include <cstdio>
#include <mutex>

namespace ample::detail::cuda {
namespace {

int attribute(const driver& d, CUdevice device, device_attribute a, const char* name) {
  int value = 0;
  d.check(d.cuDeviceGetAttribute(&value, a, device), std::string("cuDeviceGetAttribute(") + name + ")");
  return value;
}

}  // namespace

std::vector<gpu> list_gpus(const driver& d) {
  int count = 0;
  d.check(d.cuDeviceGetCount(&count), "cuDeviceGetCount");
  std::vector<gpu> gpus;
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    gpu g{};
    g.ordinal = ordinal;
    d.check(d.cuDeviceGet(&g.handle, ordinal), "cuDeviceGet(" + std::to_string(ordinal) + ")");
    if (attribute(d, g.handle, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, "compute mode") == CU_COMPUTEMODE_PROHIBITED)
      continue;
    char name[256] = {};
    d.check(d.cuDeviceGetName(name, sizeof name - 1, g.handle), "cuDeviceGetName");
    g.name = name;
    d.check(d.cuDeviceTotalMem(&g.memory_bytes, g.handle), "cuDeviceTotalMem");
    const auto get = [&](device_attribute a, const char* what) { return attribute(d, g.handle, a, what); };
    char pci[32];
    std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", get(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, "PCI domain"),
                  get(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, "PCI bus"), get(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, "PCI device"));
    g.pci_location = pci;
    g.compute_major = get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "compute capability");
    g.compute_minor = get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "compute capability");
    g.multiprocessors = get(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "multiprocessors");
    g.has_display = get(CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, "kernel timeout") != 0;
    g.integrated = get(CU_DEVICE_ATTRIBUTE_INTEGRATED, "integrated") != 0;
    g.pageable_memory_access = get(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, "pageable memory access") != 0;
    // A driver older than the attribute refuses to answer: no pools there.
    int pools = 0;
    g.memory_pools = d.cuMemPoolCreate != nullptr &&
                     d.cuDeviceGetAttribute(&pools, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, g.handle) == CUDA_SUCCESS &&
                     pools != 0;
    gpus.push_back(std::move(g));
  }
  return gpus;
}

void gpu::make_current() const {
  const driver& d = *driver::get();
  // The message is made only for a failure: every launch and copy calls this.
  if (const CUresult r = d.cuCtxSetCurrent(context()); r != CUDA_SUCCESS) d.failure(r, "cuCtxSetCurrent(" + name + ")");
}

CUcontext gpu::context() const {
  const driver& d = *driver::get();
  // One retained context per ordinal for the process; retaining is idempotent in the driver,
  // but each retain needs its release, so it is done once. Immortal: queues' threads still
  // free GPU memory while the program's static objects are destroyed at exit.
  struct retained {
    std::mutex mutex;
    std::vector<CUcontext> contexts;
  };
  static auto* const r = new retained;
  std::lock_guard lock(r->mutex);
  if (r->contexts.size() <= static_cast<std::size_t>(ordinal)) r->contexts.resize(ordinal + 1, nullptr);
  if (r->contexts[ordinal] == nullptr)
    d.check(d.cuDevicePrimaryCtxRetain(&r->contexts[ordinal], handle), "cuDevicePrimaryCtxRetain(" + name + ")");
  return r->contexts[ordinal];
}

}  // namespace ample::detail::cuda
