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

// cpu code calls only functions whose restriction includes cpu, and amp,cpu code only functions
// callable from both.
int amp_only(int x) restrict(amp) { return x; }
int both_ways(int x) restrict(amp, cpu) {
  return amp_only(x)      // expected-error {{[C3930] 'amp_only' cannot be called from cpu code: it is restrict(amp)}}
         + host_only(x);  // expected-error {{[C3930] 'host_only' cannot be called from amp-restricted code}}
}

// In amp code a call resolves among the amp-callable overloads only: none of pick's is viable
// for pick(1); count's amp overload is, but takes another number of arguments than the cpu one
// Clang chose, which Ample cannot rewrite in place.
int pick(int) restrict(cpu) { return 0; }
int pick(int*) restrict(amp) { return 1; }
int count(int, int = 0) restrict(cpu) { return 0; }
int count(long) restrict(amp) { return 1; }

// An implicit or defaulted special member has the restriction of what it calls: a class with a
// member whose constructor is restrict(cpu), or a default member initializer calling host code,
// cannot be made in amp code; one of amp-compatible members can.
struct host_made {
  host_made() {}
  int v = 0;
};
struct holds_host {
  host_made part;
};
struct default_init {
  int v = host_only(0);
};
struct both_made {
  both_made() restrict(amp, cpu) {}
  int v = 1;
};
struct holds_both {
  holds_both() = default;
  both_made part;
};

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
    data[i] += pick(1);   // expected-error {{[C3930] 'pick' cannot be called}}
    data[i] += count(1);  // expected-error {{this call of 'count' resolves to a restrict(amp) overload of other parameters}}
    holds_host made;      // expected-error {{[C3930] 'holds_host::holds_host' cannot be called}}
    default_init given;   // expected-error {{[C3930] 'default_init::default_init' cannot be called}}
    holds_both fine;
    data[i] += made.part.v + given.v + fine.part.v;
  });
}

// Host code may call all of the others.
int main() {
  int from_host = amp_only(1);  // expected-error {{[C3930] 'amp_only' cannot be called from cpu code: it is restrict(amp)}}
  int v[4] = {};
  launch(array_view<int, 1>(4, v));
  return host_only(0) + widget().value() + pick(0) + count(0) + from_host + both_ways(0) - 3;
}
