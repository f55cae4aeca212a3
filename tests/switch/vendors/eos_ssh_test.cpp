// EOS end to end: the real transport and engine against a real sshd whose
// forced command emulates the EOS CLI (tests/switch/emu/eos_emu.py).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "require_ok.h"
#include "switch/ssh.h"
#include "vendor_ssh.h"

namespace rocecfg::sw::testing {

namespace {
const std::vector<std::string> kPorts = {"Ethernet1/1", "Ethernet1/2", "Ethernet1/3",
                                         "Ethernet1/4"};
// The emulated switch becomes one that splits unicast and multicast queues.
void split_queues(SshdFixture& fx) {
  const std::string path = fx.switches()[0].dir + "/state.json";
  nlohmann::json state = nlohmann::json::parse(read_all(path));
  state["queues"] = "uc-tx-queue";
  write_all(path, state.dump());
}

size_t lines_starting(const std::vector<std::string>& lines, const std::string& prefix) {
  return static_cast<size_t>(std::count_if(
      lines.begin(), lines.end(), [&](const std::string& l) { return l.starts_with(prefix); }));
}
}  // namespace

TEST_SUITE("eos over ssh") {
  // Issue 19 item 6: platforms with split unicast/multicast queues take
  // `uc-tx-queue`, and no public document says which models those are. The
  // switch shows it in its own config of a port.
  TEST_CASE("the queue keyword is read from the switch: uc-tx-queue where queues are split") {
    SshdFixture fx({"eos"});
    running_config(fx, 0, "eos");  // the emulator writes its factory state
    split_queues(fx);
    const std::string before = running_config(fx, 0, "eos");
    // Unread, `tx-queue` is what such a switch refuses: rolled back.
    SwitchResult blind = apply_once(fx, 0, "eos", standard_profile(), kPorts);
    CHECK(blind.outcome == SwitchOutcome::failed);
    CHECK(blind.reason.find("% Invalid input") != std::string::npos);
    CHECK(running_config(fx, 0, "eos") == before);

    auto a = make_adapter("eos");
    auto s = open_session(fx.target(0), *a);
    REQUIRE_OK(s);
    fx.clear_log(0);
    REQUIRE_OK(learn_platform(*a, **s, kPorts));
    CHECK(fx.log(0) == std::vector<std::string>{"show running-config all interfaces Ethernet1/1"});
    CHECK(a->platform().queue_keyword == "uc-tx-queue");
    SwitchResult r = apply_switch(*a, **s, standard_profile(), kPorts, false);
    INFO(r.reason);
    CHECK(r.outcome == SwitchOutcome::applied);
    CHECK(lines_starting(r.commands, "   uc-tx-queue ") == 8);  // queues 0-7, one stanza
    CHECK(lines_starting(r.commands, "   tx-queue ") == 0);
    CHECK(audit_once(fx, 0, "eos", standard_profile(), kPorts).outcome == SwitchOutcome::in_sync);

    // The factory platform's unified queues read as tx-queue.
    SshdFixture plain({"eos"});
    auto b = make_adapter("eos");
    auto t = open_session(plain.target(0), *b);
    REQUIRE_OK(t);
    REQUIRE_OK(learn_platform(*b, **t, kPorts));
    CHECK(b->platform().queue_keyword == "tx-queue");
    // A stanza that lists no queue leaves it unknown: learn_platform refuses.
    CHECK(b->parse_queue_form("interface Ethernet1/1\n   mtu 9214\n") == "");
    CHECK(b->parse_queue_form("interface Ethernet1/1\n   uc-tx-queue 7\n      priority strict\n"
                              "   mc-tx-queue 3\n") == "uc-tx-queue");
  }

  TEST_CASE("apply from factory defaults, audit clean, a second apply sends nothing") {
    SshdFixture fx({"eos"});
    SwitchResult first = apply_once(fx, 0, "eos", standard_profile(), kPorts);
    INFO(first.reason);
    REQUIRE(first.outcome == SwitchOutcome::applied);
    CHECK(first.warnings ==
          std::vector<std::string>{"mtu: EOS interfaces take at most 9214 bytes: MTU 9216 is "
                                   "applied as 9214",
                                   "ets: EOS: tx-queue 7 is above strict tx-queue 6 and stays "
                                   "strict (its 0 % is not applied), so no round-robin queue "
                                   "sits above a strict one"});

    SwitchResult audit = audit_once(fx, 0, "eos", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);

    fx.clear_log(0);
    SwitchResult second = apply_once(fx, 0, "eos", standard_profile(), kPorts);
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(second.commands.empty());
    CHECK(fx.log(0) == std::vector<std::string>{"terminal length 0", "terminal width 512",
                                                "show running-config"});

    std::string config = running_config(fx, 0, "eos");
    CHECK(config.find("interface Ethernet1/4\n   mtu 9214\n") != std::string::npos);
    CHECK(config.find("interface Ethernet1/5\ninterface") != std::string::npos);  // untouched
  }

  TEST_CASE("drift typed at the CLI is reported per knob and repaired exactly") {
    SshdFixture fx({"eos"});
    REQUIRE(apply_once(fx, 0, "eos", standard_profile(), kPorts).outcome == SwitchOutcome::applied);
    operator_types(
        fx, 0, "eos",
        {"configure", "interface Ethernet1/2", "no priority-flow-control priority 3 no-drop",
         "exit", "qos map dscp 26 to traffic-class 1", "end"});
    SwitchResult audit = audit_once(fx, 0, "eos", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::drift);
    std::vector<std::string> drift;
    for (const auto& s : audit.plan.steps)
      drift.push_back(s.target + " " + std::string(model::knob_name(s.knob)) + " " +
                      model::knob_value_text(s.before, s.knob));
    CHECK(drift.size() == 2);
    CHECK(drift[1] == "Ethernet1/2 pfc none");

    SwitchResult fix = apply_once(fx, 0, "eos", standard_profile(), kPorts);
    CHECK(fix.outcome == SwitchOutcome::applied);
    CHECK(fix.commands ==
          std::vector<std::string>{"qos map dscp 26 to traffic-class 3",
                                   "qos map dscp 48 to traffic-class 6", "interface Ethernet1/2",
                                   "   priority-flow-control on",
                                   "   priority-flow-control priority 3 no-drop", "   exit"});
  }

  TEST_CASE("a fault at every step of an apply leaves the running config exactly as before") {
    int steps = fault_sweep("eos", {"Ethernet1/1", "Ethernet1/2"});
    CHECK(steps > 40);
  }

  TEST_CASE("with paging left on, the pager is answered and the config reads the same") {
    SshdFixture fx({"eos"});
    REQUIRE(apply_once(fx, 0, "eos", standard_profile(), kPorts).outcome == SwitchOutcome::applied);
    const std::string unpaged = running_config(fx, 0, "eos");
    auto a = make_adapter("eos");
    ShellDialect dialect = a->shell_dialect();
    dialect.setup_commands.clear();  // the emulator pages every 24 lines
    auto s = ShellSession::open(fx.target(0), dialect);
    REQUIRE(s);
    auto paged = a->fetch_config(**s);
    REQUIRE(paged);
    CHECK(std::count(unpaged.begin(), unpaged.end(), '\n') > 48);
    CHECK(*paged == unpaged);
  }

  TEST_CASE("a hung commit times out, and the staged session is aborted") {
    SshdFixture fx({"eos"});
    const std::string before = running_config(fx, 0, "eos");
    fx.set_fault(0, 1, "hang", "commit timer");
    SwitchResult r = apply_once(fx, 0, "eos", standard_profile(), kPorts, 1500);
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(running_config(fx, 0, "eos") == before);
    auto log = fx.log(0);
    CHECK(log.back() == "show running-config");
    CHECK(std::find(log.begin(), log.end(), "abort") != log.end());
  }
}

}  // namespace rocecfg::sw::testing
