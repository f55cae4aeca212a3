// Doctor's switch half on audit results as lib/switch produces them: a
// drifted step's `before` is what the switch runs. The SSH path end to end
// is doctor_switch_ssh_test.cpp.
#include "doctor/doctor_switch.h"

#include <doctest/doctest.h>

using rocecfg::PriorityMask;
namespace model = rocecfg::model;
namespace plan = rocecfg::plan;
namespace sw = rocecfg::sw;
using namespace rocecfg::doctor;

namespace {

plan::Step step(const std::string& target, model::Knob k, model::Settings before,
                model::Settings after) {
  return plan::Step{target, k, std::move(before), std::move(after), plan::StepKind::change, ""};
}

HostSide host_eth0() {
  HostSide h{"eth0", {}};
  h.settings.mtu_bytes = 9000;
  h.settings.pfc_enabled = PriorityMask(0x08);
  h.settings.dscp_priority = model::dscp_priority_map({{26, 3}});
  h.settings.dcqcn = model::Dcqcn{};
  h.settings.dcqcn->enabled = true;
  return h;
}

}  // namespace

TEST_SUITE("doctor.switch") {
  TEST_CASE("a switch in sync is ok; an unreachable one is a warning naming why") {
    sw::SwitchResult ok{"leaf1", "cumulus", sw::SwitchOutcome::in_sync, "", {}, {}, {}, {}, ""};
    sw::SwitchResult down{
        "leaf2", "eos", sw::SwitchOutcome::unreachable, "connect: Connection refused", {}, {},
        {}, {}, ""};
    std::vector<Finding> f =
        check_switches({ok, down}, {}, host_eth0(), "rocecfg apply P --inventory I");
    REQUIRE(f.size() == 2);
    CHECK(f[0].severity == Severity::ok);
    CHECK(f[0].seen == "leaf1: MTU, PFC, DSCP map and ECN as the profile says (read live)");
    CHECK(f[1].severity == Severity::warning);
    CHECK(f[1].seen == "leaf2: not read (unreachable): connect: Connection refused");
  }

  TEST_CASE("MTU, PFC, DSCP and ECN that break the chain end to end are problems with the fix") {
    model::Settings mtu1500, mtu9216, pfc4, pfc3, map0, map3, ecn_none, ecn3;
    mtu1500.mtu_bytes = 1500;
    mtu9216.mtu_bytes = 9216;
    pfc4.pfc_enabled = PriorityMask(0x10);
    pfc3.pfc_enabled = PriorityMask(0x08);
    map0.dscp_priority = model::dscp_priority_map({{26, 0}});
    map3.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
    ecn_none.ecn_priorities = PriorityMask{};
    ecn3.ecn_priorities = PriorityMask(0x08);
    sw::SwitchResult r{"leaf1", "cumulus", sw::SwitchOutcome::drift, "", {}, {}, {}, {}, ""};
    r.plan.steps = {step("leaf1 swp1-32", model::Knob::mtu, mtu1500, mtu9216),
                    step("leaf1 swp1-32", model::Knob::pfc, pfc4, pfc3),
                    step("global", model::Knob::dscp_map, map0, map3),
                    step("leaf1 swp1-32", model::Knob::ecn_priorities, ecn_none, ecn3)};
    std::vector<Finding> f = check_switches({r}, {}, host_eth0(), "rocecfg apply P --inventory I");
    REQUIRE(f.size() == 4);
    CHECK(f[0].seen == "leaf1 swp1-32 MTU 1500, below host eth0 MTU 9000");
    CHECK(f[1].seen == "leaf1 swp1-32 PFC on priority 4, host eth0 PFC on priority 3");
    CHECK(f[2].seen == "leaf1 classifies DSCP 26 to priority 0, host eth0 to priority 3");
    CHECK(f[3].seen ==
          "leaf1 swp1-32 ECN marking on no priority, host eth0 runs DCQCN on "
          "priority 3");
    for (const Finding& x : f) {
      CHECK(x.severity == Severity::problem);
      CHECK(x.fix == "rocecfg apply P --inventory I --switch leaf1");
    }
  }

  TEST_CASE("drift that still agrees with the host is only a warning") {
    model::Settings mtu9100, mtu9216;
    mtu9100.mtu_bytes = 9100;
    mtu9216.mtu_bytes = 9216;
    sw::SwitchResult r{"leaf1", "sonic", sw::SwitchOutcome::drift, "", {}, {}, {}, {}, ""};
    r.plan.steps = {step("leaf1 Ethernet0", model::Knob::mtu, mtu9100, mtu9216)};
    std::vector<Finding> f = check_switches({r}, {}, host_eth0(), "rocecfg apply P --inventory I");
    REQUIRE(f.size() == 1);
    CHECK(f[0].severity == Severity::warning);
    CHECK(f[0].seen == "leaf1 Ethernet0 mtu: 9100, profile 9216");
  }
}
