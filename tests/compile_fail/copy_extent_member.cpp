// Rule: a container's `extent` is read-only (Microsoft's property has no setter, SPEC §5.1/§5.2);
// copying another view's extent over it would re-shape the view behind its data.
// expect-error: (operator=|private)
#include <amp.h>
#include <vector>

int main() {
  std::vector<int> v(8);
  concurrency::array_view<int, 1> a(8, v), b(4, v);
  a.extent = b.extent;
}
