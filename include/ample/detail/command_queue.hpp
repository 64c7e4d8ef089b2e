// command_queue: the commands of one accelerator_view, run in submission order.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "../completion_future.hpp"
#include "../config.hpp"
#include "device.hpp"

namespace ample::detail {

/// command_failure is the exception of a command that failed, shared by everything that may
/// report it: the queue (accelerator_view::wait(), the next command submitted to it) and the
/// buffers the command used (their next synchronize() or copy()). The first of them to report
/// it rethrows it; the others then say nothing, so that one failure is reported once.
class command_failure {
 public:
  explicit command_failure(std::exception_ptr error) noexcept : error_(std::move(error)) {}
  /// rethrow_once() rethrows the exception unless it has been reported already.
  void rethrow_once() {
    if (!reported_.exchange(true)) std::rethrow_exception(error_);
  }
  bool reported() const noexcept { return reported_.load(); }

 private:
  std::exception_ptr error_;
  std::atomic<bool> reported_{false};
};

/// command is work for a command_queue's thread, one object holding all it needs, so that a
/// launch costs one allocation for its whole state. The queue destroys it when it has run,
/// before the command counts as completed (its state holds the regions the command uses,
/// which host access and other queues may be waiting for).
class command {
 public:
  command() = default;
  command(const command&) = delete;
  command& operator=(const command&) = delete;
  virtual ~command() = default;

  /// run() does the work; what it throws is the command's failure.
  virtual void run() = 0;
  /// failed() receives that failure, for the buffers the command used, before the command is
  /// destroyed.
  virtual void failed(const std::shared_ptr<command_failure>&) {}
};

/// command_queue runs the commands of an accelerator_view of a device with memory of its own
/// (REF) on a thread of its own, one after another in submission order, while the host goes
/// on: parallel_for_each and copy_async return once their command is queued.
///
/// What lets commands run later without deadlock or stale data (docs/design/data-model.md):
/// everything a command needs from the coherence of its buffers is settled when it is
/// submitted (the copies into the device's memory made, the regions it reads and writes
/// registered with their buffers: buffer::acquire's `use`), so a queued command waits for
/// nothing but commands prepared before it (a launch or copy using data that another queue's
/// kernels use waits for them where it runs: buffer::hold_queued()). Whatever waits for a command
/// (host access to its data, another queue's command touching the same bytes, wait())
/// therefore waits for something that ends.
///
/// Both queuing modes send a command to the queue's thread as soon as it is submitted, which
/// Microsoft's queuing_mode_automatic allows ("the runtime decides when") and
/// queuing_mode_immediate requires; flush() thus has nothing left to send.
class command_queue {
 public:
  /// The queue's commands count in `dev`'s pending_commands while they are unfinished.
  explicit command_queue(const device& dev);
  command_queue(const command_queue&) = delete;
  command_queue& operator=(const command_queue&) = delete;
  /// The destructor runs what is queued, then ends the thread. A failure nobody reported is
  /// written to stderr: it must not vanish.
  ~command_queue();

  /// submit() queues `run` and returns the future of its completion, which carries its
  /// exception if it throws; `failed` then receives the failure, for the buffers the command
  /// used, before the command's state (and its hold on those buffers) is destroyed. Before
  /// queuing, submit() reports (rethrows) the failure of an earlier command that nothing has
  /// reported yet, as Microsoft's runtime refuses new work on a view whose device failed.
  concurrency::completion_future submit(std::function<void()> run,
                                        std::function<void(const std::shared_ptr<command_failure>&)> failed = {});
  /// post() is submit() for a command whose completion nothing waits on but the queue
  /// (parallel_for_each returns nothing): no future, and no allocation beyond the command's.
  void post(std::unique_ptr<command> c);
  /// wait() returns when every command submitted so far has completed, and reports the first
  /// failure among them not reported yet.
  void wait();
  /// marker() is a future that completes when every command submitted so far has.
  concurrency::completion_future marker();
  /// on_queue_thread() is true on the thread of any command_queue: code that would wait for
  /// queued commands must not wait there for the command it is part of.
  static bool on_queue_thread() noexcept;
  /// preparation() is held while a command takes its regions (a launch's capture_recorder, a
  /// copy's held_regions). A command holds its first regions while it takes the next, and may
  /// wait there for other commands' regions; were two commands preparing at once, each could
  /// wait for the other. One at a time, a preparing command waits only for commands already
  /// prepared, which run to their end without waiting.
  static std::mutex& preparation() noexcept;

 private:
  struct shared_state;

  /// enqueue() queues `c`, with the promise of its completion where a future was asked for,
  /// after reporting an earlier failure nothing has reported (submit()).
  void enqueue(std::unique_ptr<command> c, std::optional<std::promise<void>> done);

  /// state_ is what the queue's thread uses; the thread holds a share, so that a queue
  /// destroyed by its own thread (a command held the last accelerator_view over it) leaves
  /// the thread running its remaining commands on live state.
  std::shared_ptr<shared_state> state_;
  std::thread thread_;  ///< started by the first submit(), under state_'s mutex
};

}  // namespace ample::detail
