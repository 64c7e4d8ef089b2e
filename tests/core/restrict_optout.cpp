// A translation unit that needs `restrict` for itself: AMPLE_NO_RESTRICT_MACRO keeps <amp.h>
// from defining the function-like macro, and #undef drops the one the ample::ample target
// force-included (AMPLE_FORCE_INCLUDE_RESTRICT).
#define AMPLE_NO_RESTRICT_MACRO
#undef restrict
#include <amp.h>

int restrict_identifier_value() {
  struct options {
    int restrict(int v) const { return v; }
  };
  int restrict = 40;
  return options{}.restrict(restrict + 2);
}
