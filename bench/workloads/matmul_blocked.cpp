// matmul_blocked_f32_2048x2048x4096: seed 004's cache-blocked matmul_tiled (TILE_M = TILE_K = 16,
// TILE_N = 32), M = K = 2048, N = 4096, float, against OpenMP and OpenBLAS sgemm.
#include <amp.h>
#include <cblas.h>

#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int M = 2048, K = 2048, N = 4096;
constexpr int TILE_M = 16, TILE_N = 32, TILE_K = 16;

// The body of the seed's two tile loops, array notation written out: C tile at (m, n).
inline void matmul_tile(const float* A, const float* B, float* C, int m, int n) {
  float atile[TILE_M][TILE_K], btile[TILE_N], ctile[TILE_M][TILE_N] = {};
  for (int k = 0; k < K; k += TILE_K) {
    for (int tm = 0; tm < TILE_M; tm++)
      for (int tk = 0; tk < TILE_K; tk++) atile[tm][tk] = A[(m + tm) * K + k + tk];
    for (int tk = 0; tk < TILE_K; tk++) {
      for (int tn = 0; tn < TILE_N; tn++) btile[tn] = B[(k + tk) * N + n + tn];
      for (int tm = 0; tm < TILE_M; tm++)
        for (int tn = 0; tn < TILE_N; tn++) ctile[tm][tn] += atile[tm][tk] * btile[tn];
    }
  }
  for (int tm = 0; tm < TILE_M; tm++)
    for (int tn = 0; tn < TILE_N; tn++) C[(m + tm) * N + n + tn] = ctile[tm][tn];
}

void matmul_serial(const float* A, const float* B, float* C) {
  for (int m = 0; m < M; m += TILE_M)
    for (int n = 0; n < N; n += TILE_N) matmul_tile(A, B, C, m, n);
}

// The seed's cilk_for over m, as an OpenMP loop.
void matmul_openmp(const float* A, const float* B, float* C) {
#pragma omp parallel for schedule(static)
  for (int m = 0; m < M; m += TILE_M)
    for (int n = 0; n < N; n += TILE_N) matmul_tile(A, B, C, m, n);
}

// The seed's offload, as C++ AMP: one work-item per C tile, the same tile body.
void matmul_ample(const array_view<const float, 2>& A, const array_view<const float, 2>& B,
                  const array_view<float, 2>& C) {
  parallel_for_each(extent<2>(M / TILE_M, N / TILE_N), [=](index<2> idx) restrict(amp) {
    const int m = idx[0] * TILE_M, n = idx[1] * TILE_N;
    float atile[TILE_M][TILE_K], btile[TILE_N], ctile[TILE_M][TILE_N] = {};
    for (int k = 0; k < K; k += TILE_K) {
      for (int tm = 0; tm < TILE_M; tm++)
        for (int tk = 0; tk < TILE_K; tk++) atile[tm][tk] = A(m + tm, k + tk);
      for (int tk = 0; tk < TILE_K; tk++) {
        for (int tn = 0; tn < TILE_N; tn++) btile[tn] = B(k + tk, n + tn);
        for (int tm = 0; tm < TILE_M; tm++)
          for (int tn = 0; tn < TILE_N; tn++) ctile[tm][tn] += atile[tm][tk] * btile[tn];
      }
    }
    for (int tm = 0; tm < TILE_M; tm++)
      for (int tn = 0; tn < TILE_N; tn++) C(m + tm, n + tn) = ctile[tm][tn];
  });
  C.synchronize();
}

void matmul_blocked(const options& o, reporter& rep) {
  const std::string w = "matmul_blocked_f32_2048x2048x4096";
  const double flops = 2.0 * M * N * K;
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GFLOP/s", gflops(flops, t.median_s)}; };
  // Sums of K = 2048 products of values 0..9 are exact in float up to 2^24 = 16.7M; the
  // largest is 2048 * 81 = 165888, so every implementation should agree closely. The bound
  // allows for sgemm's different order of additions: 2 K eps relative.
  const double tol = 2.0 * K * 1.2e-7;

  const std::vector<float> a = pattern<float>(std::size_t(M) * K, 7), b = pattern<float>(std::size_t(K) * N, 8);
  std::vector<float> want(std::size_t(M) * N), c(std::size_t(M) * N);
  record(rep, make("serial", measure(o, [&] { matmul_serial(a.data(), b.data(), want.data()); })));
  record(rep, make("openmp", measure(o, [&] { matmul_openmp(a.data(), b.data(), c.data()); })),
         [&] { return first_relative_difference(c, want, tol); });

  c.assign(c.size(), -1.0f);
  const array_view<const float, 2> A(M, K, a), B(K, N, b);
  const array_view<float, 2> C(M, N, c);
  record(rep, make("ample", measure(o, [&] { matmul_ample(A, B, C); })), [&] { return first_relative_difference(c, want, tol); });

  c.assign(c.size(), -1.0f);
  record(rep, make("openblas", measure(o, [&] {
           cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, a.data(), K, b.data(), N, 0.0f,
                       c.data(), N);
         })),
         [&] { return first_relative_difference(c, want, tol); });
}

}  // namespace

workload matmul_blocked_workload() { return {"matmul_blocked_f32_2048x2048x4096", matmul_blocked}; }

}  // namespace bench
