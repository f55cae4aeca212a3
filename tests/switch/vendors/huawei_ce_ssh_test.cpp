// Huawei CE end to end: the real transport and engine against a real sshd
// whose forced command emulates the VRP CLI with two-stage commit
// (tests/switch/emu/huawei_ce_emu.py).
#include <doctest/doctest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "vendor_ssh.h"

namespace rocecfg::sw::testing {

namespace {
const std::vector<std::string> kPorts = {"100GE1/0/1", "100GE1/0/2", "100GE1/0/3", "100GE1/0/4"};
}  // namespace

TEST_SUITE("huawei-ce over ssh") {
  TEST_CASE("apply from factory defaults, audit clean, a second apply sends nothing") {
    SshdFixture fx({"huawei-ce"});
    SwitchResult first = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    INFO(first.reason);
    REQUIRE(first.outcome == SwitchOutcome::applied);
    // DRR weight 1; drop is `recovery-behavior discard`, no warning (issue 19).
    CHECK(first.warnings.size() == 1);

    SwitchResult audit = audit_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);

    fx.clear_log(0);
    SwitchResult second = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(second.commands.empty());
    CHECK(fx.log(0) ==
          std::vector<std::string>{"screen-length 0 temporary", "display current-configuration"});
  }

  TEST_CASE("drift typed at the CLI is reported per knob and repaired exactly") {
    SshdFixture fx({"huawei-ce"});
    REQUIRE(apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts).outcome ==
            SwitchOutcome::applied);
    operator_types(fx, 0, "huawei-ce",
                   {"system-view", "interface 100GE1/0/3", "undo dcb pfc enable", "mtu 1500",
                    "quit", "commit", "return"});
    SwitchResult audit = audit_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::drift);
    std::vector<std::string> drift;
    for (const auto& s : audit.plan.steps)
      drift.push_back(s.target + " " + std::string(model::knob_name(s.knob)) + " " +
                      model::knob_value_text(s.before, s.knob));
    // The watchdog the config no longer states is "not in the config"
    // (unverified, issue 20's rule), not drift and not in-sync.
    CHECK(drift == std::vector<std::string>{"100GE1/0/3 mtu 1500", "100GE1/0/3 pfc none"});
    SwitchResult fix = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK(fix.outcome == SwitchOutcome::applied);
    CHECK(audit_once(fx, 0, "huawei-ce", standard_profile(), kPorts).outcome ==
          SwitchOutcome::in_sync);
  }

  TEST_CASE("another user's configuration exclusive lock refuses the apply; nothing changes") {
    SshdFixture fx({"huawei-ce"});
    const std::string state_file = fx.switches()[0].dir + "/state.json";
    const std::string before = running_config(fx, 0, "huawei-ce");
    // A live session of someone else holds the lock (configuration_exclusive.json):
    // this test process stands in for it.
    auto state = nlohmann::json::parse(read_all(state_file));
    state["exclusive"] = static_cast<int>(getpid());
    write_all(state_file, state.dump());
    fx.clear_log(0);
    SwitchResult r = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(r.reason.find("could not take the configuration lock") != std::string::npos);
    // Read, refused at the lock, nothing staged and their lock left alone.
    CHECK(fx.log(0) == std::vector<std::string>{"screen-length 0 temporary",
                                                "display current-configuration",
                                                "configuration exclusive"});
    CHECK(running_config(fx, 0, "huawei-ce") == before);
    CHECK(nlohmann::json::parse(read_all(state_file)).at("exclusive") == getpid());
    // Released: the same apply goes through and unlocks at the end.
    state = nlohmann::json::parse(read_all(state_file));
    state.erase("exclusive");
    write_all(state_file, state.dump());
    SwitchResult again = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    CHECK_MESSAGE(again.outcome == SwitchOutcome::applied, again.reason);
    CHECK_FALSE(nlohmann::json::parse(read_all(state_file)).contains("exclusive"));
  }

  TEST_CASE("apply saves: after a reload (startup becomes running) the audit is still clean") {
    SshdFixture fx({"huawei-ce"});
    const std::string state_file = fx.switches()[0].dir + "/state.json";
    REQUIRE(apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts).outcome ==
            SwitchOutcome::applied);
    // Reload: the running config is what the next-startup file holds.
    auto state = nlohmann::json::parse(read_all(state_file));
    state["running"] = state.at("startup");
    write_all(state_file, state.dump());
    CHECK(audit_once(fx, 0, "huawei-ce", standard_profile(), kPorts).outcome ==
          SwitchOutcome::in_sync);
  }

  TEST_CASE("a fault at every step of an apply leaves the running config exactly as before") {
    int steps =
        fault_sweep("huawei-ce", {"100GE1/0/1", "100GE1/0/2"}, {{"exclusive_timeout_s", 1}});
    CHECK(steps > 30);
  }

  TEST_CASE(
      "a connection dropped in the trial: the rollback waits for the switch to release the "
      "dead session's lock, and says so") {
    SshdFixture fx({"huawei-ce"});
    const std::string state_file = fx.switches()[0].dir + "/state.json";
    // What `configuration exclusive timeout 2` sets (default 30 s,
    // configuration_exclusive_timeout.json).
    auto state = nlohmann::json::parse(read_all(state_file));
    state["exclusive_timeout_s"] = 2;
    write_all(state_file, state.dump());
    const std::string before = running_config(fx, 0, "huawei-ce");
    // The second command containing "commit" is the confirming `commit`
    // (the first is `commit trial 300`): the change is live on trial.
    fx.set_fault(0, 2, "drop", "commit");
    SwitchResult r = apply_once(fx, 0, "huawei-ce", standard_profile(), kPorts);
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::failed);
    INFO(r.reason);
    CHECK(r.reason.find("the huawei-ce transaction was rolled back (after waiting ") !=
          std::string::npos);
    CHECK(r.reason.find(" s for the switch to release the dropped connection's lock)") !=
          std::string::npos);
    CHECK(running_config(fx, 0, "huawei-ce") == before);
    // The fresh connection's lock is released at the end: nobody is locked out.
    CHECK_FALSE(nlohmann::json::parse(read_all(state_file)).contains("exclusive"));
  }
}

}  // namespace rocecfg::sw::testing
