// The fake driver's GPU for tests of launches through the data model (backend/fake_cuda,
// which CTest puts first on LD_LIBRARY_PATH): the fixture GpuLaunchTest finds the fake GPU and
// hands the launches the fake receives to the test, which plays them with play_flat(). Each
// test file that includes it is one executable: the helpers live in an unnamed namespace.
#pragma once

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "backend/fake_cuda/fake_cuda.h"

namespace {

using namespace concurrency;
// <cstring> declares a global index(); this picks the C++ AMP one (docs/compatibility.md).
using concurrency::index;

/// What the build gives kernels: device code (Clang with the plugin), and the math functions
/// from libclc (its bitcode found beside the plugin).
#ifdef AMPLE_EXPECT_DEVICE_CODE
[[maybe_unused]] constexpr bool expect_device_code = true;
#else
[[maybe_unused]] constexpr bool expect_device_code = false;
#endif
#ifdef AMPLE_EXPECT_LIBRARY_MATH
[[maybe_unused]] constexpr bool expect_library_math = true;
#else
[[maybe_unused]] constexpr bool expect_library_math = false;
#endif

/// launch_hook plays the launches the fake hands over.
struct launch_hook {
  std::function<int(const ample_fake_cuda_launch&)> play;
  int launches = 0;
};

int call_hook(const ample_fake_cuda_launch* launch, void* context) {
  auto& hook = *static_cast<launch_hook*>(context);
  ++hook.launches;
  return hook.play ? hook.play(*launch) : 0;
}

/// fake_function() is the fake driver's test entry point `name`.
template <class Function>
Function* fake_function(const char* name) {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return lib ? reinterpret_cast<Function*>(dlsym(lib, name)) : nullptr;
}

/// play_flat<Kernel, N>() runs every work-item of a flat kernel from its parameters: the
/// object's bytes (its views pointing at the fake GPU's memory, reachable during the launch),
/// or their address in that memory for an object larger than parameters hold, and the extent
/// after them. As on a GPU, in_kernel is true while it runs. The object must hold neither
/// `host_data` nor `host_object` (a view's data, an array), host addresses.
template <class Kernel, int N>
std::function<int(const ample_fake_cuda_launch&)> play_flat(const void* host_data, const void* host_object = nullptr) {
  return [host_data, host_object](const ample_fake_cuda_launch& l) {
    constexpr bool by_address = sizeof(Kernel) > ample::detail::max_parameter_object_bytes;
    const std::size_t padded = by_address ? sizeof(void*) : (sizeof(Kernel) + 3) / 4 * 4;
    if (l.parameter_bytes != padded + 12) return 1;  // CUDA_ERROR_INVALID_VALUE
    const char* bytes = static_cast<const char*>(l.parameters);
    if (by_address) std::memcpy(&bytes, l.parameters, sizeof bytes);
    for (std::size_t at = 0; at + sizeof(void*) <= sizeof(Kernel); at += alignof(void*)) {
      const void* p;
      std::memcpy(&p, bytes + at, sizeof p);
      if (p == host_data || (p != nullptr && p == host_object)) return 700;  // CUDA_ERROR_ILLEGAL_ADDRESS
    }
    alignas(Kernel) unsigned char object[sizeof(Kernel)];
    std::memcpy(object, bytes, sizeof(Kernel));
    std::int32_t dims[3];
    std::memcpy(dims, static_cast<const char*>(l.parameters) + padded, sizeof dims);
    extent<N> e;
    for (int d = 0; d < N; ++d) e[d] = dims[d];
    const Kernel& kernel = *reinterpret_cast<const Kernel*>(object);
    ample::detail::in_kernel = true;
    index<N> idx;
    for (unsigned flat = 0; flat < e.size(); ++flat) {
      unsigned rest = flat;
      for (int d = N - 1; d >= 0; --d) idx[d] = static_cast<int>(rest % e[d]), rest /= e[d];
      ample::detail::call_work_item(kernel, idx);
    }
    ample::detail::in_kernel = false;
    return 0;
  };
}

class GpuLaunchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const accelerator& a : accelerator::get_all())
      if (a.get_description() == L"Ample fake GPU") gpu_ = a;
    ASSERT_EQ(gpu_.get_description(), L"Ample fake GPU") << "the fake driver is not loaded";
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib, nullptr);
    set_hook_ = reinterpret_cast<void (*)(ample_fake_cuda_launch_hook, void*)>(
        dlsym(lib, "ample_fake_cuda_set_launch_hook"));
    ASSERT_NE(set_hook_, nullptr);
    set_hook_(&call_hook, &hook_);
  }
  void TearDown() override {
    if (set_hook_) set_hook_(nullptr, nullptr);
  }

  /// expect_launched_on_gpu() runs the kernel `make(v)` over a view of 64 floats on the fake GPU,
  /// whose hook plays nothing, and checks where it ran: launched on the GPU, saying nothing,
  /// where `has_device_code`; otherwise on the CPU engine, saying so.
  template <class Make>
  void expect_launched_on_gpu(bool has_device_code, Make make) {
    std::vector<float> data(64, 2.0f);
    array_view<float, 1> v(64, data);
    hook_.play = [](const ample_fake_cuda_launch&) { return 0; };
    testing::internal::CaptureStderr();
    parallel_for_each(gpu_.get_default_view(), v.extent, make(v));
    v.synchronize();
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_EQ(hook_.launches, has_device_code ? 1 : 0);
    if (has_device_code) {
      EXPECT_EQ(said, "");
    } else {
      EXPECT_NE(said.find("runs on the CPU engine"), std::string::npos) << said;
    }
  }

  static ample::detail::transfer_counters::totals transfers(const accelerator& a) {
    return ample::detail::find_device(a.get_device_path())->transfers.load();
  }
  /// transfer_meter counts the bytes copied into and out of a GPU's memory since it was made.
  struct transfer_meter {
    const accelerator& gpu;
    ample::detail::transfer_counters::totals start = transfers(gpu);
    std::uint64_t in() const { return transfers(gpu).bytes_in - start.bytes_in; }
    std::uint64_t out() const { return transfers(gpu).bytes_out - start.bytes_out; }
  };

  accelerator gpu_{accelerator::cpu_accelerator};
  launch_hook hook_;
  void (*set_hook_)(ample_fake_cuda_launch_hook, void*) = nullptr;
};

}  // namespace
