#!/usr/bin/env bash
# What awake, yielding workers cost another process: a CPU-bound neighbour (one busy thread per
# CPU, each counting loop iterations for 10 s) beside an Ample program that launches a small
# kernel every 30 ms (its workers never sleep with AMPLE_BLOCKTIME=200, always with 0), and
# beside nothing. Prints the neighbour's iterations per second for each case, alternating.
# Usage: neighbour_cost.sh <release build dir, with libample.a> [rounds]
set -euo pipefail
build=$1 rounds=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/busy.cpp" <<'CPP'
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
int main() {
  std::atomic<bool> stop{false};
  std::vector<unsigned long long> counts(std::thread::hardware_concurrency());
  std::vector<std::thread> threads;
  for (auto& c : counts)
    threads.emplace_back([&stop, &c] {
      unsigned long long local = 0;  // in a register: no line shared with the other threads
      while (!stop.load(std::memory_order_relaxed)) ++local;
      c = local;
    });
  std::this_thread::sleep_for(std::chrono::seconds(10));
  stop = true;
  unsigned long long total = 0;
  for (auto& t : threads) t.join();
  for (auto c : counts) total += c;
  std::printf("%.3g\n", total / 10.0);
}
CPP
cat > "$work/launcher.cpp" <<'CPP'
#include <amp.h>
#include <chrono>
#include <thread>
#include <vector>
int main() {
  std::vector<int> v(1024);
  concurrency::array_view<int, 1> av(1024, v);
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(11);
  while (std::chrono::steady_clock::now() < end) {
    concurrency::parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] += 1; });
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
}
CPP
g++ -O1 -std=c++20 -pthread "$work/busy.cpp" -o "$work/busy"
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
"$cxx" -std=c++20 -O2 -I"$(dirname "$0")/../../../include" -include ample/restrict.hpp "$work/launcher.cpp" \
  "$build/libample.a" -lboost_context -pthread -o "$work/launcher"
for round in $(seq "$rounds"); do
  for case in alone blocktime-0 blocktime-200; do
    case $case in
      alone) "$work/busy" > "$work/out" ;;
      blocktime-0) AMPLE_BLOCKTIME=0 "$work/launcher" & pid=$!; "$work/busy" > "$work/out"; wait $pid ;;
      blocktime-200) AMPLE_BLOCKTIME=200 "$work/launcher" & pid=$!; "$work/busy" > "$work/out"; wait $pid ;;
    esac
    echo "round $round $case: $(cat "$work/out") iterations/s"
  done
done
