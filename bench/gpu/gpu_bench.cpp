// ample_gpu_bench: the seed workloads on an NVIDIA GPU, each Ample kernel (parallel_for_each on
// the GPU accelerator, device code from the plugin) next to the same kernel written in CUDA C++
// (peer_kernels.cu) launched through the driver, in one run: issue 31's targets.
//
//   ample_gpu_bench [--quick] [--reps N] [--json FILE]
//
// --reps N sets every workload's runs (under a profiler, say); without it the transposes take
// at least 31 and the empty launch 201. Progress and the table go to stderr and stdout; the
// records, with each Ample/peer ratio, to FILE as JSON. Exits 0 having printed "skipped: ..."
// where no GPU is listed, 1 if any result is wrong, 2 on bad arguments.
#include <amp.h>
#include <dlfcn.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "ample/detail/device.hpp"
#include "backend/cuda/driver.hpp"
#include "backend/cuda/gpu.hpp"
#include "backend/cuda/memory.hpp"
#include "backend/cuda/module.hpp"
#include "backend/seed_matmul_kernel.hpp"
#include "gpu/math_kernel.hpp"
#include "harness.hpp"
#include "workloads/transpose_kernels.hpp"

extern const char peer_kernels_ptx[];  // peer_kernels.cu as PTX (embed_ptx.cmake)
#ifdef AMPLE_BENCH_PEER_MATH
extern const char peer_math_ptx[];  // peer_math.cu as PTX, libdevice linked
#endif

namespace bench {
namespace {

using namespace concurrency;
namespace cuda = ample::detail::cuda;
// <cstring> declares a global index(); this picks the C++ AMP one (docs/compatibility.md).
using concurrency::index;

/// ratio is a record's time against its peer's, both medians of the same run.
struct ratio {
  std::string workload, impl, peer;
  double value;
};

/// cublas is NVIDIA's cuBLAS where the library is installed (with the CUDA toolkit), loaded at
/// run time as the driver is: its SGEMM is the matmul's reference speed.
struct cublas {
  using handle = struct cublas_context*;
  int (*create)(handle*);
  int (*destroy)(handle);
  int (*sgemm)(handle, int transa, int transb, int m, int n, int k, const float* alpha, const float* a, int lda,
               const float* b, int ldb, const float* beta, float* c, int ldc);

  /// load() is cuBLAS, or null with `why` set.
  static const cublas* load(std::string& why) {
    static const cublas* loaded = [] () -> const cublas* {
      for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "/usr/local/cuda/lib64/libcublas.so"})
        if (void* lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)) {
          auto* c = new cublas{reinterpret_cast<int (*)(handle*)>(dlsym(lib, "cublasCreate_v2")),
                               reinterpret_cast<int (*)(handle)>(dlsym(lib, "cublasDestroy_v2")),
                               reinterpret_cast<decltype(cublas::sgemm)>(dlsym(lib, "cublasSgemm_v2"))};
          if (c->create && c->destroy && c->sgemm) return c;
        }
      return nullptr;
    }();
    if (!loaded) why = "no libcublas.so.13, .12 or .11 (it comes with the CUDA toolkit)";
    return loaded;
  }
};

/// current() makes `gpu` current on the calling thread and is its driver.
const cuda::driver& current(const cuda::gpu& gpu) {
  gpu.make_current();
  return *cuda::driver::get();
}

/// gpu_suite holds what every workload uses: the GPU as an accelerator, its driver-level
/// handle, the peers' module, and the records.
class gpu_suite {
 public:
  /// `reps_chosen`: --reps was given, and holds for every workload, also those that take
  /// more runs by default (a profiler's run wants a few).
  gpu_suite(const accelerator& gpu, const options& o, bool reps_chosen)
      : view_(gpu.get_default_view()),
        device_(*ample::detail::find_device(gpu.get_device_path())->gpu),
        driver_(*cuda::driver::get()),
        options_(o),
        reps_chosen_(reps_chosen),
        peers_(current(device_), peer_kernels_ptx, "bench/gpu/peer_kernels.cu") {}

  void matmul(int n);
  void transposes(int n);
  void empty_launch();
  void round_trip(std::size_t count);
  void array_round_trip(std::size_t count);
  void array_copy(std::size_t count);
  void overlap(int n, std::size_t count);
  void math(std::size_t count);

  int failures() const noexcept { return reporter_.failures(); }
  void write_json(const std::string& path) const;
  void print_ratios() const;

 private:
  /// device_buffer is `count` floats of GPU memory holding `from`, for a peer.
  cuda::device_memory device_buffer(const std::vector<float>& from) {
    device_.make_current();
    cuda::device_memory m(driver_, from.size() * sizeof(float));
    driver_.check(driver_.cuMemcpyHtoDAsync(m.get(), from.data(), m.bytes(), nullptr), "bench copy in");
    synchronize_gpu();
    return m;
  }
  /// read_back() is the `count` floats of GPU memory at `from`, or all of `m`.
  std::vector<float> read_back(cuda::CUdeviceptr from, std::size_t count) {
    std::vector<float> to(count);
    device_.make_current();
    driver_.check(driver_.cuMemcpyDtoHAsync(to.data(), from, count * sizeof(float), nullptr), "bench copy out");
    synchronize_gpu();
    return to;
  }
  std::vector<float> read_back(const cuda::device_memory& m) { return read_back(m.get(), m.bytes() / sizeof(float)); }
  static std::string wrong_count(const std::vector<float>& host, int runs);
  void against_copies(const std::string& w, std::vector<float>& host, const int& runs,
                      const std::function<void()>& ample);
  void synchronize_gpu() { driver_.check(driver_.cuStreamSynchronize(nullptr), "bench synchronize"); }
  /// with_reps() is the options for a workload that takes `runs` runs unless --reps says.
  options with_reps(int runs) const {
    options o = options_;
    if (!reps_chosen_) o.reps = std::max(o.reps, runs);
    return o;
  }
  /// peer_launch is a peer kernel over `grid` blocks of `block` threads, looked up and its
  /// parameters packed before the timing, so that a timed run is the launch and the wait.
  struct peer_launch {
    cuda::CUfunction function;
    const char* name;
    cuda::grid_shape grid, block;
    std::vector<char> parameters;  ///< as PTX lays them out: each aligned to its size, in order
  };
  template <class... Parameters>
  peer_launch peer(const char* name, cuda::grid_shape grid, cuda::grid_shape block, Parameters... parameters) {
    return peer_in(peers_, name, grid, block, parameters...);
  }
  template <class... Parameters>
  peer_launch peer_in(const cuda::module& peers, const char* name, cuda::grid_shape grid, cuda::grid_shape block,
                      Parameters... parameters) {
    device_.make_current();
    std::vector<char> packed;
    [[maybe_unused]] const auto append = [&](const auto& p) {
      packed.resize((packed.size() + alignof(decltype(p)) - 1) / alignof(decltype(p)) * alignof(decltype(p)));
      const std::size_t at = packed.size();
      packed.resize(at + sizeof(p));
      std::memcpy(packed.data() + at, &p, sizeof(p));
    };
    (append(parameters), ...);
    return {peers.function(name), name, grid, block, std::move(packed)};
  }
  /// run() launches `p` and waits for it.
  void run(const peer_launch& p) {
    device_.make_current();
    cuda::launch(driver_, p.function, p.name, p.grid, p.block, 0, nullptr, p.parameters.data(), p.parameters.size());
    synchronize_gpu();
  }
  void record(result r, const std::string& wrong) {
    r.verified = wrong.empty();
    if (!r.verified) reporter_.fail(r.workload, r.impl, wrong);
    reporter_.add(r);
  }
  void compare(const std::string& workload, const std::string& impl, const std::string& peer) {
    const result *mine = nullptr, *theirs = nullptr;
    for (const result& r : reporter_.results()) {
      if (r.workload == workload && r.impl == impl) mine = &r;
      if (r.workload == workload && r.impl == peer) theirs = &r;
    }
    if (mine && theirs) ratios_.push_back({workload, impl, peer, mine->time.median_s / theirs->time.median_s});
  }

  accelerator_view view_;
  const cuda::gpu& device_;
  const cuda::driver& driver_;
  options options_;
  bool reps_chosen_;
  cuda::module peers_;
  reporter reporter_;
  std::vector<ratio> ratios_;
};

std::vector<float> pattern(std::size_t count, int period) {
  std::vector<float> v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<float>(static_cast<int>(i % period) - period / 2);
  return v;
}

/// matmul_f32_<n>: the seeds' Fig. 5 kernel, 16 x 16 tiles, against its CUDA C++ form.
void gpu_suite::matmul(int n) {
  const std::string w = "gpu_matmul_fig5_f32_" + std::to_string(n);
  const double flops = 2.0 * n * n * n;
  const std::size_t count = std::size_t(n) * n;
  const std::vector<float> a = pattern(count, 7), b = pattern(count, 5);

  std::vector<float> ample_c(count, 0.0f);
  const cuda::device_memory da = device_buffer(a), db = device_buffer(b), dc = device_buffer(std::vector<float>(count));
  const unsigned blocks = static_cast<unsigned>(n / 16);
  const peer_launch fig5 = peer("matmul_fig5", {blocks, blocks}, {16, 16}, da.get(), db.get(), dc.get(), n);
  {
    array_view<const float, 2> av(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, ample_c);
    cv.discard_data();
    // After the first run a, b and c are current on the GPU: each run is the kernel alone.
    const auto [t, peer_t] = measure_alternately(
        options_,
        [&] {
          parallel_for_each(view_, cv.extent.tile<16, 16>(), seed::fig5_matmul(av, bv, cv, n));
          view_.wait();
        },
        [&] { run(fig5); });
    cv.synchronize();
    reporter_.add(result{w, "ample", t, "GFLOP/s", gflops(flops, t.median_s)});
    record(result{w, "cuda_cpp", peer_t, "GFLOP/s", gflops(flops, peer_t.median_s)},
           first_difference(ample_c, read_back(dc)));
  }
  compare(w, "ample", "cuda_cpp");

  std::string why;
  const cublas* blas = cublas::load(why);
  if (!blas) {
    std::fprintf(stderr, "  %-36s %-20s skipped: %s\n", w.c_str(), "cublas_sgemm", why.c_str());
    return;
  }
  cublas::handle h = nullptr;
  if (const int status = blas->create(&h); status != 0) {
    std::fprintf(stderr, "  %-36s %-20s skipped: cublasCreate returned %d\n", w.c_str(), "cublas_sgemm", status);
    return;
  }
  const cuda::device_memory blas_c = device_buffer(std::vector<float>(count));
  const float one = 1.0f, zero = 0.0f;
  const auto* a_on_gpu = reinterpret_cast<const float*>(da.get());
  const auto* b_on_gpu = reinterpret_cast<const float*>(db.get());
  auto* c_on_gpu = reinterpret_cast<float*>(blas_c.get());
  // Column-major C^T = B^T A^T is row-major C = A B. The products and sums are integers below
  // 2^24, exact in any order: the result must equal Ample's in every element.
  const timing tb = measure(options_, [&] {
    device_.make_current();
    blas->sgemm(h, 0, 0, n, n, n, &one, b_on_gpu, n, a_on_gpu, n, &zero, c_on_gpu, n);
    synchronize_gpu();
  });
  record(result{w, "cublas_sgemm", tb, "GFLOP/s", gflops(flops, tb.median_s)}, first_difference(ample_c, read_back(blas_c)));
  blas->destroy(h);
  compare(w, "ample", "cublas_sgemm");
}

/// transpose_f32_<n>: the seed's three tiled transposes against their CUDA C++ forms, and a
/// device-to-device copy of the same bytes (the bandwidth ceiling).
///
/// Each peer runs twice: on memory of its own from cuMemAlloc (the comparison the targets
/// name), and on the GPU copies of Ample's own views, which come from a memory pool. A
/// transpose's speed can depend on where its two buffers lie (which DRAM partitions its
/// strided accesses fall in), and on the H200 Ample's first transpose took 301 us in one
/// process and 336 us in another while Nsight Compute timed its kernel within 1 % of the
/// peer's; the second peer rules the placement in or out. On 2026-12-04 the two peers agreed
/// within 2 %: the placement was not the difference (docs/perf/2026-12-04-gpu-check.md).
void gpu_suite::transposes(int n) {
  const std::string w = "gpu_transpose_f32_" + std::to_string(n);
  const double bytes = 2.0 * n * n * sizeof(float);
  const std::size_t count = std::size_t(n) * n;
  const std::vector<float> in = pattern(count, 1013);
  std::vector<float> want(count);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) want[std::size_t(j) * n + i] = in[std::size_t(i) * n + j];

  const cuda::device_memory from = device_buffer(in), to = device_buffer(std::vector<float>(count));
  const timing copy = measure(options_, [&] {
    driver_.check(driver_.cuMemcpyDtoDAsync(to.get(), from.get(), count * sizeof(float), nullptr), "bench copy");
    synchronize_gpu();
  });
  reporter_.add(result{w, "copy_device_to_device", copy, "GB/s", gbps(bytes, copy.median_s)});

  // A transpose takes about 0.3 ms: 31 runs of each, whose median a late wake or two moves less.
  const options o = with_reps(31);
  const unsigned blocks = static_cast<unsigned>(n / 16);
  const ample::detail::device* gpu = ample::detail::find_device(view_.get_accelerator().get_device_path());
  // poison() fills `count` floats at `at` with NaN (all bits set), which no transpose result
  // equals: what a kernel leaves unwritten shows in the check.
  const auto poison = [&](cuda::CUdeviceptr at) {
    device_.make_current();
    driver_.check(driver_.cuMemsetD8(at, 0xff, count * sizeof(float)), "bench poison");
    synchronize_gpu();
  };
  const auto run_both = [&](const char* impl, auto make_kernel, const std::string& peer_name) {
    std::vector<float> out(count, -1.0f);
    array_view<const float, 2> a(n, n, in);
    array_view<float, 2> b(n, n, out);
    b.discard_data();
    const auto ample = [&] {
      parallel_for_each(view_, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), make_kernel(a, b));
      view_.wait();
    };
    const peer_launch own = peer(peer_name.c_str(), {blocks, blocks}, {16, 16}, from.get(), to.get(), n);
    poison(to.get());
    const auto [t, own_t] = measure_alternately(o, ample, [&] { run(own); });
    record(result{w, std::string("cuda_cpp_") + peer_name, own_t, "GB/s", gbps(bytes, own_t.median_s)},
           first_difference(read_back(to), want));
    // Both views are current on the GPU now: their copies there are the peer's operands.
    using ample::detail::container_access;
    const auto a_on_gpu = reinterpret_cast<cuda::CUdeviceptr>(container_access::storage(a)->base_in(gpu));
    const auto b_on_gpu = reinterpret_cast<cuda::CUdeviceptr>(container_access::storage(b)->base_in(gpu));
    const peer_launch same = peer(peer_name.c_str(), {blocks, blocks}, {16, 16}, a_on_gpu, b_on_gpu, n);
    const auto [again, same_t] = measure_alternately(o, ample, [&] { run(same); });
    poison(b_on_gpu);
    run(same);
    record(result{w, "cuda_cpp_" + peer_name + "_on_amples_views", same_t, "GB/s", gbps(bytes, same_t.median_s)},
           first_difference(read_back(b_on_gpu, count), want));
    // Ample's result last, from a poisoned copy: the peer's writes to it must not stand in.
    poison(b_on_gpu);
    ample();
    b.synchronize();
    record(result{w, impl, t, "GB/s", gbps(bytes, t.median_s)}, first_difference(out, want));
    compare(w, impl, "cuda_cpp_" + peer_name);
    ratios_.push_back({w, impl, "cuda_cpp_" + peer_name + "_on_amples_views", again.median_s / same_t.median_s});
  };
  run_both("ample_tiled_nostatic", transpose_kernels::variant_1, "transpose_1");
  run_both("ample_tiled", transpose_kernels::variant_2, "transpose_2");
  run_both("ample_tiled_padded", transpose_kernels::variant_3, "transpose_3");
}

/// launch_empty: an empty kernel launched and waited for, through parallel_for_each and raw.
void gpu_suite::empty_launch() {
  const std::string w = "gpu_launch_empty";
  const options o = with_reps(201);
  const peer_launch empty = peer("empty", {1}, {1});
  const auto [ample, raw] = measure_alternately(
      o,
      [&] {
        parallel_for_each(view_, extent<1>(1), [](index<1>) restrict(amp) {});
        view_.wait();
      },
      [&] { run(empty); });
  reporter_.add(result{w, "ample", ample, "ns", ample.median_s * 1e9});
  reporter_.add(result{w, "cuLaunchKernel", raw, "ns", raw.median_s * 1e9});
  compare(w, "ample", "cuLaunchKernel");
}

/// round_trip_f32: a view over a std::vector, made anew each time as a program would, copied
/// to the GPU by a kernel that adds 1 and back by synchronize(); against the driver's copies of
/// the same bytes from page-locked and from ordinary (pageable) memory.
void gpu_suite::round_trip(std::size_t count) {
  const std::string w = "gpu_round_trip_f32_" + std::to_string(count >> 20) + "M";
  std::vector<float> host(count, 0.0f);
  int runs = 0;
  against_copies(w, host, runs, [&] {
    array_view<float, 1> v(static_cast<int>(count), host);
    parallel_for_each(view_, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1.0f; });
    v.synchronize();
    ++runs;
  });
}

/// array_round_trip_f32: an array in the GPU's memory filled from a std::vector by copy(), a
/// kernel that adds 1, and copy() back into the vector, against the same peers as
/// round_trip(). The copies go straight between the vector and the GPU; before 2026-12-02
/// they also passed through the array's host mirror.
void gpu_suite::array_round_trip(std::size_t count) {
  const std::string w = "gpu_array_round_trip_f32_" + std::to_string(count >> 20) + "M";
  std::vector<float> host(count, 0.0f);
  array<float, 1> a(static_cast<int>(count), view_);
  int runs = 0;
  against_copies(w, host, runs, [&] {
    copy(host.begin(), host.end(), a);
    parallel_for_each(view_, a.extent, [&a](index<1> i) restrict(amp) { a[i] += 1.0f; });
    copy(a, host.begin());
    ++runs;
  });
}

/// wrong_count() says which element of `host` is not `runs`, after as many runs that each
/// added 1; empty if none.
std::string gpu_suite::wrong_count(const std::vector<float>& host, int runs) {
  for (std::size_t i = 0; i < host.size(); ++i)
    if (host[i] != static_cast<float>(runs))
      return "element " + std::to_string(i) + " is " + std::to_string(host[i]) + " after " + std::to_string(runs) +
             " runs";
  return {};
}

/// against_copies() measures, for workload `w`, Ample's round trip `ample`, which adds 1 to
/// each element of `host` and counts its `runs`, in turns with the driver's copies of `host`'s
/// bytes to the GPU and back from page-locked memory (the peer compared with); then the same
/// copies from `host` itself.
void gpu_suite::against_copies(const std::string& w, std::vector<float>& host, const int& runs,
                               const std::function<void()>& ample) {
  const double bytes = 2.0 * host.size() * sizeof(float);
  device_.make_current();
  const cuda::device_memory gpu_copy(driver_, host.size() * sizeof(float));
  const cuda::pinned_memory pinned(driver_, host.size() * sizeof(float));
  const auto copies = [&](void* through) {
    device_.make_current();
    driver_.check(driver_.cuMemcpyHtoDAsync(gpu_copy.get(), through, gpu_copy.bytes(), nullptr), "bench copy in");
    driver_.check(driver_.cuMemcpyDtoHAsync(through, gpu_copy.get(), gpu_copy.bytes(), nullptr), "bench copy out");
    synchronize_gpu();
  };
  const auto [t, p] = measure_alternately(options_, ample, [&] { copies(pinned.get()); });
  record(result{w, "ample", t, "GB/s", gbps(bytes, t.median_s)}, wrong_count(host, runs));
  reporter_.add(result{w, "copies_pinned", p, "GB/s", gbps(bytes, p.median_s)});
  const timing q = measure(options_, [&] { copies(host.data()); });
  reporter_.add(result{w, "copies_pageable", q, "GB/s", gbps(bytes, q.median_s)});
  compare(w, "ample", "copies_pinned");
}

/// array_copy_f32: copy() between two arrays in the GPU's memory, the source written by a
/// kernel, as an iterative program copies its next state over its current one; against the
/// driver's device-to-device copy of the same bytes. Made through the host, as before
/// 2026-12-02, it crossed the bus twice.
void gpu_suite::array_copy(std::size_t count) {
  const std::string w = "gpu_array_copy_f32_" + std::to_string(count >> 20) + "M";
  const double bytes = 2.0 * count * sizeof(float);
  const int n = static_cast<int>(count);
  array<float, 1> from(n, view_), to(n, view_);
  parallel_for_each(view_, from.extent, [&from](index<1> i) restrict(amp) { from[i] = static_cast<float>(i[0] % 1013); });
  const timing t = measure(options_, [&] { copy(from, to); });
  const std::vector<float> out = to;
  std::string wrong;
  for (std::size_t i = 0; i < count && wrong.empty(); ++i)
    if (out[i] != static_cast<float>(i % 1013)) wrong = "element " + std::to_string(i) + " is " + std::to_string(out[i]);
  record(result{w, "ample", t, "GB/s", gbps(bytes, t.median_s)}, wrong);

  device_.make_current();
  const cuda::device_memory source(driver_, count * sizeof(float)), target(driver_, count * sizeof(float));
  const timing raw = measure(options_, [&] {
    driver_.check(driver_.cuMemcpyDtoDAsync(target.get(), source.get(), count * sizeof(float), nullptr), "bench copy");
    synchronize_gpu();
  });
  reporter_.add(result{w, "cuMemcpyDtoD", raw, "GB/s", gbps(bytes, raw.median_s)});
  compare(w, "ample", "cuMemcpyDtoD");
}

/// overlap_matmul<n>_trip<count>: the Fig. 5 matmul queued on one accelerator_view while a
/// round trip like round_trip()'s runs on a second one, against the same two one after the
/// other. Each view's kernels run on a stream of its own, and the round trip's copies on the
/// legacy default stream wait for neither: together the two should take less than their sum.
void gpu_suite::overlap(int n, std::size_t count) {
  const std::string w = "gpu_overlap_matmul" + std::to_string(n) + "_trip" + std::to_string(count >> 20) + "M";
  const std::size_t elements = std::size_t(n) * n;
  const std::vector<float> a = pattern(elements, 7), b = pattern(elements, 5);
  std::vector<float> c(elements, 0.0f), host(count, 0.0f);
  array_view<const float, 2> av(n, n, a), bv(n, n, b);
  array_view<float, 2> cv(n, n, c);
  cv.discard_data();
  const accelerator_view second = view_.get_accelerator().create_view();
  int trips = 0;
  const auto matmul = [&] { parallel_for_each(view_, cv.extent.tile<16, 16>(), seed::fig5_matmul(av, bv, cv, n)); };
  const auto round_trip = [&] {
    array_view<float, 1> v(static_cast<int>(count), host);
    parallel_for_each(second, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1.0f; });
    v.synchronize();
    ++trips;
  };
  const timing apart = measure(options_, [&] {
    matmul();
    view_.wait();
    round_trip();
  });
  const timing together = measure(options_, [&] {
    matmul();
    round_trip();
    view_.wait();
  });
  cv.synchronize();
  std::string wrong;
  for (std::size_t i = 0; i < count && wrong.empty(); ++i)
    if (host[i] != static_cast<float>(trips))
      wrong = "element " + std::to_string(i) + " is " + std::to_string(host[i]) + " after " + std::to_string(trips) +
              " round trips";
  // The products and sums are integers below 2^24, exact in any order; a sample of C suffices.
  for (std::size_t e = 0; e < elements && wrong.empty(); e += elements / 61 + 1) {
    const std::size_t i = e / n, j = e % n;
    float want = 0.0f;
    for (int k = 0; k < n; ++k) want += a[i * n + k] * b[std::size_t(k) * n + j];
    if (c[e] != want)
      wrong = "C[" + std::to_string(i) + "][" + std::to_string(j) + "] is " + std::to_string(c[e]) + ", not " +
              std::to_string(want);
  }
  reporter_.add(result{w, "ample_one_after_other", apart, "ns", apart.median_s * 1e9});
  record(result{w, "ample_overlapped", together, "ns", together.median_s * 1e9}, wrong);
  compare(w, "ample_overlapped", "ample_one_after_other");
}

/// math_f32_<count>: math_kernel.hpp's five library functions (sin, cos, exp, log, pow) over
/// `count` floats in [-100, 100], in Ample's kernel compiled with libdevice and with libclc,
/// against the same expression in CUDA C++ calling libdevice; and with fast_math's functions,
/// the hardware's approximations, against CUDA C++ calling libdevice's. Each result is checked
/// against the expression in double on the host: within 1e-5 of it (the sum is at least 0.5,
/// and each library's functions are within a few ulps), 1e-4 for the approximations (sin and cos
/// about 2^-21 absolute on [-π, π], less accurate beyond).
void gpu_suite::math(std::size_t count) {
  const std::string w = "gpu_math_f32_" + std::to_string(count >> 20) + "M";
  // The inputs repeat with a period, so the reference is computed once per distinct input.
  constexpr std::size_t period = 100003;
  std::vector<float> in(count);
  for (std::size_t i = 0; i < count; ++i) in[i] = -100.0f + 200.0f * static_cast<float>(i % period) / float(period);
  std::vector<double> reference(period);
  for (std::size_t i = 0; i < period; ++i) {
    const double x = in[i];
    reference[i] = std::sin(x) + std::cos(x) + std::exp(x * 0.001) + std::log(1.0 + x * x) +
                   std::pow(std::fabs(x) + 1.0, 1.5);
  }
  const auto first_wrong = [&](const std::vector<float>& got, double tolerance) -> std::string {
    for (std::size_t i = 0; i < count; ++i) {
      const double want = reference[i % period];
      if (!(std::fabs(got[i] - want) <= tolerance * want))
        return "element " + std::to_string(i) + " (x = " + std::to_string(in[i]) + ") is " + std::to_string(got[i]) +
               ", not " + std::to_string(want);
    }
    return {};
  };
  constexpr double precise = 1e-5, approximate = 1e-4;
  const auto run_ample = [&](const char* impl, auto launch, double tolerance) {
    std::vector<float> out(count, -1.0f);
    array_view<const float, 1> a(static_cast<int>(count), in);
    array_view<float, 1> b(static_cast<int>(count), out);
    b.discard_data();
    const timing t = measure(options_, [&] {
      launch(view_, a, b);
      view_.wait();
    });
    b.synchronize();
    record(result{w, impl, t, "Gelem/s", static_cast<double>(count) / t.median_s * 1e-9}, first_wrong(out, tolerance));
  };
  run_ample("ample", math_kernel::run_with_preferred_library, precise);
  run_ample("ample_libclc", math_kernel::run_with_libclc, precise);
  run_ample("ample_fast_math", math_kernel::run_fast, approximate);
  compare(w, "ample_libclc", "ample");
  compare(w, "ample_fast_math", "ample");
#ifdef AMPLE_BENCH_PEER_MATH
  const cuda::module peers(current(device_), peer_math_ptx, "bench/gpu/peer_math.cu");
  const cuda::device_memory from = device_buffer(in), to = device_buffer(std::vector<float>(count));
  const auto run_peer = [&](const char* kernel, const char* impl, double tolerance) {
    const peer_launch launch = peer_in(peers, kernel, {static_cast<unsigned>((count + 255) / 256)}, {256}, from.get(),
                                       to.get(), static_cast<int>(count));
    const timing t = measure(options_, [&] { run(launch); });
    record(result{w, impl, t, "Gelem/s", static_cast<double>(count) / t.median_s * 1e-9},
           first_wrong(read_back(to), tolerance));
  };
  run_peer("math_libdevice", "cuda_cpp_libdevice", precise);
  run_peer("math_libdevice_fast", "cuda_cpp_libdevice_fast", approximate);
  compare(w, "ample", "cuda_cpp_libdevice");
  compare(w, "ample_fast_math", "cuda_cpp_libdevice_fast");
#else
  std::fprintf(stderr, "%s: no CUDA C++ peers (built without libdevice)\n", w.c_str());
#endif
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out;
}

void gpu_suite::write_json(const std::string& path) const {
  std::ofstream out(path);
  out << "{\"gpu\": \"" << json_escape(device_.name) << "\", \"compute_capability\": \"" << device_.compute_major << "."
      << device_.compute_minor << "\", \"driver\": " << driver_.version << ",\n \"results\": [\n";
  const std::vector<result>& results = reporter_.results();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const result& r = results[i];
    out << "  {\"workload\": \"" << r.workload << "\", \"impl\": \"" << r.impl << "\", \"median_s\": " << r.time.median_s
        << ", \"min_s\": " << r.time.min_s << ", \"max_s\": " << r.time.max_s << ", \"reps\": " << r.time.reps
        << ", \"metric\": \"" << r.metric << "\", \"value\": " << r.value
        << ", \"verified\": " << (r.verified ? "true" : "false") << "}" << (i + 1 < results.size() ? "," : "") << "\n";
  }
  out << " ],\n \"ratios\": [\n";
  for (std::size_t i = 0; i < ratios_.size(); ++i)
    out << "  {\"workload\": \"" << ratios_[i].workload << "\", \"impl\": \"" << ratios_[i].impl << "\", \"peer\": \""
        << ratios_[i].peer << "\", \"time_ratio\": " << ratios_[i].value << "}" << (i + 1 < ratios_.size() ? "," : "")
        << "\n";
  out << " ]}\n";
}

void gpu_suite::print_ratios() const {
  std::printf("\n%-28s %-22s %-38s %s\n", "workload", "ample", "peer", "time ratio (medians)");
  for (const ratio& r : ratios_)
    std::printf("%-28s %-22s %-38s %.3f\n", r.workload.c_str(), r.impl.c_str(), r.peer.c_str(), r.value);
}

int usage() {
  std::fprintf(stderr, "usage: ample_gpu_bench [--quick] [--reps N] [--json FILE]\n");
  return 2;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  bench::options o;
  std::string json;
  bool reps_chosen = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick") {
      o.quick = true;
      o.reps = 3;
    } else if (arg == "--reps" && i + 1 < argc) {
      o.reps = std::atoi(argv[++i]);
      if (o.reps < 1) return bench::usage();
      reps_chosen = true;
    } else if (arg == "--json" && i + 1 < argc) {
      json = argv[++i];
    } else {
      return bench::usage();
    }
  }
  concurrency::accelerator gpu(concurrency::accelerator::cpu_accelerator);
  for (const concurrency::accelerator& a : concurrency::accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) {
      gpu = a;
      break;
    }
  if (gpu.get_device_path() == concurrency::accelerator::cpu_accelerator) {
    const std::string why = ample::detail::cuda::driver::get() ? "the driver lists no GPU" : ample::detail::cuda::driver::why();
    std::printf("ample_gpu_bench: skipped: no GPU (%s)\n", why.c_str());
    return 0;
  }
  bench::gpu_suite suite(gpu, o, reps_chosen);
  std::fprintf(stderr, "ample_gpu_bench on %ls\n", gpu.get_description().c_str());
  suite.empty_launch();
  suite.matmul(4096);
  suite.transposes(8192);
  suite.round_trip(std::size_t{64} << 20);
  suite.array_round_trip(std::size_t{64} << 20);
  suite.array_copy(std::size_t{64} << 20);
  suite.overlap(4096, std::size_t{64} << 20);
  suite.math(std::size_t{64} << 20);
  suite.print_ratios();
  if (!json.empty()) suite.write_json(json);
  return suite.failures() == 0 ? 0 : 1;
}
