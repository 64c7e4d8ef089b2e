// Heat diffusion on a rows x cols plate by Jacobi iteration, rows split over the MPI ranks.
// The top edge is held at 1, the other edges at 0; every inner point becomes the mean of its
// four neighbours at each step. Each rank keeps its rows plus one halo row above and below,
// which hold the neighbours' edge rows.
//
//   mpi_heat [rows] [cols] [steps] [--no-check]     (defaults 1024 1024 200)
//
// Each step overlaps the halo exchange with computation: post the receives and sends of the
// edge rows (non-blocking), update the interior band, which needs no halo, wait, then update
// the two edge bands. The update is a tiled kernel that stages its tile and the tile's halo in
// tile_static memory. Rank 0 then runs the same code alone and checks that the plates are
// identical.
#include <cstdio>
#include <utility>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "mpi_sample.hpp"

using namespace concurrency;

namespace {

constexpr int TR = 16, TC = 16;

/// relax() writes next's rows [first, first + count) from u's (local row numbers: 0 and
/// rows + 1 are the halo rows). Points on the plate's edge keep their value.
void relax(const array_view<const float, 2>& u, const array_view<float, 2>& next, int first, int count,
           int first_global_row, int plate_rows) {
  if (count <= 0) return;
  const int cols = u.extent[1];
  parallel_for_each(extent<2>(count, cols).tile<TR, TC>(), [=](tiled_index<TR, TC> t) restrict(amp) {
    tile_static float block[TR + 2][TC + 2];
    const int r = first + t.global[0], c = t.global[1];
    const int lr = t.local[0] + 1, lc = t.local[1] + 1;
    block[lr][lc] = u(r, c);
    // The tile's border work-items also fetch the neighbours outside the tile; at the plate's
    // left and right edges they fetch their own point, which the edge rule below ignores.
    if (t.local[0] == 0) block[0][lc] = u(r - 1, c);
    if (t.local[0] == TR - 1) block[TR + 1][lc] = u(r + 1, c);
    if (t.local[1] == 0) block[lr][0] = u(r, c > 0 ? c - 1 : c);
    if (t.local[1] == TC - 1) block[lr][TC + 1] = u(r, c < cols - 1 ? c + 1 : c);
    t.barrier.wait();
    const int global_row = first_global_row + r - 1;
    const bool edge = global_row == 0 || global_row == plate_rows - 1 || c == 0 || c == cols - 1;
    next(r, c) = edge ? block[lr][lc]
                      : 0.25f * (block[lr - 1][lc] + block[lr + 1][lc] + block[lr][lc - 1] + block[lr][lc + 1]);
  });
}

/// solve() runs `steps` Jacobi steps on this rank's rows (u: rows + 2 halo rows) of a plate of
/// plate_rows rows, with the neighbours `up` and `down` (MPI_PROC_NULL at the plate's edges),
/// and returns the view that holds the last step.
array_view<float, 2> solve(array_view<float, 2> u, array_view<float, 2> next, int steps, int first_global_row,
                           int plate_rows, int up, int down, MPI_Comm comm) {
  const int rows = u.extent[0] - 2, cols = u.extent[1];
  // Tags say which way a row travels: a rank's halo row above is its upper neighbour's last
  // row, which travelled down.
  const int going_up = 1, going_down = 2;
  for (int step = 0; step < steps; ++step) {
    ample::mpi::request exchange[4] = {
        ample::mpi::irecv(u.section(0, 0, 1, cols), up, going_down, comm),
        ample::mpi::irecv(u.section(rows + 1, 0, 1, cols), down, going_up, comm),
        ample::mpi::isend(u.section(1, 0, 1, cols), up, going_up, comm),
        ample::mpi::isend(u.section(rows, 0, 1, cols), down, going_down, comm),
    };
    // Rows TR + 1 .. rows - TR read rows TR .. rows - TR + 1 only: no halo.
    relax(u, next, TR + 1, rows - 2 * TR, first_global_row, plate_rows);
    ample::mpi::wait_all(exchange);
    relax(u, next, 1, TR, first_global_row, plate_rows);
    if (rows > TR) relax(u, next, rows - TR + 1, TR, first_global_row, plate_rows);
    std::swap(u, next);
  }
  u.synchronize();
  return u;
}

/// initial_plate() is this rank's rows with their halo rows: the top edge of the plate at 1.
std::vector<float> initial_plate(int rows, int cols, int first_global_row) {
  std::vector<float> v(static_cast<std::size_t>(rows + 2) * cols, 0.0f);
  if (first_global_row == 0)
    for (int c = 0; c < cols; ++c) v[static_cast<std::size_t>(cols) + c] = 1.0f;
  return v;
}

int run(int argc, char** argv) {
  const mpi_sample::arguments args(argc, argv, {1024, 1024, 200});
  const int plate_rows = args.values[0], cols = args.values[1], steps = args.values[2];
  const int rank = ample::mpi::environment::rank(), ranks = ample::mpi::environment::size();
  if (plate_rows <= 0 || plate_rows % (TR * ranks) != 0 || cols <= 0 || cols % TC != 0)
    throw runtime_exception("plate " + std::to_string(plate_rows) + " x " + std::to_string(cols) +
                                ": rows must be a multiple of 16 x " + std::to_string(ranks) +
                                " ranks, columns of 16",
                            error_code::e_invalidarg);
  const int rows = plate_rows / ranks, first_global_row = rank * rows;
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
  std::vector<float> u = initial_plate(rows, cols, first_global_row), next = u;
  array_view<float, 2> result(1, 1, u);
  const double seconds = mpi_sample::slowest_seconds(MPI_COMM_WORLD, [&] {
    result = solve(array_view<float, 2>(rows + 2, cols, u), array_view<float, 2>(rows + 2, cols, next), steps,
                   first_global_row, plate_rows, up, down, MPI_COMM_WORLD);
  });
  const double mcells = static_cast<double>(plate_rows) * cols * steps / seconds * 1e-6;
  if (rank == 0)
    std::printf("heat %d x %d, %d steps on %d ranks: %.4f s, %.1f Mcell-updates/s\n", plate_rows, cols, steps, ranks,
                seconds, mcells);

  bool ok = true;
  if (args.check) {
    std::vector<float> whole;
    mpi_sample::gather_blocks(result.section(1, 0, rows, cols), whole, extent<2>(plate_rows, cols),
                              [&](int r) { return concurrency::index<2>(r * rows, 0); });
    if (rank == 0) {
      // The single-rank run: the same code with the whole plate and no neighbours.
      std::vector<float> u_all = initial_plate(plate_rows, cols, 0), next_all = u_all;
      const array_view<float, 2> alone =
          solve(array_view<float, 2>(plate_rows + 2, cols, u_all), array_view<float, 2>(plate_rows + 2, cols, next_all),
                steps, 0, plate_rows, MPI_PROC_NULL, MPI_PROC_NULL, MPI_COMM_SELF);
      std::vector<float> single(static_cast<std::size_t>(plate_rows) * cols);
      alone.section(1, 0, plate_rows, cols).copy_to(array_view<float, 2>(plate_rows, cols, single));
      ok = mpi_sample::compare(whole, single);
    }
    ok = ample::mpi::allreduce(ok ? 1 : 0, MPI_MIN) == 1;
  }
  if (rank == 0)
    std::printf("AMPLE-MPI name=heat ranks=%d rows=%d cols=%d steps=%d seconds=%.6f mcells=%.2f status=%s\n", ranks,
                plate_rows, cols, steps, seconds, mcells, !args.check ? "unchecked" : ok ? "ok" : "FAIL");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return ample::mpi::run(argc, argv, [&] { return run(argc, argv); });
}
