// A table of factories by vendor id, filled at static-initialisation time by
// each vendor's file (after rdma-core's provider table): the one registry
// behind adapters (adapter.h), counter readers (counter_reader.h) and LLDP
// readers (lldp.h). Each keeps its instance in a function-local static so a
// vendor file can register before main() whatever the link order.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace rocecfg::sw {

template <class Product>
class FactoryRegistry {
 public:
  using Factory = std::unique_ptr<Product> (*)();
  // false when `vendor` is already registered (the first one stays).
  bool add(std::string_view vendor, Factory factory) {
    std::lock_guard lock(mutex_);
    return factories_.emplace(std::string(vendor), factory).second;
  }
  std::unique_ptr<Product> make(std::string_view vendor) const {
    std::lock_guard lock(mutex_);
    auto it = factories_.find(vendor);
    return it == factories_.end() ? nullptr : it->second();
  }
  std::vector<std::string> vendors() const {  // sorted
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& entry : factories_) out.push_back(entry.first);
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Factory, std::less<>> factories_;
};

}  // namespace rocecfg::sw
