// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP in the shapes of real programs written for Visual C++ 2012-2019: math helpers
// restrict(amp) over fast_math and precise_math, restrict(cpu, amp) helpers calling helpers,
// function objects holding array_views and an array&, kernels in function templates and class
// templates, generic lambdas (Visual C++ 2015 and later), tile_static arrays sized by template
// parameters, short vectors, array_view<const T> sections and projections, extent and index
// arithmetic, element structs with constructors and operators, static constexpr members,
// enumerators and floating-point constants at namespace scope as constants, local arrays, typedefs, both spellings of the namespace, the std
// type traits at compile time, unions, generic and mutable kernel lambdas. Nothing here calls a function of the standard library in a
// kernel (Visual C++ refused those: they are not restrict(amp)).
#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include <limits>
#include <type_traits>
#include <vector>

namespace programs {

using namespace concurrency;
using namespace concurrency::graphics;

// ---- Helpers, as a numerical library writes them ------------------------------------------
namespace detail {

inline float square(float x) restrict(cpu, amp) { return x * x; }
inline float lerp(float a, float b, float t) restrict(cpu, amp) { return a + (b - a) * t; }
inline int clamp_index(int i, int lo, int hi) restrict(cpu, amp) { return i < lo ? lo : (i > hi ? hi : i); }
inline float smooth(float a, float b, float t) restrict(cpu, amp) { return lerp(a, b, square(t)); }

}  // namespace detail

float distance(float x, float y) restrict(amp) { return fast_math::sqrtf(detail::square(x) + detail::square(y)); }
float gaussian(float x, float sigma) restrict(amp) {
  return precise_math::exp(-detail::square(x) / (2.0f * sigma * sigma));
}
double logistic(double x) restrict(amp) { return 1.0 / (1.0 + concurrency::precise_math::exp(-x)); }
float angle(float y, float x) restrict(amp) { return Concurrency::fast_math::atan2(y, x); }
float cosine_sum(const float (&values)[4]) restrict(amp) {
  float sum = 0.0f;
  for (int i = 0; i < 4; ++i) sum += fast_math::cosf(values[i]);
  return sum;
}
// A using-directive in the function, as tutorials write it.
float rounded_root(float x) restrict(amp) {
  using namespace concurrency::fast_math;
  return floorf(sqrtf(fabsf(x)) + 0.5f);
}

// ---- Element types with constructors and operators ----------------------------------------
struct complex_f {
  float re;
  float im;
  complex_f() restrict(cpu, amp) : re(0.0f), im(0.0f) {}
  complex_f(float r, float i) restrict(cpu, amp) : re(r), im(i) {}
  complex_f operator+(const complex_f& other) const restrict(cpu, amp) { return complex_f(re + other.re, im + other.im); }
  complex_f operator*(const complex_f& other) const restrict(cpu, amp) {
    return complex_f(re * other.re - im * other.im, re * other.im + im * other.re);
  }
  float norm2() const restrict(cpu, amp) { return re * re + im * im; }
};

struct particle {
  float_3 position;
  float_3 velocity;
  float mass;
  int alive;
};

// Constants as classes and namespaces hold them.
struct settings {
  static constexpr int tile_size = 8;
  static const int iterations = 16;
  static constexpr float escape = 4.0f;
  enum { channels = 3 };
  enum class edge : int { clamp, wrap };
};
namespace limits {
constexpr int max_iterations = 32;
const unsigned int seed = 12345u;
}  // namespace limits

// Floating-point constants at namespace scope and as static members, read for their values.
const float softening_squared = 0.0000015625f;
static const double risk_free_rate = 0.02;
struct physics {
  static const float gravity;
};
const float physics::gravity = 9.8f;

typedef array_view<float, 2> image_view;
typedef array_view<const float, 2> const_image_view;
using pixel_index = index<2>;

// ---- Function objects as kernels ----------------------------------------------------------
class mandelbrot_kernel {
 public:
  mandelbrot_kernel(array_view<int, 2> counts, float scale) : counts_(counts), scale_(scale) {}
  void operator()(index<2> idx) const restrict(amp) {
    complex_f c(idx[1] * scale_ - 2.0f, idx[0] * scale_ - 1.0f);
    complex_f z;
    int n = 0;
    while (n < limits::max_iterations && z.norm2() < settings::escape) {
      z = z * z + c;
      ++n;
    }
    counts_[idx] = n;
  }

 private:
  array_view<int, 2> counts_;
  float scale_;
};

// A function object holding an array by reference and a view by value.
struct accumulate_kernel {
  array<float, 1>& totals;
  array_view<const float, 1> samples;
  void operator()(index<1> idx) const restrict(amp) { totals[idx] += samples[idx] * static_cast<float>(settings::channels); }
};

template <typename T>
struct scale_functor {
  array_view<T, 1> data;
  T factor;
  void operator()(index<1> idx) const restrict(amp) { data[idx] *= factor; }
};

// ---- Templates -------------------------------------------------------------------------------
template <typename T>
T accumulate_row(const array_view<const T, 2>& view, int row) restrict(amp) {
  T sum = T();
  for (int c = 0; c < view.extent[1]; ++c) sum += view(row, c);
  return sum;
}

template <typename T, int TS>
void tiled_transpose(const array_view<const T, 2>& in, const array_view<T, 2>& out) {
  static_assert(std::is_arithmetic<T>::value, "numbers only");
  out.discard_data();
  parallel_for_each(in.extent.template tile<TS, TS>(), [=](tiled_index<TS, TS> t) restrict(amp) {
    tile_static T tile[TS][TS + 1];
    tile[t.local[0]][t.local[1]] = in[t.global];
    t.barrier.wait();
    index<2> target(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]);
    out[target] = tile[t.local[1]][t.local[0]];
  });
}

template <typename T>
class vector_ops {
 public:
  explicit vector_ops(array_view<T, 1> data) : data_(data) {}
  void add(T value) {
    array_view<T, 1> data = data_;
    parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = plus(data[i], value); });
  }
  static T plus(T a, T b) restrict(amp) { return a + b; }
  template <typename Op>
  void apply(const Op& op) {
    array_view<T, 1> data = data_;
    parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = op(data[i]); });
  }

 private:
  array_view<T, 1> data_;
};

template <typename T, int N>
T dot(const T (&a)[N], const T (&b)[N]) restrict(amp) {
  T sum = 0;
  for (int i = 0; i < N; ++i) sum += a[i] * b[i];
  return sum;
}

template <int TS>
int tile_sum(const array_view<const int, 1>& in, tiled_index<TS> t) restrict(amp) {
  tile_static int shared[TS];
  shared[t.local[0]] = in[t.global];
  t.barrier.wait_with_tile_static_memory_fence();
  for (int stride = TS / 2; stride > 0; stride /= 2) {
    if (t.local[0] < stride) shared[t.local[0]] += shared[t.local[0] + stride];
    t.barrier.wait_with_tile_static_memory_fence();
  }
  return shared[0];
}

// ---- Programs --------------------------------------------------------------------------------
void blur(const_image_view in, image_view out) {
  out.discard_data();
  const int rows = in.extent[0];
  const int cols = in.extent[1];
  parallel_for_each(out.extent, [=](pixel_index idx) restrict(amp) {
    float weights[3] = {0.25f, 0.5f, 0.25f};
    float sum = 0.0f;
    for (int d = -1; d <= 1; ++d) {
      int r = detail::clamp_index(idx[0] + d, 0, rows - 1);
      int c = detail::clamp_index(idx[1], 0, cols - 1);
      sum += weights[d + 1] * in(r, c);
    }
    out[idx] = sum * gaussian(0.0f, 1.0f);
  });
}

void row_sums(array_view<const float, 2> matrix, array_view<float, 1> sums) {
  sums.discard_data();
  parallel_for_each(sums.extent, [=](index<1> row) restrict(amp) {
    array_view<const float, 1> projected = matrix[row[0]];  // a projection
    float total = 0.0f;
    for (int c = 0; c < projected.extent[0]; ++c) total += projected[c];
    sums[row] = total + accumulate_row(matrix, row[0]) * 0.0f;
  });
  array_view<const float, 2> corner = matrix.section(index<2>(0, 0), extent<2>(2, 2));
  parallel_for_each(extent<1>(2), [=](index<1> i) restrict(amp) {
    sums[i] += corner(i[0], 0) + corner.section(index<2>(i[0], 1), extent<2>(1, 1))(0, 0);
  });
}

void particles(std::vector<particle>& host, float dt) {
  array_view<particle, 1> view(static_cast<int>(host.size()), host);
  parallel_for_each(view.extent, [=](index<1> i) restrict(amp) {
    particle p = view[i];
    if (!p.alive) return;
    p.velocity += float_3(0.0f, -physics::gravity, 0.0f) * float_3(dt);
    p.position += p.velocity * float_3(dt);
    float_3 scaled = p.position * float_3(p.mass);
    float inverse = fast_math::rsqrtf(scaled.x * scaled.x + softening_squared);
    p.alive = distance(scaled.x, scaled.y) * inverse < 100.0f ? 1 : 0;
    view[i] = p;
  });
}

void vectors(array_view<float_4, 1> colours, array_view<int_2, 1> points) {
  parallel_for_each(colours.extent, [=](index<1> i) restrict(amp) {
    float_4 c = colours[i];
    c.rgb = c.bgr;
    c.a = 1.0f;
    int_2 p = points[i] + int_2(1, 2);
    unorm u(c.x);
    norm n(-0.5f);
    colours[i] = c * float_4(static_cast<float>(p.x), static_cast<float>(p.y), u, n);
  });
}

void geometry(array_view<int, 2> grid) {
  extent<2> whole = grid.extent;
  extent<2> half = whole / 2;
  parallel_for_each(half, [=](index<2> idx) restrict(amp) {
    index<2> mirrored = idx + index<2>(half[0], half[1]);
    index<2> step(1, 1);
    index<2> shifted = mirrored - step;
    int linear = idx[0] * whole[1] + idx[1];
    if (whole.contains(shifted)) grid[shifted] = linear;
    grid[idx] = static_cast<int>(half.size()) + (idx == step ? 1 : 0);
  });
}

void generic(array_view<float, 1> data) {
  // A generic lambda made and called in a kernel, and a generic kernel lambda's helper.
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    auto twice = [](auto v) { return v + v; };
    auto clamp01 = [](auto v) restrict(amp) { return v < 0 ? decltype(v)(0) : (v > 1 ? decltype(v)(1) : v); };
    data[i] = twice(data[i]) + clamp01(0.5f) + static_cast<float>(twice(i[0]));
  });
}

void reduction(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(in.extent.tile<settings::tile_size>(), [=](tiled_index<settings::tile_size> t) restrict(amp) {
    int sum = tile_sum<settings::tile_size>(in, t);
    if (t.local[0] == 0) atomic_fetch_add(&out[0], sum);
  });
}

void constants(array_view<unsigned int, 1> out, settings::edge mode) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    unsigned int value = limits::seed ^ static_cast<unsigned int>(i[0]);
    for (int k = 0; k < settings::iterations; ++k) value = value * 1664525u + 1013904223u;
    if (mode == settings::edge::wrap) value %= static_cast<unsigned int>(settings::channels);
    out[i] = value;
  });
}

void dots(array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    float a[3] = {1.0f, 2.0f, 3.0f};
    float b[3] = {static_cast<float>(i[0]), 0.0f, 1.0f};
    float angles[4] = {0.0f, 0.5f, 1.0f, 1.5f};
    out[i] = dot(a, b) + cosine_sum(angles) + angle(1.0f, 1.0f) + rounded_root(out[i]) +
             static_cast<float>(logistic(-risk_free_rate)) + detail::smooth(0.0f, 1.0f, 0.5f);
  });
}

// Compile-time traits of the standard library (types and constants, not calls).
template <typename T>
void fill_traits(array_view<T, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    using wide = std::conditional_t<std::is_integral<T>::value, int, float>;
    wide w = 0;
    if constexpr (std::is_same_v<T, float>)
      w = static_cast<wide>(0.5f);
    else
      w = static_cast<wide>(std::numeric_limits<T>::digits + std::integral_constant<int, 3>::value);
    out[i] = static_cast<T>(w) + static_cast<T>(std::extent<int[4]>::value);
  });
}

// Unions and unnamed classes for bit tricks, a kernel written as a generic lambda (Visual C++
// 2015 and later), a lambda kept in a variable and then launched, a mutable kernel.
union float_bits {
  float f;
  unsigned int u;
};

void bit_tricks(array_view<float, 1> data) {
  parallel_for_each(data.extent, [=](auto i) restrict(amp) {
    float_bits bits;
    bits.f = data[i];
    bits.u &= 0x7FFFFFFFu;  // |x|
    struct {
      int sign;
    } unnamed = {1};
    data[i] = bits.f * static_cast<float>(unnamed.sign);
  });
  auto kernel = [=](index<1> i) restrict(amp) { data[i] += 1.0f; };
  parallel_for_each(data.extent, kernel);
  int calls = 0;
  parallel_for_each(data.extent, [=](index<1> i) mutable restrict(amp) {
    ++calls;
    data[i] += static_cast<float>(calls);
  });
}

}  // namespace programs

int main() {
  using namespace programs;
  std::vector<float> pixels(16 * 16, 1.0f), blurred(16 * 16), sums(16);
  blur(const_image_view(16, 16, pixels), image_view(16, 16, blurred));
  row_sums(concurrency::array_view<const float, 2>(16, 16, pixels), concurrency::array_view<float, 1>(16, sums));
  tiled_transpose<float, 8>(concurrency::array_view<const float, 2>(16, 16, pixels),
                            concurrency::array_view<float, 2>(16, 16, blurred));

  std::vector<int> counts(16 * 16);
  concurrency::parallel_for_each(concurrency::extent<2>(16, 16),
                                 mandelbrot_kernel(concurrency::array_view<int, 2>(16, 16, counts), 0.1f));
  geometry(concurrency::array_view<int, 2>(16, 16, counts));

  concurrency::array<float, 1> totals(16);
  Concurrency::parallel_for_each(totals.extent, accumulate_kernel{totals, concurrency::array_view<const float, 1>(16, sums)});
  concurrency::parallel_for_each(concurrency::extent<1>(16),
                                 scale_functor<float>{concurrency::array_view<float, 1>(16, sums), 2.0f});

  vector_ops<int> ops(concurrency::array_view<int, 1>(16, counts));
  ops.add(3);
  ops.apply([](int v) restrict(amp) { return v * 2; });

  std::vector<particle> swarm(8);
  particles(swarm, 0.01f);

  std::vector<concurrency::graphics::float_4> colours(8);
  std::vector<concurrency::graphics::int_2> points(8);
  vectors(concurrency::array_view<concurrency::graphics::float_4, 1>(8, colours),
          concurrency::array_view<concurrency::graphics::int_2, 1>(8, points));

  generic(concurrency::array_view<float, 1>(16, sums));
  std::vector<int> ints(16, 1), total(1, 0);
  reduction(concurrency::array_view<const int, 1>(16, ints), concurrency::array_view<int, 1>(1, total));
  std::vector<unsigned int> randoms(16);
  constants(concurrency::array_view<unsigned int, 1>(16, randoms), settings::edge::wrap);
  dots(concurrency::array_view<float, 1>(16, sums));
  fill_traits(concurrency::array_view<float, 1>(16, sums));
  fill_traits(concurrency::array_view<int, 1>(16, ints));
  bit_tricks(concurrency::array_view<float, 1>(16, sums));
}
