// Statements and expressions amp-restricted code may not contain: goto and labels (C3593),
// exception handling (C3594), dynamic_cast (C3587), typeid (C3591), inline assembly, integer
// literals wider than 32 bits (C3595), floating literals too big for their type (C2177), string
// literals (C3589), casts between pointers and integers (C3588).
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

#include <typeinfo>

using namespace concurrency;

struct shape {
  virtual ~shape() = default;
};

int jumps(int x) restrict(amp) {
  if (x > 0) goto done;  // expected-error {{[C3593] goto is not allowed in amp-restricted code}}
  x = -x;
done:  // expected-error {{[C3593] a label is not allowed in amp-restricted code}}
  return x;
}

int throws(int x) restrict(amp) {
  try {  // expected-error {{[C3594] exception handling ('try') is not allowed}}
    if (x < 0) throw x;  // expected-error {{[C3594] exception handling ('throw') is not allowed}}
  } catch (int) {
    return 0;
  }
  return x;
}

bool inspects(const shape& s) restrict(amp) {  // expected-error {{[C3581] 'const shape' has virtual functions}}
  bool same = typeid(s) == typeid(shape);        // expected-error {{[C3591] typeid is not allowed}} \
                                                 // expected-error {{[C3591] typeid is not allowed}} \
                                                 // expected-error {{[C3930] 'std::type_info::operator==' cannot be called}}
  return same && dynamic_cast<const shape*>(&s) != nullptr;  // expected-error {{[C3587] dynamic_cast is not allowed}} \
                                                             // expected-error {{[C3581] 'const shape *' (points to 'const shape' has virtual functions)}}
}

int assembles(int x) restrict(amp) {
  asm("nop");  // expected-error {{[C++ AMP] inline assembly is not allowed}}
  return x;
}

unsigned long literals() restrict(amp) {
  unsigned long wide = 0x100000000;  // expected-error {{[C3595] integer literal 4294967296 does not fit a 32-bit type}}
  float huge = 1e40f;  // expected-error {{[C2177] floating-point constant too big for 'float'}} \
                       // expected-warning {{magnitude of floating-point constant too large}}
  const char* text = "amp";  // expected-error {{[C3589] string literals are not allowed}} \
                             // expected-error {{[C3581] 'const char *' (points to 'const char'): unsupported type}}
  return wide + (text != nullptr) + static_cast<unsigned long>(huge > 0.0f);
}

int casts(int* p) restrict(amp) {
  long address = reinterpret_cast<long>(p);  // expected-error {{[C3588] casts between pointers and integers}}
  int* back = (int*)address;                 // expected-error {{[C3588] casts between pointers and integers}}
  return *back;
}

int main() {}
