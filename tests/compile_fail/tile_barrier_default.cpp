// tile_barrier cannot be default-constructed: a barrier belongs to one tile and is obtained from
// tiled_index::barrier; user code can only copy it (SPEC §4.5).
// expect-error: no matching (function for call to|constructor for initialization of).*tile_barrier
#include <amp.h>

int main() {
  concurrency::tile_barrier b;
  (void)b;
}
