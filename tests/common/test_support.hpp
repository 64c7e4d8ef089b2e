// Shared helpers for Ample's tests: the worker-count fixture and small host-side utilities.
#pragma once

#include <amp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace ample_test {

/// worker_counts() lists the engine sizes every runtime test runs with: 1, 2 and all cores,
/// without duplicates (on a 2-core machine "all cores" is 2).
inline std::vector<unsigned> worker_counts() {
  std::vector<unsigned> counts{1u, 2u, std::max(1u, std::thread::hardware_concurrency())};
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

/// worker_count_name() names a parameterised test instance after its worker count, "Workers2".
inline std::string worker_count_name(const ::testing::TestParamInfo<unsigned>& info) {
  return "Workers" + std::to_string(info.param);
}

/// WorkerCountTest runs each test with ample::set_thread_count(GetParam()) and restores the
/// default (all cores) afterwards, so that a failing test cannot leak its setting.
class WorkerCountTest : public ::testing::TestWithParam<unsigned> {
 protected:
  void SetUp() override { ample::set_thread_count(GetParam()); }
  void TearDown() override { ample::set_thread_count(0); }
};

/// expect_runtime_usable() runs a tiled kernel (tile_static and a barrier) and a plain kernel on
/// the engine and checks both results: after a kernel failed, the runtime must work as before.
inline void expect_runtime_usable() {
  std::vector<int> v(256, 0);
  concurrency::array_view<int, 1> av(256, v);
  concurrency::parallel_for_each(av.extent.tile<64>(), [=](concurrency::tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    av[t.global] = s[63 - t.local[0]];
  });
  concurrency::parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] += 1; });
  av.synchronize();
  for (int i = 0; i < 256; ++i) ASSERT_EQ(v[i], (i / 64) * 64 + 63 - i % 64 + 1) << "element " << i;
}

/// contains() tells whether `text` contains `part`; for messages of exceptions.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// expect_in_bounds_kernels_unchanged() runs plain and tiled kernels whose accesses through
/// array and array_view all stay in bounds (element, projection and 2-int forms), for the
/// modes that change out-of-bounds accesses: in bounds, nothing may change.
inline void expect_in_bounds_kernels_unchanged() {
  std::vector<int> v(32 * 32, 0);
  concurrency::array_view<int, 2> av(32, 32, v);
  concurrency::array<int, 2> a(32, 32);
  concurrency::parallel_for_each(av.extent, [=, &a](concurrency::index<2> i) restrict(amp) {
    av[i] = i[0] * 32 + i[1];
    a[i] = av(i[0], i[1]) * 2;
  });
  concurrency::parallel_for_each(av.extent.tile<8, 8>(), [=, &a](concurrency::tiled_index<8, 8> t) restrict(amp) {
    t.barrier.wait();
    av[t] += a[t.global] / 2 + a[t.tile_origin[0] + t.local[0]][t.tile_origin[1] + t.local[1]] / 2;
  });
  av.synchronize();
  for (int i = 0; i < 32 * 32; ++i) ASSERT_EQ(v[static_cast<std::size_t>(i)], 3 * i) << i;
  expect_runtime_usable();
}

}  // namespace ample_test

/// AMPLE_INSTANTIATE_WORKER_TESTS instantiates a WorkerCountTest-derived suite for every count.
#define AMPLE_INSTANTIATE_WORKER_TESTS(suite)                                                   \
  INSTANTIATE_TEST_SUITE_P(Engine, suite, ::testing::ValuesIn(::ample_test::worker_counts()), \
                           ::ample_test::worker_count_name)

/// AMPLE_TEST_USING_AMP brings the C++ AMP names into the current (anonymous) namespace.
/// glibc's <strings.h> declares a global function `index`, so a using-directive alone would make
/// `index<2>` ambiguous; the using-declarations hide it.
#define AMPLE_TEST_USING_AMP        \
  using namespace concurrency;      \
  using concurrency::index;         \
  using concurrency::extent;        \
  using concurrency::array;         \
  using concurrency::array_view;    \
  using concurrency::copy
