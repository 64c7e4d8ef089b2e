// Seed 000 (D. Moth, "Tiling in C++ AMP", MSDN Magazine), Fig. 5: tiled matrix multiplication
// with tile_static memory, TS = 16, M = N = W = 1024, int.
//
// Each tile copies a TS x TS block of a and of b into tile_static memory once and reuses it TS
// times. The article reports this to be 2x faster again than the simple model of Fig. 1
// (itself more than 40x over sequential CPU code on a laptop GPU); both ratios are printed.
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;
using std::vector;

static const int TS = 16;

void MatMul(vector<int>& vC, const vector<int>& vA,
  const vector<int>& vB, int M, int N, int W )
{
  array_view<const int,2> a(M, W, vA), b(W, N, vB);
  array_view<int,2> c(M, N, vC);
  c.discard_data();

  parallel_for_each(c.extent.tile<TS,TS>(),
    [=](tiled_index<TS,TS> t_idx) restrict(amp)
  {
    int row = t_idx.local[0]; int col = t_idx.local[1];
    tile_static int locA[TS][TS], locB[TS][TS];
    int sum = 0;
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

// Fig. 1, the simple model, for the article's "2x faster than the simple model" comparison.
void MatMulSimple(vector<int>& vC, const vector<int>& vA,
  const vector<int>& vB, int M, int N, int W )
{
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp)
  {
    int row = idx[0]; int col = idx[1];
    int sum = 0;
    for(int i = 0; i < b.extent[0]; i++)
      sum += a(row, i) * b(i, col);
    c[idx] = sum;
  });
  c.synchronize();
}

// The sequential code the article compares with: the same product with plain loops.
void MatMulSequential(vector<int>& vC, const vector<int>& vA,
  const vector<int>& vB, int M, int N, int W)
{
  for (int row = 0; row < M; row++)
    for (int col = 0; col < N; col++) {
      int sum = 0;
      for (int i = 0; i < W; i++)
        sum += vA[row * W + i] * vB[i * N + col];
      vC[row * N + col] = sum;
    }
}

int main() try {
  // Every dimension must be divisible by TS.
  const int M = 1024, N = 1024, W = 1024;
  // Small values (0..9) keep every sum far from int overflow.
  vector<int> vA(M * W), vB(W * N), vC(M * N), vSimple(M * N), vRef(M * N);
  for (int i = 0; i < M * W; i++) vA[i] = (i * 7 + 3) % 10;
  for (int i = 0; i < W * N; i++) vB[i] = (i * 3 + 1) % 10;

  sample::warm_up();
  const double amp_s = sample::seconds([&] { MatMul(vC, vA, vB, M, N, W); }, 3);
  const double simple_s = sample::seconds([&] { MatMulSimple(vSimple, vA, vB, M, N, W); }, 3);
  const double cpu_s = sample::seconds([&] { MatMulSequential(vRef, vA, vB, M, N, W); });

  std::cout << "C(0,0) = " << vC[0] << ", C(511,511) = " << vC[511 * N + 511]
            << ", C(1023,1023) = " << vC[1023 * N + 1023] << "\n";
  bool ok = sample::equal(vC, vRef, "C (tile_static) vs sequential CPU");
  ok = sample::equal(vSimple, vRef, "C (simple model) vs sequential CPU") && ok;
  std::cout << (ok ? "verified\n" : "verification FAILED\n");
  sample::print_timing(amp_s, cpu_s);
  std::cout << "simple model (Fig. 1): " << simple_s << " s; tile_static speed-up over it: "
            << simple_s / amp_s << "x (article: 2x)\n";
  return sample::finish("matmul_tile_static", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
  return sample::fail("matmul_tile_static", e);
}
