// Seed 003 (LinuxFormat, "Parallel computing: CUDA"): matrix transpose, variant 2 (tile_static tile).
// N = 1024 and 16x16 thread blocks, translated from CUDA to C++ AMP.
//
// Each block transposes its BSY x BSX sub-matrix through shared (tile_static) memory: load
// row-wise, barrier, store row-wise into the transposed position, so both global reads and
// global writes are contiguous. Works only with square blocks.
//
// CUDA -> C++ AMP, with dimension 1 as CUDA's "x" (columns) and dimension 0 as "y" (rows):
//   threadIdx.x, threadIdx.y  ->  t_idx.local[1], t_idx.local[0]
//   blockIdx.x,  blockIdx.y   ->  t_idx.tile[1],  t_idx.tile[0]
//   blockDim.x,  blockDim.y   ->  BSX, BSY (the tile is tile<BSY, BSX>)
//   __shared__ / __syncthreads()  ->  tile_static / t_idx.barrier.wait()
//   cudaMalloc + cudaMemcpy   ->  array_view over the host vectors (copies happen on demand)
//   kernel<<<gdim, bdim>>>    ->  parallel_for_each(extent<2>(N, N).tile<BSY, BSX>(), ...)
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

int N; // matrix size NxN

// Tile sizes are template arguments in C++ AMP, so they are compile-time constants here.
constexpr int BSX = 16, BSY = 16;

void transpose_2(tiled_index<BSY, BSX> t_idx, array_view<const float, 1> a,
                 array_view<float, 1> b, int N) restrict(amp) {
    tile_static float sh[ BSY ][ BSX ];
    int x = t_idx.tile[1] * BSX;   // blockIdx.x * blockDim.x
    int y = t_idx.tile[0] * BSY;   // blockIdx.y * blockDim.y
    [[maybe_unused]] int i = x + t_idx.local[1];   // unused, as in the article
    [[maybe_unused]] int j = y + t_idx.local[0];
    sh[ t_idx.local[0] ][ t_idx.local[1] ] = a[ (y+t_idx.local[0]) * N + (x+t_idx.local[1]) ];
    t_idx.barrier.wait();
    b[ (x+t_idx.local[0]) * N + (y+t_idx.local[1]) ] = sh[ t_idx.local[1] ][ t_idx.local[0] ];
}

void transpose_host(float *a, float *b, int N) {
    for( int i=0; i<N; i++) {
        for( int j=0; j<N; j++) {
            b[ j*N + i ] = a[ i*N + j ];
        }
    }
}

std::vector<float> host_a, host_b;

// The article's main(): allocate, copy to the device, launch N/BSX x N/BSY blocks of
// BSX x BSY threads, wait, copy back.
void run_on_accelerator() {
    array_view<const float, 1> dev_a(N * N, host_a);
    array_view<float, 1> dev_b(N * N, host_b);
    dev_b.discard_data();
    const int n = N;  // a kernel sees captured values, not globals
    parallel_for_each(extent<2>(N, N).tile<BSY, BSX>(),
        [=](tiled_index<BSY, BSX> t_idx) restrict(amp) {
            transpose_2(t_idx, dev_a, dev_b, n);
        });
    dev_b.synchronize();  // cudaDeviceSynchronize + cudaMemcpy(DeviceToHost)
}

int main() try {
    N = 1024;
    std::cout.precision(10);  // the values are integers up to N*N: print all their digits
    host_a.resize(N * N);
    host_b.resize(N * N);
    for (int k = 0; k < N * N; k++) host_a[k] = (float)k;  // every value distinct and exact
    std::vector<float> ref(N * N);

    sample::warm_up();
    // Best of 5: one transpose of 4 MiB takes milliseconds.
    const double amp_s = sample::seconds(run_on_accelerator, 5);
    const double cpu_s = sample::seconds([&] { transpose_host(host_a.data(), ref.data(), N); }, 5);

    std::cout << "B(0,1) = " << host_b[1] << ", B(1,0) = " << host_b[N] << ", B(1023,1022) = "
              << host_b[1023 * N + 1022] << "\n";
    const bool ok = sample::equal(host_b, ref, "B vs transpose_host");
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    sample::print_timing(amp_s, cpu_s);
    return sample::finish("transpose_2", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("transpose_2", e);
}
