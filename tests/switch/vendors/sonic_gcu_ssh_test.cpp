// SONiC: a push that fails after the PFC watchdog started, on a platform the
// generic config updater's field operation validators do not list, so
// `config rollback` is refused (sonic-utilities @691b1bbc
// generic_config_updater/; tests/switch/emu/sonic_gcu.py). Real transport,
// real sshd, the SONiC emulator; the switch is a Broadcom Trident3 whose hwsku
// (Accton-AS7726-32X) is not in the validators' lists: asic "unknown".
#include <doctest/doctest.h>

#include <algorithm>

#include "require_ok.h"

#include "files.h"
#include "switch/engine.h"
#include "switch/exit_code.h"
#include "switch/ssh.h"
#include "switch_fixtures.h"
#include "vendor_ssh.h"

namespace rocecfg::sw::testing {

namespace {

const std::vector<std::string> kPorts = {"Ethernet0", "Ethernet4"};
const std::string kCheckpointFile = "/etc/sonic/checkpoints/rocecfg-pre-change.cp.json";

std::string run_one(SshdFixture& fx, const std::string& command) {
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  auto out = (*s)->run(command);
  REQUIRE_OK(out);
  return *out;
}

SwitchResult apply_standard(SshdFixture& fx) {
  auto adapter = make_adapter("sonic");
  REQUIRE(adapter);
  auto s = ExecSession::open(fx.target(0));
  REQUIRE_OK(s);
  return apply_switch(*adapter, **s, standard_profile(), kPorts, false);
}

// A Trident3 GCU cannot place: its hwsku is in none of the validators' lists.
void make_unlisted(SshdFixture& fx) {
  run_one(fx, "sonic-db-cli CONFIG_DB HSET 'DEVICE_METADATA|localhost' hwsku Accton-AS7726-32X");
}

// `config save -y` (the push's last step, after `config pfcwd start`) fails
// once, and the faults in `extra` after it.
void fail_save(SshdFixture& fx, const std::string& extra = "") {
  const std::string& d = fx.switches()[0].dir;
  write_all(d + "/counter", "0");
  write_all(d + "/counter.1", "0");
  write_all(d + "/fault.json",
            "[{\"at\": 1, \"kind\": \"fail\", \"match\": \"config save\"}" + extra + "]");
  fx.clear_log(0);
}

const std::string kRefused =
    "`config rollback` refused (Error: Modification of PFC_WD table is illegal- validating "
    "function generic_config_updater.field_operation_validators.rdma_config_update_validator "
    "returned False)";
// What the standard profile changed, as table_differences names it.
const std::string kChanged =
    "SCHEDULER +rocecfg_dwrr_50 +rocecfg_strict, WRED_PROFILE ~AZURE_LOSSLESS, DSCP_TO_TC_MAP "
    "~AZURE, PORT ~Ethernet0 ~Ethernet4, PORT_QOS_MAP ~Ethernet0 ~Ethernet4, QUEUE ~Ethernet0|0 "
    "~Ethernet0|3 ~Ethernet0|6 ~Ethernet4|0 and 10 more, PFC_WD +Ethernet0 +Ethernet4";

}  // namespace

TEST_SUITE("sonic gcu over ssh") {
  TEST_CASE("config rollback refused by GCU: restored with sonic-db-cli, said so, byte-identical") {
    SshdFixture fx({"sonic"});
    make_unlisted(fx);
    const std::string before = run_one(fx, "show runningconfiguration all");
    fail_save(fx);
    SwitchResult r = apply_standard(fx);
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(exit_code_for(r, false) == 3);
    CHECK(
        r.reason ==
        "push failed, pre-change config restored: sonic1: \"sudo config save -y\" failed (exit 1): "
        "Error: injected failure at command 1; " +
            kRefused + ": restored from the checkpoint with sonic-db-cli instead (" + kChanged +
            "), CONFIG_DB reads back as before");
    // After the refusal (tried twice: once more on a fresh connection, as
    // after a drop): the checkpoint file, CONFIG_DB, the writes, the
    // read-back, and only then the checkpoint goes.
    std::vector<std::string> log = fx.log(0);
    CHECK(run_one(fx, "show runningconfiguration all") == before);
    const std::string rollback = "sudo config rollback rocecfg-pre-change";
    CHECK(std::count(log.begin(), log.end(), rollback) == 2);
    auto refused = std::find(log.rbegin(), log.rend(), rollback).base() - 1;
    CHECK(*(refused + 1) == "sudo cat " + kCheckpointFile);
    CHECK(*(refused + 2) == "show runningconfiguration all");
    CHECK((refused + 3)->starts_with("sonic-db-cli CONFIG_DB "));
    CHECK(log[log.size() - 2] == "show runningconfiguration all");
    CHECK(log.back() == "sudo config delete-checkpoint rocecfg-pre-change");
  }

  TEST_CASE("refused rollback and a failed restore: NOT restored, what is changed, the remedy") {
    SshdFixture fx({"sonic"});
    make_unlisted(fx);
    const std::string before = run_one(fx, "show runningconfiguration all");
    // rocecfg's restore deletes the watchdog entries first among the bindings.
    fail_save(fx, ", {\"at\": 1, \"kind\": \"fail\", \"match\": \"DEL 'PFC_WD|Ethernet0'\"}");
    SwitchResult r = apply_standard(fx);
    fx.clear_fault(0);
    CHECK(r.outcome == SwitchOutcome::failed);
    CHECK(exit_code_for(r, false) == 3);
    CHECK(r.reason ==
          "push failed, NOT restored: sonic1: \"sudo config save -y\" failed (exit 1): Error: "
          "injected "
          "failure at command 1; ROLLBACK FAILED: " +
              kRefused +
              ", and rocecfg's own restore failed: CONFIG_DB: a restore write failed: "
              "\"sonic-db-cli CONFIG_DB DEL 'PFC_WD|Ethernet0'\" failed (exit 1): Error: injected "
              "failure at command 1; still changed: SCHEDULER +rocecfg_dwrr_50 +rocecfg_strict, "
              "PORT ~Ethernet0 ~Ethernet4, PORT_QOS_MAP ~Ethernet0 ~Ethernet4, QUEUE ~Ethernet0|0 "
              "~Ethernet0|3 ~Ethernet0|6 ~Ethernet4|0 and 10 more, PFC_WD +Ethernet0 +Ethernet4; "
              "the checkpoint is kept: restore those tables from " +
              kCheckpointFile + ", or load it whole with `sudo config reload -y " +
              kCheckpointFile + "` (restarts SONiC's services)");
    CHECK(run_one(fx, "show runningconfiguration all") != before);
    // The remedy named works: the kept checkpoint loads back exactly.
    run_one(fx, "sudo config reload -y " + kCheckpointFile);
    CHECK(run_one(fx, "show runningconfiguration all") == before);
  }
}

}  // namespace rocecfg::sw::testing
