// matmul_simple_i32_1024, matmul_tiled_i32_1024 and matmul_tiled_f32_1024: seed 000 Fig. 1 and
// Fig. 5, M=N=W=1024, with int as printed and Fig. 5 also with float.
#include <amp.h>

#include <type_traits>
#include <vector>

#include "../peers/pocl.hpp"
#include "common.hpp"

using namespace concurrency;
using std::vector;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int M = 1024, N = 1024, W = 1024;
constexpr int TS = 16;
constexpr double flops = 2.0 * M * N * W;

// Seed 000 Fig. 1, as printed.
void MatMul(vector<int>& vC, const vector<int>& vA, const vector<int>& vB, int M, int N, int W) {
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0]; int col = idx[1];
    int sum = 0;
    for (int i = 0; i < b.extent[0]; i++)
      sum += a(row, i) * b(i, col);
    c[idx] = sum;
  });
  c.synchronize();
}

// Seed 000 Fig. 5, as printed (T = int), and with float; as a template it needs the word
// `template` before tile<TS, TS>.
template <class T>
void MatMulTiled(vector<T>& vC, const vector<T>& vA, const vector<T>& vB, int M, int N, int W) {
  array_view<const T, 2> a(M, W, vA), b(W, N, vB);
  array_view<T, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent.template tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0]; int col = t_idx.local[1];
    tile_static T locA[TS][TS], locB[TS][TS];
    T sum = 0;
    for (int i = 0; i < a.extent[1]; i += TS) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
  c.synchronize();
}

// The sequential code of the same algorithm: one dot product per element of C.
template <class T>
void matmul_serial(vector<T>& c, const vector<T>& a, const vector<T>& b) {
  for (int row = 0; row < M; ++row)
    for (int col = 0; col < N; ++col) {
      T sum = 0;
      for (int i = 0; i < W; ++i) sum += a[row * W + i] * b[i * N + col];
      c[row * N + col] = sum;
    }
}

// The same algorithm with the row loop shared among OpenMP threads.
void matmul_openmp(vector<int>& c, const vector<int>& a, const vector<int>& b) {
#pragma omp parallel for schedule(static)
  for (int row = 0; row < M; ++row)
    for (int col = 0; col < N; ++col) {
      int sum = 0;
      for (int i = 0; i < W; ++i) sum += a[row * W + i] * b[i * N + col];
      c[row * N + col] = sum;
    }
}

// Fig. 5 split by hand at its two barriers, the way a loop-fissioning compiler (PoCL) runs it:
// per tile, one loop over the work-items up to the first barrier, one up to the second. The
// work-item loop of the multiply phase is interchanged with k so that columns vectorise
// (row, k, col: the fastest order with both GCC 12 and Clang 14 here).
template <class T>
void matmul_tiled_openmp(vector<T>& c, const vector<T>& a, const vector<T>& b) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int tr = 0; tr < M / TS; ++tr)
    for (int tc = 0; tc < N / TS; ++tc) {
      T locA[TS][TS], locB[TS][TS], sum[TS][TS] = {};
      for (int i = 0; i < W; i += TS) {
        for (int row = 0; row < TS; ++row)
          for (int col = 0; col < TS; ++col) {
            locA[row][col] = a[(tr * TS + row) * W + col + i];
            locB[row][col] = b[(row + i) * N + tc * TS + col];
          }
        for (int row = 0; row < TS; ++row)
          for (int k = 0; k < TS; ++k)
            for (int col = 0; col < TS; ++col) sum[row][col] += locA[row][k] * locB[k][col];
      }
      for (int row = 0; row < TS; ++row)
        for (int col = 0; col < TS; ++col) c[(tr * TS + row) * N + tc * TS + col] = sum[row][col];
    }
}

result make(const std::string& workload, const std::string& impl, const timing& t) {
  return result{workload, impl, t, "GFLOP/s", gflops(flops, t.median_s)};
}

void run_pocl(const options& o, reporter& rep, const std::string& workload, pocl::kernel_run k,
              const vector<int>& want) {
  vector<int> c(M * N, -1);
  result r = make(workload, "pocl", measure(o, k.run));
  r.build_s = k.build_s;
  k.read_out(c.data());
  record(rep, r, [&] { return first_difference(c, want); });
}

// Products of the patterns' small integers summed over W stay below 2^24: exact in float too.
template <class T>
void matmul_tiled(const options& o, reporter& rep, const std::string& w) {
  const vector<T> a = pattern<T>(M * W, 3), b = pattern<T>(W * N, 4);
  vector<T> want(M * N), c(M * N);
  record(rep, make(w, "serial", measure(o, [&] { matmul_serial(want, a, b); })));
  record(rep, make(w, "openmp", measure(o, [&] { matmul_tiled_openmp(c, a, b); })), [&] { return first_difference(c, want); });
  for (const bool on_fibers : {false, true}) {
    c.assign(c.size(), T(-1));
    const tiled_run run = measure_tiled(o, on_fibers, [&] { MatMulTiled(c, a, b, M, N, W); });
    result r = make(w, on_fibers ? "ample_tiled_fibers" : "ample_tiled", run.time);
    r.path = run.path;
    record(rep, r, [&] { return first_difference(c, want); });
  }
  if constexpr (std::is_same_v<T, int>) {
    std::string why;
    if (pocl::available(&why)) run_pocl(o, rep, w, pocl::matmul_tiled_i32(a.data(), b.data(), M, N, W), want);
    else rep.fail(w, "pocl", why);
  }
}

void matmul_simple(const options& o, reporter& rep) {
  const std::string w = "matmul_simple_i32_1024";
  const vector<int> a = pattern<int>(M * W, 1), b = pattern<int>(W * N, 2);
  vector<int> want(M * N), c(M * N);
  record(rep, make(w, "serial", measure(o, [&] { matmul_serial(want, a, b); })));
  record(rep, make(w, "openmp", measure(o, [&] { matmul_openmp(c, a, b); })), [&] { return first_difference(c, want); });
  c.assign(c.size(), -1);
  record(rep, make(w, "ample", measure(o, [&] { MatMul(c, a, b, M, N, W); })), [&] { return first_difference(c, want); });
  std::string why;
  if (pocl::available(&why)) run_pocl(o, rep, w, pocl::matmul_simple_i32(a.data(), b.data(), M, N, W), want);
  else rep.fail(w, "pocl", why);
}

}  // namespace

workload matmul_simple_workload() { return {"matmul_simple_i32_1024", matmul_simple}; }
workload matmul_tiled_workload() {
  return {"matmul_tiled_i32_1024", [](const options& o, reporter& r) { matmul_tiled<int>(o, r, "matmul_tiled_i32_1024"); }};
}
workload matmul_tiled_f32_workload() {
  return {"matmul_tiled_f32_1024", [](const options& o, reporter& r) { matmul_tiled<float>(o, r, "matmul_tiled_f32_1024"); }};
}

}  // namespace bench
