// Times matmul_tile (tile.cpp) on one thread over a quarter of seed 004's matrices: median of 7.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
const int M = 2048, K = 2048, N = 4096;
void matmul_tile(float A[][K], float B[][N], float C[][N], int m, int n);
int main() {
  std::vector<float> a(size_t(M) * K, 1.0f), b(size_t(K) * N, 0.5f), c(size_t(M) * N);
  auto* A = reinterpret_cast<float(*)[K]>(a.data());
  auto* B = reinterpret_cast<float(*)[N]>(b.data());
  auto* C = reinterpret_cast<float(*)[N]>(c.data());
  // A quarter of the matrix (rows 0..511) per repetition: the same loop nest, 4x shorter runs.
  std::vector<double> t;
  for (int rep = 0; rep < 7; ++rep) {
    auto s = std::chrono::steady_clock::now();
    for (int m = 0; m < M / 4; m += 16)
      for (int n = 0; n < N; n += 32) matmul_tile(A, B, C, m, n);
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
  }
  std::sort(t.begin(), t.end());
  std::printf("median %.4f s  %.1f GFLOP/s  (C[5][7] = %g)\n", t[3], 2.0 * M / 4 * N * K / t[3] / 1e9, C[5][7]);
}
