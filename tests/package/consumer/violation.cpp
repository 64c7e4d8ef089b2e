// A kernel calling a host function: the installed restriction checker refuses it (C3930).
#include <amp.h>

int host_only(int x) { return x + 1; }

int main() {
  int values[4] = {};
  concurrency::array_view<int, 1> view(4, values);
  concurrency::parallel_for_each(view.extent, [=](concurrency::index<1> i) restrict(amp) { view[i] = host_only(i[0]); });
}
