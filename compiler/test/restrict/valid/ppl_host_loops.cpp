// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP beside PPL: programs written for Visual C++ run host loops with PPL's
// Concurrency::parallel_for_each(first, last, f) and parallel_for(first, last, step, f), and on
// Linux bring a port of <ppl.h> that declares them in namespace Concurrency. Their functions
// are host code: they capture by reference, capture pointers and `this`, and call what they
// like. Only C++ AMP's parallel_for_each(extent or tiled_extent, kernel) takes a kernel.
#include <amp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

// The shape of a <ppl.h> port (the names and parameters of Microsoft's).
namespace Concurrency {

template <class Iterator, class Function>
void parallel_for_each(Iterator first, Iterator last, const Function& function) {
  for (; first != last; ++first) function(*first);
}

struct auto_partitioner {};

template <class Iterator, class Function, class Partitioner>
void parallel_for_each(const Iterator& first, const Iterator& last, const Function& function, Partitioner&&) {
  parallel_for_each(first, last, function);
}

template <class Index, class Function>
void parallel_for(Index first, Index last, Index step, const Function& function) {
  for (Index i = first; i < last; i += step) function(i);
}

template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& function) {
  parallel_for(first, last, Index(1), function);
}

template <class First, class Second>
void parallel_invoke(const First& first, const Second& second) {
  first();
  second();
}

}  // namespace Concurrency

namespace ppl_host_loops {

using namespace concurrency;

// Host preparation with PPL, then a kernel, then a host check with PPL.
void saxpy(std::vector<float>& x, std::vector<float>& y, float a) {
  float* raw = x.data();
  double sum = 0;
  Concurrency::parallel_for(0, static_cast<int>(x.size()), [&](int i) { raw[i] = std::sqrt(float(i)); });
  Concurrency::parallel_for(0, static_cast<int>(y.size()), 2, [&, raw](int i) { y[i] = raw[i] * 0.5f; });
  array_view<const float, 1> xs(static_cast<int>(x.size()), x);
  array_view<float, 1> ys(static_cast<int>(y.size()), y);
  parallel_for_each(ys.extent, [=](index<1> i) restrict(amp) { ys[i] += a * xs[i]; });
  ys.synchronize();
  Concurrency::parallel_for_each(y.begin(), y.end(), [&sum, raw](float& value) {
    sum += value;
    if (value < 0) std::printf("%f %f\n", value, raw[0]);
  });
  parallel_for_each(y.begin(), y.end(), [&](float value) { sum -= value; });
  std::for_each(y.begin(), y.end(), [&](float value) { sum += value; });
}

// A class that runs host loops over its members (`this` captured) and a tiled kernel.
class image {
 public:
  explicit image(int size) : pixels_(size * size), size_(size) {}

  void blur() {
    Concurrency::parallel_for(0, size_, [this](int row) { fill_row(row); });
    array_view<int, 2> view(size_, size_, pixels_);
    parallel_for_each(view.extent.tile<2, 2>(), [=](tiled_index<2, 2> t) restrict(amp) {
      tile_static int tile[2][2];
      tile[t.local[0]][t.local[1]] = view[t.global];
      t.barrier.wait();
      view[t.global] = (tile[0][0] + tile[0][1] + tile[1][0] + tile[1][1]) / 4;
    });
    view.synchronize();
    Concurrency::parallel_for_each(pixels_.begin(), pixels_.end(), [this](int& pixel) { pixel = clamp(pixel); },
                                   auto_partitioner());
  }

 private:
  void fill_row(int row) {
    for (int column = 0; column < size_; ++column) pixels_[row * size_ + column] = row * column;
  }
  int clamp(int value) const { return std::min(value, 255); }

  std::vector<int> pixels_;
  int size_;
};

// Kernels through the accelerator_view forms, beside a parallel_invoke of host work.
void on_view(const accelerator_view& view, std::vector<int>& data) {
  int* first = data.data();
  std::vector<int> copy = data;
  Concurrency::parallel_invoke([&] { std::iota(copy.begin(), copy.end(), 0); },
                               [first, &data] { first[0] = static_cast<int>(data.size()); });
  array_view<int, 1> values(static_cast<int>(data.size()), data);
  parallel_for_each(view, values.extent, [=](index<1> i) restrict(amp) { values[i] *= 2; });
  parallel_for_each(view, values.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { values[t] += 1; });
  values.synchronize();
}

}  // namespace ppl_host_loops

int main() {
  std::vector<float> x(16, 1.0f), y(16, 2.0f);
  ppl_host_loops::saxpy(x, y, 3.0f);
  ppl_host_loops::image picture(4);
  picture.blur();
  std::vector<int> data(16, 1);
  ppl_host_loops::on_view(concurrency::accelerator().default_view, data);
}
