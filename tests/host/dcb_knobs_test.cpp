// Between dcbnl structs and model knobs: observation, validation, merges and
// the make-before-break APP delta.
#include <doctest/doctest.h>

#include "host/dcb_knobs.h"

using namespace rocecfg;
using namespace rocecfg::host;

TEST_SUITE("dcb knobs") {
  TEST_CASE("a DSCP APP entry means DSCP trust; PFC delay is the cable length") {
    DcbState s;
    s.pfc = ieee_pfc{};
    s.pfc->pfc_en = 0x08;
    s.pfc->delay = 30;
    s.apps = {dscp_app(26, 3), dcb_app{1, 4, 0x8906}};
    model::Settings out;
    observe_dcb(s, out);
    CHECK(out.pfc_enabled == PriorityMask(0x08));
    CHECK(out.trust == model::Trust::dscp);
    CHECK(out.dscp_priority == model::dscp_priority_map({{26, 3}}));
    REQUIRE(out.buffers);
    CHECK(out.buffers->cable_length_m == 30u);
    CHECK_FALSE(out.buffers->prio_buffer);
    CHECK_FALSE(out.ets);
  }

  TEST_CASE("a class or DSCP out of range from the driver is not read as some other one") {
    DcbState s;
    s.ets = ieee_ets{};
    s.ets->prio_tc[3] = 8;  // beyond IEEE_8021QAZ_MAX_TCS
    s.apps = {dscp_app(26, 3), dscp_app(64, 3), dscp_app(27, 9)};
    model::Settings out;
    observe_dcb(s, out);
    CHECK_FALSE(out.ets);  // not observed, so never "in sync"
    CHECK(out.dscp_priority == model::dscp_priority_map({{26, 3}}));
  }

  TEST_CASE("without PFC or ETS getters the APP list proves nothing: no trust observed") {
    DcbState s;
    s.apps = {dscp_app(26, 3)};
    model::Settings out;
    observe_dcb(s, out);
    CHECK_FALSE(out.trust);
    CHECK_FALSE(out.dscp_priority);
  }

  TEST_CASE("ETS validation names the class and the rule") {
    model::Ets e;
    e.tc_tsa.fill(model::Tsa::strict);
    CHECK(validate_ets(e, "eth0"));
    e.tc_tsa[0] = model::Tsa::ets;
    e.tc_tsa[3] = model::Tsa::ets;
    e.tc_bandwidth_percent[0] = 50;
    e.tc_bandwidth_percent[3] = 40;
    CHECK(validate_ets(e, "eth0").error().to_string() ==
          "eth0: ETS: bandwidths of ETS classes sum to 90%, not 100%");
    e.tc_bandwidth_percent[3] = 50;
    CHECK(validate_ets(e, "eth0"));
    e.tc_bandwidth_percent[5] = 10;
    CHECK(validate_ets(e, "eth0").error().to_string() ==
          "eth0: ETS: class 5 is strict but has 10% bandwidth; only ETS classes take bandwidth");
    e.tc_bandwidth_percent[5] = 0;
    // A class above 7 cannot be held at all: the type refuses it where the
    // value is built (loader, parser, netlink decoder).
    CHECK_FALSE(TrafficClass::make(8));
  }

  TEST_CASE("merges replace only the knob's fields") {
    ieee_pfc pfc{};
    pfc.pfc_cap = 8;
    pfc.delay = 12;
    ieee_pfc merged = merge_pfc(pfc, PriorityMask(0x08));
    CHECK(merged.pfc_en == 0x08);
    CHECK(merged.delay == 12);
    CHECK(merged.pfc_cap == 8);

    ieee_ets ets{};
    ets.willing = 1;
    ets.ets_cap = 8;
    ets.tc_reco_bw[0] = 100;
    model::Ets want;
    want.prio_tc[3] = TrafficClass::unchecked(1);
    want.tc_tsa.fill(model::Tsa::ets);
    want.tc_bandwidth_percent = {50, 50, 0, 0, 0, 0, 0, 0};
    ieee_ets m = merge_ets(ets, want);
    CHECK(m.willing == 0);
    CHECK(m.ets_cap == 8);
    CHECK(m.tc_reco_bw[0] == 100);
    CHECK(m.prio_tc[3] == 1);
    CHECK(m.tc_tsa[7] == 2);
    CHECK(m.tc_tx_bw[1] == 50);

    dcbnl_buffer buf{};
    buf.total_size = 524288;
    model::Buffers b;
    b.prio_buffer = std::array<uint8_t, 8>{0, 0, 0, 1, 0, 0, 0, 0};
    dcbnl_buffer mb = merge_buffer(buf, b);
    CHECK(mb.prio2buffer[3] == 1);
    CHECK(mb.total_size == 524288);
  }

  TEST_CASE("APP delta: add before delete, superseded and our own stale entries go") {
    std::vector<dcb_app> current{dscp_app(26, 0), dscp_app(10, 1), dscp_app(48, 6)};
    AppDelta d = dscp_delta(current, model::dscp_priority_map({{26, 3}, {48, 6}}), {});
    REQUIRE(d.add.size() == 1);
    CHECK(d.add[0].protocol == 26);
    CHECK(d.add[0].priority == 3);
    REQUIRE(d.del.size() == 1);
    CHECK(d.del[0].protocol == 26);
    CHECK(d.del[0].priority == 0);

    // rollback to "nothing declared": what we added goes, foreign entries stay
    std::vector<dcb_app> after{dscp_app(26, 3), dscp_app(10, 1), dscp_app(48, 6)};
    AppDelta undo = dscp_delta(after, model::dscp_priority_map({{26, 0}}), {{26, 3}});
    REQUIRE(undo.add.size() == 1);
    CHECK(undo.add[0].priority == 0);
    REQUIRE(undo.del.size() == 1);
    CHECK(undo.del[0].priority == 3);

    CHECK(dscp_delta(after, model::dscp_priority_map({{26, 3}}), {}).add.empty());
    CHECK(dscp_delta(after, model::dscp_priority_map({{26, 3}}), {}).del.empty());
  }
}
