// The PoCL peer: the seed kernels written in OpenCL C and run on PoCL's CPU device.
#pragma once

#include <functional>
#include <string>

namespace bench::pocl {

/// available() tells whether an OpenCL CPU device (PoCL) can be used; `why` says why not.
bool available(std::string* why);
/// device_description() names the platform, device and version, for the report.
std::string device_description();

/// kernel_run is a prepared launch: inputs are on the device and the program is built.
struct kernel_run {
  double build_s;                                ///< clBuildProgram time, reported separately
  std::function<void()> run;                     ///< enqueue the kernel and wait: what is timed
  std::function<void(void* host_out)> read_out;  ///< copy the output buffer back to the host
};

// Every kernel takes column = get_global_id(0) and row = get_global_id(1) (PoCL vectorises along
// dimension 0, as Ample does along the C++ AMP index's dimension 1), so an M x N extent is the
// NDRange {N, M} with 16 x 16 work-groups. Sizes must therefore be positive multiples of 16
// (std::invalid_argument otherwise); OpenCL failures throw std::runtime_error.

/// matmul_simple_i32() prepares seed 000 Fig. 1: C(MxN) = A(MxW) * B(WxN), one work-item per C
/// element (the C++ AMP idx[0], the row, is get_global_id(1)).
kernel_run matmul_simple_i32(const int* a, const int* b, int m, int n, int w);
/// matmul_tiled_i32() prepares seed 000 Fig. 5 with 16x16 __local tiles and two barriers.
kernel_run matmul_tiled_i32(const int* a, const int* b, int m, int n, int w);
/// transpose_f32() prepares seed 003 variant 3 (the padded 16x17 __local tile): out = in^T, NxN.
kernel_run transpose_f32(const float* in, int n);

}  // namespace bench::pocl
