// libFuzzer entry point for check_tiled_launch() (checks/tiled_launch_check.hpp).
#include "checks/tiled_launch_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ample_fuzz::fuzz_one(ample_fuzz::check_tiled_launch, data, size);
}
