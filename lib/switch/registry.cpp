// Adapter registry (adapter.h): each vendor file registers a factory at
// static-initialisation time (factory_registry.h).
#include "switch/adapter.h"
#include "switch/factory_registry.h"

namespace rocecfg::sw {

namespace {
FactoryRegistry<Adapter>& registry() {
  static FactoryRegistry<Adapter> r;
  return r;
}
}  // namespace

bool register_adapter(std::string_view vendor, AdapterFactory factory) {
  return registry().add(vendor, factory);
}

std::unique_ptr<Adapter> make_adapter(std::string_view vendor) {
  return registry().make(vendor);
}

std::vector<std::string> adapter_vendors() {
  return registry().vendors();
}

}  // namespace rocecfg::sw
