// libFuzzer entry point for check_section() (checks/section_check.hpp).
#include "checks/section_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ample_fuzz::fuzz_one(ample_fuzz::check_section, data, size);
}
