// transpose_f32_4096 and transpose_f32_8192: seed 003's matrix transpose, variants 1, 2 and 3
// written in C++ AMP, against the host version, blocked OpenMP, PoCL and memcpy of the same bytes.
#include <amp.h>

#include <vector>

#include "../peers/pocl.hpp"
#include "common.hpp"
#include "transpose_kernels.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

// Variant 1 in the simple model: one work-item per element, no tiles.
void transpose_ample(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  parallel_for_each(b.extent, [=](index<2> idx) restrict(amp) { b(idx[1], idx[0]) = a[idx]; });
  b.synchronize();
}

// The seed's three tiled variants (transpose_kernels.hpp).
template <auto Kernel>
void transpose_tiled(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  parallel_for_each(b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), Kernel(a, b));
  b.synchronize();
}

// The seed's host version.
void transpose_host(const float* a, float* b, int N) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) b[j * N + i] = a[i * N + j];
}

// Blocked OpenMP: 32 x 32 blocks keep both the rows read and the rows written in cache.
void transpose_openmp(const float* a, float* b, int N) {
  constexpr int B = 32;
#pragma omp parallel for collapse(2) schedule(static)
  for (int bi = 0; bi < N; bi += B)
    for (int bj = 0; bj < N; bj += B)
      for (int i = bi; i < bi + B; ++i)
        for (int j = bj; j < bj + B; ++j) b[j * N + i] = a[i * N + j];
}

void transpose(const options& o, reporter& rep, int N) {
  const std::string w = "transpose_f32_" + std::to_string(N);
  const double bytes = 2.0 * N * N * sizeof(float);
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GB/s", gbps(bytes, t.median_s)}; };
  const std::size_t count = std::size_t(N) * N;

  const std::vector<float> in = pattern<float>(count, 6);
  std::vector<float> want(count), out(count);
  record(rep, make("serial", measure(o, [&] { transpose_host(in.data(), want.data(), N); })));
  record(rep, make("openmp", measure(o, [&] { transpose_openmp(in.data(), out.data(), N); })),
         [&] { return first_difference(out, want); });
  record(rep, make("memcpy", measure(o, [&] { copy_openmp(in.data(), out.data(), count); })));

  const array_view<const float, 2> a(N, N, in);
  const array_view<float, 2> b(N, N, out);
  const struct {
    const char* impl;
    void (*run)(const array_view<const float, 2>&, const array_view<float, 2>&);
    const char* on_fibers;  ///< the name of its run with every tile on fibers, for those with barriers
  } variants[] = {{"ample", transpose_ample, nullptr},
                  {"ample_tiled_nostatic", transpose_tiled<transpose_kernels::variant_1>, nullptr},
                  {"ample_tiled", transpose_tiled<transpose_kernels::variant_2>, "ample_tiled_fibers"},
                  {"ample_tiled_padded", transpose_tiled<transpose_kernels::variant_3>, "ample_tiled_padded_fibers"}};
  const auto run_variant = [&](const char* impl, bool on_fibers, auto run) {
    out.assign(count, -1.0f);
    const tiled_run t = measure_tiled(o, on_fibers, [&] { run(a, b); });
    result r = make(impl, t.time);
    if (std::string(impl) != "ample") r.path = t.path;
    record(rep, r, [&] { return first_difference(out, want); });
  };
  for (const auto& v : variants) run_variant(v.impl, false, v.run);
  for (const auto& v : variants)
    if (v.on_fibers) run_variant(v.on_fibers, true, v.run);

  std::string why;
  if (!pocl::available(&why)) return rep.fail(w, "pocl", why);
  pocl::kernel_run k = pocl::transpose_f32(in.data(), N);
  result r = make("pocl", measure(o, k.run));
  r.build_s = k.build_s;
  out.assign(count, -1.0f);
  k.read_out(out.data());
  record(rep, r, [&] { return first_difference(out, want); });
}

}  // namespace

workload transpose_4096_workload() {
  return {"transpose_f32_4096", [](const options& o, reporter& r) { transpose(o, r, 4096); }};
}
workload transpose_8192_workload() {
  return {"transpose_f32_8192", [](const options& o, reporter& r) { transpose(o, r, 8192); }};
}

}  // namespace bench
