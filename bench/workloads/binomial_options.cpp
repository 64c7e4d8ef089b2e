// binomial_options_f32_1024: European calls priced by a binomial tree of 255 steps, one tile of
// 256 work-items per option, the tree walked back in tile_static memory with two barriers a
// step: the shape of Microsoft's BinomialOptions sample, whose per-work-item condition
// `if (i < k)` on both sides of a barrier is what JoinWorkItemSteps and the recomputation of
// uniform operands in FormWorkItemLoops are for (docs/design/compiled-barriers.md).
#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

constexpr int options_count = 1024, steps = 255, tile = 256;
constexpr float rate = 0.06f, volatility = 0.3f;

struct option_inputs {
  std::vector<float> spot, strike, years;
};

option_inputs make_inputs() {
  option_inputs in{std::vector<float>(options_count), std::vector<float>(options_count), std::vector<float>(options_count)};
  for (int i = 0; i < options_count; ++i) {
    in.spot[i] = float(20 + i % 17);
    in.strike[i] = float(25 + i % 7);
    in.years[i] = 0.5f + float(i % 5) * 0.5f;
  }
  return in;
}

// One option on the host: the loop over a level runs from the bottom of the tree up, in place.
float price_serial(float spot, float strike, float years) {
  const float dt = years / steps, vdt = volatility * std::sqrt(dt), rdt = rate * dt;
  const float up = std::exp(vdt), down = 1 / up, p_up = (std::exp(rdt) - down) / (up - down), p_down = 1 - p_up;
  const float discount = std::exp(-rdt);
  float value[steps + 1];
  for (int i = 0; i <= steps; ++i) value[i] = std::fmax(spot * std::exp(vdt * float(2 * i - steps)) - strike, 0.0f);
  for (int k = steps; k > 0; --k)
    for (int i = 0; i < k; ++i) value[i] = discount * (p_up * value[i + 1] + p_down * value[i]);
  return value[0];
}

void prices_serial(const option_inputs& in, std::vector<float>& out) {
  for (int o = 0; o < options_count; ++o) out[o] = price_serial(in.spot[o], in.strike[o], in.years[o]);
}

void prices_openmp(const option_inputs& in, std::vector<float>& out) {
#pragma omp parallel for schedule(static)
  for (int o = 0; o < options_count; ++o) out[o] = price_serial(in.spot[o], in.strike[o], in.years[o]);
}

// The sample's kernel: work-item i holds node i of the level being computed.
void prices_ample(array_view<const float, 1> spot, array_view<const float, 1> strike, array_view<const float, 1> years,
                  array_view<float, 1> price) {
  price.discard_data();
  parallel_for_each(extent<1>(options_count * tile).tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    using namespace concurrency::precise_math;
    tile_static float value[steps + 1];
    const int o = t.tile[0], i = t.local[0];
    const float dt = years[o] / steps, vdt = volatility * sqrt(dt), rdt = rate * dt;
    const float up = exp(vdt), down = 1 / up, p_up = (exp(rdt) - down) / (up - down), p_down = 1 - p_up;
    const float discount = exp(-rdt);
    if (i <= steps) value[i] = fmax(spot[o] * exp(vdt * float(2 * i - steps)) - strike[o], 0.0f);
    t.barrier.wait();
    for (int k = steps; k > 0; --k) {
      float earlier = 0;
      if (i < k) earlier = discount * (p_up * value[i + 1] + p_down * value[i]);
      t.barrier.wait();
      if (i < k) value[i] = earlier;
      t.barrier.wait();
    }
    if (i == 0) price[o] = value[0];
  });
  price.synchronize();
}

void binomial_options(const options& o, reporter& rep) {
  const std::string w = "binomial_options_f32_1024";
  // Each step of each level: two multiplications and a multiply-add.
  const double flops = 4.0 * options_count * steps * (steps + 1) / 2;
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GFLOP/s", gflops(flops, t.median_s)}; };

  const option_inputs in = make_inputs();
  std::vector<float> want(options_count), got(options_count);
  record(rep, make("serial", measure(o, [&] { prices_serial(in, want); })));
  record(rep, make("openmp", measure(o, [&] { prices_openmp(in, got); })), [&] { return first_difference(got, want); });

  array_view<const float, 1> spot(options_count, in.spot), strike(options_count, in.strike), years(options_count, in.years);
  array_view<float, 1> price(options_count, got);
  for (const bool on_fibers : {false, true}) {
    const tiled_run run = measure_tiled(o, on_fibers, [&] { prices_ample(spot, strike, years, price); });
    result r = make(on_fibers ? "ample_tiled_fibers" : "ample_tiled", run.time);
    r.path = run.path;
    // The kernel's math functions are precise_math's; the host's the C library's.
    record(rep, r, [&] { return first_relative_difference(got, want, 1e-5); });
  }
}

}  // namespace

workload binomial_options_workload() { return {"binomial_options_f32_1024", binomial_options}; }

}  // namespace bench
