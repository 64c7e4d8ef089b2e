// A restriction specifier is amp, cpu or direct3d, and a pair names amp and cpu once each
// (C3936). The macro cannot name what it does not know, so the error is the compiler's own, on
// an undeclared identifier that says what is wrong. (The checker runs only on programs Clang
// accepts: these errors have a file of their own.)
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

int unknown(int x) restrict(foo) { return x; }        // expected-error {{use of undeclared identifier 'C3936_unknown_restrict_specifier_foo'}}
int empty(int x) restrict() { return x; }             // expected-error {{use of undeclared identifier 'C3936_unknown_restrict_specifier_'}}
int repeated(int x) restrict(amp, amp) { return x; }  // expected-error {{use of undeclared identifier 'C3936_restrict_specifiers_are_not_amp_and_cpu_amp_amp'}}

// An amp function has no exception specification (C++ AMP refuses one). restrict(amp) is one
// already under Clang (docs/design/restrict-checker.md), so the parser refuses a second.
int specified(int x) restrict(amp) noexcept { return x; }  // expected-error {{expected function body after function declarator}}

int main() {}
