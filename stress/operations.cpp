// The operations of a host thread of ample_stress: kernel launches (with injected faults and
// misuse), copies, host writes, views made and dropped, slots replaced, engine reconfiguration.
#include <climits>
#include <thread>

#include "host_thread.hpp"

namespace ample_stress {

void host_thread::op_kernel(bool tiled) {
  slot& s = pick_slot(true);
  const int rank = uniform(1, 3);
  launch_desc d;
  d.salt = random_word();
  d.count = chance(0.3);
  region r;
  if (tiled) {
    const int v = uniform(0, 7);
    d.var = v == 0 ? variant::plain : v == 1 ? variant::fill : v < 4 ? variant::exchange : v < 6 ? variant::reduce
                                                                                               : variant::count;
    const std::int64_t limit = budget();
    d.tile_shape = uniform(0, shapes_per_rank - 1);
    // Shape 0 is a single work-item, which always fits.
    while (!pick_region(s.length, rank, tile_dims(rank, d.tile_shape), limit, r, true)) --d.tile_shape;
  } else {
    d.var = chance(0.1) ? variant::fill : variant::plain;
    pick_region(s.length, rank, {1, 1, 1}, budget(), r, false);
  }
  if (chance(0.15)) {
    d.faults.launch = (static_cast<std::uint64_t>(id_) << 48) | ++launches_;
    d.faults.count = uniform(1, 3);
    for (int i = 0; i < d.faults.count; ++i) {
      d.faults.position[i] = uniform64(0, r.size() - 1);
      d.faults.phase[i] = uniform(0, 2);
    }
    run_.count.exceptions.fetch_add(1, std::memory_order_relaxed);
  }
  std::string view_name = "its array's view";
  const accelerator_view av = s.arr ? s.arr->get_accelerator_view() : pick_view(view_name);
  begin("kernel " + d.describe(rank) + " on " + s.name + " " + r.describe() + " on " + view_name);
  switch (rank) {
    case 1: return run_launch<1>(s, r, d, av, nullptr);
    case 2: return run_launch<2>(s, r, d, av, nullptr);
    default: return run_launch<3>(s, r, d, av, nullptr);
  }
}

/// op_misuse() asks for what the runtime must refuse with runtime_exception: barrier
/// divergence, a launch from inside a kernel, a launch on the cpu_accelerator, an array larger
/// than the machine's memory (out_of_memory).
void host_thread::op_misuse() {
  const int roll = uniform(0, 9);
  run_.count.misuse.fetch_add(1, std::memory_order_relaxed);
  if (roll == 9 && ample::detail::buffer::memory_limit_bytes() > 0) return op_huge_array();
  if (roll < 6) {
    slot& s = pick_slot(true);
    const int rank = uniform(1, 3);
    launch_desc d;
    d.salt = random_word();
    d.var = variant::exchange;
    d.count = chance(0.3);
    region r;
    // Divergence needs two work-items in a tile: shapes 1 and up have at least two.
    d.tile_shape = uniform(1, shapes_per_rank - 1);
    while (d.tile_shape > 0 && !pick_region(s.length, rank, tile_dims(rank, d.tile_shape), budget(), r, true))
      --d.tile_shape;
    if (d.tile_shape > 0) {
      d.diverge = uniform64(0, r.size() - 1);
      std::string view_name = "its array's view";
      const accelerator_view av = s.arr ? s.arr->get_accelerator_view() : pick_view(view_name);
      begin("divergent kernel " + d.describe(rank) + " on " + s.name + " " + r.describe() + " on " + view_name);
      switch (rank) {
        case 1: return run_launch<1>(s, r, d, av, "barrier divergence");
        case 2: return run_launch<2>(s, r, d, av, "barrier divergence");
        default: return run_launch<3>(s, r, d, av, "barrier divergence");
      }
    }
  }
  // Also where no divergent tile fits the slot.
  const bool nested = roll < 8 || roll == 9;
  std::string view_name;
  const accelerator_view av = pick_view(view_name);
  const int items = uniform(1, 64);
  begin(nested ? "nested launch from " + std::to_string(items) + " work-items on " + view_name
               : "launch on the cpu_accelerator");
  const char* must = nested ? "inside a kernel" : "not supported";
  run_.count.kernels.fetch_add(1, std::memory_order_relaxed);
  try {
    if (nested) {
      launch_nested(av, items);
      av.wait();  // where a launch queued on REF reports its kernel's exception
    } else {
      launch_on_cpu_accelerator();
    }
    return fail(nullptr, std::string("launch returned normally; expected runtime_exception containing \"") + must +
                             "\"");
  } catch (const concurrency::runtime_exception& e) {
    if (std::string(e.what()).find(must) == std::string::npos)
      return fail(nullptr, std::string("runtime_exception \"") + e.what() + "\" does not say \"" + must + "\"");
    run_.count.misuse_caught.fetch_add(1, std::memory_order_relaxed);
  } catch (...) {
    return fail(nullptr, "unexpected exception type; expected runtime_exception");
  }
}

/// op_huge_array() allocates an array of twice the machine's RAM plus swap, which must raise
/// out_of_memory before any memory is taken, on a random view.
void host_thread::op_huge_array() {
  struct mebibyte {
    word words[(1 << 20) / sizeof(word)];
  };
  const std::size_t limit = ample::detail::buffer::memory_limit_bytes();
  const int n = static_cast<int>(std::min<std::size_t>(limit / sizeof(mebibyte) * 2 + 1, INT_MAX));
  std::string view_name;
  const accelerator_view av = pick_view(view_name);
  const bool implicit = chance(0.3);
  begin(std::string(implicit ? "array_view" : "array") + " of " + std::to_string(n) + " MiB on " + view_name);
  try {
    if (implicit) {
      const array_view<mebibyte, 1> v(n);
    } else {
      const array<mebibyte, 1> a(n, av);
    }
    return fail(nullptr, "no out_of_memory");
  } catch (const concurrency::out_of_memory& e) {
    const std::string size = std::to_string(static_cast<std::size_t>(n) * sizeof(mebibyte)) + " bytes";
    if (std::string(e.what()).find(size) == std::string::npos)
      return fail(nullptr, "out_of_memory does not name the size (" + size + "): " + e.what());
    run_.count.misuse_caught.fetch_add(1, std::memory_order_relaxed);
  } catch (const std::exception& e) {
    return fail(nullptr, std::string("expected out_of_memory, caught: ") + e.what());
  }
}

template <int N>
void host_thread::run_launch(slot& s, const region& r, const launch_desc& d, const accelerator_view& av,
                             const char* must_fail) {
  const std::vector<word> next = expected(s.model, r, d);
  std::vector<word> tally(1, 0);
  std::string problem;
  bool partial = false;
  // Sometimes a copy_async out of the view right behind the launch, before anything waits for
  // it: queued on REF, it must get the kernel's results, not what the view held before.
  std::vector<word> copied_early;
  concurrency::completion_future early_copy;
  {
    const array_view<word, 1> counter(1, tally);
    const array_view<word, N> v = make_view<N>(whole(s), r);
    // A launch that will write every element may discard the old contents first.
    if (d.var == variant::fill && d.faults.count == 0 && d.diverge < 0) {
      v.discard_data();
      run_.count.syncs.fetch_add(1, std::memory_order_relaxed);
    }
    run_.count.kernels.fetch_add(1, std::memory_order_relaxed);
    if (d.tiled()) run_.count.tiled_kernels.fetch_add(1, std::memory_order_relaxed);
    if (d.has_barrier()) run_.count.barrier_kernels.fetch_add(1, std::memory_order_relaxed);
    try {
      launch<N>(av, v, d, counter);
      if (!must_fail && d.faults.count == 0 && chance(0.25)) {
        copied_early.resize(next.size());
        run_.count.copies.fetch_add(1, std::memory_order_relaxed);
        early_copy = concurrency::copy_async(v, copied_early.begin());
      }
      av.wait();  // where a launch queued on REF reports its kernel's exception
      if (must_fail) problem = std::string("launch returned normally; expected \"") + must_fail + "\"";
      else if (d.faults.count > 0) problem = "launch with armed faults returned normally";
    } catch (const stress_fault& f) {
      partial = true;
      if (d.faults.count == 0 || f.launch != d.faults.launch || !d.faults.armed(f.position))
        problem = "caught stress_fault of launch " + std::to_string(f.launch) + " at position " +
                  std::to_string(f.position) + ", which this launch did not arm";
      else
        run_.count.caught.fetch_add(1, std::memory_order_relaxed);
    } catch (const concurrency::runtime_exception& e) {
      partial = true;
      if (!must_fail || std::string(e.what()).find(must_fail) == std::string::npos)
        problem = std::string("unexpected runtime_exception: ") + e.what();
      else
        run_.count.misuse_caught.fetch_add(1, std::memory_order_relaxed);
    } catch (const std::exception& e) {
      partial = true;
      problem = std::string("unexpected exception: ") + e.what();
    } catch (...) {
      partial = true;
      problem = "unexpected exception of unknown type";
    }
    if (chance(0.5)) {
      v.synchronize();
      run_.count.syncs.fetch_add(1, std::memory_order_relaxed);
    }
  }
  if (early_copy.valid()) {
    try {
      early_copy.get();
      if (problem.empty() && copied_early != next)
        problem = "a copy_async queued right behind the launch read words that differ from the kernel's results";
      run_.count.elements_checked.fetch_add(copied_early.size(), std::memory_order_relaxed);
    } catch (const std::exception& e) {
      if (problem.empty()) problem = std::string("a copy_async queued right behind the launch threw: ") + e.what();
    }
  }
  if (!problem.empty()) return fail(&s, problem);
  settle(s, r, next, partial, d.count ? static_cast<std::int64_t>(tally[0]) : -1);
}

void host_thread::op_copy() {
  const int a = uniform(0, static_cast<int>(slots_.size()) - 1);
  int b = uniform(0, static_cast<int>(slots_.size()) - 2);
  if (b >= a) ++b;
  slot& src = *slots_[a];
  slot& dst = *slots_[b];
  const int how = uniform(0, 7);
  if (how == 7 && src.length == dst.length) return op_whole_copy(src, dst);
  const int rank = uniform(1, 3);
  region rs, rd;
  pick_region(std::min(src.length, dst.length), rank, {1, 1, 1}, budget(), rs, false);
  place(rs, src.length);
  rd = rs;
  place(rd, dst.length);
  begin("copy #" + std::to_string(how) + " from " + src.name + " " + rs.describe() + " to " + dst.name + " " +
        rd.describe());
  switch (rank) {
    case 1: return copy_regions<1>(src, rs, dst, rd, how);
    case 2: return copy_regions<2>(src, rs, dst, rd, how);
    default: return copy_regions<3>(src, rs, dst, rd, how);
  }
}

template <int N>
void host_thread::copy_regions(slot& src, const region& rs, slot& dst, const region& rd, int how) {
  const std::int64_t n = rs.size();
  std::vector<word> next(static_cast<std::size_t>(n));
  for (std::int64_t p = 0; p < n; ++p) next[p] = src.model[rs.element(p)];
  run_.count.copies.fetch_add(1, std::memory_order_relaxed);
  try {
    const array_view<word, N> from = make_view<N>(whole(src), rs);
    const array_view<word, N> to = make_view<N>(whole(dst), rd);
    switch (how) {
      case 0: concurrency::copy(array_view<const word, N>(from), to); break;
      case 1: concurrency::copy(from, to); break;
      case 2: concurrency::copy_async(array_view<const word, N>(from), to).get(); break;
      case 3: from.copy_to(to); break;
      case 4: {
        const concurrency::completion_future f = concurrency::copy_async(from, to);
        f.wait();
        f.get();
        break;
      }
      case 5: {
        std::vector<word> staged(next.size());
        concurrency::copy(from, staged.begin());
        if (staged != next) return fail(&src, "copy to a host iterator read words that differ from the model");
        run_.count.elements_checked.fetch_add(staged.size(), std::memory_order_relaxed);
        concurrency::copy(staged.begin(), staged.end(), to);
        break;
      }
      default: {
        std::vector<word> staged(next.size());
        concurrency::copy_async(from, staged.begin()).get();
        concurrency::copy_async(staged.begin(), to).get();
        break;
      }
    }
  } catch (const std::exception& e) {
    return fail(&dst, std::string("copy threw: ") + e.what());
  }
  settle(dst, rd, next, false, -1);
}

/// op_whole_copy() copies all of one slot to another of the same length through the array
/// overloads of copy (or array assignment) where one of them is an array.
void host_thread::op_whole_copy(slot& src, slot& dst) {
  region r;
  r.ext[0] = src.length;
  const int how = uniform(0, 3);
  begin("whole copy #" + std::to_string(how) + " from " + src.name + " to " + dst.name);
  run_.count.copies.fetch_add(1, std::memory_order_relaxed);
  try {
    if (src.arr && dst.arr && how == 0) {
      *dst.arr = *src.arr;  // takes src's placement too
      dst.k = src.k;
    } else if (src.arr && dst.arr && how == 1) {
      concurrency::copy_async(*src.arr, *dst.arr).get();
    } else if (dst.arr) {
      concurrency::copy(array_view<const word, 1>(whole(src)), *dst.arr);
    } else if (src.arr) {
      concurrency::copy(*src.arr, whole(dst));
    } else {
      concurrency::copy(whole(src), whole(dst));
    }
  } catch (const std::exception& e) {
    return fail(&dst, std::string("copy threw: ") + e.what());
  }
  settle(dst, r, src.model, false, -1);
}

void host_thread::op_host_write() {
  slot& s = pick_slot(false);
  if (chance(0.5)) {
    // New contents for a region from a host range, through copy's iterator overloads.
    region r;
    const int rank = uniform(1, 3);
    pick_region(s.length, rank, {1, 1, 1}, budget(), r, false);
    std::vector<word> fresh(static_cast<std::size_t>(r.size()));
    for (word& w : fresh) w = random_word();
    const int how = uniform(0, 2);
    begin("host range copy #" + std::to_string(how) + " into " + s.name + " " + r.describe());
    run_.count.copies.fetch_add(1, std::memory_order_relaxed);
    auto into = [&](auto to) {
      if (how == 0) concurrency::copy(fresh.begin(), fresh.end(), to);
      else if (how == 1) concurrency::copy(fresh.begin(), to);
      else concurrency::copy_async(fresh.begin(), fresh.end(), to).get();
    };
    const array_view<word, 1> w = whole(s);
    if (rank == 1) into(make_view<1>(w, r));
    else if (rank == 2) into(make_view<2>(w, r));
    else into(make_view<3>(w, r));
    return settle(s, r, fresh, false, -1);
  }
  // A few words written by the host in place.
  const int k = uniform(1, 16);
  begin("host writes " + std::to_string(k) + " words of " + s.name);
  before_host_access(s);
  for (int i = 0; i < k; ++i) {
    const int at = uniform(0, s.length - 1);
    const word w = random_word();
    switch (s.k) {
      case kind::host_vector:
      case kind::stripe: host_data(s)[at] = w; break;
      case kind::array:
      case kind::staging: (*s.arr)[index<1>(at)] = w; break;
      case kind::implicit_view: (*s.view)[index<1>(at)] = w; break;
    }
    s.model[at] = w;
  }
  after_host_write(s);
  s.unverified_writes += static_cast<std::uint64_t>(k);
  record(s);
}

/// op_toggle_view() creates or destroys the persistent view of a host vector or stripe; a view
/// is destroyed after one of the synchronize spellings or with pending writes, which its
/// destruction must not lose.
void host_thread::op_toggle_view() {
  slot& s = pick_slot(false);
  if (s.k != kind::host_vector && s.k != kind::stripe) return;
  if (!s.view) {
    begin("create a persistent view of " + s.name);
    if (s.k == kind::host_vector) {
      s.view.emplace(s.length, s.host);
      run_.count.views.fetch_add(1, std::memory_order_relaxed);
    } else {
      s.view.emplace(stripe_view());
    }
    return;
  }
  const int how = uniform(0, 3);
  begin("destroy the persistent view of " + s.name + " after sync #" + std::to_string(how));
  switch (how) {
    case 0: s.view->synchronize(); break;
    case 1: s.view->synchronize_async().get(); break;
    case 2: s.view->synchronize_to(accelerator().default_view); break;
    default: break;
  }
  if (how < 3) run_.count.syncs.fetch_add(1, std::memory_order_relaxed);
  s.view.reset();
}

/// op_replace_slot() verifies and destroys a slot and creates new ones: random kinds, or an
/// array constructed from the contents of another slot.
void host_thread::op_replace_slot() {
  if (slots_.size() > 2) {
    const int i = uniform(1, static_cast<int>(slots_.size()) - 1);  // slot 0 is the stripe
    begin("verify and destroy " + slots_[i]->name);
    if (!verify_slot(*slots_[i])) return;
    slots_.erase(slots_.begin() + i);
  }
  while (slots_.size() < static_cast<std::size_t>(max_slots) && chance(0.6)) {
    if (chance(0.3)) {
      slot& from = pick_slot(false);
      std::string view_name;
      const accelerator_view av = pick_view(view_name);
      begin("new array on " + view_name + " from the contents of " + from.name);
      auto s = std::make_unique<slot>();
      s->k = kind::array;
      s->name = slot_name("array") + " on " + view_name;
      s->length = from.length;
      s->arr = std::make_unique<array<word, 1>>(array_view<const word, 1>(whole(from)), av);
      s->model = from.model;
      s->unverified_writes = s->model.size();
      s->history.push_back("copied from " + from.name);
      run_.count.arrays.fetch_add(1, std::memory_order_relaxed);
      slots_.push_back(std::move(s));
    } else {
      begin("new slot");
      slots_.push_back(new_slot());
    }
  }
}

/// op_reconfigure() changes the engine under the other threads' launches: the number of
/// threads, the work-item stack size, or amp_uninitialize (workers stop, restart on demand).
void host_thread::op_reconfigure() {
  run_.count.reconfigs.fetch_add(1, std::memory_order_relaxed);
  const int roll = uniform(0, 9);
  if (roll < 6) {
    static constexpr unsigned counts[] = {0, 0, 0, 1, 2, 3, 4, 8};
    const unsigned n = counts[uniform(0, 7)];
    begin("set_thread_count(" + std::to_string(n) + ")");
    ample::set_thread_count(n);
  } else if (roll < 8) {
    static constexpr std::size_t sizes[] = {64 << 10, 96 << 10, 128 << 10};
    const std::size_t bytes = sizes[uniform(0, 2)];
    begin("set_work_item_stack_size(" + std::to_string(bytes) + ")");
    ample::set_work_item_stack_size(bytes);
  } else {
    begin("amp_uninitialize()");
    concurrency::amp_uninitialize();
  }
}

/// op_array_relay() runs relay() on an array slot: for an array on REF, a kernel on the
/// array's own view, then one on another REF view or on the CPU engine; for one in host
/// memory, a kernel on REF and one on the array's own view, in either order. Half the time the
/// kernel for the array's own view is launched without a view, which selects it. Each reaches
/// the array by reference, and the host checks the result at once.
void host_thread::op_array_relay() {
  const accelerator ref(accelerator::direct3d_ref);
  std::vector<slot*> arrays;
  for (const auto& c : slots_)
    if (c->k == kind::array) arrays.push_back(c.get());
  if (arrays.empty()) return;
  slot& s = *arrays[static_cast<std::size_t>(uniform(0, static_cast<int>(arrays.size()) - 1))];
  const accelerator_view home = s.arr->get_accelerator_view();
  accelerator_view first = home, second = own_ref_view_;
  std::string order;
  if (home.get_accelerator() == ref) {
    const bool engine = chance(0.5);
    second = engine ? accelerator(accelerator::direct3d_warp).default_view : ref.create_view();
    order = engine ? "then on WARP" : "then on a new REF view";
  } else if (chance(0.5)) {
    std::swap(first, second);
    order = "on REF first";
  } else {
    order = "then on REF";
  }
  const bool selected = chance(0.5);
  if (selected) order += ", its own view selected";
  const accelerator_view* on_first = selected && first == home ? nullptr : &first;
  const accelerator_view* on_second = selected && second == home ? nullptr : &second;
  const word salt = random_word();
  region r;
  r.ext[0] = s.length;
  // The model first, so that the host reads the array as soon as the launches return.
  std::vector<word> next(static_cast<std::size_t>(s.length));
  for (int i = 0; i < s.length; ++i) next[i] = relayed(s.model[i], static_cast<word>(i), salt);
  begin("relay on " + s.name + ", " + order);
  run_.count.kernels.fetch_add(2, std::memory_order_relaxed);
  try {
    relay(on_first, on_second, *s.arr, salt);
  } catch (const std::exception& e) {
    return fail(&s, std::string("relay threw: ") + e.what());
  }
  settle(s, r, next, false, -1);
}

/// op_short_thread() runs kernels from a host thread that exists only for them, so the
/// engine sees host threads (and their tile schedulers) come and go.
void host_thread::op_short_thread() {
  const word salt = random_word();
  const std::int64_t fault_at = uniform64(0, 4095);
  begin("short-lived host thread");
  run_.count.host_threads.fetch_add(1, std::memory_order_relaxed);
  std::string problem;
  std::thread t([&] {
    // Its own view: one the default accelerator queues launches on is this thread's alone.
    const accelerator_view view = accelerator().create_view();
    std::vector<word> data(4096), model(4096), tally(1);
    for (int i = 0; i < 4096; ++i) model[i] = data[i] = mix(static_cast<word>(i), 7, salt);
    region r;
    r.ext[0] = 4096;
    const array_view<word, 1> v(4096, data), counter(1, tally);
    try {
      for (int k = 0; k < 3; ++k) {
        launch_desc d;
        d.salt = salt + static_cast<word>(k);
        d.var = k == 0 ? variant::plain : variant::exchange;
        d.tile_shape = k == 0 ? -1 : 2;  // tiled<64>
        if (k == 2) {
          d.faults = fault_plan{1, 1, {fault_at, -1, -1}, {2, 0, 0}};
          run_.count.exceptions.fetch_add(1, std::memory_order_relaxed);
        }
        const std::vector<word> next = expected(model, r, d);
        run_.count.kernels.fetch_add(1, std::memory_order_relaxed);
        run_.count.tiled_kernels.fetch_add(k > 0, std::memory_order_relaxed);
        run_.count.barrier_kernels.fetch_add(k > 0, std::memory_order_relaxed);
        try {
          launch<1>(view, v, d, counter);
          view.wait();  // where a queued launch reports its exception
          if (k == 2) problem = "the armed launch returned normally";
        } catch (const stress_fault& f) {
          if (k != 2 || f.position != fault_at) problem = "unexpected stress_fault";
          run_.count.caught.fetch_add(1, std::memory_order_relaxed);
        }
        v.synchronize();
        for (int i = 0; i < 4096 && problem.empty(); ++i) {
          const bool ok = data[i] == next[i] || (k == 2 && data[i] == model[i] && i != fault_at);
          if (!ok) problem = "element " + std::to_string(i) + " holds " + hex(data[i]) + ", expected " + hex(next[i]);
        }
        if (!problem.empty()) return;
        model = data;
      }
      run_.count.elements_checked.fetch_add(3 * 4096, std::memory_order_relaxed);
    } catch (const std::exception& e) {
      problem = std::string("unexpected exception: ") + e.what();
    }
  });
  t.join();
  if (!problem.empty()) fail(nullptr, problem);
}

}  // namespace ample_stress
