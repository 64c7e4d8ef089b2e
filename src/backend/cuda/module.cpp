// module: loading PTX and launching its kernels (module.hpp).
#include "module.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ample::detail::cuda {

module::module(const driver& d, const std::string& ptx, const std::string& origin) : driver_(d), origin_(origin) {
  char error_log[8192] = {};
  // The JIT options' values travel in pointer-sized slots: sizes and the wall time as the
  // integers or floats they are, not as pointers to them.
  jit_option names[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_WALL_TIME};
  void* values[] = {error_log, reinterpret_cast<void*>(std::uintptr_t{sizeof error_log - 1}), nullptr};
  const CUresult r = d.cuModuleLoadDataEx(&module_, ptx.c_str(), 3, names, values);
  if (r != CUDA_SUCCESS) {
    const std::string_view log(error_log);
    d.failure(r, "the NVIDIA driver cannot compile the PTX of " + origin +
                     (log.empty() ? std::string() : std::string(": ") + std::string(log)));
  }
  // The driver writes the wall time as a float into the first bytes of its slot.
  std::memcpy(&jit_ms_, &values[2], sizeof jit_ms_);
}

module::~module() {
  if (module_ != nullptr) driver_.cuModuleUnload(module_);
}

CUfunction module::function(const std::string& name) const {
  CUfunction f = nullptr;
  driver_.check(driver_.cuModuleGetFunction(&f, module_, name.c_str()), "no kernel " + name + " in " + origin_);
  return f;
}

void launch(const driver& d, CUfunction function, const char* kernel, grid_shape grid, grid_shape block,
            unsigned shared_bytes, CUstream stream, const void* parameters, std::size_t parameter_bytes) {
  std::size_t size = parameter_bytes;
  void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, const_cast<void*>(parameters), CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   CU_LAUNCH_PARAM_END};
  const CUresult r = d.cuLaunchKernel(function, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes, stream,
                                      nullptr, parameter_bytes != 0 ? extra : nullptr);
  if (r != CUDA_SUCCESS)
    d.failure(r, std::string("cannot launch kernel ") + kernel + " over " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + "x" +
                     std::to_string(grid.z) + " blocks of " + std::to_string(block.x) + "x" + std::to_string(block.y) +
                     "x" + std::to_string(block.z) + " threads with " + std::to_string(parameter_bytes) +
                     " bytes of parameters");
}

}  // namespace ample::detail::cuda
