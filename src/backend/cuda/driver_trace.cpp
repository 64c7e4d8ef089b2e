// driver_trace: the driver calls of AMPLE_CUDA_TRACE, recorded and written (driver_trace.hpp).
#include "driver_trace.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ample::detail::cuda {
namespace {

enum class call : std::uint8_t { launch, stream_synchronize, event_synchronize, copy_in, copy_out, copy_within };

const char* name_of(call c) {
  switch (c) {
    case call::launch: return "cuLaunchKernel";
    case call::stream_synchronize: return "cuStreamSynchronize";
    case call::event_synchronize: return "cuEventSynchronize";
    case call::copy_in: return "cuMemcpyHtoDAsync";
    case call::copy_out: return "cuMemcpyDtoHAsync";
    case call::copy_within: return "cuMemcpyDtoDAsync";
  }
  return "?";
}

/// record is one traced call. `written` is set last (release), so that a trace written while
/// other threads still call the driver (at exit, queues finishing) skips records half made.
struct record {
  std::int64_t start_ns, end_ns;
  const void* subject;  ///< the kernel's CUfunction, or the event synchronised
  CUstream stream;
  std::uint64_t bytes;  ///< of a copy
  std::uint32_t thread;
  CUresult result;
  call what;
  std::uint8_t written;
};

/// The most calls a trace holds: 48 MiB of address space, of which only what is recorded is
/// ever touched. A benchmark of a few thousand launches needs a fraction; the calls past it
/// are counted and the file says how many.
constexpr std::size_t capacity = std::size_t{1} << 20;

struct trace {
  std::string path;
  driver original;  ///< the driver's own entry points, which the traced ones call
  std::unique_ptr<record[]> records{new record[capacity]};  // default-initialised: untouched pages
  std::atomic<std::size_t> taken{0};
  std::mutex names_mutex;
  std::map<const void*, std::string> kernel_names;  ///< from cuModuleGetFunction
};

trace* the_trace = nullptr;  // set once, before the driver is published (driver.cpp)

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::uint32_t this_thread_number() {
  static std::atomic<std::uint32_t> threads{0};
  thread_local const std::uint32_t number = threads.fetch_add(1, std::memory_order_relaxed);
  return number;
}

/// timed() runs `body` (a call of the driver's own entry point) and records it.
template <class Body>
CUresult timed(call what, const void* subject, CUstream stream, std::uint64_t bytes, Body body) {
  const std::int64_t start = now_ns();
  const CUresult result = body();
  const std::int64_t end = now_ns();
  const std::size_t at = the_trace->taken.fetch_add(1, std::memory_order_relaxed);
  if (at < capacity) {
    record& r = the_trace->records[at];
    r = {start, end, subject, stream, bytes, this_thread_number(), result, what, 0};
    std::atomic_ref<std::uint8_t>(r.written).store(1, std::memory_order_release);
  }
  return result;
}

CUresult traced_launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                       unsigned shared, CUstream s, void** parameters, void** extra) {
  return timed(call::launch, f, s, 0,
               [&] { return the_trace->original.cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, s, parameters, extra); });
}
CUresult traced_stream_synchronize(CUstream s) {
  return timed(call::stream_synchronize, nullptr, s, 0, [&] { return the_trace->original.cuStreamSynchronize(s); });
}
CUresult traced_event_synchronize(CUevent e) {
  return timed(call::event_synchronize, e, nullptr, 0, [&] { return the_trace->original.cuEventSynchronize(e); });
}
CUresult traced_copy_in(CUdeviceptr to, const void* from, std::size_t bytes, CUstream s) {
  return timed(call::copy_in, nullptr, s, bytes, [&] { return the_trace->original.cuMemcpyHtoDAsync(to, from, bytes, s); });
}
CUresult traced_copy_out(void* to, CUdeviceptr from, std::size_t bytes, CUstream s) {
  return timed(call::copy_out, nullptr, s, bytes, [&] { return the_trace->original.cuMemcpyDtoHAsync(to, from, bytes, s); });
}
CUresult traced_copy_within(CUdeviceptr to, CUdeviceptr from, std::size_t bytes, CUstream s) {
  return timed(call::copy_within, nullptr, s, bytes,
               [&] { return the_trace->original.cuMemcpyDtoDAsync(to, from, bytes, s); });
}
CUresult traced_get_function(CUfunction* f, CUmodule m, const char* name) {
  const CUresult r = the_trace->original.cuModuleGetFunction(f, m, name);
  if (r == CUDA_SUCCESS) {
    std::lock_guard lock(the_trace->names_mutex);
    the_trace->kernel_names[*f] = name;
  }
  return r;
}

std::int64_t median(std::vector<std::int64_t> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// summarise() writes, per kernel and thread, the launches, the median time in the launch call,
/// and the median from a launch's start to the end of the synchronisation of its stream that
/// follows it on that thread (none where another call came between, or the kernel's thread
/// does not synchronise).
void summarise(std::FILE* out, const std::vector<record>& calls, const std::map<const void*, std::string>& names) {
  struct times {
    std::vector<std::int64_t> in_call, to_synchronised;
  };
  std::map<std::pair<std::string, std::uint32_t>, times> per_kernel;
  std::map<std::uint32_t, const record*> last_of_thread;
  for (const record& r : calls) {
    const record*& last = last_of_thread[r.thread];
    if (r.what == call::stream_synchronize && last != nullptr && last->what == call::launch && last->stream == r.stream) {
      const auto name = names.find(last->subject);
      per_kernel[{name != names.end() ? name->second : "?", last->thread}].to_synchronised.push_back(r.end_ns -
                                                                                                 last->start_ns);
    }
    if (r.what == call::launch) {
      const auto name = names.find(r.subject);
      per_kernel[{name != names.end() ? name->second : "?", r.thread}].in_call.push_back(r.end_ns - r.start_ns);
    }
    last = &r;
  }
  std::fprintf(out,
               "# summary per kernel and thread: launches, median ns in cuLaunchKernel, and launches followed by "
               "their stream's synchronisation with the median ns from the launch's start to that synchronisation's "
               "end\n# kernel\tthread\tlaunches\tmedian_launch_call_ns\tsynchronised\tmedian_launch_to_synchronised_ns\n");
  for (const auto& [key, t] : per_kernel)
    std::fprintf(out, "# %s\t%" PRIu32 "\t%zu\t%" PRId64 "\t%zu\t%" PRId64 "\n", key.first.c_str(), key.second,
                 t.in_call.size(), median(t.in_call), t.to_synchronised.size(), median(t.to_synchronised));
}

void write_at_exit() {
  if (!write_trace())
    std::fprintf(stderr, "ample: AMPLE_CUDA_TRACE: cannot write the trace to %s: %s\n", the_trace->path.c_str(),
                 std::strerror(errno));
}

}  // namespace

void trace_calls(driver& d, const char* path) {
  // A file that cannot be written is said at once, not after the program has run.
  std::FILE* probe = std::fopen(path, "w");
  if (probe == nullptr) {
    std::fprintf(stderr, "ample: AMPLE_CUDA_TRACE: cannot write %s (%s): the driver's calls are not traced\n", path,
                 std::strerror(errno));
    return;
  }
  std::fclose(probe);
  the_trace = new trace;  // immortal: queues' threads may call the driver during exit
  the_trace->path = path;
  the_trace->original = d;
  d.cuLaunchKernel = traced_launch;
  d.cuStreamSynchronize = traced_stream_synchronize;
  d.cuEventSynchronize = traced_event_synchronize;
  d.cuMemcpyHtoDAsync = traced_copy_in;
  d.cuMemcpyDtoHAsync = traced_copy_out;
  d.cuMemcpyDtoDAsync = traced_copy_within;
  d.cuModuleGetFunction = traced_get_function;
  std::atexit(write_at_exit);
}

bool write_trace() {
  if (the_trace == nullptr) return false;
  std::vector<record> calls;
  const std::size_t taken = the_trace->taken.load(std::memory_order_relaxed);
  const std::size_t kept = std::min(taken, capacity);
  calls.reserve(kept);
  for (std::size_t i = 0; i < kept; ++i)
    if (std::atomic_ref<std::uint8_t>(the_trace->records[i].written).load(std::memory_order_acquire) != 0)
      calls.push_back(the_trace->records[i]);
  // A thread's calls start one after another, so this keeps each thread's order.
  std::sort(calls.begin(), calls.end(), [](const record& a, const record& b) {
    return a.start_ns != b.start_ns ? a.start_ns < b.start_ns : a.thread < b.thread;
  });
  std::map<const void*, std::string> names;
  {
    std::lock_guard lock(the_trace->names_mutex);
    names = the_trace->kernel_names;
  }
  std::FILE* out = std::fopen(the_trace->path.c_str(), "w");
  if (out == nullptr) return false;
  const std::int64_t origin = calls.empty() ? 0 : calls.front().start_ns;
  std::fprintf(out,
               "# AMPLE_CUDA_TRACE: driver calls in the order they started; times in ns on the steady clock, from "
               "the first call; %zu calls past the trace's %zu not kept\n"
               "call\tthread\tstart_ns\tduration_ns\tkernel_or_stream\tbytes\tresult\n",
               taken - kept, capacity);
  for (const record& r : calls) {
    std::string subject;
    if (r.what == call::launch) {
      const auto name = names.find(r.subject);
      subject = name != names.end() ? name->second : "?";
    } else {
      char text[32];
      std::snprintf(text, sizeof text, "%p", r.what == call::event_synchronize ? r.subject : static_cast<const void*>(r.stream));
      subject = text;
    }
    std::fprintf(out, "%s\t%" PRIu32 "\t%" PRId64 "\t%" PRId64 "\t%s\t%" PRIu64 "\t%d\n", name_of(r.what), r.thread,
                 r.start_ns - origin, r.end_ns - r.start_ns, subject.c_str(), r.bytes, r.result);
  }
  summarise(out, calls, names);
  return std::fclose(out) == 0;
}

}  // namespace ample::detail::cuda
