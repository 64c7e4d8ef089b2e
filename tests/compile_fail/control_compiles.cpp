// Positive control: the same compiler invocation that the negative tests use must accept this
// program, so that a broken command line (wrong include path, missing -std=c++20) cannot make
// every "must fail" test pass. It also uses each construct next to the rule it breaks there.
// expect-success
#include <amp.h>
#include <amp_short_vectors.h>

static int access_bits(concurrency::access_type t) { return static_cast<int>(t); }

int main() {
  int v[6] = {};
  concurrency::array<int, 1> a(16);
  concurrency::array_view<int, 2> av(2, 3, v);
  concurrency::array_view<int, 1> row(6, v);
  int* p = row.data();
  auto bits = concurrency::array_view<float, 1>(row.reinterpret_as<float>()).reinterpret_as<int>();
  int counter = 0;
  concurrency::atomic_fetch_add(&counter, 1);
  float f = 0;
  concurrency::atomic_exchange(&f, 1.0f);
  concurrency::index<1> i(5);
  concurrency::index<1> j = concurrency::index<1>(5);
  concurrency::extent<1> e = av.extent.size() > 0 ? row.extent : concurrency::extent<1>(1);
  concurrency::tiled_extent<4> t = concurrency::extent<1>(16).tile<4>();
  concurrency::graphics::float_4 sv(1, 2, 3, 4);
  const concurrency::graphics::float_4 csv = sv;
  concurrency::graphics::float_2 xy = csv.xy;
  auto& property = sv.xy;
  property = sv.get<0, 0>();
  sv.yx = xy;
  const concurrency::accelerator_view placed = a.accelerator_view;
  const concurrency::accelerator owner = placed.accelerator;
  const concurrency::accelerator_view source = row.source_accelerator_view;
  bool readable = a.cpu_access_type == concurrency::access_type_read_write && access_bits(a.cpu_access_type) == 3;
  switch (a.cpu_access_type) {
    case concurrency::access_type_none: readable = false; break;
    default: break;
  }
  const concurrency::access_type cpu_access = a.cpu_access_type;
  (void)a, (void)p, (void)bits, (void)i, (void)j, (void)e, (void)t, (void)owner, (void)source,
      (void)readable, (void)cpu_access;
}
