// Pattern: accelerator descriptions (std::wstring) written with std::wcout.
// plain: accepted
// kit: accepted
#include <amp.h>
#include <iostream>
void list() {
  for (const concurrency::accelerator& a : concurrency::accelerator::get_all()) std::wcout << a.description << std::endl;
}
