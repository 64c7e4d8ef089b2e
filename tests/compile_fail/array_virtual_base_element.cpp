// An array of a class with a virtual base (and no virtual function) is refused: such a class
// is no amp-compatible element type (C3581), as one with virtual functions is not.
// expect-error: array element cannot have virtual bases
#include <amp.h>

struct counted {
  int count = 0;
};
struct tally : virtual counted {
  int total = 0;
};

int main() {
  concurrency::array<tally, 1> tallies(4);
  (void)tallies;
}
