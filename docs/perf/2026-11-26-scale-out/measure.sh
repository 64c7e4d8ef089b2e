#!/usr/bin/env bash
# Weak and strong scaling of the distributed samples at 1, 2 and 4 ranks on this machine:
# each run 3 times (--no-check), raw AMPLE-MPI lines to stdout. Run from the repository root
# after ./ample mpi (build/clang-19-release). Launch flags as ./ample mpi's (mpi_run).
set -euo pipefail
dir=${1:-build/clang-19-release}/samples/mpi
cores=$(nproc)
# run <label> <ranks> <program> <args...>
run() {
  local label=$1 ranks=$2 threads flags=(--bind-to none --mca mpi_yield_when_idle 1) repeat
  shift 2
  threads=$((cores / ranks > 0 ? cores / ranks : 1))
  if ((ranks > cores)); then flags+=(--oversubscribe); fi
  for repeat in 1 2 3; do
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 AMPLE_NUM_THREADS=$threads \
      mpirun -n "$ranks" "${flags[@]}" "$@" --no-check | grep '^AMPLE-MPI' | sed "s/^AMPLE-MPI/$label/"
  done
}
weak_summa=([1]=768 [2]=960 [4]=1216)   # n^3 / ranks within 2 % of 768^3
for ranks in 1 2 4; do
  run strong "$ranks" "$dir/mpi_summa" 1024
  run weak "$ranks" "$dir/mpi_summa" "${weak_summa[$ranks]}"
  run strong "$ranks" "$dir/mpi_heat" 1024 1024 200
  run weak "$ranks" "$dir/mpi_heat" $((512 * ranks)) 1024 200
done
