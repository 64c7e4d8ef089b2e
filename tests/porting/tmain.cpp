// Pattern: _tmain and <tchar.h>.
// Fix without the kit: `int main(int argc, char* argv[])`.
// plain: rejected
// kit: accepted
#include <tchar.h>
int _tmain(int argc, _TCHAR* argv[]) {
  (void)argv;
  return argc > 0 ? 0 : 1;
}
