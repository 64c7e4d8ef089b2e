// module: PTX loaded into a GPU context, and launches of its kernels.
#pragma once

#include <cstddef>
#include <string>

#include "driver.hpp"

namespace ample::detail::cuda {

/// module is PTX text loaded into the calling thread's current context: the driver compiles
/// it for the GPU at hand (its JIT; PTX for an older architecture runs on newer GPUs this
/// way). A PTX the driver refuses throws runtime_exception with `origin` (where the PTX came
/// from, for the message) and the JIT's error log.
class module {
 public:
  module(const driver& d, const std::string& ptx, const std::string& origin);
  module(const module&) = delete;
  module& operator=(const module&) = delete;
  ~module();

  /// function() is the kernel `name`; runtime_exception naming it and `origin` if absent.
  CUfunction function(const std::string& name) const;
  /// jit_milliseconds() is the driver's JIT time for this module (CU_JIT_WALL_TIME).
  float jit_milliseconds() const noexcept { return jit_ms_; }

 private:
  const driver& driver_;
  std::string origin_;
  CUmodule module_ = nullptr;
  float jit_ms_ = 0;
};

/// grid_shape is a launch's block count or block size in each dimension.
struct grid_shape {
  unsigned x = 1, y = 1, z = 1;
};

/// launch() queues `function` on `stream` over `grid` blocks of `block` threads, with
/// `shared_bytes` of dynamic shared memory and its parameters packed in `parameters` (the
/// bytes of its parameter list as PTX lays it out: a kernel taking one struct byval gets the
/// struct's bytes). `kernel` names it in an error's message.
void launch(const driver& d, CUfunction function, const char* kernel, grid_shape grid, grid_shape block,
            unsigned shared_bytes, CUstream stream, const void* parameters, std::size_t parameter_bytes);

}  // namespace ample::detail::cuda
