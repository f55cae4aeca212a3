// Cumulus end to end: the real transport against a real sshd whose forced
// command emulates NVUE (tests/switch/emu/cumulus_emu.py).
#include <doctest/doctest.h>

#include "require_ok.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/lock_file.h"
#include "files.h"
#include "plan/journal.h"
#include "switch/engine.h"
#include "switch/fleet.h"
#include "switch/ssh.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

const std::vector<std::string> kPorts = {"swp1", "swp2", "swp3", "swp4"};

std::string running_config(SshdFixture& fx, size_t i) {
  auto s = ExecSession::open(fx.target(i));
  REQUIRE_OK(s);
  auto text = (*s)->run("nv config show -o commands");
  REQUIRE_OK(text);
  return *text;
}

void write_all(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

SwitchResult apply_once(SshdFixture& fx, size_t i, const model::Settings& intent,
                        uint32_t command_timeout_ms = 10000) {
  auto adapter = make_adapter("cumulus");
  REQUIRE(adapter);
  SshTarget t = fx.target(i);
  t.command_timeout_ms = command_timeout_ms;
  auto s = ExecSession::open(t);
  REQUIRE_OK(s);
  return apply_switch(*adapter, **s, intent, kPorts, false);
}

FleetSwitch fleet_switch(SshdFixture& fx, size_t i) {
  FleetSwitch f;
  f.ssh = fx.target(i);
  f.vendor = "cumulus";
  f.interfaces = {"swp1-4"};
  return f;
}

}  // namespace

TEST_SUITE("cumulus over ssh") {
  TEST_CASE(
      "apply from factory defaults, then audit shows no drift and a second apply sends "
      "nothing") {
    SshdFixture fx({"cumulus"});
    SwitchResult first = apply_once(fx, 0, standard_profile());
    INFO(first.reason);
    CHECK(first.outcome == SwitchOutcome::applied);
    CHECK(first.plan.changes() > 0);

    auto adapter = make_adapter("cumulus");
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    SwitchResult audit = audit_switch(*adapter, **s, standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);
    CHECK(audit.plan.changes() == 0);

    fx.clear_log(0);
    SwitchResult second = apply_once(fx, 0, standard_profile());
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(second.commands.empty());
    CHECK(fx.log(0) == std::vector<std::string>{"nv config show -o commands"});

    std::string config = running_config(fx, 0);
    CHECK(config.find(
              "nv set qos congestion-control default-global traffic-class 3 probability 10") !=
          std::string::npos);
    CHECK(config.find("nv set interface swp4 qos pfc-watchdog") != std::string::npos);
    CHECK(config.find("nv set interface swp5 qos pfc-watchdog") == std::string::npos);
    // PFC came with a lossless pool (the emulator refuses PFC without one,
    // CL 5.14 QoS guide "Flow Control Buffers"), within 100 % together.
    CHECK(config.find("nv set qos traffic-pool default-lossless memory-percent 50") !=
          std::string::npos);
    CHECK(config.find("nv set qos traffic-pool default-lossy memory-percent 50") !=
          std::string::npos);
    // Saved: CL <= 5.8 does not save on apply (the emulator is such a switch),
    // so a reload comes back with what was verified only after `nv config save`.
    auto state = nlohmann::json::parse(test::read_file(fx.switches()[0].dir + "/state.json"));
    CHECK(state.at("startup") == state.at("applied"));
  }

  TEST_CASE("drift injected on the switch is reported per interface and knob") {
    SshdFixture fx({"cumulus"});
    REQUIRE(apply_once(fx, 0, standard_profile()).outcome == SwitchOutcome::applied);
    {
      auto s = ExecSession::open(fx.target(0));
      REQUIRE(s);
      auto r = (*s)->run_all(
          {"nv set qos congestion-control default-global traffic-class 3 probability 50",
           "nv set interface swp2 link mtu 1500", "nv config apply -y"});
      REQUIRE_OK(r);
    }
    auto adapter = make_adapter("cumulus");
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    SwitchResult audit = audit_switch(*adapter, **s, standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::drift);
    REQUIRE(audit.plan.steps.size() == 2);
    CHECK(audit.plan.steps[0].target == "global");
    CHECK(audit.plan.steps[0].knob == model::Knob::ecn);
    CHECK(model::knob_value_text(audit.plan.steps[0].before, model::Knob::ecn) ==
          "min=150KB max=1500KB p=50%");
    CHECK(audit.plan.steps[1].target == "swp2");
    CHECK(audit.plan.steps[1].knob == model::Knob::mtu);
    CHECK(*audit.plan.steps[1].before.mtu_bytes == 1500);

    // Apply repairs exactly those two and nothing else.
    SwitchResult fix = apply_once(fx, 0, standard_profile());
    CHECK(fix.outcome == SwitchOutcome::applied);
    CHECK(fix.commands ==
          std::vector<std::string>{
              "nv set qos congestion-control default-global traffic-class 3 min-threshold 150000",
              "nv set qos congestion-control default-global traffic-class 3 max-threshold 1500000",
              "nv set qos congestion-control default-global traffic-class 3 probability 10",
              "nv set interface swp2 link mtu 9216"});
  }

  TEST_CASE("a fault at every step of an apply leaves the running config exactly as before") {
    SshdFixture fx({"cumulus"});
    const std::string factory_state = test::read_file(fx.switches()[0].dir + "/state.json");
    const std::string before = running_config(fx, 0);
    // How many device commands does a clean apply take?
    fx.clear_fault(0);
    REQUIRE(apply_once(fx, 0, standard_profile()).outcome == SwitchOutcome::applied);
    // The last two are the verification read after the commit and the save.
    const int steps = fx.commands_counted(0) - 2;
    REQUIRE(steps > 5);
    for (std::string kind : {"fail", "drop"}) {
      for (int n = 1; n <= steps; ++n) {
        CAPTURE(kind);
        CAPTURE(n);
        write_all(fx.switches()[0].dir + "/state.json", factory_state);
        fx.set_fault(0, n, kind);
        SwitchResult r = apply_once(fx, 0, standard_profile());
        fx.clear_fault(0);
        CHECK(r.outcome != SwitchOutcome::applied);
        CHECK(running_config(fx, 0) == before);
      }
      // A failed verification read is retried on a new connection.
      write_all(fx.switches()[0].dir + "/state.json", factory_state);
      fx.set_fault(0, steps + 1, kind);
      SwitchResult r = apply_once(fx, 0, standard_profile());
      fx.clear_fault(0);
      CHECK(r.outcome == SwitchOutcome::applied);
      // A failed save leaves the verified change live, and says so.
      write_all(fx.switches()[0].dir + "/state.json", factory_state);
      fx.set_fault(0, 1, kind, "nv config save");
      r = apply_once(fx, 0, standard_profile());
      fx.clear_fault(0);
      CHECK(r.outcome == SwitchOutcome::failed);
      CHECK(r.reason.find("applied and verified, but not saved") != std::string::npos);
      CHECK(running_config(fx, 0) != before);
    }
    // A hang (the client times out) at the commit and at a staging command.
    for (const char* match : {"nv config apply", "nv set interface"}) {
      CAPTURE(match);
      write_all(fx.switches()[0].dir + "/state.json", factory_state);
      fx.set_fault(0, 1, "hang", match);
      SwitchResult r = apply_once(fx, 0, standard_profile(), 1500);
      fx.clear_fault(0);
      CHECK(r.outcome == SwitchOutcome::failed);
      CHECK(r.reason.find("did not finish within 1500 ms") != std::string::npos);
      CHECK(running_config(fx, 0) == before);
    }
  }

  TEST_CASE("a setting that does not stick is rolled back to exactly the text read before") {
    SshdFixture fx({"cumulus"});
    {  // A switch with explicit lines of its own, one of which the apply changes.
      auto s = ExecSession::open(fx.target(0));
      REQUIRE(s);
      REQUIRE((*s)->run_all({"nv set interface swp2 link mtu 1500",
                             "nv set qos mapping default-global dscp 46 switch-priority 5",
                             "nv config apply -y"}));
    }
    const std::string before = running_config(fx, 0);
    fx.clear_log(0);
    fx.set_fault(0, 1, "ignore", "qos pfc default-global");  // accepted, never applied
    SwitchResult r = apply_once(fx, 0, standard_profile());
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::rolled_back);
    CHECK(r.reason == "1 knob(s) did not read back as intended; pre-change values restored");
    // Byte for byte: no explicit default lines left behind.
    CHECK(running_config(fx, 0) == before);
    std::vector<std::string> log = fx.log(0);
    auto sent = [&](const std::string& line) {
      return std::find(log.begin(), log.end(), line) != log.end();
    };
    CHECK(sent("nv unset qos mapping default-global trust"));
    CHECK(sent("nv unset interface swp1 qos pfc-watchdog"));
    CHECK(sent("nv set interface swp2 link mtu 1500"));
    CHECK_FALSE(sent("nv set qos mapping default-global trust l2"));
  }

  TEST_CASE("two applies at once against one switch: every report matches the final state") {
    // Before the switch lock, 7 of 8 such pairs ended in a state that
    // contradicted a success report (one run's rollback restored its own
    // snapshot over the other's change).
    SshdFixture fx({"cumulus:1"});
    FleetSwitch f = fleet_switch(fx, 0);
    model::Settings a = standard_profile();
    model::Settings b = standard_profile();
    a.mtu_bytes = 9216;
    b.mtu_bytes = 4200;
    auto adapter = make_adapter("cumulus");
    for (int round = 0; round < 6; ++round) {
      CAPTURE(round);
      SwitchResult ra, rb;
      {
        std::jthread ta([&] { ra = run_switches({f}, a, FleetMode::apply, 1)[0]; });
        std::jthread tb([&] { rb = run_switches({f}, b, FleetMode::apply, 1)[0]; });
      }
      // Each run either changed the switch to its profile or found it there.
      for (const SwitchResult* r : {&ra, &rb}) {
        CAPTURE(r->reason);
        CHECK((r->outcome == SwitchOutcome::applied || r->outcome == SwitchOutcome::in_sync));
      }
      // The switch ends in exactly one of the two profiles: the later run's.
      auto s = ExecSession::open(fx.target(0));
      REQUIRE(s);
      bool in_a = audit_switch(*adapter, **s, a, kPorts).outcome == SwitchOutcome::in_sync;
      bool in_b = audit_switch(*adapter, **s, b, kPorts).outcome == SwitchOutcome::in_sync;
      CHECK(in_a != in_b);
    }
  }

  TEST_CASE("an apply waits for the switch's lock, then gives up alone") {
    SshdFixture fx({"cumulus:1"});
    FleetSwitch f = fleet_switch(fx, 0);
    f.lock_wait_ms = 300;
    auto held = LockFile::acquire(switch_lock_path(f.ssh), 0, "the apply lock of this switch");
    REQUIRE(held);
    SwitchResult r = run_switches({f}, standard_profile(), FleetMode::apply, 1)[0];
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(r.reason == switch_lock_path(f.ssh) + ": another rocecfg apply (pid " +
                          std::to_string(::getpid()) +
                          ") holds the apply lock of this switch; waited 0.3 s, changed nothing "
                          "(retry when it is done, or raise --lock-wait)");
  }

  TEST_CASE("an apply killed mid-push is reported by the next run, from its journal") {
    SshdFixture fx({"cumulus:1"});
    FleetSwitch f = fleet_switch(fx, 0);
    std::string dir = fx.dir() + "/state";
    ::setenv("ROCECFG_STATE_DIR", dir.c_str(), 1);
    // What a run killed between its journal and its verification leaves.
    plan::Plan p;
    plan::Step step;
    step.target = "swp1";
    step.knob = model::Knob::mtu;
    step.kind = plan::StepKind::change;
    step.before.mtu_bytes = 1500;
    step.after.mtu_bytes = 9216;
    p.steps = {step};
    plan::Journal journal{dir, switch_file_stem(f.ssh) + ".journal"};
    REQUIRE(plan::begin_journal(journal, p));
    SwitchResult audit = run_switches({f}, standard_profile(), FleetMode::audit, 1)[0];
    REQUIRE_FALSE(audit.warnings.empty());
    CHECK(audit.warnings[0].find(fmt::format("an earlier apply (pid {}, started ", ::getpid())) ==
          0);
    CHECK(audit.warnings[0].find("did not finish: it planned 1 change(s) on swp1; what it left is "
                                 "read again below") != std::string::npos);
    SwitchResult apply = run_switches({f}, standard_profile(), FleetMode::apply, 1)[0];
    CHECK(apply.outcome == SwitchOutcome::applied);
    REQUIRE_FALSE(apply.warnings.empty());
    CHECK(apply.warnings[0].find("an earlier apply (pid ") == 0);
    // The apply that ran to its end removed the journal: nothing more to say.
    auto left = plan::read_journal(journal);
    REQUIRE(left);
    CHECK_FALSE(left->has_value());
    SwitchResult again = run_switches({f}, standard_profile(), FleetMode::audit, 1)[0];
    CHECK(again.outcome == SwitchOutcome::in_sync);
    for (const std::string& w : again.warnings) CHECK(w.find("earlier apply") == std::string::npos);
    ::unsetenv("ROCECFG_STATE_DIR");
  }

  TEST_CASE("a hung switch times out without blocking the others") {
    SshdFixture fx({"cumulus:4"});
    fx.set_fault(1, 1, "hang");  // its very first command never answers
    std::vector<FleetSwitch> fleet;
    for (size_t i = 0; i < 4; ++i) {
      FleetSwitch f;
      f.ssh = fx.target(i);
      f.ssh.command_timeout_ms = 1500;
      f.vendor = "cumulus";
      f.interfaces = {"swp1-4"};
      fleet.push_back(f);
    }
    std::vector<SwitchResult> results =
        run_switches(fleet, standard_profile(), FleetMode::apply, 4);
    REQUIRE(results.size() == 4);
    for (size_t i = 0; i < 4; ++i) {
      CAPTURE(i);
      CHECK(results[i].name == fx.switches()[i].name);
      if (i == 1) {
        CHECK(results[i].outcome == SwitchOutcome::failed);
        CHECK(results[i].reason.find("did not finish within 1500 ms") != std::string::npos);
      } else {
        CHECK(results[i].outcome == SwitchOutcome::applied);
      }
    }
  }
}

}  // namespace rocecfg::sw::testing
