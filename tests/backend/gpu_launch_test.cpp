// Launches on a GPU accelerator through the data model, against Ample's fake libcuda.so.1
// (backend/fake_cuda), which CTest puts first on LD_LIBRARY_PATH: the fake GPU is listed as an
// accelerator; views move to and from its memory through the driver; a kernel with device
// code is launched with its kernel object (views pointing at the GPU's copies, arrays at their
// images in the GPU's memory) as parameter, and the fake hands the launch to the test, which
// plays the kernel on those copies; kernels without device code run on the CPU engine and say
// so.
#include "backend/gpu_launch_fixture.hpp"

namespace {

TEST_F(GpuLaunchTest, TheGpuIsAnAcceleratorWithMicrosoftsProperties) {
  const std::vector<accelerator> all = accelerator::get_all();
  EXPECT_EQ(all.front(), gpu_) << "hardware first";
  EXPECT_EQ(gpu_.get_device_path(), L"ample\\cuda\\0000:1b:00.0");
  EXPECT_FALSE(gpu_.get_is_emulated());
  EXPECT_FALSE(gpu_.get_has_display());
  EXPECT_TRUE(gpu_.get_supports_double_precision());
  EXPECT_EQ(gpu_.get_dedicated_memory(), 64u * 1024);
  EXPECT_EQ(accelerator(gpu_.get_device_path()), gpu_);
#ifdef AMPLE_EXPECT_DEVICE_CODE
  EXPECT_EQ(accelerator(), gpu_) << "with device code, the GPU with the most memory is the default, as in Visual C++";
#else
  EXPECT_NE(accelerator(), gpu_) << "without device code, the engine stays the default: the kernels run there";
#endif
}

TEST_F(GpuLaunchTest, FlatKernelRunsOnTheGpusCopiesAndSynchronizeBringsThemBack) {
  std::vector<int> data(1000);
  std::iota(data.begin(), data.end(), 0);
  [[maybe_unused]] const auto before = transfers(gpu_);
  {
    array_view<int, 1> v(1000, data);
    const auto kernel = [=](index<1> i) restrict(amp) { v[i] = v[i] * 2 + 1; };
    hook_.play = play_flat<decltype(kernel), 1>(data.data());
    parallel_for_each(gpu_.get_default_view(), v.extent, kernel);
    gpu_.get_default_view().wait();
#ifdef AMPLE_EXPECT_DEVICE_CODE
    EXPECT_EQ(hook_.launches, 1);
    EXPECT_EQ(data[10], 10) << "the GPU's writes reach the host only at synchronize()";
#endif
    v.synchronize();
  }
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(data[i], 2 * i + 1) << "element " << i;
#ifdef AMPLE_EXPECT_DEVICE_CODE
  const auto after = transfers(gpu_);
  EXPECT_EQ(after.bytes_in - before.bytes_in, 4000u);
  EXPECT_EQ(after.bytes_out - before.bytes_out, 4000u);
#else
  EXPECT_EQ(hook_.launches, 0) << "no device code: the CPU engine ran it";
#endif
}

TEST_F(GpuLaunchTest, RankTwoKernelOverTwoViews) {
  std::vector<float> in(300 * 257), out(300 * 257, 0.0f);
  std::iota(in.begin(), in.end(), 0.0f);
  {
    array_view<const float, 2> source(300, 257, in);
    array_view<float, 2> target(300, 257, out);
    target.discard_data();
    const auto kernel = [=](index<2> i) restrict(amp) { target[i] = source[i] * 0.5f + 1.0f; };
    hook_.play = play_flat<decltype(kernel), 2>(out.data());
    parallel_for_each(gpu_.get_default_view(), target.extent, kernel);
  }  // the last views go: what the GPU wrote comes home
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], in[i] * 0.5f + 1.0f) << "element " << i;
}

// With device code, an array on the GPU lives in its memory; the kernel gets the array's image
// there in place of its host address, reads and writes the GPU's copy, and the host's access
// brings the elements home.
TEST_F(GpuLaunchTest, KernelReachesAnArrayByReferenceInTheGpusMemory) {
  std::vector<int> initial(64);
  std::iota(initial.begin(), initial.end(), 100);
  [[maybe_unused]] const auto before = transfers(gpu_);
  array<int, 1> a(64, initial.begin(), initial.end(), gpu_.get_default_view());
  std::vector<int> result(64, 0);
  {
    array_view<int, 1> v(64, result);
    const auto kernel = [=, &a](index<1> i) restrict(amp) {
      v[i] = a[i] + 1;
      a[i] *= 2;
    };
    hook_.play = play_flat<decltype(kernel), 1>(result.data(), &a);
    testing::internal::CaptureStderr();
    parallel_for_each(gpu_.get_default_view(), v.extent, kernel);
    v.synchronize();
    const std::string said = testing::internal::GetCapturedStderr();
#ifdef AMPLE_EXPECT_DEVICE_CODE
    EXPECT_EQ(hook_.launches, 1);
    EXPECT_EQ(said, "");
#else
    EXPECT_EQ(hook_.launches, 0);
    // Built without the plugin, or with one that declined the kernel (sanitizer builds).
    EXPECT_TRUE(said.find("not compiled for GPUs") != std::string::npos ||
                said.find("kept it CPU-only") != std::string::npos)
        << said;
#endif
  }
  for (int i = 0; i < 64; ++i) ASSERT_EQ(result[i], 101 + i) << "element " << i;
  const std::vector<int> doubled = a;
  for (int i = 0; i < 64; ++i) ASSERT_EQ(doubled[i], 2 * (100 + i)) << "element " << i;
#ifdef AMPLE_EXPECT_DEVICE_CODE
  const auto after = transfers(gpu_);
  EXPECT_EQ(after.bytes_in - before.bytes_in, 2 * 256u) << "the array and the view, once each";
  EXPECT_EQ(after.bytes_out - before.bytes_out, 2 * 256u);
#endif
}

// A moved array takes its image along: the kernel reaches the new object's elements.
TEST_F(GpuLaunchTest, AMovedArrayKeepsItsImage) {
  std::vector<int> initial(32, 5);
  array<int, 1> first(32, initial.begin(), initial.end(), gpu_.get_default_view());
  array<int, 1> moved(std::move(first));
  array<int, 1> assigned(1, gpu_.get_default_view());
  assigned = std::move(moved);
  const auto kernel = [&assigned](index<1> i) restrict(amp) { assigned[i] += i[0]; };
  hook_.play = play_flat<decltype(kernel), 1>(nullptr, &assigned);
  parallel_for_each(gpu_.get_default_view(), assigned.extent, kernel);
  const std::vector<int> out = assigned;
  for (int i = 0; i < 32; ++i) ASSERT_EQ(out[i], 5 + i) << "element " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0);
}

// The host reaches an array in the GPU's memory through its host mirror, made current by every
// way in: copy() in and out, copy_async(), a view over the array, conversion to std::vector.
TEST_F(GpuLaunchTest, HostAccessToAnArrayInTheGpusMemoryGoesThroughItsMirror) {
  std::vector<int> in(48);
  std::iota(in.begin(), in.end(), 1);
  array<int, 1> a(48, gpu_.get_default_view());
  const ample::detail::buffer& storage = *ample::detail::container_access::storage(a);
  EXPECT_EQ(storage.data() != storage.host_data(), expect_device_code)
      << "with device code, the elements live in the GPU's memory, with a host mirror";
  copy(in.begin(), in.end(), a);
  const auto add_index = [&a](index<1> i) restrict(amp) { a[i] += 100 * i[0]; };
  hook_.play = play_flat<decltype(add_index), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, add_index);
  std::vector<int> out(48, 0);
  copy(a, out.begin());
  for (int i = 0; i < 48; ++i) ASSERT_EQ(out[i], 1 + i + 100 * i) << "element " << i;

  std::vector<int> again(48, 2);
  copy_async(again.begin(), again.end(), a).get();
  array_view<int, 1> whole(a);
  const auto triple = [=](index<1> i) restrict(amp) { whole[i] *= 3; };
  hook_.play = play_flat<decltype(triple), 1>(nullptr);
  parallel_for_each(gpu_.get_default_view(), a.extent, triple);
  EXPECT_EQ(whole[5], 6) << "a view over the array reads what the kernel wrote";
  const std::vector<int> tripled = a;
  for (int i = 0; i < 48; ++i) ASSERT_EQ(tripled[i], 6) << "element " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 2 : 0);
}

// With device code an array on the GPU lives in its memory, and a contiguous host range moves
// straight between it and the program, each byte across once, as Direct3D's copies did: the
// host mirror is passed by, and left stale, where it is not current already. The fake faults
// where the host touches the GPU's memory, so a copy that took the wrong side would show.
TEST_F(GpuLaunchTest, ContiguousHostRangesMoveStraightBetweenTheProgramAndAnArrayInTheGpusMemory) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code arrays on the GPU live in host memory";
#endif
  constexpr int n = 1000;
  constexpr std::uint64_t bytes = n * sizeof(int);
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 0);
  const transfer_meter moved{gpu_};
  array<int, 1> a(n, in.begin(), in.end(), gpu_.get_default_view());
  EXPECT_EQ(moved.in(), bytes) << "made in the GPU's memory";
  const auto add_ten = [&a](index<1> i) restrict(amp) { a[i] += 10; };
  hook_.play = play_flat<decltype(add_ten), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, add_ten);
  EXPECT_EQ(moved.in(), bytes) << "the kernel found the elements there";

  std::vector<int> out(n, -1);
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 10) << "element " << i;
  const std::vector<int> converted = a;
  EXPECT_EQ(converted, out);
  EXPECT_EQ(moved.out(), 2 * bytes) << "each copy out came from the GPU's memory: the mirror is not theirs to fill";

  copy(in.data(), in.data() + n, a);
  copy_async(in.begin(), a).get();
  const array<int, 1> from_pointer(extent<1>(n), in.data(), gpu_.get_default_view());
  EXPECT_EQ(moved.in(), 4 * bytes);
  std::vector<int> async_out(n, -1);
  copy_async(from_pointer, async_out.begin()).get();
  EXPECT_EQ(async_out, in);
  EXPECT_EQ(moved.out(), 3 * bytes);

  EXPECT_EQ(a[n - 1], n - 1) << "host access brings the elements to the mirror";
  EXPECT_EQ(moved.out(), 4 * bytes);
  copy(a, out.begin());
  EXPECT_EQ(out, in);
  EXPECT_EQ(moved.out(), 4 * bytes) << "with the mirror current, a copy out reads it";
  EXPECT_EQ(hook_.launches, 1);
}

// A view over a std::vector copied into an array in the GPU's memory, or made into one, goes
// straight from the vector to the GPU; the array copied back into a view over a vector goes
// straight from the GPU into the vector.
TEST_F(GpuLaunchTest, CopiesBetweenViewsOverHostMemoryAndArraysInTheGpusMemoryCrossOnce) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code arrays on the GPU live in host memory";
#endif
  constexpr int n = 1000;
  constexpr std::uint64_t bytes = n * sizeof(int);
  std::vector<int> in(n), out(n, 0);
  std::iota(in.begin(), in.end(), 5);
  const array_view<const int, 1> source(n, in);
  const transfer_meter moved{gpu_};
  array<int, 1> made(source, gpu_.get_default_view());
  array<int, 1> copied(n, gpu_.get_default_view());
  copy(source, copied);
  EXPECT_EQ(moved.in(), 2 * bytes);
  const array_view<int, 1> target(n, out);
  copy(made, target);
  EXPECT_EQ(out, in) << "the vector under the view holds them at once";
  copy(copied.section(0, n / 2), target.section(n / 2, n / 2));
  for (int i = 0; i < n / 2; ++i) ASSERT_EQ(out[n / 2 + i], in[i]) << i;
  EXPECT_EQ(moved.out(), bytes + bytes / 2);
}

// copy_async() between them crosses once too, queued on the array's accelerator_view: a copy
// out queued after a kernel that writes the array reads what the kernel wrote.
TEST_F(GpuLaunchTest, QueuedCopiesBetweenViewsOverHostMemoryAndArraysInTheGpusMemoryCrossOnce) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code arrays on the GPU live in host memory";
#endif
  constexpr int n = 1000;
  constexpr std::uint64_t bytes = n * sizeof(int);
  std::vector<int> in(n), out(n, 0);
  std::iota(in.begin(), in.end(), 5);
  const array_view<const int, 1> source(n, in);
  array<int, 1> a(n, gpu_.get_default_view());
  const transfer_meter moved{gpu_};
  copy_async(source, a).get();
  EXPECT_EQ(moved.in(), bytes);
  const auto twice = [&a](index<1> i) restrict(amp) { a[i] *= 2; };
  hook_.play = play_flat<decltype(twice), 1>(in.data(), &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, twice);
  const array_view<int, 1> target(n, out);
  copy_async(a, target).get();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 2 * in[i]) << i;
  EXPECT_EQ(hook_.launches, 1);
  EXPECT_EQ(moved.in(), bytes) << "the kernel read the array where the copy put it";
  EXPECT_EQ(moved.out(), bytes);
  const auto fail_next = fake_function<void(int)>("ample_fake_cuda_fail_next");
  ASSERT_NE(fail_next, nullptr);
  fail_next(700);  // CUDA_ERROR_ILLEGAL_ADDRESS
  try {
    copy_async(source, a).get();
    ADD_FAILURE() << "the copy did not fail";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("copy of 4000 bytes to Ample fake GPU"), std::string::npos) << e.what();
  }
  // The queue reports the failure once more, to whichever waits on it first (data-model.md,
  // "Exceptions"): here, and not to the next test's first command.
  EXPECT_THROW(gpu_.get_default_view().wait(), accelerator_view_removed);
  EXPECT_NO_THROW(gpu_.get_default_view().wait());
}

// copy_async() into an array on one view of the GPU from a view that a kernel queued on another
// view writes returns before that kernel has run: the copy waits for it on its own queue, then
// moves the kernel's results within the GPU's memory.
TEST_F(GpuLaunchTest, CopyAsyncFromAnotherViewsKernelReturnsBeforeTheKernelRuns) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernel runs on the CPU engine before its launch returns";
#endif
  constexpr int n = 1000;
  std::vector<int> data(n, 0), out(n, -1);
  const array_view<int, 1> v(n, data);
  const accelerator_view writer = gpu_.create_view(), reader = gpu_.create_view();
  array<int, 1> target(n, reader);
  std::atomic<bool> open{false};
  std::atomic<int> opened_in_time{-1};
  const auto triple = [=](index<1> i) restrict(amp) { v[i] = 3 * i[0]; };
  hook_.play = [&, play = play_flat<decltype(triple), 1>(data.data())](const ample_fake_cuda_launch& l) {
    // The kernel runs when its stream is waited for, on the writer's queue: held there until
    // the test has seen copy_async() return, or for 20 s.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!open.load() && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
    opened_in_time = open.load() ? 1 : 0;
    return play(l);
  };
  parallel_for_each(writer, v.extent, triple);
  const transfer_meter moved{gpu_};
  completion_future copied = copy_async(v, target);
  EXPECT_FALSE(copied.is_ready()) << "the kernel is held";
  open = true;
  copied.get();
  EXPECT_EQ(opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  EXPECT_EQ(moved.out(), 0u) << "the kernel's results came home for the copy";
  copy(target, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i) << i;
}

// A copy between a host range and the GPU's memory that the driver refuses throws from copy()
// itself, naming the bytes and the GPU.
TEST_F(GpuLaunchTest, AFailedCopyBetweenAHostRangeAndTheGpuNamesItsBytes) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code arrays on the GPU live in host memory";
#endif
  const auto fail_next = fake_function<void(int)>("ample_fake_cuda_fail_next");
  ASSERT_NE(fail_next, nullptr);
  std::vector<int> in(250, 3), out(250, 0);
  array<int, 1> a(250, gpu_.get_default_view());
  fail_next(700);  // CUDA_ERROR_ILLEGAL_ADDRESS
  try {
    copy(in.begin(), in.end(), a);
    ADD_FAILURE() << "the copy did not fail";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("copy of 1000 bytes to Ample fake GPU"), std::string::npos) << e.what();
  }
  copy(in.begin(), in.end(), a);
  fail_next(700);
  try {
    copy(a, out.begin());
    ADD_FAILURE() << "the copy did not fail";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("copy of 1000 bytes from Ample fake GPU"), std::string::npos) << e.what();
  }
}

/// over_rank_4() is `e` as the domain of rank 4 that covers it: a GPU grid has 3 dimensions, so
/// a kernel over it runs on the CPU engine.
extent<4> over_rank_4(const extent<1>& e) {
  const int dims[4] = {1, 1, 1, e[0]};
  return extent<4>(dims);
}

// A kernel that runs on the CPU engine instead reads arrays' host copies: what an earlier
// kernel wrote in the GPU's memory comes home first, and goes back for the next.
TEST_F(GpuLaunchTest, AKernelOnTheCpuEngineReadsArraysMadeCurrentOnTheHost) {
  array<int, 1> a(16, gpu_.get_default_view());
  const auto write = [&a](index<1> i) restrict(amp) { a[i] = 3 * i[0]; };
  hook_.play = play_flat<decltype(write), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, write);
  gpu_.get_default_view().wait();
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), over_rank_4(a.extent),
                    [&a](index<4> i) restrict(amp) { a[i[3]] += 1000; });
  // A view over the array, in a kernel that also runs on the CPU engine, is held by the launch
  // over the buffer that the host access to every array in a GPU's memory also reaches.
  const array_view<int, 1> over_a(a);
  parallel_for_each(gpu_.get_default_view(), over_rank_4(a.extent),
                    [over_a](index<4> i) restrict(amp) { over_a[i[3]] += 1; });
  const std::string said = testing::internal::GetCapturedStderr();
  // Without device code the first kernel said it already (GCC names every lambda here alike).
  if (expect_device_code) {
    EXPECT_NE(said.find("runs on the CPU engine"), std::string::npos) << said;
  }
  const auto increment = [&a](index<1> i) restrict(amp) { a[i] += 1; };
  hook_.play = play_flat<decltype(increment), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, increment);
  const std::vector<int> out = a;
  for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], 3 * i + 1002) << "element " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 2 : 0);
}

// Kernels of other accelerators (the CPU engine's, REF's) that reach an array in the GPU's
// memory by reference run over its host mirror, made current for them, and the GPU's next
// kernel finds what they wrote.
TEST_F(GpuLaunchTest, KernelsOfOtherAcceleratorsReachAnArrayInTheGpusMemoryThroughItsMirror) {
  array<int, 1> a(16, gpu_.get_default_view());
  const auto write = [&a](index<1> i) restrict(amp) { a[i] = 3 * i[0]; };
  hook_.play = play_flat<decltype(write), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, write);
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  parallel_for_each(engine, a.extent, [&a](index<1> i) restrict(amp) { a[i] += 1000; });
  const auto increment = [&a](index<1> i) restrict(amp) { a[i] += 1; };
  hook_.play = play_flat<decltype(increment), 1>(nullptr, &a);
  parallel_for_each(gpu_.get_default_view(), a.extent, increment);
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).default_view;
  parallel_for_each(ref, a.extent, [&a](index<1> i) restrict(amp) { a[i] += 20000; });
  parallel_for_each(gpu_.get_default_view(), a.extent, increment);
  const std::vector<int> out = a;
  for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], 3 * i + 21002) << "element " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 3 : 0);
}

// Without a view a launch runs on the view of the arrays its kernel captures (C++ AMP's
// automatic selection): an array on the CPU engine takes the kernel there, not to the default
// GPU, which would have run it on the CPU engine anyway, saying so; an array on the GPU takes
// it to the GPU, whatever the default.
TEST_F(GpuLaunchTest, ALaunchWithoutAViewRunsWhereTheArraysItCapturesAre) {
  if (expect_device_code) {
    EXPECT_EQ(accelerator(), gpu_) << "the GPU is the default where the program has device code";
  }
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  array<int, 1> on_engine(16, engine);
  array<int, 1> on_gpu(16, gpu_.get_default_view());
  testing::internal::CaptureStderr();
  parallel_for_each(on_engine.extent, [&on_engine](index<1> i) restrict(amp) { on_engine[i] = 2 * i[0]; });
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << "no GPU was asked to run it";
  EXPECT_EQ(hook_.launches, 0);
  const auto set = [&on_gpu](index<1> i) restrict(amp) { on_gpu[i] = 3 * i[0]; };
  hook_.play = play_flat<decltype(set), 1>(nullptr, &on_gpu);
  parallel_for_each(on_gpu.extent, set);
  const std::vector<int> engine_out = on_engine, gpu_out = on_gpu;
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0);
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(engine_out[i], 2 * i) << "element " << i;
    ASSERT_EQ(gpu_out[i], 3 * i) << "element " << i;
  }
}

/// texels_on_host() is where a texture's texels are in host memory: its host copy, or mirror.
template <class T, int N>
const void* texels_on_host(const graphics::texture<T, N>& tex) {
  return ample::detail::texture_access::storage(tex)->texels().host_data();
}

// A texture on the GPU lives in its memory as an array does: the kernel gets the texture's
// image in place of its host address, reads and writes the GPU's copy in the stored format,
// and copies to the host bring the texels home, each way once.
TEST_F(GpuLaunchTest, KernelReachesATextureByReferenceInTheGpusMemory) {
  std::vector<int> initial(100);
  std::iota(initial.begin(), initial.end(), 0);
  graphics::texture<int, 1> tex(100, initial.begin(), initial.end(), gpu_.get_default_view());
  [[maybe_unused]] const auto before = transfers(gpu_);
  const auto kernel = [&tex](index<1> i) restrict(amp) { tex.set(i, tex.get(i) * 2 + tex[i]); };
  hook_.play = play_flat<decltype(kernel), 1>(texels_on_host(tex), &tex);
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), tex.extent, kernel);
  const std::string said = testing::internal::GetCapturedStderr();
  std::vector<int> out(100);
  graphics::copy(tex, out.begin());
  for (int i = 0; i < 100; ++i) ASSERT_EQ(out[i], 3 * i) << "texel " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0);

  // The texture and a view of it in one kernel: the launch holds the texels for both.
  const graphics::texture_view<int, 1> tv(tex);
  const auto both = [&tex, tv](index<1> i) restrict(amp) { tv.set(i, tex[i] + 1); };
  hook_.play = play_flat<decltype(both), 1>(texels_on_host(tex), &tex);
  parallel_for_each(gpu_.get_default_view(), tex.extent, both);
  EXPECT_EQ(tex[99], 298);
  EXPECT_EQ(hook_.launches, expect_device_code ? 2 : 0);
  if (expect_device_code) {
    EXPECT_EQ(said, "");
    const auto after = transfers(gpu_);
    EXPECT_EQ(after.bytes_in - before.bytes_in, 400u) << "the texels, once: reading them home kept the GPU's copy";
    EXPECT_EQ(after.bytes_out - before.bytes_out, 800u) << "home after each kernel";
  }
}

// Texture views travel by value, as array_views do: each kernel's copy points at the GPU's copy
// of the levels it sees, which a read-write view writes and a read-only view reads, texel by
// texel and through a sampler, with the host's reads and writes between kernels.
// Raw host memory moves straight between the program and texels at home in the GPU's memory,
// whole or a section's rows, as a host range does for an array; the host mirror is passed by.
TEST_F(GpuLaunchTest, RawBytesMoveStraightBetweenTheProgramAndATextureInTheGpusMemory) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code textures on the GPU live in host memory";
#endif
  constexpr unsigned int bytes = 16 * 8 * sizeof(int);
  std::vector<int> in(16 * 8);
  std::iota(in.begin(), in.end(), 0);
  graphics::texture<int, 2> tex(16, 8, gpu_.get_default_view());
  const transfer_meter moved{gpu_};
  graphics::copy(in.data(), bytes, tex);
  EXPECT_EQ(moved.in(), bytes);
  const int block[4] = {-1, -2, -3, -4};
  graphics::copy(block, sizeof(block), tex, index<2>(3, 5), extent<2>(2, 2));
  EXPECT_EQ(moved.in(), bytes + sizeof(block)) << "a row of two texels, twice";
  in[3 * 8 + 5] = -1;
  in[3 * 8 + 6] = -2;
  in[4 * 8 + 5] = -3;
  in[4 * 8 + 6] = -4;

  std::vector<int> out(16 * 8, 0);
  graphics::copy(tex, out.data(), bytes);
  EXPECT_EQ(out, in);
  int corner[4] = {};
  graphics::copy(tex, index<2>(3, 5), extent<2>(2, 2), corner, sizeof(corner));
  EXPECT_EQ(corner[3], -4);
  EXPECT_EQ(moved.out(), bytes + sizeof(corner)) << "each copy out from the GPU's memory";
  EXPECT_EQ(moved.in(), bytes + sizeof(block));

  EXPECT_EQ(tex(index<2>(15, 7)), 16 * 8 - 1) << "host access brings the texels to the mirror";
  EXPECT_EQ(moved.out(), 2 * bytes + sizeof(corner));
  graphics::copy(tex, out.data(), bytes);
  EXPECT_EQ(out, in);
  EXPECT_EQ(moved.out(), 2 * bytes + sizeof(corner)) << "with the mirror current, a copy out reads it";

  const transfer_meter made{gpu_};
  const graphics::texture<int, 2> copied(16, 8, in.data(), bytes, 32u, gpu_.get_default_view());
  EXPECT_EQ(made.in(), bytes) << "the constructor from raw memory copies in once";
  std::fill(out.begin(), out.end(), 0);
  graphics::copy(copied, out.data(), bytes);
  EXPECT_EQ(out, in);
  EXPECT_EQ(made.out(), bytes) << "the mirror was never filled: the copy out reads the GPU's memory";
}

TEST_F(GpuLaunchTest, TextureViewsByValueReachTheGpusCopy) {
  graphics::texture<float, 2> tex(4, 8, gpu_.get_default_view());
  const graphics::texture_view<float, 2> tv(tex);
  const auto fill = [=](index<2> i) restrict(amp) { tv.set(i, float(i[0] * 8 + i[1])); };
  hook_.play = play_flat<decltype(fill), 2>(texels_on_host(tex), &tex);
  parallel_for_each(gpu_.get_default_view(), tv.extent, fill);
  EXPECT_EQ(tex(3, 7), 31.0f) << "the host reads what the kernel wrote";
  tex.set(index<2>(0, 0), 100.0f);

  const graphics::texture_view<const float, 2> read(tex);
  const graphics::sampler point(graphics::filter_point, graphics::address_clamp);
  std::vector<float> texels(32), samples(32);
  array_view<float, 2> direct(4, 8, texels), sampled(4, 8, samples);
  const auto copy_out = [=](index<2> i) restrict(amp) {
    direct[i] = read[i];
    sampled[i] = read.sample(point, graphics::float_2((i[1] + 0.5f) / 8, (i[0] + 0.5f) / 4));
  };
  hook_.play = play_flat<decltype(copy_out), 2>(texels_on_host(tex), &tex);
  parallel_for_each(gpu_.get_default_view(), direct.extent, copy_out);
  direct.synchronize();
  sampled.synchronize();
  for (int i = 0; i < 32; ++i) {
    ASSERT_EQ(texels[i], i == 0 ? 100.0f : float(i)) << "texel " << i;
    ASSERT_EQ(samples[i], texels[i]) << "sample " << i;
  }
  // Both kernels on the GPU, in the sanitizer build (-O2) too, where the sampler and the
  // texture's layout reach a sampling helper left out of line through stack slots.
  EXPECT_EQ(hook_.launches, expect_device_code ? 2 : 0);
}

// A kernel that runs on the CPU engine reads textures' host copies, whether it captures the
// texture or a view: what a GPU kernel wrote comes home first, and goes back for the next.
TEST_F(GpuLaunchTest, AKernelOnTheCpuEngineReadsTexturesMadeCurrentOnTheHost) {
  graphics::texture<int, 1> tex(16, gpu_.get_default_view());
  const graphics::writeonly_texture_view<int, 1> wv(tex);
  const auto write = [=](index<1> i) restrict(amp) { wv.set(i, 3 * i[0]); };
  hook_.play = play_flat<decltype(write), 1>(texels_on_host(tex), &tex);
  parallel_for_each(gpu_.get_default_view(), tex.extent, write);
  const graphics::texture_view<int, 1> tv(tex);
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), over_rank_4(tex.extent), [tv](index<4> i) restrict(amp) {
    tv.set(index<1>(i[3]), tv[index<1>(i[3])] + 1000);
  });
  parallel_for_each(gpu_.get_default_view(), over_rank_4(tex.extent),
                    [&tex](index<4> i) restrict(amp) { tex.set(index<1>(i[3]), tex[index<1>(i[3])] + 1); });
  const std::string said = testing::internal::GetCapturedStderr();
  if (expect_device_code) {
    EXPECT_NE(said.find("runs on the CPU engine"), std::string::npos) << said;
  }
  const auto increment = [&tex](index<1> i) restrict(amp) { tex.set(i, tex[i] + 10); };
  hook_.play = play_flat<decltype(increment), 1>(texels_on_host(tex), &tex);
  parallel_for_each(gpu_.get_default_view(), tex.extent, increment);
  std::vector<int> out(16);
  graphics::copy(tex, out.begin());
  for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], 3 * i + 1011) << "texel " << i;
  EXPECT_EQ(hook_.launches, expect_device_code ? 2 : 0);
}

// sqrt and fma stay C library calls in the host compile (they may set errno); device code makes
// them PTX instructions, so the kernel is launched on the GPU, not sent to the CPU engine.
TEST_F(GpuLaunchTest, KernelCallingExactMathFunctionsHasDeviceCode) {
  expect_launched_on_gpu(expect_device_code, [](array_view<float, 1> v) {
    return [=](index<1> i) restrict(amp) { v[i] = fast_math::sqrtf(v[i]) + precise_math::fma(double(v[i]), 2.0, 1.0); };
  });
}

// A kernel that picks one of its views by a condition reads a view's data pointer at one of
// two places in its object; both are found, pointed at the GPU's copies, and the kernel runs
// on the GPU (compiler/test/device_code_pointers_chosen.cpp).
TEST_F(GpuLaunchTest, AKernelChoosingBetweenViewsRunsOnTheGpusCopies) {
  const std::vector<float> ones(64, 1.0f), twos(64, 2.0f);
  std::vector<float> out(64, 0.0f);
  const array_view<const float, 1> a(64, ones), b(64, twos);
  const array_view<float, 1> result(64, out);
  const auto pick = [=](index<1> i) restrict(amp) {
    const array_view<const float, 1>& source = i[0] % 2 ? a : b;
    result[i] = source[i] * 3.0f;
  };
  hook_.play = play_flat<decltype(pick), 1>(ones.data(), twos.data());
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), result.extent, pick);
  result.synchronize();
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0) << said;
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], i % 2 ? 3.0f : 6.0f) << "element " << i;
}

// A kernel that indexes a captured array of views by a variable may read the data pointer of
// any of them; all are found, pointed at the GPU's copies, and the kernel runs on the GPU
// (compiler/test/device_code_pointers_indexed.cpp).
TEST_F(GpuLaunchTest, AKernelIndexingAnArrayOfViewsRunsOnTheGpusCopies) {
  const std::vector<float> ones(64, 1.0f), twos(64, 2.0f), threes(64, 3.0f);
  std::vector<float> out(64, 0.0f);
  const array_view<const float, 1> sources[3] = {array_view<const float, 1>(64, ones),
                                                  array_view<const float, 1>(64, twos),
                                                  array_view<const float, 1>(64, threes)};
  const array_view<float, 1> result(64, out);
  const auto gather = [=](index<1> i) restrict(amp) { result[i] = sources[i[0] % 3][i] * 10.0f; };
  hook_.play = play_flat<decltype(gather), 1>(ones.data(), threes.data());
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), result.extent, gather);
  result.synchronize();
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0) << said;
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], static_cast<float>(i % 3 + 1) * 10.0f) << "element " << i;
}

// A grid has at most 65535 blocks along y and z. A rank-2 extent of more rows than that holds
// goes on in z, which the device code reads as the high part of the block's row; a domain no
// grid holds (a rank-3 extent of more than 65535 planes) runs on the CPU engine, saying why.
// More than 65535 tiles along a dimension are refused on every accelerator (Microsoft's
// limit). The fake refuses grids beyond the limits, as the driver does.
TEST_F(GpuLaunchTest, DomainsBeyondAGridsLimitsAlongYAndZ) {
  constexpr int rows = 65535 * 16 + 3;
  std::vector<int> tall(rows * 2, 0);
  const array_view<int, 2> narrow(rows, 2, tall);
  const auto add = [=](index<2> i) restrict(amp) { narrow[i] += i[0] * 2 + i[1]; };
  unsigned grid[3] = {}, block[3] = {};
  hook_.play = [&grid, &block, play = play_flat<decltype(add), 2>(tall.data())](const ample_fake_cuda_launch& l) {
    std::copy(l.grid, l.grid + 3, grid);
    std::copy(l.block, l.block + 3, block);
    return play(l);
  };
  parallel_for_each(gpu_.get_default_view(), narrow.extent, add);
  narrow.synchronize();
  for (int k = 0; k < rows * 2; ++k) ASSERT_EQ(tall[k], k) << "element " << k;
  if (expect_device_code) {
    EXPECT_EQ(grid[1], 65535u);
    EXPECT_EQ(grid[2], 2u);
    EXPECT_GE(std::uint64_t{grid[1]} * grid[2] * block[1], std::uint64_t{rows}) << "rows without a thread";
  }

  hook_.play = nullptr;
  // Rank-3 domains over a rank-1 view: the sanitizer builds' checks of a rank-3 view's strides
  // keep its kernels from the GPU for a reason of their own.
  std::vector<int> planes(65536, 0);
  const array_view<int, 1> deep(65536, planes);
  const extent<3> domain(65536, 1, 1);
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), domain, [=](index<3> i) restrict(amp) { deep[i[0]] = i[0] + 1; });
  EXPECT_THROW(parallel_for_each(gpu_.get_default_view(), domain.tile<1, 1, 1>(),
                                 [=](tiled_index<1, 1, 1> t) restrict(amp) { deep[t.global[0]] += 1; }),
               invalid_compute_domain);
  deep.synchronize();
  const std::string said = testing::internal::GetCapturedStderr();
  for (int k = 0; k < 65536; ++k) ASSERT_EQ(planes[k], k + 1) << "element " << k;
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0) << said;
  if (expect_device_code) {
    EXPECT_NE(said.find("65536 blocks (x, y, z), more than a CUDA grid holds"), std::string::npos) << said;
  }
}

// Each accelerator_view on a GPU launches on a CUDA stream of its own, as each was a queue of
// its own on Microsoft's Direct3D devices: one view's kernels run in order, and another
// view's may run beside them. The fake runs a stream's launches only when that stream is waited
// for, so the sums below also show that each launch was waited for on its own stream.
TEST_F(GpuLaunchTest, EachAcceleratorViewLaunchesOnAStreamOfItsOwn) {
  std::vector<int> data(64, 0);
  const array_view<int, 1> v(64, data);
  const auto add = [=](index<1> i) restrict(amp) { v[i] += i[0]; };
  std::vector<const void*> streams;
  hook_.play = [&streams, play = play_flat<decltype(add), 1>(data.data())](const ample_fake_cuda_launch& l) {
    streams.push_back(l.stream);
    return play(l);
  };
  const accelerator_view first = gpu_.get_default_view(), second = gpu_.create_view();
  for (const accelerator_view& view : {first, second, first, second}) parallel_for_each(view, v.extent, add);
  v.synchronize();
  for (int i = 0; i < 64; ++i) ASSERT_EQ(data[i], 4 * i) << "element " << i;
  if (!expect_device_code) {
    EXPECT_TRUE(streams.empty());
    return;
  }
  ASSERT_EQ(streams.size(), 4u);
  EXPECT_NE(streams[0], nullptr) << "a view's kernels ran on the legacy default stream, which waits for all others";
  EXPECT_EQ(streams[0], streams[2]) << "one view, one stream";
  EXPECT_EQ(streams[1], streams[3]) << "one view, one stream";
  EXPECT_NE(streams[0], streams[1]) << "two views shared a stream";
}

/// coefficients is a kernel's table of 2048 floats, 8 KiB: more than a launch's parameters hold.
struct coefficients {
  float values[2048];
};

// A kernel object too large for a launch's parameters is copied to the GPU's memory for the
// launch, and the device code gets its address; the copy is freed after the launch.
TEST_F(GpuLaunchTest, AKernelObjectLargerThanTheParametersTravelsInTheGpusMemory) {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  const auto allocated = reinterpret_cast<std::size_t (*)()>(dlsym(lib, "ample_fake_cuda_allocated_bytes"));
  ASSERT_NE(allocated, nullptr);
  const std::size_t before = allocated();
  coefficients table{};
  for (int k = 0; k < 2048; ++k) table.values[k] = 0.5f * static_cast<float>(k);
  std::vector<float> data(2048, 1.0f);
  {
    array_view<float, 1> v(2048, data);
    const auto add = [=](index<1> i) restrict(amp) { v[i] += table.values[2047 - i[0]]; };
    static_assert(sizeof(add) > ample::detail::max_parameter_object_bytes);
    hook_.play = play_flat<decltype(add), 1>(data.data());
    testing::internal::CaptureStderr();
    parallel_for_each(gpu_.get_default_view(), v.extent, add);
    v.synchronize();
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0) << said;
    if (expect_device_code) {
      EXPECT_EQ(said, "");
    }
  }
  for (int k = 0; k < 2048; ++k) ASSERT_EQ(data[k], 1.0f + 0.5f * static_cast<float>(2047 - k)) << "element " << k;
  // The queue's copy of the kernel holds the view's storage until the queue's thread destroys
  // it, after the regions it held let synchronize() go on: wait for the queue to be done.
  gpu_.get_default_view().wait();
  EXPECT_EQ(allocated(), before) << "the object's copy in the GPU's memory was not freed";
}

// A tiled kernel is one block per tile on the GPU, counted as a tiled launch there (the tour's
// "tiled kernels" column), on neither of the CPU engine's paths.
TEST_F(GpuLaunchTest, TiledKernelLaunchesOnTheGpuAndIsCountedThere) {
  std::vector<int> data(256, 0);
  array_view<int, 1> v(256, data);
  hook_.play = [](const ample_fake_cuda_launch& l) {
    const bool one_block_per_tile = l.grid[0] == 4 && l.block[0] == 64 && l.grid[1] * l.grid[2] * l.block[1] * l.block[2] == 1;
    return one_block_per_tile ? 0 : 1;  // CUDA_ERROR_INVALID_VALUE
  };
  const ample::detail::cpu::tiled_path_counts cpu_before = ample::detail::cpu::tiled_launches();
  const unsigned long long gpu_before = ample::detail::gpu_tiled_launches();
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    v[t.global] = s[63 - t.local[0]];
  });
  v.synchronize();
  const std::string said = testing::internal::GetCapturedStderr();
  const ample::detail::cpu::tiled_path_counts cpu_after = ample::detail::cpu::tiled_launches();
  const unsigned long long on_cpu = cpu_after.compiled + cpu_after.fibers - cpu_before.compiled - cpu_before.fibers;
  EXPECT_EQ(hook_.launches, expect_device_code ? 1 : 0) << said;
  EXPECT_EQ(ample::detail::gpu_tiled_launches() - gpu_before, expect_device_code ? 1u : 0u);
  EXPECT_EQ(on_cpu, expect_device_code ? 0u : 1u);
}

// A section, view_as and reinterpret_as inside a kernel check their bounds, and throw on the
// CPU engine where the check fails; device code traps there instead, so the kernel runs on the
// GPU (compiler/test/device_code_checks.cpp).
TEST_F(GpuLaunchTest, KernelTakingSectionsInsideHasDeviceCode) {
  expect_launched_on_gpu(expect_device_code, [](array_view<float, 1> v) {
    return [=](index<1> i) restrict(amp) {
      const array_view<float, 1> rest = v.section(i);
      const array_view<float, 2> pairs = v.view_as(extent<2>(v.extent[0] / 2, 2));
      v[i] = rest[0] + pairs(i[0] / 2, i[0] % 2) + float(v.reinterpret_as<int>()[i] & 1);
    };
  });
}

// sin, exp, pow and tgamma come from libclc's bitcode, linked into device code where the build
// has it (compiler/src/DeviceMath.h); without it the kernel runs on the CPU engine.
TEST_F(GpuLaunchTest, KernelCallingLibraryMathFunctionsHasDeviceCode) {
  expect_launched_on_gpu(expect_library_math, [](array_view<float, 1> v) {
    return [=](index<1> i) restrict(amp) {
      v[i] = fast_math::sinf(v[i]) + precise_math::exp(double(v[i])) + precise_math::powf(v[i], 1.5f) +
             precise_math::tgammaf(v[i]);
    };
  });
}

TEST_F(GpuLaunchTest, AFaultingKernelSurfacesAtSynchronizeAsAcceleratorViewRemoved) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernel runs on the CPU engine";
#endif
  std::vector<int> data(16, 0);
  array_view<int, 1> v(16, data);
  hook_.play = [](const ample_fake_cuda_launch&) { return 700; };  // CUDA_ERROR_ILLEGAL_ADDRESS
  parallel_for_each(gpu_.get_default_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] = 1; });
  try {
    v.synchronize();
    FAIL() << "the fault was lost";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << e.what();
  }
}

/// launch_gate holds the fake's launches until the test opens it (the fake plays a launch when
/// its stream is waited for, on the queue's thread): a call that returned while its kernel was
/// held proves that the host went on. A held launch gives up after 20 s, so that a call that
/// waited for its kernel fails the test instead of hanging it.
struct launch_gate {
  std::atomic<bool> open{false};
  std::atomic<int> opened_in_time{-1};
  /// holding() is `play`, once the gate is open.
  std::function<int(const ample_fake_cuda_launch&)> holding(std::function<int(const ample_fake_cuda_launch&)> play) {
    return [this, play = std::move(play)](const ample_fake_cuda_launch& l) {
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
      while (!open.load() && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
      opened_in_time = open.load() ? 1 : 0;
      return play(l);
    };
  }
};

// copy_async() out of a view that a queued kernel writes returns before the kernel has run
// (the fake runs it when its stream is waited for, on the queue's thread, where the hook
// holds it until the test lets it go); the elements arrive once it has.
TEST_F(GpuLaunchTest, CopyAsyncOutOfAViewTheGpuWritesReturnsBeforeTheKernelRuns) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernel runs on the CPU engine";
#endif
  std::vector<int> data(1000, 0), out(1000, -1);
  array_view<int, 1> v(1000, data);
  const auto kernel = [=](index<1> i) restrict(amp) { v[i] = 7 * i[0]; };
  launch_gate gate;
  hook_.play = gate.holding(play_flat<decltype(kernel), 1>(data.data()));
  parallel_for_each(gpu_.get_default_view(), v.extent, kernel);
  completion_future copied = copy_async(v, out.begin());
  EXPECT_FALSE(copied.is_ready()) << "the kernel is held";
  gate.open = true;
  copied.get();
  EXPECT_EQ(gate.opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], 7 * i) << "element " << i;
}

// Copies between containers current in the GPU's memory are made there, device to device:
// nothing crosses to the host and back. copy_async() into an array from a view that a kernel
// of the same accelerator_view writes is queued behind it, and returns before it has run.
TEST_F(GpuLaunchTest, CopiesBetweenContainersInTheGpusMemoryStayThere) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernel runs on the CPU engine, over host memory";
#endif
  std::vector<int> data(1000, 0);
  array_view<int, 1> v(1000, data);
  const auto kernel = [=](index<1> i) restrict(amp) { v[i] = 7 * i[0]; };
  launch_gate gate;
  hook_.play = gate.holding(play_flat<decltype(kernel), 1>(data.data()));
  parallel_for_each(gpu_.get_default_view(), v.extent, kernel);
  const auto before = transfers(gpu_);
  array<int, 1> first(1000, gpu_.get_default_view());
  completion_future copied = copy_async(v, first);
  EXPECT_FALSE(copied.is_ready()) << "the kernel is held";
  gate.open = true;
  copied.get();
  EXPECT_EQ(gate.opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  array<int, 1> second(first);
  array<int, 1> third(1000, gpu_.get_default_view());
  copy(second, third);
  const auto after = transfers(gpu_);
  EXPECT_EQ(after.bytes_in - before.bytes_in, 0u);
  EXPECT_EQ(after.bytes_out - before.bytes_out, 0u);
  EXPECT_EQ(after.bytes_within - before.bytes_within, 3 * 4000u);
  EXPECT_EQ(data[1], 0) << "the view's data is still in the GPU's memory";
  const std::vector<int> out = third;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], 7 * i) << "element " << i;
}

// Copies of a megabyte and more go through three page-locked buffers, in four pieces or more;
// the fake does a copy from or to page-locked memory only when something waits for it, as a
// GPU may, so a buffer refilled before the copy that used it has ended (the fourth piece
// reuses the first's buffer) would show here as wrong bytes.
TEST_F(GpuLaunchTest, LargeCopiesMoveThroughPageLockedBuffersInPieces) {
  const auto pinned_copies = fake_function<std::size_t()>("ample_fake_cuda_pinned_copies");
  ASSERT_NE(pinned_copies, nullptr);
  const ample::detail::device& dev = *ample::detail::find_device(gpu_.get_device_path());
  constexpr std::size_t bytes = (std::size_t{20} << 20) + 12345;  // three pieces and a part
  std::vector<unsigned char> in(bytes), out(bytes, 0);
  std::uint32_t state = 12345;  // a pseudo-random pattern: no two pieces alike
  for (unsigned char& b : in) b = static_cast<unsigned char>((state = state * 1664525u + 1013904223u) >> 24);
  void* on_gpu = dev.memory->allocate(dev, bytes, "a test buffer", true);
  const std::size_t before = pinned_copies();
  dev.memory->copy_in(dev, on_gpu, in.data(), bytes);
  dev.memory->copy_out(dev, out.data(), on_gpu, bytes);
  EXPECT_EQ(pinned_copies() - before, 8u) << "four pieces each way";
  EXPECT_TRUE(in == out) << "the bytes came back changed";
  dev.memory->copy_in(dev, on_gpu, in.data(), 1000);
  EXPECT_EQ(pinned_copies() - before, 8u) << "a small copy goes to the driver directly";
  dev.memory->release(dev, on_gpu);
}

// A piece the driver refuses ends the copy with the driver's error naming the copy; the
// buffers are free for the next copy.
TEST_F(GpuLaunchTest, AFailedPieceNamesTheCopyAndFreesTheBuffers) {
  const auto fail_next = fake_function<void(int)>("ample_fake_cuda_fail_next");
  ASSERT_NE(fail_next, nullptr);
  const ample::detail::device& dev = *ample::detail::find_device(gpu_.get_device_path());
  constexpr std::size_t bytes = std::size_t{10} << 20;
  std::vector<unsigned char> in(bytes, 7), out(bytes, 0);
  void* on_gpu = dev.memory->allocate(dev, bytes, "a test buffer", true);
  dev.memory->copy_in(dev, on_gpu, in.data(), bytes);  // the buffers exist from here on
  fail_next(700);                                       // CUDA_ERROR_ILLEGAL_ADDRESS
  try {
    dev.memory->copy_out(dev, out.data(), on_gpu, bytes);
    ADD_FAILURE() << "the copy did not fail";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("copy of 10485760 bytes from Ample fake GPU"), std::string::npos) << e.what();
  }
  dev.memory->copy_out(dev, out.data(), on_gpu, bytes);
  EXPECT_TRUE(in == out);
  dev.memory->release(dev, on_gpu);
}

// A copy within the GPU's memory that fails names its bytes, its pieces and the GPU.
TEST_F(GpuLaunchTest, AFailedCopyWithinTheGpusMemoryNamesItsBytes) {
  const auto fail_next = fake_function<void(int)>("ample_fake_cuda_fail_next");
  ASSERT_NE(fail_next, nullptr);
  const ample::detail::device& dev = *ample::detail::find_device(gpu_.get_device_path());
  constexpr std::size_t bytes = 4096;
  char* first = static_cast<char*>(dev.memory->allocate(dev, bytes, "a test buffer", true));
  char* second = static_cast<char*>(dev.memory->allocate(dev, bytes, "a test buffer", true));
  const ample::detail::device_copy halves[] = {{second, first, bytes / 2},
                                               {second + bytes / 2, first + bytes / 2, bytes / 2}};
  fail_next(700);  // CUDA_ERROR_ILLEGAL_ADDRESS
  try {
    dev.memory->copy_within(dev, halves, 2);
    ADD_FAILURE() << "the copy did not fail";
  } catch (const accelerator_view_removed& e) {
    EXPECT_NE(std::string(e.what()).find("cannot copy 4096 bytes in 2 pieces within the memory of Ample fake GPU"),
              std::string::npos)
        << e.what();
  }
  dev.memory->release(dev, first);
  dev.memory->release(dev, second);
}

TEST_F(GpuLaunchTest, AViewLargerThanTheGpusMemoryIsOutOfMemory) {
#ifndef AMPLE_EXPECT_DEVICE_CODE
  GTEST_SKIP() << "skipped: without device code the kernel runs on the CPU engine";
#endif
  std::vector<int> big(std::size_t{20} << 20);  // 80 MiB, the fake GPU has 64
  array_view<int, 1> v(static_cast<int>(big.size()), big);
  EXPECT_THROW(parallel_for_each(gpu_.get_default_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] = 1; }),
               out_of_memory);
}

/// counted is an element with a user-written constructor and destructor, which count.
struct counted {
  static inline int live = 0;
  int value = 7;
  counted() { ++live; }
  counted(const counted& other) : value(other.value) { ++live; }
  counted& operator=(const counted&) = default;
  ~counted() { --live; }
};

// A view's implicit storage on a GPU has its home in the GPU's memory, where the host cannot
// run constructors (the fake faults, as a GPU's address would): its elements are made and
// destroyed in the host copy, which is then the current one.
TEST_F(GpuLaunchTest, ElementsWithConstructorsAreMadeInHostMemory) {
  const int before = counted::live;
  {
    auto storage = ample::detail::buffer::allocate(gpu_.get_default_view().state(), extent<1>(4), sizeof(counted),
                                                   false);
    ASSERT_NE(storage->data(), storage->host_data()) << "a view's storage on a GPU has a host mirror";
    storage->construct_elements<counted>();
    EXPECT_EQ(counted::live, before + 4);
    EXPECT_EQ(static_cast<const counted*>(storage->host_data())[3].value, 7);
  }
  EXPECT_EQ(counted::live, before) << "every element made was destroyed";
}

}  // namespace
