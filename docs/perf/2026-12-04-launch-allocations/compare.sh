#!/bin/bash
# compare.sh A B [rounds]: the probe named by SPLIT (split, or ref_split for REF) from two
# builds' folders (build.sh), in turns, from the repository root; the median and the minimum of
# each figure over every line of every round. COLS picks the figures' columns (ref_split:
# COLS="3 5 9 11", where "transpose" reads "two views").
export LD_LIBRARY_PATH=$PWD/build/gpu-pack/tests/fake_cuda
a=$1; b=$2; n=${3:-6}
rm -f /tmp/compare_a /tmp/compare_b
for i in $(seq $n); do $a/${SPLIT:-split} >> /tmp/compare_a; $b/${SPLIT:-split} >> /tmp/compare_b; done
for f in /tmp/compare_a /tmp/compare_b; do
  for col in ${COLS:-3 5 8 10}; do awk -v c=$col '{print $c}' $f | sort -g | awk '{v[NR]=$1} END{printf "%6.2f/%5.2f ", v[int((NR+1)/2)], v[1]}'; done; echo " <- $( [ $f = /tmp/compare_a ] && echo $a || echo $b) (empty call, empty total, transpose call, transpose total; median/min)"
done
