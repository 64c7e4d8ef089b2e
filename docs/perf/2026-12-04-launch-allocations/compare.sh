#!/bin/bash
# compare.sh A B [rounds]: split (SPLIT=split_ref: ref_split) from two builds' folders, in
# turns; the median and the minimum of each figure over every line of every round. COLS picks
# the figures' columns (ref_split: COLS="3 5 9 11"; there "transpose" reads "two views").
export LD_LIBRARY_PATH=/work/main/build/gpu-pack/tests/fake_cuda
a=$1; b=$2; n=${3:-6}
rm -f /tmp/probe/cmp_a /tmp/probe/cmp_b
for i in $(seq $n); do $a/${SPLIT:-split} >> /tmp/probe/cmp_a; $b/${SPLIT:-split} >> /tmp/probe/cmp_b; done
for f in /tmp/probe/cmp_a /tmp/probe/cmp_b; do
  for col in ${COLS:-3 5 8 10}; do awk -v c=$col '{print $c}' $f | sort -g | awk '{v[NR]=$1} END{printf "%6.2f/%5.2f ", v[int((NR+1)/2)], v[1]}'; done; echo " <- $( [ $f = /tmp/probe/cmp_a ] && echo $a || echo $b) (empty call, empty total, transpose call, transpose total; median/min)"
done
