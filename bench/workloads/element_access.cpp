// element_access: b = 2a over 4096 x 4096 floats (64 MiB each, beyond any cache), with the three ways C++ AMP code spells an
// element of a rank-2 array_view over an array, against an OpenMP loop.
//
//   ample_index       b[idx] = 2 * a[idx]                  (index<2>)
//   ample_call        b(i, j) = 2 * a(i, j)                (coordinates)
//   ample_projection  b[i][j] = 2 * a[i][j]                (a[i] is an array_view<float, 1>)
//   openmp            the same loop over two std::vector, `omp parallel for`
//
// The projection makes a view per access inside the kernel; a view made there must not take a
// share of the array's storage (detail/kernel_context.hpp), or every access would be two atomic
// operations on one shared counter.
#include <amp.h>
#include <omp.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int side = 4096;

void element_access(const options& o, reporter& rep) {
  const std::vector<float> input = pattern<float>(std::size_t(side) * side, 7);
  std::vector<float> want(input.size());
  for (std::size_t k = 0; k < input.size(); ++k) want[k] = 2 * input[k];
  const double bytes = 2.0 * sizeof(float) * input.size();

  array<float, 2> in(side, side, input.begin(), input.end()), out(side, side);
  array_view<const float, 2> a(in);
  array_view<float, 2> b(out);
  auto check = [&] { return first_difference(std::vector<float>(out), want); };
  auto run = [&](const char* impl, const std::function<void()>& kernel) {
    std::fill(out.data(), out.data() + input.size(), 0.0f);
    const timing t = measure(o, kernel);
    record(rep, result{"element_access", impl, t, "GB/s", gbps(bytes, t.median_s)}, check);
  };

  run("ample_index", [&] {
    parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i] = 2 * a[i]; });
  });
  run("ample_call", [&] {
    parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b(i[0], i[1]) = 2 * a(i[0], i[1]); });
  });
  run("ample_projection", [&] {
    parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i[0]][i[1]] = 2 * a[i[0]][i[1]]; });
  });

  std::vector<float> host_out(input.size());
  const timing t = measure(o, [&] {
#pragma omp parallel for
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) host_out[std::size_t(r) * side + c] = 2 * input[std::size_t(r) * side + c];
  });
  record(rep, result{"element_access", "openmp", t, "GB/s", gbps(bytes, t.median_s)},
         [&] { return first_difference(host_out, want); });
}

}  // namespace

workload element_access_workload() { return {"element_access", element_access}; }

}  // namespace bench
