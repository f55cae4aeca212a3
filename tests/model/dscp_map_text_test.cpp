#include <doctest/doctest.h>

#include "model/knob.h"

using rocecfg::model::dscp_map_text;
using rocecfg::model::dscp_priority_map;
using rocecfg::model::DscpPriorityMap;
using rocecfg::Dscp;
using rocecfg::Priority;

TEST_SUITE("dscp_map_text") {
  TEST_CASE("the DSCP map is one text of ranges of one priority") {
    CHECK(dscp_map_text(dscp_priority_map({{26, 3}, {27, 3}, {28, 3}, {48, 6}})) == "26-28:3,48:6");
    CHECK(dscp_map_text(dscp_priority_map({{0, 0}, {1, 0}, {2, 1}, {3, 0}})) == "0-1:0,2:1,3:0");
    // a gap breaks a range even when the priority is the same
    CHECK(dscp_map_text(dscp_priority_map({{10, 2}, {12, 2}})) == "10:2,12:2");
    CHECK(dscp_map_text(dscp_priority_map({{63, 7}})) == "63:7");
    CHECK(dscp_map_text(DscpPriorityMap{}) == "none");
  }
  TEST_CASE("all 64 code points to one priority are one range; the usual d/8 map is eight") {
    DscpPriorityMap all, by_eight;
    for (unsigned d = 0; d < 64; ++d) {
      all[Dscp::unchecked(d)] = Priority::unchecked(0);
      by_eight[Dscp::unchecked(d)] = Priority::unchecked(d / 8);
    }
    CHECK(dscp_map_text(all) == "0-63:0");
    CHECK(dscp_map_text(by_eight) ==
          "0-7:0,8-15:1,16-23:2,24-31:3,32-39:4,40-47:5,48-55:6,56-63:7");
  }
}
