/* fake_cuda.h: what Ample's fake libcuda.so.1 (fake_libcuda.cpp) offers tests beyond the
   driver API. Tests reach these with dlsym() on the library that Ample opened. */
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One cuLaunchKernel call: the kernel's name, its shape, its packed parameters, and its
   stream (null: the legacy default stream). */
struct ample_fake_cuda_launch {
  const char* kernel;
  unsigned grid[3];
  unsigned block[3];
  const void* parameters;
  size_t parameter_bytes;
  const void* stream;
};

/* The hook plays the kernel: device addresses are readable and writable during the call.
   It returns the CUresult the launch reports. */
typedef int (*ample_fake_cuda_launch_hook)(const struct ample_fake_cuda_launch* launch, void* context);

/* ample_fake_cuda_fail_next() makes the next driver call that can fail return `result`. */
void ample_fake_cuda_fail_next(int result);
void ample_fake_cuda_set_launch_hook(ample_fake_cuda_launch_hook hook, void* context);
/* ample_fake_cuda_set_compute_mode() sets the GPU's CU_DEVICE_ATTRIBUTE_COMPUTE_MODE (0 at first). */
void ample_fake_cuda_set_compute_mode(int mode);
/* ample_fake_cuda_allocated_bytes() is the device memory allocated and not freed. */
size_t ample_fake_cuda_allocated_bytes(void);
/* ample_fake_cuda_reserved_bytes() is the device memory taken from the GPU: allocated, or
   kept by memory pools. */
size_t ample_fake_cuda_reserved_bytes(void);
/* ample_fake_cuda_pinned_copies() counts the asynchronous copies between page-locked and
   device memory so far. */
size_t ample_fake_cuda_pinned_copies(void);
/* ample_fake_cuda_peer_bytes() counts the bytes cuMemcpyPeerAsync has copied between two GPUs
   so far: all of them, or (`direct` nonzero) those where the destination's GPU had access to
   the source's memory. */
size_t ample_fake_cuda_peer_bytes(int direct);
/* ample_fake_cuda_cleared_bytes() counts the bytes cuMemsetD8 has set so far. */
size_t ample_fake_cuda_cleared_bytes(void);

#ifdef __cplusplus
}
#endif
