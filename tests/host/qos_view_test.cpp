#include <doctest/doctest.h>

#include "host/qos_view.h"

using rocecfg::host::dscp_ranges_text;

TEST_SUITE("qos_view") {
  TEST_CASE("the DSCP map is shown as ranges of one priority") {
    CHECK(dscp_ranges_text({{26, 3}, {27, 3}, {28, 3}, {48, 6}}) == "26-28->3 48->6");
    CHECK(dscp_ranges_text({{0, 0}, {1, 0}, {2, 1}, {3, 0}}) == "0-1->0 2->1 3->0");
    // a gap breaks a range even when the priority is the same
    CHECK(dscp_ranges_text({{10, 2}, {12, 2}}) == "10->2 12->2");
    CHECK(dscp_ranges_text({{63, 7}}) == "63->7");
    CHECK(dscp_ranges_text({}).empty());
  }
  TEST_CASE("all 64 code points to one priority are one range") {
    std::map<uint8_t, uint8_t> all;
    for (unsigned d = 0; d < 64; ++d) all[static_cast<uint8_t>(d)] = 0;
    CHECK(dscp_ranges_text(all) == "0-63->0");
  }
}
