// Replays fuzz inputs through the checks of the fuzz targets (fuzz/checks/), without libFuzzer,
// so that every compiler's suite runs them: the seed corpus (fuzz/corpus/<target>/), the
// inputs that once made a target fail (fuzz_regression/inputs/<target>/, see README.md), and
// a fixed sample of random inputs.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "checks/coordinate_check.hpp"
#include "checks/copy_check.hpp"
#include "checks/parallel_for_each_check.hpp"
#include "checks/section_check.hpp"
#include "checks/tiled_extent_check.hpp"
#include "checks/tiled_launch_check.hpp"

namespace {

namespace fs = std::filesystem;

struct fuzz_target {
  const char* name;  ///< as in fuzz/CMakeLists.txt: the binary is fuzz_<name>
  ample_fuzz::check_function check;
};

// PrintTo() names a target in test output, instead of dumping its bytes.
void PrintTo(const fuzz_target& target, std::ostream* os) { *os << target.name; }

const fuzz_target targets[] = {
    {"coordinate", ample_fuzz::check_coordinate},
    {"tiled_extent", ample_fuzz::check_tiled_extent},
    {"section", ample_fuzz::check_section},
    {"copy", ample_fuzz::check_copy},
    {"parallel_for_each", ample_fuzz::check_parallel_for_each},
    {"tiled_launch", ample_fuzz::check_tiled_launch},
};

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

/// hex() prints an input so that a failing random one can be saved as a regression input.
std::string hex(const std::vector<std::uint8_t>& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : bytes) s += {digits[b >> 4], digits[b & 15]};
  return s;
}

/// replay() checks every file in `dir` and returns how many there were.
int replay(const fuzz_target& target, const fs::path& dir) {
  int count = 0;
  if (!fs::is_directory(dir)) return count;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    const std::vector<std::uint8_t> bytes = read_bytes(entry.path());
    EXPECT_EQ(ample_fuzz::failure_of(target.check, bytes.data(), bytes.size()), "") << entry.path();
    ++count;
  }
  return count;
}

class FuzzReplayTest : public ::testing::TestWithParam<fuzz_target> {};

TEST_P(FuzzReplayTest, SeedCorpus) {
  const fs::path dir = fs::path(AMPLE_FUZZ_CORPUS_DIR) / GetParam().name;
  EXPECT_GT(replay(GetParam(), dir), 0) << "no seed inputs in " << dir;
}

TEST_P(FuzzReplayTest, Regressions) {
  replay(GetParam(), fs::path(AMPLE_FUZZ_REGRESSION_DIR) / GetParam().name);
}

// ThreadSanitizer builds run every work-item of a tile as a fiber of its own, which makes the
// launching targets tens of times slower there (GCC 12: tiled_launch took 26 s for the first
// 100 inputs under ctest -j2, most of it making TSan fibers): they replay the first 100.
#if defined(__SANITIZE_THREAD__)
constexpr int random_inputs = 100;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr int random_inputs = 100;
#else
constexpr int random_inputs = 1000;
#endif
#else
constexpr int random_inputs = 1000;
#endif

// The bytes come straight from mt19937, whose output the standard fixes, so every compiler and
// library replays the same inputs.
TEST_P(FuzzReplayTest, RandomInputs) {
  std::mt19937 random(20261122);
  for (int i = 0; i < random_inputs; ++i) {
    std::vector<std::uint8_t> bytes(random() % 96);
    for (std::uint8_t& b : bytes) b = static_cast<std::uint8_t>(random());
    ASSERT_EQ(ample_fuzz::failure_of(GetParam().check, bytes.data(), bytes.size()), "") << "input " << hex(bytes);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplayTest, ::testing::ValuesIn(targets),
                         [](const ::testing::TestParamInfo<fuzz_target>& info) { return std::string(info.param.name); });

}  // namespace
