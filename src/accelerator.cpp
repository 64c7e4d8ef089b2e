// The device registry: which accelerators exist and which one is the default.
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ample/accelerator.hpp"
#include "ample/detail/command_queue.hpp"
#include "ample/detail/device_entry.hpp"
#include "backend/cpu/engine_config.hpp"
#include "backend/cuda/gpu_devices.hpp"

namespace ample::detail {
namespace {

std::string narrow(const std::wstring& w) {
  std::string s;
  for (wchar_t c : w) s += (c >= 0 && c < 0x80) ? static_cast<char>(c) : '?';
  return s;
}

/// make_default_views() gives device `d` its default view and its auto-selection view.
void make_default_views(device& d) {
  d.default_view = make_view_state(d, concurrency::queuing_mode_automatic, false);
  d.auto_selection_view = make_view_state(d, concurrency::queuing_mode_automatic, true);
}

/// registry holds the devices. They are built once, on first use, and never destroyed, so
/// the pointers handed out stay valid for the whole process (static destruction included).
///
/// Microsoft's runtime offered two software devices besides the GPUs: WARP (a fast Direct3D
/// rasteriser on the CPU) and REF (the slow, exact reference device for debugging). Programs
/// name them by path, so Ample accepts both: WARP runs on the multicore engine, REF queues every
/// launch and runs it on its view's thread, in order, reproducibly, over memory of its own that every
/// transfer is copied to and from (docs/design/data-model.md), so that programs and tests see
/// the data model of a GPU on any machine. Both report is_emulated, as they did.
///
/// Ample's multicore engine plays the part WARP played for Microsoft: a CPU running the kernels.
/// So it reports is_emulated, as WARP did, and only GPUs claim to be hardware. Programs
/// written for GPUs rely on that answer: some guard warp-synchronous kernels (work-items that
/// skip barriers because a GPU runs 32 of them in lockstep) with `if (acc.is_emulated)`, and
/// such kernels compute wrong results on any device without lockstep.
///
/// The NVIDIA GPUs the CUDA driver lists come first, as hardware did in Microsoft's list
/// (src/backend/cuda/gpu_devices.hpp), and the largest is the default where the program has
/// device code (default_device()). Without them, programs pick a device by its properties
/// before launching, so the properties follow Microsoft's runtime on a machine without a
/// DirectX 11 GPU, and get_all() lists the devices in a fixed order: the multicore engine (the
/// default), then WARP, REF and cpu. The common idioms:
/// - "the first accelerator that is not emulated" finds none, as on such a machine; the
///   program's fallback (the default accelerator, or set_default left alone) is the engine;
/// - "the accelerator with the most dedicated_memory": only the engine reports any; WARP, REF
///   and cpu report 0, as Microsoft's software devices do (they have no video memory of their
///   own), so the choice does not hang on how the program breaks ties;
/// - "an accelerator that supports_double_precision": the engine and the software devices do,
///   cpu does not (it runs no kernels at all).
/// - "version >= 11.0": Microsoft's runtime reports the Direct3D feature level (major << 16 |
///   minor), 11.0 (0xB0000) on the DirectX 11 devices C++ AMP needs; every Ample device does.
/// dedicated_memory is in KB, as Microsoft's is. The engine reports half the machine's memory:
/// GPU programs size device buffers from it and usually keep a host copy of each, so buffers
/// sized to all of it, plus their host copies, would not fit.
struct registry {
  std::vector<device> gpus;  ///< filled once, by the constructor: pointers to them stay valid
  device multicore;
  device warp;
  device ref;
  device host;
  std::mutex mutex;
  const device* chosen = nullptr;  // the default, once fixed
  const device* requested = nullptr;

  registry() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t memory_kb = cpu::physical_memory_kb() / 2;
    multicore = device{.path = L"ample\\cpu_multicore",
                       .description = L"Ample multicore CPU engine (" + std::to_wstring(cores) + L" cores)",
                       .backend = backend_id::cpu,
                       .version = 11u << 16,
                       .is_debug = false,
                       .is_emulated = true,  // a CPU running the kernels, as WARP is
                       .has_display = false,
                       .supports_double_precision = true,
                       .supports_limited_double_precision = true,
                       .supports_cpu_shared_memory = true,
                       .dedicated_memory_kb = memory_kb,
                       .default_cpu_access_type = concurrency::access_type_read_write,
                       .default_view = nullptr,
                       .auto_selection_view = nullptr,
                       .runs_serially = false,
                       .has_own_memory = false,
                       .memory = nullptr,
                       .gpu = nullptr,
                       .transfers = {},
                       .pending = {}};
    warp = multicore;
    warp.path = concurrency::accelerator::direct3d_warp;
    warp.description = L"Microsoft Basic Render Driver (WARP), run by Ample's multicore CPU engine";
    warp.dedicated_memory_kb = 0;
    ref = multicore;
    ref.path = concurrency::accelerator::direct3d_ref;
    ref.description = L"Software Adapter (REF), run by Ample on one thread, in order";
    ref.is_debug = true;
    ref.dedicated_memory_kb = 0;
    ref.runs_serially = true;
    // REF had memory of its own: no zero-copy, so arrays there have no CPU access by default.
    ref.has_own_memory = true;
    ref.memory = &host_memory_ops();
    ref.supports_cpu_shared_memory = false;
    ref.default_cpu_access_type = concurrency::access_type_none;
    host = multicore;
    host.path = concurrency::accelerator::cpu_accelerator;
    host.description = L"CPU accelerator (host memory; runs no kernels)";
    host.backend = backend_id::host;
    host.supports_double_precision = false;
    host.supports_limited_double_precision = false;
    host.dedicated_memory_kb = 0;
    gpus = cuda::describe_gpus();
    for (device& g : gpus) make_default_views(g);
    for (device* d : {&multicore, &warp, &ref, &host}) make_default_views(*d);
  }

  const device* find(const std::wstring& path) {
    for (const device* d : listed())
      if (path == d->path) return d;
    return nullptr;
  }

  /// largest_gpu_or_engine() is the GPU with the most memory (the first listed of equals), or
  /// the engine where there is none, or where the program has no device code: its kernels
  /// would all run on the engine anyway, and a program that asks whether the default is
  /// emulated (to skip warp-synchronous code, say) must hear that they do.
  const device* largest_gpu_or_engine() const {
    const device* best = &multicore;
    if (!has_device_code()) return best;
    for (const device& g : gpus)
      if (best == &multicore || g.dedicated_memory_kb > best->dedicated_memory_kb) best = &g;
    return best;
  }

  /// listed() is every device, in Microsoft's order: hardware (the GPUs, then the engine),
  /// then WARP, REF and cpu.
  std::vector<const device*> listed() const {
    std::vector<const device*> all;
    for (const device& g : gpus) all.push_back(&g);
    for (const device* d : {&multicore, &warp, &ref, &host}) all.push_back(d);
    return all;
  }
};

registry& devices() {
  static registry* r = new registry;  // intentionally immortal, see registry
  return *r;
}

/// from_environment() reads CPPAMP_DEFAULT_ACCELERATOR, as Microsoft's runtime does.
const device* from_environment(registry& r) {
  const char* env = std::getenv("CPPAMP_DEFAULT_ACCELERATOR");
  if (env == nullptr || *env == '\0') return nullptr;
  std::wstring path;
  for (const char* p = env; *p; ++p) path += static_cast<wchar_t>(static_cast<unsigned char>(*p));
  const device* d = r.find(path);
  if (d == nullptr)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string("CPPAMP_DEFAULT_ACCELERATOR names no accelerator: \"") + env + "\"",
                concurrency::error_code::e_invalidarg);
  return d;
}

}  // namespace

std::shared_ptr<view_state> make_view_state(const device& d, concurrency::queuing_mode mode, bool is_auto_selection) {
  return std::make_shared<view_state>(view_state{
      &d, mode, is_auto_selection, d.has_own_memory ? std::make_shared<command_queue>(d) : nullptr});
}

const device* find_device(const std::wstring& path) {
  if (path == concurrency::accelerator::default_accelerator) return &default_device();
  return devices().find(path);
}

/// default_device() follows Microsoft's order: set_default(), then CPPAMP_DEFAULT_ACCELERATOR,
/// then the non-emulated device with the most memory: the GPU with the most, as Visual C++
/// chose a DirectX 11 GPU over WARP; without one, or without device code for it, the device
/// in WARP's role: the engine.
AMPLE_IMPL_HOT const device& default_device() {
  registry& r = devices();
  static const device* cached = [&r] {
    std::lock_guard lock(r.mutex);
    if (r.chosen == nullptr) {
      const device* env = from_environment(r);
      r.chosen = r.requested ? r.requested : (env ? env : r.largest_gpu_or_engine());
    }
    return r.chosen;
  }();
  return *cached;
}

bool set_default_device(const std::wstring& path) {
  registry& r = devices();
  const device* d = r.find(path);
  std::lock_guard lock(r.mutex);
  if (d == nullptr || r.chosen != nullptr || r.requested != nullptr) return false;
  r.requested = d;
  return true;
}

void wait_for_queued_commands() {
  for (const device* d : all_devices()) d->pending.wait_none();
}

std::vector<const device*> all_devices() { return devices().listed(); }

}  // namespace ample::detail

namespace Concurrency {

const ample::detail::device& accelerator::lookup(const std::wstring& path) {
  const ample::detail::device* d = ample::detail::find_device(path);
  if (d == nullptr)
    AMPLE_THROW(runtime_exception, "no accelerator has device path \"" + ample::detail::narrow(path) + "\"",
                error_code::e_invalidarg);
  return *d;
}

}  // namespace Concurrency
