// Pattern: a dependent type name without `typename` (Visual C++ before /permissive-).
// Fix: write `typename C::const_iterator`.
// plain: rejected
// kit: rejected
#include <vector>
template <class C>
int first(const C& c) {
  C::const_iterator it = c.begin();
  return *it;
}
int use() { return first(std::vector<int>{1}); }
