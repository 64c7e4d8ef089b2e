// launch_with_data_model(): a launch on a device with queues or memory of its own (REF, GPUs), or
// while some buffer has a copy beyond host memory, for every kernel type (detail/launch.hpp).
#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>

#include "ample/detail/array_images.hpp"
#include "ample/detail/capture_recorder.hpp"
#include "ample/detail/command_queue.hpp"
#include "ample/detail/in_kernel.hpp"
#include "ample/detail/launch.hpp"

namespace ample::detail {
namespace {

/// room is memory for an object whose size and alignment are known at run time: `local_bytes`
/// of its own where the object fits, else the heap. A queued launch keeps its kernel and domain
/// in the one allocation that holds the launch (make_shared), as it did when the launch's type
/// was the kernel's: a launch on a queue cost 0.4 us more (of 6) with an allocation for each.
template <std::size_t local_bytes>
class room {
 public:
  room(std::size_t bytes, std::size_t alignment)
      : alignment_(alignment),
        on_heap_(bytes > local_bytes || alignment > alignof(std::max_align_t)),
        address_(on_heap_ ? ::operator new(bytes, std::align_val_t(alignment)) : static_cast<void*>(local_)) {}
  room(const room&) = delete;
  room& operator=(const room&) = delete;
  ~room() {
    if (on_heap_) ::operator delete(address_, std::align_val_t(alignment_));
  }

  void* address() const noexcept { return address_; }

 private:
  alignas(std::max_align_t) std::byte local_[local_bytes];
  std::size_t alignment_;
  bool on_heap_;
  void* address_;
};

/// kernel_copy is a copy of a kernel of the type a launch_ops describes. A launch makes it while
/// a capture_recorder is active, which finds the kernel's views.
class kernel_copy {
 public:
  kernel_copy(const launch_ops& ops, const void* kernel) : ops_(ops), room_(ops.kernel_bytes, ops.kernel_alignment) {
    ops.copy(room_.address(), kernel);
  }
  kernel_copy(const kernel_copy&) = delete;
  kernel_copy& operator=(const kernel_copy&) = delete;
  ~kernel_copy() { ops_.destroy(room_.address()); }

  void* object() const noexcept { return room_.address(); }
  const launch_ops& ops() const noexcept { return ops_; }

 private:
  const launch_ops& ops_;
  room<256> room_;
};

/// queued_launch is a launch on a queue, kept until its kernel has run: the copy of the kernel
/// that runs, its domain, and the recorder holding its regions. The recorder comes last, so
/// that it goes first: its regions are released before the kernel's views, whose last one
/// may write a buffer back and would wait for them (capture_recorder.hpp).
class queued_launch : public command {
 public:
  queued_launch(const device* space, const launch_request& request)
      : domain(request.domain_bytes, alignof(std::max_align_t)), recorder(space) {
    std::memcpy(domain.address(), request.domain, request.domain_bytes);
  }
  void failed(const std::shared_ptr<command_failure>& failure) override { recorder.fail(failure); }

  room<64> domain;
  std::optional<kernel_copy> kernel;
  capture_recorder recorder;
};

/// engine_launch runs its kernel on a device's CPU engine (REF's), over the device's memory.
class engine_launch final : public queued_launch {
 public:
  engine_launch(const device& dev, const launch_request& request)
      : queued_launch(memory_space(dev), request), dev_(dev) {}
  void run() override {
    recorder.wait_for_earlier_uses();
    kernel->ops().run(dev_, domain.address(), kernel->object());
  }

 private:
  const device& dev_;
};

/// gpu_launch runs its kernel's device code on a GPU.
class gpu_launch final : public queued_launch {
 public:
  gpu_launch(const device& dev, const launch_request& request, const gpu_kernel& code)
      : queued_launch(&dev, request), dev_(dev), code_(code), grid_(request.grid), extent_(request.extent),
        tiled_(request.tiled) {}
  void run() override {
    recorder.wait_for_earlier_uses();
    run_gpu_kernel(dev_, code_, kernel->object(), kernel->ops().kernel_bytes, tiled_ ? nullptr : extent_.data(),
                   grid_);
  }

 private:
  const device& dev_;
  const gpu_kernel& code_;
  const gpu_grid grid_;
  const std::array<std::int32_t, 3> extent_;
  const bool tiled_;
};

/// no_device_code() says why a kernel without device code has none.
std::string no_device_code(const launch_request& request) {
  if (!request.gpu_kernels)
    return "the program was not compiled for GPUs (Clang with Ample's plugin, without AMPLE_NO_GPU_KERNELS)";
  if (!request.tiled && request.grid_rank == 0)
    return "its extent has rank " + std::to_string(request.rank) + ", and a GPU grid has at most 3 dimensions";
  return "the device-code pass kept it CPU-only (its remark at compile time says why)";
}

/// run_with_host_memory() runs the program's kernel at once on `dev`'s CPU engine, over host
/// memory: a copy, under a recorder, finds its views, and the arrays in REF's or a GPU's
/// memory that it reaches by reference, which are made current there. The recorder holds
/// their regions until the kernel has run.
void run_with_host_memory(const device& dev, const launch_request& request) {
  capture_recorder recorder(nullptr);
  recorder.start();
  const kernel_copy recorded(*request.ops, request.kernel);
  recorder.find_arrays(recorded.object(), request.ops->kernel_bytes);
  recorder.make_current();
  request.ops->run(dev, request.domain, request.kernel);
}

/// launch_on_gpu() runs a kernel on the GPU behind `view`: queued, on the GPU's copies of its
/// views and arrays, where the kernel has device code and every pointer that code reads is a
/// view's or an array's on this GPU; otherwise at once on the CPU engine over host memory
/// (the views and every array in a GPU's memory made current there), saying so once per
/// kernel.
void launch_on_gpu(const view_state& view, const launch_request& request) {
  const device& dev = *view.dev;
  const launch_ops& ops = *request.ops;
  std::string why;
  const gpu_kernel* code = gpu_kernel_for(dev, request.entry);
  const gpu_grid grid = request.grid;
  if (code && !fits_cuda_grid(grid)) {
    why = "its domain needs " + std::to_string(grid.blocks[0]) + " x " + std::to_string(grid.blocks[1]) + " x " +
          std::to_string(grid.blocks[2]) + " blocks (x, y, z), more than a CUDA grid holds (" +
          std::to_string(max_grid_blocks_x) + " along x, " + std::to_string(max_grid_blocks_yz) + " along y and z)";
  } else if (code) {
    auto work = std::make_unique<gpu_launch>(dev, request, *code);
    work->recorder.start();
    work->kernel.emplace(ops, request.kernel);
    work->recorder.stop();
    const long foreign = work->recorder.place_pointers(work->kernel->object(), ops.kernel_bytes,
                                                       pointer_offsets(*code), pointer_count(*code));
    if (foreign < 0) {
      work->recorder.make_current(view.commands.get());
      view.commands->post(std::move(work));
      return;
    }
    why = "its device code reads a pointer at byte " + std::to_string(foreign) +
          " of the kernel object that is no view's, nor an array's or texture's on this GPU (an array or texture on "
          "another accelerator, or a raw pointer), a host address the GPU cannot reach";
  } else {
    why = no_device_code(request);
  }
  announce_cpu_fallback(dev, ops.kernel_name, why);
  // The CPU engine reads the host copies of arrays and textures, and which of them the kernel
  // reaches is unknown. First, before the recorder holds the regions of the kernel's views,
  // some of which may be over those same buffers: host access waits for held uses to end.
  for (const std::shared_ptr<buffer>& storage : enlisted_storage())
    storage->host_access(concurrency::access_type_read_write);
  run_with_host_memory(dev, request);
}

/// selected_view() is where a launch on an auto-selection view runs (parallel_for_each
/// without a view, or on accelerator::get_auto_selection_view()), as C++ AMP's automatic
/// selection picks it: the accelerator_view of the data the kernel captures, its arrays and
/// textures (found by address: views_of_arrays_reached()) and its views of them (found by a
/// copy under a recorder), else the default view of `requested`'s device, the default
/// accelerator. Views over host memory, and arrays staging on the cpu accelerator, name no
/// view. Where the data names several, which C++ AMP forbids, the launch runs on the
/// default view too: arrays are found by address, and a word of the kernel object that only
/// looks like a reference must not fail a launch, while data of other views is made current
/// where the kernel runs anyway (docs/design/data-model.md, "Arrays of other accelerators").
std::shared_ptr<view_state> selected_view(const view_state& requested, const launch_request& request) {
  capture_recorder probe(nullptr);
  probe.start();
  const kernel_copy copy(*request.ops, request.kernel);
  probe.stop();
  std::shared_ptr<view_state> selected;
  bool several = false;
  const auto name = [&](const std::shared_ptr<view_state>& owner) {
    if (owner->dev->backend == backend_id::host) return;
    // Data made on the auto-selection view itself lives with the default view's device.
    const std::shared_ptr<view_state>& view = owner->is_auto_selection ? owner->dev->default_view : owner;
    several = several || (selected != nullptr && selected != view);
    selected = view;
  };
  for (const capture_recorder::capture& c : probe.captures())
    if (c.storage->has_data_source()) name(c.storage->owner());
  for (const std::shared_ptr<view_state>& owner : views_of_arrays_reached(copy.object(), request.ops->kernel_bytes))
    name(owner);
  return selected != nullptr && !several ? selected : requested.dev->default_view;
}

}  // namespace

void launch_with_data_model(const view_state& view, const launch_request& request) {
  if (view.is_auto_selection) {
    const std::shared_ptr<view_state> selected = selected_view(view, request);
    return launch_with_data_model(*selected, request);
  }
  if (view.dev->backend == backend_id::host)
    AMPLE_THROW(concurrency::runtime_exception,
                "parallel_for_each is not supported on the selected accelerator (\"cpu\": accelerator::cpu_accelerator "
                "holds host memory only); run kernels on the default accelerator",
                concurrency::error_code::e_invalidarg);
  // Refused here, before the recorder takes command_queue::preparation(): a launch holding it
  // may be waiting for the queued kernel making this call (capture_recorder::make_current()),
  // and a queued launch must not wait for its own queue.
  if (in_kernel)
    AMPLE_THROW(concurrency::runtime_exception,
                "parallel_for_each called from inside a kernel; kernels cannot launch or reconfigure the engine",
                concurrency::error_code::e_fail);
  if (view.dev->backend == backend_id::cuda) return launch_on_gpu(view, request);
  if (view.commands != nullptr) {
    auto work = std::make_unique<engine_launch>(*view.dev, request);
    work->recorder.start();
    work->kernel.emplace(*request.ops, request.kernel);
    if (work->recorder.find_arrays(work->kernel->object(), request.ops->kernel_bytes)) {
      // A REF kernel reaching an array in host memory or in a GPU's cannot run queued: host
      // access to an array in host memory waits for nothing (array.hpp), and a GPU's array is
      // current in host memory only until the GPU's next kernel. So it runs at once over host
      // memory, after the commands of its queue, as a CPU-engine kernel does. (C++ AMP has a
      // kernel use arrays of its own accelerator_view only. Ample does not refuse the others:
      // it finds arrays by address, and a word of the kernel object that is no reference may
      // hold an array's address too.) The copy goes first, and its recorder, still active.
      work.reset();
      view.commands->marker().wait();
      return run_with_host_memory(*view.dev, request);
    }
    work->recorder.make_current(view.commands.get());
    view.commands->post(std::move(work));
    return;
  }
  // A device without a queue addresses host memory; the copy only finds the views.
  run_with_host_memory(*view.dev, request);
}

}  // namespace ample::detail
