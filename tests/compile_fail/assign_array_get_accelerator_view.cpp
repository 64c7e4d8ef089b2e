// a.get_accelerator_view() = av; is rejected: it could only assign a temporary copy, never move
// the array, and Microsoft's compiler refuses it too.
// expect-error: (passing .*const.* discards qualifiers|no viable overloaded '=')
#include <amp.h>

int main() {
  concurrency::array<int, 1> a(4);
  a.get_accelerator_view() = concurrency::accelerator(concurrency::accelerator::cpu_accelerator).default_view;
}
