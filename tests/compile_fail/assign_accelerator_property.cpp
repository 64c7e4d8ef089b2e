// accelerator_view::accelerator is a read-only property: a view's accelerator is fixed when the
// view is made (SPEC §3.3), and MSVC's property has no setter.
// expect-error: (private within this context|is a private member)
#include <amp.h>

int main() {
  concurrency::accelerator_view av = concurrency::accelerator().default_view;
  const concurrency::accelerator cpu(concurrency::accelerator::cpu_accelerator);
  const concurrency::accelerator_view other = cpu.default_view;
  av.accelerator = other.accelerator;
}
