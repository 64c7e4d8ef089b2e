// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: templates in amp code. Function templates restrict(amp) and restrict(amp,
// cpu) (deduced, explicit, non-type parameters, defaults, variadic with folds, constrained,
// deduced and trailing return types), restrict(cpu) + restrict(amp) template pairs, class
// templates and their specializations with amp members, member templates, CRTP (static
// dispatch, no virtual), generic lambdas, if constexpr, templated kernel launchers over element
// types and ranks, templated tiled kernels whose tile size is a template parameter, and
// templated function objects as kernels.
#include <amp.h>

#include <vector>

using namespace concurrency;

namespace templates {

static const int TS = 8;

// ---- Function templates ------------------------------------------------------------------
template <class T>
T square(T x) restrict(amp, cpu) {
  return x * x;
}

template <class T, class U = T>
T combine(T a, U b) restrict(amp) {
  return a + static_cast<T>(b);
}

template <int N>
int times(int x) restrict(amp) {
  return N * x;
}

template <class T, int N>
T sum_array(const T (&a)[N]) restrict(amp) {
  T s = T();
  for (int i = 0; i < N; ++i) s += a[i];
  return s;
}

template <class... Ts>
int count_args(Ts...) restrict(amp) {
  return static_cast<int>(sizeof...(Ts));
}

template <class... Ts>
auto add_all(Ts... xs) restrict(amp) {
  return (xs + ... + 0);
}

template <class T>
  requires(sizeof(T) == 4)
T four_byte_only(T x) restrict(amp) {
  return x;
}

template <class T>
auto trailing(T x) restrict(amp) -> decltype(x * 2) {
  return x * 2;
}

auto deduced(int x) restrict(amp) { return x + 1; }
auto trailing_plain(float x) restrict(amp, cpu) -> float { return x * 0.5f; }

// if constexpr on a property of the type, a home-made trait (no std:: in amp code).
template <class T>
struct is_floating {
  static constexpr bool value = false;
};
template <>
struct is_floating<float> {
  static constexpr bool value = true;
};
template <>
struct is_floating<double> {
  static constexpr bool value = true;
};

template <class T>
T half_or_shift(T x) restrict(amp) {
  if constexpr (is_floating<T>::value) {
    return x / T(2);
  } else {
    return x >> 1;
  }
}

// A restrict(cpu) + restrict(amp) pair of templates.
template <class T>
T which(T) restrict(cpu) {
  return T(1);
}
#if AMPLE_RESTRICT_OVERLOADING
template <class T>
T which(T) restrict(amp) {
  return T(2);
}
#endif

// A template calling a callable object it is given (a direct call of operator(), not a pointer).
template <class F>
int apply_n(F f, int n) restrict(amp) {
  int acc = 0;
  for (int i = 0; i < n; ++i) acc += f(i);
  return acc;
}

// ---- Class templates ---------------------------------------------------------------------
template <class T, int N>
struct small_vec {
  T v[N];
  small_vec() restrict(amp, cpu) {
    for (int i = 0; i < N; ++i) v[i] = T();
  }
  explicit small_vec(T x) restrict(amp, cpu) {
    for (int i = 0; i < N; ++i) v[i] = x;
  }
  T& operator[](int i) restrict(amp, cpu) { return v[i]; }
  const T& operator[](int i) const restrict(amp, cpu) { return v[i]; }
  small_vec operator+(const small_vec& o) const restrict(amp, cpu) {
    small_vec r;
    for (int i = 0; i < N; ++i) r.v[i] = v[i] + o.v[i];
    return r;
  }
  T total() const restrict(amp) { return sum_array(v); }
  template <class U>
  U total_as() const restrict(amp) {
    return static_cast<U>(total());
  }
  static int size() restrict(amp, cpu) { return N; }
};

// A partial specialization and a full one.
template <class T>
struct small_vec<T, 1> {
  T only;
  small_vec() restrict(amp, cpu) : only(T()) {}
  explicit small_vec(T x) restrict(amp, cpu) : only(x) {}
  T total() const restrict(amp) { return only; }
  static int size() restrict(amp, cpu) { return 1; }
};

template <class T>
struct traits {
  static T zero() restrict(amp, cpu) { return T(0); }
};
template <>
struct traits<bool> {
  static bool zero() restrict(amp, cpu) { return false; }
};

// CRTP: static dispatch to the derived class, no virtual functions.
template <class D>
struct shape {
  float area() const restrict(amp) { return static_cast<const D&>(*this).area_impl(); }
};
struct square_shape : shape<square_shape> {
  float side;
  float area_impl() const restrict(amp) { return side * side; }
};
struct rect_shape : shape<rect_shape> {
  float w;
  float h;
  float area_impl() const restrict(amp) { return w * h; }
};
template <class D>
float area_of(const shape<D>& s) restrict(amp) {
  return s.area();
}

// A template function object used as a kernel.
template <class T, int R>
struct fill_with {
  array_view<T, R> out;
  T value;
  void operator()(index<R> i) const restrict(amp) { out[i] = value; }
};

// A tiled function object template.
template <int Tile>
struct tile_reduce {
  array_view<int, 1> data;
  void operator()(tiled_index<Tile> t) const restrict(amp) {
    tile_static int s[Tile];
    s[t.local[0]] = data[t.global];
    t.barrier.wait();
    for (int stride = Tile / 2; stride > 0; stride /= 2) {
      if (t.local[0] < stride) s[t.local[0]] += s[t.local[0] + stride];
      t.barrier.wait();
    }
    data[t.global] = s[0];
  }
};

// ---- Templated kernel launchers ----------------------------------------------------------
template <class T, int R>
void scale_all(const array_view<T, R>& av, T k) {
  parallel_for_each(av.extent, [=](index<R> i) restrict(amp) { av[i] = square(av[i]) * k; });
}

template <int Tile>
void reduce_in_tiles(const array_view<int, 1>& av) {
  parallel_for_each(av.extent.template tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
    tile_static int s[Tile];
    s[t.local[0]] = av[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int total = 0;
      for (int k = 0; k < Tile; ++k) total += s[k];
      av[t.global] = total;
    }
  });
}

template <class T>
bool check_all(const std::vector<T>& v, T expected) {
  for (const T& x : v)
    if (x != expected) return false;
  return true;
}

}  // namespace templates

using namespace templates;

int main() {
  const int n = 16;
  std::vector<int> iv(n, 0);
  array_view<int, 1> out(n, iv);

  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    int r = square(i) - square<int>(i);                                        // 0
    r += static_cast<int>(square(2.0f) + square(1.5));                         // 4 + 2 (2.25 -> 6.25 truncated 6)
    r += combine(1, 2.0f) + static_cast<int>(combine<float>(1.0f, 1));          // 3 + 2
    r += times<3>(2) + times<TS>(1);                                            // 6 + 8
    const int arr[4] = {1, 2, 3, 4};
    const float farr[2] = {0.5f, 0.5f};
    r += sum_array(arr) + static_cast<int>(sum_array(farr));                    // 10 + 1
    r += count_args() + count_args(1, 2.0f, true) + add_all(1, 2, 3);          // 0 + 3 + 6
    r += four_byte_only(5) + static_cast<int>(four_byte_only(1.0f));           // 5 + 1
    r += trailing(3) + deduced(1) + static_cast<int>(trailing_plain(4.0f));     // 6 + 2 + 2
    r += half_or_shift(8) + static_cast<int>(half_or_shift(8.0f)) + static_cast<int>(half_or_shift(4u));  // 4 + 4 + 2
    r += which(0) > 0 ? 1 : 0;                                                  // 1

    // Generic lambdas, a lambda given to a template.
    auto twice = [](auto x) restrict(amp) { return x + x; };
    r += twice(1) + static_cast<int>(twice(1.5f));                              // 2 + 3
    int k = 2;
    r += apply_n([=](int j) restrict(amp) { return j * k; }, 3);               // 0 + 2 + 4
    r += apply_n([&](int j) restrict(amp) { return j + k; }, 2);               // 2 + 3

    // Class templates, specializations, member templates, static members functions.
    small_vec<int, 3> a(1);
    small_vec<int, 3> b;
    b[1] = 4;
    small_vec<int, 3> c = a + b;
    const small_vec<int, 3>& cref = c;
    r += c.total() + cref[1] + small_vec<int, 3>::size();                       // 7 + 5 + 3
    r += static_cast<int>(c.total_as<float>()) + c.template total_as<int>();   // 7 + 7
    small_vec<float, 1> single(2.0f);
    r += static_cast<int>(single.total()) + small_vec<float, 1>::size();       // 2 + 1
    r += traits<int>::zero() + (traits<bool>::zero() ? 1 : 0);                  // 0

    // CRTP.
    square_shape sq;
    sq.side = 3.0f;
    rect_shape re;
    re.w = 2.0f;
    re.h = 5.0f;
    r += static_cast<int>(area_of(sq) + area_of(re) + sq.area());               // 9 + 10 + 9
    out[idx] = r;
  });
  {
    const int fixed = 0 + 6 + 5 + 14 + 11 + 9 + 6 + 10 + 10 + 5 + 6 + 5 + 15 + 14 + 3 + 0 + 28;
    for (int i = 0; i < n; ++i) {
      const int w = out[i] - fixed;
      if (w != 1) return 1;  // which() is 1 (cpu) or 2 (amp): w is 1 either way
    }
  }

  // Templated launchers over element types and ranks.
  std::vector<float> fv(n, 2.0f);
  array_view<float, 1> fav(n, fv);
  scale_all(fav, 0.5f);
  fav.synchronize();
  if (!check_all(fv, 2.0f)) return 2;
  std::vector<double> dv(12, 3.0);
  array_view<double, 2> dav(3, 4, dv);
  scale_all(dav, 1.0);
  dav.synchronize();
  if (!check_all(dv, 9.0)) return 3;
  std::vector<unsigned int> uv(8, 2u);
  array_view<unsigned int, 3> uav(2, 2, 2, uv);
  scale_all(uav, 3u);
  uav.synchronize();
  if (!check_all(uv, 12u)) return 4;

  // Templated function objects as kernels, plain and tiled.
  parallel_for_each(out.extent, fill_with<int, 1>{out, 1});
  parallel_for_each(out.extent.tile<TS>(), tile_reduce<TS>{out});
  out.synchronize();
  if (!check_all(iv, TS)) return 5;
  parallel_for_each(out.extent, fill_with<int, 1>{out, 1});
  reduce_in_tiles<4>(out);
  out.synchronize();
  for (int i = 0; i < n; ++i)
    if (iv[i] != (i % 4 == 0 ? 4 : 1)) return 6;
  std::vector<float> grid(6, 0.0f);
  array_view<float, 2> gv(2, 3, grid);
  parallel_for_each(gv.extent, fill_with<float, 2>{gv, 1.5f});
  gv.synchronize();
  return check_all(grid, 1.5f) ? 0 : 7;
}
