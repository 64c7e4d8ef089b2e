// SUMMA (van de Geijn and Watts, 1997): C = A·B for n x n float matrices over a 2-D grid of
// MPI ranks, each owning one block of A, of B and of C. At each step the ranks of one grid
// column broadcast a panel of A's columns along their grid rows, the ranks of one grid row a
// panel of B's rows along their grid columns, and every rank adds the product of the two
// panels to its block of C with seed 000's tiled kernel (samples/matmul_tile_static.cpp).
//
//   mpi_summa [n] [--no-check]        (n: default 1024, a multiple of 16 x grid rows x columns)
//
// The grid is as square as the rank count allows (4 ranks: 2 x 2; 2 ranks: 1 x 2; a prime
// count p: 1 x p, where SUMMA degenerates to broadcasting B's panels along one row). Rank 0
// then multiplies the whole matrices alone with the same code and checks that the results are
// identical.
#include <cstdio>
#include <numeric>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "mpi_sample.hpp"

using namespace concurrency;

namespace {

constexpr int TS = 16;

/// process_grid is where a rank sits in a rows x cols grid of ranks, with one communicator for
/// its grid row (ranked by column) and one for its grid column (ranked by row).
struct process_grid {
  int rows, cols, row, col;
  MPI_Comm row_comm, col_comm;

  explicit process_grid(MPI_Comm comm) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    rows = 1;
    for (int r = 1; r * r <= size; ++r)
      if (size % r == 0) rows = r;
    cols = size / rows;
    row = rank / cols;
    col = rank % cols;
    MPI_Comm_split(comm, row, col, &row_comm);
    MPI_Comm_split(comm, col, row, &col_comm);
  }
  process_grid(const process_grid&) = delete;
  process_grid& operator=(const process_grid&) = delete;
  ~process_grid() {
    MPI_Comm_free(&row_comm);
    MPI_Comm_free(&col_comm);
  }
};

/// multiply_add() is c += a·b with seed 000's tiled kernel, which starts each sum from c's
/// value so that the panels of SUMMA add their terms in the order one whole product would.
void multiply_add(const array_view<const float, 2>& a, const array_view<const float, 2>& b,
                  const array_view<float, 2>& c) {
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static float locA[TS][TS], locB[TS][TS];
    float sum = c[t_idx.global];
    for (int i = 0; i < a.extent[1]; i += TS) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
}

/// summa() adds A·B to C, n x n, over the grid's ranks; a, b and c are this rank's blocks
/// (n / rows x n / cols each).
void summa(const process_grid& grid, int n, const array_view<float, 2>& a, const array_view<float, 2>& b,
           const array_view<float, 2>& c) {
  const int block_rows = n / grid.rows, block_cols = n / grid.cols;
  // The panel width divides both block shapes, so that no panel straddles two owners.
  const int width = std::gcd(block_rows, block_cols);
  array_view<float, 2> a_panel(block_rows, width), b_panel(width, block_cols);
  for (int k = 0; k < n; k += width) {
    // Column k of A lives in grid column k / block_cols; row k of B in grid row k / block_rows.
    const int a_owner = k / block_cols, b_owner = k / block_rows;
    // The owner broadcasts a section of its own block in place: columns of A (strided), rows
    // of B (contiguous); the others receive into their panel.
    const array_view<float, 2> a_used =
        grid.col == a_owner ? a.section(0, k % block_cols, block_rows, width) : a_panel;
    const array_view<float, 2> b_used =
        grid.row == b_owner ? b.section(k % block_rows, 0, width, block_cols) : b_panel;
    ample::mpi::broadcast(a_used, a_owner, grid.row_comm);
    ample::mpi::broadcast(b_used, b_owner, grid.col_comm);
    multiply_add(a_used, b_used, c);
  }
  c.synchronize();
}

float a_value(int i, int k) { return static_cast<float>((i * 7 + k * 3) % 10) / 10.0f; }
float b_value(int k, int j) { return static_cast<float>((k * 3 + j * 5 + 1) % 10) / 10.0f; }

/// fill() sets the block of rows x cols at (first_row, first_col) of a matrix defined by f.
template <class F>
std::vector<float> fill(int rows, int cols, int first_row, int first_col, F f) {
  std::vector<float> v(static_cast<std::size_t>(rows) * cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) v[static_cast<std::size_t>(i) * cols + j] = f(first_row + i, first_col + j);
  return v;
}

int run(int argc, char** argv) {
  const mpi_sample::arguments args(argc, argv, {1024});
  const int n = args.values[0];
  const process_grid grid(MPI_COMM_WORLD);
  const int ranks = grid.rows * grid.cols;
  if (n <= 0 || n % (TS * ranks) != 0)
    throw runtime_exception("n = " + std::to_string(n) + " is not a multiple of 16 x " + std::to_string(ranks) +
                                " ranks",
                            error_code::e_invalidarg);
  const int block_rows = n / grid.rows, block_cols = n / grid.cols;
  const int first_row = grid.row * block_rows, first_col = grid.col * block_cols;
  std::vector<float> a = fill(block_rows, block_cols, first_row, first_col, a_value);
  std::vector<float> b = fill(block_rows, block_cols, first_row, first_col, b_value);
  std::vector<float> c(a.size(), 0.0f);
  array_view<float, 2> a_block(block_rows, block_cols, a), b_block(block_rows, block_cols, b),
      c_block(block_rows, block_cols, c);

  const double seconds =
      mpi_sample::slowest_seconds(MPI_COMM_WORLD, [&] { summa(grid, n, a_block, b_block, c_block); });
  const double gflops = 2.0 * n * n * static_cast<double>(n) / seconds * 1e-9;
  const bool root = ample::mpi::environment::rank() == 0;
  if (root)
    std::printf("SUMMA n = %d on %d ranks (grid %d x %d): %.4f s, %.2f GFLOP/s\n", n, ranks, grid.rows, grid.cols,
                seconds, gflops);

  bool ok = true;
  if (args.check) {
    std::vector<float> whole;
    mpi_sample::gather_blocks(c_block, whole, extent<2>(n, n), [&](int r) {
      return concurrency::index<2>(r / grid.cols * block_rows, r % grid.cols * block_cols);
    });
    if (root) {
      // The single-rank run: the same code on a grid of rank 0 alone.
      const process_grid alone(MPI_COMM_SELF);
      std::vector<float> a_all = fill(n, n, 0, 0, a_value), b_all = fill(n, n, 0, 0, b_value), c_all(whole.size());
      summa(alone, n, array_view<float, 2>(n, n, a_all), array_view<float, 2>(n, n, b_all),
            array_view<float, 2>(n, n, c_all));
      ok = mpi_sample::compare(whole, c_all);
    }
    ok = ample::mpi::allreduce(ok ? 1 : 0, MPI_MIN) == 1;
  }
  if (root)
    std::printf("AMPLE-MPI name=summa ranks=%d n=%d seconds=%.6f gflops=%.3f status=%s\n", ranks, n, seconds, gflops,
                !args.check ? "unchecked" : ok ? "ok" : "FAIL");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return ample::mpi::run(argc, argv, [&] { return run(argc, argv); });
}
