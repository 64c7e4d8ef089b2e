// tiled_extent<0> is rejected: a tile holds at least one work-item in each of its dimensions
// (SPEC §4.3).
// expect-error: tile sizes must be positive
#include <amp.h>

int main() {
  concurrency::tiled_extent<0> t;
  (void)t;
}
