#include <doctest/doctest.h>

#include "model/knob.h"

using rocecfg::model::dscp_map_text;

TEST_SUITE("dscp_map_text") {
  TEST_CASE("the DSCP map is one text of ranges of one priority") {
    CHECK(dscp_map_text({{26, 3}, {27, 3}, {28, 3}, {48, 6}}) == "26-28:3,48:6");
    CHECK(dscp_map_text({{0, 0}, {1, 0}, {2, 1}, {3, 0}}) == "0-1:0,2:1,3:0");
    // a gap breaks a range even when the priority is the same
    CHECK(dscp_map_text({{10, 2}, {12, 2}}) == "10:2,12:2");
    CHECK(dscp_map_text({{63, 7}}) == "63:7");
    CHECK(dscp_map_text({}) == "none");
  }
  TEST_CASE("all 64 code points to one priority are one range; the usual d/8 map is eight") {
    std::map<uint8_t, uint8_t> all, by_eight;
    for (unsigned d = 0; d < 64; ++d) {
      all[static_cast<uint8_t>(d)] = 0;
      by_eight[static_cast<uint8_t>(d)] = static_cast<uint8_t>(d / 8);
    }
    CHECK(dscp_map_text(all) == "0-63:0");
    CHECK(dscp_map_text(by_eight) ==
          "0-7:0,8-15:1,16-23:2,24-31:3,32-39:4,40-47:5,48-55:6,56-63:7");
  }
}
