#!/usr/bin/env bash
# The tour-then-bench order on a fresh machine: the tour configures a Clang build whose OpenMP
# runtime is another major's (libomp-14, what Debian's clang package brings), then the bench
# installs libomp-19-dev, which removes libomp-14. ./ample's configure must then re-run CMake
# with the OpenMP cache forgotten, or Ninja stops on the missing libomp.so (issue 29).
#
# Usage: openmp_reconfigure_test.sh <path to ./ample>. Runs ./ample's own configure() against a
# build dir it fakes, with stand-ins for cmake and the compiler in PATH that record their calls.
set -euo pipefail
ample=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Sourced, ./ample defines its functions and runs nothing.
# shellcheck source=/dev/null
source "$ample"
setup_colours
sanitize=''

mkdir -p "$work/bin"
printf '#!/bin/sh\necho "$@" >> %s/cmake.calls\n' "$work" > "$work/bin/cmake"
printf '#!/bin/sh\nexit 0\n' > "$work/bin/clang++-19"
chmod +x "$work/bin/cmake" "$work/bin/clang++-19"
PATH=$work/bin:$PATH
cd "$work"

failures=0
# expect_configure <what> <cached library or ''> <yes|no>: configure clang-19 over a build dir
# whose cache names that OpenMP library, and check whether CMake ran with the OpenMP cache
# forgotten.
expect_configure() {
  local what=$1 library=$2 expected=$3 ran=no
  rm -rf build "$work/cmake.calls"
  mkdir -p build/clang-19-release
  touch build/clang-19-release/build.ninja
  {
    printf 'CMAKE_CXX_COMPILER:FILEPATH=%s\n' "$work/bin/clang++-19"
    printf 'CMAKE_GENERATOR:INTERNAL=Ninja\n'
    if [[ -n $library ]]; then
      printf 'OpenMP_omp_LIBRARY:FILEPATH=%s\n' "$library"
    fi
  } > build/clang-19-release/CMakeCache.txt
  configure clang-19 > /dev/null
  if [[ -f $work/cmake.calls ]] && grep -q -- "-U OpenMP\*" "$work/cmake.calls"; then
    ran=yes
  fi
  if [[ $ran == "$expected" ]]; then
    echo "ok: $what"
  else
    echo "FAILED: $what: reconfigured: $ran, expected: $expected"
    failures=$((failures + 1))
  fi
}

touch "$work/libomp.so"
expect_configure "the cached libomp.so was removed (libomp-14-dev replaced)" /usr/lib/llvm-14-gone/lib/libomp.so yes
expect_configure "the cached libomp.so is still there" "$work/libomp.so" "$(
  # Where openmp_options names another runtime than the cached one, that is a move too.
  if openmp_options 19 | grep -q "OpenMP_omp_LIBRARY=" ; then echo yes; else echo no; fi)"
expect_configure "no OpenMP in the cache" '' no

if [[ $failures -ne 0 ]]; then
  echo "$failures failed"
  exit 1
fi
echo "3 passed, 0 failed"
