// check_parallel_for_each(): launches over small random extents, each work-item writing its
// index into a section of a host vector, on the default, the serial (REF) and the host-only
// accelerator, with an exception thrown from a random work-item now and then. Compared with
// the model: every index written exactly once, nothing outside the section touched, invalid
// domains raising invalid_compute_domain. Tiled launches: tiled_launch_check.hpp.
#pragma once

// Some kernels here throw from kernels to test how launches report faults, which C++ AMP forbids;
// the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <amp.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace parallel_for_each_detail {

inline constexpr int max_points = 4096;  ///< most work-items per launch, to keep inputs fast

/// item is what a work-item writes: its index and how many times it ran.
struct item {
  int coordinate[3];
  int count;
};
inline constexpr item untouched = {{-1, -1, -1}, 0};

/// kernel_fault is the exception injected into one work-item.
class kernel_fault : public std::runtime_error {
 public:
  kernel_fault() : std::runtime_error("injected kernel fault") {}
};

template <int N>
void check_launch(input& in) {
  using concurrency::accelerator, concurrency::index;
  values<N> domain, whole, origin, covered;
  const bool hostile = in.byte() >= 224;
  for (auto& v : domain) v = hostile ? in.any_int() : in.in_range(-1, 8);
  const bool valid = std::all_of(domain.begin(), domain.end(), [](auto v) { return v > 0; });
  if (valid && points<N>(domain) > max_points) return;
  for (int d = 0; d < N; ++d) {
    // An invalid domain gets a one-point section (Microsoft refuses empty ones): no work-item
    // may run, so that point must stay untouched.
    covered[d] = valid ? domain[d] : 1;
    origin[d] = in.in_range(0, 2);
    whole[d] = origin[d] + covered[d] + in.in_range(0, 2);
  }
  std::vector<item> block(points<N>(whole), untouched);
  const auto out = concurrency::array_view<item, N>(make<concurrency::extent<N>>(whole), block)
                       .section(make<index<N>>(origin), make<concurrency::extent<N>>(covered));
  const int where = in.byte() % 4;
  const bool inject = valid && where != 3 && in.byte() % 4 == 0;
  values<N> fault{};
  if (inject)
    for (int d = 0; d < N; ++d) fault[d] = in.in_range(0, static_cast<int>(domain[d] - 1));
  const index<N> fault_at = make<index<N>>(fault);

  const auto kernel = [=](index<N> idx) restrict(amp) {
    if (inject && idx == fault_at) throw kernel_fault();
    item& it = out[idx];
    for (int d = 0; d < N; ++d) it.coordinate[d] = idx[d];
    it.count += 1;
  };
  // A launch on REF is queued: wait() is where its kernel's exception surfaces.
  const auto launch = [&] {
    const auto e = make<concurrency::extent<N>>(domain);
    if (where == 0) {
      concurrency::parallel_for_each(e, kernel);
      return accelerator().default_view.wait();
    }
    const wchar_t* path = where == 1 ? accelerator::default_accelerator
                          : where == 2 ? accelerator::direct3d_ref
                                       : accelerator::cpu_accelerator;
    const concurrency::accelerator_view view = accelerator(path).default_view;
    concurrency::parallel_for_each(view, e, kernel);
    view.wait();
  };
  static constexpr const char* where_names[] = {"the default accelerator", "the default accelerator's view", "REF",
                                                "the cpu accelerator"};
  const std::string what = "parallel_for_each over " + text<N>(domain) + " on " + where_names[where] +
                           (inject ? ", throwing at " + text<N>(fault) : "");
  if (!valid) {
    expect_throw<concurrency::invalid_compute_domain>("invalid_compute_domain", what, launch);
    for (const item& it : block)
      if (it.count != 0) fail(what + ": a work-item ran");
    return;
  }
  if (where == 3) return expect_throw<concurrency::runtime_exception>("runtime_exception", what, launch);
  if (inject) expect_throw<kernel_fault>("the kernel's exception", what, launch);
  else launch();
  out.synchronize();  // on REF the results reach the block here

  // Without a fault every work-item ran once; with one, the faulting work-item wrote nothing
  // and the others ran at most once. Each wrote its own index; the rest of the block is intact.
  const view_model<N> m = *section_of<N>(dense<N>(whole), origin, covered);
  std::vector<bool> inside(block.size());
  for_each_point<N>(covered, [&](const values<N>& p) {
    const item& it = block[m.at(p)];
    inside[m.at(p)] = true;
    const bool ok = inject && p == fault ? it.count == 0 : inject ? it.count == 0 || it.count == 1 : it.count == 1;
    if (!ok) fail(what + ": work-item " + text<N>(p) + " ran " + std::to_string(it.count) + " times");
    for (int d = 0; d < N && it.count == 1; ++d)
      if (it.coordinate[d] != p[d]) fail(what + ": work-item " + text<N>(p) + " wrote another index");
  });
  for (std::size_t i = 0; i < block.size(); ++i)
    if (!inside[i] && block[i].count != untouched.count)
      fail(what + ": element " + std::to_string(i) + " of the block, outside the section, was written");
}

}  // namespace parallel_for_each_detail

/// check_parallel_for_each() checks a few decoded launches.
inline void check_parallel_for_each(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  for (int i = 0; i < 4 && !in.empty(); ++i)
    with_rank(in.byte() % 3 + 1,
              [&](auto rank) { parallel_for_each_detail::check_launch<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
