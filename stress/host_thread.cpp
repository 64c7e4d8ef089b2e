// host_thread: slots, regions, views, the checks and the operation loop (operations.cpp has
// the operations themselves).
#include "host_thread.hpp"

#include <cstdio>

#include "workload.hpp"

namespace ample_stress {

std::string region::describe() const {
  auto list = [this](const int* v) {
    std::string s = "(";
    for (int d = 0; d < rank; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
    return s + ")";
  };
  if (strided) return list(ext) + " at " + list(origin) + " of " + list(parent);
  return list(ext) + " from element " + std::to_string(base);
}

const char* kind_name(kind k) {
  switch (k) {
    case kind::host_vector: return "vector";
    case kind::array: return "array";
    case kind::staging: return "staging";
    case kind::implicit_view: return "view";
    case kind::stripe: return "stripe";
  }
  return "?";
}

std::uint64_t checksum(const word* w, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    h = (h ^ (w[i] + (static_cast<std::uint64_t>(i) << 32))) * 0x100000001b3ull;
  }
  return h;
}

std::string hex(word w) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", w);
  return text;
}

host_thread::host_thread(run_state& run, int id)
    : run_(run),
      id_(id),
      rng_(run.opt.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(id) + 1),
      status_(run.status[id]),
      own_view_(accelerator().create_view()),
      own_ref_view_(accelerator(accelerator::direct3d_ref).create_view()) {
  begin("creating the stripe slot");
  auto s = std::make_unique<slot>();
  s->k = kind::stripe;
  s->name = "t" + std::to_string(id) + ".stripe";
  s->length = run_.stripe_words;
  s->model.resize(s->length);
  for (word& w : s->model) w = random_word();
  concurrency::copy(s->model.begin(), s->model.end(), stripe_view());
  s->unverified_writes = s->model.size();
  slots_.push_back(std::move(s));
  for (int i = 0; i < 3; ++i) slots_.push_back(new_slot());
}

void host_thread::begin(std::string what) {
  doing_ = "host thread " + std::to_string(id_) + " op " + std::to_string(ops_) + ": " + std::move(what);
  status_.begin(doing_);
}

void host_thread::fail(const slot* s, const std::string& problem) {
  std::string text = problem;
  if (s) {
    text += "\n  last operations that wrote to " + s->name + ":";
    for (const std::string& h : s->history) text += "\n    " + h;
  }
  run_.fail(doing_, text);
}

// slot_name() appends piece by piece: GCC 12 warns (-Wrestrict, a false positive) about
// "literal" + std::string temporaries here.
std::string host_thread::slot_name(const char* what) {
  std::string name = "t";
  name += std::to_string(id_);
  name += '.';
  name += what;
  name += std::to_string(++serial_);
  return name;
}

int host_thread::random_length() {
  const int roll = uniform(0, 99);
  if (roll < 50) return uniform(1, 4096);
  if (roll < 90) return uniform(4097, 65536);
  return uniform(65537, 262144);
}

accelerator_view host_thread::pick_view(std::string& name) {
  const int choice = uniform(0, 6);
  // A default accelerator with memory of its own (REF, a GPU) queues launches: on a view that
  // threads share, one thread's kernel fault could surface in another's wait().
  if ((choice == 0 || choice == 6) && !accelerator().get_supports_cpu_shared_memory()) {
    name = "own view (for the queued default view)";
    return own_view_;
  }
  switch (choice) {
    case 0: name = "default view"; return accelerator().default_view;
    case 1: name = "own view"; return own_view_;
    case 2:
      name = "new view";
      return accelerator().create_view(chance(0.5) ? concurrency::queuing_mode_immediate
                                                   : concurrency::queuing_mode_automatic);
    case 3: name = "WARP"; return accelerator(accelerator::direct3d_warp).default_view;
    case 4: name = "new WARP view"; return accelerator(accelerator::direct3d_warp).create_view();
    case 5: name = "REF"; return own_ref_view_;
    default: name = "auto-selection view"; return accelerator::get_auto_selection_view();
  }
}

std::unique_ptr<slot> host_thread::new_slot() {
  auto s = std::make_unique<slot>();
  s->length = random_length();
  s->model.resize(s->length);
  for (word& w : s->model) w = random_word();
  const int roll = uniform(0, 99);
  s->k = roll < 35 ? kind::host_vector : roll < 65 ? kind::array : roll < 75 ? kind::staging : kind::implicit_view;
  s->name = slot_name(kind_name(s->k));
  const extent<1> e(s->length);
  std::string view_name;
  switch (s->k) {
    case kind::host_vector:
      s->host = s->model;
      if (chance(0.5)) {
        s->view.emplace(s->length, s->host);
        run_.count.views.fetch_add(1, std::memory_order_relaxed);
      }
      break;
    case kind::array: {
      const accelerator_view av = pick_view(view_name);
      if (chance(0.5)) {
        s->arr = std::make_unique<array<word, 1>>(e, s->model.begin(), s->model.end(), av);
      } else {
        s->arr = std::make_unique<array<word, 1>>(e, av);
        concurrency::copy(s->model.begin(), s->model.end(), *s->arr);
      }
      s->name += " on " + view_name;
      break;
    }
    case kind::staging:
      s->arr = std::make_unique<array<word, 1>>(e, s->model.begin(), s->model.end(),
                                                accelerator(accelerator::cpu_accelerator).default_view,
                                                accelerator().default_view);
      break;
    case kind::implicit_view:
      s->view.emplace(e);
      concurrency::copy(s->model.begin(), *s->view);
      break;
    case kind::stripe: break;
  }
  if (s->k != kind::host_vector) run_.count.arrays.fetch_add(1, std::memory_order_relaxed);
  s->unverified_writes = s->model.size();
  s->history.push_back("created with " + std::to_string(s->length) + " words");
  return s;
}

slot& host_thread::pick_slot(bool for_kernels) {
  for (;;) {
    slot& s = *slots_[uniform(0, static_cast<int>(slots_.size()) - 1)];
    if (!for_kernels || s.runs_kernels()) return s;
  }
}

array_view<word, 1> host_thread::stripe_view() {
  run_.count.views.fetch_add(1, std::memory_order_relaxed);
  const array_view<word, 1> all(static_cast<int>(run_.shared_words.size()), run_.shared_words);
  return all.section(id_ * run_.stripe_words, run_.stripe_words);
}

array_view<word, 1> host_thread::whole(slot& s) {
  switch (s.k) {
    case kind::host_vector:
      if (s.view && chance(0.5)) return *s.view;
      run_.count.views.fetch_add(1, std::memory_order_relaxed);
      return array_view<word, 1>(s.length, s.host);
    case kind::stripe:
      if (s.view && chance(0.5)) return *s.view;
      return stripe_view();
    case kind::array:
    case kind::staging:
      run_.count.views.fetch_add(1, std::memory_order_relaxed);
      return array_view<word, 1>(*s.arr);
    case kind::implicit_view: break;
  }
  return *s.view;
}

word* host_thread::host_data(slot& s) {
  switch (s.k) {
    case kind::host_vector: return s.host.data();
    case kind::stripe: return run_.shared_words.data() + static_cast<std::size_t>(id_) * run_.stripe_words;
    case kind::array:
    case kind::staging:
      // An array without CPU access (REF's default) is read through a view over it, whose
      // data() copies it to the host.
      if (word* p = s.arr->data()) return p;
      return array_view<word, 1>(*s.arr).data();
    case kind::implicit_view: break;
  }
  return s.view->data();
}

/// before_host_access() is what C++ AMP asks before the host reads data a view may have
/// written: synchronize it, in one of its spellings.
void host_thread::before_host_access(slot& s) {
  if (!s.view) return;
  switch (uniform(0, 3)) {
    case 0: s.view->synchronize(); break;
    case 1: s.view->synchronize_async().get(); break;
    case 2: s.view->synchronize(concurrency::access_type_read_write); break;
    default: s.view->synchronize_to(accelerator(accelerator::cpu_accelerator).default_view); break;
  }
  run_.count.syncs.fetch_add(1, std::memory_order_relaxed);
}

/// after_host_write() tells a persistent view over host memory that the host changed it.
void host_thread::after_host_write(slot& s) {
  if (!s.has_host_view()) return;
  s.view->refresh();
  run_.count.syncs.fetch_add(1, std::memory_order_relaxed);
}

/// pick_region() chooses an extent of `rank` whose dimensions are multiples of `tile`, with
/// at most min(limit, length) elements, and places it in a slot of `length` words; false if
/// even one tile does not fit. For a `tiled` launch, at most 65535 tiles along a dimension
/// (C++ AMP's limit: more is refused).
bool host_thread::pick_region(int length, int rank, const std::array<int, 3>& tile, std::int64_t limit,
                              region& r, bool tiled) {
  constexpr std::int64_t most_tiles = 65535;
  limit = std::min<std::int64_t>(limit, length);
  std::int64_t unit = 1;
  for (int d = 0; d < rank; ++d) unit *= tile[d];
  if (unit > limit) return false;
  std::int64_t m = log_uniform(1, limit / unit);
  r = region{};
  r.rank = rank;
  for (int d = 0; d < rank; ++d) {
    std::int64_t md = m;
    if (d < rank - 1) {
      const auto even = static_cast<std::int64_t>(std::pow(static_cast<double>(m), 1.0 / (rank - d)));
      md = uniform64(1, std::min<std::int64_t>(m, std::max<std::int64_t>(1, 2 * even)));
      m /= md;
    }
    if (tiled) md = std::min(md, most_tiles);
    r.ext[d] = static_cast<int>(tile[d] * md);
  }
  place(r, length);
  return true;
}

/// place() puts region r's extent into a slot of `length` words: contiguous from a random
/// element, or (rank 2 and 3, half the time) as a section of a larger parent shape.
void host_thread::place(region& r, int length) {
  r.strided = r.rank >= 2 && chance(0.5);
  if (!r.strided) {
    r.base = uniform64(0, length - r.size());
    return;
  }
  r.base = 0;
  for (int d = 0; d < r.rank; ++d) r.parent[d] = r.ext[d];
  for (int d = 0; d < r.rank; ++d) {
    std::int64_t others = 1;
    for (int k = 0; k < r.rank; ++k)
      if (k != d) others *= r.parent[k];
    const std::int64_t most = std::min<std::int64_t>(length / others, 2LL * r.ext[d] + 7);
    r.parent[d] = static_cast<int>(uniform64(r.ext[d], std::max<std::int64_t>(r.ext[d], most)));
  }
  for (int d = 0; d < r.rank; ++d) r.origin[d] = uniform(0, r.parent[d] - r.ext[d]);
}

/// settle() checks region r of slot s after an operation meant to write `next` there. After a
/// complete operation every element must hold its new value. After a launch that threw, C++
/// AMP and Ample guarantee no more than this: each work-item that ran wrote its element, the
/// others wrote nothing, and nothing runs after parallel_for_each has thrown; so each element
/// holds its old or its new value, and the model adopts what is there. `counted` (when not
/// -1) is the launch's atomic count of its writes, which must agree.
void host_thread::settle(slot& s, const region& r, const std::vector<word>& next, bool partial,
                         std::int64_t counted) {
  before_host_access(s);
  const word* data = host_data(s);
  const std::int64_t n = r.size();
  std::int64_t changed = 0, ambiguous = 0;
  for (std::int64_t p = 0; p < n; ++p) {
    const std::int64_t at = r.element(p);
    const word actual = data[at], old = s.model[at], now = next[p];
    if (actual == now) {
      (now != old ? changed : ambiguous) += 1;
      continue;
    }
    if (partial && actual == old) continue;
    return fail(&s, s.name + " element " + std::to_string(at) + " (position " + std::to_string(p) + " of " +
                        r.describe() + ") holds " + hex(actual) + ", expected " + hex(now) +
                        (partial ? " or the old " : "; before the operation it held ") + hex(old));
  }
  if (counted >= 0 && (partial ? (counted < changed || counted > changed + ambiguous) : counted != n))
    return fail(&s, "the kernel counted " + std::to_string(counted) + " writes, but " + std::to_string(changed) +
                        " elements changed (" + std::to_string(ambiguous) + " more kept their value) of " +
                        std::to_string(n));
  for (std::int64_t p = 0; p < n; ++p) {
    const std::int64_t at = r.element(p);
    s.model[at] = partial ? data[at] : next[p];
  }
  s.unverified_writes += static_cast<std::uint64_t>(partial ? changed : n);
  run_.count.elements_checked.fetch_add(static_cast<std::uint64_t>(n), std::memory_order_relaxed);
  record(s);
}

/// verify_slot() compares a slot's checksum with its model's; on a mismatch it names the first
/// element that differs.
bool host_thread::verify_slot(slot& s) {
  before_host_access(s);
  const word* data = host_data(s);
  const auto n = static_cast<std::size_t>(s.length);
  if (checksum(data, n) != checksum(s.model.data(), n)) {
    std::size_t i = 0;
    while (i < n && data[i] == s.model[i]) ++i;
    fail(&s, "checksum of " + s.name + " differs from its model: element " + std::to_string(i) + " holds " +
                 hex(data[i]) + ", the model " + hex(s.model[i]));
    return false;
  }
  run_.count.writes_verified.fetch_add(s.unverified_writes, std::memory_order_relaxed);
  run_.count.elements_checked.fetch_add(n, std::memory_order_relaxed);
  s.unverified_writes = 0;
  return true;
}

void host_thread::run(std::chrono::steady_clock::time_point end) {
  while (!run_.stop.load(std::memory_order_relaxed) && std::chrono::steady_clock::now() < end) {
    ++ops_;
    const int roll = uniform(0, 999);
    if (roll < 250) op_kernel(false);
    else if (roll < 560) op_kernel(true);
    else if (roll < 690) op_copy();
    else if (roll < 770) op_host_write();
    else if (roll < 830) op_toggle_view();
    else if (roll < 870) op_replace_slot();
    else if (roll < 920) op_misuse();
    else if (roll < 925) op_reconfigure();
    else if (roll < 935) op_short_thread();
    else if (roll < 950) op_array_relay();
    else {
      slot& s = pick_slot(false);
      begin("verify " + s.name);
      verify_slot(s);
    }
  }
}

void host_thread::finish() {
  if (run_.failed.load()) return;
  for (auto& s : slots_) {
    begin("final verification of " + s->name);
    if (!verify_slot(*s)) return;
  }
  run_.stripe_models[id_] = slots_[0]->model;
  begin("destroying slots");
  slots_.clear();
}

void run_host_thread(run_state& run, int id, std::chrono::steady_clock::time_point end) {
  thread_status& status = run.status[id];
  status.progress_ns.store(thread_status::now_ns());
  status.active.store(true);
  try {
    host_thread t(run, id);
    t.run(end);
    t.finish();
  } catch (const std::exception& e) {
    run.fail("host thread " + std::to_string(id) + ": " + status.describe(),
             std::string("uncaught exception: ") + e.what());
  } catch (...) {
    run.fail("host thread " + std::to_string(id) + ": " + status.describe(), "uncaught exception of unknown type");
  }
  status.active.store(false);
}

}  // namespace ample_stress
