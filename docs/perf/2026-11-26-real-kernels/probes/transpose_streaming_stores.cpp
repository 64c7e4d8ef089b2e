// Probe: a 16 x 16-blocked transpose of 8192^2 floats in plain C++ with OpenMP, tiles in
// row-major, grouped (G x G) and column-major order, with ordinary and with streaming
// (non-temporal, _mm256_stream_ps) stores of 64-byte-aligned output rows, against memcpy.
//   clang++-19 -O3 -march=native -fopenmp transpose_streaming_stores.cpp
#include <immintrin.h>
#include <omp.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
constexpr int N = 8192;
static void tile16(const float* a, float* b, int ty, int tx, bool nt) {
  float sh[16][16];
  for (int i = 0; i < 16; i++) for (int j = 0; j < 16; j++) sh[i][j] = a[(ty*16+i)*N + tx*16+j];
  for (int i = 0; i < 16; i++) {
    float row[16];
    for (int j = 0; j < 16; j++) row[j] = sh[j][i];
    float* dst = b + (size_t)(tx*16+i)*N + ty*16;
    if (nt) { _mm256_stream_ps(dst, _mm256_loadu_ps(row)); _mm256_stream_ps(dst+8, _mm256_loadu_ps(row+8)); }
    else for (int j = 0; j < 16; j++) dst[j] = row[j];
  }
}
template<class F> double time(F f){ std::vector<double> t; for(int r=0;r<7;r++){auto t0=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now()-t0).count());} std::sort(t.begin(),t.end()); return t[3]*1e3;}
int main(){
  float* a=(float*)aligned_alloc(64,(size_t)N*N*4); float* b=(float*)aligned_alloc(64,(size_t)N*N*4);
  for(size_t i=0;i<(size_t)N*N;i++){a[i]=i%10;b[i]=0;}
  const int T=N/16;
  printf("memcpy %.1f\n", time([&]{
#pragma omp parallel
  { size_t n=(size_t)N*N, p=omp_get_num_threads(), me=omp_get_thread_num(); memcpy(b+n*me/p,a+n*me/p,(n/p)*4);} }));
  for (int nt=0; nt<2; nt++) {
  printf("rowmajor nt=%d %.1f\n", nt, time([&]{
#pragma omp parallel for schedule(static)
    for(int ty=0;ty<T;ty++) for(int tx=0;tx<T;tx++) tile16(a,b,ty,tx,nt); }));
  for (int G : {4, 8, 16, 32}) printf("grouped G=%d nt=%d %.1f\n", G, nt, time([&]{
#pragma omp parallel for schedule(static) collapse(2)
    for(int gy=0;gy<T;gy+=G) for(int gx=0;gx<T;gx+=G) for(int ty=gy;ty<gy+G;ty++) for(int tx=gx;tx<gx+G;tx++) tile16(a,b,ty,tx,nt); }));
  printf("colmajor nt=%d %.1f\n", nt, time([&]{
#pragma omp parallel for schedule(static)
    for(int tx=0;tx<T;tx++) for(int ty=0;ty<T;ty++) tile16(a,b,ty,tx,nt); }));
  }
  // check
  for(int i=0;i<N;i+=777) for(int j=0;j<N;j+=555) if(b[(size_t)j*N+i]!=a[(size_t)i*N+j]) {printf("bad\n");return 1;}
}
