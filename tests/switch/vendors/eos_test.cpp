// Arista EOS adapter: rendering (golden), parsing captured configs, the
// render -> parse round trip, and the configure-session commit protocol.
#include <algorithm>

#include <doctest/doctest.h>

#include <fmt/format.h>

#include "cli/common.h"
#include "eos/eos.h"
#include "switch/engine.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

using testing::standard_intent;

const std::vector<std::string> kPorts{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/4"};

std::unique_ptr<Adapter> eos_adapter() {
  return testing::adapter_for("eos");
}

TEST_SUITE("eos") {
  TEST_CASE("standard profile renders the golden config, MTU clamped with one warning") {
    auto a = eos_adapter();
    Diagnostics warnings;
    auto commands = render_all(*a, standard_intent(), kPorts, warnings);
    REQUIRE(commands);
    CHECK(testing::golden_mismatch("eos/standard.txt", testing::lines_text(*commands)) == "");
    REQUIRE(warnings.all().size() == 2);
    CHECK(warnings.all()[0].headline() ==
          "eos: warning: mtu: EOS interfaces take at most 9214 bytes: MTU 9216 is applied as 9214");
    CHECK(warnings.all()[1].headline() ==
          "eos: warning: ets: EOS: tx-queue 7 is above strict tx-queue 6 and stays strict (its 0 % "
          "is not applied), so no round-robin queue sits above a strict one");
  }

  // Issue 19 item 6: `tx-queue 7 / no priority` next to `tx-queue 6 / priority
  // strict` put a round-robin queue above the strict CNP queue. Every queue
  // above the highest strict one stays strict; the intent read back agrees.
  TEST_CASE(
      "no round-robin tx-queue above the strict CNP queue; the kept-strict class is in sync") {
    auto a = eos_adapter();
    Diagnostics warnings;
    auto commands = render_all(*a, standard_intent(), kPorts, warnings);
    REQUIRE(commands);
    int strict_seen = -1;
    int queue = -1;
    for (const std::string& l : *commands) {
      if (l.find("tx-queue ") != std::string::npos && l.find("qos map") == std::string::npos)
        queue = std::stoi(l.substr(l.find("tx-queue ") + 9));
      if (l.find("priority strict") != std::string::npos)
        strict_seen = std::max(strict_seen, queue);
      if (l.find("no priority") != std::string::npos)
        CHECK_MESSAGE((queue < strict_seen || strict_seen < 0), "round-robin tx-queue " << queue);
    }
    CHECK(strict_seen == 7);
    SwitchResult r = audit_config(*a, testing::lines_text(*commands), standard_intent(), kPorts);
    CHECK_MESSAGE(r.outcome == SwitchOutcome::in_sync, r.reason);
  }

  TEST_CASE("watchdog: forward is no-drop, two decimals at most, and both read back (issue 19)") {
    auto a = eos_adapter();
    model::Settings s = standard_intent();
    s.pfc_watchdog = model::PfcWatchdog{205, 333, model::WatchdogAction::forward};
    Diagnostics warnings;
    model::Settings fit = a->representable(s, warnings);
    // AVD: timeout/recovery_time are seconds with two decimals; action drop|no-drop.
    CHECK(fit.pfc_watchdog == model::PfcWatchdog{210, 330, model::WatchdogAction::forward});
    auto lines = render_all(*a, s, kPorts, warnings);
    REQUIRE(lines);
    auto has = [&](const std::string& l) {
      return std::find(lines->begin(), lines->end(), l) != lines->end();
    };
    CHECK(has("priority-flow-control pause watchdog default timeout 0.21"));
    CHECK(has("priority-flow-control pause watchdog default recovery-time 0.33"));
    CHECK(has("priority-flow-control pause watchdog action no-drop"));
    auto back = a->parse(testing::lines_text(*lines));
    REQUIRE(back);
    CHECK(back->ports.at("Ethernet1/1").pfc_watchdog == fit.pfc_watchdog);
    // alert has no EOS action: applied as no-drop, with a warning.
    s.pfc_watchdog->action = model::WatchdogAction::alert;
    Diagnostics w2;
    CHECK(a->representable(s, w2).pfc_watchdog->action == model::WatchdogAction::forward);
    CHECK(testing::messages(w2).back() ==
          "pfc_watchdog: EOS watchdog actions are drop or no-drop: action alert is applied as "
          "no-drop (forward)");
  }

  TEST_CASE("render alone refuses an MTU EOS cannot hold: representable() clamps, once") {
    auto a = eos_adapter();
    Diagnostics warnings;
    SwitchState empty;
    for (const auto& p : kPorts) empty.ports[p];
    // The plan as it would be without representable(): MTU 9216 asked for.
    plan::Plan plan = plan::diff(
        "Ethernet1/1", model::knob_slice(standard_intent(), model::Knob::mtu), model::Settings{});
    auto commands = a->render(standard_intent(), kPorts, plan, warnings);
    REQUIRE_FALSE(commands);
    CHECK(commands.error().to_string() == "Ethernet1/1: mtu: EOS takes MTU 68..9214, not 9216");
    CHECK(warnings.all().empty());
  }

  TEST_CASE("representable intent clamps MTU so a clamped switch is not drift forever") {
    auto a = eos_adapter();
    Diagnostics warnings;
    model::Settings fit = a->representable(standard_intent(), warnings);
    CHECK(fit.mtu_bytes == 9214u);
    REQUIRE(warnings.all().size() == 2);  // the MTU, and tx-queue 7 kept strict
    CHECK(warnings.all()[0].message ==
          "EOS interfaces take at most 9214 bytes: MTU 9216 is applied as 9214");
    // Where queues are split, the warning and the lines name uc-tx-queue.
    a->set_platform({"", "", "uc-tx-queue"});
    Diagnostics split;
    (void)a->representable(standard_intent(), split);
    REQUIRE(split.all().size() == 2);
    CHECK(split.all()[1].message ==
          "EOS: uc-tx-queue 7 is above strict uc-tx-queue 6 and stays strict (its 0 % is not "
          "applied), so no round-robin queue sits above a strict one");
  }

  TEST_CASE("render -> parse round trip meets the intent on every port and plans nothing") {
    testing::check_round_trip(*eos_adapter(), kPorts);
  }

  TEST_CASE("a captured config with banner, pager debris, tabs, CRLF and a qos profile") {
    auto a = eos_adapter();
    auto state = a->parse(testing::read_test_file("captured/eos-leaf7.txt"));
    REQUIRE(state);
    // The banner's "interface Ethernet9" is text, not config.
    CHECK(state->ports.size() == 4);
    CHECK_FALSE(state->ports.contains("Ethernet9"));
    CHECK_FALSE(state->ports.contains("Management1"));

    const auto& e1 = state->ports.at("Ethernet1/1");
    CHECK(e1.mtu_bytes == 9214u);
    CHECK(e1.trust == model::Trust::dscp);
    CHECK(e1.pfc_enabled == PriorityMask(1u << 3));
    // 150 kbytes read as KiB, with a note saying so.
    CHECK(e1.ecn == model::Ecn{153600, 1536000, 10});
    CHECK(e1.ecn_priorities == PriorityMask(1u << 3));
    CHECK(e1.pfc_watchdog == model::PfcWatchdog{200, 300, model::WatchdogAction::drop});
    REQUIRE(e1.ets);
    CHECK(e1.ets->tc_tsa[0] == model::Tsa::ets);
    CHECK(e1.ets->tc_bandwidth_percent[0] == 50);
    CHECK(e1.ets->tc_tsa[3] == model::Tsa::ets);
    CHECK(e1.ets->tc_tsa[6] == model::Tsa::strict);
    CHECK(e1.ets->tc_tsa[1] == model::Tsa::strict);  // EOS default

    // The interface adds priority 4 to what its profile says (tab-indented).
    CHECK(state->ports.at("Ethernet1/2").pfc_enabled == PriorityMask((1u << 3) | (1u << 4)));
    CHECK(state->ports.at("Ethernet1/2").mtu_bytes == 9214u);

    // Behind the erased --More-- prompt: no profile, cos trust, segments not guessed.
    const auto& e3 = state->ports.at("Ethernet1/3");
    CHECK(e3.mtu_bytes == 1500u);
    CHECK(e3.trust == model::Trust::pcp);
    CHECK(e3.pfc_enabled == PriorityMask{});
    CHECK_FALSE(e3.ecn);                                // thresholds not comparable ...
    CHECK(e3.ecn_priorities == PriorityMask(1u << 2));  // ... but marking is on

    CHECK(state->ports.at("Ethernet1/4").pfc_enabled == PriorityMask{});
    CHECK_FALSE(state->ports.at("Ethernet1/4").mtu_bytes);

    // Classification: only the explicit 24,26 -> 3 and 48 -> 6 (the EOS
    // default map is not assumed); the TC -> DSCP rewrite line is not
    // classification; no CNP class is invented.
    const auto& dscp = *state->global.dscp_priority;
    CHECK(dscp == model::dscp_priority_map({{24, 3}, {26, 3}, {48, 6}}));
    CHECK_FALSE(state->global.cnp);

    CHECK(state->policies.at("ROCE") == std::vector<std::string>{"Ethernet1/1", "Ethernet1/2"});
    std::vector<std::string> expected_notes{
        "line 18: egress DSCP rewrite: not part of the profile model: qos map traffic-class 3 to "
        "dscp 26",
        "line 58: ECN on, thresholds in segments not comparable: "
        "random-detect ecn minimum-threshold 20 segments maximum-threshold 200 segments"};
    CHECK(state->notes == expected_notes);
    CHECK(state->origin("Ethernet1/1", model::Knob::ecn).vendor_text ==
          "min 150 kbytes = 153600 B max 1500 kbytes = 1536000 B");
  }

  TEST_CASE("drift on one port renders only that port's knob") {
    auto a = eos_adapter();
    Diagnostics warnings;
    model::Settings intent = a->representable(standard_intent(), warnings);
    auto commands = render_all(*a, intent, kPorts, warnings);
    REQUIRE(commands);
    std::string config = testing::lines_text(*commands) +
                         "interface Ethernet1/3\n   no priority-flow-control priority 3 no-drop\n";
    auto state = a->parse(config);
    REQUIRE(state);
    auto plan = plan_switch(*a, intent, kPorts, *state);
    REQUIRE(plan);
    REQUIRE(plan->changes() == 1);
    CHECK(plan->steps[0].target == "Ethernet1/3");
    auto fix = a->render(switch_intent(intent), kPorts, *plan, warnings);
    REQUIRE(fix);
    CHECK(*fix == std::vector<std::string>{"interface Ethernet1/3", "   priority-flow-control on",
                                           "   priority-flow-control priority 3 no-drop",
                                           "   exit"});
  }

  // Issue 31: a QoS statement the reader does not hold is listed with its
  // line (it may set what a knob reports), never passed over with aaa and
  // router bgp. The statements are the EOS User Manual's (QoS chapter:
  // class-map type qos, policy-map type quality-of-service, service-policy
  // type qos input; DCB chapter: dcbx application, dcbx mode ieee).
  TEST_CASE("QoS statements not held are listed by line; the rest is passed over and counted") {
    auto state = eos_adapter()->parse(
        "! device: leaf1 (DCS-7050CX3-32S, EOS-4.28.3M)\n"
        "!\n"
        "hostname leaf1\n"
        "!\n"
        "class-map type qos match-any ROCE\n"
        "   match ip access-group ROCE-ACL\n"
        "!\n"
        "policy-map type quality-of-service ROCE-POLICY\n"
        "   class ROCE\n"
        "      set traffic-class 3\n"
        "!\n"
        "dcbx application tcp-sctp 4791 priority 3\n"
        "!\n"
        "priority-flow-control pause watchdog default timeout 0.2\n"
        "!\n"
        "interface Ethernet1\n"
        "   mtu 9214\n"
        "   service-policy type qos input ROCE-POLICY\n"
        "   priority-flow-control on\n"
        "   priority-flow-control priority 3 no-drop\n"
        "   dcbx mode ieee\n"
        "!\n"
        "interface Management1\n"
        "   ip address 10.0.0.1/24\n"
        "!\n"
        "router bgp 65001\n"
        "   router-id 10.0.0.1\n"
        "!\n"
        "end\n");
    REQUIRE(state);
    std::vector<std::string> unread;
    for (const Unread& u : state->not_understood)
      unread.push_back(fmt::format("{} {}: {}", u.line, u.why, u.text));
    CHECK(unread == std::vector<std::string>{
                        "5 QoS statement not understood: class-map type qos match-any ROCE",
                        "8 QoS statement not understood: policy-map type quality-of-service "
                        "ROCE-POLICY",
                        "12 QoS statement not understood: dcbx application tcp-sctp 4791 "
                        "priority 3",
                        "18 QoS statement not understood: service-policy type qos input "
                        "ROCE-POLICY",
                        "21 QoS statement not understood: dcbx mode ieee"});
    // hostname, interface Management1, router bgp, its router-id, end.
    CHECK(state->passed_over == 5);
    CHECK(state->recognised_as == "EOS running-config; passed over 5 statements that are not QoS");
    CHECK(state->ports.at("Ethernet1").pfc_enabled == PriorityMask(1u << 3));
  }

  TEST_CASE("interface names and ranges") {
    auto a = eos_adapter();
    CHECK(a->valid_interface("Ethernet1/1-4"));
    CHECK(a->valid_interface("Ethernet7"));
    CHECK_FALSE(a->valid_interface("Ethernet1/1;reload"));
    CHECK_FALSE(a->valid_interface("swp1"));
    auto ports = a->expand_interfaces({"Ethernet1/1-3", "Ethernet2"});
    REQUIRE(ports);
    CHECK(*ports ==
          std::vector<std::string>{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet2"});
    auto twice = a->expand_interfaces({"Ethernet1/1-3", "Ethernet1/2"});
    REQUIRE_FALSE(twice);
    CHECK(twice.error().to_string() == "Ethernet1/2: Ethernet1/2 is listed twice");
    CHECK_FALSE(a->expand_interfaces({"Ethernet1/4-1"}));
  }

  TEST_CASE("push: staged in a session, committed with a timer, then confirmed") {
    auto a = eos_adapter();
    testing::RecordingSession s;
    REQUIRE(a->push(s, {"interface Ethernet1", "   mtu 9214", "   exit"}));
    CHECK(s.sent == std::vector<std::string>{"configure session rocecfg", "abort",
                                             "configure session rocecfg", "interface Ethernet1",
                                             "   mtu 9214", "   exit", "commit timer 00:05:00",
                                             "configure session rocecfg commit"});
  }

  TEST_CASE("push of nothing sends nothing") {
    auto a = eos_adapter();
    testing::RecordingSession s;
    REQUIRE(a->push(s, {}));
    CHECK(s.sent.empty());
  }

  TEST_CASE("push: a failing command aborts the session") {
    auto a = eos_adapter();
    testing::RecordingSession s;
    s.fail_at = 5;
    auto r = a->push(s, {"interface Ethernet1", "   mtu 9214", "   exit"});
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "   mtu 9214: % Invalid input (injected); the eos transaction was rolled back");
    CHECK(s.sent.back() == "abort");
    CHECK(s.sent.size() == 6);
  }

  TEST_CASE("push: a drop after the timer commit reconnects and aborts the pending commit") {
    auto a = eos_adapter();
    testing::RecordingSession s;
    s.fail_at = 8;  // the confirming commit
    s.drop = true;
    auto r = a->push(s, {"interface Ethernet1", "   mtu 9214", "   exit"});
    REQUIRE_FALSE(r);
    CHECK(s.reconnects == 1);
    CHECK(std::vector<std::string>(s.sent.end() - 2, s.sent.end()) ==
          std::vector<std::string>{"<reconnect>", "configure session rocecfg abort"});
  }
}

}  // namespace
}  // namespace rocecfg::sw
