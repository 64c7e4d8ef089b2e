// <amprt.h> on its own: the C++ AMP runtime header that Microsoft's <amp.h> includes and that
// device-management code includes by name (issue 11, item 8). This file includes nothing of
// Ample's but <amprt.h>, so it fails to compile if the header is missing or incomplete.
#include <amprt.h>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace concurrency;

TEST(AmprtHeaderTest, DeclaresAcceleratorAndViews) {
  const std::vector<accelerator> all = accelerator::get_all();
  ASSERT_FALSE(all.empty());
  accelerator acc(accelerator::default_accelerator);
  EXPECT_TRUE(acc.is_emulated);
  EXPECT_FALSE(acc.get_description().empty());
  accelerator_view av = acc.create_view(queuing_mode_immediate);
  EXPECT_EQ(av.get_queuing_mode(), queuing_mode_immediate);
  EXPECT_TRUE(av.get_accelerator() == acc);
  EXPECT_TRUE(acc.get_default_view().get_queuing_mode() == queuing_mode_automatic);
  av.flush();
  av.wait();
  EXPECT_TRUE(accelerator::get_auto_selection_view().get_is_auto_selection());
  const accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_TRUE(cpu.is_emulated);
  EXPECT_EQ(std::wstring(accelerator::direct3d_warp), L"direct3d\\warp");
  EXPECT_EQ(std::wstring(accelerator::direct3d_ref), L"direct3d\\ref");
}

TEST(AmprtHeaderTest, DeclaresAccessTypeAndCompletionFuture) {
  const access_type types[] = {access_type_none, access_type_read, access_type_write, access_type_read_write,
                               access_type_auto};
  EXPECT_EQ(sizeof(types) / sizeof(types[0]), 5u);
  EXPECT_EQ(accelerator().get_default_cpu_access_type(), access_type_read_write);
  completion_future done = accelerator().default_view.create_marker();
  ASSERT_TRUE(done.valid());
  done.wait();
  done.get();
  bool ran = false;
  done.then([&ran] { ran = true; });
  EXPECT_TRUE(ran);
  completion_future empty;
  EXPECT_FALSE(empty.valid());
}

TEST(AmprtHeaderTest, DeclaresExceptionsAndDirect3dInterop) {
  static_assert(std::is_base_of_v<runtime_exception, out_of_memory>);
  static_assert(std::is_base_of_v<runtime_exception, invalid_compute_domain>);
  static_assert(std::is_base_of_v<runtime_exception, unsupported_feature>);
  static_assert(std::is_base_of_v<runtime_exception, accelerator_view_removed>);
  EXPECT_THROW(accelerator(L"no-such-device"), runtime_exception);
  accelerator_view av = accelerator().default_view;
  EXPECT_THROW(direct3d::get_device(av), unsupported_feature);
  EXPECT_THROW(direct3d::create_accelerator_view(nullptr), unsupported_feature);
  EXPECT_THROW(direct3d::d3d_access_lock(av), unsupported_feature);
}

TEST(AmprtHeaderTest, DeclaresAmpUninitialize) {
  amp_uninitialize();
  // The runtime starts again on next use.
  EXPECT_FALSE(accelerator::get_all().empty());
}

}  // namespace
