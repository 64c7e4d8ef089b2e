// The GPU suite's peers (gpu_bench.cpp): the seed kernels written in CUDA C++ as the CUDA
// articles write them, compiled to PTX by Clang at build time (bench/gpu/CMakeLists.txt:
// -x cuda --cuda-device-only -nocudainc -nocudalib, so no CUDA toolkit is needed) and launched
// through the driver the way Ample launches its own kernels. Without CUDA's headers the few
// names they would declare are spelled out here with Clang's attributes and NVVM builtins.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))

static __device__ int thread_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ int thread_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ int block_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ int block_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ void sync_threads() { __nvvm_bar_sync(0); }

constexpr int tile = 16;

/// The seeds' Fig. 5 algorithm: c = a * b for n x n matrices through 16 x 16 shared tiles,
/// summed in the same order as the C++ AMP kernel (tests/backend/seed_matmul_kernel.hpp).
extern "C" __global__ void matmul_fig5(const float* a, const float* b, float* c, int n) {
  __shared__ float sa[tile][tile], sb[tile][tile];
  const int row = thread_y(), col = thread_x();
  const int global_row = block_y() * tile + row, global_col = block_x() * tile + col;
  float sum = 0.0f;
  for (int i = 0; i < n; i += tile) {
    sa[row][col] = a[global_row * n + col + i];
    sb[row][col] = b[(row + i) * n + global_col];
    sync_threads();
    for (int k = 0; k < tile; ++k) sum += sa[row][k] * sb[k][col];
    sync_threads();
  }
  c[global_row * n + global_col] = sum;
}

/// The CUDA transpose article's three kernels over an n x n matrix, one 16 x 16 block a tile:
/// straight from global memory, through shared memory, and through shared memory padded
/// against bank conflicts.
extern "C" __global__ void transpose_1(const float* a, float* b, int n) {
  const int i = block_x() * tile + thread_x(), j = block_y() * tile + thread_y();
  b[j * n + i] = a[i * n + j];
}

extern "C" __global__ void transpose_2(const float* a, float* b, int n) {
  __shared__ float sh[tile][tile];
  const int x = block_x() * tile, y = block_y() * tile;
  sh[thread_y()][thread_x()] = a[(y + thread_y()) * n + x + thread_x()];
  sync_threads();
  b[(x + thread_y()) * n + y + thread_x()] = sh[thread_x()][thread_y()];
}

extern "C" __global__ void transpose_3(const float* a, float* b, int n) {
  __shared__ float sh[tile][tile + 1];
  const int x = block_x() * tile, y = block_y() * tile;
  sh[thread_y()][thread_x()] = a[(y + thread_y()) * n + x + thread_x()];
  sync_threads();
  b[(x + thread_y()) * n + y + thread_x()] = sh[thread_x()][thread_y()];
}

/// Nothing: a launch's own cost, to completion.
extern "C" __global__ void empty() {}
