#!/bin/bash
# instructions.sh BUILD: instructions per launch of the seed's transpose on the fake GPU, from
# callgrind runs of `many` with 1000 and 3000 launches (the difference over 2000 launches):
# the whole program, the parallel_for_each call, the queue thread's command loop, and wait().
export LD_LIBRARY_PATH=$PWD/build/gpu-pack/tests/fake_cuda
b=$1
for n in 1000 3000; do
  valgrind --tool=callgrind --callgrind-out-file=$b/cg$n.out $b/many $n > /dev/null 2>&1
  callgrind_annotate --inclusive=yes $b/cg$n.out 2>/dev/null | grep -E "^ *[0-9,]+ \(" | sed -E 's/ \([ 0-9.]+%\)//' |
    awk '{gsub(",","",$1); c=$1; $1=""; print c "\t" $0}' > $b/inc$n.txt
done
for f in "PROGRAM TOTALS" "launch_elsewhere<Concurrency::tiled_extent" "command_queue::shared_state::run_commands()" "command_queue::wait()" "operator new(unsigned long)" "pthread_mutex_lock@@"; do
  awk -F'\t' -v f="$f" 'NR==FNR{if (index($2,f)) a=$1; next} index($2,f){printf "%8.0f  %s\n", ($1-a)/2000, f; exit}' $b/inc1000.txt $b/inc3000.txt
done
