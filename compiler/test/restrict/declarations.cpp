// Restrictions of declarations: a definition says what its declaration said (C3935); an extern "C"
// function has one restriction (C3938) and one function of its name (C2733); a destructor covers
// its constructors' restrictions (C3933); an amp-only function is called, never pointed to (C2440);
// a class whose default constructor is restrict(cpu) cannot be made in amp code (C3930), while
// implicit and defaulted special members of amp-compatible classes can. Also the types of amp code
// that are no class: arithmetic on bool* (C3599) and std::nullptr_t variables (C3581).
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

#include <cstddef>

using namespace concurrency;

int scale(int x) restrict(amp);
int scale(int x) { return 2 * x; }  // expected-error {{[C3935] 'scale' is declared restrict(cpu) here but was declared restrict(amp) before}}

extern "C" int both_sides(int x) restrict(amp, cpu) { return x; }  // expected-error {{[C3938] extern "C" function 'both_sides' cannot have more than one restriction}}
extern "C" int one_side(int x) restrict(cpu);
extern "C" int one_side(int x) restrict(amp);  // expected-error {{[C2733] extern "C" function 'one_side' is overloaded on its restriction}}

struct host_made {
  host_made() {}
  int value = 1;
};
struct plain {
  int value = 2;
  plain() = default;
};

int make(int n) restrict(amp) {
  host_made h;  // expected-error {{[C3930] 'host_made::host_made' cannot be called from amp-restricted code}}
  plain p;
  plain q = p;
  bool flags[4] = {};
  bool* flag = &flags[1];
  flag += 1;                // expected-error {{[C3599] arithmetic on a pointer to bool is not allowed}}
  ++flag;                   // expected-error {{[C3599] arithmetic on a pointer to bool is not allowed}}
  std::nullptr_t none = nullptr;  // expected-error {{[C3581] 'std::nullptr_t': unsupported type}}
  return h.value + q.value + n + flags[2] + *flag + (none == nullptr);
}

struct made_in_kernels {
  made_in_kernels() restrict(amp, cpu) {}
  ~made_in_kernels() {}  // expected-error {{[C3933] the destructor of 'made_in_kernels' is restrict(cpu), but a constructor is restrict(amp, cpu)}}
};
struct covered {
  covered() restrict(amp) {}
  ~covered() restrict(amp, cpu) {}
};

int amp_only(int x) restrict(amp) { return x; }

void host_pointers() {
  int (*pointer)(int) = &amp_only;  // expected-error {{[C2440] 'amp_only' is restrict(amp): there are no pointers or references to amp functions}}
  int (&reference)(int) = amp_only;  // expected-error {{[C2440] 'amp_only' is restrict(amp)}}
  (void)pointer;
  (void)reference;
}

int main() {}
