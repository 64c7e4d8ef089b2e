// host_thread: one host thread of ample_stress, its slots (buffers of words, each with a host
// model) and the random operations it performs on them. host_thread.cpp holds the slots,
// regions and checks; operations.cpp the operations.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "common.hpp"
#include "kernels.hpp"

namespace ample_stress {

using concurrency::accelerator;
using concurrency::accelerator_view;
using concurrency::array;
using concurrency::array_view;
using concurrency::extent;
using concurrency::index;

constexpr int max_slots = 6;
constexpr std::size_t history_length = 6;

/// kind is where a slot's words live and through what the thread reaches them.
enum class kind {
  host_vector,    ///< a std::vector viewed by array_views (one may persist across operations)
  array,          ///< a concurrency::array on some accelerator_view
  staging,        ///< an array on the cpu_accelerator for the default view: copies only
  implicit_view,  ///< an array_view that owns its storage (array_view(extent))
  stripe,         ///< this thread's stripe of run_state::shared_words
};

/// kind_name() names a kind in slot names ("t2.array5").
const char* kind_name(kind k);

/// slot is one buffer of words and the host's model of what it must hold.
struct slot {
  kind k = kind::host_vector;
  std::string name;
  int length = 0;
  std::vector<word> host;                   ///< host_vector
  std::unique_ptr<array<word, 1>> arr;      ///< array, staging
  std::optional<array_view<word, 1>> view;  ///< persistent view (host_vector, stripe) or the storage
  std::vector<word> model;
  std::uint64_t unverified_writes = 0;  ///< writes applied to the model since the last checksum
  std::deque<std::string> history;      ///< the last operations that wrote to it

  bool runs_kernels() const noexcept { return k != kind::staging; }
  bool has_host_view() const noexcept { return view && (k == kind::host_vector || k == kind::stripe); }
};

/// checksum() is FNV-1a over the words and their positions.
std::uint64_t checksum(const word* w, std::size_t n);
/// hex() prints a word as 0x%08x.
std::string hex(word w);

template <int N>
extent<N> extent_of(const int* dims) {
  extent<N> e;
  for (int d = 0; d < N; ++d) e[d] = dims[d];
  return e;
}

/// make_view() views region `r` of the slot viewed by `whole`: a section reshaped by view_as,
/// or a section of the slot's first elements reshaped to the region's parent.
template <int N>
array_view<word, N> make_view(const array_view<word, 1>& whole, const region& r) {
  if (!r.strided) {
    const array_view<word, 1> part =
        whole.section(index<1>(static_cast<int>(r.base)), extent<1>(static_cast<int>(r.size())));
    return part.view_as(extent_of<N>(r.ext));
  }
  std::int64_t n = 1;
  for (int d = 0; d < N; ++d) n *= r.parent[d];
  const array_view<word, 1> first = whole.section(0, static_cast<int>(n));
  index<N> origin;
  for (int d = 0; d < N; ++d) origin[d] = r.origin[d];
  return first.view_as(extent_of<N>(r.parent)).section(origin, extent_of<N>(r.ext));
}

/// host_thread is the state of one host thread of the run: its random generator, its slots
/// (slot 0 is its stripe of the shared vector) and its own accelerator_view. Every operation
/// first names itself to the watchdog (begin()), then checks what it wrote (settle()).
class host_thread {
 public:
  host_thread(run_state& run, int id);
  void run(std::chrono::steady_clock::time_point end);
  void finish();

 private:
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  std::int64_t uniform64(std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng_);
  }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  word random_word() { return static_cast<word>(rng_()); }
  /// log_uniform() favours small values and still reaches `hi`.
  std::int64_t log_uniform(std::int64_t lo, std::int64_t hi) {
    const double x = std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi + 1.0))(rng_));
    return std::clamp(static_cast<std::int64_t>(x), lo, hi);
  }
  /// slot_name() is a new slot's name, "t<thread>.<what><serial>".
  std::string slot_name(const char* what);
  int random_length();
  std::int64_t budget() { return chance(0.1) ? 262144 : 65536; }

  accelerator_view pick_view(std::string& name);
  std::unique_ptr<slot> new_slot();
  slot& pick_slot(bool for_kernels);
  array_view<word, 1> stripe_view();
  array_view<word, 1> whole(slot& s);
  word* host_data(slot& s);
  void before_host_access(slot& s);
  void after_host_write(slot& s);
  bool pick_region(int length, int rank, const std::array<int, 3>& tile, std::int64_t limit, region& r,
                   bool tiled);
  void place(region& r, int length);

  void op_kernel(bool tiled);
  void op_misuse();
  void op_huge_array();
  template <int N>
  void run_launch(slot& s, const region& r, const launch_desc& d, const accelerator_view& av, const char* must_fail);
  void op_copy();
  template <int N>
  void copy_regions(slot& src, const region& rs, slot& dst, const region& rd, int how);
  void op_whole_copy(slot& src, slot& dst);
  void op_host_write();
  void op_toggle_view();
  void op_replace_slot();
  void op_reconfigure();
  void op_short_thread();
  void op_array_relay();

  void settle(slot& s, const region& r, const std::vector<word>& next, bool partial, std::int64_t counted);
  bool verify_slot(slot& s);
  void record(slot& s) {
    s.history.push_back(doing_);
    if (s.history.size() > history_length) s.history.pop_front();
  }
  void begin(std::string what);
  void fail(const slot* s, const std::string& problem);

  run_state& run_;
  const int id_;
  std::mt19937_64 rng_;
  thread_status& status_;
  accelerator_view own_view_;
  /// own_ref_view_ is this thread's REF queue: a queued launch's exception surfaces at its
  /// view's wait() or next launch, so a view shared by threads would hand one thread's
  /// faults to another.
  accelerator_view own_ref_view_;
  std::vector<std::unique_ptr<slot>> slots_;
  std::uint64_t ops_ = 0;
  std::uint64_t launches_ = 0;
  int serial_ = 0;
  std::string doing_;
};

}  // namespace ample_stress
