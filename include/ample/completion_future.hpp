// completion_future: the handle of an asynchronous operation (SPEC §4.6).
#pragma once

#include <chrono>
#include <future>
#include <thread>
#include <utility>

#include "config.hpp"

namespace Concurrency {

/// completion_future tells when an asynchronous copy or marker has finished. It is a thin
/// layer over std::shared_future<void>, to which it converts.
class completion_future {
 public:
  completion_future() noexcept = default;
  explicit completion_future(std::shared_future<void> f) noexcept : future_(std::move(f)) {}

  /// get() waits for completion and rethrows any error of the operation.
  void get() const { future_.get(); }
  /// valid() tells whether this object refers to an operation.
  bool valid() const noexcept { return future_.valid(); }
  /// is_ready() tells, without waiting, whether the operation has completed (HCC's extension).
  bool is_ready() const {
    return future_.valid() && future_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  void wait() const { future_.wait(); }
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period>& d) const {
    return future_.wait_for(d);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration>& t) const {
    return future_.wait_until(t);
  }
  operator std::shared_future<void>() const { return future_; }

  /// then() runs `func` once the operation has completed: at once if it already has,
  /// otherwise on a helper thread that waits for it.
  template <class Functor>
  void then(const Functor& func) const {
    if (!future_.valid()) return;
    if (future_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
      func();
      return;
    }
    std::thread([f = future_, func] { f.wait(); func(); }).detach();
  }

 private:
  std::shared_future<void> future_;
};


}  // namespace Concurrency

namespace ample::detail {

/// ready_future() returns a completion_future that has already completed.
inline concurrency::completion_future ready_future() {
  std::promise<void> p;
  p.set_value();
  return concurrency::completion_future(p.get_future().share());
}

/// run_on_host_thread() runs `work` on a thread of its own and returns the future of its
/// completion, which carries its exception: synchronize_async() and synchronize_to_async(),
/// whose copies may wait for queued commands.
template <class Work>
concurrency::completion_future run_on_host_thread(Work work) {
  std::promise<void> done;
  concurrency::completion_future f(done.get_future().share());
  std::thread([done = std::move(done), work = std::move(work)]() mutable {
    try {
      work();
      done.set_value();
    } catch (...) {
      done.set_exception(std::current_exception());
    }
  }).detach();
  return f;
}

}  // namespace ample::detail
