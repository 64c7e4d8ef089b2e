// A view of a class with a virtual base (and no virtual function) is refused: such a class is
// no amp-compatible element type (C3581), as one with virtual functions is not.
// expect-error: array_view element cannot have virtual bases
#include <amp.h>

#include <vector>

struct counted {
  int count = 0;
};
struct tally : virtual counted {
  int total = 0;
};

int main() {
  std::vector<tally> tallies(4);
  concurrency::array_view<tally, 1> view(4, tallies);
  (void)view;
}
