// bench_pocl_check: runs each PoCL peer kernel once on small, non-square sizes and compares the
// result with a serial computation. Prints one "OK name" / "FAIL name: why" line per kernel.
// Exit status: 0 all OK, 1 any FAIL, 77 when no OpenCL CPU device exists (CTest SKIP_RETURN_CODE).
#include "pocl.hpp"

#include <cstdio>
#include <exception>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

int failures = 0;

void report(const std::string& name, const std::string& why) {
  if (why.empty()) {
    std::printf("OK   %s\n", name.c_str());
  } else {
    std::printf("FAIL %s: %s\n", name.c_str(), why.c_str());
    ++failures;
  }
}

/// first_mismatch() names the first differing element of two row-major matrices, or is empty.
template <class T>
std::string first_mismatch(const std::vector<T>& got, const std::vector<T>& want, int cols) {
  for (std::size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i])
      return "element (" + std::to_string(i / cols) + ", " + std::to_string(i % cols) + ") is " +
             std::to_string(got[i]) + ", expected " + std::to_string(want[i]);
  return {};
}

/// check_matmul() runs `prepare` on M x W and W x N int matrices with distinct M, N and W, so a
/// swapped row/column mapping cannot pass by symmetry.
template <class Prepare>
void check_matmul(const char* name, Prepare prepare) {
  const int m = 48, n = 32, w = 80;
  std::mt19937 gen(1);
  std::uniform_int_distribution<int> dist(-9, 9);
  std::vector<int> a(m * w), b(w * n), want(m * n), got(m * n, -1);
  for (int& x : a) x = dist(gen);
  for (int& x : b) x = dist(gen);
  for (int row = 0; row < m; ++row)
    for (int col = 0; col < n; ++col) {
      int sum = 0;
      for (int i = 0; i < w; ++i) sum += a[row * w + i] * b[i * n + col];
      want[row * n + col] = sum;
    }
  try {
    bench::pocl::kernel_run r = prepare(a.data(), b.data(), m, n, w);
    r.run();
    r.run();  // a second launch must give the same answer: nothing is left over from the first
    r.read_out(got.data());
    report(name + std::string(" ") + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(w),
           first_mismatch(got, want, n));
  } catch (const std::exception& e) {
    report(name, e.what());
  }
}

void check_transpose() {
  const int n = 64;
  std::vector<float> in(n * n), want(n * n), got(n * n, -1.0f);
  for (int i = 0; i < n * n; ++i) in[i] = static_cast<float>(i);  // every element distinct
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) want[j * n + i] = in[i * n + j];  // seed 003's transpose_host
  try {
    bench::pocl::kernel_run r = bench::pocl::transpose_f32(in.data(), n);
    r.run();
    r.read_out(got.data());
    report("transpose_f32 " + std::to_string(n) + "x" + std::to_string(n), first_mismatch(got, want, n));
  } catch (const std::exception& e) {
    report("transpose_f32", e.what());
  }
}

/// check_rejects() makes sure a size the 16 x 16 work-groups cannot cover is refused up front.
void check_rejects() {
  std::vector<int> a(20 * 20, 1);
  try {
    bench::pocl::matmul_tiled_i32(a.data(), a.data(), 20, 20, 20);
    report("matmul_tiled_i32 rejects 20x20x20", "no exception");
  } catch (const std::invalid_argument&) {
    report("matmul_tiled_i32 rejects 20x20x20", "");
  } catch (const std::exception& e) {
    report("matmul_tiled_i32 rejects 20x20x20", std::string("wrong exception: ") + e.what());
  }
}

}  // namespace

int main() {
  std::string why;
  if (!bench::pocl::available(&why)) {
    std::printf("SKIP PoCL unavailable: %s\n", why.c_str());
    return 77;
  }
  std::printf("device: %s\n", bench::pocl::device_description().c_str());
  check_matmul("matmul_simple_i32", bench::pocl::matmul_simple_i32);
  check_matmul("matmul_tiled_i32", bench::pocl::matmul_tiled_i32);
  check_transpose();
  check_rejects();
  return failures == 0 ? 0 : 1;
}
