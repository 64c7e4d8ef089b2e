// The CUDA driver layer (src/backend/cuda) against Ample's fake libcuda.so.1
// (fake_cuda/fake_libcuda.cpp), which CTest puts first on LD_LIBRARY_PATH: the host side of
// the backend — loading, listing, contexts, memory, modules, launch parameters and the C++ AMP
// exceptions for driver errors — on every machine, GPU or not.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <amp.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "backend/cuda/driver.hpp"
#include "backend/cuda/gpu.hpp"
#include "backend/cuda/memory.hpp"
#include "backend/cuda/module.hpp"
#include "backend/fake_cuda/fake_cuda.h"

namespace {

namespace cuda = ample::detail::cuda;

constexpr const char* test_ptx = ".version 6.4\n.target sm_75\n.address_size 64\n"
                                 ".visible .entry scale(.param .align 8 .b8 args[16])\n{\n  ret;\n}\n";

struct scale_args {
  cuda::CUdeviceptr data;
  std::int32_t count;
  std::int32_t factor;
};

/// fake is the fake driver's test interface, from the library Ample opened.
struct fake {
  void (*fail_next)(int);
  void (*set_launch_hook)(ample_fake_cuda_launch_hook, void*);
  std::size_t (*allocated_bytes)();
  void (*set_compute_mode)(int);
};

class CudaFakeDriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    driver_ = cuda::driver::get();
    ASSERT_NE(driver_, nullptr) << "the fake driver did not load: " << cuda::driver::why();
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib, nullptr);
    fake_.fail_next = reinterpret_cast<void (*)(int)>(dlsym(lib, "ample_fake_cuda_fail_next"));
    fake_.set_launch_hook = reinterpret_cast<void (*)(ample_fake_cuda_launch_hook, void*)>(
        dlsym(lib, "ample_fake_cuda_set_launch_hook"));
    fake_.allocated_bytes = reinterpret_cast<std::size_t (*)()>(dlsym(lib, "ample_fake_cuda_allocated_bytes"));
    fake_.set_compute_mode = reinterpret_cast<void (*)(int)>(dlsym(lib, "ample_fake_cuda_set_compute_mode"));
    ASSERT_TRUE(fake_.fail_next && fake_.set_launch_hook && fake_.allocated_bytes && fake_.set_compute_mode)
        << "libcuda.so.1 is not Ample's fake: LD_LIBRARY_PATH must name tests/fake_cuda";
    gpus_ = cuda::list_gpus(*driver_);
    ASSERT_EQ(gpus_.size(), 1u);
    gpus_.front().make_current();
  }

  const cuda::driver& d() const { return *driver_; }

  const cuda::driver* driver_ = nullptr;
  fake fake_{};
  std::vector<cuda::gpu> gpus_;
};

TEST_F(CudaFakeDriverTest, ListsTheGpuWithItsProperties) {
  EXPECT_EQ(d().version, 13000);
  const cuda::gpu& g = gpus_.front();
  EXPECT_EQ(g.name, "Ample fake GPU");
  EXPECT_EQ(g.memory_bytes, std::size_t{64} << 20);
  EXPECT_EQ(g.compute_major, 7);
  EXPECT_EQ(g.compute_minor, 5);
  EXPECT_EQ(g.multiprocessors, 4);
  EXPECT_EQ(g.pci_location, "0000:1b:00.0");
  EXPECT_FALSE(g.has_display);
  EXPECT_FALSE(g.integrated);
  EXPECT_FALSE(g.pageable_memory_access);
}

TEST_F(CudaFakeDriverTest, CopiesRoundTripAndMemoryIsFreed) {
  const std::size_t before = fake_.allocated_bytes();
  {
    constexpr std::size_t count = 1000;
    constexpr std::size_t bytes = count * sizeof(std::uint32_t);
    cuda::pinned_memory in(d(), bytes), out(d(), bytes);
    cuda::device_memory first(d(), bytes), second(d(), bytes);
    EXPECT_EQ(fake_.allocated_bytes(), before + 2 * bytes);
    auto* source = static_cast<std::uint32_t*>(in.get());
    std::iota(source, source + count, 7u);
    std::memset(out.get(), 0, bytes);
    d().check(d().cuMemcpyHtoDAsync(first.get(), in.get(), bytes, nullptr), "HtoD");
    d().check(d().cuMemcpyDtoDAsync(second.get(), first.get(), bytes, nullptr), "DtoD");
    d().check(d().cuMemcpyDtoHAsync(out.get(), second.get(), bytes, nullptr), "DtoH");
    // Copies to page-locked memory complete asynchronously, on the GPU as in the fake.
    d().check(d().cuStreamSynchronize(nullptr), "synchronize");
    EXPECT_EQ(std::memcmp(in.get(), out.get(), bytes), 0);
  }
  EXPECT_EQ(fake_.allocated_bytes(), before);
}

TEST_F(CudaFakeDriverTest, MemoryNeedsTheGpuMadeCurrentOnTheThread) {
  std::string what;
  std::thread([&] {
    try {
      cuda::device_memory m(d(), 1024);
    } catch (const concurrency::runtime_exception& e) {
      what = e.what();
    }
  }).join();
  EXPECT_NE(what.find("CUDA_ERROR_INVALID_CONTEXT"), std::string::npos) << what;
  EXPECT_NE(what.find("1024 bytes"), std::string::npos) << what;
}

TEST_F(CudaFakeDriverTest, AllocationBeyondTheGpusMemoryIsOutOfMemoryNamingTheSize) {
  const std::size_t too_much = std::size_t{128} << 20;
  try {
    cuda::device_memory m(d(), too_much);
    FAIL() << "allocated more than the GPU has";
  } catch (const concurrency::out_of_memory& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(too_much)), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_OUT_OF_MEMORY"), std::string::npos) << e.what();
  }
}

TEST_F(CudaFakeDriverTest, StickyErrorsRemoveTheViewOthersAreRuntimeExceptions) {
  cuda::device_memory m(d(), 64);
  int value = 0;
  // After these the context is lost (cuda.h: "inconsistent state"): Hopper's error
  // containment, an illegal address, a device-side assert, a failed launch.
  for (const auto& [code, name] : {std::pair{226, "CUDA_ERROR_CONTAINED"}, std::pair{700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
                                   std::pair{710, "CUDA_ERROR_ASSERT"}, std::pair{719, "CUDA_ERROR_LAUNCH_FAILED"}}) {
    fake_.fail_next(code);
    try {
      d().check(d().cuMemcpyHtoDAsync(m.get(), &value, sizeof value, nullptr), "copy of 4 bytes");
      ADD_FAILURE() << name << " was not reported";
    } catch (const concurrency::accelerator_view_removed& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("copy of 4 bytes"), std::string::npos) << e.what();
      EXPECT_EQ(e.get_error_code(), concurrency::error_code::e_device_removed);
    }
  }
  fake_.fail_next(1);  // CUDA_ERROR_INVALID_VALUE
  try {
    d().check(d().cuMemcpyHtoDAsync(m.get(), &value, sizeof value, nullptr), "copy");
    FAIL();
  } catch (const concurrency::accelerator_view_removed&) {
    FAIL() << "an invalid value does not lose the device";
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_INVALID_VALUE"), std::string::npos) << e.what();
  }
}

// A GPU another process holds in exclusive-process mode works, for that process: the error
// says so and how to run on the CPU instead, and does not call the view removed.
TEST_F(CudaFakeDriverTest, AGpuHeldByAnotherProcessIsARuntimeExceptionSayingWhatToDo) {
  try {
    d().failure(46, "cuDevicePrimaryCtxRetain(Ample fake GPU)");  // CUDA_ERROR_DEVICE_UNAVAILABLE
    FAIL();
  } catch (const concurrency::accelerator_view_removed&) {
    FAIL() << "a GPU in use elsewhere is not removed";
  } catch (const concurrency::runtime_exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("CUDA_ERROR_DEVICE_UNAVAILABLE"), std::string::npos) << what;
    EXPECT_NE(what.find("exclusive-process"), std::string::npos) << what;
    EXPECT_NE(what.find("CPPAMP_DEFAULT_ACCELERATOR"), std::string::npos) << what;
  }
}

// A GPU in prohibited compute mode takes no context: it is not an accelerator, so the default
// accelerator is not a GPU that would refuse every use.
TEST_F(CudaFakeDriverTest, AGpuInProhibitedComputeModeIsNotListed) {
  fake_.set_compute_mode(2);  // CU_COMPUTEMODE_PROHIBITED
  const std::vector<cuda::gpu> listed = cuda::list_gpus(d());
  fake_.set_compute_mode(0);
  EXPECT_TRUE(listed.empty());
  EXPECT_EQ(cuda::list_gpus(d()).size(), 1u);
}

TEST_F(CudaFakeDriverTest, ModulesNameTheirKernelsAndRefusedPtxIsNamed) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  EXPECT_NE(m.function("scale"), nullptr);
  try {
    m.function("no_such_kernel");
    FAIL();
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_kernel"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("the test's PTX"), std::string::npos) << e.what();
  }
  try {
    cuda::module broken(d(), "not PTX at all", "broken.ptx");
    FAIL();
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("broken.ptx"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_INVALID_PTX"), std::string::npos) << e.what();
  }
}

/// play_scale() is the kernel `scale` as the fake runs it: the launch's parameter bytes are
/// the struct the host packed, and device addresses are reachable during the launch.
int play_scale(const ample_fake_cuda_launch* launch, void* context) {
  auto& seen = *static_cast<std::vector<std::string>*>(context);
  seen.push_back(std::string(launch->kernel) + " " + std::to_string(launch->grid[0]) + "x" +
                 std::to_string(launch->block[0]) + " " + std::to_string(launch->parameter_bytes));
  if (launch->parameter_bytes != sizeof(scale_args)) return 1;
  scale_args args;
  std::memcpy(&args, launch->parameters, sizeof args);
  auto* data = reinterpret_cast<std::int32_t*>(static_cast<std::uintptr_t>(args.data));
  for (int i = 0; i < args.count; ++i) data[i] *= args.factor;
  return 0;
}

TEST_F(CudaFakeDriverTest, LaunchPassesTheParametersAsOnePackedStruct) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  constexpr int count = 300;
  std::vector<std::int32_t> host(count);
  std::iota(host.begin(), host.end(), -100);
  cuda::device_memory data(d(), count * sizeof(std::int32_t));
  d().check(d().cuMemcpyHtoDAsync(data.get(), host.data(), count * sizeof(std::int32_t), nullptr), "HtoD");
  std::vector<std::string> seen;
  fake_.set_launch_hook(&play_scale, &seen);
  const scale_args args{data.get(), count, 3};
  cuda::launch(d(), m.function("scale"), "scale", {2}, {256}, 0, nullptr, &args, sizeof args);
  fake_.set_launch_hook(nullptr, nullptr);
  std::vector<std::int32_t> result(count, 0);
  d().check(d().cuMemcpyDtoHAsync(result.data(), data.get(), count * sizeof(std::int32_t), nullptr), "DtoH");
  ASSERT_EQ(seen, std::vector<std::string>{"scale 2x256 16"});
  for (int i = 0; i < count; ++i) ASSERT_EQ(result[i], host[i] * 3) << "element " << i;
}

// A stream of cuStreamCreate runs its launches late, as a GPU may: only a wait for that stream
// is sure to find them done, not one for the legacy default stream (which a non-blocking
// stream does not join). The parameters are the ones given at the launch.
TEST_F(CudaFakeDriverTest, LaunchOnAStreamIsDoneWhenThatStreamIsWaitedFor) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  std::vector<std::int32_t> host(8, 5);
  cuda::device_memory data(d(), host.size() * sizeof(std::int32_t));
  d().check(d().cuMemcpyHtoDAsync(data.get(), host.data(), host.size() * sizeof(std::int32_t), nullptr), "HtoD");
  cuda::CUstream stream = nullptr;
  d().check(d().cuStreamCreate(&stream, cuda::CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  std::vector<std::string> seen;
  fake_.set_launch_hook(&play_scale, &seen);
  scale_args args{data.get(), 8, 3};
  cuda::launch(d(), m.function("scale"), "scale", {1}, {8}, 0, stream, &args, sizeof args);
  args.factor = 100;  // the launch took its own copy
  d().check(d().cuStreamSynchronize(nullptr), "legacy stream");
  EXPECT_TRUE(seen.empty()) << "the legacy default stream waited for a non-blocking stream's launch";
  d().check(d().cuStreamSynchronize(stream), "the launch's stream");
  fake_.set_launch_hook(nullptr, nullptr);
  d().check(d().cuStreamDestroy(stream), "cuStreamDestroy");
  d().check(d().cuMemcpyDtoHAsync(host.data(), data.get(), host.size() * sizeof(std::int32_t), nullptr), "DtoH");
  EXPECT_EQ(seen, std::vector<std::string>{"scale 1x8 16"});
  EXPECT_EQ(host, std::vector<std::int32_t>(8, 15));
}

TEST_F(CudaFakeDriverTest, LaunchWithTooLargeABlockIsRefusedNamingTheShape) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  const scale_args args{0, 0, 1};
  try {
    cuda::launch(d(), m.function("scale"), "scale", {1}, {4096}, 0, nullptr, &args, sizeof args);
    FAIL() << "launched 4096 threads a block";
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("1x1x1 blocks of 4096x1x1 threads"), std::string::npos) << e.what();
  }
}

}  // namespace
