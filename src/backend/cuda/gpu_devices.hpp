// gpu_devices: the GPUs the driver lists, as C++ AMP accelerators.
#pragma once

#include <vector>

#include "ample/detail/device.hpp"

namespace ample::detail::cuda {

/// describe_gpus() is one device per GPU of the driver (none without a usable driver, or if
/// listing fails: a broken driver must not stop programs that run on the CPU), with
/// Microsoft's properties: the GPU's name as description, "ample\cuda\<PCI location>" as
/// path, its memory as dedicated memory, not emulated, double precision, arrays without CPU
/// access by default. Each has memory of its own, moved through the driver (memory_ops), and
/// a queue per accelerator_view. Default views are the caller's to make.
std::vector<device> describe_gpus();

}  // namespace ample::detail::cuda
