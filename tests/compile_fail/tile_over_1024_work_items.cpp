// A tile of more than 1024 work-items is rejected when the tile shape is written, as Microsoft's
// compiler does (SPEC §7).
// expect-error: a tile holds at most 1024 work-items
#include <amp.h>

int main() {
  concurrency::tiled_extent<64, 32> t = concurrency::extent<2>(64, 64).tile<64, 32>();
  (void)t;
}
