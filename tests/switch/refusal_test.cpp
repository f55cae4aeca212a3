// Parsers never guess (issue 20): a text is read only when it is positively
// that vendor's config; anything else (an empty file, /etc/passwd, a Junos
// config, a `show` table, another vendor's backup) is refused with the first
// line that is not, and an audit of it never says in-sync.
#include <doctest/doctest.h>

#include <map>

#include "switch/adapter.h"
#include "switch/engine.h"
#include "switch_fixtures.h"

namespace rocecfg::sw {
namespace {

// One real config per vendor (the shipped captured ones).
const std::map<std::string, std::string>& own_config() {
  static const std::map<std::string, std::string> m{
      {"eos", "vendors/captured/eos-leaf7.txt"},
      {"nxos", "vendors/captured/nxos-leaf3.txt"},
      {"huawei-ce", "vendors/captured/huawei-ce-leaf2.txt"},
      {"h3c", "vendors/captured/h3c-s6850.txt"},
      {"cumulus", "vendors/captured/cumulus-nv-commands.txt"},
      {"sonic", "vendors/captured/sonic-legacy-config_db.json"},
      {"junos", "corpus/junos/jvd-leaf-capture-hierarchical.txt"}};
  return m;
}

std::string refusal_context(const std::string& vendor) {
  return vendor == "cumulus" || vendor == "sonic" ? "not a " + vendor + " config"
                                                  : "not a " + vendor + " running-config";
}

TEST_CASE(
    "every vendor refuses empty, passwd, show tables and other vendors' configs (Junos both "
    "ways)") {
  std::vector<std::string> foreign{"corpus/foreign/empty.txt", "corpus/foreign/passwd.txt",
                                   "corpus/foreign/nv-show-qos-roce.txt",
                                   "corpus/foreign/nxos-show-pfc.txt"};
  size_t refused = 0;
  for (const auto& [vendor, own] : own_config()) {
    CAPTURE(vendor);
    auto a = make_adapter(vendor);
    REQUIRE(a);
    REQUIRE_MESSAGE(a->parse(testing::read_source_file(own)), "its own captured config reads");
    std::vector<std::string> inputs = foreign;
    for (const auto& [other, file] : own_config())
      if (other != vendor) inputs.push_back(file);
    for (const std::string& f : inputs) {
      CAPTURE(f);
      auto st = a->parse(testing::read_source_file(f));
      REQUIRE_FALSE(st);
      CHECK(st.error().context == refusal_context(vendor));
      CHECK(!st.error().message.empty());
      // And the offline audit of it is a failure, never in-sync.
      SwitchResult r =
          audit_config(*a, testing::read_source_file(f), testing::standard_profile(), {});
      CHECK(r.outcome == SwitchOutcome::failed);
      CHECK(r.reason.starts_with(refusal_context(vendor)));
      ++refused;
    }
  }
  CHECK(refused == 7 * 10);
}

TEST_CASE("the refusal names the first line that is not the vendor's") {
  auto eos = make_adapter("eos");
  auto st = eos->parse("hostname leaf1\nroot:x:0:0:root:/root:/bin/bash\n");
  REQUIRE_FALSE(st);
  CHECK(st.error().to_string() ==
        "not a eos running-config: line 2: root:x:0:0:root:/root:/bin/bash (an /etc/passwd "
        "entry: not configuration text)");
  // No mark of EOS at all (`hostname` is every CLI's): ambiguous, refused
  // with the first statement and the marks EOS is known by.
  auto bare = eos->parse("hostname leaf1\nntp server 192.0.2.1\n");
  REQUIRE_FALSE(bare);
  CHECK(bare.error().message.starts_with(
      "line 1: hostname leaf1 (nothing in the text marks it as EOS `show running-config`; known "
      "by: `! device: ... EOS-4.x`"));
  // A modular EOS port (`Ethernet1/1`, NX-OS's shape too) is EOS's by its
  // PFC lines, which NX-OS spells `priority-flow-control mode on`.
  std::string modular = "interface Ethernet1/1\n   priority-flow-control on\n";
  CHECK(eos->parse(modular));
  auto nx = make_adapter("nxos")->parse(modular);
  REQUIRE_FALSE(nx);
  CHECK(nx.error().message == "line 2: priority-flow-control on (an EOS QoS statement: EOS text)");
  // Another of the four vendors' marks: refused at that line, naming it.
  auto nxos_text = eos->parse("!Command: show running-config\nhostname n9k\n");
  REQUIRE_FALSE(nxos_text);
  CHECK(nxos_text.error().to_string() ==
        "not a eos running-config: line 1: !Command: show running-config (an NX-OS "
        "configuration header: NX-OS text)");
  auto sonic = make_adapter("sonic");
  auto bad = sonic->parse("{\n  \"PORT\": {\n    \"Ethernet0\": { \"mtu\": 9100 \n}\n");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.starts_with(
      "expected a CONFIG_DB JSON dump (/etc/sonic/config_db.json, `show runningconfiguration "
      "all`, or the flat \"TABLE|key\" form of sonic-db-dump / redis-dump / show techsupport); "
      "not JSON at line "));
  auto cumulus = make_adapter("cumulus");
  auto table = cumulus->parse(testing::read_source_file("corpus/foreign/nv-show-qos-roce.txt"));
  REQUIRE_FALSE(table);
  CHECK(table.error().message.starts_with("line 1: operational  applied"));
}

TEST_CASE("a recognised config that states no QoS is unverified, never in-sync") {
  auto eos = make_adapter("eos");
  SwitchResult r = audit_config(*eos, "hostname leaf1\ninterface Ethernet1\n   description x\n",
                                testing::standard_profile(), {});
  CHECK(r.outcome != SwitchOutcome::in_sync);
  // MTU, trust, DSCP map, ECN thresholds, watchdog timers are not in the file:
  // listed as such, never as drift from "-".
  bool mtu_unknown = false;
  for (const plan::Step& s : r.not_observed) mtu_unknown |= s.knob == model::Knob::mtu;
  CHECK(mtu_unknown);
  for (const plan::Step& s : r.plan.steps) CHECK(s.knob != model::Knob::mtu);
}

TEST_CASE("eos: `no qos trust` after `qos trust dscp` is never in sync (issue 33 item 15)") {
  auto eos = make_adapter("eos");
  model::Settings intent;
  intent.trust = model::Trust::dscp;
  std::string text = "interface Ethernet1\n   qos trust dscp\n   no qos trust\n";
  SwitchResult r = audit_config(*eos, text, intent, {});
  CHECK(r.outcome == SwitchOutcome::unverified);
  REQUIRE(r.not_observed.size() == 1);
  CHECK(r.not_observed[0].knob == model::Knob::trust);
  // Stated again afterwards, it is read again.
  CHECK(audit_config(*eos, text + "   qos trust dscp\n", intent, {}).outcome ==
        SwitchOutcome::in_sync);
}

TEST_CASE("what the file does not state is not in the config, what it states is compared") {
  auto eos = make_adapter("eos");
  // Only MTU is stated, and it matches: no drift, but not in-sync either.
  model::Settings intent;
  intent.mtu_bytes = 9214;
  intent.trust = model::Trust::dscp;
  SwitchResult r = audit_config(*eos, "interface Ethernet1\n   mtu 9214\n", intent, {});
  CHECK(r.outcome == SwitchOutcome::unverified);
  REQUIRE(r.not_observed.size() == 1);
  CHECK(r.not_observed[0].knob == model::Knob::trust);
  CHECK(r.plan.changes() == 0);
  intent.trust.reset();
  CHECK(audit_config(*eos, "interface Ethernet1\n   mtu 9214\n", intent, {}).outcome ==
        SwitchOutcome::in_sync);
  intent.mtu_bytes = 9000;
  CHECK(audit_config(*eos, "interface Ethernet1\n   mtu 9214\n", intent, {}).outcome ==
        SwitchOutcome::drift);
}

TEST_CASE("sonic: two WRED profiles: ECN is compared per audited port, never one guessed profile") {
  // corpus/sonic/two-wred-profiles.json: Ethernet0 marks with profile1
  // (153600/1536000 B, 10 %), Ethernet4 with profile2, Ethernet8 with both.
  auto sonic = make_adapter("sonic");
  std::string text = testing::read_source_file("corpus/sonic/two-wred-profiles.json");
  model::Settings intent;
  intent.ecn = model::Ecn{153600, 1536000, 10};
  CHECK(audit_config(*sonic, text, intent, {"Ethernet0"}).outcome == SwitchOutcome::in_sync);
  SwitchResult other = audit_config(*sonic, text, intent, {"Ethernet4"});
  CHECK(other.outcome == SwitchOutcome::drift);
  REQUIRE(other.plan.steps.size() == 1);
  CHECK(other.plan.steps[0].knob == model::Knob::ecn);
  CHECK(other.plan.steps[0].before.ecn == model::Ecn{12000, 48000, 50});
  // Ports that disagree, or a port with no one profile: not in the config.
  for (std::vector<std::string> ports :
       {std::vector<std::string>{}, {"Ethernet8"}, {"Ethernet0", "Ethernet4"}}) {
    SwitchResult r = audit_config(*sonic, text, intent, ports);
    CHECK(r.outcome == SwitchOutcome::unverified);
    REQUIRE(r.not_observed.size() == 1);
    CHECK(r.not_observed[0].knob == model::Knob::ecn);
  }
  CHECK(audit_config(*sonic, text, intent, {"Ethernet0", "Ethernet8"}).outcome ==
        SwitchOutcome::unverified);
}

}  // namespace
}  // namespace rocecfg::sw
