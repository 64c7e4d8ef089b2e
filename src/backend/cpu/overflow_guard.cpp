// overflow_guard: SIGSEGV in a guard page → "work-item stack overflow" and the setting to change.
#include "overflow_guard.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace ample::detail::cpu {
namespace {

/// watched is one registered stack region. The signal handler reads these without locks, so
/// each field is atomic and `begin` is written last (release) and cleared first.
struct watched {
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
  std::atomic<std::size_t> slot{0};
  std::atomic<std::size_t> guard{0};
  std::atomic<std::size_t> stack{0};
};

constexpr int max_regions = 1024;
watched regions[max_regions];
std::mutex registration_mutex;
struct sigaction previous_action;

/// format_decimal() writes n in decimal; async-signal-safe.
std::size_t format_decimal(std::size_t n, char* out) {
  char tmp[24];
  std::size_t len = 0;
  do {
    tmp[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n != 0);
  for (std::size_t i = 0; i < len; ++i) out[i] = tmp[len - 1 - i];
  return len;
}

void say(const char* s) { [[maybe_unused]] auto r = write(STDERR_FILENO, s, std::strlen(s)); }

void on_segv(int sig, siginfo_t* info, void* context) {
  const auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (watched& w : regions) {
    const std::uintptr_t begin = w.begin.load(std::memory_order_acquire);
    if (begin == 0 || addr < begin || addr >= w.end.load(std::memory_order_relaxed)) continue;
    if ((addr - begin) % w.slot.load(std::memory_order_relaxed) >= w.guard.load(std::memory_order_relaxed)) continue;
    char size[24];
    size[format_decimal(w.stack.load(std::memory_order_relaxed), size)] = '\0';
    say("\nample: a work-item of a tiled kernel overflowed its fiber stack of ");
    say(size);
    say(" bytes.\nample: raise the work-item stack size with the environment variable AMPLE_STACK_SIZE "
        "(e.g. AMPLE_STACK_SIZE=1M) or ample::set_work_item_stack_size().\n");
    signal(SIGSEGV, SIG_DFL);  // returning re-executes the access, which now ends the process
    return;
  }
  // Not ours: hand the fault to whoever handled SIGSEGV before us.
  if (previous_action.sa_flags & SA_SIGINFO) {
    previous_action.sa_sigaction(sig, info, context);
  } else if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(sig);
  } else {
    signal(SIGSEGV, SIG_DFL);
  }
}

void install_handler() {
  struct sigaction action {};
  action.sa_sigaction = &on_segv;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previous_action);
}

/// alternate_stack gives each thread that runs fibers a signal stack: the overflowing stack
/// itself cannot host the handler. A thread that already has one keeps it.
struct alternate_stack {
  void* memory = nullptr;
  std::size_t bytes = 0;

  alternate_stack() {
    stack_t current{};
    if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    bytes = 64 * 1024;
    memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      memory = nullptr;
      return;
    }
    stack_t s{};
    s.ss_sp = memory;
    s.ss_size = bytes;
    sigaltstack(&s, nullptr);
  }
  ~alternate_stack() {
    if (memory == nullptr) return;
    stack_t s{};
    s.ss_flags = SS_DISABLE;
    sigaltstack(&s, nullptr);
    munmap(memory, bytes);
  }
};

}  // namespace

int watch_stacks(char* base, std::size_t count, std::size_t slot_bytes, std::size_t guard_bytes,
                 std::size_t stack_bytes) {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  thread_local alternate_stack signal_stack;

  std::lock_guard lock(registration_mutex);
  for (int i = 0; i < max_regions; ++i) {
    watched& w = regions[i];
    if (w.begin.load(std::memory_order_relaxed) != 0) continue;
    w.end.store(reinterpret_cast<std::uintptr_t>(base + count * slot_bytes), std::memory_order_relaxed);
    w.slot.store(slot_bytes, std::memory_order_relaxed);
    w.guard.store(guard_bytes, std::memory_order_relaxed);
    w.stack.store(stack_bytes, std::memory_order_relaxed);
    w.begin.store(reinterpret_cast<std::uintptr_t>(base), std::memory_order_release);
    return i;
  }
  return -1;  // table full: the stacks still have guard pages, only the message is lost
}

void unwatch_stacks(int id) noexcept {
  if (id < 0) return;
  std::lock_guard lock(registration_mutex);
  regions[id].begin.store(0, std::memory_order_release);
}

}  // namespace ample::detail::cpu
