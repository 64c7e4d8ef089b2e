// libFuzzer entry point for check_copy() (checks/copy_check.hpp).
#include "checks/copy_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ample_fuzz::fuzz_one(ample_fuzz::check_copy, data, size);
}
