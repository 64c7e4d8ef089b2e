// fake_libcuda: a libcuda.so.1 that runs on any machine, for testing Ample's CUDA backend
// where no NVIDIA GPU is present (the CI machines). It implements the entry points that
// src/backend/cuda/driver.cpp resolves, under the same exported names, with the driver's
// rules that the backend must follow:
//   - one GPU, "Ample fake GPU", with 64 MiB of memory: allocations that find no free range
//     large enough fail with CUDA_ERROR_OUT_OF_MEMORY. AMPLE_FAKE_CUDA_DEVICES=N (up to 4)
//     lists N such GPUs (PCI buses 0x1b, 0x1c, ...), whose allocations share the 64 MiB;
//   - each allocation, pool and primary context belongs to one GPU: a memory call fails with
//     CUDA_ERROR_INVALID_VALUE where an address it is given lies in another GPU's memory than
//     the current context's, and only cuMemcpyPeerAsync copies between two GPUs' memory. It
//     counts the bytes it moved, and, apart, those it moved where the destination's GPU may
//     access the source's memory (cuCtxEnablePeerAccess for cuMemAlloc's, cuMemPoolSetAccess
//     for a pool's), as the driver copies those directly and stages the others through the
//     host. cuDeviceCanAccessPeer says yes for every pair of GPUs, unless
//     AMPLE_FAKE_CUDA_PEER_ACCESS=0;
//   - stream-ordered memory pools (cuMemPoolCreate; none if AMPLE_FAKE_CUDA_MEMORY_POOLS=0):
//     a pool keeps what cuMemFreeAsync frees for its next allocations that fit (cutting a
//     kept block, as the driver suballocates its pools' memory), gives back
//     what it holds above its release threshold (0 unless set) at every synchronisation, as
//     the driver does, and all of it at cuMemPoolTrimTo(0); memory of a pool must be freed by
//     cuMemFreeAsync and cuMemAlloc's by cuMemFree;
//   - memory calls need a current context (cuCtxSetCurrent of the primary context) on the
//     calling thread, or fail with CUDA_ERROR_INVALID_CONTEXT;
//   - device addresses are not host addresses: they lie in a range reserved with no access,
//     so host code that dereferences one faults, as it would on a real GPU; the fake reaches
//     the memory through a second mapping of its own;
//   - a module's PTX must declare a kernel (".entry NAME") for cuModuleGetFunction to find it;
//   - an asynchronous copy from or to page-locked memory (cuMemAllocHost) happens later, as
//     the real one may: at the next cuStreamSynchronize, at a cuEventSynchronize of an event
//     recorded after it (the copies before that event only), or before the next call that
//     could see its bytes (a launch, a copy from pageable memory, ...). A backend that reuses
//     a page-locked buffer before waiting for the copy that used it then moves the wrong
//     bytes here too;
//   - streams of cuStreamCreate run their launches late, as a GPU may: at the stream's
//     synchronisation (or destruction), not at the legacy default stream's. A backend that
//     waits for a kernel on the wrong stream then finds its results missing.
// Kernels cannot run here; cuLaunchKernel checks its arguments and hands the launch to the
// test (ample_fake_cuda_set_launch_hook), with the device memory readable and writable at its
// device addresses for the duration. ample_fake_cuda_fail_next() makes the next call fail.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "fake_cuda.h"

namespace {

using CUresult = int;
using CUdeviceptr = unsigned long long;

constexpr CUresult success = 0, invalid_value = 1, out_of_memory = 2, not_initialized = 3, invalid_context = 201,
                   invalid_handle = 400, not_found = 500, invalid_ptx = 218, invalid_device = 101,
                   not_supported = 801, peer_access_unsupported = 217, peer_access_already_enabled = 704;
constexpr int most_devices = 4;
constexpr std::size_t memory_bytes = std::size_t{64} << 20;
constexpr std::size_t alignment = 256;  // cuMemAlloc's

/// fake_pool is a memory pool: the blocks freed into it and kept (size -> offset), and the
/// bytes it may keep across a synchronisation.
struct fake_pool {
  int device = 0;
  std::multimap<std::size_t, std::size_t> kept;
  std::uint64_t release_threshold = 0;
  std::set<int> accessible_from;  ///< other GPUs granted access (cuMemPoolSetAccess)
};

/// fake_stream is a stream of cuStreamCreate: its launches not run yet, in order, each with
/// its own copy of the parameters (the driver takes them at the launch).
struct fake_stream {
  struct launch {
    const std::string* function;
    unsigned grid[3], block[3];
    std::vector<unsigned char> parameters;
  };
  std::vector<launch> queued;
};

/// allocation is one allocation: the bytes asked for, the block it took, its pool (null for
/// cuMemAlloc's) and its GPU.
struct allocation {
  std::size_t bytes;
  std::size_t block;
  fake_pool* pool;
  int device;
};

struct fake_gpu {
  std::mutex mutex;
  bool initialised = false;
  int memfd = -1;
  char* device_view = nullptr;  // no access: what host code holding a device address reaches
  char* own_view = nullptr;     // the fake's way in
  /// The memory no allocation or pool holds, as offset -> length ranges: the first
  /// `alignment` bytes are never handed out, so that no device address is 0.
  std::map<std::size_t, std::size_t> free_ranges;
  std::map<CUdeviceptr, allocation> allocations;
  std::set<fake_pool*> pools;
  std::set<fake_stream*> streams;
  int devices = 1;
  bool pools_supported = true;
  bool peer_access = true;
  /// (accessing GPU, GPU whose cuMemAlloc memory it may access): cuCtxEnablePeerAccess's.
  std::set<std::pair<int, int>> peers_enabled;
  std::size_t peer_bytes = 0, direct_peer_bytes = 0;
  int compute_mode = 0;  // CU_COMPUTEMODE_DEFAULT
  CUresult fail_next = success;
  /// Each thread's current context, as its GPU's ordinal. Not a thread_local: LLVM 14's
  /// LeakSanitizer faults scanning a dlopen()ed library's thread-local storage.
  std::map<std::thread::id, int> current;
  ample_fake_cuda_launch_hook hook = nullptr;
  void* hook_context = nullptr;
  std::map<const char*, std::size_t> pinned;  ///< cuMemAllocHost's allocations
  std::vector<std::function<void()>> pending;  ///< asynchronous copies not done yet
  std::size_t pinned_copies = 0;               ///< ever deferred
  std::size_t finished_copies = 0;             ///< of those, done
  std::size_t cleared_bytes = 0;               ///< by cuMemsetD8, ever
};

/// fake_event is an event: the number of asynchronous copies deferred when it was recorded.
struct fake_event {
  std::size_t after_copies = 0;
};

fake_gpu& gpu() {
  static fake_gpu* g = new fake_gpu;  // immortal: backends free memory from static destructors
  return *g;
}

/// fake_module is a loaded module: its PTX, and its kernels' handles, which live as long as
/// it does (as the driver's CUfunction handles do).
struct fake_module {
  std::string ptx;
  std::map<std::string, std::string> functions;  // name -> the handle's storage (the name)
};

int primary_context_tags[most_devices];  // their addresses are the GPUs' context handles

/// device_of_context() is the ordinal of the GPU whose primary context is `context`; -1 if none is.
int device_of_context(const void* context) {
  for (int d = 0; d < most_devices; ++d)
    if (context == &primary_context_tags[d]) return d;
  return -1;
}

/// current_device() is the GPU of the calling thread's current context; -1 without one.
int current_device() {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const auto it = g.current.find(std::this_thread::get_id());
  return it != g.current.end() ? it->second : -1;
}

/// valid_device() is whether `device` is one of the GPUs listed.
bool valid_device(int device) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  return device >= 0 && device < g.devices;
}

/// injected() is the failure ample_fake_cuda_fail_next() asked for, once.
CUresult injected() {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const CUresult r = g.fail_next;
  g.fail_next = success;
  return r;
}

CUresult ready(bool needs_context) {
  if (const CUresult r = injected(); r != success) return r;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (!g.initialised) return not_initialized;
  if (needs_context && g.current.count(std::this_thread::get_id()) == 0) return invalid_context;
  return success;
}

/// pinned() is whether `bytes` at `at` lie in one page-locked allocation.
bool pinned(const void* at, std::size_t bytes) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const char* p = static_cast<const char*>(at);
  auto it = g.pinned.upper_bound(p);
  if (it == g.pinned.begin()) return false;
  --it;
  return p + bytes <= it->first + it->second;
}

/// defer() keeps an asynchronous copy between page-locked and device memory for later.
void defer(std::function<void()> copy) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.pending.push_back(std::move(copy));
  ++g.pinned_copies;
}

/// finish_copies_through() does, in order, the copies defer() kept until the first `count`
/// ever deferred are done: what an event's synchronisation waits for.
void finish_copies_through(std::size_t count) {
  std::vector<std::function<void()>> copies;
  {
    fake_gpu& g = gpu();
    std::lock_guard lock(g.mutex);
    const std::size_t due = std::min(g.pending.size(), count > g.finished_copies ? count - g.finished_copies : 0);
    copies.assign(std::make_move_iterator(g.pending.begin()), std::make_move_iterator(g.pending.begin() + due));
    g.pending.erase(g.pending.begin(), g.pending.begin() + due);
    g.finished_copies += due;
  }
  for (const auto& copy : copies) copy();
}

/// finish_copies() does every copy defer() kept: what a stream does before its next command,
/// and a synchronisation before it returns.
void finish_copies() { finish_copies_through(static_cast<std::size_t>(-1)); }

/// allocation_before() is the last allocation that starts at or before `at`, the one `at` lies
/// in if any does; end() where none starts there. Under the GPU's mutex.
std::map<CUdeviceptr, allocation>::const_iterator allocation_before(const fake_gpu& g, CUdeviceptr at) {
  const auto it = g.allocations.upper_bound(at);
  return it == g.allocations.begin() ? g.allocations.end() : std::prev(it);
}

/// own_on() is the fake's address for `bytes` at device address `at`; null unless all of them
/// lie in one allocation, of GPU `device`.
char* own_on(int device, CUdeviceptr at, std::size_t bytes) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const auto it = allocation_before(g, at);
  if (it == g.allocations.end() || at + bytes > it->first + it->second.bytes || it->second.device != device)
    return nullptr;
  return g.own_view + (at - reinterpret_cast<CUdeviceptr>(g.device_view));
}

/// own() is own_on() the GPU of the calling thread's current context.
char* own(CUdeviceptr at, std::size_t bytes) { return own_on(current_device(), at, bytes); }

/// directly_accessible() is whether GPU `device` may access the allocation at `at`, of
/// another GPU: the copies the driver makes without the host.
bool directly_accessible(int device, CUdeviceptr at) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const auto it = allocation_before(g, at);
  if (it == g.allocations.end()) return false;
  const allocation& a = it->second;
  return a.pool != nullptr ? a.pool->accessible_from.count(device) != 0
                           : g.peers_enabled.count({device, a.device}) != 0;
}

/// take() is the offset of a free block of `block` bytes (a multiple of `alignment`), taken
/// from the first free range that holds it; nothing if none does. Under the GPU's mutex.
std::optional<std::size_t> take(fake_gpu& g, std::size_t block) {
  for (auto it = g.free_ranges.begin(); it != g.free_ranges.end(); ++it) {
    if (it->second < block) continue;
    const auto [offset, length] = *it;
    g.free_ranges.erase(it);
    if (length > block) g.free_ranges[offset + block] = length - block;
    return offset;
  }
  return std::nullopt;
}

/// give_back() returns a block to the free ranges, joined with its neighbours. Under the
/// GPU's mutex.
void give_back(fake_gpu& g, std::size_t offset, std::size_t block) {
  auto it = g.free_ranges.emplace(offset, block).first;
  if (const auto next = std::next(it); next != g.free_ranges.end() && offset + block == next->first) {
    it->second += next->second;
    g.free_ranges.erase(next);
  }
  if (it != g.free_ranges.begin()) {
    const auto previous = std::prev(it);
    if (previous->first + previous->second == offset) {
      previous->second += it->second;
      g.free_ranges.erase(it);
    }
  }
}

/// trim() gives back what `pool` keeps beyond `keep` bytes, largest blocks first. Under the
/// GPU's mutex.
void trim(fake_gpu& g, fake_pool& pool, std::size_t keep) {
  std::size_t kept = 0;
  for (const auto& block : pool.kept) kept += block.first;
  while (kept > keep && !pool.kept.empty()) {
    const auto largest = std::prev(pool.kept.end());
    kept -= largest->first;
    give_back(g, largest->second, largest->first);
    pool.kept.erase(largest);
  }
}

/// synchronised() is what the driver does at a synchronisation: each pool gives back what
/// it keeps beyond its release threshold.
void synchronised() {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  for (fake_pool* pool : g.pools)
    trim(g, *pool, static_cast<std::size_t>(std::min<std::uint64_t>(pool->release_threshold, SIZE_MAX)));
}

/// allocate() records an allocation of `bytes` at `offset` on GPU `device`. Under the GPU's
/// mutex.
CUdeviceptr allocate(fake_gpu& g, std::size_t offset, std::size_t bytes, std::size_t block, fake_pool* pool,
                     int device) {
  const auto at = reinterpret_cast<CUdeviceptr>(g.device_view + offset);
  g.allocations[at] = allocation{bytes, block, pool, device};
  return at;
}

/// allocate_fresh() allocates `bytes` on GPU `device` from the free ranges, for `pool` (null:
/// cuMemAlloc's). Under the GPU's mutex.
CUresult allocate_fresh(fake_gpu& g, CUdeviceptr* pointer, std::size_t bytes, fake_pool* pool, int device) {
  const std::size_t block = (bytes + alignment - 1) / alignment * alignment;
  const std::optional<std::size_t> offset = take(g, block);
  if (!offset) return out_of_memory;
  *pointer = allocate(g, *offset, bytes, block, pool, device);
  return success;
}

std::size_t offset_of(const fake_gpu& g, CUdeviceptr at) { return at - reinterpret_cast<CUdeviceptr>(g.device_view); }

/// known() is whether `stream` is the legacy default stream (null) or one cuStreamCreate made.
bool known(void* stream) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  return stream == nullptr || g.streams.count(static_cast<fake_stream*>(stream)) != 0;
}

/// play() hands a launch to the test's hook, if any, with the device memory reachable.
CUresult play(const std::string& function, const unsigned grid[3], const unsigned block[3], const void* parameters,
              std::size_t parameter_bytes, const void* stream) {
  fake_gpu& g = gpu();
  if (g.hook == nullptr) return success;
  const ample_fake_cuda_launch launch{function.c_str(), {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]},
                                      parameters, parameter_bytes, stream};
  mprotect(g.device_view, memory_bytes, PROT_READ | PROT_WRITE);
  const CUresult r = g.hook(&launch, g.hook_context);
  mprotect(g.device_view, memory_bytes, PROT_NONE);
  return r;
}

/// run_queued() runs what `stream` queued, in order, up to the first launch that fails, whose
/// result it is (the driver reports an asynchronous failure at the next synchronisation).
CUresult run_queued(fake_stream& stream) {
  std::vector<fake_stream::launch> due;
  {
    fake_gpu& g = gpu();
    std::lock_guard lock(g.mutex);
    due.swap(stream.queued);
  }
  finish_copies();
  for (const fake_stream::launch& l : due)
    if (const CUresult r = play(*l.function, l.grid, l.block, l.parameters.data(), l.parameters.size(), &stream);
        r != success)
      return r;
  return success;
}

}  // namespace

extern "C" {

CUresult cuInit(unsigned flags) {
  if (flags != 0) return invalid_value;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (g.initialised) return success;
  g.memfd = memfd_create("ample_fake_gpu", 0);
  if (g.memfd < 0 || ftruncate(g.memfd, memory_bytes) != 0) return out_of_memory;
  g.device_view = static_cast<char*>(mmap(nullptr, memory_bytes, PROT_NONE, MAP_SHARED, g.memfd, 0));
  g.own_view = static_cast<char*>(mmap(nullptr, memory_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, g.memfd, 0));
  if (g.device_view == MAP_FAILED || g.own_view == MAP_FAILED) return out_of_memory;
  g.free_ranges[alignment] = memory_bytes - alignment;
  const char* pools = std::getenv("AMPLE_FAKE_CUDA_MEMORY_POOLS");
  g.pools_supported = pools == nullptr || std::string(pools) != "0";
  const char* peer_access = std::getenv("AMPLE_FAKE_CUDA_PEER_ACCESS");
  g.peer_access = peer_access == nullptr || std::string(peer_access) != "0";
  if (const char* devices = std::getenv("AMPLE_FAKE_CUDA_DEVICES"))
    g.devices = std::clamp(std::atoi(devices), 1, most_devices);
  g.initialised = true;
  return success;
}

CUresult cuDriverGetVersion(int* version) {
  *version = 13000;
  return success;
}

CUresult cuGetErrorName(CUresult error, const char** name) {
  static const std::map<CUresult, const char*> names = {
      {success, "CUDA_SUCCESS"},           {invalid_value, "CUDA_ERROR_INVALID_VALUE"},
      {out_of_memory, "CUDA_ERROR_OUT_OF_MEMORY"}, {not_initialized, "CUDA_ERROR_NOT_INITIALIZED"},
      {invalid_context, "CUDA_ERROR_INVALID_CONTEXT"}, {invalid_handle, "CUDA_ERROR_INVALID_HANDLE"},
      {not_found, "CUDA_ERROR_NOT_FOUND"},  {invalid_ptx, "CUDA_ERROR_INVALID_PTX"},
      {invalid_device, "CUDA_ERROR_INVALID_DEVICE"}, {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
      {peer_access_unsupported, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"},
      {peer_access_already_enabled, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED"},
      {226, "CUDA_ERROR_CONTAINED"},        {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
      {710, "CUDA_ERROR_ASSERT"},           {719, "CUDA_ERROR_LAUNCH_FAILED"}};
  const auto it = names.find(error);
  if (it == names.end()) return invalid_value;
  *name = it->second;
  return success;
}

CUresult cuGetErrorString(CUresult error, const char** text) {
  const char* name = nullptr;
  if (cuGetErrorName(error, &name) != success) return invalid_value;
  *text = "reported by Ample's fake driver";
  return success;
}

CUresult cuDeviceGetCount(int* count) {
  if (const CUresult r = ready(false); r != success) return r;
  std::lock_guard lock(gpu().mutex);
  *count = gpu().devices;
  return success;
}

CUresult cuDeviceGet(int* device, int ordinal) {
  if (const CUresult r = ready(false); r != success) return r;
  if (!valid_device(ordinal)) return invalid_device;
  *device = ordinal;
  return success;
}

CUresult cuDeviceGetName(char* name, int length, int device) {
  if (!valid_device(device) || length <= 0) return invalid_value;
  std::strncpy(name, "Ample fake GPU", static_cast<std::size_t>(length) - 1);
  name[length - 1] = '\0';
  return success;
}

CUresult cuDeviceGetAttribute(int* value, int attribute, int device) {
  if (!valid_device(device)) return invalid_device;
  switch (attribute) {
    case 16: *value = 4; break;                 // multiprocessors
    case 17: case 18: case 88: *value = 0; break;  // no display, discrete, no pageable access
    case 20: {                                         // compute mode
      std::lock_guard lock(gpu().mutex);
      *value = gpu().compute_mode;
      break;
    }
    case 33: *value = 0x1b + device; break;     // PCI bus
    case 34: case 50: *value = 0; break;        // PCI device, domain
    case 75: *value = 7; break;                 // compute capability 7.5
    case 76: *value = 5; break;
    case 115: *value = gpu().pools_supported ? 1 : 0; break;  // memory pools
    default: return invalid_value;
  }
  return success;
}

CUresult cuDeviceTotalMem_v2(std::size_t* bytes, int device) {
  if (!valid_device(device)) return invalid_device;
  *bytes = memory_bytes;
  return success;
}

CUresult cuDevicePrimaryCtxRetain(void** context, int device) {
  if (const CUresult r = ready(false); r != success) return r;
  if (!valid_device(device)) return invalid_device;
  *context = &primary_context_tags[device];
  return success;
}

CUresult cuCtxSetCurrent(void* context) {
  const int device = device_of_context(context);
  if (context != nullptr && !valid_device(device)) return invalid_context;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (context != nullptr) g.current[std::this_thread::get_id()] = device;
  else g.current.erase(std::this_thread::get_id());
  return success;
}

CUresult cuDeviceCanAccessPeer(int* can, int device, int peer) {
  if (const CUresult r = ready(false); r != success) return r;
  if (!valid_device(device) || !valid_device(peer)) return invalid_device;
  std::lock_guard lock(gpu().mutex);
  *can = device != peer && gpu().peer_access ? 1 : 0;
  return success;
}

CUresult cuCtxEnablePeerAccess(void* peer_context, unsigned flags) {
  if (const CUresult r = ready(true); r != success) return r;
  const int device = current_device(), peer = device_of_context(peer_context);
  if (flags != 0 || !valid_device(peer)) return invalid_value;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (peer == device || !g.peer_access) return peer_access_unsupported;
  return g.peers_enabled.insert({device, peer}).second ? success : peer_access_already_enabled;
}

CUresult cuMemAlloc_v2(CUdeviceptr* pointer, std::size_t bytes) {
  if (const CUresult r = ready(true); r != success) return r;
  if (bytes == 0) return invalid_value;
  fake_gpu& g = gpu();
  const int device = current_device();
  std::lock_guard lock(g.mutex);
  return allocate_fresh(g, pointer, bytes, nullptr, device);
}

CUresult cuMemFree_v2(CUdeviceptr pointer) {
  if (const CUresult r = ready(true); r != success) return r;
  finish_copies();
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const auto it = g.allocations.find(pointer);
  if (it == g.allocations.end() || it->second.pool != nullptr) return invalid_value;
  give_back(g, offset_of(g, pointer), it->second.block);
  g.allocations.erase(it);
  return success;
}

CUresult cuMemPoolCreate(fake_pool** pool, const unsigned char* properties) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_gpu& g = gpu();
  if (!g.pools_supported) return not_supported;
  // CUmemPoolProps: pinned memory (1) of a device (1) listed, no handle types; the rest zero.
  int fields[4];
  std::memcpy(fields, properties, sizeof fields);
  if (fields[0] != 1 || fields[1] != 0 || fields[2] != 1 || !valid_device(fields[3])) return invalid_value;
  for (std::size_t at = sizeof fields; at < 88; ++at)
    if (properties[at] != 0) return invalid_value;
  std::lock_guard lock(g.mutex);
  *pool = *g.pools.insert(new fake_pool).first;
  (*pool)->device = fields[3];
  return success;
}

/// CUmemAccessDesc: a location (type, id) and the access flags.
struct fake_access {
  int location_type, location_id, flags;
};

CUresult cuMemPoolSetAccess(fake_pool* pool, const fake_access* map, std::size_t count) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_gpu& g = gpu();
  for (std::size_t i = 0; i < count; ++i)
    if (map[i].location_type != 1 || !valid_device(map[i].location_id) || map[i].flags != 3) return invalid_value;
  std::lock_guard lock(g.mutex);
  if (g.pools.count(pool) == 0) return invalid_value;
  for (std::size_t i = 0; i < count; ++i) {
    // The pool's own GPU always has access; the driver refuses to change it.
    if (map[i].location_id == pool->device) return invalid_device;
    if (!g.peer_access) return peer_access_unsupported;
    pool->accessible_from.insert(map[i].location_id);
  }
  return success;
}

CUresult cuMemPoolSetAttribute(fake_pool* pool, int attribute, void* value) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (g.pools.count(pool) == 0 || attribute != 4) return invalid_value;  // the release threshold only
  std::memcpy(&pool->release_threshold, value, sizeof pool->release_threshold);
  return success;
}

CUresult cuMemPoolTrimTo(fake_pool* pool, std::size_t keep_bytes) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (g.pools.count(pool) == 0) return invalid_value;
  trim(g, *pool, keep_bytes);
  return success;
}

CUresult cuMemAllocFromPoolAsync(CUdeviceptr* pointer, std::size_t bytes, fake_pool* pool, void* stream) {
  if (const CUresult r = ready(true); r != success) return r;
  if (!known(stream)) return invalid_handle;
  const int device = current_device();
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  if (bytes == 0 || g.pools.count(pool) == 0 || pool->device != device) return invalid_value;
  // The smallest block the pool keeps that holds the bytes, its rest kept apart; otherwise
  // fresh memory.
  const std::size_t block = (bytes + alignment - 1) / alignment * alignment;
  if (const auto kept = pool->kept.lower_bound(block); kept != pool->kept.end()) {
    const auto [length, offset] = *kept;
    pool->kept.erase(kept);
    if (length > block) pool->kept.emplace(length - block, offset + block);
    *pointer = allocate(g, offset, bytes, block, pool, device);
    return success;
  }
  return allocate_fresh(g, pointer, bytes, pool, device);
}

CUresult cuMemFreeAsync(CUdeviceptr pointer, void* stream) {
  if (const CUresult r = ready(true); r != success) return r;
  if (!known(stream)) return invalid_handle;
  finish_copies();
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  const auto it = g.allocations.find(pointer);
  if (it == g.allocations.end() || it->second.pool == nullptr) return invalid_value;
  it->second.pool->kept.emplace(it->second.block, offset_of(g, pointer));
  g.allocations.erase(it);
  return success;
}

CUresult cuMemAllocHost_v2(void** pointer, std::size_t bytes) {
  if (const CUresult r = ready(true); r != success) return r;
  *pointer = ::operator new(bytes);
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.pinned[static_cast<const char*>(*pointer)] = bytes;
  return success;
}

CUresult cuMemFreeHost(void* pointer) {
  finish_copies();
  {
    fake_gpu& g = gpu();
    std::lock_guard lock(g.mutex);
    g.pinned.erase(static_cast<const char*>(pointer));
  }
  ::operator delete(pointer);
  return success;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr to, const void* from, std::size_t bytes, void* stream) {
  if (const CUresult r = ready(true); r != success) return r;
  if (!known(stream)) return invalid_handle;
  char* target = own(to, bytes);
  if (target == nullptr) return invalid_value;
  if (pinned(from, bytes)) {
    defer([=] { std::memcpy(target, from, bytes); });
    return success;
  }
  finish_copies();
  std::memcpy(target, from, bytes);
  return success;
}

CUresult cuMemcpyDtoHAsync_v2(void* to, CUdeviceptr from, std::size_t bytes, void*) {
  if (const CUresult r = ready(true); r != success) return r;
  const char* source = own(from, bytes);
  if (source == nullptr) return invalid_value;
  if (pinned(to, bytes)) {
    defer([=] { std::memcpy(to, source, bytes); });
    return success;
  }
  finish_copies();
  std::memcpy(to, source, bytes);
  return success;
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr to, CUdeviceptr from, std::size_t bytes, void*) {
  if (const CUresult r = ready(true); r != success) return r;
  finish_copies();
  char* target = own(to, bytes);
  const char* source = own(from, bytes);
  if (target == nullptr || source == nullptr) return invalid_value;
  std::memmove(target, source, bytes);
  return success;
}

CUresult cuMemcpyPeerAsync(CUdeviceptr to, void* to_context, CUdeviceptr from, void* from_context, std::size_t bytes,
                           void* stream) {
  if (const CUresult r = ready(true); r != success) return r;
  if (!known(stream)) return invalid_handle;
  const int to_device = device_of_context(to_context), from_device = device_of_context(from_context);
  if (!valid_device(to_device) || !valid_device(from_device)) return invalid_context;
  finish_copies();
  char* target = own_on(to_device, to, bytes);
  const char* source = own_on(from_device, from, bytes);
  if (target == nullptr || source == nullptr) return invalid_value;
  std::memmove(target, source, bytes);
  const bool direct = directly_accessible(to_device, from);
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.peer_bytes += bytes;
  if (direct) g.direct_peer_bytes += bytes;
  return success;
}

CUresult cuMemsetD8_v2(CUdeviceptr to, unsigned char value, std::size_t bytes) {
  if (const CUresult r = ready(true); r != success) return r;
  finish_copies();
  char* target = own(to, bytes);
  if (target == nullptr) return invalid_value;
  std::memset(target, value, bytes);
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.cleared_bytes += bytes;
  return success;
}

CUresult cuStreamCreate(void** stream, unsigned flags) {
  if (const CUresult r = ready(true); r != success) return r;
  if (flags > 1) return invalid_value;  // CU_STREAM_DEFAULT or CU_STREAM_NON_BLOCKING
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  *stream = *g.streams.insert(new fake_stream).first;
  return success;
}

CUresult cuStreamDestroy_v2(void* stream) {
  if (stream == nullptr || !known(stream)) return invalid_handle;
  // The driver finishes a destroyed stream's work; its failures are the context's.
  auto* s = static_cast<fake_stream*>(stream);
  run_queued(*s);
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.streams.erase(s);
  delete s;
  return success;
}

CUresult cuStreamSynchronize(void* stream) {
  if (!known(stream)) return invalid_handle;
  const CUresult launched = stream != nullptr ? run_queued(*static_cast<fake_stream*>(stream)) : success;
  finish_copies();
  synchronised();
  return launched != success ? launched : ready(true);
}

CUresult cuEventCreate(void** event, unsigned) {
  if (const CUresult r = ready(true); r != success) return r;
  *event = new fake_event;
  return success;
}

CUresult cuEventDestroy_v2(void* event) {
  delete static_cast<fake_event*>(event);
  return success;
}

CUresult cuEventRecord(void* event, void*) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  static_cast<fake_event*>(event)->after_copies = g.pinned_copies;
  return success;
}

CUresult cuEventSynchronize(void* event) {
  finish_copies_through(static_cast<fake_event*>(event)->after_copies);
  synchronised();
  return ready(true);
}

CUresult cuModuleLoadDataEx(void** module, const void* image, unsigned, int*, void**) {
  if (const CUresult r = ready(true); r != success) return r;
  const std::string ptx = static_cast<const char*>(image);
  if (ptx.find(".version") == std::string::npos || ptx.find(".target") == std::string::npos) return invalid_ptx;
  *module = new fake_module{ptx, {}};
  return success;
}

CUresult cuModuleUnload(void* module) {
  delete static_cast<fake_module*>(module);
  return success;
}

CUresult cuModuleGetFunction(void** function, void* module, const char* name) {
  if (const CUresult r = ready(true); r != success) return r;
  fake_module& m = *static_cast<fake_module*>(module);
  if (m.ptx.find(std::string(".entry ") + name + "(") == std::string::npos) return not_found;
  *function = &m.functions.try_emplace(name, name).first->second;
  return success;
}

CUresult cuLaunchKernel(void* function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared_bytes, void* stream, void** parameters, void** extra) {
  if (const CUresult r = ready(true); r != success) return r;
  finish_copies();
  if (function == nullptr || gx * gy * gz == 0 || bx * by * bz == 0) return invalid_value;
  if (bx * by * bz > 1024 || shared_bytes > 48 * 1024 || parameters != nullptr) return invalid_value;
  // A grid's and a block's limits along each dimension, on every GPU CUDA 13 supports.
  if (gx > 0x7fffffffu || gy > 65535 || gz > 65535 || bx > 1024 || by > 1024 || bz > 64) return invalid_value;
  const void* bytes = nullptr;
  std::size_t size = 0;
  for (void** e = extra; e != nullptr && *e != nullptr; e += 2) {
    if (*e == reinterpret_cast<void*>(1)) bytes = e[1];
    else if (*e == reinterpret_cast<void*>(2)) size = *static_cast<std::size_t*>(e[1]);
    else return invalid_value;
  }
  if (!known(stream)) return invalid_handle;
  const auto& name = *static_cast<const std::string*>(function);
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  if (stream == nullptr) return play(name, grid, block, bytes, size, nullptr);
  const auto* from = static_cast<const unsigned char*>(bytes);
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  static_cast<fake_stream*>(stream)->queued.push_back(
      {&name, {gx, gy, gz}, {bx, by, bz}, std::vector<unsigned char>(from, from + size)});
  return success;
}

void ample_fake_cuda_fail_next(int result) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.fail_next = result;
}

void ample_fake_cuda_set_compute_mode(int mode) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.compute_mode = mode;
}

void ample_fake_cuda_set_launch_hook(ample_fake_cuda_launch_hook hook, void* context) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  g.hook = hook;
  g.hook_context = context;
}

std::size_t ample_fake_cuda_allocated_bytes(void) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  std::size_t total = 0;
  for (const auto& a : g.allocations) total += a.second.bytes;
  return total;
}

std::size_t ample_fake_cuda_reserved_bytes(void) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  std::size_t free = 0;
  for (const auto& range : g.free_ranges) free += range.second;
  return memory_bytes - alignment - free;
}

std::size_t ample_fake_cuda_pinned_copies(void) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  return g.pinned_copies;
}

std::size_t ample_fake_cuda_peer_bytes(int direct) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  return direct != 0 ? g.direct_peer_bytes : g.peer_bytes;
}

std::size_t ample_fake_cuda_cleared_bytes(void) {
  fake_gpu& g = gpu();
  std::lock_guard lock(g.mutex);
  return g.cleared_bytes;
}

}  // extern "C"
