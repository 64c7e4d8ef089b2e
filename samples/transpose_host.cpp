// Seed 003 (LinuxFormat, "Parallel computing: CUDA"): transpose_host, the sequential matrix
// transpose the article compares its CUDA kernels with. N = 1024, float.
//
// Host code only, so there is no C++ AMP time to report; the result is checked directly
// against the definition B(i,j) = A(j,i).
#include <iostream>
#include <vector>

#include "common/sample_support.hpp"

void transpose_host(float *a, float *b, int N) {
    for( int i=0; i<N; i++) {
        for( int j=0; j<N; j++) {
            b[ j*N + i ] = a[ i*N + j ];
        }
    }
}

int N; // matrix size NxN

int main() try {
    N = 1024;
    std::cout.precision(10);  // the values are integers up to N*N: print all their digits
    std::vector<float> host_a(N * N), host_b(N * N);
    for (int k = 0; k < N * N; k++) host_a[k] = (float)k;  // every value distinct and exact

    const double cpu_s = sample::seconds([&] { transpose_host(host_a.data(), host_b.data(), N); }, 5);

    bool ok = true;
    for (int i = 0; i < N && ok; i++)
        for (int j = 0; j < N && ok; j++)
            if (host_b[i * N + j] != host_a[j * N + i]) {
                std::cout << "B(" << i << "," << j << ") = " << host_b[i * N + j] << " != A(" << j
                          << "," << i << ") = " << host_a[j * N + i] << "\n";
                ok = false;
            }
    std::cout << "B(0,1) = " << host_b[1] << ", B(1,0) = " << host_b[N] << ", B(1023,1022) = "
              << host_b[1023 * N + 1022] << "\n";
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    sample::print_timing(cpu_s);
    return sample::finish("transpose_host", ok, 0, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("transpose_host", e);
}
