// Probe: seed 003's tile_static transpose (variant 2) with its tiles visited in bands of G tile
// rows, column by column within a band (G = 1: the engine's row-major order), against memcpy.
// Build as a Clang consumer with the plugin (compiled tiles), e.g.
//   clang++-19 -std=c++20 -O3 -march=native -mprefer-vector-width=256 -I include \
//     -include include/ample/restrict.hpp -fpass-plugin=build/clang-19-release/compiler/19/ample_barriers.so \
//     transpose_tile_order.cpp build/clang-19-release/libample.a -lboost_context -lpthread
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#include <thread>
using namespace concurrency;
constexpr int BS = 16;
template <int G>
void transpose_g(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  const int T = b.extent[1] / BS;
  parallel_for_each(b.extent.tile<BS, BS>(), [=](tiled_index<BS, BS> t_idx) restrict(amp) {
    tile_static float sh[BS][BS];
    int ty = t_idx.tile[0], tx = t_idx.tile[1];
    if (G > 1) { const int linear = ty * T + tx; const int band = linear / (G * T), in = linear % (G * T); ty = band * G + in % G; tx = in / G; }
    int x = tx * BS, y = ty * BS;
    sh[t_idx.local[0]][t_idx.local[1]] = a(y + t_idx.local[0], x + t_idx.local[1]);
    t_idx.barrier.wait();
    b(x + t_idx.local[0], y + t_idx.local[1]) = sh[t_idx.local[1]][t_idx.local[0]];
  });
  b.synchronize();
}
template<class F> double tm(F f){ f(); std::vector<double> t; for(int r=0;r<7;r++){auto t0=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now()-t0).count());} std::sort(t.begin(),t.end()); return t[3]*1e3;}
int main(){
  for (int N : {4096, 8192}) {
  std::vector<float> in((size_t)N*N), out((size_t)N*N);
  for (size_t i = 0; i < in.size(); ++i) in[i] = i % 1000;
  array_view<const float,2> a(N,N,in); array_view<float,2> b(N,N,out);
  double m = tm([&]{ std::thread t([&]{ memcpy(out.data(), in.data(), in.size()*2); }); memcpy(out.data()+in.size()/2, in.data()+in.size()/2, in.size()*2); t.join(); });
  printf("N=%d memcpy %.1f | G1 %.1f | G4 %.1f | G8 %.1f | G16 %.1f | G32 %.1f\n", N, m, tm([&]{transpose_g<1>(a,b);}), tm([&]{transpose_g<4>(a,b);}), tm([&]{transpose_g<8>(a,b);}), tm([&]{transpose_g<16>(a,b);}), tm([&]{transpose_g<32>(a,b);}));
  }
}
