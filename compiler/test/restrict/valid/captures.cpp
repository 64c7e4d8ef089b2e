// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: what a kernel may capture and how it uses it. array_view captured by value
// (read, write, const elements, struct elements, ranks 1 to 3 and 5), sections and projections
// made on the host and in the kernel, reinterpret_as / view_as / data(), concurrency::array
// captured by reference (alone, with a capture default, several), scalars, structs, enums and
// short vectors captured by value (implicitly, explicitly, by init-capture), extent and index
// arithmetic, kernels launched on an accelerator_view, and function objects holding views.
#include <amp.h>
#include <amp_short_vectors.h>

#include <numeric>
#include <vector>

using namespace concurrency;
using concurrency::graphics::float_2;
using concurrency::graphics::int_4;

namespace captures {

struct particle {
  float x;
  float y;
  int id;
  bool alive;
};

struct settings {
  int offset;
  float gain;
  bool enabled;
  struct inner {
    int a;
    unsigned int b;
  } nested;
};

enum class op : unsigned int { copy_value, negate };

// A function object holding views, a struct and an array captured by reference.
struct saxpy {
  float a;
  array_view<const float, 1> x;
  array_view<float, 1> y;
  void operator()(index<1> i) const restrict(amp) { y[i] = a * x[i] + y[i]; }
};

struct sum_rows {
  array<int, 2>& source;  // a function object may hold an array by reference
  array_view<int, 1> out;
  void operator()(index<1> i) const restrict(amp) {
    int s = 0;
    for (int c = 0; c < source.extent[1]; ++c) s += source(i[0], c);
    out[i] = s;
  }
};

// Helpers taking views and arrays by value / reference.
int read_at(array_view<const int, 1> v, int i) restrict(amp) { return v[i]; }
void write_at(const array_view<int, 1>& v, int i, int value) restrict(amp) { v[i] = value; }
int corner(const array<int, 2>& a) restrict(amp) { return a(0, 0); }
int row_total(array_view<const int, 1> row) restrict(amp) {
  int s = 0;
  for (int c = 0; c < row.extent[0]; ++c) s += row[c];
  return s;
}

// Kernels launched from member functions: members are copied to locals first, so the kernel
// captures views and values, never `this`.
class doubler {
 public:
  explicit doubler(array_view<int, 1> v) : view_(v), factor_(2) {}
  void run() const {
    const array_view<int, 1> v = view_;
    const int k = factor_;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= k; });
  }
  template <int Tile>
  void run_tiled() const {
    array_view<int, 1> v = view_;
    parallel_for_each(v.extent.tile<Tile>(), [v](tiled_index<Tile> t) restrict(amp) { v[t.global] += t.local[0] * 0; });
  }

 private:
  array_view<int, 1> view_;
  int factor_;
};

}  // namespace captures

using namespace captures;

int main() {
  // ---- array_view by value: read, write, const elements, ranks --------------------------
  const int n = 16;
  std::vector<int> src(n);
  std::iota(src.begin(), src.end(), 0);
  std::vector<int> dst(n, 0);
  array_view<const int, 1> in(n, src);
  array_view<int, 1> out(n, dst);
  out.discard_data();
  int offset = 5;
  const float gain = 2.0f;
  const double precise = 0.25;
  const bool enabled = true;
  const unsigned int mask = 0xF0u;
  const long lv = 7L;
  const unsigned long ulv = 8UL;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int v = in[i] + in(i[0]) + in[i[0]] + in(i);  // every element accessor
    v += offset + static_cast<int>(gain) + static_cast<int>(precise * 4.0) + (enabled ? 1 : 0);
    v += static_cast<int>(mask >> 4) + static_cast<int>(lv + static_cast<long>(ulv));
    out[i] = v;
  });
  out.synchronize();
  for (int i = 0; i < n; ++i)
    if (dst[i] != 4 * i + 5 + 2 + 1 + 1 + 15 + 15) return 1;

  // Explicit captures, init-captures, a capture default with an explicit list.
  parallel_for_each(out.extent, [out, in, offset](index<1> i) restrict(amp) { out[i] = in[i] + offset; });
  parallel_for_each(out.extent, [view = out, k = offset * 2](index<1> i) restrict(amp) { view[i] += k; });
  parallel_for_each(out.extent, [=, extra = 1](const index<1>& i) restrict(amp) { out[i] -= extra; });
  for (int i = 0; i < n; ++i)
    if (out[i] != i + 5 + 10 - 1) return 2;

  // Structs, nested structs, enums and short vectors captured by value; struct elements.
  const settings cfg{3, 1.5f, true, {4, 5u}};
  const op which = op::negate;
  const float_2 shift(1.0f, 2.0f);
  const int_4 weights(1, 2, 3, 4);
  std::vector<particle> ps(n);
  for (int i = 0; i < n; ++i) ps[i] = particle{float(i), float(-i), i, i % 2 == 0};
  array_view<particle, 1> pav(n, ps);
  parallel_for_each(pav.extent, [=](index<1> i) restrict(amp) {
    particle p = pav[i];
    if (cfg.enabled && p.alive) {
      p.x = p.x * cfg.gain + shift.x;
      p.y = which == op::negate ? -p.y : p.y;
    }
    p.id += cfg.offset + cfg.nested.a + static_cast<int>(cfg.nested.b) + weights.w;
    pav[i] = p;
  });
  pav.synchronize();
  for (int i = 0; i < n; ++i) {
    const particle& p = ps[i];
    if (p.id != i + 16) return 3;
    if (i % 2 == 0 && (p.x != i * 1.5f + 1.0f || p.y != float(i))) return 3;
  }

  // ---- Rank 2 and 3 views, projections, sections, extent/index arithmetic ----------------
  const int rows = 4, cols = 6;
  std::vector<int> m(rows * cols);
  std::iota(m.begin(), m.end(), 0);
  array_view<int, 2> mat(rows, cols, m);
  std::vector<int> totals(rows, 0);
  array_view<int, 1> row_sums(rows, totals);
  parallel_for_each(row_sums.extent, [=](index<1> r) restrict(amp) {
    array_view<int, 1> row = mat[r[0]];  // a projection of the rank-2 view
    int s = 0;
    for (int c = 0; c < row.extent[0]; ++c) s += row[c];
    row_sums[r] = s + row_total(mat[r[0]]) - s;  // projection passed to a helper (as const)
  });
  for (int r = 0; r < rows; ++r)
    if (row_sums[r] != r * cols * cols + cols * (cols - 1) / 2) return 4;

  // A section made on the host, and sections made in the kernel.
  array_view<int, 2> inner = mat.section(index<2>(1, 1), extent<2>(2, 4));
  parallel_for_each(inner.extent, [=](index<2> i) restrict(amp) { inner[i] = -inner[i]; });
  std::vector<int> probe(rows * cols, 0);
  array_view<int, 2> pv(rows, cols, probe);
  pv.discard_data();
  parallel_for_each(pv.extent, [=](index<2> i) restrict(amp) {
    array_view<int, 2> top_left = mat.section(index<2>(0, 0), extent<2>(2, 2));
    array_view<int, 2> from_origin = mat.section(index<2>(1, 0));
    array_view<int, 2> by_extent = mat.section(extent<2>(1, cols));
    array_view<int, 2> by_ints = mat.section(0, 1, 2, 2);
    array_view<const int, 2> ro = mat;  // view of const elements, made in the kernel
    pv[i] = top_left(1, 1) + from_origin(0, 0) + by_extent(0, cols - 1) + by_ints(0, 0) + ro[i] * 0;
  });
  pv.synchronize();
  for (int k = 0; k < rows * cols; ++k)
    if (probe[k] != -7 + 6 + 5 + 1) return 5;

  // index and extent arithmetic in kernels.
  parallel_for_each(pv.extent, [=](index<2> i) restrict(amp) {
    const extent<2> e = pv.extent;
    const extent<2> e2 = pv.get_extent();
    index<2> j = i + index<2>(1, 1);
    index<2> k = j - index<2>(1, 1);
    index<2> scaled = i * 2;
    scaled /= 2;
    index<2> bumped = i;
    ++bumped;
    bumped -= 1;
    bumped += index<2>(0, 0);
    extent<2> grown = e + index<2>(1, 1);
    grown -= index<2>(1, 1);
    int inside = e.contains(j) ? 1 : 0;
    int same = (k == i && scaled == i && bumped == i && !(k != i) && grown == e && e2 == e) ? 1 : 0;
    pv[i] = inside + 2 * same + static_cast<int>(e.size()) + e[0] * 0 + extent<2>(2, 3).size() * 0;
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (pv(r, c) != ((r + 1 < rows && c + 1 < cols) ? 1 : 0) + 2 + rows * cols) return 6;

  // Rank 3 and rank 5 views.
  std::vector<float> cube(2 * 3 * 4, 0.0f);
  array_view<float, 3> c3(2, 3, 4, cube);
  parallel_for_each(c3.extent, [=](index<3> i) restrict(amp) {
    c3[i] = static_cast<float>(i[0] * 100 + i[1] * 10 + i[2]);
    array_view<float, 2> plane = c3[i[0]];
    array_view<float, 1> line = c3[i[0]][i[1]];
    (void)plane;
    (void)line;
  });
  if (c3(1, 2, 3) != 123.0f) return 7;
  const int dims[5] = {2, 1, 2, 1, 2};
  std::vector<int> five(8, 0);
  array_view<int, 5> v5(extent<5>(dims), five);
  parallel_for_each(v5.extent, [=](index<5> i) restrict(amp) { v5[i] = i[0] * 4 + i[2] * 2 + i[4]; });
  v5.synchronize();
  for (int k = 0; k < 8; ++k)
    if (five[k] != k) return 8;

  // ---- reinterpret_as, view_as, data() ---------------------------------------------------
  std::vector<float> fl(8, 1.0f);
  array_view<float, 1> fav(8, fl);
  std::vector<int> bits(8, 0);
  array_view<int, 1> bav(8, bits);
  parallel_for_each(bav.extent, [=](index<1> i) restrict(amp) {
    array_view<int, 1> as_int = fav.reinterpret_as<int>();
    array_view<float, 2> grid = fav.view_as(extent<2>(2, 4));
    float* raw = fav.data();
    const float* craw = raw + i[0];
    bav[i] = as_int[i] + static_cast<int>(grid(1, 3)) + static_cast<int>(*craw);
  });
  for (int k = 0; k < 8; ++k)
    if (bav[k] != 0x3F800000 + 2) return 9;

  // ---- concurrency::array captured by reference ------------------------------------------
  array<int, 1> a(n, src.begin(), src.end());
  std::vector<int> m0(rows * cols);
  std::iota(m0.begin(), m0.end(), 0);
  array<int, 2> a2(rows, cols, m0.begin(), m0.end());
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 2; });
  parallel_for_each(a.extent, [=, &a](index<1> i) restrict(amp) { a[i] += offset; });
  parallel_for_each(out.extent, [&a, &a2, out](index<1> i) restrict(amp) {
    out[i] = a(i) + a[i[0]] - a(i[0]) + a2(0, 0) * 0;
  });
  parallel_for_each(a2.extent, [&](index<2> i) restrict(amp) {  // [&] captures only arrays here
    a2[i] = a2[i] + a[i[1]] * 0;
  });
  for (int i = 0; i < n; ++i)
    if (out[i] != 2 * i + 5) return 10;

  // Arrays in kernels: extent, projections, sections, views made from them, data(), helpers.
  parallel_for_each(out.extent, [=, &a, &a2](index<1> i) restrict(amp) {
    const extent<1> e = a.extent;
    const extent<2> e2 = a2.get_extent();
    array_view<int, 1> whole(a);
    array_view<const int, 1> cwhole(a);
    array_view<int, 1> first_row = a2[0];
    array_view<int, 2> block = a2.section(index<2>(1, 1), extent<2>(2, 2));
    array_view<int, 1> flat = a2.view_as(extent<1>(rows * cols));
    array_view<unsigned int, 1> as_unsigned = a.reinterpret_as<unsigned int>();
    int* p = a.data();
    int v = whole[i] + cwhole[i] - p[i[0]] + first_row[0] + block(0, 0) + flat[7] + static_cast<int>(as_unsigned[0]);
    v += corner(a2) + read_at(cwhole, 0) - 5;  // 0 + 5 - 5
    write_at(out, i[0], v + e[0] + e2[0] * 0);
  });
  for (int i = 0; i < n; ++i)
    if (out[i] != (2 * i + 5) + 0 + 7 + 7 + 5 + 0 + n) return 11;

  // ---- Function objects, accelerator_view launches --------------------------------------
  std::vector<float> xs(n, 1.0f), ys(n, 2.0f);
  array_view<const float, 1> xv(n, xs);
  array_view<float, 1> yv(n, ys);
  parallel_for_each(yv.extent, saxpy{3.0f, xv, yv});
  parallel_for_each(accelerator().default_view, yv.extent, saxpy{1.0f, xv, yv});
  yv.synchronize();
  for (float y : ys)
    if (y != 6.0f) return 12;
  std::vector<int> rs(rows, 0);
  array_view<int, 1> rsv(rows, rs);
  parallel_for_each(rsv.extent, sum_rows{a2, rsv});
  for (int r = 0; r < rows; ++r)
    if (rsv[r] != r * cols * cols + cols * (cols - 1) / 2) return 13;
  // A kernel lambda stored in a variable and launched twice; a kernel in a member function.
  const int step = 1;
  auto add_step = [=](index<1> i) restrict(amp) { out[i] += step; };
  parallel_for_each(out.extent, add_step);
  parallel_for_each(out.extent, add_step);
  doubler(out).run();
  doubler(out).run_tiled<4>();
  for (int i = 0; i < n; ++i)
    if (out[i] != 2 * ((2 * i + 5) + 0 + 7 + 7 + 5 + 0 + n + 2)) return 14;
  accelerator_view view = accelerator().default_view;
  parallel_for_each(view, out.extent, [=](index<1> i) restrict(amp) { out[i] = i[0]; });
  out.synchronize();
  return dst[n - 1] == n - 1 ? 0 : 15;
}
