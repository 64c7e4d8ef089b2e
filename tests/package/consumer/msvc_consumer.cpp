// Visual C++'s dialect through the installed ample::msvc_compat: <tchar.h>, _tmain, __int64.
#include <tchar.h>

#include <amp.h>

int _tmain(int argc, _TCHAR* argv[]) {
  (void)argv;
  __int64 total = argc;
  concurrency::array_view<int, 1> view(8);
  concurrency::parallel_for_each(view.extent, [=](concurrency::index<1> i) restrict(amp) { view[i] = 2; });
  for (int i = 0; i < 8; ++i) total += view[i];
  _tprintf(_T("msvc_consumer: %s\n"), total == 16 + argc ? "PASSED" : "FAILED");
  return total == 16 + argc ? 0 : 1;
}
