// array::cpu_access_type is a read-only property: the CPU access type is fixed when the array is
// made, and MSVC's property has no setter. It reads as an access_type (the positive control
// compares, switches on and passes it).
// expect-error: (no match for .*operator=|no viable overloaded '=')
#include <amp.h>

int main() {
  concurrency::array<int, 1> a(4);
  a.cpu_access_type = concurrency::access_type_read;
}
