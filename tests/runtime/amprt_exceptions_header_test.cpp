// <amprt_exceptions.h> on its own: Microsoft's header of the runtime's exception classes
// (issue 11, item 8). This file includes nothing of Ample's but that header.
#include <amprt_exceptions.h>

#include <gtest/gtest.h>

#include <exception>
#include <string>
#include <type_traits>

namespace {

TEST(AmprtExceptionsHeaderTest, DeclaresTheExceptionHierarchy) {
  static_assert(std::is_base_of_v<std::exception, Concurrency::runtime_exception>);
  static_assert(std::is_base_of_v<concurrency::runtime_exception, concurrency::out_of_memory>);
  static_assert(std::is_base_of_v<concurrency::runtime_exception, concurrency::invalid_compute_domain>);
  static_assert(std::is_base_of_v<concurrency::runtime_exception, concurrency::unsupported_feature>);
  static_assert(std::is_base_of_v<concurrency::runtime_exception, concurrency::accelerator_view_removed>);
  try {
    throw concurrency::runtime_exception("device lost", concurrency::error_code::e_fail);
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_EQ(std::string(e.what()), "device lost");
    EXPECT_EQ(e.get_error_code(), concurrency::error_code::e_fail);
  }
  const concurrency::accelerator_view_removed removed(concurrency::error_code::e_device_removed);
  EXPECT_EQ(removed.get_view_removed_reason(), concurrency::error_code::e_device_removed);
}

}  // namespace
