// The pieces every fuzz check shares: decoding input bytes into bounded values, reporting a
// mismatch, and expecting a documented exception.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace ample_fuzz {

/// input decodes fuzz bytes into values. Every value is bounded by the caller's range, so no
/// input can ask for a huge allocation or a long loop. Past the last byte every byte reads 0:
/// a short input is a valid input whose tail is zeros, which keeps the decoding total.
class input {
 public:
  input(const std::uint8_t* data, std::size_t size) noexcept : next_(data), end_(data + size) {}

  bool empty() const noexcept { return next_ == end_; }
  std::uint8_t byte() noexcept { return next_ == end_ ? 0 : *next_++; }
  bool flag() noexcept { return (byte() & 1) != 0; }

  /// in_range(lo, hi) returns a value in [lo, hi]; the range may span at most 65536 values.
  int in_range(int lo, int hi) noexcept {
    const unsigned span = static_cast<unsigned>(hi - lo) + 1;
    unsigned raw = byte();
    if (span > 256) raw = raw << 8 | byte();
    return lo + static_cast<int>(raw % span);
  }

  /// any_int() is mostly a small value in [-3, 12], where the boundaries of small shapes lie,
  /// and sometimes an edge of int's range or four raw bytes: the values that overflow a sum
  /// or a product inside a bounds check.
  int any_int() noexcept {
    static constexpr int edges[] = {INT_MIN, INT_MIN + 1, -65536, -2, -1, 0, 1, 65535, 65536,
                                    1 << 30, INT_MAX - 1, INT_MAX};
    const std::uint8_t b = byte();
    if (b < 200) return b % 16 - 3;
    if (b < 240) return edges[(b - 200) % std::size(edges)];
    std::uint32_t raw = 0;
    for (int i = 0; i < 4; ++i) raw = raw << 8 | byte();
    return static_cast<int>(raw);
  }

 private:
  const std::uint8_t* next_;
  const std::uint8_t* end_;
};

/// check_failure is a disagreement between Ample and the reference model.
class check_failure : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] inline void fail(const std::string& message) { throw check_failure(message); }

/// expect_throw<E>(name, what, f) runs f and fails unless it throws E or a type derived from
/// it. Any other exception propagates, so it is reported as unexpected.
template <class E, class F>
void expect_throw(const char* name, const std::string& what, F&& f) {
  try {
    f();
  } catch (const E&) {
    return;
  }
  fail(what + ": expected " + name + ", nothing was thrown");
}

/// with_rank(r, f) calls f(std::integral_constant<int, r>{}) for a rank r in 1..3, so a check
/// written for any rank runs at the rank an input chose.
template <class F>
void with_rank(int rank, F&& f) {
  switch (rank) {
    case 1: f(std::integral_constant<int, 1>{}); return;
    case 2: f(std::integral_constant<int, 2>{}); return;
    default: f(std::integral_constant<int, 3>{}); return;
  }
}

using check_function = void (*)(const std::uint8_t*, std::size_t);

/// failure_of() runs a check on one input and returns what went wrong, or "" if nothing did.
/// An exception that is not a check_failure escaped from Ample where none was documented.
inline std::string failure_of(check_function check, const std::uint8_t* data, std::size_t size) {
  try {
    check(data, size);
    return {};
  } catch (const check_failure& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("unexpected exception: ") + e.what();
  }
}

/// fuzz_one() is the body of each LLVMFuzzerTestOneInput: a failed check aborts, which
/// libFuzzer reports as a crash, saving the input that caused it.
inline int fuzz_one(check_function check, const std::uint8_t* data, std::size_t size) {
  const std::string failure = failure_of(check, data, size);
  if (failure.empty()) return 0;
  std::fprintf(stderr, "ample fuzz check failed: %s\n", failure.c_str());
  std::abort();
}

}  // namespace ample_fuzz
