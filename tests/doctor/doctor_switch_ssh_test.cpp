// doctor --inventory end to end: the switch side read live through a real
// sshd and the Cumulus emulator (tests/switch/emu: the stand-in for the
// device), compared with the host's side of the profile.
#include <doctest/doctest.h>

#include <fstream>

#include "doctor/doctor.h"
#include "doctor/doctor_counters.h"
#include "fs_tree.h"
#include "profile/load.h"
#include "switch/counter_collect.h"
#include "switch/fleet.h"
#include "switch_fixtures.h"

namespace doctor = rocecfg::doctor;
namespace sw = rocecfg::sw;

TEST_SUITE("doctor.switch.ssh") {
  TEST_CASE("a switch whose PFC and DSCP map moved off the host's priority is named with the fix") {
    sw::testing::SshdFixture fx({"cumulus:1"});
    auto loaded = rocecfg::profile::load_profile(ROCECFG_SOURCE_DIR "/profiles/roce-lossless.toml");
    REQUIRE(loaded.value);
    const rocecfg::profile::Intent& intent = *loaded.value;
    sw::FleetSwitch f;
    f.ssh = fx.target(0);
    f.vendor = "cumulus";
    f.interfaces = {"swp1-4"};
    // Someone configured the switch by hand: PFC and RoCE's DSCP on priority 4.
    rocecfg::model::Settings wrong = intent.switch_settings();
    wrong.pfc_enabled = rocecfg::PriorityMask(0x10);
    (*wrong.dscp_priority)[rocecfg::Dscp::unchecked(26)] = rocecfg::Priority::unchecked(4);
    REQUIRE(sw::run_switches({f}, wrong, sw::FleetMode::apply, 1)[0].outcome ==
            sw::SwitchOutcome::applied);

    rocecfg::test::FsTree t;  // a host without RDMA devices: the host side is the profile's
    doctor::DoctorInput in;
    in.root = t.root();
    in.intent = intent;
    in.switch_audits = [&] {
      return sw::run_switches({f}, intent.switch_settings(), sw::FleetMode::audit, 1);
    };
    in.switch_fix = "rocecfg apply P --inventory I";
    std::vector<std::string> seen, fixes;
    for (const doctor::Finding& x : doctor::run_doctor(in))
      if (x.check == "pfc" || x.check == "dscp") {
        CHECK(x.severity == doctor::Severity::problem);
        seen.push_back(x.seen);
        fixes.push_back(x.fix);
      }
    const std::string name = fx.switches()[0].name;
    CHECK(seen == std::vector<std::string>{
                      name + " PFC on priority 4, host this host PFC on priority 3",
                      name + " classifies DSCP 26 to priority 4, host this host to priority 3"});
    CHECK(fixes == std::vector<std::string>(2, "rocecfg apply P --inventory I --switch " + name));

    // repaired with rocecfg apply: the same doctor says the switch agrees
    REQUIRE(sw::run_switches({f}, intent.switch_settings(), sw::FleetMode::apply, 1)[0].outcome ==
            sw::SwitchOutcome::applied);
    bool in_sync = false;
    for (const doctor::Finding& x : doctor::run_doctor(in)) {
      CHECK_FALSE(x.check == "pfc");
      if (x.check == "switch")
        in_sync = x.seen == name + ": MTU, PFC, DSCP map and ECN as the profile says (read live)";
    }
    CHECK(in_sync);
  }

  TEST_CASE("an NX-OS watchdog that fired during the window is a problem with why and fix") {
    // The NX-OS emulator answers `show queuing pfc-queue interface X detail |
    // json` in the shape of Cisco's show command reference; the second read
    // shows one more shutdown (a storm) and 40 packets the watchdog dropped.
    sw::testing::SshdFixture fx({"nxos:1"});
    std::ofstream(fx.switches()[0].dir + "/counters.json")
        << "{\"reads\": [{\"Ethernet1/1\": {}}, {\"Ethernet1/1\": {\"wd_storms\": [0, 0, 0, 1], "
           "\"wd_drops\": [0, 0, 0, 40]}}]}\n";
    sw::FleetSwitch f{fx.target(0), "nxos", {"Ethernet1/1"}};
    sw::CounterRules rules;
    rules.lossless = rocecfg::PriorityMask(1u << 3);
    rocecfg::test::FsTree t;
    doctor::DoctorInput in;
    in.root = t.root();
    in.switch_counter_findings = [&] {
      sw::CounterCollectOptions o;
      o.window_ms = 100;
      return doctor::check_switch_counters(sw::collect_counters({f}, o), rules, "W", "A");
    };
    std::vector<std::string> seen;
    for (const doctor::Finding& x : doctor::run_doctor(in))
      if (x.check.starts_with("switch") || x.check == "sw counters")
        seen.push_back(std::string(doctor::to_string(x.severity)) + " " + x.check + ": " + x.seen);
    const std::string name = fx.switches()[0].name;
    CHECK(seen ==
          std::vector<std::string>{"PROBLEM switch wd: " + name +
                                       " Ethernet1/1 queue 3: PFC watchdog detected 1 storm(s)",
                                   "PROBLEM switch wd: " + name +
                                       " Ethernet1/1 queue 3: PFC watchdog dropped 40 packets"});
    // Queue drops are read too (show queuing interface X | json): no
    // "not read, so not judged" line.
  }
}
