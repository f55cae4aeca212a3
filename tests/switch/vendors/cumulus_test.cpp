// Cumulus adapter offline: golden render, the parsers on captured backups
// (NVUE commands and startup.yaml, the CL 3.7 traffic.conf key pitfall), the
// shipped profile round trip, refusals.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include "require_ok.h"

#include <algorithm>

#include "cumulus/cumulus.h"
#include "profile/load.h"
#include "switch/engine.h"
#include "switch/validate.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw::testing {

TEST_SUITE("cumulus offline") {
  TEST_CASE("golden: the standard profile rendered for Cumulus") {
    CHECK(golden_mismatch("cumulus/standard.txt", joined(rendered("cumulus", {"swp1-32"}))) == "");
  }

  TEST_CASE("Cumulus: nv commands and startup.yaml mean the same; RoCE mode defaults apply") {
    auto a = make_adapter("cumulus");
    auto cmds = a->parse(read_test_file("captured/cumulus-nv-commands.txt"));
    auto yaml = a->parse(read_test_file("captured/cumulus-startup.yaml"));
    REQUIRE_OK(cmds);
    REQUIRE_OK(yaml);
    CHECK(cmds->global == yaml->global);
    CHECK(cmds->ports == yaml->ports);
    CHECK(cmds->ports.size() == 4);  // eth0 is not a front-panel port
    CHECK(*cmds->ports.at("swp3").mtu_bytes == 1500);
    CHECK(*cmds->ports.at("swp4").mtu_bytes == 9216);
    // `qos roce` defaults + the explicit probability and DSCP lines. The
    // RoCE defaults (CL RoCE page, `nv show qos roce`) map every priority but
    // 3 and 6 to TC 0 and mark ECN on TC 0 as well as TC 3 (TC 0 keeps
    // p=100, and the lowest marked class's thresholds are reported), so the
    // standard profile differs in ETS and ECN besides swp3's MTU.
    auto plan = plan_switch(*a, standard_profile(), {"swp1", "swp2", "swp3", "swp4"}, *cmds);
    REQUIRE(plan);
    std::vector<std::string> changed;
    for (const plan::Step& s : plan->steps)
      if (s.kind == plan::StepKind::change)
        changed.push_back(s.target + " " + std::string(model::knob_name(s.knob)));
    CHECK(changed == std::vector<std::string>{"global ets", "global ecn_priorities", "global ecn",
                                              "swp3 mtu"});
  }

  TEST_CASE("Cumulus: legacy traffic.conf, with group keys that do not match port_group_list") {
    auto a = make_adapter("cumulus");
    auto st = a->parse(read_test_file("captured/cumulus-traffic.conf"));
    REQUIRE_OK(st);
    CHECK(st->global.trust == model::Trust::dscp);
    CHECK(st->global.pfc_enabled->to_string() == "3");
    CHECK(st->global.ecn_priorities->to_string() == "3");
    CHECK(model::knob_value_text(st->global, model::Knob::ecn) == "min=150KB max=1500KB p=10%");
    CHECK(st->global.dscp_priority->at(Dscp::unchecked(26)) == 3);
    CHECK(st->global.dscp_priority->at(Dscp::unchecked(48)) == 6);
    CHECK(model::knob_value_text(st->global, model::Knob::ets) ==
          "prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,strict,ets bw=50,0,0,50,0,0,0,0");
    CHECK(st->policies.at("pfc ROCE_PFC") ==
          std::vector<std::string>{"swp1", "swp2", "swp3", "swp4"});
  }

  TEST_CASE("Cumulus: traffic.conf port groups that do not cover a port say so per port") {
    auto a = make_adapter("cumulus");
    auto st = a->parse(
        "traffic.packet_priority_source_set = [dscp]\n"
        "pfc.roce.cos_list = [3]\npfc.roce.port_set = swp1-swp2\n"
        "ecn_red.e.cos_list = [3]\necn_red.e.port_set = swp1-swp4\necn_red.e.ecn_enable = true\n");
    REQUIRE_OK(st);
    std::vector<std::string> said;
    for (const Unread& u : st->not_understood) said.push_back(u.why);
    CHECK(said == std::vector<std::string>{
                      "swp3 is not in this group; its pfc settings are reported switch-wide",
                      "swp4 is not in this group; its pfc settings are reported switch-wide"});
  }

  TEST_CASE("Cumulus: a malformed line is an error with its line number") {
    auto a = make_adapter("cumulus");
    auto r =
        a->parse("nv set system hostname x\nnv set qos pfc default-global switch-priority 9\n");
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() == "line 2: pfc switch-priority: expected a number up to 7");
  }

  // Identified by its marks (recognise.cpp), never by how it was saved; text
  // of another kind is refused at the line that shows it (issue 31).
  TEST_CASE("Cumulus: texts with no Cumulus marks, or marks of two formats, are refused, located") {
    auto a = make_adapter("cumulus");
    const std::string tail =
        "; expected `nv config show -o commands` or nv set commands, NVUE YAML (`nv config "
        "show`, /etc/nvue.d/startup.yaml) or /etc/cumulus/datapath/traffic.conf)";
    auto refused = [&](const std::string& text) {
      auto r = a->parse(text);
      REQUIRE_FALSE(r);
      return r.error().to_string();
    };
    const std::pair<std::string, std::string> cases[] = {
        // sysctl.conf: `key = value` with dotted keys, of no traffic.conf family.
        {"# /etc/sysctl.conf\nnet.ipv4.ip_forward = 1\nkernel.panic = 10\n",
         "line 2: net.ipv4.ip_forward = 1 (not an NVUE command, NVUE YAML or a documented "
         "traffic.conf key"},
        // YAML of another schema: its top-level keys are no NVUE objects.
        {"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n",
         "line 1: apiVersion: apps/v1 (not an NVUE command, NVUE YAML or a documented "
         "traffic.conf key"},
        // Prose quoting a command is not a session of it.
        {"To enable RoCE run the following:\n\n    nv set qos roce\n",
         "line 1: To enable RoCE run the following: (not an `nv` command and no command's "
         "output"},
        // NVUE commands and traffic.conf keys in one text.
        {"nv set qos roce\npfc.roce.cos_list = [3]\n",
         "line 2: pfc.roce.cos_list = [3] (marks of two formats: line 1 is of another one"},
        // A traffic.conf with a line that is not `key = value`.
        {"pfc.roce.cos_list = [3]\ninterface swp1\n",
         "line 2: interface swp1 (not a traffic.conf `key = value` line"},
        // An NVUE fragment with a top-level key of another schema.
        {"qos:\n  roce:\n    mode: lossless\nspec:\n  replicas: 2\n",
         "line 4: spec: (a fragment's top-level keys are NVUE objects"},
    };
    for (const auto& [text, why] : cases) {
      CAPTURE(text);
      CHECK(refused(text) == "not a cumulus config: " + why + tail);
    }
    CHECK(refused("\n# only a comment\n") ==
          "not a cumulus config: no configuration statement in the text (expected `nv config "
          "show -o commands` or nv set commands, NVUE YAML (`nv config show`, "
          "/etc/nvue.d/startup.yaml) or /etc/cumulus/datapath/traffic.conf)");
  }

  TEST_CASE(
      "Cumulus: a session's command output is passed over and counted, its nv set lines read") {
    auto a = make_adapter("cumulus");
    auto st = a->parse(
        "cumulus@leaf01:mgmt:~$ nv set interface swp1 link mtu 9000\n"
        "cumulus@leaf01:mgmt:~$ nv config apply\n"
        "Warning: The following files have been changed since the last save.\n"
        "applied [rev_id: 4]\n"
        "cumulus@leaf01:mgmt:~$ nv config show -o commands\n"
        "nv set interface swp2 link mtu 1500\n"
        "cumulus@leaf01:mgmt:~$\n");
    REQUIRE_OK(st);
    CHECK(*st->ports.at("swp1").mtu_bytes == 9000);
    CHECK(*st->ports.at("swp2").mtu_bytes == 1500);
    // Two prompts with other commands, the bare prompt, two output lines.
    CHECK(st->recognised_as ==
          "nv config show -o commands; passed over 5 lines that are not statements");
  }

  TEST_CASE("Cumulus: a traffic.conf without pfc or ecn_red groups leaves them at the default") {
    auto a = make_adapter("cumulus");
    auto st = a->parse(
        "traffic.packet_priority_source_set = [dscp]\n"
        "# pfc.port_group_list = [pfc_port_group]\n"
        "priority_group.bulk.cos_list = [0,1,2,3,4,5,6,7]\npriority_group.bulk.weight = 100\n");
    REQUIRE_OK(st);
    CHECK(st->origin(kGlobalTarget, model::Knob::pfc).source == Source::vendor_default);
    CHECK(st->origin(kGlobalTarget, model::Knob::ecn_priorities).source == Source::vendor_default);
    CHECK(st->global.pfc_enabled->empty());
    CHECK(st->origin(kGlobalTarget, model::Knob::trust).source == Source::configured);
  }

  TEST_CASE("Cumulus: nv unset puts back what it can evaluate and leaves the rest unknown") {
    auto a = make_adapter("cumulus");
    auto st = a->parse(
        "nv set interface swp1 link mtu 9000\nnv set qos pfc default-global switch-priority 3\n"
        "nv unset interface swp1 link mtu\nnv unset qos egress-scheduler\n"
        "nv set qos roce\nnv unset qos\n");
    REQUIRE_OK(st);
    // The MTU back to the CL default, QoS back to the factory (PFC off).
    CHECK(*st->ports.at("swp1").mtu_bytes == 9216);
    CHECK(st->origin("swp1", model::Knob::mtu).source == Source::vendor_default);
    CHECK(st->global.pfc_enabled->empty());
    CHECK(st->origin(kGlobalTarget, model::Knob::pfc).source == Source::vendor_default);
    // `nv set qos roce` after the scheduler unset stated ETS again, and `nv
    // unset qos` reset it to the factory: known.
    CHECK(st->origin(kGlobalTarget, model::Knob::ets).source == Source::vendor_default);
    auto st2 = a->parse("nv set qos roce\nnv unset qos egress-scheduler\n");
    REQUIRE_OK(st2);
    CHECK_FALSE(st2->global.ets);
    CHECK(st2->origin(kGlobalTarget, model::Knob::ets).source == Source::not_in_file);
    REQUIRE(st2->not_understood.size() == 1);
    CHECK(st2->not_understood[0].line == 2);
  }
}

// The shipped profile rendered for Cumulus from factory state, parsed back and
// audited, is in sync: the factory config marks ECN on traffic class 0 (CL 5.x
// QoS docs, default_ecn_red_conf.egress_queue_list = [0]), so the render must
// disable it, and the thresholds read back are those of the profile on TC 3.
TEST_CASE("cumulus: roce-lossless.toml render -> parse -> audit is in sync") {
  auto loaded =
      profile::load_profile(std::string(ROCECFG_SOURCE_DIR) + "/profiles/roce-lossless.toml");
  REQUIRE(loaded.value);
  model::Settings intent = loaded.value->switch_settings();
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  Diagnostics warnings;
  auto lines = render_all(*a, intent, {}, warnings);
  REQUIRE_OK(lines);
  auto has = [&](const std::string& l) {
    return std::find(lines->begin(), lines->end(), l) != lines->end();
  };
  CHECK(has("nv set qos congestion-control default-global traffic-class 0 ecn disable"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 ecn enable"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 min-threshold 150000"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 max-threshold 1500000"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 probability 10"));

  std::string text;
  for (const std::string& l : *lines) text += l + "\n";
  auto state = a->parse(text);
  REQUIRE_OK(state);
  const model::Settings& g = state->global;
  REQUIRE(g.ecn_priorities);
  CHECK(*g.ecn_priorities == PriorityMask(1u << 3));
  REQUIRE(g.ecn);
  CHECK(g.ecn->min_threshold_bytes == 150000);
  CHECK(g.ecn->max_threshold_bytes == 1500000);
  CHECK(g.ecn->mark_probability_percent == 10);
  CHECK(state->notes.empty());

  SwitchResult r = audit_config(*a, text, intent, {});
  CHECK_MESSAGE(r.outcome == SwitchOutcome::in_sync, r.reason);
  CHECK(r.plan.steps.empty());
}

}  // namespace rocecfg::sw::testing

namespace rocecfg::sw::testing {

// Issue 19 item 3: the factory ECN profile of Cumulus Linux 5 marks TC 0
// between 150000 and 1500000 B at probability 100 (CL 5 QoS guide, "This is
// the default ECN configuration"); the parser used to assume 40000/200000.
TEST_CASE("cumulus: factory ECN on TC 0 reads back as the documented 150000/1500000 B, 100 %") {
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  auto state = a->parse("nv set interface swp1 link mtu 9216\n");
  REQUIRE_OK(state);
  const model::Settings& g = state->global;
  REQUIRE(g.ecn_priorities);
  CHECK(*g.ecn_priorities == PriorityMask(1u << 0));
  REQUIRE(g.ecn);
  CHECK(g.ecn->min_threshold_bytes == 150000);
  CHECK(g.ecn->max_threshold_bytes == 1500000);
  CHECK(g.ecn->mark_probability_percent == 100);
}

}  // namespace rocecfg::sw::testing

namespace rocecfg::sw::testing {

// Issue 19 item 3: PFC needs a lossless traffic pool, and the factory gives
// all of the buffer to default-lossy (CL 5.14 QoS guide, "Flow Control
// Buffers"); [buffers] cable_length_m is NVUE's PFC headroom input (same
// guide, "Priority Flow Control": nv set qos pfc default-global cable-length).
TEST_CASE(
    "cumulus: PFC from factory comes with a lossless pool; cable length is sent, read, kept") {
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  model::Settings intent = standard_profile();
  intent.buffers.emplace();
  intent.buffers->cable_length_m = 40;
  intent.buffers->headroom_bytes = 65536;
  Diagnostics warnings;
  auto lines = render_all(*a, intent, {"swp1"}, warnings);
  REQUIRE_OK(lines);
  auto at = [&](const std::string& l) {
    return std::find(lines->begin(), lines->end(), l) - lines->begin();
  };
  const long n = static_cast<long>(lines->size());
  const long lossless = at("nv set qos traffic-pool default-lossless memory-percent 50");
  const long lossy = at("nv set qos traffic-pool default-lossy memory-percent 50");
  const long pfc = at("nv set qos pfc default-global switch-priority 3");
  CHECK(lossless < n);
  CHECK(lossy < n);
  CHECK(pfc < n);
  CHECK(lossless < pfc);
  CHECK(at("nv set qos pfc default-global cable-length 40") < n);
  // The headroom is NVUE's own calculation: said, not sent.
  CHECK(warnings.render().find("buffers.headroom is not applied") != std::string::npos);

  std::string text;
  for (const std::string& l : *lines) text += l + "\n";
  auto state = a->parse(text);
  REQUIRE_OK(state);
  REQUIRE(state->global.buffers);
  CHECK(state->global.buffers->cable_length_m == 40u);
  CHECK(state->notes.empty());
  SwitchResult r = audit_config(*a, text, intent, {"swp1"});
  CHECK_MESSAGE(r.outcome == SwitchOutcome::in_sync, r.reason);

  // PFC configured without a lossless pool reads back with the reason.
  auto bare = a->parse("nv set qos pfc default-global switch-priority 3\n");
  REQUIRE_OK(bare);
  REQUIRE(bare->notes.size() == 1);
  CHECK(bare->notes[0] ==
        "PFC on switch-priority 3 without a lossless traffic pool: all of the buffer is "
        "default-lossy (set qos traffic-pool default-lossless memory-percent)");
}

}  // namespace rocecfg::sw::testing

namespace rocecfg::sw::testing {

// The shared buffer's split is the two traffic pools (CL 5.14 QoS guide,
// "Flow Control Buffers"); it replaces the 50/50 default PFC brings, and a
// headroom share (a Junos partition) is said, not sent.
TEST_CASE("cumulus: the shared buffer's split is the pools' memory-percent, read back in sync") {
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  model::Settings intent = standard_profile();
  intent.buffers.emplace();
  intent.buffers->shared = model::SharedSplit{66, 10, 24, {}};
  Diagnostics warnings;
  model::Settings held = a->representable(intent, warnings);
  REQUIRE(held.buffers);
  CHECK(held.buffers->shared == model::SharedSplit{66, 10, {}, {}});
  CHECK(warnings.render().find("buffers.shared_headroom_percent and shared_multicast_percent "
                               "are not sent") != std::string::npos);
  auto lines = render_all(*a, intent, {"swp1"}, warnings);
  REQUIRE_OK(lines);
  std::vector<std::string> pools;
  for (const std::string& l : *lines)
    if (l.find("traffic-pool") != std::string::npos) pools.push_back(l);
  CHECK(pools ==
        std::vector<std::string>{"nv set qos traffic-pool default-lossless memory-percent 66",
                                 "nv set qos traffic-pool default-lossy memory-percent 10"});
  std::string text;
  for (const std::string& l : *lines) text += l + "\n";
  auto state = a->parse(text);
  REQUIRE_OK(state);
  REQUIRE(state->global.buffers);
  CHECK(state->global.buffers->shared == model::SharedSplit{66, 10, {}, {}});
  CHECK(state->origin(kGlobalTarget, model::Knob::buffers).source == Source::configured);
  SwitchResult r = audit_config(*a, text, intent, {"swp1"});
  CHECK_MESSAGE(r.outcome == SwitchOutcome::in_sync, r.reason);

  // Factory: all of the buffer default-lossy, a known default; a changed
  // split is drift.
  auto factory = a->parse("nv set qos pfc default-global switch-priority 3\n");
  REQUIRE_OK(factory);
  REQUIRE(factory->global.buffers);
  CHECK(factory->global.buffers->shared == model::SharedSplit{0, 100, {}, {}});
  CHECK(factory->origin(kGlobalTarget, model::Knob::buffers).source == Source::vendor_default);
  // One pool alone is half a split: said, not read.
  auto half = a->parse("nv set qos traffic-pool default-lossless memory-percent 50\n");
  REQUIRE_OK(half);
  CHECK((!half->global.buffers || !half->global.buffers->shared));
  CHECK(half->notes.back() ==
        "traffic-pool: only the lossless pool has a memory-percent; the buffer's split is not "
        "read");
}

}  // namespace rocecfg::sw::testing
