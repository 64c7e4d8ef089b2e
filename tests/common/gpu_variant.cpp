// The gpu: runs of the kernel-running tests (tests/CMakeLists.txt): an executable started with
// AMPLE_TEST_ACCELERATOR=gpu makes the GPU with the most memory its default accelerator
// (accelerator::set_default(), before anything uses the default) and runs its tests there, or
// skips them all, saying why, with exit status 77. The choice is explicit because a program
// without device code of its own (tests of copies only) would otherwise keep the CPU engine
// as its default (accelerator.cpp).
#include <gtest/gtest.h>

#include <amp.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "backend/cuda/driver.hpp"

namespace {

/// The exit status of a run skipped for want of a GPU: CTest's SKIP_RETURN_CODE for the gpu:
/// runs, and what ./ample gpu-check reads. (A GTEST_SKIP() in an environment's SetUp would
/// leave the tests unrun but count them as passed.)
constexpr int skipped_status = 77;

[[noreturn]] void skip_all(const std::string& why) {
  std::printf("skipped: %s\n", why.c_str());
  std::fflush(stdout);
  std::_Exit(skipped_status);
}

class gpu_variant : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* wanted = std::getenv("AMPLE_TEST_ACCELERATOR");
    if (wanted == nullptr) return;
    ASSERT_EQ(std::string_view(wanted), "gpu") << "AMPLE_TEST_ACCELERATOR takes only \"gpu\"";
    using ample::detail::cuda::driver;
    if (driver::get() == nullptr) skip_all("no GPU to run on: " + driver::why());
    std::wstring gpu;
    std::size_t most = 0;
    for (const concurrency::accelerator& a : concurrency::accelerator::get_all())
      if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0 && (gpu.empty() || a.get_dedicated_memory() > most)) {
        gpu = a.get_device_path();
        most = a.get_dedicated_memory();
      }
    if (gpu.empty()) skip_all("the NVIDIA driver lists no GPU");
    if (!concurrency::accelerator::set_default(gpu) && concurrency::accelerator().get_device_path() != gpu)
      skip_all("the default accelerator was chosen before the tests began, and it is not the GPU");
  }
};

[[maybe_unused]] const ::testing::Environment* const registered =
    ::testing::AddGlobalTestEnvironment(new gpu_variant);

}  // namespace
