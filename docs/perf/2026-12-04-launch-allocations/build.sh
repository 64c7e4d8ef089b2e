#!/bin/bash
# build.sh OUTDIR: the probes against the current build/gpu-pack/libample.a
cd /work/main
out=${1:-/tmp/probe}
mkdir -p $out
D=docs/perf/2026-12-04-gpu-check
CXX="clang++-19 -I bench -I src -I tests -I include -march=x86-64-v3 -O3 -DNDEBUG -include include/ample/restrict.hpp -fpass-plugin=build/gpu-pack/compiler/19/ample_barriers.so -std=gnu++20 -g"
L="build/gpu-pack/libample.a /usr/lib/x86_64-linux-gnu/libboost_context.a -ldl -lpthread"
$CXX /tmp/probe/split.cpp -o $out/split $L &&
$CXX $D/hook_probe.cpp $D/newcount.cpp -o $out/hook_newcount $L &&
$CXX /tmp/probe/one.cpp -o $out/one $L
