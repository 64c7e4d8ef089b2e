// Allocations no machine could hold raise out_of_memory naming the size, and the process goes
// on: the next array is allocated and a kernel runs on it (the rule is in detail/buffer.hpp).
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample::detail::buffer;
using ample_test::contains;
using ample_test::WorkerCountTest;

/// mebibyte is an element of 1 MiB, so that a rank-1 extent well within int reaches more bytes
/// than any machine has.
struct mebibyte {
  std::uint32_t words[(1 << 20) / 4];
};

/// beyond_memory() is an element count of mebibytes worth twice the machine's RAM plus swap.
int beyond_memory() {
  const std::size_t limit = buffer::memory_limit_bytes();
  return static_cast<int>(limit / sizeof(mebibyte) * 2 + 1);
}

/// run_kernel_afterwards() allocates an ordinary array and runs a kernel on it: the runtime
/// must be usable after an out_of_memory.
void run_kernel_afterwards() {
  array<int, 1> a(4096);
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = 3 * i[0]; });
  std::vector<int> out = a;
  for (int i = 0; i < 4096; ++i) ASSERT_EQ(out[i], 3 * i) << "element " << i;
}

/// expect_out_of_memory() runs `allocate` and checks that it raises out_of_memory whose message
/// contains `size`.
template <class F>
void expect_out_of_memory(F allocate, const std::string& size) {
  try {
    allocate();
    FAIL() << "no out_of_memory for " << size;
  } catch (const out_of_memory& e) {
    EXPECT_EQ(e.get_error_code(), error_code::e_outofmemory);
    EXPECT_TRUE(contains(e.what(), size)) << e.what();
  }
}

class OutOfMemoryTest : public WorkerCountTest {};

TEST_P(OutOfMemoryTest, ArrayLargerThanRamAndSwapRaisesAndTheRuntimeGoesOn) {
  if (buffer::memory_limit_bytes() == 0) GTEST_SKIP() << "sysinfo() reports no memory size";
  const int n = beyond_memory();
  const std::string bytes = std::to_string(static_cast<std::size_t>(n) * sizeof(mebibyte));
  expect_out_of_memory([n] { array<mebibyte, 1> a(n); }, bytes + " bytes");
  expect_out_of_memory([n] { array<mebibyte, 1> a(n, accelerator(accelerator::cpu_accelerator).default_view); },
                       bytes + " bytes");
  run_kernel_afterwards();
}

TEST_P(OutOfMemoryTest, ImplicitArrayViewStorageLargerThanRamAndSwapRaises) {
  if (buffer::memory_limit_bytes() == 0) GTEST_SKIP() << "sysinfo() reports no memory size";
  const int n = beyond_memory();
  const std::string bytes = std::to_string(static_cast<std::size_t>(n) * sizeof(mebibyte));
  expect_out_of_memory([n] { array_view<mebibyte, 1> v(n); }, bytes + " bytes");
  run_kernel_afterwards();
}

TEST_P(OutOfMemoryTest, MessageNamesTheMachineLimit) {
  if (buffer::memory_limit_bytes() == 0) GTEST_SKIP() << "sysinfo() reports no memory size";
  expect_out_of_memory([] { buffer::allocate(accelerator().default_view.state(), SIZE_MAX); },
                       std::to_string(buffer::memory_limit_bytes()) + " bytes of RAM and swap");
  run_kernel_afterwards();
}

TEST_P(OutOfMemoryTest, ExtentBeyondUnsignedIntElementsRaisesNamingTheExtent) {
  const auto owner = accelerator().default_view.state();
  expect_out_of_memory([&] { buffer::allocate(owner, extent<2>(65536, 65536), 4); },
                       "extent (65536, 65536): 4294967296 elements");
  expect_out_of_memory([&] { buffer::allocate(owner, extent<2>(INT_MAX, 3), 4); }, "6442450941 elements");
  expect_out_of_memory([&] { buffer::allocate(owner, extent<3>(INT_MAX, INT_MAX, INT_MAX), 4); },
                       "(2147483647, 2147483647, 2147483647): more than 2^64 elements");
  run_kernel_afterwards();
}

TEST_P(OutOfMemoryTest, ByteCountBeyondSizeMaxRaisesNamingTheElements) {
  const auto owner = accelerator().default_view.state();
  expect_out_of_memory([&] { buffer::allocate(owner, extent<1>(1 << 20), SIZE_MAX / 1024); },
                       "1048576 elements of " + std::to_string(SIZE_MAX / 1024) + " bytes exceed SIZE_MAX");
  run_kernel_afterwards();
}

TEST_P(OutOfMemoryTest, ExtentFormAllocatesOrdinarySizes) {
  const auto owner = accelerator().default_view.state();
  EXPECT_EQ(buffer::allocate(owner, extent<3>(4, 8, 16), 4)->bytes(), 4u * 8 * 16 * 4);
  EXPECT_EQ(buffer::allocate(owner, extent<2>(0, 7), 4)->bytes(), 0u);
  EXPECT_EQ(buffer::allocate(owner, extent<1>(1000), 4096)->bytes(), std::size_t{1000} * 4096);
}

// array<int, 2>(65536, 65536) has 2^32 elements: extent::size() wraps to 0 and array.hpp asks
// buffer for 0 bytes, so the array gets no storage and any element access writes out of bounds.
// Enable when array.hpp, array_view.hpp and texture.hpp allocate through
// buffer::allocate(owner, extent, sizeof(T)).
TEST_P(OutOfMemoryTest, ArrayExtentBeyondUnsignedIntElementsRaises) {
  expect_out_of_memory([] { array<int, 2> a(65536, 65536); }, "extent (65536, 65536): 4294967296 elements");
  expect_out_of_memory([] { array_view<int, 2> v(65536, 65536); }, "extent (65536, 65536): 4294967296 elements");
  run_kernel_afterwards();
}

AMPLE_INSTANTIATE_WORKER_TESTS(OutOfMemoryTest);

}  // namespace
