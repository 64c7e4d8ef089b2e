// The Direct3D interop of concurrency::graphics::direct3d (get_texture, make_texture,
// get_sampler, make_sampler): Microsoft's signatures compile, and every call throws
// unsupported_feature naming Direct3D and the function.
#include <amp_graphics.h>

#include <string>
#include <type_traits>
#include <utility>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using namespace concurrency::graphics;
namespace gd3d = concurrency::graphics::direct3d;
using IUnknown = concurrency::direct3d::IUnknown;

// The result types are Microsoft's: IUnknown* out, texture or sampler back.
static_assert(std::is_same_v<decltype(gd3d::get_texture(std::declval<const texture<float_4, 2>&>())),
                             IUnknown*>);
static_assert(std::is_same_v<
              decltype(gd3d::get_texture(std::declval<const texture_view<const float, 1>&>())),
              IUnknown*>);
static_assert(std::is_same_v<decltype(gd3d::make_texture<int, 3>(
                                 std::declval<const accelerator_view&>(), nullptr)),
                             texture<int, 3>>);
static_assert(std::is_same_v<decltype(gd3d::get_sampler(std::declval<const accelerator_view&>(),
                                                        std::declval<const sampler&>())),
                             IUnknown*>);
static_assert(std::is_same_v<decltype(gd3d::make_sampler(nullptr)), sampler>);
static_assert(gd3d::DXGI_FORMAT_UNKNOWN == 0);

// expect_no_direct3d() runs `call` and checks that it throws unsupported_feature whose message
// names Direct3D and the function, qualified with its namespace.
template <class Call>
void expect_no_direct3d(Call call, const std::string& function) {
  try {
    call();
    ADD_FAILURE() << function << " returned instead of throwing";
  } catch (const unsupported_feature& e) {
    const std::string message = e.what();
    EXPECT_TRUE(ample_test::contains(message, "Direct3D interop is not available on Ample"))
        << message;
    EXPECT_TRUE(ample_test::contains(message, "concurrency::graphics::direct3d::" + function))
        << message;
    EXPECT_EQ(e.get_error_code(), error_code::e_notimpl);
  }
}

TEST(GraphicsDirect3dInterop, GetTextureThrowsForTexturesAndEveryView) {
  texture<float_4, 2> tex(4, 4);
  const texture<float_4, 2>& const_tex = tex;
  texture<float, 1> scalars(8);
  texture_view<float, 1> read_write(scalars);
  texture_view<const float_4, 2> read_only(const_tex);
  writeonly_texture_view<float, 1> write_only(scalars);

  expect_no_direct3d([&] { static_cast<void>(gd3d::get_texture(tex)); }, "get_texture");
  expect_no_direct3d([&] { static_cast<void>(gd3d::get_texture(read_write)); }, "get_texture");
  expect_no_direct3d([&] { static_cast<void>(gd3d::get_texture(read_only)); }, "get_texture");
  expect_no_direct3d([&] { static_cast<void>(gd3d::get_texture(write_only)); }, "get_texture");
}

TEST(GraphicsDirect3dInterop, MakeTextureThrows) {
  const accelerator_view view = accelerator().get_default_view();
  IUnknown* none = nullptr;
  expect_no_direct3d([&] { static_cast<void>(gd3d::make_texture<float_4, 2>(view, none)); },
                     "make_texture");
  expect_no_direct3d(
      [&] {
        static_cast<void>(gd3d::make_texture<unorm_2, 1>(view, none, gd3d::DXGI_FORMAT_UNKNOWN));
      },
      "make_texture");
}

TEST(GraphicsDirect3dInterop, GetAndMakeSamplerThrow) {
  const accelerator_view view = accelerator().get_default_view();
  const sampler s(filter_point, address_border);
  IUnknown* none = nullptr;
  expect_no_direct3d([&] { static_cast<void>(gd3d::get_sampler(view, s)); }, "get_sampler");
  expect_no_direct3d([&] { static_cast<void>(gd3d::make_sampler(none)); }, "make_sampler");
}

// The interop failure leaves the runtime usable: a texture kernel still runs afterwards.
TEST(GraphicsDirect3dInterop, RuntimeStaysUsable) {
  texture<int, 1> tex(16);
  EXPECT_THROW(static_cast<void>(gd3d::get_texture(tex)), unsupported_feature);
  texture_view<int, 1> view(tex);
  parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view.set(i, 2 * i[0]); });
  EXPECT_EQ(tex.get(index<1>(15)), 30);
}

}  // namespace
