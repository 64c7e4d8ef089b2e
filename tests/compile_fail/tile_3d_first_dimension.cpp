// The first dimension of a 3-D tile holds at most 64 work-items (Direct3D's limit for z).
// expect-error: the first dimension of a 3-D tile holds at most 64 work-items
#include <amp.h>

int main() {
  concurrency::tiled_extent<128, 2, 2> t = concurrency::extent<3>(128, 2, 2).tile<128, 2, 2>();
  concurrency::parallel_for_each(t, [](concurrency::tiled_index<128, 2, 2> i) restrict(amp) { (void)i; });
}
