// NX-OS end to end: the real transport and engine against a real sshd whose
// forced command emulates the NX-OS CLI (tests/switch/emu/nxos_emu.py).
#include <doctest/doctest.h>

#include <algorithm>

#include "vendor_ssh.h"

namespace rocecfg::sw::testing {

namespace {
const std::vector<std::string> kPorts = {"Ethernet1/1", "Ethernet1/2", "Ethernet1/3",
                                         "Ethernet1/4"};
}  // namespace

TEST_SUITE("nxos over ssh") {
  TEST_CASE("apply from factory defaults, audit clean, a second apply sends nothing") {
    SshdFixture fx({"nxos"});
    SwitchResult first = apply_once(fx, 0, "nxos", standard_profile(), kPorts);
    INFO(first.reason);
    REQUIRE(first.outcome == SwitchOutcome::applied);
    CHECK(first.warnings.empty());

    SwitchResult audit = audit_once(fx, 0, "nxos", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);

    fx.clear_log(0);
    SwitchResult second = apply_once(fx, 0, "nxos", standard_profile(), kPorts);
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(second.commands.empty());
    CHECK(fx.log(0) == std::vector<std::string>{"terminal length 0", "terminal width 511",
                                                "show running-config"});
    std::string config = running_config(fx, 0, "nxos");
    CHECK(config.find("system qos\n  service-policy type network-qos ROCECFG_NQ\n") !=
          std::string::npos);
  }

  TEST_CASE("drift typed at the CLI is reported per knob and repaired exactly") {
    SshdFixture fx({"nxos"});
    REQUIRE(apply_once(fx, 0, "nxos", standard_profile(), kPorts).outcome ==
            SwitchOutcome::applied);
    operator_types(
        fx, 0, "nxos",
        {"configure terminal", "interface Ethernet1/2", "priority-flow-control mode off", "exit",
         "policy-map type queuing ROCECFG_QUEUING", "class type queuing c-out-8q-q3",
         "random-detect minimum-threshold 150000 bytes maximum-threshold 1500000 bytes "
         "drop-probability 50 weight 0 ecn",
         "end"});
    SwitchResult audit = audit_once(fx, 0, "nxos", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::drift);
    std::vector<std::string> drift;
    for (const auto& s : audit.plan.steps)
      drift.push_back(s.target + " " + std::string(model::knob_name(s.knob)) + " " +
                      model::knob_value_text(s.before, s.knob));
    CHECK(drift == std::vector<std::string>{"global ecn min=150KB max=1500KB p=50%",
                                            "Ethernet1/2 pfc none"});

    SwitchResult fix = apply_once(fx, 0, "nxos", standard_profile(), kPorts);
    CHECK(fix.outcome == SwitchOutcome::applied);
    CHECK(std::count(fix.commands.begin(), fix.commands.end(), "interface Ethernet1/2") == 1);
    CHECK(audit_once(fx, 0, "nxos", standard_profile(), kPorts).outcome == SwitchOutcome::in_sync);
  }

  TEST_CASE("a fault at every step of an apply leaves the running config exactly as before") {
    int steps = fault_sweep("nxos", {"Ethernet1/1", "Ethernet1/2"});
    CHECK(steps > 40);
  }

  TEST_CASE("a push that fails after its last line is live leaves nothing behind") {
    SshdFixture fx({"nxos"});
    const std::string before = running_config(fx, 0, "nxos");
    fx.set_fault(0, 1, "fail", "end");
    SwitchResult r = apply_once(fx, 0, "nxos", standard_profile(), kPorts);
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(r.reason.find("the nxos transaction was rolled back") != std::string::npos);
    CHECK(running_config(fx, 0, "nxos") == before);
  }
}

}  // namespace rocecfg::sw::testing
