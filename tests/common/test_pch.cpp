// CMake makes a precompiled header only for a target that compiles something: this file is
// what ample_test_pch compiles (tests/CMakeLists.txt). Nothing links it.
#include "common/test_pch.hpp"
