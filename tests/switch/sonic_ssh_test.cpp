// SONiC end to end: the real transport against a real sshd whose forced
// command emulates CONFIG_DB and the config/ecnconfig/sonic-db-cli tools
// (tests/switch/emu/sonic_emu.py).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "switch/engine.h"
#include "switch/ssh.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

const std::vector<std::string> kPorts = {"Ethernet0", "Ethernet4"};

std::string running(SshdFixture& fx) {
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_MESSAGE(s, s.error().to_string());
  auto text = (*s)->run("show runningconfiguration all");
  REQUIRE_MESSAGE(text, text.error().to_string());
  return *text;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The standard profile plus what SONiC can also hold: cable length and a
// fixed lossless headroom.
model::Settings sonic_profile() {
  model::Settings s = standard_profile();
  s.buffers.emplace();
  s.buffers->cable_length_m = 30;
  s.buffers->headroom_bytes = 65536;
  return s;
}

SwitchResult apply_sonic(SshdFixture& fx, const model::Settings& intent) {
  auto adapter = make_adapter("sonic");
  REQUIRE(adapter);
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_MESSAGE(s, s.error().to_string());
  return apply_switch(*adapter, **s, intent, kPorts, false);
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
    // already runs on the platform default (0 %), so it is not touched.
    std::vector<std::string> want = {
        "sonic-db-cli CONFIG_DB HSET 'BUFFER_PROFILE|rocecfg_lossless_65536' pool "
        "ingress_lossless_pool xon 18432 xoff 65536 size 83968 dynamic_th 0",
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
               "sonic-db-cli CONFIG_DB HSET 'CABLE_LENGTH|AZURE' @ 30m",
               "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|@|3' profile rocecfg_lossless_65536",
               "sudo config interface pfc priority @ 4 off",
               "sonic-db-cli CONFIG_DB HDEL 'QUEUE|@|4' wred_profile",
           }) {
        for (size_t at; (at = line.find('@')) != std::string::npos;) line.replace(at, 1, port);
        want.push_back(line);
      }
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
    CHECK(drift[0].starts_with("global dscp_map "));
    CHECK(drift[0].find(",48:1,") != std::string::npos);
    CHECK(drift[1] ==
          "Ethernet0 ets prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,ets,ets "
          "bw=44,0,0,44,0,0,12,0");
    CHECK(drift[2] == "Ethernet4 pfc none");
  }

  TEST_CASE("a fault at every step of an apply leaves CONFIG_DB exactly as before") {
    SshdFixture fx({"sonic"});
    const std::string factory = slurp(fx.switches()[0].dir + "/state.json");
    const std::string before = running(fx);
    fx.clear_fault(0);
    REQUIRE(apply_sonic(fx, sonic_profile()).outcome == SwitchOutcome::applied);
    // The last two commands are delete-checkpoint (harmless if it fails)
    // and the verification read.
    const int steps = fx.commands_counted(0) - 2;
    REQUIRE(steps > 5);
    for (std::string kind : {"fail", "drop"}) {
      for (int n = 1; n <= steps; ++n) {
        CAPTURE(kind);
        CAPTURE(n);
        std::ofstream(fx.switches()[0].dir + "/state.json", std::ios::trunc) << factory;
        fx.set_fault(0, n, kind);
        SwitchResult r = apply_sonic(fx, sonic_profile());
        fx.clear_fault(0);
        CHECK(r.outcome != SwitchOutcome::applied);
        CHECK(running(fx) == before);
      }
    }
  }
}

}  // namespace rocecfg::sw::testing
