// Kernels compiled to PTX by the device-code pass (compiler/src/ExtractDeviceCode.cpp), run
// on the GPU through the driver layer with results equal to the CPU engine's. Label gpu.
//
// Below the runtime: this test launches the pass's code through the driver layer by hand, the
// kernel object's bytes as the kernel's parameter, each view's data pointer replaced by the
// device copy (found here by its host address; parallel_for_each uses the capture recorder's
// rebase instead: gpu_accelerator_test.cpp).
#include <gtest/gtest.h>

#include <amp.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "backend/cuda/driver.hpp"
#include "backend/cuda/gpu.hpp"
#include "backend/cuda/memory.hpp"
#include "backend/cuda/module.hpp"
#include "backend/seed_matmul_kernel.hpp"

namespace {

namespace cuda = ample::detail::cuda;
using concurrency::array_view;
using concurrency::extent;
using concurrency::index;

/// on_gpu() runs `kernel`'s device code over `domain` (an extent, not a view's extent property,
/// or a tiled extent), with each
/// of `views` (host memory a view of the kernel points at, `bytes` long) copied to the GPU and
/// back. It skips the test where the kernel has no device code and the build expects none;
/// callers return then.
template <class Kernel, class Domain>
void on_gpu(const cuda::driver& d, const Kernel& kernel, const Domain& domain,
            std::vector<std::pair<void*, std::size_t>> views) {
  const void* entry = ample::detail::device_entry_of<Kernel, Domain>();
  const ample::detail::device_code* code = ample::detail::find_device_code(entry);
#ifdef AMPLE_EXPECT_DEVICE_CODE
  ASSERT_NE(code, nullptr) << "no device code registered for the kernel";
#else
  if (code == nullptr)
    GTEST_SKIP() << "skipped: built without the device-code pass (it needs Clang with Ample's plugin)";
#endif
  cuda::module m(d, code->ptx, code->source_name);

  // The parameters as the PTX lays them out: the kernel object, then for a flat kernel the
  // extent (x, y, z padded with ones) as three u32 after it.
  constexpr bool tiled = ample::detail::is_tiled_extent<Domain>;
  const std::size_t object = (sizeof(Kernel) + 3) / 4 * 4;
  std::vector<unsigned char> parameters(tiled ? sizeof(Kernel) : object + 3 * sizeof(std::int32_t));
  std::memcpy(parameters.data(), &kernel, sizeof(Kernel));
  std::vector<cuda::device_memory> copies;
  for (const auto& [host, bytes] : views) {
    copies.emplace_back(d, bytes);
    d.check(d.cuMemcpyHtoDAsync(copies.back().get(), host, bytes, nullptr), "HtoD");
    bool found = false;
    for (std::size_t at = 0; at + sizeof(void*) <= sizeof(Kernel); at += alignof(void*)) {
      void* pointer;
      std::memcpy(&pointer, parameters.data() + at, sizeof pointer);
      if (pointer != host) continue;
      const cuda::CUdeviceptr device = copies.back().get();
      std::memcpy(parameters.data() + at, &device, sizeof device);
      found = true;
    }
    ASSERT_TRUE(found) << "no view of the kernel points at " << host;
  }
  if constexpr (!tiled) {
    std::int32_t dims[3] = {1, 1, 1};
    for (int i = 0; i < Domain::rank; ++i) dims[i] = domain[i];
    std::memcpy(parameters.data() + object, dims, sizeof dims);
  }
  const ample::detail::gpu_grid g = ample::detail::gpu_grid_of(domain);
  cuda::launch(d, m.function(code->kernel_name), code->source_name, {g.blocks[0], g.blocks[1], g.blocks[2]},
               {g.threads[0], g.threads[1], g.threads[2]}, 0, nullptr, parameters.data(), parameters.size());
  for (std::size_t i = 0; i < views.size(); ++i)
    d.check(d.cuMemcpyDtoHAsync(views[i].first, copies[i].get(), views[i].second, nullptr), "DtoH");
  d.check(d.cuStreamSynchronize(nullptr), "cuStreamSynchronize");
}

// Without a GPU too: the normal build compiled the kernel to PTX and registered it.
TEST(DeviceCode, KernelsOfTheBuildAreRegisteredAsPtx) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  const auto kernel = [=](index<1> i) restrict(amp) { v[i] = i[0]; };
  concurrency::parallel_for_each(v.extent, kernel);
  const ample::detail::device_code* code =
      ample::detail::find_device_code(ample::detail::device_entry_of<decltype(kernel), extent<1>>());
#ifdef AMPLE_EXPECT_DEVICE_CODE
  ASSERT_NE(code, nullptr);
  const std::string ptx = code->ptx;
  EXPECT_NE(ptx.find(".target sm_75"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".entry " + std::string(code->kernel_name) + "("), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("st.global.u32"), std::string::npos) << ptx;
  // The kernel object travels whole, tail padding included: sizeof(Kernel) bytes.
  EXPECT_NE(ptx.find("_param_0[" + std::to_string(sizeof kernel) + "]"), std::string::npos) << ptx;
  EXPECT_NE(std::string(code->source_name).find("KernelsOfTheBuildAreRegisteredAsPtx"), std::string::npos)
      << code->source_name;
#else
  EXPECT_EQ(code, nullptr) << "device code without the pass";
#endif
}

class CudaDeviceCodeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    driver_ = cuda::driver::get();
    if (driver_ == nullptr) GTEST_SKIP() << "skipped, no GPU to test: " << cuda::driver::why();
    const std::vector<cuda::gpu> gpus = cuda::list_gpus(*driver_);
    if (gpus.empty()) GTEST_SKIP() << "skipped: the NVIDIA driver lists no GPU";
    gpus.front().make_current();
  }
  const cuda::driver& d() const { return *driver_; }
  const cuda::driver* driver_ = nullptr;
};

TEST_F(CudaDeviceCodeTest, FlatKernelOverTwoViewsEqualsTheCpu) {
  constexpr int rows = 300, cols = 257;  // neither a multiple of the 16x16 block
  std::vector<float> in(rows * cols), cpu(rows * cols, 0.0f), gpu(rows * cols, 0.0f);
  std::iota(in.begin(), in.end(), -1000.0f);
  const float factor = 0.75f;
  {
    array_view<const float, 2> source(rows, cols, in);
    array_view<float, 2> target(rows, cols, cpu);
    const auto kernel = [=](index<2> i) restrict(amp) { target[i] = source[i] * factor + 1.0f; };
    concurrency::parallel_for_each(target.extent, kernel);
    target.synchronize();
  }
  {
    array_view<const float, 2> source(rows, cols, in);
    array_view<float, 2> target(rows, cols, gpu);
    const auto kernel = [=](index<2> i) restrict(amp) { target[i] = source[i] * factor + 1.0f; };
    on_gpu(d(), kernel, target.get_extent(), {{in.data(), in.size() * 4}, {gpu.data(), gpu.size() * 4}});
    if (IsSkipped() || HasFatalFailure()) return;
  }
  for (int i = 0; i < rows * cols; ++i) ASSERT_EQ(gpu[i], cpu[i]) << "element " << i;
}

TEST_F(CudaDeviceCodeTest, RankOneAndRankThreeKernels) {
  std::vector<int> ones(1000, 0), threes(4 * 5 * 70, 0);
  array_view<int, 1> a(1000, ones);
  const auto first = [=](index<1> i) restrict(amp) { a[i] = i[0] * 3 - 7; };
  on_gpu(d(), first, a.get_extent(), {{ones.data(), ones.size() * 4}});
  if (IsSkipped() || HasFatalFailure()) return;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(ones[i], i * 3 - 7) << i;

  array_view<int, 3> b(4, 5, 70, threes);
  const auto third = [=](index<3> i) restrict(amp) { b[i] = i[0] * 10000 + i[1] * 100 + i[2]; };
  on_gpu(d(), third, b.get_extent(), {{threes.data(), threes.size() * 4}});
  if (HasFatalFailure()) return;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 70; ++k) ASSERT_EQ(threes[(i * 5 + j) * 70 + k], i * 10000 + j * 100 + k);
}

// C++ AMP's atomics as global atomics: a histogram, a maximum and a minimum over many threads.
TEST_F(CudaDeviceCodeTest, AtomicsCountLikeTheCpu) {
  constexpr int count = 100000;
  std::vector<int> data(count);
  for (int i = 0; i < count; ++i) data[i] = (i * 7919) % 10007 - 5000;
  const auto run = [&](std::vector<unsigned>& bins, std::vector<int>& extremes, bool on_device) {
    bins.assign(16, 0);
    extremes = {-1000000, 1000000};
    array_view<const int, 1> in(count, data);
    array_view<unsigned, 1> b(16, bins);
    array_view<int, 1> e(2, extremes);
    const auto kernel = [=](index<1> i) restrict(amp) {
      const int v = in[i];
      concurrency::atomic_fetch_add(&b[v & 15], 1u);
      concurrency::atomic_fetch_max(&e[0], v);
      concurrency::atomic_fetch_min(&e[1], v);
    };
    if (on_device) {
      on_gpu(d(), kernel, in.get_extent(),
             {{data.data(), data.size() * 4}, {bins.data(), bins.size() * 4}, {extremes.data(), extremes.size() * 4}});
    } else {
      concurrency::parallel_for_each(in.extent, kernel);
      b.synchronize();
      e.synchronize();
    }
  };
  std::vector<unsigned> cpu_bins, gpu_bins;
  std::vector<int> cpu_extremes, gpu_extremes;
  run(cpu_bins, cpu_extremes, false);
  run(gpu_bins, gpu_extremes, true);
  if (IsSkipped() || HasFatalFailure()) return;
  EXPECT_EQ(gpu_bins, cpu_bins);
  EXPECT_EQ(gpu_extremes, cpu_extremes);
}

// The seeds' Fig. 5 kernel: tile_static arrays and two barriers a step, as shared memory and
// bar.sync. Small integers multiply exactly, so the GPU's sums equal the CPU's.
TEST_F(CudaDeviceCodeTest, TiledMatmulWithTileStaticEqualsTheCpu) {
  constexpr int n = 256;
  std::vector<float> a(n * n), b(n * n), cpu(n * n, 0.0f), gpu(n * n, 0.0f);
  for (int i = 0; i < n * n; ++i) a[i] = float(i % 7) - 3, b[i] = float(i % 5) - 2;
  const auto run = [&](std::vector<float>& c, bool on_device) {
    array_view<const float, 2> av(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, c);
    const auto kernel = seed::fig5_matmul(av, bv, cv, n);
    if (on_device) {
      on_gpu(d(), kernel, cv.extent.tile<16, 16>(),
             {{a.data(), a.size() * 4}, {b.data(), b.size() * 4}, {c.data(), c.size() * 4}});
    } else {
      concurrency::parallel_for_each(cv.extent.tile<16, 16>(), kernel);
      cv.synchronize();
    }
  };
  run(cpu, false);
  run(gpu, true);
  if (IsSkipped() || HasFatalFailure()) return;
  for (int i = 0; i < n * n; ++i) ASSERT_EQ(gpu[i], cpu[i]) << "element " << i;
}

}  // namespace
