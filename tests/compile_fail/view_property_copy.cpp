// Rule: array_view::source_accelerator_view cannot be copied out of its view
// (detail/view_property.hpp): it computes its value from the view around it. MSVC's
// `auto s = v.source_accelerator_view;` gives an accelerator_view; name the type instead.
// expect-error: (private within this context|calling a private constructor)
#include <amp.h>

int main() {
  int data[4] = {};
  concurrency::array_view<int, 1> v(4, data);
  auto source = v.source_accelerator_view;
  (void)source;
}
