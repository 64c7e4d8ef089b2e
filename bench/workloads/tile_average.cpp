// tile_average_f32_4096: seed 001 SamplingExample (tile averages) at 4096 x 4096, tiles of 4 x 4.
#include <amp.h>

#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

#define SAMPLESIZE 4
#define MATRIXSIZE 4096
constexpr int outputSize = MATRIXSIZE / SAMPLESIZE;

// Seed 001 SamplingExample's kernel, as printed (data set-up moved out of the timed part).
void SamplingExample(array_view<float, 2> matrix, array<float, 2>& averages) {
  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
    tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
    tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
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
}

// One average per tile, in the same order of additions as the kernel.
void average_tile(const float* data, float* out, int tr, int tc) {
  float sum = 0;
  for (int trow = 0; trow < SAMPLESIZE; trow++)
    for (int tcol = 0; tcol < SAMPLESIZE; tcol++)
      sum += data[(tr * SAMPLESIZE + trow) * MATRIXSIZE + tc * SAMPLESIZE + tcol];
  out[tr * outputSize + tc] = sum / (float)(SAMPLESIZE * SAMPLESIZE);
}

void averages_serial(const std::vector<float>& data, std::vector<float>& out) {
  for (int tr = 0; tr < outputSize; ++tr)
    for (int tc = 0; tc < outputSize; ++tc) average_tile(data.data(), out.data(), tr, tc);
}

void averages_openmp(const std::vector<float>& data, std::vector<float>& out) {
#pragma omp parallel for schedule(static)
  for (int tr = 0; tr < outputSize; ++tr)
    for (int tc = 0; tc < outputSize; ++tc) average_tile(data.data(), out.data(), tr, tc);
}

void tile_average(const options& o, reporter& rep) {
  const std::string w = "tile_average_f32_4096";
  const double bytes = double(MATRIXSIZE) * MATRIXSIZE * sizeof(float);
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GB/s", gbps(bytes, t.median_s)}; };

  std::vector<float> rawData = pattern<float>(std::size_t(MATRIXSIZE) * MATRIXSIZE, 5);
  std::vector<float> want(outputSize * outputSize), got(outputSize * outputSize);
  record(rep, make("serial", measure(o, [&] { averages_serial(rawData, want); })));
  record(rep, make("openmp", measure(o, [&] { averages_openmp(rawData, got); })), [&] { return first_difference(got, want); });

  array_view<float, 2> matrix(MATRIXSIZE, MATRIXSIZE, rawData);
  array<float, 2> averages(outputSize, outputSize);
  for (const bool on_fibers : {false, true}) {
    const tiled_run run = measure_tiled(o, on_fibers, [&] {
      // The seed's averages start at zero: the kernel accumulates into them.
      parallel_for_each(averages.extent, [&averages](index<2> i) restrict(amp) { averages[i] = 0; });
      SamplingExample(matrix, averages);
    });
    got = averages;
    result r = make(on_fibers ? "ample_tiled_fibers" : "ample_tiled", run.time);
    r.path = run.path;
    record(rep, r, [&] { return first_difference(got, want); });
  }
}

}  // namespace

workload tile_average_workload() { return {"tile_average_f32_4096", tile_average}; }

}  // namespace bench
