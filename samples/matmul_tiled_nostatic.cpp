// Seed 000 (D. Moth, "Tiling in C++ AMP", MSDN Magazine), Fig. 4: matrix multiplication with a
// tiled compute domain (16x16 tiles) but no tile_static memory yet, M = N = W = 1024, int.
//
// The mechanical first step of tiling: c.extent becomes c.extent.tile<16,16>() and every idx
// becomes t_idx.global. Nothing is reused yet, so expect the speed of Fig. 1.
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;
using std::vector;

void MatMul(vector<int>& vC, const vector<int>& vA,
  const vector<int>& vB, int M, int N, int W )
{
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent.tile<16,16>(),
    [=](tiled_index<16,16> t_idx) restrict(amp)
  {
  int row = t_idx.global[0]; int col = t_idx.global[1];
  int sum = 0;
  for(int i = 0; i < b.extent[0]; i++)
    sum += a(row, i) * b(i, col);
  c[t_idx.global] = sum;
  });
  c.synchronize();
}

// The sequential code the article compares with: the same loops on the host.
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
  // Every dimension must be divisible by the tile size 16.
  const int M = 1024, N = 1024, W = 1024;
  // Small values (0..9) keep every sum far from int overflow.
  vector<int> vA(M * W), vB(W * N), vC(M * N), vRef(M * N);
  for (int i = 0; i < M * W; i++) vA[i] = (i * 7 + 3) % 10;
  for (int i = 0; i < W * N; i++) vB[i] = (i * 3 + 1) % 10;

  sample::warm_up();
  const double amp_s = sample::seconds([&] { MatMul(vC, vA, vB, M, N, W); }, 3);
  const double cpu_s = sample::seconds([&] { MatMulSequential(vRef, vA, vB, M, N, W); });

  std::cout << "C(0,0) = " << vC[0] << ", C(511,511) = " << vC[511 * N + 511]
            << ", C(1023,1023) = " << vC[1023 * N + 1023] << "\n";
  const bool ok = sample::equal(vC, vRef, "C vs sequential CPU");
  std::cout << (ok ? "verified\n" : "verification FAILED\n");
  sample::print_timing(amp_s, cpu_s);
  return sample::finish("matmul_tiled_nostatic", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
  return sample::fail("matmul_tiled_nostatic", e);
}
