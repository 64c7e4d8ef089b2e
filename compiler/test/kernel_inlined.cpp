// A kernel's body is inlined into the loop over its work-items, where in_kernel is known and
// the host-only paths of its views fold away, so that the loop vectorises. This kernel reads
// and writes through projections (a[i][j]) in a function template: Clang's cost model alone
// leaves its call operator out of line, and the loop held a call until call_work_item() made
// it inline (docs/design/cpu-engine.md, "Barrier-free kernels").
// RUN: %full_o2 -Rpass=loop-vectorize %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: parallel_for.hpp:{{[0-9]+}}:{{[0-9]+}}: remark: vectorized loop
#include <amp.h>

using namespace concurrency;

template <class T>
void twice(const array_view<const T, 2>& a, const array_view<T, 2>& b) {
  parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i[0]][i[1]] = 2 * a[i[0]][i[1]]; });
}

template void twice<float>(const array_view<const float, 2>&, const array_view<float, 2>&);
