// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: textures in kernels. texture captured by reference (get, set, operator[],
// operator(), extent, get_mipmap_levels), texture_view / texture_view<const T> /
// writeonly_texture_view captured by value, read-only views made inside the kernel from a
// texture, sampling with a captured sampler and with a compile-time sampler, gathers, textures
// of short vectors and of norm/unorm vectors, textures and views passed to amp helpers.
#include <amp.h>
#include <amp_graphics.h>

#include <numeric>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

namespace textures {

// Helpers taking a texture by reference and views by value.
float read_texel(const texture<float, 2>& t, const index<2>& i) restrict(amp) { return t[i]; }
void write_texel(texture<int, 1>& t, const index<1>& i, int v) restrict(amp) { t.set(i, v); }
float read_view(texture_view<const float, 2> v, const index<2>& i) restrict(amp) { return v(i); }
float sample_center(const texture_view<const float, 2>& v, const sampler& s) restrict(amp) {
  return v.sample(s, float_2(0.5f, 0.5f));
}

// A kernel function object holding a texture by reference and a view by value.
struct copy_into_view {
  const texture<float, 2>& source;
  texture_view<float, 2> target;
  void operator()(index<2> i) const restrict(amp) { target.set(i, source.get(i) + 1.0f); }
};

// A kernel views a texture it captures by reference (Microsoft's texture_view(texture&)
// restrict(amp)).
inline void view_inside_kernel(texture<int, 1>& tex, array_view<int, 1> out) {
  parallel_for_each(out.extent, [=, &tex](index<1> i) restrict(amp) {
    texture_view<int, 1> view(tex);
    view.set(i, i[0]);
    out[i] = i[0];
  });
}

}  // namespace textures

using namespace textures;

int main() {
  // ---- texture captured by reference -----------------------------------------------------
  const int n = 16;
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  texture<int, 1> t1(n, v.begin(), v.end());
  parallel_for_each(t1.extent, [&t1](index<1> i) restrict(amp) {
    const int x = t1.get(i) + t1[i] + t1[i[0]] - t1(i) - t1(i[0]);  // x = t1[i]
    write_texel(t1, i, x * 2 + static_cast<int>(t1.get_mipmap_levels()) - 1 + t1.get_extent()[0] * 0);
  });
  std::vector<int> back(n);
  copy(t1, back.begin());
  for (int i = 0; i < n; ++i)
    if (back[i] != 2 * i) return 1;

  // ---- texture_view (read-write), texture_view<const T>, writeonly_texture_view ----------
  texture<float, 2> t2(4, 8);
  texture_view<float, 2> rw(t2);
  parallel_for_each(rw.extent, [=](index<2> i) restrict(amp) { rw.set(i, static_cast<float>(i[0] * 8 + i[1])); });
  parallel_for_each(rw.extent, [=](index<2> i) restrict(amp) { rw.set(i, rw[i] + rw.get(i) - rw(i)); });
  texture<float, 2> t3(4, 8);
  writeonly_texture_view<float, 2> wo(t3);
  const texture_view<const float, 2> ro(t2);
  parallel_for_each(wo.extent, [=](index<2> i) restrict(amp) { wo.set(i, ro[i] + ro(i[0], i[1]) + read_view(ro, i)); });
  std::vector<float> t3v(32);
  copy(t3, t3v.begin());
  for (int k = 0; k < 32; ++k)
    if (t3v[k] != 3.0f * k) return 2;

  // Views made inside the kernel from a texture captured by reference; helpers with textures.
  std::vector<float> res(32, 0.0f);
  array_view<float, 2> out(4, 8, res);
  out.discard_data();
  parallel_for_each(out.extent, [=, &t2](index<2> i) restrict(amp) {
    texture_view<const float, 2> inside(t2);
    texture_view<const float, 2> copied = inside;
    out[i] = inside[i] + copied.get(i) + read_texel(t2, i) + static_cast<float>(inside.get_mipmap_levels()) - 1.0f;
  });
  out.synchronize();
  for (int k = 0; k < 32; ++k)
    if (res[k] != 3.0f * k) return 3;

  // A function object with a texture reference member and a view member.
  texture<float, 2> t4(4, 8);
  parallel_for_each(t2.extent, copy_into_view{t2, texture_view<float, 2>(t4)});
  std::vector<float> t4v(32);
  copy(t4, t4v.begin());
  for (int k = 0; k < 32; ++k)
    if (t4v[k] != k + 1.0f) return 4;

  // ---- sampling and gathering ------------------------------------------------------------
  std::vector<float> grid(16);
  std::iota(grid.begin(), grid.end(), 0.0f);
  const texture<float, 2> st(4, 4, grid.begin(), grid.end());
  const texture_view<const float, 2> sv(st);
  const sampler point(filter_point, address_clamp);
  const sampler linear(filter_linear, address_wrap);
  std::vector<float> sres(4, 0.0f);
  array_view<float, 1> so(4, sres);
  so.discard_data();
  parallel_for_each(so.extent, [=](index<1> i) restrict(amp) {
    const float_2 centre(0.125f + 0.25f * static_cast<float>(i[0]), 0.125f);  // texel (0, i)
    const float a = sv.sample(point, centre);
    const float b = sv.sample(linear, centre, 0.0f);
    const float c = sv.sample<filter_point, address_clamp>(centre);
    const float_4 g = sv.gather_red(point, float_2(0.25f, 0.25f));  // texels (0,0), (0,1), (1,0), (1,1)
    const filter_mode fm = point.get_filter_mode();
    const address_mode am = point.get_address_mode();
    const float_4 border = linear.get_border_color();
    const float extra = (fm == filter_point && am == address_clamp ? 0.0f : 100.0f) + border.x;
    so[i] = a + b + c + (g.x + g.y + g.z + g.w) + sample_center(sv, point) * 0.0f + extra;
  });
  so.synchronize();
  for (int k = 0; k < 4; ++k)
    if (sres[k] != 3.0f * k + (0.0f + 1.0f + 4.0f + 5.0f)) return 5;

  // ---- textures of short vectors and of norm / unorm vectors -----------------------------
  // (texture::set in amp code takes single-component texels only; others are written through
  // a view.)
  texture<int_2, 2> pairs(4, 4);
  writeonly_texture_view<int_2, 2> pairs_w(pairs);
  parallel_for_each(pairs.extent, [=](index<2> i) restrict(amp) { pairs_w.set(i, int_2(i[0], i[1])); });
  texture<float_4, 1> colours(4);
  writeonly_texture_view<float_4, 1> cw(colours);
  parallel_for_each(cw.extent, [=](index<1> i) restrict(amp) { cw.set(i, float_4(static_cast<float>(i[0]))); });
  texture<unorm_4, 1> pixels(4, 8u);
  writeonly_texture_view<unorm_4, 1> pw(pixels);
  parallel_for_each(pw.extent, [=](index<1> i) restrict(amp) { pw.set(i, unorm_4(unorm(0.0f), unorm(1.0f), unorm(0.0f), unorm(1.0f))); });
  std::vector<float> vres(4, 0.0f);
  array_view<float, 1> vo(4, vres);
  vo.discard_data();
  parallel_for_each(vo.extent, [=, &pairs, &colours, &pixels](index<1> i) restrict(amp) {
    const int_2 p = pairs(i[0], 3);
    const float_4 c = colours[i];
    const unorm_4 px = pixels[i[0]];
    const texture_view<const float_4, 1> cv(colours);
    const float_4 sampled = cv.sample(point, 0.5f) * float_4(0.0f);
    vo[i] = static_cast<float>(p.x + p.y) + c.w + static_cast<float>(px.y) + static_cast<float>(static_cast<unorm>(px.a)) + sampled.x;
  });
  vo.synchronize();
  for (int k = 0; k < 4; ++k)
    if (vres[k] != k + 3.0f + k + 2.0f) return 6;
  return 0;
}
