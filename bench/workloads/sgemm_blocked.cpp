// sgemm_blocked_f32_1024: C = alpha A B + beta C, M = N = K = 1024, float, row-major, written
// the way a C++ AMP BLAS library writes it (AMD's C++ AMP BLAS): 16 x 16 work-item tiles, each
// work-item a 2 x 2 block of C, k in blocks of 16 through padded tile_static arrays, against the
// same blocking in OpenMP and OpenBLAS sgemm.
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

constexpr int M = 1024, N = 1024, K = 1024;
constexpr int TS = 16;                        // work-items per tile side
constexpr int M_THREAD = 2, N_THREAD = 2;     // C elements per work-item
constexpr int M_BLOCK = TS * M_THREAD, N_BLOCK = TS * N_THREAD, K_BLOCK = 16;
// The kernel guards partial tiles, as a library must; the extent and the OpenMP version assume
// whole blocks.
static_assert(M % M_BLOCK == 0 && N % N_BLOCK == 0 && K % K_BLOCK == 0);

// The reference: i, k, j order, so that the inner loop runs along rows of B and C.
void sgemm_serial(float alpha, const float* A, const float* B, float beta, float* C) {
  for (int i = 0; i < M; ++i) {
    float* c = C + i * N;
    for (int j = 0; j < N; ++j) c[j] = beta != 0 ? beta * c[j] : 0.0f;
    for (int k = 0; k < K; ++k) {
      const float a = alpha * A[i * K + k];
      for (int j = 0; j < N; ++j) c[j] += a * B[k * N + j];
    }
  }
}

// A BLAS kernel's load of a partial tile: zeros outside the matrix add nothing to C.
template <class T>
T guarded_read(const array_view<const T, 2>& v, int r, int c) restrict(amp) {
  if (r < v.extent[0] && c < v.extent[1]) return v(r, c);
  return T(0);
}

// A tile computes a 32 x 32 block of C. Work-item (ly, lx) owns rows ly + 16 i and columns
// lx + 16 j of it, so that neighbouring work-items touch neighbouring elements (coalesced on a
// GPU); its accumulators and operands are private arrays that live across both barriers.
void sgemm_ample(float alpha, const array_view<const float, 2>& A, const array_view<const float, 2>& B, float beta,
                 const array_view<float, 2>& C) {
  parallel_for_each(extent<2>(M / M_THREAD, N / N_THREAD).tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    tile_static float a_s[M_BLOCK][K_BLOCK + 1];  // padded by one column against bank conflicts
    tile_static float b_s[K_BLOCK][N_BLOCK + 1];
    const int ly = t_idx.local[0], lx = t_idx.local[1];
    const int row0 = t_idx.tile[0] * M_BLOCK, col0 = t_idx.tile[1] * N_BLOCK;
    float c_reg[M_THREAD][N_THREAD] = {};
    float a_reg[M_THREAD], b_reg[N_THREAD];
    for (int k0 = 0; k0 < A.extent[1]; k0 += K_BLOCK) {
      for (int i = 0; i < M_THREAD; ++i) a_s[ly + i * TS][lx] = guarded_read(A, row0 + ly + i * TS, k0 + lx);
      for (int j = 0; j < N_THREAD; ++j) b_s[ly][lx + j * TS] = guarded_read(B, k0 + ly, col0 + lx + j * TS);
      t_idx.barrier.wait();
      for (int k = 0; k < K_BLOCK; ++k) {
        for (int i = 0; i < M_THREAD; ++i) a_reg[i] = a_s[ly + i * TS][k];
        for (int j = 0; j < N_THREAD; ++j) b_reg[j] = b_s[k][lx + j * TS];
        for (int i = 0; i < M_THREAD; ++i)
          for (int j = 0; j < N_THREAD; ++j) c_reg[i][j] += a_reg[i] * b_reg[j];
      }
      t_idx.barrier.wait();
    }
    for (int i = 0; i < M_THREAD; ++i)
      for (int j = 0; j < N_THREAD; ++j) {
        const int r = row0 + ly + i * TS, c = col0 + lx + j * TS;
        if (r < C.extent[0] && c < C.extent[1]) {
          // beta == 0 must not read C: BLAS lets C hold anything, NaN included, in that case.
          if (beta != 0) C(r, c) = alpha * c_reg[i][j] + beta * C(r, c);
          else C(r, c) = alpha * c_reg[i][j];
        }
      }
  });
  C.synchronize();
}

// The same blocking by hand: one 32 x 32 block of C per iteration, its k-blocks of A and B
// copied into padded local arrays, j innermost and contiguous so that it vectorises.
void sgemm_openmp(float alpha, const float* A, const float* B, float beta, float* C) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int bm = 0; bm < M; bm += M_BLOCK)
    for (int bn = 0; bn < N; bn += N_BLOCK) {
      float a_s[M_BLOCK][K_BLOCK + 1], b_s[K_BLOCK][N_BLOCK + 1], c_s[M_BLOCK][N_BLOCK] = {};
      for (int k0 = 0; k0 < K; k0 += K_BLOCK) {
        for (int i = 0; i < M_BLOCK; ++i)
          for (int k = 0; k < K_BLOCK; ++k) a_s[i][k] = A[(bm + i) * K + k0 + k];
        for (int k = 0; k < K_BLOCK; ++k)
          for (int j = 0; j < N_BLOCK; ++j) b_s[k][j] = B[(k0 + k) * N + bn + j];
        for (int i = 0; i < M_BLOCK; ++i)
          for (int k = 0; k < K_BLOCK; ++k)
            for (int j = 0; j < N_BLOCK; ++j) c_s[i][j] += a_s[i][k] * b_s[k][j];
      }
      for (int i = 0; i < M_BLOCK; ++i)
        for (int j = 0; j < N_BLOCK; ++j) {
          float& c = C[(bm + i) * N + bn + j];
          c = beta != 0 ? alpha * c_s[i][j] + beta * c : alpha * c_s[i][j];
        }
    }
}

void sgemm_blocked(const options& o, reporter& rep) {
  const std::string w = "sgemm_blocked_f32_1024";
  const double flops = 2.0 * M * N * K;
  constexpr float alpha = 1.0f, beta = 0.0f;
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GFLOP/s", gflops(flops, t.median_s)}; };
  // Sums of K = 1024 products of values 0..9 stay below 2^24, exact in float; the bound allows
  // for a different order of additions all the same: 2 K eps relative.
  const double tol = 2.0 * K * 1.2e-7;

  const std::vector<float> a = pattern<float>(std::size_t(M) * K, 9), b = pattern<float>(std::size_t(K) * N, 10);
  std::vector<float> want(std::size_t(M) * N), c(std::size_t(M) * N);
  record(rep, make("serial", measure(o, [&] { sgemm_serial(alpha, a.data(), b.data(), beta, want.data()); })));

  c.assign(c.size(), -1.0f);
  record(rep, make("openmp", measure(o, [&] { sgemm_openmp(alpha, a.data(), b.data(), beta, c.data()); })),
         [&] { return first_relative_difference(c, want, tol); });

  const array_view<const float, 2> A(M, K, a), B(K, N, b);
  const array_view<float, 2> C(M, N, c);
  for (const bool on_fibers : {false, true}) {
    c.assign(c.size(), -1.0f);
    const tiled_run run = measure_tiled(o, on_fibers, [&] { sgemm_ample(alpha, A, B, beta, C); });
    result r = make(on_fibers ? "ample_tiled_fibers" : "ample_tiled", run.time);
    r.path = run.path;
    record(rep, r, [&] { return first_relative_difference(c, want, tol); });
  }

  c.assign(c.size(), -1.0f);
  record(rep, make("openblas", measure(o, [&] {
           cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha, a.data(), K, b.data(), N, beta,
                       c.data(), N);
         })),
         [&] { return first_relative_difference(c, want, tol); });
}

}  // namespace

workload sgemm_blocked_workload() { return {"sgemm_blocked_f32_1024", sgemm_blocked}; }

}  // namespace bench
