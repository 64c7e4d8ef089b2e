// Seed 004 (Intel Graphics Technology offload article): cache-blocked matmul_tiled with
// TILE_M = 16, TILE_N = 32, TILE_K = 16 register tiles, M = K = 2048, N = 4096, float.
//
// The article runs the same blocked algorithm three ways and reports, on its 2-core machine:
// serial 5.12 s, cilk_for over m 2.689 s, offload to the integrated GPU 0.439 s. Here:
//   1. serial: the Cilk Plus array notation written out as plain loops;
//   2. parallel on the host: cilk_for over m becomes one std::thread per hardware core;
//   3. on the accelerator: the offloaded pair of nested cilk_for loops becomes a
//      parallel_for_each over extent<2>(M/TILE_M, N/TILE_N), one work-item per result tile,
//      with the same atile/btile/ctile local arrays in each work-item.
// Versions 2 and 3 are checked against version 1.
#include <algorithm>
#include <cfloat>
#include <iostream>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

const int M = 2048, K = 2048, N = 4096;
const int TILE_M = 16, TILE_N = 32, TILE_K = 16;
static_assert(M % TILE_M == 0 && N % TILE_N == 0 && K % TILE_K == 0, "tiles must divide the matrices");

// matmul_tile() is the body of the article's two tile loops: it computes the TILE_M x TILE_N
// tile of C whose top-left element is (m, n). Shared by versions 1 and 2; version 3 repeats it with
// array_view accesses. Array notation x[a:len] means elements a .. a+len-1.
static void matmul_tile(float A[][K], float B[][N], float C[][N], int m, int n)
{
    // (c) Allocate current tiles for each matrix:
    float atile[TILE_M][TILE_K], btile[TILE_N], ctile[TILE_M][TILE_N];
    for (int tm = 0; tm < TILE_M; tm++)                 // ctile[:][:] = 0.0;
        for (int tn = 0; tn < TILE_N; tn++)
            ctile[tm][tn] = 0.0f;                       // initialize result tile
    for (int k = 0; k < K; k += TILE_K) { // calculate 'dot product' of the tiles
        for (int tm = 0; tm < TILE_M; tm++)             // atile[:][:] = A[m:TILE_M][k:TILE_K];
            for (int tk = 0; tk < TILE_K; tk++)
                atile[tm][tk] = A[m + tm][k + tk];      // cache atile in registers;
        for (int tk = 0; tk < TILE_K; tk++) { // multiply the tiles
            for (int tn = 0; tn < TILE_N; tn++)         // btile[:] = B[k + tk][n:TILE_N];
                btile[tn] = B[k + tk][n + tn];          // cache a row of matrix B tile
            for (int tm = 0; tm < TILE_M; tm++) { // do the multiply-add
                for (int tn = 0; tn < TILE_N; tn++)     // ctile[tm][:] += atile[tm][tk] * btile[:];
                    ctile[tm][tn] += atile[tm][tk] * btile[tn];
            }
        }
    }
    for (int tm = 0; tm < TILE_M; tm++)                 // C[m:TILE_M][n:TILE_N] = ctile[:][:];
        for (int tn = 0; tn < TILE_N; tn++)
            C[m + tm][n + tn] = ctile[tm][tn];          // write the calculated tile to back memory
}

// Version 1: the article's serial code.
void matmul_tiled(float A[][K], float B[][N], float C[][N])
{
    for (int m = 0; m < M; m += TILE_M) { // iterate tile rows in the result matrix
        for (int n = 0; n < N; n += TILE_N) { // iterate tile columns in the result matrix
            matmul_tile(A, B, C, m, n);
        }
    }
}

// cilk_for(int m = first; m < last; m += step) body(m), on one std::thread per hardware core.
// Every tile row costs the same, so contiguous equal shares balance the load.
template <class Body>
void cilk_for(int first, int last, int step, Body body)
{
    const int iterations = (last - first + step - 1) / step;
    const int P = std::max(1, std::min(iterations, (int)std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (int p = 0; p < P; p++) {
        const int begin = iterations * p / P, end = iterations * (p + 1) / P;
        threads.emplace_back([=, &body] {
            for (int it = begin; it < end; it++) body(first + it * step);
        });
    }
    for (std::thread& t : threads) t.join();
}

// Version 2: cilk_for over the tile rows.
void matmul_tiled_cilk_for(float A[][K], float B[][N], float C[][N])
{
    cilk_for(0, M, TILE_M, [&](int m) { // cilk_for(int m = 0; m < M; m += TILE_M)
        for (int n = 0; n < N; n += TILE_N) {
            matmul_tile(A, B, C, m, n);
        }
    });
}

// Version 3: the offloaded code. The article's
//   #pragma offload target(gfx) pin(A:length(M)) pin(B:length(K)) pin(C:length(M))
//   cilk_for(int m = 0; m < M; m += TILE_M) { cilk_for(int n = 0; n < N; n += TILE_N) { ... } }
// becomes array_views over the host matrices and one work-item per (m, n) tile.
void matmul_tiled_amp(float A[][K], float B[][N], float C[][N])
{
    array_view<const float, 2> a(M, K, &A[0][0]);
    array_view<const float, 2> b(K, N, &B[0][0]);
    array_view<float, 2> c(M, N, &C[0][0]);
    c.discard_data();
    parallel_for_each(extent<2>(M / TILE_M, N / TILE_N), [=](index<2> idx) restrict(amp)
    {
        int m = idx[0] * TILE_M;
        int n = idx[1] * TILE_N;
        // (c) Allocate current tiles for each matrix:
        float atile[TILE_M][TILE_K], btile[TILE_N], ctile[TILE_M][TILE_N];
        for (int tm = 0; tm < TILE_M; tm++)
            for (int tn = 0; tn < TILE_N; tn++)
                ctile[tm][tn] = 0.0f; // initialize result tile
        for (int k = 0; k < K; k += TILE_K) { // calculate 'dot product' of the tiles
            for (int tm = 0; tm < TILE_M; tm++)
                for (int tk = 0; tk < TILE_K; tk++)
                    atile[tm][tk] = a(m + tm, k + tk); // cache atile in registers;
            for (int tk = 0; tk < TILE_K; tk++) { // multiply the tiles
                for (int tn = 0; tn < TILE_N; tn++)
                    btile[tn] = b(k + tk, n + tn); // cache a row of matrix B tile
                for (int tm = 0; tm < TILE_M; tm++) { // do the multiply-add
                    for (int tn = 0; tn < TILE_N; tn++)
                        ctile[tm][tn] += atile[tm][tk] * btile[tn];
                }
            }
        }
        for (int tm = 0; tm < TILE_M; tm++)
            for (int tn = 0; tn < TILE_N; tn++)
                c(m + tm, n + tn) = ctile[tm][tn]; // write the calculated tile to back memory
    });
    c.synchronize();
}

int main() try {
    // 16 + 32 + 3 x 32 MiB. make_unique value-initialises, so C starts at zero.
    auto A = std::make_unique<float[][K]>(M);
    auto B = std::make_unique<float[][N]>(K);
    auto C_serial = std::make_unique<float[][N]>(M);
    auto C_cilk = std::make_unique<float[][N]>(M);
    auto C_amp = std::make_unique<float[][N]>(M);
    // Multiples of 1/16 in [0, 1]: exact in float, and non-negative (see the tolerance below).
    // Periods 17 and 13 do not divide K, so the results differ from element to element.
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) A[i][k] = (float)((i * 3 + k * 5) % 17) / 16.0f;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) B[k][j] = (float)((k * 7 + j) % 13) / 16.0f;

    sample::warm_up();
    const double serial_s = sample::seconds([&] { matmul_tiled(A.get(), B.get(), C_serial.get()); });
    const double cilk_s = sample::seconds([&] { matmul_tiled_cilk_for(A.get(), B.get(), C_cilk.get()); });
    const double amp_s = sample::seconds([&] { matmul_tiled_amp(A.get(), B.get(), C_amp.get()); }, 3);

    std::cout << "C(0,0) = " << C_amp[0][0] << ", C(1023,2047) = " << C_amp[1023][2047]
              << ", C(2047,4095) = " << C_amp[2047][4095] << "\n";

    // Each result is a sum of K non-negative products. Two summation orders each stay within
    // K*eps*C of the exact value, so they differ by at most 2*K*eps relative to C.
    const double rel = 2.0 * K * FLT_EPSILON;
    const auto all = [](const std::unique_ptr<float[][N]>& X) {
        return std::span<const float>(&X[0][0], (std::size_t)M * N);
    };
    bool ok = sample::close(all(C_cilk), all(C_serial), rel, "C (cilk_for on threads) vs serial");
    ok = sample::close(all(C_amp), all(C_serial), rel, "C (parallel_for_each) vs serial") && ok;
    std::cout << (ok ? "verified\n" : "verification FAILED\n");

    const double gflop = 2.0 * M * N * K / 1e9;
    const auto line = [&](const char* what, double s, const char* article) {
        std::cout << what << s << " s, " << gflop / s << " GFLOP/s, speed-up " << serial_s / s
                  << "x (article reported " << article << ")\n";
    };
    std::cout << "threads for cilk_for: " << std::max(1u, std::thread::hardware_concurrency()) << "\n";
    std::cout.setf(std::ios::fixed);
    std::cout.precision(3);
    line("serial:                       ", serial_s, "5.12 s");
    line("cilk_for on std::thread:      ", cilk_s, "2.689 s on 2 cores");
    line("offload -> parallel_for_each: ", amp_s, "0.439 s on the integrated GPU");
    std::cout.unsetf(std::ios::fixed);
    std::cout.precision(6);
    sample::print_timing(amp_s, serial_s);
    return sample::finish("matmul_blocked", ok, amp_s, serial_s);
} catch (const std::exception& e) {
    return sample::fail("matmul_blocked", e);
}
