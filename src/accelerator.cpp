// The device registry: which accelerators exist and which one is the default.
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "ample/accelerator.hpp"
#include "backend/cpu/engine_config.hpp"

namespace ample::detail {
namespace {

std::string narrow(const std::wstring& w) {
  std::string s;
  for (wchar_t c : w) s += (c >= 0 && c < 0x80) ? static_cast<char>(c) : '?';
  return s;
}

std::shared_ptr<view_state> make_default_view(const device& d) {
  return std::make_shared<view_state>(view_state{&d, concurrency::queuing_mode_automatic, false});
}

/// registry holds the devices. They are built once, on first use, and never destroyed, so
/// the pointers handed out stay valid for the whole process (static destruction included).
struct registry {
  device multicore;
  device host;
  std::mutex mutex;
  const device* chosen = nullptr;  // the default, once fixed
  const device* requested = nullptr;

  registry() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    multicore = device{L"ample\\cpu_multicore",
                       L"Ample multicore CPU engine (" + std::to_wstring(cores) + L" cores)",
                       backend_id::cpu,
                       1u << 16,
                       false,
                       false,  // runs natively on the cores: not an emulated device
                       false,
                       true,
                       true,
                       true,
                       cpu::physical_memory_kb(),
                       concurrency::access_type_read_write,
                       nullptr};
    multicore.default_view = make_default_view(multicore);
    host = device{L"cpu",
                  L"CPU accelerator (host memory; runs no kernels)",
                  backend_id::host,
                  1u << 16,
                  false,
                  false,
                  false,
                  true,
                  true,
                  true,
                  0,
                  concurrency::access_type_read_write,
                  nullptr};
    host.default_view = make_default_view(host);
  }

  const device* find(const std::wstring& path) {
    if (path == multicore.path) return &multicore;
    if (path == host.path) return &host;
    return nullptr;
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

const device* find_device(const std::wstring& path) {
  if (path == concurrency::accelerator::default_accelerator) return &default_device();
  return devices().find(path);
}

const device& default_device() {
  registry& r = devices();
  static const device* cached = [&r] {
    std::lock_guard lock(r.mutex);
    if (r.chosen == nullptr) {
      const device* env = from_environment(r);
      r.chosen = r.requested ? r.requested : (env ? env : &r.multicore);
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

std::vector<const device*> all_devices() {
  registry& r = devices();
  return {&r.multicore, &r.host};
}

}  // namespace ample::detail

namespace concurrency {

const ample::detail::device& accelerator::lookup(const std::wstring& path) {
  const ample::detail::device* d = ample::detail::find_device(path);
  if (d == nullptr)
    AMPLE_THROW(runtime_exception, "no accelerator has device path \"" + ample::detail::narrow(path) + "\"",
                error_code::e_invalidarg);
  return *d;
}

}  // namespace concurrency
