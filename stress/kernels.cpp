// The kernels of ample_stress, one per (rank, tile shape, variant), and their host model.
//
// Kernels throw stress_fault from armed work-items. C++ AMP forbids throw in amp code; Ample
// runs kernels as ordinary C++ and documents that a kernel's exception stops the launch and is
// rethrown by parallel_for_each, which is what the run checks.
// Some kernels here instrument kernels with threads, atomics and deadlines, which C++ AMP forbids;
// the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include "kernels.hpp"

#include <immintrin.h>

#include <atomic>
#include <cstddef>
#include <thread>
#include <tuple>
#include <utility>

namespace ample_stress {
namespace {

using concurrency::accelerator_view;
using concurrency::array_view;
using concurrency::extent;
using concurrency::index;
using concurrency::tiled_extent;
using concurrency::tiled_index;

/// shape is a compile-time tile shape.
template <int A, int B = 0, int C = 0>
struct shape {
  static constexpr int d0 = A, d1 = B, d2 = C;
  static constexpr int rank = B == 0 ? 1 : (C == 0 ? 2 : 3);
  static constexpr int items = A * (B ? B : 1) * (C ? C : 1);
};

using shapes1 = std::tuple<shape<1>, shape<8>, shape<64>, shape<256>, shape<1024>>;
using shapes2 = std::tuple<shape<1, 1>, shape<2, 4>, shape<4, 16>, shape<16, 16>, shape<32, 32>>;
using shapes3 = std::tuple<shape<1, 1, 1>, shape<2, 2, 2>, shape<2, 4, 8>, shape<4, 4, 16>, shape<4, 16, 16>>;
template <int N>
using shapes_of = std::conditional_t<N == 1, shapes1, std::conditional_t<N == 2, shapes2, shapes3>>;
static_assert(std::tuple_size_v<shapes1> == shapes_per_rank && std::tuple_size_v<shapes2> == shapes_per_rank &&
              std::tuple_size_v<shapes3> == shapes_per_rank);

/// with_shape() calls f(S{}) for the shape S at position `i` of tuple Shapes.
template <class Shapes, class F, std::size_t... K>
void with_shape(int i, F&& f, std::index_sequence<K...>) {
  ((i == static_cast<int>(K) ? (f(std::tuple_element_t<K, Shapes>{}), 0) : 0), ...);
}
template <class Shapes, class F>
void with_shape(int i, F&& f) {
  with_shape<Shapes>(i, std::forward<F>(f), std::make_index_sequence<std::tuple_size_v<Shapes>>{});
}

template <int N>
std::int64_t linear(const index<N>& i, const extent<N>& e) noexcept {
  std::int64_t p = 0;
  for (int d = 0; d < N; ++d) p = p * e[d] + i[d];
  return p;
}

template <int N>
void launch_flat(const accelerator_view& av, const array_view<word, N>& v, const launch_desc& d,
                 const array_view<word, 1>& counter) {
  const extent<N> e = v.extent;
  const fault_plan plan = d.faults;
  const word salt = d.salt;
  const bool count = d.count;
  const bool fill = d.var == variant::fill;
  parallel_for_each(av, e, [=](index<N> i) {
    const std::int64_t p = linear(i, e);
    const int phase = plan.at(p);
    if (phase == 0 || phase == 1) throw stress_fault{plan.launch, p};
    v[i] = mix(fill ? 0 : v[i], static_cast<word>(p), salt);
    if (count) concurrency::atomic_fetch_add(&counter[0], 1u);
    if (phase == 2) throw stress_fault{plan.launch, p};
  });
}

template <class S, int N>
void launch_tiled(const accelerator_view& av, const array_view<word, N>& v, const launch_desc& d,
                  const array_view<word, 1>& counter) {
  static_assert(S::rank == N);
  constexpr int items = S::items;
  using tidx = tiled_index<S::d0, S::d1, S::d2>;
  const extent<N> e = v.extent;
  const tiled_extent<S::d0, S::d1, S::d2> domain(e);
  const fault_plan plan = d.faults;
  const word salt = d.salt;
  const bool count = d.count;
  const std::int64_t diverge = d.diverge;
  // local() is the row-major position of a work-item within its tile.
  constexpr auto local = [](const index<N>& l) {
    int r = 0;
    for (int k = 0; k < N; ++k) r = r * tidx::tile_extent[k] + l[k];
    return r;
  };
  auto counted = [=] {
    if (count) concurrency::atomic_fetch_add(&counter[0], 1u);
  };

  switch (d.var) {
    case variant::plain:
    case variant::fill:
      parallel_for_each(av, domain, [=, fill = d.var == variant::fill](tidx t) {
        const std::int64_t p = linear(t.global, e);
        const int phase = plan.at(p);
        if (phase == 0 || phase == 1) throw stress_fault{plan.launch, p};
        v[t.global] = mix(fill ? 0 : v[t.global], static_cast<word>(p), salt);
        counted();
        if (phase == 2) throw stress_fault{plan.launch, p};
      });
      return;
    case variant::exchange:
      parallel_for_each(av, domain, [=](tidx t) {
        tile_static word s[items];
        const int l = local(t.local);
        const std::int64_t p = linear(t.global, e);
        const int phase = plan.at(p);
        if (phase == 0) throw stress_fault{plan.launch, p};
        if (p == diverge) return;
        s[l] = v[t.global];
        t.barrier.wait();
        if (phase == 1) throw stress_fault{plan.launch, p};
        v[t.global] = mix(s[items - 1 - l], static_cast<word>(p), salt);
        counted();
        if (phase == 2) throw stress_fault{plan.launch, p};
      });
      return;
    case variant::reduce:
      parallel_for_each(av, domain, [=](tidx t) {
        tile_static word s[items];
        const int l = local(t.local);
        const std::int64_t p = linear(t.global, e);
        const int phase = plan.at(p);
        if (phase == 0) throw stress_fault{plan.launch, p};
        const word old = v[t.global];
        s[l] = old;
        t.barrier.wait();
        if (phase == 1) throw stress_fault{plan.launch, p};
        for (int k = items / 2; k > 0; k /= 2) {
          if (l < k) s[l] += s[l + k];
          t.barrier.wait();
        }
        v[t.global] = mix(old, static_cast<word>(p), salt ^ s[0]);
        counted();
        if (phase == 2) throw stress_fault{plan.launch, p};
      });
      return;
    case variant::count:
      parallel_for_each(av, domain, [=](tidx t) {
        tile_static word odd;
        const std::int64_t p = linear(t.global, e);
        const int phase = plan.at(p);
        if (phase == 0) throw stress_fault{plan.launch, p};
        if (local(t.local) == 0) odd = 0;
        t.barrier.wait();
        if (phase == 1) throw stress_fault{plan.launch, p};
        const word old = v[t.global];
        if (old & 1) concurrency::atomic_fetch_add(&odd, 1u);
        t.barrier.wait();
        v[t.global] = mix(old, static_cast<word>(p), salt + odd);
        counted();
        if (phase == 2) throw stress_fault{plan.launch, p};
      });
      return;
  }
}

const char* variant_name(variant v) {
  switch (v) {
    case variant::plain: return "plain";
    case variant::fill: return "fill";
    case variant::exchange: return "exchange";
    case variant::reduce: return "reduce";
    case variant::count: return "count";
  }
  return "?";
}

}  // namespace

std::array<int, 3> tile_dims(int rank, int i) {
  std::array<int, 3> dims{1, 1, 1};
  auto take = [&dims](auto s) {
    using S = decltype(s);
    dims = {S::d0, S::d1 ? S::d1 : 1, S::d2 ? S::d2 : 1};
  };
  if (rank == 1) with_shape<shapes1>(i, take);
  else if (rank == 2) with_shape<shapes2>(i, take);
  else with_shape<shapes3>(i, take);
  return dims;
}

// describe() appends piece by piece: GCC 12 warns (-Wrestrict, a false positive) about
// "literal" + std::string temporaries here.
std::string launch_desc::describe(int rank) const {
  std::string s;
  if (tiled()) {
    const std::array<int, 3> t = tile_dims(rank, tile_shape);
    s += "tiled<";
    for (int k = 0; k < rank; ++k) {
      if (k > 0) s += ',';
      s += std::to_string(t[k]);
    }
    s += "> ";
  } else {
    s += "flat ";
  }
  s += variant_name(var);
  if (faults.count > 0) {
    s += " faults at";
    for (int i = 0; i < faults.count; ++i) {
      s += ' ';
      s += std::to_string(faults.position[i]);
      s += "/phase";
      s += std::to_string(faults.phase[i]);
    }
  }
  if (diverge >= 0) {
    s += " divergent item ";
    s += std::to_string(diverge);
  }
  if (count) s += " counted";
  return s;
}

template <int N>
void launch(const accelerator_view& av, const array_view<word, N>& v, const launch_desc& d,
            const array_view<word, 1>& counter) {
  if (!d.tiled()) return launch_flat(av, v, d, counter);
  with_shape<shapes_of<N>>(d.tile_shape, [&](auto s) { launch_tiled<decltype(s)>(av, v, d, counter); });
}

template void launch<1>(const accelerator_view&, const array_view<word, 1>&, const launch_desc&,
                        const array_view<word, 1>&);
template void launch<2>(const accelerator_view&, const array_view<word, 2>&, const launch_desc&,
                        const array_view<word, 1>&);
template void launch<3>(const accelerator_view&, const array_view<word, 3>&, const launch_desc&,
                        const array_view<word, 1>&);

std::vector<word> expected(const std::vector<word>& model, const region& r, const launch_desc& d) {
  const std::int64_t n = r.size();
  std::vector<word> out(static_cast<std::size_t>(n));
  if (!d.has_barrier()) {
    const bool fill = d.var == variant::fill;
    for (std::int64_t p = 0; p < n; ++p)
      out[p] = mix(fill ? 0 : model[r.element(p)], static_cast<word>(p), d.salt);
    return out;
  }
  // Tiles in row-major order, as rank 3 with leading dimensions of 1.
  const std::array<int, 3> tile = tile_dims(r.rank, d.tile_shape);
  int e3[3] = {1, 1, 1}, t3[3] = {1, 1, 1};
  for (int k = 0; k < r.rank; ++k) {
    e3[3 - r.rank + k] = r.ext[k];
    t3[3 - r.rank + k] = tile[k];
  }
  const int items = t3[0] * t3[1] * t3[2];
  std::vector<std::int64_t> pos(items);
  std::vector<word> old(items);
  for (int z = 0; z < e3[0]; z += t3[0])
    for (int y = 0; y < e3[1]; y += t3[1])
      for (int x = 0; x < e3[2]; x += t3[2]) {
        int l = 0;
        for (int a = 0; a < t3[0]; ++a)
          for (int b = 0; b < t3[1]; ++b)
            for (int c = 0; c < t3[2]; ++c, ++l) {
              pos[l] = (static_cast<std::int64_t>(z + a) * e3[1] + (y + b)) * e3[2] + (x + c);
              old[l] = model[r.element(pos[l])];
            }
        word sum = 0, odd = 0;
        for (int i = 0; i < items; ++i) {
          sum += old[i];
          odd += old[i] & 1;
        }
        for (int i = 0; i < items; ++i) {
          const word p = static_cast<word>(pos[i]);
          switch (d.var) {
            case variant::exchange: out[pos[i]] = mix(old[items - 1 - i], p, d.salt); break;
            case variant::reduce: out[pos[i]] = mix(old[i], p, d.salt ^ sum); break;
            case variant::count: out[pos[i]] = mix(old[i], p, d.salt + odd); break;
            case variant::plain:
            case variant::fill: break;  // handled above
          }
        }
      }
  return out;
}

void launch_nested(const accelerator_view& av, int items) {
  parallel_for_each(av, extent<1>(items), [=](index<1>) {
    parallel_for_each(extent<1>(1), [](index<1>) {});
  });
}

void launch_on_cpu_accelerator() {
  const accelerator_view cpu = concurrency::accelerator(concurrency::accelerator::cpu_accelerator).default_view;
  parallel_for_each(cpu, extent<1>(4), [](index<1>) {});
}

void relay(const accelerator_view* first, const accelerator_view* second, concurrency::array<word, 1>& a,
           word salt) {
  const auto step = [&a](const accelerator_view* av, word step_salt) {
    const auto kernel = [&a, step_salt](index<1> i) restrict(amp) {
      a[i] = mix(a[i], static_cast<word>(i[0]), step_salt);
    };
    if (av != nullptr) {
      parallel_for_each(*av, a.extent, kernel);
    } else {
      parallel_for_each(a.extent, kernel);
    }
  };
  step(first, salt);
  step(second, ~salt);
}

unsigned launch_on_every_worker(unsigned threads, std::chrono::milliseconds limit) {
  // Each thread counts itself once per call, in its first work-item of this launch.
  static std::atomic<unsigned> generation{0};
  thread_local unsigned seen = 0;
  const unsigned call = generation.fetch_add(1) + 1;
  std::atomic<unsigned> arrived{0};
  std::atomic<bool> gave_up{false};
  const auto deadline = std::chrono::steady_clock::now() + limit;
  // On WARP, the CPU engine, whatever the default accelerator: REF runs a launch on one thread.
  const concurrency::accelerator_view engine =
      concurrency::accelerator(concurrency::accelerator::direct3d_warp).default_view;
  parallel_for_each(engine, extent<1>(static_cast<int>(threads) * 8), [&](index<1>) {
    if (seen == call) return;
    seen = call;
    arrived.fetch_add(1);
    for (int spins = 0; arrived.load() < threads && !gave_up.load(); ++spins) {
      if (spins < 4096) {
        _mm_pause();
        continue;
      }
      std::this_thread::yield();  // threads may outnumber cores
      if (std::chrono::steady_clock::now() > deadline) gave_up.store(true);
    }
  });
  return arrived.load();
}

}  // namespace ample_stress
