// C3930: amp-restricted code calls only functions whose restriction includes amp, along
// every call chain from a kernel (default arguments included); the error names the call chain.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <cmath>

using namespace concurrency;

int host_only(int x) { return x + 1; }
struct widget {
  int value() const { return 1; }
};

int helper(int x) restrict(amp) {
  return host_only(x);  // expected-error {{[C3930] 'host_only' cannot be called from amp-restricted code}}
}
int outer(int x) restrict(amp) {
  return helper(x);  // expected-note {{'helper' is called from 'outer' here}}
}

// A default argument is evaluated, and checked, where the call is.
int with_default(int x = host_only(0)) restrict(amp) {  // expected-error {{[C3930] 'host_only' cannot be called}}
  return x;
}

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = host_only(i[0]);  // expected-error {{[C3930] 'host_only' cannot be called from amp-restricted code}}
    data[i] += outer(1);        // expected-note {{'outer' is called from the kernel here}}
    widget w;
    data[i] += w.value();  // expected-error {{[C3930] 'widget::value' cannot be called}}
    data[i] += static_cast<int>(std::sqrt(2.0f));  // expected-error {{[C3930] 'std::sqrt' cannot be called}}
    data.synchronize();  // expected-error-re {{[C3930] 'Concurrency::array_view<int{{(, 1)?}}>::synchronize' cannot be called}}
    int* p = new int(1);  // expected-error {{[C3930] 'operator new' cannot be called}}
    delete p;             // expected-error {{[C3930] 'operator delete' cannot be called}}
    data[i] += with_default();
  });
}

// Host code may call all of them.
int main() {
  int v[4] = {};
  launch(array_view<int, 1>(4, v));
  return host_only(0) + widget().value() - 2;
}
