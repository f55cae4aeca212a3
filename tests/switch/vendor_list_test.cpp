// model::kSwitchVendors is the one list of switch vendors (inventory
// validation, --vendor help). Each must have an adapter and a counter
// reader registered, and nothing may register under another name, so a
// vendor added to vendors/switch without the list (or the reverse) fails here.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model/vendors.h"
#include "switch/adapter.h"
#include "switch/counter_reader.h"

namespace rocecfg::sw::testing {

namespace {
std::vector<std::string> listed() {
  std::vector<std::string> v(model::kSwitchVendors.begin(), model::kSwitchVendors.end());
  std::sort(v.begin(), v.end());
  return v;
}
}  // namespace

TEST_SUITE("switch vendor list") {
  TEST_CASE("every listed vendor has an adapter, and every adapter is listed") {
    CHECK(adapter_vendors() == listed());
    for (std::string_view v : model::kSwitchVendors) {
      INFO(v);
      auto a = make_adapter(v);
      REQUIRE(a);
      CHECK(a->vendor() == v);
    }
  }

  TEST_CASE("every listed vendor has a counter reader, and every reader is listed") {
    CHECK(counter_reader_vendors() == listed());
    for (std::string_view v : model::kSwitchVendors) {
      INFO(v);
      auto r = make_counter_reader(v);
      REQUIRE(r);
      CHECK(r->vendor() == v);
    }
  }

  TEST_CASE("the help text names them in the list's order") {
    CHECK(model::switch_vendor_list() == "cumulus, sonic, eos, nxos, huawei-ce, h3c, junos");
  }
}

}  // namespace rocecfg::sw::testing
