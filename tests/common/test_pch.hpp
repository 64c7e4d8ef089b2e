// The precompiled header of every test executable (ample_add_test, tests/CMakeLists.txt):
// GoogleTest and the standard library headers that <amp.h> and the tests include. Nothing of
// Ample's: tests define Ample's configuration macros (AMPLE_NO_RESTRICTION_CHECKS, ...) before
// they include <amp.h>, and a header parsed ahead of them would ignore those.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <future>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>
