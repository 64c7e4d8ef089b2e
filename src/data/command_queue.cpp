// command_queue: a thread that runs one accelerator_view's commands in order (command_queue.hpp).
#include "ample/detail/command_queue.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <future>
#include <mutex>
#include <optional>

#include "polling.hpp"

namespace ample::detail {
namespace {

thread_local bool queue_thread = false;

/// How long the queue's thread, out of commands, polls for the next before it sleeps. Waking
/// a sleeping thread cost more than a whole GPU launch on the H200 machine
/// (docs/perf/2026-11-29-gpu-check.md: an empty launch and its wait took 37 us through two
/// sleeps, 9 us raw); a program that launches in a loop finds the thread still polling, and
/// an idle queue costs at most this much of a core after its last command.
constexpr auto queue_polls_for = std::chrono::microseconds(100);

/// function_command is a command made of two functions (submit()).
class function_command final : public command {
 public:
  function_command(std::function<void()> run, std::function<void(const std::shared_ptr<command_failure>&)> failed)
      : run_(std::move(run)), failed_(std::move(failed)) {}
  void run() override { run_(); }
  void failed(const std::shared_ptr<command_failure>& failure) override {
    if (failed_) failed_(failure);
  }

 private:
  std::function<void()> run_;
  std::function<void(const std::shared_ptr<command_failure>&)> failed_;
};

}  // namespace

void pending_commands::wait_for_the_last() const {
  const auto none = [&] { return count_.load(std::memory_order_acquire) == 0; };
  if (poll_until(waiter_polls_for, none)) return;
  std::unique_lock lock(mutex_);
  none_left_.wait(lock, none);
}

struct command_queue::shared_state {
  /// entry is a queued command (none for a marker) and the promise of its completion, where a
  /// future was asked for.
  struct entry {
    std::unique_ptr<command> work;
    std::optional<std::promise<void>> done;
  };

  explicit shared_state(const device& d) : dev(d) {}

  /// push() queues `e`; called with `mutex` held.
  void push(entry e) {
    queued.push_back(std::move(e));
    queued_count.fetch_add(1, std::memory_order_release);
    unfinished.fetch_add(1, std::memory_order_release);
    dev.pending.add();
  }
  /// report_failure() rethrows the first failure not reported yet; called with `mutex` held.
  void report_failure() {
    if (failure == nullptr) return;
    failure_waiting.store(false, std::memory_order_relaxed);
    std::shared_ptr<command_failure> f = std::move(failure);
    f->rethrow_once();
  }
  void run_commands();

  const device& dev;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<entry> queued;
  /// The number of commands queued and not yet taken, and the number queued or running: both
  /// change under `mutex`, and are atomic for poll_until(), which reads them without it.
  std::atomic<std::size_t> queued_count{0}, unfinished{0};
  bool stopping = false;
  std::shared_ptr<command_failure> failure;  ///< the first failure not reported yet
  /// Whether `failure` is set: changed under `mutex`, and read without it by wait(), which
  /// then needs the lock only to report one. Set before `unfinished` counts the failed
  /// command out, so that a waiter that sees the count sees the failure too.
  std::atomic<bool> failure_waiting{false};
};

void command_queue::shared_state::run_commands() {
  queue_thread = true;
  std::unique_lock lock(mutex);
  for (;;) {
    if (queued.empty() && !stopping) {
      lock.unlock();
      poll_until(queue_polls_for, [&] { return queued_count.load(std::memory_order_acquire) != 0; });
      lock.lock();
    }
    changed.wait(lock, [&] { return stopping || !queued.empty(); });
    if (queued.empty()) return;  // stopping, with nothing left to run
    entry e = std::move(queued.front());
    queued.pop_front();
    queued_count.fetch_sub(1, std::memory_order_relaxed);
    lock.unlock();
    std::exception_ptr error;
    std::shared_ptr<command_failure> failed;
    if (e.work != nullptr) {
      try {
        e.work->run();
      } catch (...) {
        error = std::current_exception();
      }
      if (error != nullptr) {
        failed = std::make_shared<command_failure>(error);
        e.work->failed(failed);
      }
      // The command goes before its completion: it holds the regions it uses
      // (buffer::acquire), which host access and other queues may be waiting for.
      e.work.reset();
    }
    if (e.done) {
      if (error != nullptr)
        e.done->set_exception(error);
      else
        e.done->set_value();
    }
    dev.pending.remove();
    lock.lock();
    if (failed != nullptr && failure == nullptr) {
      failure = std::move(failed);
      failure_waiting.store(true, std::memory_order_relaxed);
    }
    unfinished.fetch_sub(1, std::memory_order_release);
    changed.notify_all();
  }
}

command_queue::command_queue(const device& dev) : state_(std::make_shared<shared_state>(dev)) {}

command_queue::~command_queue() {
  {
    std::lock_guard lock(state_->mutex);
    state_->stopping = true;
  }
  state_->changed.notify_all();
  if (thread_.joinable()) {
    if (thread_.get_id() == std::this_thread::get_id())
      thread_.detach();  // it finishes the queue on its share of the state
    else
      thread_.join();
  }
  std::lock_guard lock(state_->mutex);
  if (state_->failure != nullptr && !state_->failure->reported()) {
    try {
      state_->report_failure();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ample: a command of an accelerator_view failed and nothing reported it: %s\n", e.what());
    } catch (...) {
      std::fprintf(stderr, "ample: a command of an accelerator_view failed and nothing reported it\n");
    }
  }
}

bool command_queue::on_queue_thread() noexcept { return queue_thread; }

std::mutex& command_queue::preparation() noexcept {
  static std::mutex m;
  return m;
}

concurrency::completion_future command_queue::submit(
    std::function<void()> run, std::function<void(const std::shared_ptr<command_failure>&)> failed) {
  std::promise<void> done;
  concurrency::completion_future f(done.get_future().share());
  enqueue(std::make_unique<function_command>(std::move(run), std::move(failed)), std::move(done));
  return f;
}

void command_queue::post(std::unique_ptr<command> c) { enqueue(std::move(c), std::nullopt); }

void command_queue::enqueue(std::unique_ptr<command> c, std::optional<std::promise<void>> done) {
  std::unique_lock lock(state_->mutex);
  state_->report_failure();
  state_->push({std::move(c), std::move(done)});
  if (!thread_.joinable()) thread_ = std::thread([state = state_] { state->run_commands(); });
  lock.unlock();
  state_->changed.notify_all();
}

void command_queue::wait() {
  // Without the queue's lock where nothing failed: the queue's thread takes it as a command
  // ends, and a waiter that took it then would sleep on it.
  if (poll_until(waiter_polls_for, [&] { return state_->unfinished.load(std::memory_order_acquire) == 0; }) &&
      !state_->failure_waiting.load(std::memory_order_acquire))
    return;
  std::unique_lock lock(state_->mutex);
  state_->changed.wait(lock, [&] { return state_->unfinished == 0; });
  state_->report_failure();
}

concurrency::completion_future command_queue::marker() {
  std::promise<void> reached;
  concurrency::completion_future f(reached.get_future().share());
  std::unique_lock lock(state_->mutex);
  if (state_->unfinished == 0) {
    reached.set_value();
    return f;
  }
  // A marker is a command that does nothing: it completes after everything before it. It
  // neither reports nor carries an earlier command's failure.
  state_->push({nullptr, std::move(reached)});
  lock.unlock();
  state_->changed.notify_all();
  return f;
}

}  // namespace ample::detail
