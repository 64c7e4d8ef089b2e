// The gpu: runs of the kernel-running tests (tests/CMakeLists.txt): an executable started with
// AMPLE_TEST_ACCELERATOR=gpu runs its tests on the GPU, which is the default accelerator where
// there is one and the program has device code (accelerator.cpp), or skips them all, saying
// why, with exit status 77.
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
    const std::wstring path = concurrency::accelerator().get_device_path();
    if (path.rfind(L"ample\\cuda\\", 0) != 0)
      skip_all("the default accelerator is not a GPU (the NVIDIA driver lists none, the program has "
               "no device code, or CPPAMP_DEFAULT_ACCELERATOR chose another)");
  }
};

[[maybe_unused]] const ::testing::Environment* const registered =
    ::testing::AddGlobalTestEnvironment(new gpu_variant);

}  // namespace
