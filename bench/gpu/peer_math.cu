// The GPU bench's math peers (math_kernel.hpp's expressions in CUDA C++), compiled to PTX by
// Clang with NVIDIA's libdevice linked (bench/gpu/CMakeLists.txt), as CUDA's own <math.h>
// functions are: no CUDA toolkit headers, so the few names are declared here.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

extern "C" __device__ float __nv_sinf(float);
extern "C" __device__ float __nv_cosf(float);
extern "C" __device__ float __nv_expf(float);
extern "C" __device__ float __nv_logf(float);
extern "C" __device__ float __nv_powf(float, float);
extern "C" __device__ float __nv_fabsf(float);
extern "C" __device__ float __nv_fast_sinf(float);
extern "C" __device__ float __nv_fast_cosf(float);
extern "C" __device__ float __nv_fast_expf(float);
extern "C" __device__ float __nv_fast_logf(float);
extern "C" __device__ float __nv_fast_powf(float, float);

extern "C" __global__ void math_libdevice(const float* in, float* out, int n) {
  const int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
  if (i >= n) return;
  const float x = in[i];
  out[i] = __nv_sinf(x) + __nv_cosf(x) + __nv_expf(x * 0.001f) + __nv_logf(1.0f + x * x) +
           __nv_powf(__nv_fabsf(x) + 1.0f, 1.5f);
}

// fast_value(): what CUDA's __sinf, __cosf, __expf, __logf and __powf are.
extern "C" __global__ void math_libdevice_fast(const float* in, float* out, int n) {
  const int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
  if (i >= n) return;
  const float x = in[i];
  out[i] = __nv_fast_sinf(x) + __nv_fast_cosf(x) + __nv_fast_expf(x * 0.001f) + __nv_fast_logf(1.0f + x * x) +
           __nv_fast_powf(__nv_fabsf(x) + 1.0f, 1.5f);
}
