// Huawei CloudEngine adapter: rendering (golden), parsing captured configs,
// the render -> parse round trip, and the two-stage commit with trial.
#include <algorithm>

#include <doctest/doctest.h>

#include "cli/common.h"
#include "huawei_ce/huawei_ce.h"
#include "switch/engine.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

using testing::standard_intent;

const std::vector<std::string> kPorts{"100GE1/0/1", "100GE1/0/2", "100GE1/0/3", "100GE1/0/4"};

std::unique_ptr<Adapter> huawei_adapter() {
  return testing::adapter_for("huawei-ce");
}

using testing::messages;

TEST_SUITE("huawei-ce") {
  TEST_CASE("what Huawei cannot hold exactly is warned about, once each") {
    auto a = huawei_adapter();
    Diagnostics warnings;
    model::Settings fit = a->representable(standard_intent(), warnings);
    CHECK(messages(warnings) ==
          std::vector<std::string>{"ets: Huawei DRR weights start at 1: ETS classes of 0 % are "
                                   "applied as weight 1, taken from the largest classes"});
    // Weights are shares: written to sum 100, 1 % each taken from the largest.
    CHECK(fit.ets->tc_bandwidth_percent == std::array<uint8_t, 8>{47, 1, 1, 48, 1, 1, 0, 1});
    // drop is expressible: `dcb pfc deadlock recovery-behavior discard` (issue 19 defect 2).
    CHECK(fit.pfc_watchdog == model::PfcWatchdog{200, 200, model::WatchdogAction::drop});
  }

  TEST_CASE("deadlock timers: two documented commands, units of 10/100/500/1000 ms, by model") {
    // CE8855 (interval_times): detection 1..15 and recovery 0..31 units.
    model::Settings s = standard_intent();
    s.pfc_watchdog = model::PfcWatchdog{50, 250, model::WatchdogAction::drop};
    auto a = huawei_adapter();
    Diagnostics warnings;
    auto lines = render_all(*a, s, kPorts, warnings);
    REQUIRE(lines);
    auto has = [&](const std::string& l) {
      return std::find(lines->begin(), lines->end(), l) != lines->end();
    };
    CHECK(has("dcb pfc deadlock-detect interval 10"));
    CHECK(has(" priority 3 deadlock-detect time 5"));
    CHECK(has(" priority 3 deadlock-recovery time 25"));
    CHECK(has("dcb pfc deadlock recovery-behavior discard slot 1"));
    CHECK(has("dcb pfc dscp-mapping enable slot 1"));
    // CE6866 (timers): milliseconds, 10..1500, no dscp-mapping command documented.
    a->set_platform({"CE6866", "", ""});
    lines = render_all(*a, s, kPorts, warnings);
    REQUIRE(lines);
    CHECK(has("dcb pfc deadlock-detect timer 50"));
    CHECK(has("dcb pfc deadlock-recovery timer 250"));
    CHECK_FALSE(has("dcb pfc dscp-mapping enable slot 1"));
    // Unknown model: refused, never guessed.
    a->set_platform({"CE12800", "", ""});
    auto refused = render_all(*a, s, kPorts, warnings);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("rocecfg does not guess") != std::string::npos);
    a->set_platform({});
    refused = render_all(*a, s, kPorts, warnings);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("set `model`") != std::string::npos);
  }

  TEST_CASE("standard profile renders the golden config") {
    CHECK(testing::standard_render_mismatch(*huawei_adapter(), kPorts, "huawei-ce/standard.txt") ==
          "");
  }

  TEST_CASE("render -> parse round trip meets the intent on every port and plans nothing") {
    testing::check_round_trip(*huawei_adapter(), kPorts);
  }

  TEST_CASE("a captured config with a header banner, pager escapes and relative ECN") {
    auto a = huawei_adapter();
    auto state = a->parse(testing::read_test_file("captured/huawei-ce-leaf2.txt"));
    REQUIRE(state);
    CHECK(state->ports.size() == 3);  // the header's 100GE1/0/9 and MEth are not ports
    const auto& p1 = state->ports.at("100GE1/0/1");
    CHECK(p1.mtu_bytes == 9216u);
    CHECK(p1.trust == model::Trust::dscp);
    CHECK(p1.pfc_enabled == PriorityMask(1u << 3));
    CHECK(p1.pfc_watchdog == model::PfcWatchdog{200, 300, model::WatchdogAction::forward});
    CHECK(p1.ecn == model::Ecn{153600, 1536000, 10});
    CHECK(p1.ecn_priorities == PriorityMask(1u << 3));
    CHECK(p1.dscp_priority->at(Dscp::unchecked(26)) == 3);
    CHECK(p1.dscp_priority->at(Dscp::unchecked(48)) == 6);
    CHECK(p1.ets->tc_tsa[6] == model::Tsa::strict);
    CHECK(p1.ets->tc_tsa[7] == model::Tsa::strict);
    // DRR weights are shares: 50 on queues 0 and 3, the default 1 on queues
    // 1, 2, 4 and 5 (qos_queue_drr.json) sum to 104, so 48 % and 1 % each.
    CHECK(p1.ets->tc_bandwidth_percent == std::array<uint8_t, 8>{48, 1, 1, 48, 1, 1, 0, 0});

    // Behind the erased pager prompt: jumboframe, default domain, auto PFC,
    // percent ECN (not converted).
    const auto& p2 = state->ports.at("100GE1/0/2");
    CHECK(p2.mtu_bytes == 9216u);
    CHECK(p2.dscp_priority->at(Dscp::unchecked(26)) == 3);  // the default domain maps AF31 to af3
    CHECK(p2.dscp_priority->at(Dscp::unchecked(27)) == 0);
    CHECK_FALSE(p2.pfc_enabled);                        // mode auto: DCBX decides
    CHECK_FALSE(p2.ecn);                                // percent thresholds are not comparable ...
    CHECK(p2.ecn_priorities == PriorityMask(1u << 3));  // ... but ECN is on
    CHECK(state->origin("100GE1/0/2", model::Knob::ecn_priorities).vendor_text ==
          "ECN on, thresholds in percent not comparable");

    CHECK(state->policies.at("diffserv ds1") == std::vector<std::string>{"100GE1/0/1"});
    CHECK_FALSE(state->global.cnp);
    CHECK(state->notes ==
          std::vector<std::string>{
              "line 25: ECN on, thresholds in percent not comparable: ecn "
              "low-limit 50 high-limit 80 discard-percentage 30",
              "100GE1/0/2: PFC mode auto follows DCBX negotiation; not in the file"});
  }

  TEST_CASE("interface names: Huawei's speed-prefixed ports and ranges") {
    auto a = huawei_adapter();
    CHECK(a->valid_interface("100GE1/0/1"));
    CHECK(a->valid_interface("100GE1/0/1 to 100GE1/0/4"));
    CHECK(a->valid_interface("400GE1/0/1:2"));
    CHECK_FALSE(a->valid_interface("100GE1/0/1;save"));
    auto ports = a->expand_interfaces({"100GE1/0/1-3"});
    REQUIRE(ports);
    CHECK(*ports == std::vector<std::string>{"100GE1/0/1", "100GE1/0/2", "100GE1/0/3"});
  }

  TEST_CASE("push: lock, system-view, trial commit, confirm; save and unlock after") {
    auto a = huawei_adapter();
    testing::RecordingSession s;
    REQUIRE(a->push(s, {"interface 100GE1/0/1", " mtu 9216", " quit"}));
    CHECK(s.sent == std::vector<std::string>{"configuration exclusive", "system-view",
                                             "interface 100GE1/0/1", " mtu 9216", " quit",
                                             "commit trial 300", "commit"});
    // The lock is held until the save is verified (configuration_exclusive.json).
    testing::RecordingSession p;
    REQUIRE(a->persist(p));
    CHECK(p.sent == std::vector<std::string>{"return", "save", "Y", "compare configuration",
                                             "undo configuration exclusive"});
  }

  TEST_CASE("push: another user's lock stops it before anything is staged") {
    auto a = huawei_adapter();
    testing::RecordingSession s;
    s.fail_at = 1;  // configuration exclusive refused
    auto r = a->push(s, {"interface 100GE1/0/1", " mtu 9216", " quit"});
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("could not take the configuration lock") != std::string::npos);
    // Nothing staged, and never an unlock of someone else's lock.
    CHECK(s.sent == std::vector<std::string>{"configuration exclusive"});
  }

  TEST_CASE("push: an error before the trial aborts; after it, the trial is aborted") {
    auto a = huawei_adapter();
    testing::RecordingSession s;
    s.fail_at = 4;  // interface 100GE1/0/1
    REQUIRE_FALSE(a->push(s, {"interface 100GE1/0/1", " mtu 9216", " quit"}));
    // `abort` is no CE command: the candidate is cleared (clear_configuration_candidate.json),
    // then our lock released.
    CHECK(
        std::vector<std::string>(s.sent.end() - 2, s.sent.end()) ==
        std::vector<std::string>{"clear configuration candidate", "undo configuration exclusive"});

    testing::RecordingSession t;
    t.fail_at = 7;  // the confirming commit
    t.drop = true;
    auto r = a->push(t, {"interface 100GE1/0/1", " mtu 9216", " quit"});
    REQUIRE_FALSE(r);
    // A fresh connection may only query until it holds the lock
    // (configuration_exclusive.json); abort trial asks [Y/N] and is not a
    // user-view command (abort_trial.json).
    CHECK(std::vector<std::string>(t.sent.end() - 7, t.sent.end()) ==
          std::vector<std::string>{"<reconnect>", "configuration exclusive", "system-view",
                                   "abort trial", "Y", "return", "undo configuration exclusive"});
  }
}

}  // namespace
}  // namespace rocecfg::sw
