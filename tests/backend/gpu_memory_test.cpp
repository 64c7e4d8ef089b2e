// The fake GPU's memory under buffers (src/backend/cuda/memory_pool.hpp): what is freed stays
// with Ample's pool for the next allocation, across synchronisations; what the pool keeps
// never makes an allocation fail; reused memory starts zeroed, as new memory does.
// CTest runs these twice: with the fake's memory pools, and without (no_pools:), where the
// backend allocates with cuMemAlloc and each free gives the memory back.
#include "gpu_launch_fixture.hpp"

#include <cstdlib>

namespace {

constexpr std::size_t mebibyte = std::size_t{1} << 20;

class GpuMemoryTest : public GpuLaunchTest {
 protected:
  void SetUp() override {
    GpuLaunchTest::SetUp();
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib, nullptr);
    reserved_ = reinterpret_cast<std::size_t (*)()>(dlsym(lib, "ample_fake_cuda_reserved_bytes"));
    allocated_ = reinterpret_cast<std::size_t (*)()>(dlsym(lib, "ample_fake_cuda_allocated_bytes"));
    cleared_ = reinterpret_cast<std::size_t (*)()>(dlsym(lib, "ample_fake_cuda_cleared_bytes"));
    ASSERT_TRUE(reserved_ && allocated_ && cleared_);
  }

  static bool pools() {
    const char* setting = std::getenv("AMPLE_FAKE_CUDA_MEMORY_POOLS");
    return setting == nullptr || std::string(setting) != "0";
  }

  /// The fake GPU's memory_ops: its buffers' memory (arrays stay in host memory on a GPU until
  /// device code uses them, and views' GPU copies are made for kernels).
  const ample::detail::device& gpu_device() const { return *ample::detail::find_device(gpu_.get_device_path()); }
  void* allocate(std::size_t bytes) const {
    return gpu_device().memory->allocate(gpu_device(), bytes, "a test buffer", true);
  }
  void release(void* p) const { gpu_device().memory->release(gpu_device(), p); }
  /// synchronise() copies a byte out of `p`: the copy waits for the GPU, a synchronisation at
  /// which the driver gives back what a pool keeps beyond its release threshold.
  void synchronise(const void* p) const {
    char byte;
    gpu_device().memory->copy_out(gpu_device(), &byte, p, 1);
  }

  std::size_t (*reserved_)() = nullptr;
  std::size_t (*allocated_)() = nullptr;
  std::size_t (*cleared_)() = nullptr;
};

TEST_F(GpuMemoryTest, FreedMemoryIsKeptForTheNextAllocation) {
  void* const small = allocate(1);
  const std::size_t reserved = reserved_(), allocated = allocated_();
  release(allocate(16 * mebibyte));
  synchronise(small);
  EXPECT_EQ(allocated_(), allocated) << "the memory was not freed";
  EXPECT_EQ(reserved_(), pools() ? reserved + 16 * mebibyte : reserved);
  void* const again = allocate(16 * mebibyte);
  EXPECT_EQ(reserved_(), reserved + 16 * mebibyte) << "the second allocation did not reuse the first's memory";
  release(again);
  release(small);
}

TEST_F(GpuMemoryTest, MemoryThePoolKeepsNeverMakesAnAllocationFail) {
  release(allocate(40 * mebibyte));
  // 40 MiB kept and 56 MiB more do not fit in the fake GPU's 64: the pool must give back.
  void* const second = allocate(56 * mebibyte);
  EXPECT_EQ(allocated_(), 56 * mebibyte);
  release(second);
}

// Loading a kernel's module and launching it need memory of the driver's (the code, the
// threads' local memory): out of it, they too are tried again once the pool has given back
// what it keeps. Without a pool there is nothing to give back, and the error is the kernel's.
TEST_F(GpuMemoryTest, AKernelsLoadAndLaunchOutOfMemoryAreTriedAgainOnceThePoolHasGivenBack) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernels run on the CPU engine";
#endif
  const auto fail_next = fake_function<void(int)>("ample_fake_cuda_fail_next");
  ASSERT_NE(fail_next, nullptr);
  std::vector<float> data(1024, 1.0f);
  array_view<float, 1> v(1024, data);
  const accelerator_view on_gpu = gpu_.get_default_view();
  // A first kernel puts `v` on the GPU: the next launches copy nothing in before they start.
  const auto add_one = [=](index<1> i) restrict(amp) { v[i] += 1.0f; };
  hook_.play = play_flat<decltype(add_one), 1>(data.data());
  parallel_for_each(on_gpu, v.extent, add_one);
  on_gpu.wait();
  const auto add_two = [=](index<1> i) restrict(amp) { v[i] += 2.0f; };
  hook_.play = play_flat<decltype(add_two), 1>(data.data());
  for (const char* refused : {"the module load", "the launch"}) {
    release(allocate(16 * mebibyte));  // kept by the pool
    const std::size_t reserved = reserved_();
    fail_next(2);  // CUDA_ERROR_OUT_OF_MEMORY, for the new kernel's load, then for a launch
    try {
      parallel_for_each(on_gpu, v.extent, add_two);
      on_gpu.wait();
      EXPECT_TRUE(pools()) << refused << ": without a pool the error was lost";
      EXPECT_LE(reserved_(), reserved - 16 * mebibyte) << refused << ": the pool kept its memory";
    } catch (const out_of_memory& e) {
      EXPECT_FALSE(pools()) << refused << ": not tried again: " << e.what();
      EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_OUT_OF_MEMORY"), std::string::npos) << e.what();
    }
  }
  v.synchronize();
  EXPECT_EQ(data[0], pools() ? 6.0f : 2.0f);
}

TEST_F(GpuMemoryTest, TooLargeAnAllocationIsOutOfMemoryNamingTheSizeAndLosesNothing) {
  release(allocate(8 * mebibyte));
  try {
    release(allocate(80 * mebibyte));
    ADD_FAILURE() << "80 MiB fit in 64";
  } catch (const out_of_memory& e) {
    const std::string said = e.what();
    EXPECT_NE(said.find("cannot allocate 83886080 bytes of a test buffer on Ample fake GPU"), std::string::npos)
        << said;
  }
  void* const fits = allocate(60 * mebibyte);
  EXPECT_EQ(allocated_(), 60 * mebibyte);
  release(fits);
}

TEST_F(GpuMemoryTest, ReusedMemoryStartsZeroed) {
  const std::vector<float> sevens(mebibyte, 7.0f);
  const std::size_t bytes = sevens.size() * sizeof(float);
  void* const first = allocate(bytes);
  gpu_device().memory->copy_in(gpu_device(), first, sevens.data(), bytes);
  release(first);
  void* const second = allocate(bytes);
  std::vector<float> out(sevens.size(), 1.0f);
  gpu_device().memory->copy_out(gpu_device(), out.data(), second, bytes);
  EXPECT_EQ(std::count(out.begin(), out.end(), 0.0f), static_cast<std::ptrdiff_t>(out.size()));
  release(second);
}

TEST_F(GpuMemoryTest, ViewsMadeAnewForEachKernelReuseOneAllocation) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernels run on the CPU engine";
#endif
  std::vector<float> data(4 * mebibyte / sizeof(float), 1.0f);
  hook_.play = [](const ample_fake_cuda_launch&) { return 0; };
  const std::size_t reserved = reserved_();
  for (int round = 0; round < 5; ++round) {
    array_view<float, 1> v(static_cast<int>(data.size()), data);
    parallel_for_each(gpu_.get_default_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] += 1.0f; });
    v.synchronize();
    gpu_.get_default_view().wait();  // the queue's copy of `v` holds the buffer until then
  }
  EXPECT_EQ(hook_.launches, 5);
  // At most one allocation's growth: the pool may already hold the bytes, when earlier tests
  // of this process left them there.
  EXPECT_LE(reserved_(), reserved + (pools() ? 4 * mebibyte : 0));
}

// A view's GPU copy is zeroed when it is made, so that bytes a kernel reads before anything
// wrote them read the same on every run, except where the copy is about to be filled whole
// from the host: a view over all of its data, read by the kernel.
TEST_F(GpuMemoryTest, AViewsCopyIsClearedUnlessTheHostFillsItWhole) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernels run on the CPU engine";
#endif
  constexpr int count = 1 << 18;
  constexpr std::size_t bytes = count * sizeof(float);
  hook_.play = [](const ample_fake_cuda_launch&) { return 0; };
  const accelerator_view on_gpu = gpu_.get_default_view();
  const auto cleared_by = [&](const array_view<float, 1>& v) {
    const std::size_t before = cleared_();
    parallel_for_each(on_gpu, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1.0f; });
    v.synchronize();
    // The queue's thread destroys its copy of the kernel, and of `v`, after it has let go of
    // the regions synchronize() waits for (launch.hpp, queued_launch). A view made over `data`
    // before then joins that buffer, whose GPU copy exists already: nothing is cleared. The
    // next case must find no buffer, so wait for the command's end.
    on_gpu.wait();
    return cleared_() - before;
  };
  std::vector<float> data(count, 1.0f);
  EXPECT_EQ(cleared_by(array_view<float, 1>(count, data)), 0u) << "all of it is copied in: clearing it first is waste";
  EXPECT_EQ(cleared_by(array_view<float, 1>(count, data).section(0, count / 2)), bytes)
      << "half of it is copied in: the rest must read zero";
  array_view<float, 1> discarded(count, data);
  discarded.discard_data();
  EXPECT_EQ(cleared_by(discarded), bytes) << "discarded data is not copied in: the copy must read zero";
  EXPECT_EQ(hook_.launches, 3);
}

}  // namespace
