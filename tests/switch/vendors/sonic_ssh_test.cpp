// SONiC end to end: the real transport against a real sshd whose forced
// command emulates CONFIG_DB and the config/ecnconfig/sonic-db-cli tools
// (tests/switch/emu/sonic_emu.py).
#include <doctest/doctest.h>

#include "require_ok.h"

#include <fstream>
#include <sstream>

#include "files.h"
#include "switch/engine.h"
#include "switch/ssh.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

const std::vector<std::string> kPorts = {"Ethernet0", "Ethernet4"};
// The static lossless profile sonic_profile()'s headroom asks for.
const std::string kLosslessProfile =
    "sonic-db-cli CONFIG_DB HSET 'BUFFER_PROFILE|rocecfg_lossless_65536' pool "
    "ingress_lossless_pool xon 18432 xoff 65536 size 83968 dynamic_th 0";

std::string running(SshdFixture& fx) {
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  auto text = (*s)->run("show runningconfiguration all");
  REQUIRE_OK(text);
  return *text;
}

// "" when equal, else the first differing line of each (a readable failure
// instead of two 400 KB dumps).
std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string l, m;
  for (int n = 1;; ++n) {
    bool more_x = static_cast<bool>(std::getline(x, l));
    bool more_y = static_cast<bool>(std::getline(y, m));
    if (!more_x && !more_y) return "";
    if (!more_x || !more_y || l != m)
      return "line " + std::to_string(n) + ": " + (more_x ? l : "<end>") + " | " +
             (more_y ? m : "<end>");
  }
}

// The standard profile plus what SONiC can also hold: cable length and a
// fixed lossless headroom.
model::Settings sonic_profile() {
  model::Settings s = standard_profile();
  s.buffers.emplace();
  s.buffers->cable_length_m = 40;  // a row of the emulator's pg_profile_lookup.ini
  s.buffers->headroom_bytes = 65536;
  return s;
}

SwitchResult apply_sonic(SshdFixture& fx, const model::Settings& intent) {
  auto adapter = make_adapter("sonic");
  REQUIRE(adapter);
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  return apply_switch(*adapter, **s, intent, kPorts, false);
}

SwitchResult audit_sonic(SshdFixture& fx, const model::Settings& intent) {
  auto adapter = make_adapter("sonic");
  REQUIRE(adapter);
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  return audit_switch(*adapter, **s, intent, kPorts);
}

void run_on_switch(SshdFixture& fx, const std::vector<std::string>& commands) {
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  for (const std::string& c : commands) REQUIRE_MESSAGE((*s)->run(c), c);
}

// A fixed headroom holds on the dynamic buffer model only: on the
// traditional one (the emulator's factory, no buffer_model) buffermgrd
// rebinds the PGs, which the audit notes as a warning.
void dynamic_buffer_model(SshdFixture& fx) {
  run_on_switch(fx,
                {"sonic-db-cli CONFIG_DB HSET 'DEVICE_METADATA|localhost' buffer_model dynamic"});
}

// The SONiC profile with PFC (and so the lossless PGs) on `prios` only.
model::Settings lossless_on(std::initializer_list<unsigned> prios) {
  model::Settings s = sonic_profile();
  s.pfc_enabled = PriorityMask();
  for (unsigned p : prios) s.pfc_enabled->set(Priority::unchecked(p));
  return s;
}

// PFC and lossless PGs on 3 and 4, Ethernet0's PGs keyed as SONiC's buffer
// manager writes them: one entry "3-4".
void lossless_3_4_as_one_range(SshdFixture& fx) {
  REQUIRE(apply_sonic(fx, lossless_on({3, 4})).outcome == SwitchOutcome::applied);
  run_on_switch(fx, {"sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|3'",
                     "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|4'",
                     "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|Ethernet0|3-4' profile "
                     "rocecfg_lossless_65536"});
}

// `intent` applied, verified in sync, and applied again with nothing sent.
void check_applied_and_idempotent(SshdFixture& fx, const model::Settings& intent) {
  SwitchResult audit = audit_sonic(fx, intent);
  CHECK(audit.outcome == SwitchOutcome::in_sync);
  CHECK(audit.warnings.empty());
  fx.clear_log(0);
  CHECK(apply_sonic(fx, intent).outcome == SwitchOutcome::in_sync);
  CHECK(fx.log(0) == std::vector<std::string>{"show runningconfiguration all"});
}

// From the state the switch is in now, applying `intent` with a failure or
// a dropped connection at each of its steps leaves CONFIG_DB byte-identical
// (config rollback); a step silently not done ("ignore") either changes
// nothing the read-back sees (applied) or fails verification, and the exact
// restore (restore_commands) brings CONFIG_DB back byte for byte.
void check_faults_restore(SshdFixture& fx, const model::Settings& intent) {
  const std::string state_path = fx.switches()[0].dir + "/state.json";
  const std::string start = test::read_file(state_path);
  const std::string before = running(fx);
  fx.clear_fault(0);
  REQUIRE(apply_sonic(fx, intent).outcome == SwitchOutcome::applied);
  const std::string after = running(fx);
  const int steps = fx.commands_counted(0) - 3;  // minus delete-checkpoint, read-back, running()
  REQUIRE(steps > 3);
  int rolled_back = 0;
  for (std::string kind : {"fail", "drop", "ignore"}) {
    for (int n = 1; n <= steps; ++n) {
      CAPTURE(kind);
      CAPTURE(n);
      std::ofstream(state_path, std::ios::trunc) << start;
      fx.set_fault(0, n, kind);
      SwitchResult r = apply_sonic(fx, intent);
      fx.clear_fault(0);
      CAPTURE(r.reason);
      if (kind == "ignore" && r.outcome == SwitchOutcome::applied) {
        CHECK(first_difference(running(fx), after) == "");
        continue;
      }
      CHECK(r.outcome != SwitchOutcome::applied);
      CHECK(first_difference(running(fx), before) == "");
      if (kind == "ignore" && r.outcome == SwitchOutcome::rolled_back) ++rolled_back;
    }
  }
  CHECK(rolled_back > 0);  // the exact restore did run
  std::ofstream(state_path, std::ios::trunc) << start;
}

}  // namespace

TEST_SUITE("sonic over ssh") {
  TEST_CASE("apply from factory defaults, audit clean, second apply sends nothing") {
    SshdFixture fx({"sonic"});
    SwitchResult first = apply_sonic(fx, sonic_profile());
    INFO(first.reason);
    CHECK(first.outcome == SwitchOutcome::applied);
    CHECK(first.plan.unsupported() == 0);
    // Schedulers and the lossless profile first (make before break), then
    // per port in the step order: MTU, ETS, buffers, PFC, ECN queues; queue 7
    // already runs on the platform default (0 %), so it is not touched; PGs
    // released after every PFC command; the watchdog last.
    std::vector<std::string> want = {
        kLosslessProfile,
        "sonic-db-cli CONFIG_DB HSET 'SCHEDULER|rocecfg_dwrr_50' type DWRR weight 50",
        "sonic-db-cli CONFIG_DB HSET 'SCHEDULER|rocecfg_strict' type STRICT",
        "sonic-db-cli CONFIG_DB HSET 'DSCP_TO_TC_MAP|AZURE' 26 3",
        "sudo ecnconfig -p AZURE_LOSSLESS -gmin 150000 -gmax 1500000 -gdrop 10",
    };
    for (const char* port : {"Ethernet0", "Ethernet4"})
      for (std::string line : {
               "sudo config interface mtu @ 9216",
               "sonic-db-cli CONFIG_DB HSET 'QUEUE|@|0' scheduler rocecfg_dwrr_50",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|1' scheduler",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|2' scheduler",
               "sonic-db-cli CONFIG_DB HSET 'QUEUE|@|3' scheduler rocecfg_dwrr_50",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|4' scheduler",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|5' scheduler",
               "sonic-db-cli CONFIG_DB HSET 'QUEUE|@|6' scheduler rocecfg_strict",
               "sonic-db-cli CONFIG_DB HSET 'CABLE_LENGTH|AZURE' @ 40m",
               "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|@|3' profile rocecfg_lossless_65536",
               "sudo config interface pfc priority @ 4 off",
               "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|@' pfcwd_sw_enable 3",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|4' wred_profile",
           }) {
        for (size_t at; (at = line.find('@')) != std::string::npos;) line.replace(at, 1, port);
        want.push_back(line);
      }
    // The factory's lossless PG 4 loses its profile once PFC 4 is off.
    want.push_back("sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|4'");
    want.push_back("sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet4|4'");
    want.push_back(
        "sudo config pfcwd start --action drop --restoration-time 200 Ethernet0 Ethernet4 200");
    CHECK(first.commands == want);
    auto adapter = make_adapter("sonic");
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    CHECK(audit_switch(*adapter, **s, sonic_profile(), kPorts).outcome == SwitchOutcome::in_sync);
    fx.clear_log(0);
    SwitchResult second = apply_sonic(fx, sonic_profile());
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(fx.log(0) == std::vector<std::string>{"show runningconfiguration all"});
    // Ports outside the inventory's range are untouched.
    std::string db = running(fx);
    CHECK(db.find("\"Ethernet8\": {\n            \"dscp_to_tc_map\": \"AZURE\",\n            "
                  "\"pfc_enable\": \"3,4\"") != std::string::npos);
  }

  // Issue 19 item 4. The emulator's factory has no buffer_model, which swss
  // runs as the traditional model (buffermgrd.sh): buffermgrd sizes lossless
  // PGs from pg_profile_lookup.ini and binds none for a speed and cable
  // length without a row. Before, rocecfg wrote CABLE_LENGTH 100m and called
  // it applied and verified, leaving PFC with no headroom behind it.
  TEST_CASE("a cable length pg_profile_lookup.ini has no row for is refused, nothing sent") {
    SshdFixture fx({"sonic"});
    const std::string before = running(fx);
    const std::string lookup =
        "/usr/share/sonic/device/x86_64-arista_7050cx3_32s/Arista-7050CX3-32S-C32/"
        "pg_profile_lookup.ini";
    model::Settings far = sonic_profile();
    far.buffers->cable_length_m = 100;
    for (bool dry_run : {true, false}) {
      CAPTURE(dry_run);
      fx.clear_log(0);
      auto adapter = make_adapter("sonic");
      auto s = ExecSession::open(fx.target(0));
      REQUIRE_OK(s);
      SwitchResult r = apply_switch(*adapter, **s, far, kPorts, dry_run);
      CHECK(r.outcome == SwitchOutcome::failed);
      CHECK(r.reason ==
            "refused before sending anything: traditional buffer model: buffermgrd would bind "
            "no lossless PG for Ethernet0: speed 100000 cable 100m has no row (rows for 100000: "
            "300m, 40m, 5m); Ethernet4: speed 100000 cable 100m has no row (rows for 100000: "
            "300m, 40m, 5m) (" +
                lookup +
                "); PFC there would pause with no headroom behind it (drops). Nothing was sent: "
                "use a cable length the file has, or the dynamic buffer model");
      CHECK(fx.log(0) ==
            std::vector<std::string>{"show runningconfiguration all", "sudo cat " + lookup});
      CHECK(first_difference(running(fx), before) == "");
    }
    // A port at speed 40000, which the file has no row for at all, and one
    // with no cable length: each named, in one refusal.
    run_on_switch(fx, {"sonic-db-cli CONFIG_DB HSET 'PORT|Ethernet4' speed 40000",
                       "sonic-db-cli CONFIG_DB HDEL 'CABLE_LENGTH|AZURE' Ethernet0"});
    SwitchResult two = apply_sonic(fx, standard_profile());
    CHECK(two.reason.find("buffermgrd would bind no lossless PG for Ethernet0: no CABLE_LENGTH; "
                          "Ethernet4: speed 40000 cable 5m has no row (no row for speed 40000) "
                          "(") != std::string::npos);
    // The dynamic model computes headroom without the file: not read, applied.
    run_on_switch(fx, {"sonic-db-cli CONFIG_DB HSET 'PORT|Ethernet4' speed 100000",
                       "sonic-db-cli CONFIG_DB HSET 'CABLE_LENGTH|AZURE' Ethernet0 5m",
                       "sonic-db-cli CONFIG_DB HSET 'DEVICE_METADATA|localhost' buffer_model "
                       "dynamic"});
    fx.clear_log(0);
    SwitchResult dynamic = apply_sonic(fx, far);
    INFO(dynamic.reason);
    CHECK(dynamic.outcome == SwitchOutcome::applied);
    for (const std::string& line : fx.log(0)) CHECK(line.find("cat ") == std::string::npos);
  }

  TEST_CASE("drift injected on the switch is reported") {
    SshdFixture fx({"sonic"});
    REQUIRE(apply_sonic(fx, standard_profile()).outcome == SwitchOutcome::applied);
    {
      auto s = ExecSession::open(fx.target(0));
      REQUIRE(s);
      REQUIRE((*s)->run("sudo config interface pfc priority Ethernet4 3 off"));
      REQUIRE((*s)->run("sonic-db-cli CONFIG_DB HSET 'DSCP_TO_TC_MAP|AZURE' 48 1"));
      REQUIRE((*s)->run("sonic-db-cli CONFIG_DB HSET 'QUEUE|Ethernet0|6' scheduler scheduler.0"));
    }
    auto adapter = make_adapter("sonic");
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    SwitchResult audit = audit_switch(*adapter, **s, standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::drift);
    REQUIRE(audit.plan.changes() == 3);
    std::vector<std::string> drift;
    for (const plan::Step& st : audit.plan.steps)
      if (st.kind == plan::StepKind::change)
        drift.push_back(st.target + " " + std::string(model::knob_name(st.knob)) + " " +
                        model::knob_value_text(st.before, st.knob));
    // DSCP 48 -> 1 joins the 1 run (model::dscp_map_text ranges).
    CHECK(drift[0] == "global dscp_map 0-2:1,3:3,4:4,5-7:1,8:0,9-25:1,26:3,27-45:1,46:5,47-63:1");
    CHECK(drift[1] ==
          "Ethernet0 ets prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,ets,ets "
          "bw=44,0,0,44,0,0,12,0");
    CHECK(drift[2] == "Ethernet4 pfc none");
  }

  TEST_CASE(
      "\"Cannot find interface\" from a pfc command that exits 0 fails the push, rolled "
      "back") {
    SshdFixture fx({"sonic"});
    // A port the QoS templates never configured: no PORT_QOS_MAP entry.
    run_on_switch(fx, {"sonic-db-cli CONFIG_DB DEL 'PORT_QOS_MAP|Ethernet4'"});
    const std::string before = running(fx);
    SwitchResult r = apply_sonic(fx, standard_profile());
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(r.reason.find("config interface pfc priority: Cannot find interface Ethernet4 (the port "
                        "has no PORT_QOS_MAP entry") != std::string::npos);
    CHECK(first_difference(running(fx), before) == "");
  }

  TEST_CASE("moving the lossless priority 3 -> 4 moves the lossless PG with it") {
    SshdFixture fx({"sonic"});
    dynamic_buffer_model(fx);
    REQUIRE(apply_sonic(fx, lossless_on({3})).outcome == SwitchOutcome::applied);
    // Same headroom: only the PG binding follows PFC. PG 4 is bound before
    // PFC 4 turns on; PG 3 is released only after PFC 3 is off.
    SwitchResult moved = apply_sonic(fx, lossless_on({4}));
    INFO(moved.reason);
    CHECK(moved.outcome == SwitchOutcome::applied);
    std::vector<std::string> want = {
        kLosslessProfile,
        "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|Ethernet0|4' profile rocecfg_lossless_65536",
        "sudo config interface pfc priority Ethernet0 4 on",
        "sudo config interface pfc priority Ethernet0 3 off",
        "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet0' pfcwd_sw_enable 4",
        "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|Ethernet4|4' profile rocecfg_lossless_65536",
        "sudo config interface pfc priority Ethernet4 4 on",
        "sudo config interface pfc priority Ethernet4 3 off",
        "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet4' pfcwd_sw_enable 4",
        "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|3'",
        "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet4|3'",
    };
    CHECK(moved.commands == want);
    std::string db = running(fx);
    CHECK(db.find("\"Ethernet0|4\": {\n            \"profile\": \"rocecfg_lossless_65536\"") !=
          std::string::npos);
    CHECK(db.find("\"Ethernet0|3\": {\n            \"profile\"") == std::string::npos);
    CHECK(db.find("\"Ethernet4|3\": {\n            \"profile\"") == std::string::npos);
    check_applied_and_idempotent(fx, lossless_on({4}));
  }

  TEST_CASE("a failed 3 -> 4 move leaves CONFIG_DB exactly as before, at every step") {
    SshdFixture fx({"sonic"});
    REQUIRE(apply_sonic(fx, lossless_on({3})).outcome == SwitchOutcome::applied);
    check_faults_restore(fx, lossless_on({4}));
  }

  TEST_CASE("PFC moved by hand is drift: the stale lossless PG is named, and apply fixes it") {
    SshdFixture fx({"sonic"});
    dynamic_buffer_model(fx);
    REQUIRE(apply_sonic(fx, lossless_on({3})).outcome == SwitchOutcome::applied);
    run_on_switch(fx, {"sudo config interface pfc priority Ethernet0 4 on",
                       "sudo config interface pfc priority Ethernet0 3 off"});
    SwitchResult audit = audit_sonic(fx, lossless_on({4}));
    CHECK(audit.outcome == SwitchOutcome::drift);
    std::vector<std::string> drift;
    for (const plan::Step& st : audit.plan.steps)
      if (st.kind == plan::StepKind::change)
        drift.push_back(st.target + " " + std::string(model::knob_name(st.knob)) + " " +
                        model::knob_value_text(st.before, st.knob) + " -> " +
                        model::knob_value_text(st.after, st.knob));
    CHECK(drift == std::vector<std::string>{
                       "Ethernet0 buffers cable_length=40m headroom=64KiB lossless_pgs=3 -> "
                       "cable_length=40m headroom=64KiB lossless_pgs=4",
                       // PFC moved by hand left pfcwd_sw_enable on 3: no watchdog on 4.
                       "Ethernet0 pfc_watchdog - -> detect=200ms restore=200ms action=drop",
                       "Ethernet4 buffers cable_length=40m headroom=64KiB lossless_pgs=3 -> "
                       "cable_length=40m headroom=64KiB lossless_pgs=4",
                       "Ethernet4 pfc 3 -> 4"});
    CHECK(audit.warnings ==
          std::vector<std::string>{
              "Ethernet0: pfcwd_sw_enable '3' leaves lossless priorities 4 unwatched",
              "Ethernet0: lossless PG 3 without PFC: headroom reserved for a class that never "
              "pauses",
              "Ethernet0: PFC on 4 without a lossless PG: PAUSE with no headroom behind it drops"});
    SwitchResult fixed = apply_sonic(fx, lossless_on({4}));
    CHECK(fixed.outcome == SwitchOutcome::applied);
    check_applied_and_idempotent(fx, lossless_on({4}));
  }

  TEST_CASE("a lossless range key \"3-4\" is split when only 4 stays lossless") {
    SshdFixture fx({"sonic"});
    dynamic_buffer_model(fx);
    lossless_3_4_as_one_range(fx);
    CHECK(audit_sonic(fx, lossless_on({3, 4})).outcome == SwitchOutcome::in_sync);
    SwitchResult r = apply_sonic(fx, lossless_on({4}));
    INFO(r.reason);
    CHECK(r.outcome == SwitchOutcome::applied);
    // The range goes whole and PG 4 is bound again after it: deleting a
    // range unbinds every PG in it, so binding "4" first would not last.
    std::vector<std::string> want = {
        kLosslessProfile,
        "sudo config interface pfc priority Ethernet0 3 off",
        "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet0' pfcwd_sw_enable 4",
        "sudo config interface pfc priority Ethernet4 3 off",
        "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet4' pfcwd_sw_enable 4",
        "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|3-4'",
        "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|Ethernet0|4' profile rocecfg_lossless_65536",
        "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet4|3'",
    };
    CHECK(r.commands == want);
    std::string db = running(fx);
    CHECK(db.find("Ethernet0|3-4") == std::string::npos);
    CHECK(db.find("\"Ethernet0|4\": {\n            \"profile\": \"rocecfg_lossless_65536\"") !=
          std::string::npos);
    check_applied_and_idempotent(fx, lossless_on({4}));
  }

  TEST_CASE("a failed range split leaves CONFIG_DB exactly as before, at every step") {
    SshdFixture fx({"sonic"});
    lossless_3_4_as_one_range(fx);
    check_faults_restore(fx, lossless_on({4}));
  }

  TEST_CASE("a fault at every step of an apply leaves CONFIG_DB exactly as before") {
    SshdFixture fx({"sonic"});
    check_faults_restore(fx, sonic_profile());
  }
}

}  // namespace rocecfg::sw::testing
