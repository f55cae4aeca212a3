// Cisco NX-OS adapter: rendering (golden), parsing captured configs, the
// render -> parse round trip, and the checkpoint + configure-session protocol.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "cli/common.h"
#include "nxos/nxos.h"
#include "switch/engine.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

using testing::standard_intent;

const std::vector<std::string> kPorts{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/4"};

std::unique_ptr<Adapter> nxos_adapter() {
  return testing::adapter_for("nxos");
}

TEST_SUITE("nxos") {
  TEST_CASE("standard profile renders the golden config without warnings") {
    auto a = nxos_adapter();
    Diagnostics warnings;
    model::Settings intent = a->representable(standard_intent(), warnings);
    CHECK(warnings.all().empty());
    CHECK(intent == standard_intent());
    auto commands = render_all(*a, intent, kPorts, warnings);
    REQUIRE(commands);
    CHECK(testing::golden_mismatch("nxos/standard.txt", testing::lines_text(*commands)) == "");
    CHECK(warnings.all().empty());
  }

  TEST_CASE("render -> parse round trip meets the intent on every port and plans nothing") {
    testing::check_round_trip(*nxos_adapter(), kPorts);
  }

  TEST_CASE("watchdog times NX-OS cannot state exactly are warned about, action forced to drop") {
    auto a = nxos_adapter();
    model::Settings intent = standard_intent();
    intent.pfc_watchdog = model::PfcWatchdog{250, 1000, model::WatchdogAction::alert};
    Diagnostics warnings;
    model::Settings fit = a->representable(intent, warnings);
    // 250 and 1000 share the interval 125 ms: exact, so only the action is warned.
    CHECK(fit.pfc_watchdog == model::PfcWatchdog{250, 1000, model::WatchdogAction::drop});
    REQUIRE(warnings.all().size() == 1);
    CHECK(warnings.all()[0].message ==
          "the NX-OS watchdog always drops: action alert is applied as drop");

    intent.pfc_watchdog = model::PfcWatchdog{5000, 200, model::WatchdogAction::drop};
    Diagnostics w2;
    fit = a->representable(intent, w2);
    CHECK(fit.pfc_watchdog == model::PfcWatchdog{5000, 500, model::WatchdogAction::drop});
    REQUIRE(w2.all().size() == 1);
    CHECK(w2.all()[0].message ==
          "NX-OS states watchdog times as a 100-1000 ms interval times a multiplier: "
          "5000ms/200ms is applied as 5000ms/500ms");
  }

  TEST_CASE("a captured config with operator policies, a banner, tabs and auto PFC") {
    auto a = nxos_adapter();
    auto state = a->parse(testing::read_test_file("captured/nxos-leaf3.txt"));
    REQUIRE(state);
    CHECK(state->ports.size() == 3);  // the banner's Ethernet1/9 and mgmt0 are not ports
    const auto& e1 = state->ports.at("Ethernet1/1");
    CHECK(e1.mtu_bytes == 9216u);
    CHECK(e1.pfc_enabled == PriorityMask(1u << 3));
    CHECK(e1.trust == model::Trust::dscp);
    CHECK(e1.dscp_priority->at(Dscp::unchecked(26)) == 3);
    CHECK(e1.dscp_priority->at(Dscp::unchecked(48)) == 7);
    CHECK(e1.dscp_priority->at(Dscp::unchecked(10)) == 0);  // SPARE is in an unattached policy
    CHECK(e1.pfc_watchdog == model::PfcWatchdog{200, 300, model::WatchdogAction::drop});

    // Tab-indented lines are still the interface's; send-tlv is still mode on.
    const auto& e2 = state->ports.at("Ethernet1/2");
    CHECK(e2.pfc_enabled == PriorityMask(1u << 3));
    CHECK(e2.trust == model::Trust::dscp);
    CHECK_FALSE(e2.pfc_watchdog);  // turned off on this port

    const auto& e3 = state->ports.at("Ethernet1/3");
    CHECK_FALSE(e3.pfc_enabled);  // mode auto with pause classes: DCBX decides
    CHECK_FALSE(e3.trust);
    CHECK_FALSE(e3.dscp_priority);  // no qos policy: classification not in the file

    const auto& g = state->global;
    REQUIRE(g.ets);
    CHECK(g.ets->tc_tsa[7] == model::Tsa::strict);
    CHECK(g.ets->tc_bandwidth_percent[0] == 50);
    CHECK(g.ets->tc_bandwidth_percent[3] == 50);
    CHECK(g.ecn == model::Ecn{153600, 3072000, 7});
    CHECK(g.ecn_priorities == PriorityMask(1u << 3));
    CHECK_FALSE(g.cnp);
    CHECK(state->policies.at("QOS_CLASSIFICATION") ==
          std::vector<std::string>{"Ethernet1/1", "Ethernet1/2"});
    CHECK(state->policies.at("queuing QOS_EGRESS_PORT") == std::vector<std::string>{"system qos"});
    std::vector<std::string> notes{
        "Ethernet1/3: PFC mode auto depends on DCBX negotiation; not in the file"};
    CHECK(state->notes == notes);
  }

  TEST_CASE("the captured operator config drifts from the standard profile where it differs") {
    auto a = nxos_adapter();
    auto state = a->parse(testing::read_test_file("captured/nxos-leaf3.txt"));
    REQUIRE(state);
    std::vector<std::string> ports{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3"};
    auto plan = plan_switch(*a, standard_intent(), ports, *state);
    REQUIRE(plan);
    std::vector<std::string> drift;
    for (const auto& s : plan->steps)
      drift.push_back(s.target + " " + std::string(model::knob_name(s.knob)));
    // 48 -> qos-group 7 and q7 strict (the ROCm layout), ECN 150/3000 KiB at 7 %,
    // watchdog restore 300 ms; Ethernet1/3 is unconfigured.
    std::vector<std::string> expected{"global ets",
                                      "global ecn",
                                      "Ethernet1/1 dscp_map",
                                      "Ethernet1/1 pfc_watchdog",
                                      "Ethernet1/2 dscp_map",
                                      "Ethernet1/2 pfc_watchdog",
                                      "Ethernet1/3 mtu",
                                      "Ethernet1/3 pfc",
                                      "Ethernet1/3 trust",
                                      "Ethernet1/3 dscp_map",
                                      "Ethernet1/3 pfc_watchdog"};
    std::sort(drift.begin(), drift.end());
    std::sort(expected.begin(), expected.end());
    CHECK(drift == expected);
  }

  // Issue 31: a QoS statement the reader does not hold is listed with its
  // line, never passed over with `feature` and `hostname` (Nexus 9000 QoS
  // Configuration Guide: `hardware qos`, `qos copy`, a `system qos` qos
  // policy; "Configuring Priority Flow Control": watch-dog-interval on|off).
  TEST_CASE("QoS statements not held are listed by line; the rest is passed over and counted") {
    auto state = nxos_adapter()->parse(
        "!Command: show running-config\n"
        "!Time: Mon Dec  1 10:00:00 2026\n"
        "\n"
        "version 9.3(8) Bios:version 05.45\n"
        "hostname leaf1\n"
        "feature lldp\n"
        "\n"
        "hardware qos ns-buffer-profile mesh\n"
        "qos copy policy-map type queuing default-8q-out-policy prefix my\n"
        "class-map type qos match-all ROCE\n"
        "  match dscp 26\n"
        "policy-map type qos ROCE-POLICY\n"
        "  class ROCE\n"
        "    set qos-group 3\n"
        "policy-map type control-plane copp-system-p-policy-strict\n"
        "  class copp-system-p-class-critical\n"
        "    set cos 7\n"
        "system qos\n"
        "  service-policy type qos input ROCE-POLICY\n"
        "priority-flow-control watch-dog-interval maybe\n"
        "\n"
        "interface Ethernet1/1\n"
        "  mtu 9216\n"
        "  priority-flow-control mode on\n"
        "  service-policy type qos input ROCE-POLICY\n");
    REQUIRE(state);
    std::vector<std::string> unread;
    for (const Unread& u : state->not_understood)
      unread.push_back(fmt::format("{} {}: {}", u.line, u.why, u.text));
    CHECK(unread ==
          std::vector<std::string>{
              "8 QoS statement not understood: hardware qos ns-buffer-profile mesh",
              "9 QoS statement not understood: qos copy policy-map type queuing "
              "default-8q-out-policy prefix my",
              "19 QoS statement not understood: service-policy type qos input ROCE-POLICY",
              "20 QoS statement not understood: priority-flow-control watch-dog-interval maybe"});
    // version, hostname, feature lldp, the control-plane policy-map.
    CHECK(state->passed_over == 4);
    CHECK(state->recognised_as ==
          "NX-OS running-config; passed over 4 statements that are not QoS");
    // `watch-dog-interval maybe` was read as off, stated in the file; a
    // watchdog whose line is not understood is not known (nor the default).
    CHECK(state->origin("Ethernet1/1", model::Knob::pfc_watchdog).source == Source::not_in_file);
  }

  TEST_CASE("push: checkpoint, configure terminal, end; no configure session") {
    auto a = nxos_adapter();
    testing::RecordingSession s;
    REQUIRE(a->push(s, {"interface Ethernet1/1", "  mtu 9216", "  exit"}));
    CHECK(s.sent == std::vector<std::string>{"no checkpoint rocecfg", "checkpoint rocecfg",
                                             "configure terminal", "interface Ethernet1/1",
                                             "  mtu 9216", "  exit", "end"});
  }

  TEST_CASE(
      "push: any failure after the checkpoint rolls back to it, on a fresh connection "
      "if it dropped") {
    auto a = nxos_adapter();
    testing::RecordingSession s;
    s.fail_at = 5;  // "  mtu 9216": the interface line is already live
    auto r = a->push(s, {"interface Ethernet1/1", "  mtu 9216", "  exit"});
    REQUIRE_FALSE(r);
    CHECK(std::vector<std::string>(s.sent.end() - 2, s.sent.end()) ==
          std::vector<std::string>{"end", "rollback running-config checkpoint rocecfg"});

    testing::RecordingSession c;
    c.fail_at = 7;  // end
    c.drop = true;
    r = a->push(c, {"interface Ethernet1/1", "  mtu 9216", "  exit"});
    REQUIRE_FALSE(r);
    CHECK(std::vector<std::string>(c.sent.end() - 2, c.sent.end()) ==
          std::vector<std::string>{"<reconnect>", "rollback running-config checkpoint rocecfg"});
    CHECK(r.error().to_string() == "end: connection closed; the nxos transaction was rolled back");
  }
}

}  // namespace
}  // namespace rocecfg::sw
