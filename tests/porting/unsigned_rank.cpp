// Pattern: a function template with an `unsigned int` rank parameter deduced from
// array_view<T, N>, whose N is `int` (Visual C++ deduced it anyway; C++ does not).
// Fix: declare the parameter `int Rank`.
// plain: rejected
// kit: rejected
#include <amp.h>
template <typename T, unsigned int Rank>
void fill(concurrency::array_view<T, Rank> v, T x) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<Rank> i) restrict(amp) { v[i] = x; });
}
void use() {
  concurrency::array_view<int, 2> v(2, 2);
  fill(v, 3);
}
