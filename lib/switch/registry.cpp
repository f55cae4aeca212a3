// Adapter registry (adapter.h), after rdma-core's provider table: each vendor
// file registers a factory at static-initialisation time.
#include <algorithm>
#include <map>
#include <mutex>

#include "switch/adapter.h"

namespace rocecfg::sw {

namespace {
struct Registry {
  std::mutex mutex;
  std::map<std::string, AdapterFactory, std::less<>> factories;
};
Registry& registry() {
  static Registry r;
  return r;
}
}  // namespace

bool register_adapter(std::string_view vendor, AdapterFactory factory) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.factories.emplace(std::string(vendor), factory).second;
}

std::unique_ptr<Adapter> make_adapter(std::string_view vendor) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.factories.find(vendor);
  if (it == r.factories.end()) return nullptr;
  return it->second();
}

std::vector<std::string> adapter_vendors() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::string> out;
  for (const auto& [name, factory] : r.factories) out.push_back(name);
  return out;
}

}  // namespace rocecfg::sw
