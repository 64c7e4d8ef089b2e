// The normal-mode half of direct3d_out_of_bounds_test: built without AMPLE_DIRECT3D_OUT_OF_BOUNDS
// and linked with the test, it hands out its own out-of-line array_view accessor, which must not
// be the Direct3D mode's (the accessors of that mode carry an ABI tag).
#include <amp.h>

using subscript_pointer = int& (concurrency::array_view<int, 1>::*)(const concurrency::index<1>&) const;

subscript_pointer normal_mode_subscript() { return &concurrency::array_view<int, 1>::operator[]; }

bool peer_direct3d_out_of_bounds() { return ample::detail::direct3d_out_of_bounds; }
