// one_launch: the probe's launch once more, between two stores that pages_touched.py finds
// in valgrind's trace (`valgrind --tool=lackey --trace-mem=yes --log-file=trace.log`); the
// program prints their addresses. Built as after_idle_probe.cpp; run with AMPLE_NUM_THREADS=1.
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

volatile long launch_begins, launch_ends;

__attribute__((noinline)) void launch(array_view<int, 1>& all) {
  parallel_for_each(all.extent, [=](concurrency::index<1> i) restrict(amp) { all[i] += 1; });
}

int main() {
  std::vector<int> host(ample::thread_count(), 0);
  array_view<int, 1> all(static_cast<int>(host.size()), host);
  launch(all);  // first-use work (default device, engine) out of the way
  launch(all);
  std::printf("%p %p\n", static_cast<void*>(const_cast<long*>(&launch_begins)),
              static_cast<void*>(const_cast<long*>(&launch_ends)));
  launch_begins = 1;
  launch(all);
  launch_ends = 1;
}
