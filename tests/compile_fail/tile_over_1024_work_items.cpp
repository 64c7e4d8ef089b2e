// A tile of more than 1024 work-items is rejected where its kernel is launched, as Microsoft's
// compiler does (SPEC §7).
// expect-error: a tile holds at most 1024 work-items
#include <amp.h>

int main() {
  concurrency::tiled_extent<64, 32> t = concurrency::extent<2>(64, 64).tile<64, 32>();
  concurrency::parallel_for_each(t, [](concurrency::tiled_index<64, 32> i) restrict(amp) { (void)i; });
}
