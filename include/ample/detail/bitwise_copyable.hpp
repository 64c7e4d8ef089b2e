// is_bitwise_copyable_v<T>: which element types containers may copy as bytes.
#pragma once

#include <type_traits>

namespace ample::detail {

/// is_bitwise_copyable_v<T> holds when a T may be copied as its bytes and needs no construction
/// or destruction in a container's storage: T is trivially copyable, or its copy constructor
/// and destructor are trivial. Other element types are constructed, copied and destroyed one
/// by one (detail/buffer.hpp). The second case admits the short vectors (float_4 ...), whose
/// copy assignment is user-provided only so that assigning a vector does not run the swizzled
/// copy assignments of its empty swizzle properties (graphics/swizzle_property.hpp); a byte copy
/// builds the same object that their trivial copy constructor builds.
template <class T>
inline constexpr bool is_bitwise_copyable_v =
    std::is_trivially_copyable_v<T> ||
    (std::is_trivially_copy_constructible_v<T> && std::is_trivially_destructible_v<T>);

}  // namespace ample::detail
