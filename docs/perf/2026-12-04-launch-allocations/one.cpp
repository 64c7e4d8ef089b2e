// A backtrace of each allocation of one launch: gdb -q -batch -x gdbcmds ./one (the 20th of 20).
#include "probe.hpp"

volatile int counting = 0;  // gdbcmds' breakpoint condition
extern "C" __attribute__((noinline)) void mark(int on) {
  counting = on;
  asm volatile("" ::: "memory");
}

int main() {
  concurrency::accelerator_view v = probe::gpu_view();
  const probe::transpose t;
  for (int r = 0; r < 20; ++r) {
    if (r == 19) mark(1);
    t.launch(v);
    v.wait();
    if (r == 19) mark(0);
  }
}
