// An array of a class with virtual functions is refused: such a class is no amp-compatible
// element type (C3581).
// expect-error: array element cannot have virtual functions
#include <amp.h>

struct shape {
  virtual ~shape() = default;
  int sides = 0;
};

int main() {
  concurrency::array<shape, 1> shapes(4);
  (void)shapes;
}
