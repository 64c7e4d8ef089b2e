// The headers the IR tests include, precompiled once per build for their front ends
// (compiler/plugin/CMakeLists.txt, lit.cfg.py).
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
