// The CUDA driver layer (src/backend/cuda): loading libcuda.so.1, listing GPUs, memory, PTX
// modules, launches and the C++ AMP exceptions for the driver's errors. Label gpu: on a
// machine without an NVIDIA driver every test is skipped, saying why.
#include <gtest/gtest.h>

#include <amp.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <regex>
#include <string>
#include <vector>

#include "backend/cuda/driver.hpp"
#include "backend/cuda/gpu.hpp"
#include "backend/cuda/memory.hpp"
#include "backend/cuda/module.hpp"

namespace {

namespace cuda = ample::detail::cuda;

// Written by hand for the oldest architecture CUDA 13 still compiles for (sm_75), which every
// newer GPU's driver JITs forward. add_one takes one 16-byte struct by value, as kernels
// taking their kernel object will: {int* data; int count;}. store_to_null faults.
constexpr const char* test_ptx = R"(
.version 6.4
.target sm_75
.address_size 64

.visible .entry add_one(.param .align 8 .b8 args[16])
{
  .reg .pred %p;
  .reg .b32 %r<8>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [args];
  ld.param.u32 %r1, [args+8];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.s32 %p, %r5, %r1;
  @%p bra DONE;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.s32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r6, [%rd4];
  add.s32 %r7, %r6, 1;
  st.global.u32 [%rd4], %r7;
DONE:
  ret;
}

.visible .entry store_to_null()
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  mov.u64 %rd1, 0;
  mov.u32 %r1, 1;
  st.global.u32 [%rd1], %r1;
  ret;
}
)";

struct add_one_args {
  cuda::CUdeviceptr data;
  std::int32_t count;
};

/// stream is a non-blocking stream of the current context, destroyed with the object.
class stream {
 public:
  explicit stream(const cuda::driver& d) : driver_(d) {
    d.check(d.cuStreamCreate(&stream_, cuda::CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  }
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  ~stream() { driver_.cuStreamDestroy(stream_); }
  cuda::CUstream get() const { return stream_; }
  void synchronize() const { driver_.check(driver_.cuStreamSynchronize(stream_), "cuStreamSynchronize"); }

 private:
  const cuda::driver& driver_;
  cuda::CUstream stream_ = nullptr;
};

class CudaDriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    driver_ = cuda::driver::get();
    if (driver_ == nullptr) GTEST_SKIP() << "skipped, no GPU to test: " << cuda::driver::why();
    gpus_ = cuda::list_gpus(*driver_);
    if (gpus_.empty()) GTEST_SKIP() << "skipped: the NVIDIA driver lists no GPU";
    gpus_.front().make_current();
  }

  const cuda::driver& d() const { return *driver_; }

  const cuda::driver* driver_ = nullptr;
  std::vector<cuda::gpu> gpus_;
};

TEST(CudaDriverAbsence, EitherLoadsOrSaysWhyNot) {
  const cuda::driver* d = cuda::driver::get();
  if (d == nullptr) {
    EXPECT_NE(cuda::driver::why().find("libcuda.so.1"), std::string::npos) << cuda::driver::why();
  } else {
    EXPECT_TRUE(cuda::driver::why().empty());
    EXPECT_GE(d->version, 10010) << "PTX ISA 6.4 needs CUDA 10.1";
  }
}

TEST_F(CudaDriverTest, ListsEachGpuWithItsProperties) {
  for (const cuda::gpu& g : gpus_) {
    EXPECT_FALSE(g.name.empty());
    EXPECT_GT(g.memory_bytes, std::size_t{1} << 28) << g.name;
    EXPECT_GE(g.compute_major, 5) << g.name;
    EXPECT_GT(g.multiprocessors, 0) << g.name;
    EXPECT_TRUE(std::regex_match(g.pci_location, std::regex("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.0")))
        << g.pci_location;
    std::printf("GPU %d: %s, compute %d.%d, %d SMs, %zu MiB, PCI %s, display %d, integrated %d, pageable access %d\n",
                g.ordinal, g.name.c_str(), g.compute_major, g.compute_minor, g.multiprocessors, g.memory_bytes >> 20,
                g.pci_location.c_str(), g.has_display, g.integrated, g.pageable_memory_access);
  }
}

TEST_F(CudaDriverTest, CopiesThroughPinnedMemoryAndBetweenAllocations) {
  constexpr std::size_t count = 1 << 20;
  constexpr std::size_t bytes = count * sizeof(std::uint32_t);
  cuda::pinned_memory in(d(), bytes), out(d(), bytes);
  cuda::device_memory first(d(), bytes), second(d(), bytes);
  auto* source = static_cast<std::uint32_t*>(in.get());
  std::iota(source, source + count, 7u);
  std::memset(out.get(), 0, bytes);
  stream s(d());
  d().check(d().cuMemcpyHtoDAsync(first.get(), in.get(), bytes, s.get()), "HtoD");
  d().check(d().cuMemcpyDtoDAsync(second.get(), first.get(), bytes, s.get()), "DtoD");
  d().check(d().cuMemcpyDtoHAsync(out.get(), second.get(), bytes, s.get()), "DtoH");
  s.synchronize();
  EXPECT_EQ(std::memcmp(in.get(), out.get(), bytes), 0);
}

TEST_F(CudaDriverTest, RunsAPtxKernelTakingAStructByValue) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  EXPECT_GE(m.jit_milliseconds(), 0.0f);
  const cuda::CUfunction add_one = m.function("add_one");
  constexpr int count = 1000;  // not a multiple of the block: the kernel checks its bound
  std::vector<std::int32_t> host(count);
  std::iota(host.begin(), host.end(), -500);
  cuda::device_memory data(d(), count * sizeof(std::int32_t));
  stream s(d());
  d().check(d().cuMemcpyHtoDAsync(data.get(), host.data(), count * sizeof(std::int32_t), s.get()), "HtoD");
  const add_one_args args{data.get(), count};
  cuda::launch(d(), add_one, "add_one", {(count + 255) / 256}, {256}, 0, s.get(), &args, sizeof args);
  std::vector<std::int32_t> result(count, 0);
  d().check(d().cuMemcpyDtoHAsync(result.data(), data.get(), count * sizeof(std::int32_t), s.get()), "DtoH");
  s.synchronize();
  for (int i = 0; i < count; ++i) ASSERT_EQ(result[i], host[i] + 1) << "element " << i;
}

TEST_F(CudaDriverTest, RefusedPtxThrowsWithTheJitLog) {
  try {
    const std::string broken =
        ".version 6.4\n.target sm_75\n.address_size 64\n.visible .entry broken() { bogus.instruction; }\n";
    cuda::module m(d(), broken, "broken.ptx");
    FAIL() << "the driver accepted invalid PTX";
  } catch (const concurrency::runtime_exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("broken.ptx"), std::string::npos) << what;
    EXPECT_NE(what.find("CUDA_ERROR_"), std::string::npos) << what;
    EXPECT_NE(what.find("bogus"), std::string::npos) << "no JIT log in: " << what;
  }
}

TEST_F(CudaDriverTest, MissingKernelIsNamed) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  try {
    m.function("no_such_kernel");
    FAIL();
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_kernel"), std::string::npos) << e.what();
  }
}

TEST_F(CudaDriverTest, TooLargeAllocationIsOutOfMemoryNamingTheSize) {
  constexpr std::size_t petabyte = std::size_t{1} << 50;
  try {
    cuda::device_memory m(d(), petabyte);
    FAIL() << "allocated a petabyte";
  } catch (const concurrency::out_of_memory& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(petabyte)), std::string::npos) << e.what();
  }
}

TEST_F(CudaDriverTest, LaunchWithTooLargeABlockIsRefusedNamingTheShape) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  stream s(d());
  const add_one_args args{0, 0};
  try {
    cuda::launch(d(), m.function("add_one"), "add_one", {1}, {4096}, 0, s.get(), &args, sizeof args);
    FAIL() << "launched 4096 threads a block";
  } catch (const concurrency::runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("1x1x1 blocks of 4096x1x1 threads"), std::string::npos) << e.what();
  }
}

// Last in the file: a fault leaves the context unusable for the rest of the process (CTest
// runs each test in a process of its own).
TEST_F(CudaDriverTest, ZFaultingKernelRemovesTheAcceleratorView) {
  cuda::module m(d(), test_ptx, "the test's PTX");
  stream s(d());
  cuda::launch(d(), m.function("store_to_null"), "store_to_null", {1}, {1}, 0, s.get(), nullptr, 0);
  try {
    s.synchronize();
    FAIL() << "a store to address 0 went unnoticed";
  } catch (const concurrency::accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << e.what();
  }
}

}  // namespace
