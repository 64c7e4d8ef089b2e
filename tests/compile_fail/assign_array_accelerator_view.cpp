// array::accelerator_view is a read-only property: an array's storage belongs to the view it
// was made on (SPEC §5.1), and MSVC's property has no setter. Assigning the whole array is the
// way to move it.
// expect-error: (no match for .*operator=|no viable overloaded '=')
#include <amp.h>

int main() {
  concurrency::array<int, 1> a(4);
  a.accelerator_view = concurrency::accelerator(concurrency::accelerator::cpu_accelerator).default_view;
}
