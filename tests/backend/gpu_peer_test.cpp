// Copies between two GPUs, against the fake driver listing two (AMPLE_FAKE_CUDA_DEVICES=2, set
// before anything opens the driver): bytes go from one GPU's memory to the other's through the
// driver's peer copies, never through the host, once the destination's GPU has been given
// access to the source's memory where the driver allows it. CTest runs these three times: as
// they are; without memory pools (no_pools:), where that access is cuCtxEnablePeerAccess's;
// and with GPUs that cannot reach each other's memory (no_peer_access:), where the driver
// still copies, through the host.
#include "backend/gpu_launch_fixture.hpp"

#include <cstdlib>

namespace {

// At static initialisation, before main() and so before any accelerator is listed.
[[maybe_unused]] const int two_gpus = setenv("AMPLE_FAKE_CUDA_DEVICES", "2", 1);

using ample::detail::device;
using ample::detail::device_copy;

class GpuPeerTest : public GpuLaunchTest {
 protected:
  void SetUp() override {
    GpuLaunchTest::SetUp();
    for (const accelerator& a : accelerator::get_all())
      if (a.get_description() == L"Ample fake GPU") gpus_.push_back(a);
    ASSERT_EQ(gpus_.size(), 2u) << "the fake driver lists two GPUs";
    peer_bytes_ = fake_function<std::size_t(int)>("ample_fake_cuda_peer_bytes");
    fail_next_ = fake_function<void(int)>("ample_fake_cuda_fail_next");
    ASSERT_TRUE(peer_bytes_ && fail_next_);
  }

  static bool peer_access() {
    const char* setting = std::getenv("AMPLE_FAKE_CUDA_PEER_ACCESS");
    return setting == nullptr || std::string(setting) != "0";
  }

  const device& memory_of(int gpu) const { return *ample::detail::find_device(gpus_[gpu].get_device_path()); }

  std::vector<accelerator> gpus_;
  std::size_t (*peer_bytes_)(int direct) = nullptr;
  void (*fail_next_)(int result) = nullptr;
};

TEST_F(GpuPeerTest, EachGpuIsAnAcceleratorOfItsOwn) {
  EXPECT_EQ(gpus_[0].get_device_path(), L"ample\\cuda\\0000:1b:00.0");
  EXPECT_EQ(gpus_[1].get_device_path(), L"ample\\cuda\\0000:1c:00.0");
}

TEST_F(GpuPeerTest, PiecesMoveFromOneGpusMemoryToTheOthersDirectly) {
  const device& first = memory_of(0);
  const device& second = memory_of(1);
  std::vector<int> in(1000), out(1000, -1);
  std::iota(in.begin(), in.end(), 0);
  void* from = first.memory->allocate(first, 4000, "a test buffer", false);
  void* to = second.memory->allocate(second, 4000, "a test buffer", true);
  first.memory->copy_in(first, from, in.data(), 4000);
  const std::size_t copied = peer_bytes_(0), direct = peer_bytes_(1);
  const device_copy pieces[2] = {{to, from, 400},
                                 {static_cast<char*>(to) + 3600, static_cast<const char*>(from) + 3600, 400}};
  second.memory->copy_between(second, first, pieces, 2);
  second.memory->copy_out(second, out.data(), to, 4000);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], i < 100 || i >= 900 ? i : 0) << "element " << i;
  EXPECT_EQ(peer_bytes_(0) - copied, 800u);
  EXPECT_EQ(peer_bytes_(1) - direct, peer_access() ? 800u : 0u)
      << "the second GPU was given access to the first's memory where it can have it";
  first.memory->release(first, from);
  second.memory->release(second, to);
}

TEST_F(GpuPeerTest, AFailedCopyBetweenGpusNamesBothAndTheBytes) {
  const device& first = memory_of(0);
  const device& second = memory_of(1);
  void* from = first.memory->allocate(first, 4000, "a test buffer", true);
  void* to = second.memory->allocate(second, 4000, "a test buffer", true);
  const device_copy piece{to, from, 4000};
  second.memory->copy_between(second, first, &piece, 1);  // connects the two, once for the process
  fail_next_(1);  // CUDA_ERROR_INVALID_VALUE, from the copy
  try {
    second.memory->copy_between(second, first, &piece, 1);
    ADD_FAILURE() << "the copy did not fail";
  } catch (const runtime_exception& e) {
    const std::string said = e.what();
    EXPECT_NE(said.find("4000 bytes from the memory of Ample fake GPU (0000:1b:00.0)"), std::string::npos) << said;
    EXPECT_NE(said.find("to that of Ample fake GPU (0000:1c:00.0)"), std::string::npos) << said;
    EXPECT_NE(said.find("CUDA_ERROR_INVALID_VALUE"), std::string::npos) << said;
  }
  first.memory->release(first, from);
  second.memory->release(second, to);
}

TEST_F(GpuPeerTest, CopiesBetweenArraysOnTwoGpusGoFromOnesMemoryToTheOthers) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code a GPU's arrays are kept in host memory";
#endif
  std::vector<int> in(1000), out(1000);
  std::iota(in.begin(), in.end(), 0);
  array<int, 1> first_array(1000, in.begin(), gpus_[0].get_default_view());
  array<int, 1> second_array(1000, gpus_[1].get_default_view());
  array<int, 1> back(1000, gpus_[0].get_default_view());
  const transfer_meter first{gpus_[0]}, second{gpus_[1]};
  const std::size_t copied = peer_bytes_(0);
  copy(first_array, second_array);
  EXPECT_EQ(peer_bytes_(0) - copied, 4000u);
  copy_async(second_array, back).get();
  EXPECT_EQ(peer_bytes_(0) - copied, 8000u) << "queued on the first GPU's view, the same way back";
  EXPECT_EQ(first.out(), 4000u);
  EXPECT_EQ(first.in(), 4000u);
  EXPECT_EQ(second.in(), 4000u);
  EXPECT_EQ(second.out(), 4000u);
  copy(back, out.begin());
  EXPECT_EQ(out, in);
  copy(second_array, out.begin());
  EXPECT_EQ(out, in);
}

TEST_F(GpuPeerTest, AViewWrittenOnOneGpuMovesToTheOtherWithoutTheHost) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernels run on the CPU engine";
#else
  std::vector<int> data(1000, -1);
  {
    array_view<int, 1> v(1000, data);
    v.discard_data();
    const auto set = [=](index<1> i) restrict(amp) { v[i] = i[0]; };
    hook_.play = play_flat<decltype(set), 1>(data.data());
    parallel_for_each(gpus_[0].get_default_view(), v.extent, set);
    gpus_[0].get_default_view().wait();  // played now, while the hook plays `set`
    const transfer_meter first{gpus_[0]}, second{gpus_[1]};
    const std::size_t copied = peer_bytes_(0);
    const auto add = [=](index<1> i) restrict(amp) { v[i] += 1; };
    hook_.play = play_flat<decltype(add), 1>(data.data());
    parallel_for_each(gpus_[1].get_default_view(), v.extent, add);
    v.synchronize();
    EXPECT_EQ(hook_.launches, 2);
    EXPECT_EQ(peer_bytes_(0) - copied, 4000u) << "from the first GPU's memory to the second's";
    EXPECT_EQ(first.out(), 4000u);
    EXPECT_EQ(second.in(), 4000u);
    EXPECT_EQ(second.out(), 4000u) << "synchronize() brings the bytes home from the second GPU";
  }
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(data[i], i + 1) << "element " << i;
#endif
}

// Without a view a launch runs on the view of the arrays its kernel captures (C++ AMP's
// automatic selection), here on the GPU that is not the default: there, not on the default
// GPU, which would have run it on the CPU engine (an array of another GPU is a host address
// to it), saying so.
TEST_F(GpuPeerTest, ALaunchWithoutAViewRunsOnTheGpuOfTheArraysItCaptures) {
  const accelerator& other = accelerator() == gpus_[0] ? gpus_[1] : gpus_[0];
  std::vector<int> in(1000);
  std::iota(in.begin(), in.end(), 0);
  array<int, 1> a(1000, in.begin(), other.get_default_view());
  const auto twice = [&a](index<1> i) restrict(amp) { a[i] *= 2; };
  hook_.play = play_flat<decltype(twice), 1>(nullptr, &a);
  testing::internal::CaptureStderr();
  parallel_for_each(a.extent, twice);
  const std::string said = testing::internal::GetCapturedStderr();
  const std::vector<int> out = a;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], 2 * i) << "element " << i;
  if (expect_device_code) {
    EXPECT_EQ(hook_.launches, 1);
    EXPECT_EQ(said, "") << "it ran on the array's GPU";
  }
}

}  // namespace
