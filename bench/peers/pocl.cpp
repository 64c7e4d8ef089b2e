// The PoCL peer: seed 000's two matmuls and seed 003's padded transpose in OpenCL C, run through
// the OpenCL C API on the first CPU device found (PoCL's "cpu"/pthread device on Debian).
//
// Index mapping. PoCL turns a work-group into loops over the local ids and vectorises the loop
// over dimension 0, so get_local_id(0) is the fastest-varying id. The C++ AMP kernels' innermost
// (fastest-varying, contiguous-in-memory) index is dimension 1, the column. To compare like with
// like, every kernel here takes column = get_global_id(0) and row = get_global_id(1): an M x N
// C++ AMP extent becomes the NDRange {N, M} with 16 x 16 work-groups, and the C++ AMP
// idx[0]/idx[1] (and t_idx.local[0]/[1]) become the OpenCL ids 1/0. Seed 003's CUDA threadIdx.x
// maps to get_local_id(0) as usual, which is already that layout.
//
// Element types follow the seeds: int for matmul (so results are exact), float for transpose.
#include "pocl.hpp"

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120  // 1.2 is all these kernels need; keeps clCreateCommandQueue undeprecated
#endif
#include <CL/cl.h>

#include <chrono>
#include <climits>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench::pocl {
namespace {

// ---- errors ---------------------------------------------------------------------------------

const char* error_name(cl_int err) {
  switch (err) {
#define BENCH_POCL_ERROR(e) \
  case e:                   \
    return #e;
    BENCH_POCL_ERROR(CL_DEVICE_NOT_FOUND)
    BENCH_POCL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    BENCH_POCL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    BENCH_POCL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    BENCH_POCL_ERROR(CL_OUT_OF_RESOURCES)
    BENCH_POCL_ERROR(CL_OUT_OF_HOST_MEMORY)
    BENCH_POCL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    BENCH_POCL_ERROR(CL_MEM_COPY_OVERLAP)
    BENCH_POCL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    BENCH_POCL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    BENCH_POCL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    BENCH_POCL_ERROR(CL_MAP_FAILURE)
    BENCH_POCL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    BENCH_POCL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    BENCH_POCL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    BENCH_POCL_ERROR(CL_LINKER_NOT_AVAILABLE)
    BENCH_POCL_ERROR(CL_LINK_PROGRAM_FAILURE)
    BENCH_POCL_ERROR(CL_DEVICE_PARTITION_FAILED)
    BENCH_POCL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    BENCH_POCL_ERROR(CL_INVALID_VALUE)
    BENCH_POCL_ERROR(CL_INVALID_DEVICE_TYPE)
    BENCH_POCL_ERROR(CL_INVALID_PLATFORM)
    BENCH_POCL_ERROR(CL_INVALID_DEVICE)
    BENCH_POCL_ERROR(CL_INVALID_CONTEXT)
    BENCH_POCL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    BENCH_POCL_ERROR(CL_INVALID_COMMAND_QUEUE)
    BENCH_POCL_ERROR(CL_INVALID_HOST_PTR)
    BENCH_POCL_ERROR(CL_INVALID_MEM_OBJECT)
    BENCH_POCL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    BENCH_POCL_ERROR(CL_INVALID_IMAGE_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_SAMPLER)
    BENCH_POCL_ERROR(CL_INVALID_BINARY)
    BENCH_POCL_ERROR(CL_INVALID_BUILD_OPTIONS)
    BENCH_POCL_ERROR(CL_INVALID_PROGRAM)
    BENCH_POCL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    BENCH_POCL_ERROR(CL_INVALID_KERNEL_NAME)
    BENCH_POCL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    BENCH_POCL_ERROR(CL_INVALID_KERNEL)
    BENCH_POCL_ERROR(CL_INVALID_ARG_INDEX)
    BENCH_POCL_ERROR(CL_INVALID_ARG_VALUE)
    BENCH_POCL_ERROR(CL_INVALID_ARG_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_KERNEL_ARGS)
    BENCH_POCL_ERROR(CL_INVALID_WORK_DIMENSION)
    BENCH_POCL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    BENCH_POCL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    BENCH_POCL_ERROR(CL_INVALID_EVENT)
    BENCH_POCL_ERROR(CL_INVALID_OPERATION)
    BENCH_POCL_ERROR(CL_INVALID_GL_OBJECT)
    BENCH_POCL_ERROR(CL_INVALID_BUFFER_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_MIP_LEVEL)
    BENCH_POCL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    BENCH_POCL_ERROR(CL_INVALID_PROPERTY)
    BENCH_POCL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    BENCH_POCL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    BENCH_POCL_ERROR(CL_INVALID_LINKER_OPTIONS)
    BENCH_POCL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef BENCH_POCL_ERROR
    case -1001:  // CL_PLATFORM_NOT_FOUND_KHR: what the ICD loader says when no driver is installed
      return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
      return "unknown error";
  }
}

/// check() is the one place OpenCL errors become exceptions, so every message has the same
/// shape: "<call> failed: <code> (<name>)", then `detail` (the build log) when there is one.
void check(cl_int err, const char* call, const std::string& detail = {}) {
  if (err == CL_SUCCESS) return;
  std::string what = std::string(call) + " failed: " + std::to_string(err) + " (" + error_name(err) + ")";
  if (!detail.empty()) what += "\n" + detail;
  throw std::runtime_error(what);
}

// ---- the process-wide device ------------------------------------------------------------------

std::string platform_string(cl_platform_id p, cl_platform_info what) {
  std::size_t size = 0;
  check(clGetPlatformInfo(p, what, 0, nullptr, &size), "clGetPlatformInfo");
  std::string s(size, '\0');
  check(clGetPlatformInfo(p, what, size, s.data(), nullptr), "clGetPlatformInfo");
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

std::string device_string(cl_device_id d, cl_device_info what) {
  std::size_t size = 0;
  check(clGetDeviceInfo(d, what, 0, nullptr, &size), "clGetDeviceInfo");
  std::string s(size, '\0');
  check(clGetDeviceInfo(d, what, size, s.data(), nullptr), "clGetDeviceInfo");
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

/// device is the context and queue every kernel_run shares. It is created on first use and
/// deliberately never released: tearing it down from a static destructor would race with the
/// driver's own exit-time cleanup, and the process is ending anyway.
struct device {
  cl_device_id id = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;  // in-order, profiling off: run() times with the host clock
  std::string description;
  std::string unavailable;  // empty when usable; otherwise why not
};

device open_device() {
  device d;
  try {
    cl_uint count = 0;
    check(clGetPlatformIDs(0, nullptr, &count), "clGetPlatformIDs");
    std::vector<cl_platform_id> platforms(count);
    if (count > 0) check(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");
    cl_platform_id platform = nullptr;
    for (cl_platform_id p : platforms) {
      // CL_DEVICE_NOT_FOUND only means "no CPU device on this platform": try the next one.
      const cl_int err = clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &d.id, nullptr);
      if (err == CL_DEVICE_NOT_FOUND) continue;
      check(err, "clGetDeviceIDs");
      platform = p;
      break;
    }
    if (platform == nullptr) {
      d.unavailable = "no OpenCL platform with a CPU device (" + std::to_string(count) + " platform(s))";
      return d;
    }
    cl_int err = CL_SUCCESS;
    d.context = clCreateContext(nullptr, 1, &d.id, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    d.queue = clCreateCommandQueue(d.context, d.id, 0, &err);
    check(err, "clCreateCommandQueue");

    cl_uint units = 0;
    check(clGetDeviceInfo(d.id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr),
          "clGetDeviceInfo");
    d.description = platform_string(platform, CL_PLATFORM_NAME) + " (" +
                    platform_string(platform, CL_PLATFORM_VERSION) + "), device " +
                    device_string(d.id, CL_DEVICE_NAME) + ", " + std::to_string(units) +
                    " compute units, " + device_string(d.id, CL_DEVICE_OPENCL_C_VERSION);
  } catch (const std::exception& e) {
    // A half-made context is leaked on purpose: this only happens once, on a broken install.
    d.unavailable = e.what();
  }
  return d;
}

const device& the_device() {
  static const device d = open_device();  // thread-safe lazy initialisation
  return d;
}

const device& usable_device() {
  const device& d = the_device();
  if (!d.unavailable.empty()) throw std::runtime_error("PoCL peer unavailable: " + d.unavailable);
  return d;
}

// ---- programs and launches ----------------------------------------------------------------------

/// cl_objects owns what one kernel_run needs; run/read_out hold it through a shared_ptr so the
/// OpenCL objects live exactly as long as the last copy of either std::function.
struct cl_objects {
  cl_program program = nullptr;
  cl_kernel kernel = nullptr;
  std::vector<cl_mem> inputs;
  cl_mem output = nullptr;
  std::size_t output_bytes = 0;

  cl_objects() = default;
  cl_objects(const cl_objects&) = delete;
  cl_objects& operator=(const cl_objects&) = delete;
  ~cl_objects() {
    // Release errors cannot be reported from a destructor; they would only mean a leak.
    if (kernel) clReleaseKernel(kernel);
    if (program) clReleaseProgram(program);
    for (cl_mem m : inputs) clReleaseMemObject(m);
    if (output) clReleaseMemObject(output);
  }
};

/// build_log() fetches the log for a failed build. Its own errors are folded into the text
/// rather than thrown, so that they cannot hide the build failure being reported.
std::string build_log(cl_program program, cl_device_id device) {
  std::size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS)
    return "(build log unavailable)";
  std::string log(size, '\0');
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr) != CL_SUCCESS)
    return "(build log unavailable)";
  while (!log.empty() && log.back() == '\0') log.pop_back();
  return "build log:\n" + log;
}

/// build() compiles `source` and creates its kernel `name`; returns clBuildProgram's wall time.
/// PoCL keeps an on-disk kernel cache (POCL_KERNEL_CACHE), so a repeated build may be a cache hit,
/// and it compiles the work-group function for a given local size at the first enqueue, which
/// the harness's warm-up run absorbs.
double build(cl_objects& o, const device& d, const char* source, const char* name) {
  cl_int err = CL_SUCCESS;
  o.program = clCreateProgramWithSource(d.context, 1, &source, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  const auto t0 = std::chrono::steady_clock::now();
  err = clBuildProgram(o.program, 1, &d.id, "-cl-std=CL1.2", nullptr, nullptr);
  const auto t1 = std::chrono::steady_clock::now();
  check(err, "clBuildProgram", err == CL_SUCCESS ? std::string() : build_log(o.program, d.id));
  o.kernel = clCreateKernel(o.program, name, &err);
  check(err, "clCreateKernel");
  return std::chrono::duration<double>(t1 - t0).count();
}

/// add_input() copies `bytes` from the host into a new read-only buffer, now.
void add_input(cl_objects& o, const device& d, const void* host, std::size_t bytes) {
  cl_int err = CL_SUCCESS;
  // CL_MEM_COPY_HOST_PTR only reads host_ptr; the API just lacks a const overload.
  cl_mem m = clCreateBuffer(d.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                            const_cast<void*>(host), &err);
  check(err, "clCreateBuffer");
  o.inputs.push_back(m);
}

void set_output(cl_objects& o, const device& d, std::size_t bytes) {
  cl_int err = CL_SUCCESS;
  o.output = clCreateBuffer(d.context, CL_MEM_WRITE_ONLY, bytes, nullptr, &err);
  check(err, "clCreateBuffer");
  o.output_bytes = bytes;
}

template <class T>
void set_arg(cl_objects& o, cl_uint index, const T& value) {
  check(clSetKernelArg(o.kernel, index, sizeof(T), &value), "clSetKernelArg");
}

/// finish() moves the buffers onto the device before anything is timed (a driver may defer the
/// host copy to first use) and packages the launch: global {cols, rows}, 16 x 16 work-groups.
kernel_run finish(std::shared_ptr<cl_objects> o, const device& d, double build_s, int cols, int rows) {
  std::vector<cl_mem> all = o->inputs;
  check(clEnqueueMigrateMemObjects(d.queue, static_cast<cl_uint>(all.size()), all.data(), 0, 0,
                                   nullptr, nullptr),
        "clEnqueueMigrateMemObjects");
  check(clEnqueueMigrateMemObjects(d.queue, 1, &o->output, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
                                   0, nullptr, nullptr),
        "clEnqueueMigrateMemObjects");
  check(clFinish(d.queue), "clFinish");

  cl_command_queue queue = d.queue;
  kernel_run r;
  r.build_s = build_s;
  r.run = [o, queue, cols, rows] {
    const std::size_t global[2] = {static_cast<std::size_t>(cols), static_cast<std::size_t>(rows)};
    const std::size_t local[2] = {16, 16};
    check(clEnqueueNDRangeKernel(queue, o->kernel, 2, nullptr, global, local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(queue), "clFinish");
  };
  r.read_out = [o, queue](void* host_out) {
    check(clEnqueueReadBuffer(queue, o->output, CL_TRUE, 0, o->output_bytes, host_out, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
  };
  return r;
}

/// check_extent() rejects sizes the kernels cannot take: every launch uses 16 x 16 work-groups,
/// and the kernels index with int, as the seeds do.
void check_extent(const char* what, long long rows, long long cols) {
  if (rows <= 0 || cols <= 0 || rows % 16 != 0 || cols % 16 != 0)
    throw std::invalid_argument(std::string(what) + ": sizes must be positive multiples of 16");
  if (rows * cols > INT_MAX)
    throw std::invalid_argument(std::string(what) + ": more elements than an int index reaches");
}

// ---- the kernels ----------------------------------------------------------------------------

// Seed 000 Fig. 1: the simple model, one work-item per element of C.
const char* const matmul_simple_source = R"CLC(
__kernel void matmul_simple(__global const int* a, __global const int* b, __global int* c,
                            int n, int w) {
  int row = get_global_id(1); int col = get_global_id(0);  // idx[0], idx[1]
  int sum = 0;
  for (int i = 0; i < w; i++)
    sum += a[row * w + i] * b[i * n + col];
  c[row * n + col] = sum;
}
)CLC";

// Seed 000 Fig. 5: TS x TS tiles of A and B staged in __local (tile_static) memory, two barriers.
const char* const matmul_tiled_source = R"CLC(
#define TS 16
__kernel void matmul_tiled(__global const int* a, __global const int* b, __global int* c,
                           int n, int w) {
  int row = get_local_id(1); int col = get_local_id(0);     // t_idx.local[0], t_idx.local[1]
  int grow = get_global_id(1); int gcol = get_global_id(0); // t_idx.global[0], t_idx.global[1]
  __local int locA[TS][TS], locB[TS][TS];
  int sum = 0;
  for (int i = 0; i < w; i += TS) {
    locA[row][col] = a[grow * w + (col + i)];
    locB[row][col] = b[(row + i) * n + gcol];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < TS; k++)
      sum += locA[row][k] * locB[k][col];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[grow * n + gcol] = sum;
}
)CLC";

// Seed 003 variant 3: a 16 x 16 tile through __local (__shared__) memory whose rows are padded
// to 17 elements; threadIdx/blockIdx/blockDim become the local id, group id and local size.
const char* const transpose_source = R"CLC(
#define BSX 16
#define BSY 16
__kernel void transpose(__global const float* a, __global float* b, int N) {
  __local float sh[BSY][BSX + 1];
  int tx = get_local_id(0); int ty = get_local_id(1);
  int x = get_group_id(0) * get_local_size(0);
  int y = get_group_id(1) * get_local_size(1);
  sh[ty][tx] = a[(y + ty) * N + (x + tx)];
  barrier(CLK_LOCAL_MEM_FENCE);
  b[(x + ty) * N + (y + tx)] = sh[tx][ty];
}
)CLC";

kernel_run matmul(const char* source, const char* name, const int* a, const int* b, int m, int n,
                  int w) {
  check_extent(name, m, w);
  check_extent(name, w, n);
  check_extent(name, m, n);
  const device& d = usable_device();
  auto o = std::make_shared<cl_objects>();
  const double build_s = build(*o, d, source, name);
  add_input(*o, d, a, sizeof(int) * static_cast<std::size_t>(m) * static_cast<std::size_t>(w));
  add_input(*o, d, b, sizeof(int) * static_cast<std::size_t>(w) * static_cast<std::size_t>(n));
  set_output(*o, d, sizeof(int) * static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
  set_arg(*o, 0, o->inputs[0]);
  set_arg(*o, 1, o->inputs[1]);
  set_arg(*o, 2, o->output);
  set_arg(*o, 3, n);
  set_arg(*o, 4, w);
  return finish(o, d, build_s, n, m);
}

}  // namespace

bool available(std::string* why) {
  const device& d = the_device();
  if (why) *why = d.unavailable;
  return d.unavailable.empty();
}

std::string device_description() {
  const device& d = the_device();
  return d.unavailable.empty() ? d.description : "unavailable: " + d.unavailable;
}

kernel_run matmul_simple_i32(const int* a, const int* b, int m, int n, int w) {
  return matmul(matmul_simple_source, "matmul_simple", a, b, m, n, w);
}

kernel_run matmul_tiled_i32(const int* a, const int* b, int m, int n, int w) {
  return matmul(matmul_tiled_source, "matmul_tiled", a, b, m, n, w);
}

kernel_run transpose_f32(const float* in, int n) {
  check_extent("transpose", n, n);
  const device& d = usable_device();
  auto o = std::make_shared<cl_objects>();
  const double build_s = build(*o, d, transpose_source, "transpose");
  const std::size_t bytes = sizeof(float) * static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  add_input(*o, d, in, bytes);
  set_output(*o, d, bytes);
  set_arg(*o, 0, o->inputs[0]);
  set_arg(*o, 1, o->output);
  set_arg(*o, 2, n);
  return finish(o, d, build_s, n, n);
}

}  // namespace bench::pocl
