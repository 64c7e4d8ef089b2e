// C3586: amp-restricted code uses no global, namespace-scope, extern or static variable and no
// static data member; only tile_static variables are shared. A constant read for its value
// (a tile size declared `static const int`, a `const float` with a constant initializer) is no
// use of a variable and stays allowed; a reference to one is.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

int counter = 0;
extern int elsewhere;
namespace config {
int scale = 2;
}
struct settings {
  static int limit;
  static constexpr int width = 4;
};
int settings::limit = 8;
static const int tile_size = 16;
const float table[2] = {1.0f, 2.0f};
const float softening = 1e-6f;

float by_reference(const float& x) restrict(amp) { return x; }

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = counter;           // expected-error {{[C3586] 'counter': global, static and extern variables cannot be used}}
    data[i] += elsewhere;        // expected-error {{[C3586] 'elsewhere'}}
    data[i] += config::scale;    // expected-error {{[C3586] 'scale'}}
    data[i] += settings::limit;  // expected-error {{[C3586] 'limit'}}
    static int calls = 0;        // expected-error {{[C3586] 'calls'}}
    data[i] += calls + static_cast<int>(table[i[0] % 2]);  // expected-error {{[C3586] 'table'}} \
                                                           // expected-error {{[C3586] 'calls'}}
    data[i] += tile_size + settings::width;  // constants read for their values
    data[i] += static_cast<int>(softening);  // likewise
    data[i] += static_cast<int>(by_reference(softening));  // expected-error {{[C3586] 'softening'}}
  });
}

int main() {}
