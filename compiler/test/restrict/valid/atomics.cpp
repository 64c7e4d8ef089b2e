// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: the atomic functions on int, unsigned int and float (exchange only) elements
// of array_views and arrays, on tile_static ints, through local pointers and from helpers.
#include <amp.h>

#include <vector>

using namespace concurrency;

namespace atomics {

static const int TS = 8;

// An amp helper taking the address it updates.
int bump(int* counter, int by) restrict(amp) { return atomic_fetch_add(counter, by); }
unsigned int bump_unsigned(unsigned int& counter) restrict(amp) { return atomic_fetch_inc(&counter); }

}  // namespace atomics

using namespace atomics;

int main() {
  const int n = 64;

  // ---- int elements of an array_view: every operation -----------------------------------
  std::vector<int> counters(12, 0);
  counters[4] = 1000;  // min
  counters[5] = -1;    // and
  counters[8] = 7;     // compare_exchange expects 7
  array_view<int, 1> c(12, counters);
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    atomic_fetch_add(&c[0], 2);
    atomic_fetch_sub(&c[1], 1);
    atomic_fetch_inc(&c[2]);
    atomic_fetch_max(&c[3], i);
    atomic_fetch_min(&c[4], i);
    atomic_fetch_and(&c[5], ~(1 << (i % 8)));
    atomic_fetch_or(&c[6], 1 << (i % 8));
    atomic_fetch_xor(&c[7], i == 3 ? 5 : 0);
    int expected = 7;
    atomic_compare_exchange(&c[8], &expected, 9);  // one work-item wins
    atomic_exchange(&c[9], 42);
    atomic_fetch_dec(&c[10]);
    int* p = &c[11];
    bump(p, 1);
  });
  c.synchronize();
  const int want[12] = {2 * n, -n, n, n - 1, 0, ~0xFF, 0xFF, 5, 9, 42, -n, n};
  for (int k = 0; k < 12; ++k)
    if (counters[k] != want[k]) return 1;

  // ---- unsigned int elements, float exchange, arrays by reference ------------------------
  std::vector<unsigned int> uc(10, 0u);
  uc[4] = 0xFFFFFFFFu;
  uc[3] = 1000u;
  uc[7] = 3u;
  array_view<unsigned int, 1> u(10, uc);
  std::vector<float> fc(1, 0.0f);
  array_view<float, 1> fv(1, fc);
  array<int, 1> hist(4);
  parallel_for_each(hist.extent, [&hist](index<1> i) restrict(amp) { hist[i] = 0; });
  parallel_for_each(extent<1>(n), [=, &hist](index<1> idx) restrict(amp) {
    const unsigned int i = static_cast<unsigned int>(idx[0]);
    atomic_fetch_add(&u[0], 1u);
    atomic_fetch_sub(&u[1], 1u);
    atomic_fetch_max(&u[2], i);
    atomic_fetch_min(&u[3], i + 10u);
    atomic_fetch_and(&u[4], 0x0Fu);
    atomic_fetch_or(&u[5], 1u << (i % 4u));
    atomic_fetch_xor(&u[6], 0u);
    unsigned int expected = 3u;
    atomic_compare_exchange(&u[7], &expected, 4u);
    atomic_exchange(&u[8], 1u);
    bump_unsigned(u[9]);
    atomic_fetch_dec(&u[1]);
    atomic_exchange(&fv[0], 1.5f);
    atomic_fetch_inc(&hist[idx[0] % 4]);
    atomic_fetch_add(&hist(0), 0);
  });
  u.synchronize();
  fv.synchronize();
  const unsigned int uwant[10] = {64u, 0u - 128u, 63u, 10u, 0x0Fu, 0x0Fu, 0u, 4u, 1u, 64u};
  for (int k = 0; k < 10; ++k)
    if (uc[k] != uwant[k]) return 2;
  if (fc[0] != 1.5f) return 3;
  std::vector<int> h(4);
  copy(hist, h.begin());
  for (int x : h)
    if (x != n / 4) return 4;

  // ---- tile_static ints: per-tile counters, then one global add per tile ------------------
  std::vector<int> total(1, 0);
  array_view<int, 1> tv(1, total);
  std::vector<int> per_tile(n / TS, 0);
  array_view<int, 1> pt(n / TS, per_tile);
  parallel_for_each(extent<1>(n).tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int count;
    tile_static unsigned int ucount;
    tile_static int slots[2];
    if (t.local[0] == 0) {
      count = 0;
      ucount = 0u;
      slots[0] = 0;
      slots[1] = 0;
    }
    t.barrier.wait();
    atomic_fetch_add(&count, 1);
    atomic_fetch_inc(&ucount);
    atomic_fetch_max(&slots[0], t.local[0]);
    int* sp = &slots[1];
    atomic_fetch_or(sp, 1 << t.local[0]);
    t.barrier.wait();
    if (t.local[0] == 0) {
      pt[t.tile] = count + static_cast<int>(ucount) + slots[0] + slots[1];
      atomic_fetch_add(&tv[0], count);
    }
  });
  tv.synchronize();
  pt.synchronize();
  if (total[0] != n) return 5;
  for (int x : per_tile)
    if (x != TS + TS + (TS - 1) + ((1 << TS) - 1)) return 6;
  return 0;
}
