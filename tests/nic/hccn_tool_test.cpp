// hccn_tool command rendering for Huawei Ascend NPUs: golden command lines.
#include <doctest/doctest.h>

#include "nic/hccn_tool.h"

using namespace rocecfg;

TEST_SUITE("hccn_tool") {
  TEST_CASE("the lossless profile renders as the hccn_tool sequence, in plan order") {
    model::Settings s;
    s.mtu_bytes = 9000;
    model::Ets ets;
    ets.prio_tc = model::prio_tc_array({0, 0, 0, 3, 0, 0, 1, 0});
    s.ets = ets;
    s.pfc_enabled = PriorityMask(0x08);
    s.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
    s.roce_tos = 106;
    s.roce_mode = model::RoceMode::v2;
    auto plan = nic::render_hccn(2, s);
    REQUIRE(plan);
    CHECK(nic::hccn_script(*plan) ==
          "hccn_tool -i 2 -mtu -s size 9000\n"
          "hccn_tool -i 2 -prio_tc -s map 0,0,0,3,0,0,1,0\n"
          "hccn_tool -i 2 -pfc -s bitmap 0,0,0,1,0,0,0,0\n"
          "hccn_tool -i 2 -dscp_to_tc -s dscp 26 tc 3\n"
          "hccn_tool -i 2 -dscp_to_tc -s dscp 48 tc 1\n");
    REQUIRE(plan->unsupported.size() == 2);
    CHECK(plan->unsupported[0].second ==
          "TSA and bandwidth (-tc_qos) exist only on CLOUD_V2 boards; prio_tc rendered");
    CHECK(plan->unsupported[1].second == "set HCCL_RDMA_TC=106 in the job environment");
  }

  TEST_CASE("values hccn_tool would refuse are errors naming the NPU and the knob") {
    model::Settings s;
    s.mtu_bytes = 9800;
    CHECK(nic::render_hccn(0, s).error().to_string() ==
          "npu 0: mtu 9800: hccn_tool accepts 68..9702");
    model::Settings d;
    d.dscp_priority = model::dscp_priority_map({{26, 5}});
    CHECK(
        nic::render_hccn(0, d).error().to_string() ==
        "npu 0: dscp 26 -> priority 5 -> class 5; Ascend has classes 0..3 (declare [ets] prio_tc)");
    CHECK_FALSE(nic::render_hccn(16, d));
  }
}
