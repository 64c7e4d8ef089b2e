// AMPLE_CUDA_TRACE (src/backend/cuda/driver_trace.hpp) against Ample's fake libcuda.so.1: the
// traced calls, their kernels' names, threads and sizes, and the summary per kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "backend/cuda/driver.hpp"
#include "backend/cuda/driver_trace.hpp"
#include "backend/cuda/gpu.hpp"
#include "backend/cuda/memory.hpp"
#include "backend/cuda/module.hpp"

namespace {

namespace cuda = ample::detail::cuda;

/// The trace's file, named before anything opens the driver (which reads the variable once),
/// in the working directory (CTest's is the build's tests folder). One per process: CTest runs
/// each test of this file as a process of its own, side by side, and every process writes its
/// trace again at exit; with one file for all, another test's exit emptied the file while the
/// first test read it. Removed at exit, after the driver has written it there: this handler is
/// registered before the driver opens, and handlers run in the reverse order.
const std::string trace_path = [] {
  const std::string path =
      (std::filesystem::current_path() / ("cuda_trace_test." + std::to_string(getpid()) + ".tsv")).string();
  setenv("AMPLE_CUDA_TRACE", path.c_str(), 1);
  static const std::string* const removed_at_exit = new std::string(path);  // outlives trace_path
  std::atexit([] { std::remove(removed_at_exit->c_str()); });
  return path;
}();

constexpr const char* two_kernels_ptx =
    ".version 6.4\n.target sm_75\n.address_size 64\n"
    ".visible .entry first_kernel(.param .u32 n)\n{\n  ret;\n}\n"
    ".visible .entry second_kernel(.param .u32 n)\n{\n  ret;\n}\n";

/// lines_starting() is every line of `text` that starts with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> found;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) found.push_back(line);
  return found;
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string f; std::getline(in, f, '\t');) out.push_back(f);
  return out;
}

TEST(CudaTraceTest, RecordsLaunchesSynchronisationsAndCopiesWithTheirKernelsAndThreads) {
  const cuda::driver* d = cuda::driver::get();
  ASSERT_NE(d, nullptr) << "the fake driver did not load: " << cuda::driver::why();
  std::vector<cuda::gpu> gpus = cuda::list_gpus(*d);
  ASSERT_EQ(gpus.size(), 1u);
  gpus.front().make_current();
  cuda::module m(*d, two_kernels_ptx, "the test's PTX");
  cuda::CUstream stream = nullptr;
  d->check(d->cuStreamCreate(&stream, 0), "stream");
  const std::uint32_t n = 4;
  for (int i = 0; i < 3; ++i) {
    cuda::launch(*d, m.function("first_kernel"), "first_kernel", {1}, {1}, 0, stream, &n, sizeof n);
    d->check(d->cuStreamSynchronize(stream), "synchronize");
  }
  cuda::launch(*d, m.function("second_kernel"), "second_kernel", {1}, {1}, 0, stream, &n, sizeof n);
  std::vector<std::int32_t> host(256, 7);
  cuda::device_memory data(*d, host.size() * sizeof(std::int32_t));
  d->check(d->cuMemcpyHtoDAsync(data.get(), host.data(), 1024, nullptr), "copy in");
  d->check(d->cuMemcpyDtoHAsync(host.data(), data.get(), 1024, nullptr), "copy out");
  d->check(d->cuStreamSynchronize(nullptr), "synchronize");
  d->check(d->cuStreamDestroy(stream), "stream");

  ASSERT_TRUE(cuda::write_trace());
  std::ifstream file(trace_path);
  std::stringstream read;
  read << file.rdbuf();
  const std::string trace = read.str();

  const std::vector<std::string> launches = lines_starting(trace, "cuLaunchKernel\t");
  ASSERT_EQ(launches.size(), 4u) << trace;
  EXPECT_EQ(fields(launches[0])[4], "first_kernel");
  EXPECT_EQ(fields(launches[3])[4], "second_kernel");
  EXPECT_EQ(lines_starting(trace, "cuStreamSynchronize\t").size(), 4u) << trace;
  const std::vector<std::string> in = lines_starting(trace, "cuMemcpyHtoDAsync\t");
  ASSERT_EQ(in.size(), 1u) << trace;
  EXPECT_EQ(fields(in[0])[5], "1024");
  EXPECT_EQ(lines_starting(trace, "cuMemcpyDtoHAsync\t").size(), 1u) << trace;
  for (const std::string& line : launches) {
    const std::vector<std::string> f = fields(line);
    ASSERT_EQ(f.size(), 7u) << line;
    EXPECT_EQ(f[1], fields(launches[0])[1]) << "one thread made every call";
    EXPECT_GE(std::stoll(f[3]), 0) << line;
    EXPECT_EQ(f[6], "0") << line;
  }

  // The summary: the first kernel launched three times, each followed by its stream's
  // synchronisation; the second once, followed by copies instead.
  const std::vector<std::string> first = lines_starting(trace, "# first_kernel\t");
  ASSERT_EQ(first.size(), 1u) << trace;
  const std::vector<std::string> f = fields(first[0]);
  ASSERT_EQ(f.size(), 6u) << first[0];
  EXPECT_EQ(f[2], "3");
  EXPECT_EQ(f[4], "3");
  EXPECT_GE(std::stoll(f[5]), std::stoll(f[3])) << "a launch to its synchronisation outlasts the launch call";
  const std::vector<std::string> second = lines_starting(trace, "# second_kernel\t");
  ASSERT_EQ(second.size(), 1u) << trace;
  EXPECT_EQ(fields(second[0])[2], "1");
  EXPECT_EQ(fields(second[0])[4], "0");
}

// A file that cannot be written is said on stderr when the driver is opened, and nothing is
// traced. (On a copy of the driver's entry points: the process's own are traced already.)
TEST(CudaTraceTest, AFileThatCannotBeWrittenIsSaidAtOnceAndNothingIsTraced) {
  const cuda::driver* d = cuda::driver::get();
  ASSERT_NE(d, nullptr) << "the fake driver did not load: " << cuda::driver::why();
  cuda::driver entry_points = *d;
  const auto launch = entry_points.cuLaunchKernel;
  testing::internal::CaptureStderr();
  cuda::trace_calls(entry_points, "/no-such-directory/trace.tsv");
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(entry_points.cuLaunchKernel, launch);
  EXPECT_NE(said.find("AMPLE_CUDA_TRACE: cannot write /no-such-directory/trace.tsv"), std::string::npos) << said;
}

}  // namespace
