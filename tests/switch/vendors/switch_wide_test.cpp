// `render` without --ports prints the switch-wide configuration, and the
// switch-wide part of a render never depends on whether ports were named:
// NX-OS's network-qos (pause pfc-cos 3, mtu 9216) once appeared only with
// --ports (issue 36 item 5). Against each vendor's golden, whose switch-wide
// lines were reviewed with it. Cumulus and SONiC render through their own
// paths (NVUE/sonic-db-cli) and are not covered here.
#include <doctest/doctest.h>

#include "vendor_fixtures.h"

namespace rocecfg::sw {

TEST_SUITE("switch-wide render") {
  TEST_CASE("without ports: the golden's lines outside interface stanzas, for every CLI vendor") {
    for (const char* vendor : {"eos", "nxos", "h3c", "huawei-ce"}) {
      CAPTURE(vendor);
      CHECK(testing::switch_wide_render_mismatch(*testing::adapter_for(vendor),
                                                 std::string(vendor) + "/standard.txt") == "");
    }
  }
}

}  // namespace rocecfg::sw
