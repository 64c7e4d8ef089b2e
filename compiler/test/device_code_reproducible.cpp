// The device-code pass gives the same module in every run: nothing it emits may follow the
// addresses of LLVM's objects, which differ between runs. The input is the divergent-barrier
// test's, where kernels the pass declines come before kernels it compiles: in it NVPTX once
// took a freed module's answers for a new kernel, which then came out a `.func`, in 1 run of 8
// (ExtractDeviceCode.cpp, DeviceModules).
// RUN: %front_end %S/device_code_divergent_barrier.cpp -o %t.ll
// RUN: %ample_device_code %t.ll -o %t.first 2>/dev/null
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: %ample_device_code %t.ll -o %t.again 2>/dev/null && diff %t.first %t.again
// RUN: FileCheck %s < %t.first
// CHECK-COUNT-2: .visible .entry
// CHECK-NOT: .visible .func
