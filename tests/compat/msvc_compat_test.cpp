// A program in Visual C++'s dialect built through ample::msvc_compat (docs/porting.md): <tchar.h>
// and _tmain, __int64, wide output of an accelerator's description and, under GCC, a name from
// a dependent base class used without this-> (two-phase lookup, which -fpermissive relaxes;
// Clang has no switch for it that works with libstdc++). Exit status 0 is a pass.
// GCC warns where -fpermissive accepted something: that is the point here.
#include <tchar.h>

#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

template <typename T>
struct counter_base {
  T count = 0;
  void add(T v) { count += v; }
};

template <typename T>
struct counter : counter_base<T> {
#if defined(__clang__)
  void add_twice(T v) { this->add(v); this->add(v); }
#else
  void add_twice(T v) { add(v); add(v); }  // Visual C++ looked into the dependent base
#endif
};

int _tmain(int argc, _TCHAR* argv[]) {
  (void)argc;
  (void)argv;
  unsigned __int64 total = 0;
  std::vector<int> data(1000);
  array_view<int, 1> view(1000, data);
  parallel_for_each(view.extent, [=](concurrency::index<1> i) restrict(amp) { view[i] = i[0]; });
  view.synchronize();
  for (int v : data) total += static_cast<unsigned __int64>(v);
  counter<__int64> c;
  c.add_twice(21);
  // glibc gives a stream the orientation of its first use: after std::wcout, narrow output
  // such as _tprintf on stdout is dropped (docs/porting.md), so this program stays wide.
  std::wcout << accelerator().description << std::endl;
  if (total != 999ull * 1000 / 2 || c.count != 42) {
    std::wcout << L"FAILED: total " << total << L", count " << c.count << std::endl;
    return 1;
  }
  std::wcout << L"PASSED, " << _tcslen(_T("tchar")) << L" characters through <tchar.h>" << std::endl;
  return 0;
}
