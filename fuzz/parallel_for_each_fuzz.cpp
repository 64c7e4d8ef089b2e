// libFuzzer entry point for check_parallel_for_each() (checks/parallel_for_each_check.hpp).
#include "checks/parallel_for_each_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ample_fuzz::fuzz_one(ample_fuzz::check_parallel_for_each, data, size);
}
