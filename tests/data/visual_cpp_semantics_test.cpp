// Container behaviour that Microsoft-style tests check and Ample used to get wrong (issue 11):
// array's integer section forms, array_view<const T>::value_type, host-side projection and
// range checks of array, empty sections, mutable kernel lambdas, non-trivial element types,
// legacy iterators in copy(), access_type_none and staging arrays.
#include <iterator>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

std::vector<int> iota_vector(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
  return v;
}

TEST(VisualCppSemanticsTest, ArraySectionTakesIntegers) {
  const std::vector<int> v = iota_vector(4 * 5 * 6);
  array<int, 1> a1(12, v.begin());
  array_view<int, 1> s1 = a1.section(3, 4);
  EXPECT_EQ(s1.extent, extent<1>(4));
  EXPECT_EQ(s1[0], 3);
  array<int, 2> a2(4, 5, v.begin());
  array_view<int, 2> s2 = a2.section(1, 2, 2, 3);
  EXPECT_EQ(s2.extent, extent<2>(2, 3));
  EXPECT_EQ(s2(1, 2), 2 * 5 + 4);
  array<int, 3> a3(4, 5, 6, v.begin());
  const array<int, 3>& c3 = a3;
  array_view<const int, 3> s3 = c3.section(1, 1, 1, 2, 2, 2);
  EXPECT_EQ(s3(1, 1, 1), 2 * 30 + 2 * 6 + 2);
}

TEST(VisualCppSemanticsTest, ConstViewValueTypeIsConst) {
  static_assert(std::is_same_v<array_view<const int, 2>::value_type, const int>);
  static_assert(std::is_same_v<array_view<int, 2>::value_type, int>);
  static_assert(std::is_same_v<array<float, 1>::value_type, float>);
}

TEST(VisualCppSemanticsTest, HostProjectionOutOfRangeThrows) {
  array<int, 2> a(3, 4);
  EXPECT_NO_THROW(a[2]);
  try {
    a[3];
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "3")) << e.what();
  }
  EXPECT_THROW(a[-1], runtime_exception);
}

TEST(VisualCppSemanticsTest, ArrayFromALongerRangeThrows) {
  const std::vector<int> v = iota_vector(10);
  EXPECT_NO_THROW((array<int, 1>(10, v.begin(), v.end())));
  try {
    array<int, 1> a(extent<1>(8), v.begin(), v.end());
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "10")) << e.what();
    EXPECT_TRUE(contains(e.what(), "8")) << e.what();
  }
}

TEST(VisualCppSemanticsTest, EmptySectionsThrow) {
  array_view<int, 2> v(4, 4);
  EXPECT_THROW(v.section(1, 1, 0, 2), runtime_exception);
  EXPECT_THROW(v.section(index<2>(0, 4)), runtime_exception);  // origin on the edge: no width left
  array_view<int, 1> r(8);
  EXPECT_THROW(r.section(2, 0), runtime_exception);
  EXPECT_THROW((array<int, 2>(extent<2>(3, 0))), runtime_exception);
  array<int, 1> a(8);
  EXPECT_THROW(a.section(2, 0), runtime_exception);
  try {
    a.section(index<1>(8));
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "8")) << e.what();
  }
}

TEST(VisualCppSemanticsTest, MutableKernelLambdaWorksOnItsOwnCopy) {
  array_view<int, 1> out(64);
  int counter = 10;
  parallel_for_each(out.extent, [=](index<1> i) mutable restrict(amp) {
    counter += i[0];  // each work-item has its own copy of the functor
    out[i] = counter;
  });
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], 10 + i) << i;
  EXPECT_EQ(counter, 10);
}

/// sphere is a ray tracer's element type: user-written copy constructor, assignment and
/// destructor, which Microsoft's array and array_view accept. live counts the objects.
struct sphere {
  static inline int live = 0;
  float x = 0, y = 0, z = 0, radius = 1;
  sphere() { ++live; }
  sphere(float x_, float y_, float z_, float r) : x(x_), y(y_), z(z_), radius(r) { ++live; }
  sphere(const sphere& o) : x(o.x), y(o.y), z(o.z), radius(o.radius) { ++live; }
  sphere& operator=(const sphere& o) {
    x = o.x;
    y = o.y;
    z = o.z;
    radius = o.radius;
    return *this;
  }
  ~sphere() { --live; }
};

TEST(VisualCppSemanticsTest, ElementsWithUserWrittenCopyAndDestructor) {
  {
    std::vector<sphere> scene;
    for (int i = 0; i < 16; ++i) scene.emplace_back(float(i), 0.f, 0.f, 1.f);
    const int before = sphere::live;
    array<sphere, 1> on_device(16, scene.begin(), scene.end());
    EXPECT_EQ(sphere::live, before + 16) << "each element is a constructed object";
    array_view<sphere, 1> view(16, scene);
    parallel_for_each(on_device.extent, [=, &on_device](index<1> i) restrict(amp) {
      on_device[i].radius = on_device[i].x * 2;
      view[i].y = 5;
    });
    view.synchronize();
    std::vector<sphere> back = on_device;
    for (int i = 0; i < 16; ++i) {
      EXPECT_FLOAT_EQ(back[i].radius, 2.f * float(i));
      EXPECT_FLOAT_EQ(scene[i].y, 5.f);
    }
    array<sphere, 1> copied(on_device);
    EXPECT_FLOAT_EQ(copied[3].radius, 6.f);
    array_view<sphere, 1> scratch(4);  // implicit storage: constructed too
    EXPECT_FLOAT_EQ(scratch[2].radius, 1.f);
  }
  EXPECT_EQ(sphere::live, 0) << "every element constructed was destroyed";
}

/// legacy_iterator is a pre-C++20 iterator over an int buffer: prefix ++ returns a const
/// reference and operator* is not const, so it models no C++20 iterator concept. Its Category
/// argument (a std tag) makes namespace std associated, so ADL also finds std::copy.
template <class Category>
struct legacy_iterator {
  using iterator_category = Category;
  using value_type = int;
  using difference_type = std::ptrdiff_t;
  using pointer = int*;
  using reference = int&;
  int* p;
  int& operator*() { return *p; }
  const legacy_iterator& operator++() {
    ++p;
    return *this;
  }
  bool operator==(const legacy_iterator& o) const { return p == o.p; }
  bool operator!=(const legacy_iterator& o) const { return p != o.p; }
};
using legacy_input = legacy_iterator<std::input_iterator_tag>;
using legacy_output = legacy_iterator<std::output_iterator_tag>;
static_assert(!std::input_iterator<legacy_input>);

TEST(VisualCppSemanticsTest, CopyTakesLegacyIterators) {
  std::vector<int> v = iota_vector(6);
  array<int, 2> a(2, 3);
  copy(legacy_input{v.data()}, legacy_input{v.data() + 6}, a);
  EXPECT_EQ(a(1, 2), 5);
  array_view<int, 1> view(6);
  copy(legacy_input{v.data()}, view);
  EXPECT_EQ(view[4], 4);
  std::vector<int> out(6);
  copy(a, legacy_output{out.data()});
  EXPECT_EQ(out, v);
  array<int, 1> b(extent<1>(6), legacy_input{v.data()}, legacy_input{v.data() + 6});
  EXPECT_EQ(b[5], 5);
  // A range of the wrong size is Ample's runtime_exception, never std::copy found by ADL.
  EXPECT_THROW(copy(legacy_input{v.data()}, legacy_input{v.data() + 5}, view), runtime_exception);
  EXPECT_THROW(copy(v.begin(), v.begin() + 5, view), runtime_exception);
  try {
    copy(v.begin(), v.end(), a.section(0, 0, 1, 3));
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "6")) << e.what();
  }
}

// access_type_none: data() is null on the host, as in Microsoft's runtime. Host element access
// is refused only with AMPLE_ENABLE_DEBUG_CHECKS (debug_checks_test): the check cost kernels
// too much (array.hpp).
TEST(VisualCppSemanticsTest, AccessTypeNoneHidesDataFromTheHost) {
  const std::vector<int> v = iota_vector(8);
  accelerator acc;
  array<int, 1> a(8, v.begin(), v.end(), acc.default_view, access_type_none);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(a.data(), nullptr);
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] *= 2; });  // kernels may
  std::vector<int> back = a;  // copies too
  EXPECT_EQ(back[7], 14);
}

TEST(VisualCppSemanticsTest, DefaultAccessTypeNoneReachesAutoArrays) {
  // This binary allocates nothing else on WARP, so its default is still free to change.
  accelerator warp(accelerator::direct3d_warp);
  ASSERT_TRUE(warp.set_default_cpu_access_type(access_type_none));
  array<int, 1> a(4, warp.default_view);
  EXPECT_EQ(a.cpu_access_type, access_type_none);
  EXPECT_EQ(a.data(), nullptr);
}

TEST(VisualCppSemanticsTest, OnlyTheCpuAcceleratorStagesForAnother) {
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  accelerator_view gpu = accelerator().default_view;
  accelerator_view warp = accelerator(accelerator::direct3d_warp).default_view;
  array<int, 1> staging(4, cpu, gpu);
  EXPECT_EQ(staging.associated_accelerator_view, gpu);
  array<int, 1> reversed(4, gpu, cpu);
  EXPECT_EQ(reversed.get_associated_accelerator_view(), gpu);
  array<int, 1> between(4, gpu, warp);
  EXPECT_EQ(between.get_associated_accelerator_view(), gpu);
  array<int, 1> host(4, cpu, cpu);
  EXPECT_EQ(host.get_associated_accelerator_view(), cpu);
}

/// point is trivially copyable without a default constructor: accepted, its bytes uninitialised
/// until written, as in Microsoft's array.
struct point {
  explicit point(int v) : x(v) {}
  int x;
};

TEST(VisualCppSemanticsTest, TriviallyCopyableElementsNeedNoDefaultConstructor) {
  std::vector<point> src(4, point(3));
  array<point, 1> a(4, src.begin(), src.end());
  EXPECT_EQ(a[3].x, 3);
}

}  // namespace
