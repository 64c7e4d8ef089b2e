#!/bin/bash
# build.sh OUT: the probes of this folder, and the morning's hook_probe with newcount.cpp, built
# into OUT against build/gpu-pack/libample.a (./ample gpu-pack); run from the repository root.
set -e
out=$1
mkdir -p "$out"
here=docs/perf/2026-12-04-launch-allocations
morning=docs/perf/2026-12-04-gpu-check
cxx="clang++-19 -I bench -I src -I tests -I include -march=x86-64-v3 -O3 -DNDEBUG -g -std=gnu++20
  -include include/ample/restrict.hpp -fpass-plugin=build/gpu-pack/compiler/19/ample_barriers.so"
libs="build/gpu-pack/libample.a /usr/lib/x86_64-linux-gnu/libboost_context.a -ldl -lpthread"
for probe in split ref_split many one; do $cxx $here/$probe.cpp -o "$out/$probe" $libs; done
$cxx $morning/hook_probe.cpp $morning/newcount.cpp -o "$out/hook_newcount" $libs
