// index<1> i = 5; is rejected: the one-coordinate constructor is explicit, so an int does not
// silently become an index (SPEC §4.1; the same holds for extent<1>, SPEC §4.2).
// expect-error: conversion from .*int.* to non-scalar type|no viable conversion from 'int'
#include <amp.h>

int main() {
  concurrency::index<1> i = 5;
  (void)i;
}
