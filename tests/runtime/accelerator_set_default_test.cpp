// accelerator::set_default() in a fresh process: it succeeds before the default is used and
// fails afterwards. One test only, because the default is fixed once per process.
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

TEST(AcceleratorSetDefaultTest, SucceedsOnceBeforeFirstUse) {
  std::wstring engine_path;
  for (const accelerator& a : accelerator::get_all())
    if (a.device_path != L"cpu") engine_path = a.device_path;
  ASSERT_FALSE(engine_path.empty()) << "get_all() must list Ample's engine";

  EXPECT_TRUE(accelerator::set_default(engine_path));
  EXPECT_EQ(accelerator().device_path, engine_path);

  std::vector<int> v(32, 0);
  array_view<int, 1> data(32, v);
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = i[0] + 1; });
  data.synchronize();
  for (int i = 0; i < 32; ++i) EXPECT_EQ(v[i], i + 1);

  EXPECT_FALSE(accelerator::set_default(accelerator::cpu_accelerator));
  EXPECT_EQ(accelerator().device_path, engine_path);
}

}  // namespace
