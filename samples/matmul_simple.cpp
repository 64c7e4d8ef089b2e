// Seed 000 (D. Moth, "Tiling in C++ AMP", MSDN Magazine), Fig. 1: matrix multiplication with the
// simple (untiled) model, M = N = W = 1024, int.
//
// The article reports more than 40x over sequential CPU code with a laptop GPU; here the
// "accelerator" is the CPU itself, so compare with the number of cores instead.
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

// The "ordinary sequential code" the article compares with: the same loops on the host.
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
  std::cout << "article: more than 40x over sequential CPU code (laptop GPU)\n";
  return sample::finish("matmul_simple", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
  return sample::fail("matmul_simple", e);
}
