// `render` without --ports prints the switch-wide configuration, and the
// switch-wide part of a render never depends on whether ports were named:
// NX-OS's network-qos (pause pfc-cos 3, mtu 9216) once appeared only with
// --ports (issue 36 item 5). Against each vendor's golden, whose switch-wide
// lines were reviewed with it. Cumulus: every line but `nv set interface`.
// SONiC writes scheduler objects only for the ports that bind them: not
// covered.
#include <doctest/doctest.h>

#include <sstream>

#include "switch/engine.h"
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

  TEST_CASE("cumulus without ports: every golden line but nv set interface, watchdog timers too") {
    auto a = testing::adapter_for("cumulus");
    Diagnostics warnings;
    model::Settings intent = a->representable(testing::standard_intent(), warnings);
    auto commands = render_all(*a, intent, {}, warnings);
    REQUIRE(commands);
    std::vector<std::string> want;
    std::istringstream golden(testing::read_test_file("golden/cumulus/standard.txt"));
    for (std::string line; std::getline(golden, line);)
      if (!line.starts_with("nv set interface ")) want.push_back(line);
    CHECK(*commands == want);
  }
}

}  // namespace rocecfg::sw
