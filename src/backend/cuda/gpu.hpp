// gpu: the NVIDIA GPUs the driver reports, with what C++ AMP's accelerator properties need.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "driver.hpp"

namespace ample::detail::cuda {

/// gpu describes one device the driver lists, read once (list_gpus()).
struct gpu {
  int ordinal;           ///< the driver's device number
  CUdevice handle;
  std::string name;      ///< "NVIDIA H200"
  std::string pci_location;  ///< "0000:1b:00.0" (domain:bus:device.function), stable across runs
  std::size_t memory_bytes;
  int compute_major, compute_minor;
  int multiprocessors;
  /// has_display: kernels run under a watchdog (a display is attached), as Microsoft's
  /// accelerator::has_display reported for a GPU driving a monitor.
  bool has_display;
  bool integrated;  ///< shares the host's memory (Jetson); discrete GPUs have memory of their own
  /// pageable_memory_access: kernels can read ordinary host memory (HMM or ATS systems). An
  /// H200 in an x86 server cannot (gpu-poc/README.md), so every byte is copied.
  bool pageable_memory_access;
  /// memory_pools: the driver and the device support stream-ordered memory pools
  /// (memory_pool.hpp); false where the driver predates them.
  bool memory_pools;

  /// make_current() makes this GPU's primary context current on the calling thread, retaining
  /// it on first use; the driver keeps it for the process (its release at exit would race
  /// with destructors still freeing memory in it).
  void make_current() const;
  /// context() is this GPU's primary context, retained on first use as make_current() does.
  CUcontext context() const;
};

/// list_gpus() is every GPU of `d` that can run kernels, in the driver's order (read on each
/// call): not one in prohibited compute mode, which takes no context, so that the default
/// accelerator is never a GPU whose every use would throw.
std::vector<gpu> list_gpus(const driver& d);

}  // namespace ample::detail::cuda
