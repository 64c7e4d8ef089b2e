// C3581: amp-restricted code uses only int, unsigned int, long, unsigned long, float, double,
// bool, enums of those, pointers and references to them as locals, parameters and return
// types, pointers to data members of those types (not to member functions), and classes made
// of them without virtual functions, virtual bases or bit-fields.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

struct with_pointer {
  int* p;
};
struct with_bits {
  int low : 4;
};
struct with_virtual {
  virtual ~with_virtual() = default;
  int x;
};
struct counted {
  int count;
};
struct with_virtual_base : virtual counted {
  int total;
};
enum class small : char { a, b };

short twice(short x) restrict(amp) {  // expected-error {{[C3581] 'short': unsupported type}} \
                                      // expected-error {{[C3581] 'short': unsupported type}}
  return x;
}

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    char c = 1;                 // expected-error {{[C3581] 'char': unsupported type}}
    unsigned char uc = 1;       // expected-error {{[C3581] 'unsigned char': unsupported type}}
    short s = 1;                // expected-error {{[C3581] 'short': unsupported type}}
    long long ll = 1;           // expected-error {{[C3581] 'long long': unsupported type}}
    long double ld = 1;         // expected-error {{[C3581] 'long double': unsupported type}}
    wchar_t w = 1;              // expected-error {{[C3581] 'wchar_t': unsupported type}}
    volatile int v = 1;         // expected-error {{[C3581] 'volatile int' (volatile): unsupported type}}
    int x = 0;
    int* p = &x;
    int** pp = &p;              // expected-error {{[C3581] 'int **' (a pointer to a pointer): unsupported type}}
    with_pointer wp{};          // expected-error {{member 'p' of 'int *' (a pointer inside a class or an array)}}
    with_bits wb{};             // expected-error {{has a bit-field ('low')}}
    small e = small::a;         // expected-error {{(underlying type 'char')}}
    int (*f)(int) = nullptr;    // expected-error {{(a function pointer): unsupported type}}
    int (with_pointer::*m)() const = nullptr;  // expected-error {{[C3581] 'int (with_pointer::*)() const' (a pointer to a member function): unsupported type}}
    char with_bits::*narrow = nullptr;          // expected-error {{[C3581] 'char with_bits::*' (points to 'char'): unsupported type}}
    data[i] = c + uc + s + static_cast<int>(ll + ld) + w + v + **pp + static_cast<int>(e) + wp.p[0] + wb.low + (f != nullptr) + (m != nullptr) + (narrow != nullptr);
  });
}

int use_virtual(const with_virtual& object) restrict(amp) {  // expected-error {{[C3581] 'const with_virtual' has virtual functions}}
  return object.x;
}
int use_virtual_base(const with_virtual_base& object) restrict(amp) {  // expected-error {{[C3581] 'const with_virtual_base' has a virtual base}}
  return object.total;
}

int main() {
  int v[4] = {};
  launch(array_view<int, 1>(4, v));
}
