// lib/switch/state_view: the reading `show switch` prints and the corpus
// scores -- a port's knob is its own value or mark, else the switch's; ports
// are grouped only where every knob's value, source and vendor words match.
#include <doctest/doctest.h>

#include "switch/adapter.h"
#include "switch/state_view.h"

namespace rocecfg::sw {
namespace {

TEST_SUITE("state view") {
  TEST_CASE("a port runs with the switch-wide value unless it states its own") {
    SwitchState st;
    st.global.trust = model::Trust::dscp;
    st.ports["Ethernet1"].trust = model::Trust::pcp;
    st.ports["Ethernet2"];
    CHECK(knob_view(st, "Ethernet1", model::Knob::trust).value == "pcp");
    CHECK(knob_view(st, "Ethernet2", model::Knob::trust).value == "dscp");
    CHECK(knob_view(st, "Ethernet2", model::Knob::trust).source == Source::configured);
    KnobView mtu = knob_view(st, "Ethernet2", model::Knob::mtu);
    CHECK(mtu.value.is_null());
    CHECK(mtu.source == Source::not_in_file);
    CHECK(to_json(mtu) ==
          nlohmann::json{{"value", nullptr}, {"source", "not-in-file"}, {"vendor_text", ""}});
  }

  TEST_CASE("a mark on an absent value is known, not missing") {
    SwitchState st;
    st.ports["Ethernet1"];
    st.mark("Ethernet1", model::Knob::pfc_watchdog, Source::vendor_default, "off (EOS default)");
    KnobView wd = knob_view(st, "Ethernet1", model::Knob::pfc_watchdog);
    CHECK(wd.value.is_null());
    CHECK(wd.source == Source::vendor_default);
    CHECK(wd.vendor_text == "off (EOS default)");
  }

  TEST_CASE("ports are grouped only when their whole observed state is equal") {
    SwitchState st;
    for (const char* p : {"Ethernet1", "Ethernet2", "Ethernet3", "Ethernet10"}) {
      st.ports[p].mtu_bytes = 9214;
      st.ports[p].pfc_enabled = PriorityMask(1u << 3);
    }
    // Same value, different source: not the same state.
    st.mark("Ethernet3", model::Knob::mtu, Source::vendor_default, "9214 (default)");
    // One queue knob lost on one port only: not merged either.
    st.ports["Ethernet10"].ecn_priorities = PriorityMask(1u << 3);
    std::vector<PortGroup> groups = port_groups(st);
    REQUIRE(groups.size() == 3);
    CHECK(groups[0].ports == std::vector<std::string>{"Ethernet1", "Ethernet2"});
    CHECK(groups[1].ports == std::vector<std::string>{"Ethernet3"});
    CHECK(groups[2].ports == std::vector<std::string>{"Ethernet10"});
    CHECK(groups[0].knobs.size() == switch_knobs().size());
  }
}

}  // namespace
}  // namespace rocecfg::sw
