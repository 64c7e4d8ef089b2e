// capture_recorder::make_current(): the views of one launch, made current where it runs.
#include "ample/detail/capture_recorder.hpp"

#include <map>

namespace ample::detail {

capture_recorder::~capture_recorder() {
  stop();
  for (auto& [storage, region] : writes_) storage->end_writes(region);
}

void capture_recorder::record(const capture& c) noexcept { captures_.push_back(c); }

void capture_recorder::make_current() {
  stop();
  // One acquire per buffer and access, whatever the number of views over it: the regions
  // read and the regions written, each as one set.
  struct use {
    byte_ranges read, written;
  };
  std::map<buffer*, use> uses;
  for (const capture& c : captures_) {
    use& u = uses[c.storage];
    (c.writes ? u.written : u.read) |= c.region(c.view);
  }
  for (auto& [storage, u] : uses) {
    storage->acquire(space_, u.read - u.written, concurrency::access_type_read);
    if (u.written.empty()) continue;
    storage->acquire(space_, u.written, concurrency::access_type_read_write, true);
    writes_.emplace_back(storage->shared_from_this(), std::move(u.written));
  }
  if (space_ == nullptr) return;
  for (const capture& c : captures_) c.rebase(c.view, c.storage->host_data(), c.storage->base_in(space_));
}

}  // namespace ample::detail
