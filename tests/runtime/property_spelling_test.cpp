// Microsoft's property spellings whose values are objects (SPEC §3.3, §5.1, §5.2, §10.1):
// accelerator_view::accelerator, array::accelerator_view and associated_accelerator_view,
// array_view::source_accelerator_view, and the texture properties. The get_* forms are tested
// with their classes; here each property must read the same value as its get_* function, and
// keep reading it through copies, moves and assignments.
//
// Compile-time rules (tests/compile_fail): the properties cannot be assigned
// (assign_accelerator_property.cpp, assign_array_accelerator_view.cpp,
// assign_array_cpu_access_type.cpp), and
// source_accelerator_view cannot be copied out of its view (view_property_copy.cpp).
#include <amp_graphics.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

accelerator_view cpu_view() { return accelerator(accelerator::cpu_accelerator).default_view; }

std::wstring description_of(const accelerator& acc) { return acc.description; }

TEST(AcceleratorPropertyTest, ReadsTheViewsAcceleratorAsItsPropertiesAndConverts) {
  for (const accelerator& acc : accelerator::get_all()) {
    const accelerator_view av = acc.create_view(queuing_mode_immediate);
    EXPECT_EQ(av.accelerator.description, acc.description);
    EXPECT_EQ(av.accelerator.device_path, acc.device_path);
    EXPECT_EQ(av.accelerator.version, acc.version);
    EXPECT_EQ(av.accelerator.is_emulated, acc.is_emulated);
    EXPECT_EQ(av.accelerator.dedicated_memory, acc.dedicated_memory);
    EXPECT_EQ(av.accelerator.get_supports_cpu_shared_memory(), acc.supports_cpu_shared_memory);
    // The property compares and converts as the accelerator it stands for.
    EXPECT_TRUE(av.accelerator == acc);
    EXPECT_TRUE(acc == av.accelerator);
    EXPECT_TRUE(av.accelerator == av.get_accelerator());
    const accelerator converted = av.accelerator;
    EXPECT_TRUE(converted == acc);
    EXPECT_EQ(description_of(av.accelerator), acc.description);
    // default_view is computed when read (view_property.hpp).
    EXPECT_TRUE(av.accelerator.get_default_view() == acc.default_view);
    EXPECT_TRUE(av.accelerator.default_view == acc.default_view);
    const accelerator_view default_view = av.accelerator.default_view;
    EXPECT_TRUE(default_view == acc.default_view);
    EXPECT_EQ(av.accelerator.default_view.queuing_mode, acc.default_view.queuing_mode);
    EXPECT_EQ(av.accelerator.default_view.is_debug, acc.is_debug);
    EXPECT_EQ(av.accelerator.default_view.version, acc.version);
    EXPECT_FALSE(av.accelerator.default_view.is_auto_selection);
    EXPECT_TRUE(av.accelerator.default_view.get_accelerator() == acc);
    // A new queue on the view's accelerator.
    EXPECT_EQ(av.accelerator.create_view().queuing_mode, queuing_mode_automatic);
    EXPECT_TRUE(av.accelerator.create_view().accelerator == acc);
  }
}

TEST(AcceleratorPropertyTest, DistinguishesAccelerators) {
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator engine;
  EXPECT_FALSE(cpu.default_view.accelerator == engine);
  EXPECT_TRUE(cpu.default_view.accelerator != engine.default_view.accelerator);
}

TEST(AcceleratorPropertyTest, FollowsTheViewThroughCopiesAndAssignment) {
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator engine;
  accelerator_view av = engine.default_view;
  EXPECT_TRUE(av.accelerator == engine);
  av = cpu.default_view;
  EXPECT_TRUE(av.accelerator == cpu);
  EXPECT_EQ(av.accelerator.description, cpu.description);
  accelerator_view moved = std::move(av);
  EXPECT_TRUE(moved.accelerator == cpu);
  auto copy = moved.accelerator;  // a copy of the properties, as Microsoft's `auto` gives an accelerator's
  EXPECT_EQ(copy.device_path, cpu.device_path);
}

TEST(ArrayPropertyTest, ViewsAreTheArraysPlacement) {
  const accelerator_view target = accelerator().create_view();
  array<int, 1> on_target(8, target);
  EXPECT_TRUE(on_target.accelerator_view == target);
  EXPECT_TRUE(on_target.associated_accelerator_view == target);
  EXPECT_EQ(on_target.accelerator_view.queuing_mode, target.queuing_mode);
  EXPECT_EQ(on_target.accelerator_view.accelerator.description, accelerator().description);

  array<int, 2> staging(extent<2>(2, 3), cpu_view(), target);
  EXPECT_TRUE(staging.accelerator_view == cpu_view());
  EXPECT_TRUE(staging.associated_accelerator_view == target);
  EXPECT_TRUE(staging.accelerator_view == staging.get_accelerator_view());
  EXPECT_TRUE(staging.associated_accelerator_view == staging.get_associated_accelerator_view());
  EXPECT_EQ(staging.accelerator_view.accelerator.device_path, std::wstring(accelerator::cpu_accelerator));
}

TEST(ArrayPropertyTest, PropertiesPlaceNewArraysAndRunKernels) {
  const accelerator_view target = accelerator().create_view();
  array<int, 1> a(8, target);
  array<int, 1> b(8, a.accelerator_view);  // the property as a placement argument
  EXPECT_TRUE(b.accelerator_view == target);
  array<int, 1> c(extent<1>(8), a.accelerator_view, a.associated_accelerator_view);
  EXPECT_TRUE(c.associated_accelerator_view == target);
  parallel_for_each(a.accelerator_view, a.extent, [&a](index<1> i) restrict(amp) { a[i] = 3 * i[0]; });
  std::vector<int> out = a;
  EXPECT_EQ(out[7], 21);
}

TEST(ArrayPropertyTest, CopiesMovesAndAssignmentsCarryTheViews) {
  const accelerator_view target = accelerator().create_view();
  array<int, 1> staging(4, cpu_view(), target);
  array<int, 1> copy = staging;
  EXPECT_TRUE(copy.accelerator_view == cpu_view());
  EXPECT_TRUE(copy.associated_accelerator_view == target);
  array<int, 1> moved = std::move(copy);
  EXPECT_TRUE(moved.associated_accelerator_view == target);
  array<int, 1> plain(4);
  plain = staging;
  EXPECT_TRUE(plain.accelerator_view == cpu_view());
  EXPECT_TRUE(plain.associated_accelerator_view == target);
}

int access_bits(access_type t) { return static_cast<int>(t); }

TEST(ArrayPropertyTest, CpuAccessTypeReadsAsAnAccessTypeAndIsReadOnly) {
  array<int, 1> readable(4, accelerator().default_view, access_type_read);
  EXPECT_TRUE(readable.cpu_access_type == access_type_read);
  EXPECT_TRUE(access_type_read == readable.cpu_access_type);
  EXPECT_EQ(readable.cpu_access_type, readable.get_cpu_access_type());
  EXPECT_EQ(access_bits(readable.cpu_access_type), 1);
  EXPECT_TRUE(readable.cpu_access_type & access_type_read);
  const char* name = "other";
  switch (readable.cpu_access_type) {
    case access_type_read: name = "read"; break;
    default: break;
  }
  EXPECT_STREQ(name, "read");
  const access_type copied = readable.cpu_access_type;
  EXPECT_EQ(copied, access_type_read);
  // Read-only, yet the array's copies and assignments carry it.
  using property = decltype(readable.cpu_access_type);
  static_assert(!std::is_assignable_v<property&, access_type>);
  static_assert(!std::is_assignable_v<property&, const property&>);
  static_assert(!std::is_convertible_v<property&, access_type&>);
  static_assert(sizeof(property) == sizeof(access_type));
  array<int, 1> plain(4);
  EXPECT_EQ(plain.cpu_access_type, access_type_read_write);
  plain = readable;
  EXPECT_EQ(plain.cpu_access_type, access_type_read);
  array<int, 1> moved = std::move(plain);
  EXPECT_EQ(moved.cpu_access_type, access_type_read);
}

TEST(SourceViewPropertyTest, IsWhereTheDataLives) {
  const accelerator_view target = accelerator().create_view();
  array<float, 2> a(4, 4, target);
  array_view<float, 2> over_array(a);
  const accelerator_view from_array = over_array.source_accelerator_view;
  EXPECT_TRUE(from_array == target);
  EXPECT_TRUE(over_array.source_accelerator_view == target);
  EXPECT_TRUE(target == over_array.source_accelerator_view);
  // Sections, projections and read-only views see the same source.
  EXPECT_TRUE(over_array.section(index<2>(1, 1)).source_accelerator_view == target);
  EXPECT_TRUE(over_array[2].source_accelerator_view == target);
  const array_view<const float, 2> readonly = over_array;
  EXPECT_TRUE(readonly.source_accelerator_view == over_array.source_accelerator_view);

  std::vector<int> host(6);
  array_view<int, 1> over_host(6, host);
  EXPECT_TRUE(over_host.source_accelerator_view == cpu_view());
  EXPECT_FALSE(over_host.source_accelerator_view == over_array.source_accelerator_view);
}

TEST(SourceViewPropertyTest, OffersTheViewsFunctions) {
  const accelerator_view target = accelerator().create_view(queuing_mode_immediate);
  array<int, 1> a(4, target);
  array_view<int, 1> v(a);
  EXPECT_EQ(v.source_accelerator_view.get_queuing_mode(), queuing_mode_immediate);
  EXPECT_EQ(v.source_accelerator_view.queuing_mode, queuing_mode_immediate);
  EXPECT_EQ(v.source_accelerator_view.version, target.version);
  EXPECT_EQ(v.source_accelerator_view.is_debug, target.is_debug);
  EXPECT_FALSE(v.source_accelerator_view.is_auto_selection);
  EXPECT_EQ(v.source_accelerator_view.get_version(), target.version);
  EXPECT_EQ(v.source_accelerator_view.get_is_debug(), target.is_debug);
  EXPECT_FALSE(v.source_accelerator_view.get_is_auto_selection());
  EXPECT_TRUE(v.source_accelerator_view.get_accelerator() == target.accelerator);
  v.source_accelerator_view.flush();
  v.source_accelerator_view.wait();
  EXPECT_TRUE(v.source_accelerator_view.create_marker().valid());
}

TEST(SourceViewPropertyTest, ViewOfAnExtentAloneHasNoSource) {
  array_view<int, 2> v(3, 5);
  try {
    const accelerator_view source = v.source_accelerator_view;
    ADD_FAILURE() << "array_view(extent) has no data source, yet source_accelerator_view returned a view";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "(3, 5)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "no data source")) << e.what();
  }
  EXPECT_THROW(v.get_source_accelerator_view(), runtime_exception);
  EXPECT_THROW(v.section(index<2>(1, 1)).source_accelerator_view.wait(), runtime_exception);
  EXPECT_THROW(static_cast<void>(static_cast<queuing_mode>(v.source_accelerator_view.queuing_mode)), runtime_exception);
}

// The computed properties take no space: array_view and the accelerator property keep the size
// of their data members, so kernels copy nothing more; each property and its fields lie at the
// owner's address, which is where they find the owner.
struct array_view_members_1 {
  extent<1> shape;
  int* data;
  std::ptrdiff_t stride[1];
  std::shared_ptr<int> storage;
};
struct array_view_members_3 {
  extent<3> shape;
  int* data;
  std::ptrdiff_t stride[3];
  std::shared_ptr<int> storage;
};
static_assert(sizeof(array_view<int, 1>) == sizeof(array_view_members_1));
static_assert(sizeof(array_view<const int, 3>) == sizeof(array_view_members_3));
static_assert(std::is_empty_v<decltype(array_view<int, 1>::source_accelerator_view)>);
static_assert(std::is_empty_v<decltype(ample::detail::accelerator_of_view::default_view)>);
static_assert(sizeof(ample::detail::accelerator_of_view) == sizeof(ample::detail::accelerator_properties));

template <class Owner, class Property>
void expect_at_owner(const Owner& owner, const Property& p) {
  const void* at = &owner;
  EXPECT_EQ(static_cast<const void*>(&p), at);
  EXPECT_EQ(static_cast<const void*>(&p.is_debug), at);
  EXPECT_EQ(static_cast<const void*>(&p.version), at);
  EXPECT_EQ(static_cast<const void*>(&p.queuing_mode), at);
  EXPECT_EQ(static_cast<const void*>(&p.is_auto_selection), at);
}

TEST(ViewPropertyTest, LiesAtItsOwnersAddress) {
  std::vector<int> host(24);
  array_view<int, 1> v1(24, host);
  array_view<const int, 3> v3(2, 3, 4, host);
  array_view<int, 2> v2 = v1.view_as(extent<2>(4, 6));
  expect_at_owner(v1, v1.source_accelerator_view);
  expect_at_owner(v2, v2.source_accelerator_view);
  expect_at_owner(v3, v3.source_accelerator_view);
  const accelerator_view av = accelerator().default_view;
  expect_at_owner(av.accelerator, av.accelerator.default_view);
}

TEST(TexturePropertyTest, PropertiesEqualTheirFunctions) {
  const accelerator_view target = accelerator().create_view();
  graphics::texture<graphics::unorm_4, 3> tex(extent<3>(2, 4, 8), 8u, target);
  EXPECT_TRUE(tex.accelerator_view == target);
  EXPECT_TRUE(tex.associated_accelerator_view == target);
  EXPECT_EQ(tex.bits_per_scalar_element, 8u);
  EXPECT_EQ(tex.mipmap_levels, 1u);
  EXPECT_EQ(tex.row_pitch, 8u * 4u);
  EXPECT_EQ(tex.depth_pitch, 4u * 8u * 4u);
  EXPECT_EQ(tex.data_length, 2u * 4u * 8u * 4u);
  EXPECT_EQ(tex.row_pitch, tex.get_row_pitch());
  EXPECT_EQ(tex.depth_pitch, tex.get_depth_pitch());
  EXPECT_EQ(tex.data_length, tex.get_data_length());

  graphics::texture<float, 2> mipmapped(extent<2>(16, 8), 32u, 0u);
  EXPECT_EQ(mipmapped.mipmap_levels, 5u);
  EXPECT_EQ(mipmapped.row_pitch, 8u * 4u);
  EXPECT_EQ(mipmapped.depth_pitch, 0u);
  EXPECT_EQ(mipmapped.data_length, mipmapped.get_data_length());
  const graphics::texture_view<const float, 2> levels_1_to_2(mipmapped, 1, 2);
  EXPECT_EQ(levels_1_to_2.mipmap_levels, 2u);
  EXPECT_EQ(levels_1_to_2.bits_per_scalar_element, 32u);
  EXPECT_EQ(levels_1_to_2.data_length, (8u * 4u + 4u * 2u) * 4u);
}

TEST(TexturePropertyTest, StagingCopiesAndAssignmentsCarryThem) {
  const accelerator_view target = accelerator().create_view();
  graphics::texture<int, 1> staging(extent<1>(16), 16u, cpu_view(), target);
  EXPECT_TRUE(staging.accelerator_view == cpu_view());
  EXPECT_TRUE(staging.associated_accelerator_view == target);
  EXPECT_EQ(staging.row_pitch, 0u);
  graphics::texture<int, 1> copied(staging, target);
  EXPECT_TRUE(copied.accelerator_view == target);
  EXPECT_EQ(copied.bits_per_scalar_element, 16u);
  graphics::texture<int, 1> other(extent<1>(4));
  EXPECT_EQ(other.data_length, 16u);
  other = staging;
  EXPECT_EQ(other.data_length, 32u);
  EXPECT_EQ(other.bits_per_scalar_element, 16u);
  EXPECT_TRUE(other.associated_accelerator_view == target);
}

}  // namespace
