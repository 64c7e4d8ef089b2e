// What every program of generate.py uses besides its kernels: input data, checksums, a function
// with barriers inside and the line each kernel prints (tests/tiled_fuzz/README.md).
#pragma once

#include <amp.h>
#include <amp_short_vectors.h>

#include <cstdio>
#include <exception>
#include <vector>

/// make_input() is kernel `kernel`'s input: `size` pseudo-random values.
inline std::vector<int> make_input(int size, int kernel) {
  std::vector<int> values(size);
  unsigned state = 2166136261u ^ unsigned(kernel);
  for (int& v : values) {
    state = state * 1664525u + 1013904223u;
    v = int(state >> 16);
  }
  return values;
}

/// make_output() is what kernel `kernel`'s output holds before it runs (elements a kernel does
/// not write keep it).
inline std::vector<int> make_output(int size, int kernel) {
  std::vector<int> values(size);
  for (int i = 0; i < size; ++i) values[i] = i * 7 + kernel;
  return values;
}

/// checksum() is the FNV-1a hash of `values`.
inline unsigned checksum(const std::vector<int>& values) {
  unsigned hash = 2166136261u;
  for (int v : values) hash = (hash ^ unsigned(v)) * 16777619u;
  return hash;
}

// exchange() writes `value` to the work-item's slot of `s` and returns the slot `shift` further on
// in each dimension (wrapping): barriers inside a called function. It waits after its read too,
// so that a call is a unit of its own for the generator's bookkeeping.
template <int D0>
unsigned exchange(const concurrency::tiled_index<D0>& t, unsigned (&s)[D0], unsigned value,
                  unsigned shift) restrict(amp) {
  s[t.local[0]] = value;
  t.barrier.wait();
  const unsigned got = s[(unsigned(t.local[0]) + shift) % D0];
  t.barrier.wait();
  return got;
}

template <int D0, int D1>
unsigned exchange(const concurrency::tiled_index<D0, D1>& t, unsigned (&s)[D0][D1], unsigned value,
                  unsigned shift) restrict(amp) {
  s[t.local[0]][t.local[1]] = value;
  t.barrier.wait();
  const unsigned got = s[(unsigned(t.local[0]) + shift) % D0][(unsigned(t.local[1]) + shift) % D1];
  t.barrier.wait();
  return got;
}

template <int D0, int D1, int D2>
unsigned exchange(const concurrency::tiled_index<D0, D1, D2>& t, unsigned (&s)[D0][D1][D2], unsigned value,
                  unsigned shift) restrict(amp) {
  s[t.local[0]][t.local[1]][t.local[2]] = value;
  t.barrier.wait();
  const unsigned got =
      s[(unsigned(t.local[0]) + shift) % D0][(unsigned(t.local[1]) + shift) % D1][(unsigned(t.local[2]) + shift) % D2];
  t.barrier.wait();
  return got;
}

/// report() runs one kernel and prints its checksum and the path its launch took; an exception
/// is printed in place of the checksum, so that it shows as a difference too.
template <class Kernel>
void report(int number, Kernel kernel) {
  const unsigned long long before = ample::detail::cpu::tiled_launches().compiled;
  try {
    const unsigned sum = kernel();
    const bool compiled = ample::detail::cpu::tiled_launches().compiled != before;
    std::printf("kernel %d: %u %s\n", number, sum, compiled ? "compiled" : "fibers");
  } catch (const std::exception& e) {
    std::printf("kernel %d: exception %s\n", number, e.what());
  }
}
