// CPPAMP_DEFAULT_ACCELERATOR selects the default accelerator. CTest runs this executable with
// CPPAMP_DEFAULT_ACCELERATOR=cpu; run by hand without it, the tests skip.
#include <cstdlib>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

bool env_selects_cpu() {
  const char* value = std::getenv("CPPAMP_DEFAULT_ACCELERATOR");
  return value != nullptr && std::string(value) == "cpu";
}

TEST(AcceleratorEnvTest, EnvironmentSelectsDefault) {
  if (!env_selects_cpu()) GTEST_SKIP() << "needs CPPAMP_DEFAULT_ACCELERATOR=cpu";
  EXPECT_EQ(accelerator().device_path, std::wstring(L"cpu"));
  EXPECT_EQ(accelerator(accelerator::default_accelerator).device_path, std::wstring(L"cpu"));
}

TEST(AcceleratorEnvTest, KernelsOnSelectedCpuAcceleratorThrow) {
  if (!env_selects_cpu()) GTEST_SKIP() << "needs CPPAMP_DEFAULT_ACCELERATOR=cpu";
  std::vector<int> v(4, 0);
  array_view<int, 1> data(4, v);
  try {
    parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = 1; });
    FAIL() << "the cpu accelerator cannot run kernels";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "not supported")) << e.what();
  }
}

TEST(AcceleratorEnvTest, EngineStillReachableExplicitly) {
  if (!env_selects_cpu()) GTEST_SKIP() << "needs CPPAMP_DEFAULT_ACCELERATOR=cpu";
  std::wstring engine_path;
  for (const accelerator& a : accelerator::get_all())
    if (a.device_path != L"cpu") engine_path = a.device_path;
  ASSERT_FALSE(engine_path.empty());
  accelerator engine(engine_path);
  std::vector<int> v(16, 0);
  array_view<int, 1> data(16, v);
  parallel_for_each(engine.default_view, data.extent, [=](index<1> i) restrict(amp) { data[i] = 5; });
  data.synchronize();
  for (int x : v) EXPECT_EQ(x, 5);
}

}  // namespace
