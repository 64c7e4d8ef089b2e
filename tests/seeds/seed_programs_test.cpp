// The programs of the seed articles (/work/shared/seeds), run in-test with the values their
// texts print or state. Kernel bodies are kept as the articles wrote them.
#include <cstdlib>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

// Under a Clang with the compiled-barrier plugin (AMPLE_EXPECT_COMPILED_TILES), every tiled
// seed kernel must take the compiled path, or none with AMPLE_TILED=fibers: a build that lost
// the plugin flag fails here instead of only getting slow.
class SeedProgramsTest : public WorkerCountTest {
 protected:
  void SetUp() override {
    WorkerCountTest::SetUp();
    before_ = ample::detail::cpu::tiled_launches();
  }
  void TearDown() override {
    const ample::detail::cpu::tiled_path_counts after = ample::detail::cpu::tiled_launches();
#if defined(AMPLE_EXPECT_COMPILED_TILES)
    const char* setting = std::getenv("AMPLE_TILED");
    const bool fibers_forced = setting != nullptr && std::string(setting) == "fibers";
    if (fibers_forced) EXPECT_EQ(after.compiled, before_.compiled) << "AMPLE_TILED=fibers must force fibers";
    else EXPECT_EQ(after.fibers, before_.fibers) << "a tiled seed kernel ran on fibers, not compiled";
#else
    EXPECT_EQ(after.compiled, before_.compiled) << "no compiled-barrier pass in this build";
#endif
    WorkerCountTest::TearDown();
  }

 private:
  ample::detail::cpu::tiled_path_counts before_{};
};

// ---- 001 "Using Tiles": SamplingExample -----------------------------------------------------

template <int SAMPLESIZE, bool TileStaticFence>
std::vector<float> sampling_example() {
  constexpr int MATRIXSIZE = 8;
  std::vector<float> rawData;
  for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
  extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
  array_view<float, 2> matrix(dataExtent, rawData);

  std::vector<float> outputData;
  int outputSize = MATRIXSIZE / SAMPLESIZE;
  for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
  extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
  array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());

  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
                      tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
                      tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
                      if constexpr (TileStaticFence)
                        t_idx.barrier.wait_with_tile_static_memory_fence();
                      else
                        t_idx.barrier.wait();
                      if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
                        for (int trow = 0; trow < SAMPLESIZE; trow++) {
                          for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                            averages(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
                          }
                        }
                        averages(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
                      }
                    });
  outputData = averages;
  return outputData;
}

TEST_P(SeedProgramsTest, SamplingExampleSampleSize2) {
  const std::vector<float> expected{4.5f,  6.5f,  8.5f,  10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                    36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f};
  EXPECT_EQ((sampling_example<2, false>()), expected);
  EXPECT_EQ((sampling_example<2, true>()), expected);
}

TEST_P(SeedProgramsTest, SamplingExampleSampleSize4) {
  const std::vector<float> expected{13.5f, 17.5f, 45.5f, 49.5f};
  EXPECT_EQ((sampling_example<4, false>()), expected);
  EXPECT_EQ((sampling_example<4, true>()), expected);
}

// ---- 001 "Using Tiles": TilingDescription ---------------------------------------------------

struct Description {
  int value;
  int tileRow;
  int tileColumn;
  int globalRow;
  int globalColumn;
  int localRow;
  int localColumn;
};

TEST_P(SeedProgramsTest, TilingDescription8x9In2x3Tiles) {
  const int ROWS = 8;
  const int COLS = 9;
  std::vector<Description> descs;
  for (int i = 0; i < ROWS * COLS; i++) {
    Description d = {i, 0, 0, 0, 0, 0, 0};
    descs.push_back(d);
  }
  extent<2> matrix(ROWS, COLS);
  array_view<Description, 2> descriptions(matrix, descs);
  parallel_for_each(descriptions.extent.tile<2, 3>(), [=](tiled_index<2, 3> t_idx) restrict(amp) {
    descriptions[t_idx].globalRow = t_idx.global[0];
    descriptions[t_idx].globalColumn = t_idx.global[1];
    descriptions[t_idx].tileRow = t_idx.tile[0];
    descriptions[t_idx].tileColumn = t_idx.tile[1];
    descriptions[t_idx].localRow = t_idx.local[0];
    descriptions[t_idx].localColumn = t_idx.local[1];
  });
  for (int row = 0; row < ROWS; row++) {
    for (int column = 0; column < COLS; column++) {
      const Description d = descriptions(row, column);
      EXPECT_EQ(d.value, row * COLS + column);
      EXPECT_EQ(d.globalRow, row);
      EXPECT_EQ(d.globalColumn, column);
      EXPECT_EQ(d.tileRow, row / 2);
      EXPECT_EQ(d.tileColumn, column / 3);
      EXPECT_EQ(d.localRow, row % 2);
      EXPECT_EQ(d.localColumn, column % 3);
    }
  }
  // 12 tiles: 4 rows of 3. The last element sits in tile (3,2) at local (1,2).
  const Description last = descriptions(7, 8);
  EXPECT_EQ(last.value, 71);
  EXPECT_EQ(last.tileRow, 3);
  EXPECT_EQ(last.tileColumn, 2);
  EXPECT_EQ(last.localRow, 1);
  EXPECT_EQ(last.localColumn, 2);
}

// ---- 002 "Matrix Multiplication" walkthrough ------------------------------------------------

// A (3x2) = {{1,4},{2,5},{3,6}} times B (2x3) = {{7,8,9},{10,11,12}} is
// 47 52 57 / 64 71 78 / 81 90 99 (row 1: 2*7+5*10, 2*8+5*11, 2*9+5*12).
TEST_P(SeedProgramsTest, MultiplyWithOutAMP) {
  int aMatrix[3][2] = {{1, 4}, {2, 5}, {3, 6}};
  int bMatrix[2][3] = {{7, 8, 9}, {10, 11, 12}};
  int product[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (int row = 0; row < 3; row++)
    for (int col = 0; col < 3; col++)
      for (int inner = 0; inner < 2; inner++) product[row][col] += aMatrix[row][inner] * bMatrix[inner][col];
  const int expected[3][3] = {{47, 52, 57}, {64, 71, 78}, {81, 90, 99}};
  for (int row = 0; row < 3; row++)
    for (int col = 0; col < 3; col++) EXPECT_EQ(product[row][col], expected[row][col]);
}

TEST_P(SeedProgramsTest, MultiplyWithAMP) {
  int aMatrix[] = {1, 4, 2, 5, 3, 6};
  int bMatrix[] = {7, 8, 9, 10, 11, 12};
  int productMatrix[] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  array_view<int, 2> a(3, 2, aMatrix);
  array_view<int, 2> b(2, 3, bMatrix);
  array_view<int, 2> product(3, 3, productMatrix);
  parallel_for_each(product.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0];
    int col = idx[1];
    for (int inner = 0; inner < 2; inner++) {
      product[idx] += a(row, inner) * b(inner, col);
    }
  });
  product.synchronize();
  const int expected[9] = {47, 52, 57, 64, 71, 78, 81, 90, 99};
  for (int row = 0; row < 3; row++)
    for (int col = 0; col < 3; col++) {
      EXPECT_EQ(product(row, col), expected[row * 3 + col]);
      EXPECT_EQ(productMatrix[row * 3 + col], expected[row * 3 + col]);
    }
}

TEST_P(SeedProgramsTest, MultiplyWithTiling) {
  static const int TS = 2;
  int aMatrix[] = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
  int bMatrix[] = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
  int productMatrix[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  array_view<int, 2> a(4, 4, aMatrix);
  array_view<int, 2> b(4, 4, bMatrix);
  array_view<int, 2> product(4, 4, productMatrix);
  parallel_for_each(product.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    int rowGlobal = t_idx.global[0];
    int colGlobal = t_idx.global[1];
    int sum = 0;
    for (int i = 0; i < 4; i += TS) {
      tile_static int locA[TS][TS];
      tile_static int locB[TS][TS];
      locA[row][col] = a(rowGlobal, col + i);
      locB[row][col] = b(row + i, colGlobal);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) {
        sum += locA[row][k] * locB[k][col];
      }
      t_idx.barrier.wait();
    }
    product[t_idx.global] = sum;
  });
  product.synchronize();
  // Serial reference for every element; the article checks the first one (34).
  for (int row = 0; row < 4; row++)
    for (int col = 0; col < 4; col++) {
      int s = 0;
      for (int k = 0; k < 4; k++) s += aMatrix[row * 4 + k] * bMatrix[k * 4 + col];
      EXPECT_EQ(product(row, col), s) << "(" << row << ", " << col << ")";
    }
  const int first_rows[8] = {34, 44, 54, 64, 82, 108, 134, 160};
  for (int k = 0; k < 8; k++) EXPECT_EQ(productMatrix[k], first_rows[k]);
}

// ---- 000 "Tiling in C++ AMP" (MSDN Magazine) ------------------------------------------------

TEST_P(SeedProgramsTest, TileStaticSumWithBarrierFix) {
  static const int TS = 2;
  std::vector<int> my_vector(12);
  for (int i = 0; i < 12; i++) my_vector[i] = i + 1;  // 1..12, total 78
  array_view<int, 2> av(2, 6, my_vector);
  parallel_for_each(av.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    tile_static int t[TS][TS];
    t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
    t_idx.barrier.wait();
    if (t_idx.local == index<2>(0, 0)) {
      t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];
      av[t_idx.tile_origin] = t[0][0];
    }
  });
  int sum = av(0, 0) + av(0, 2) + av(0, 4);  // the three tile_origins
  EXPECT_EQ(sum, 78);
  EXPECT_EQ(av(0, 0), 1 + 2 + 7 + 8);
  EXPECT_EQ(av(0, 2), 3 + 4 + 9 + 10);
  EXPECT_EQ(av(0, 4), 5 + 6 + 11 + 12);
}

void matmul_simple(std::vector<int>& vC, const std::vector<int>& vA, const std::vector<int>& vB, int M, int N, int W) {
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0];
    int col = idx[1];
    int sum = 0;
    for (int i = 0; i < b.extent[0]; i++) sum += a(row, i) * b(i, col);
    c[idx] = sum;
  });
  c.synchronize();
}

template <int TS>
void matmul_tiled_no_tile_static(std::vector<int>& vC, const std::vector<int>& vA, const std::vector<int>& vB, int M,
                                 int N, int W) {
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.global[0];
    int col = t_idx.global[1];
    int sum = 0;
    for (int i = 0; i < b.extent[0]; i++) sum += a(row, i) * b(i, col);
    c[t_idx.global] = sum;
  });
  c.synchronize();
}

template <int TS>
void matmul_tiled(std::vector<int>& vC, const std::vector<int>& vA, const std::vector<int>& vB, int M, int N, int W) {
  array_view<const int, 2> a(M, W, vA), b(W, N, vB);
  array_view<int, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static int locA[TS][TS], locB[TS][TS];
    int sum = 0;
    for (int i = 0; i < a.extent[1]; i += TS) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
  c.synchronize();
}

// Fig. 6: A is 2x4 (1..8), B is 4x6 (1..24), C = A*B is 2x6, and C(0,3) = 160.
TEST_P(SeedProgramsTest, MatMulFiguresOnFigure6Data) {
  const int M = 2, N = 6, W = 4;
  std::vector<int> vA(M * W), vB(W * N);
  for (int i = 0; i < M * W; i++) vA[i] = i + 1;
  for (int i = 0; i < W * N; i++) vB[i] = i + 1;
  std::vector<int> expected(M * N, 0);
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++)
      for (int k = 0; k < W; k++) expected[r * N + c] += vA[r * W + k] * vB[k * N + c];
  ASSERT_EQ(expected[3], 160);

  std::vector<int> simple(M * N, -1), tiled_plain(M * N, -1), tiled(M * N, -1);
  matmul_simple(simple, vA, vB, M, N, W);
  matmul_tiled_no_tile_static<2>(tiled_plain, vA, vB, M, N, W);
  matmul_tiled<2>(tiled, vA, vB, M, N, W);
  EXPECT_EQ(simple, expected);
  EXPECT_EQ(tiled_plain, expected);
  EXPECT_EQ(tiled, expected);
  EXPECT_EQ(tiled[0 * N + 3], 160);
}

TEST_P(SeedProgramsTest, MatMulFiguresTS16) {
  const int M = 64, N = 48, W = 32;
  std::vector<int> vA(M * W), vB(W * N);
  for (int i = 0; i < M * W; i++) vA[i] = (i * 37) % 17 - 8;
  for (int i = 0; i < W * N; i++) vB[i] = (i * 23) % 13 - 6;
  std::vector<int> expected(M * N, 0);
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++)
      for (int k = 0; k < W; k++) expected[r * N + c] += vA[r * W + k] * vB[k * N + c];

  std::vector<int> simple(M * N, -1), tiled_plain(M * N, -1), tiled(M * N, -1);
  matmul_simple(simple, vA, vB, M, N, W);
  matmul_tiled_no_tile_static<16>(tiled_plain, vA, vB, M, N, W);
  matmul_tiled<16>(tiled, vA, vB, M, N, W);
  EXPECT_EQ(simple, expected);
  EXPECT_EQ(tiled_plain, expected);
  EXPECT_EQ(tiled, expected);
}

// ---- 003 LinuxFormat CUDA article: matrix transpose variants, as C++ AMP -------------------

constexpr int BS = 16;

std::vector<float> transpose_host(const std::vector<float>& a, int N) {
  std::vector<float> b(N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) b[j * N + i] = a[i * N + j];
  return b;
}

// Variant 1: naive, one work-item per element.
std::vector<float> transpose_1(const std::vector<float>& va, int N) {
  std::vector<float> vb(N * N, -1.f);
  array_view<const float, 1> A(N * N, va);
  array_view<float, 1> B(N * N, vb);
  parallel_for_each(extent<2>(N, N), [=](index<2> idx) restrict(amp) {
    int j = idx[0];
    int i = idx[1];
    B[j * N + i] = A[i * N + j];
  });
  B.synchronize();
  return vb;
}

// Variants 2 and 3: a tile is staged through tile_static, padded by one column in variant 3.
template <int Pad>
std::vector<float> transpose_shared(const std::vector<float>& va, int N) {
  std::vector<float> vb(N * N, -1.f);
  array_view<const float, 1> a(N * N, va);
  array_view<float, 1> b(N * N, vb);
  parallel_for_each(extent<2>(N, N).tile<BS, BS>(), [=](tiled_index<BS, BS> t_idx) restrict(amp) {
    tile_static float sh[BS][BS + Pad];
    int tx = t_idx.local[1], ty = t_idx.local[0];
    int x = t_idx.tile_origin[1], y = t_idx.tile_origin[0];
    sh[ty][tx] = a[(y + ty) * N + (x + tx)];
    t_idx.barrier.wait();
    b[(x + ty) * N + (y + tx)] = sh[tx][ty];
  });
  b.synchronize();
  return vb;
}

TEST_P(SeedProgramsTest, TransposeVariants) {
  for (int N : {16, 48, 64}) {
    std::vector<float> a(N * N);
    for (int k = 0; k < N * N; k++) a[k] = static_cast<float>(k) * 0.5f;
    const std::vector<float> expected = transpose_host(a, N);
    EXPECT_EQ(transpose_1(a, N), expected) << "variant 1, N=" << N;
    EXPECT_EQ(transpose_shared<0>(a, N), expected) << "variant 2, N=" << N;
    EXPECT_EQ(transpose_shared<1>(a, N), expected) << "variant 3, N=" << N;
  }
}

AMPLE_INSTANTIATE_WORKER_TESTS(SeedProgramsTest);

}  // namespace
