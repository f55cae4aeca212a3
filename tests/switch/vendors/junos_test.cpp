// Juniper Junos adapter: golden renders, what cannot be represented is
// refused or planned unsupported, the PFC port-blocking warning, the round
// trip through the parser, the three configuration forms, and the commit
// protocol (configure exclusive ... commit confirmed ... commit) against a
// recording stand-in, including a failure at every step.
#include <doctest/doctest.h>

#include "junos/junos.h"
#include "require_ok.h"
#include "switch/engine.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

using testing::standard_intent;

const std::vector<std::string> kJunosPorts{"et-0/0/1", "et-0/0/2"};

std::unique_ptr<Adapter> junos() {
  return testing::adapter_for("junos");
}

// The push as the adapter sends it for two statements.
const std::vector<std::string> kTwo{
    "set interfaces et-0/0/1 mtu 9216",
    "set class-of-service interfaces et-0/0/1 scheduler-map rocecfg-sm"};

// What the committed configuration holds after `commands`: their `set`
// lines (the deletes remove statements of ours a factory-default switch does
// not have).
std::string committed_of(const std::vector<std::string>& commands) {
  std::string out;
  for (const auto& c : commands)
    if (c.starts_with("set ")) out += c + "\n";
  return out;
}

// The lines of `commands` that contain `part`, one per line.
std::string lines_with(const std::vector<std::string>& commands, std::string_view part) {
  std::string out;
  for (const auto& c : commands)
    if (c.find(part) != std::string::npos) out += c + "\n";
  return out;
}

TEST_SUITE("junos") {
  TEST_CASE("standard profile renders the golden set statements, warning of the PFC port block") {
    auto a = junos();
    Diagnostics warnings;
    model::Settings intent = a->representable(standard_intent(), warnings);
    CHECK(warnings.all().empty());
    auto commands = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_OK(commands);
    CHECK(testing::golden_mismatch("junos/standard.txt", testing::lines_text(*commands)) == "");
    CHECK(testing::messages(warnings) ==
          std::vector<std::string>{
              "pfc: et-0/0/1: changing PFC blocks the whole port until the change completes "
              "(traffic on every queue of the port is lost meanwhile)",
              "pfc: et-0/0/2: changing PFC blocks the whole port until the change completes "
              "(traffic on every queue of the port is lost meanwhile)"});
  }

  TEST_CASE("render -> parse: every renderable knob is in sync and a re-plan sends nothing") {
    auto a = junos();
    Diagnostics warnings;
    model::Settings intent = a->representable(standard_intent(), warnings);
    auto commands = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_OK(commands);
    std::string committed = committed_of(*commands);
    auto state = a->parse(committed);
    REQUIRE_OK(state);
    CHECK(state->recognised_as == "Junos configuration (display set)");
    auto again = plan_switch(*a, intent, kJunosPorts, *state);
    REQUIRE_OK(again);
    // ECN in bytes only is planned unsupported (fill levels need the queue's
    // buffer, [ecn] fill_level_percent states them), the rest meets the intent.
    CHECK(again->changes() == 0);
    std::set<std::string> unsupported;
    for (const auto& step : again->steps)
      if (step.kind == plan::StepKind::unsupported)
        unsupported.insert(std::string(model::knob_name(step.knob)));
    CHECK(unsupported == std::set<std::string>{"ecn", "ecn_priorities"});
    SwitchResult audit = audit_config(*a, committed, intent, kJunosPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);
  }

  TEST_CASE("ECN in fill levels: one two-point drop profile on the marking queue's scheduler") {
    auto a = junos();
    model::Settings intent = standard_intent();
    intent.ecn->fill = model::EcnFill{55, 90};
    Diagnostics warnings;
    auto commands = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_OK(commands);
    // Only the ECN lines differ from the standard render (golden/junos/standard.txt).
    std::vector<std::string> ecn;
    for (const std::string& c : *commands)
      if (c.find("drop-profile") != std::string::npos ||
          c.find("explicit-congestion-notification") != std::string::npos)
        ecn.push_back(c);
    CHECK(
        ecn ==
        std::vector<std::string>{
            "delete class-of-service drop-profiles rocecfg-ecn",
            "set class-of-service drop-profiles rocecfg-ecn interpolate fill-level [ 55 90 ]",
            "set class-of-service drop-profiles rocecfg-ecn interpolate drop-probability [ 0 10 ]",
            "set class-of-service schedulers rocecfg-s3 explicit-congestion-notification",
            "set class-of-service schedulers rocecfg-s3 drop-profile-map loss-priority any "
            "protocol any drop-profile rocecfg-ecn"});
    std::string committed = committed_of(*commands);
    auto state = a->parse(committed);
    REQUIRE_OK(state);
    REQUIRE(state->global.ecn);
    CHECK(*state->global.ecn == model::Ecn{0, 0, 10, model::EcnFill{55, 90}});
    CHECK(state->not_understood.empty());
    auto again = plan_switch(*a, intent, kJunosPorts, *state);
    REQUIRE_OK(again);
    CHECK(again->changes() == 0);
    CHECK(again->unsupported() == 0);  // nothing left unexpressed
    // The same thresholds moved: the drop profile is the one difference.
    model::Settings moved = intent;
    moved.ecn->fill = model::EcnFill{40, 90};
    auto drift = plan_switch(*a, moved, kJunosPorts, *state);
    REQUIRE_OK(drift);
    REQUIRE(drift->changes() == 1);
    CHECK(drift->steps.front().knob == model::Knob::ecn);
  }

  TEST_CASE("a switch of bytes never sees the fill levels; Junos marks ECN only through ETS") {
    // Cumulus takes bytes: the fill levels are not part of what it compares.
    auto cl = testing::adapter_for("cumulus");
    model::Settings intent = standard_intent();
    intent.ecn->fill = model::EcnFill{55, 90};
    Diagnostics warnings;
    model::Settings seen = vendor_intent(*cl, intent, warnings);
    REQUIRE(seen.ecn);
    CHECK(*seen.ecn == model::Ecn{150000, 1500000, 10, std::nullopt});
    CHECK(unsupported_for(*cl, intent).count(model::Knob::ecn) == 0);
    // Fill levels alone (a profile imported from Junos): not expressible in
    // bytes, so nothing of ECN reaches a switch of bytes, never 0-byte
    // thresholds.
    model::Settings fill_only = standard_intent();
    fill_only.ecn = model::Ecn{0, 0, 10, model::EcnFill{55, 90}};
    CHECK(unsupported_for(*cl, fill_only).count(model::Knob::ecn) == 1);
    auto cl_commands = render_all(*cl, fill_only, {"swp1"}, warnings);
    REQUIRE_OK(cl_commands);
    for (const std::string& c : *cl_commands) {
      CAPTURE(c);
      CHECK(c.find("threshold") == std::string::npos);
      CHECK(c.find("ecn enable") == std::string::npos);
    }
    // Junos: fill levels replace the bytes; without them ECN is not expressible.
    auto a = junos();
    CHECK(*vendor_intent(*a, intent, warnings).ecn == model::Ecn{0, 0, 10, model::EcnFill{55, 90}});
    CHECK(unsupported_for(*a, intent).count(model::Knob::ecn) == 0);
    CHECK(unsupported_for(*a, standard_intent()).count(model::Knob::ecn) == 1);
    model::Settings no_ets = intent;
    no_ets.ets.reset();
    auto refused = a->check_intent(no_ets);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().to_string() ==
          "ecn: Junos marks ECN in the schedulers a scheduler map binds to the port: [ets] is "
          "needed with [ecn] fill_level_percent");
  }

  TEST_CASE("drop profiles rocecfg does not write are said, not guessed") {
    auto a = junos();
    const std::string base =
        "set class-of-service forwarding-classes class BE queue-num 0\n"
        "set class-of-service forwarding-classes class NL queue-num 3 no-loss pfc-priority 3\n"
        "set class-of-service classifiers ieee-802.1 c8 forwarding-class BE loss-priority low "
        "code-points [ 000 001 010 100 101 110 111 ]\n"
        "set class-of-service classifiers ieee-802.1 c8 forwarding-class NL loss-priority low "
        "code-points 011\n"
        "set class-of-service schedulers s explicit-congestion-notification\n"
        "set class-of-service schedulers s drop-profile-map loss-priority any protocol any "
        "drop-profile dp\n"
        "set class-of-service scheduler-maps m forwarding-class NL scheduler s\n"
        "set class-of-service interfaces et-0/0/1 scheduler-map m\n";
    // Three points (QFX10000's form) and a first probability above 0.
    for (const std::string& dp :
         {std::string("set class-of-service drop-profiles dp interpolate fill-level [ 10 50 90 ]\n"
                      "set class-of-service drop-profiles dp interpolate drop-probability [ 0 "
                      "20 100 ]\n"),
          std::string("set class-of-service drop-profiles dp interpolate fill-level [ 10 90 ]\n"
                      "set class-of-service drop-profiles dp interpolate drop-probability [ 5 "
                      "100 ]\n")}) {
      auto st = a->parse(base + dp);
      REQUIRE_OK(st);
      CHECK_FALSE(st->global.ecn);
      CHECK(std::find(st->notes.begin(), st->notes.end(),
                      "et-0/0/1: queue 3: ECN not read: drop profile dp is not the two-point form "
                      "[ecn] states (fill-level [ A B ] drop-probability [ 0 P ])") !=
            st->notes.end());
      CHECK(st->ports.at("et-0/0/1").ecn_priorities == PriorityMask(1u << 3));
    }
    // The segmented form and an EVO decimal: not read, per line.
    auto st = a->parse(base +
                       "set class-of-service drop-profiles dp fill-level 50 drop-probability 20\n"
                       "set class-of-service drop-profiles dp interpolate fill-level 55.5\n");
    REQUIRE_OK(st);
    CHECK_FALSE(st->global.ecn);
    REQUIRE(st->not_understood.size() == 2);
    CHECK(st->not_understood[0].line == 9);
    CHECK(st->not_understood[1].why ==
          "class-of-service statement not read (fill-level 55.5: not a whole percent)");
  }

  TEST_CASE(
      "two lossless priorities on one queue are refused: a no-loss class has one pfc-priority") {
    auto a = junos();
    model::Settings intent = standard_intent();
    intent.pfc_enabled = PriorityMask((1u << 3) | (1u << 4));
    intent.ets->prio_tc = model::prio_tc_array({0, 1, 2, 3, 3, 5, 6, 7});
    auto ok = a->check_intent(intent);
    REQUIRE_FALSE(ok);
    CHECK(ok.error().to_string() ==
          "pfc: Junos: lossless priorities 3 and 4 share queue 3, but a no-loss forwarding class "
          "has one pfc-priority");
  }

  TEST_CASE("watchdog detection is whole 100 ms polls; alert becomes forward, both warned") {
    auto a = junos();
    model::Settings intent = standard_intent();
    intent.pfc_watchdog = model::PfcWatchdog{250, 70000, model::WatchdogAction::alert};
    Diagnostics warnings;
    model::Settings out = a->representable(intent, warnings);
    CHECK(out.pfc_watchdog == model::PfcWatchdog{300, 65535, model::WatchdogAction::forward});
    CHECK(testing::messages(warnings) ==
          std::vector<std::string>{
              "pfc_watchdog: Junos detects a PFC storm in polls of 100 ms and recovers in at most "
              "65535 ms: 250ms/70000ms are applied as 300ms/65535ms",
              "pfc_watchdog: Junos watchdog actions are drop or forward: action alert is applied "
              "as forward"});
  }

  TEST_CASE("the same class of service in set, hierarchical and JSON form reads the same") {
    auto a = junos();
    const std::string set_form =
        "set version 23.4R2.9\n"
        "set class-of-service forwarding-classes class NL queue-num 4 no-loss pfc-priority 3\n"
        "set class-of-service classifiers dscp d1 forwarding-class NL loss-priority low "
        "code-points 011010\n"
        "set class-of-service congestion-notification-profile p input ieee-802.1 code-point 011 "
        "pfc\n"
        "set class-of-service interfaces et-0/0/7 congestion-notification-profile p\n"
        "set class-of-service interfaces et-0/0/7 unit 0 classifiers dscp d1\n"
        "set interfaces et-0/0/7 mtu 9000\n";
    const std::string hierarchical =
        "version 23.4R2.9;\nclass-of-service {\n  forwarding-classes {\n"
        "    class NL queue-num 4 no-loss pfc-priority 3;\n  }\n  classifiers {\n"
        "    dscp d1 {\n      forwarding-class NL {\n"
        "        loss-priority low code-points 011010;\n      }\n    }\n  }\n"
        "  congestion-notification-profile p {\n    input {\n      ieee-802.1 {\n"
        "        code-point 011 {\n          pfc;\n        }\n      }\n    }\n  }\n"
        "  interfaces {\n    et-0/0/7 {\n      congestion-notification-profile p;\n"
        "      unit 0 {\n        classifiers {\n          dscp d1;\n        }\n      }\n    }\n"
        "  }\n}\ninterfaces {\n  et-0/0/7 {\n    mtu 9000;\n  }\n}\n";
    const std::string json_form = R"({"configuration": {"version": "23.4R2.9",
      "class-of-service": {
        "forwarding-classes": {"class": [{"name": "NL", "queue-num": 4, "no-loss": [null], "pfc-priority": 3}]},
        "classifiers": {"dscp": [{"name": "d1", "forwarding-class": [{"name": "NL",
          "loss-priority": [{"name": "low", "code-points": ["011010"]}]}]}]},
        "congestion-notification-profile": [{"name": "p", "input": {"ieee-802.1": {"code-point": [{"name": "011", "pfc": [null]}]}}}],
        "interfaces": {"interface": [{"name": "et-0/0/7", "congestion-notification-profile": "p",
          "unit": [{"name": "0", "classifiers": {"dscp": [{"name": "d1"}]}}]}]}},
      "interfaces": {"interface": [{"name": "et-0/0/7", "mtu": 9000}]}}})";
    for (const std::string& text : {set_form, hierarchical, json_form}) {
      auto st = a->parse(text);
      REQUIRE_OK(st);
      CAPTURE(st->recognised_as);
      REQUIRE(st->ports.size() == 1);
      const model::Settings& p = st->ports.at("et-0/0/7");
      CHECK(p.mtu_bytes == 9000u);
      CHECK(p.pfc_enabled == PriorityMask(1u << 3));
      CHECK(p.trust == model::Trust::dscp);
      CHECK(st->global.dscp_priority == model::dscp_priority_map({{26, 3}}));
      CHECK(st->not_understood.empty());
    }
  }

  // The JVD leaf's split (Juniper/jvd leaf1_qfx5240-64od.conf: ingress 66 /
  // 24 / 10, egress 66 / 10).
  model::Settings with_split(model::SharedSplit split) {
    model::Settings intent = standard_intent();
    intent.buffers.emplace();
    intent.buffers->shared = split;
    return intent;
  }

  TEST_CASE("the shared buffer's split: ingress partitions, an egress that follows, a warning") {
    auto a = junos();
    Diagnostics warnings;
    model::Settings intent = with_split({66, 10, 24, {}});
    auto commands = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_OK(commands);
    CHECK(
        lines_with(*commands, "shared-buffer") ==
        "set class-of-service shared-buffer ingress buffer-partition lossless percent 66\n"
        "set class-of-service shared-buffer ingress buffer-partition lossless-headroom percent 24\n"
        "set class-of-service shared-buffer ingress buffer-partition lossy percent 10\n"
        "set class-of-service shared-buffer egress buffer-partition lossless percent 66\n"
        "set class-of-service shared-buffer egress buffer-partition lossy percent 10\n");
    // Before the classes that use it.
    CHECK(commands->front() ==
          "set class-of-service shared-buffer ingress buffer-partition lossless percent 66");
    CHECK(testing::messages(warnings).front() ==
          "buffers: changing the shared buffer stops traffic on every port until the buffer is "
          "reprogrammed (Juniper, Configuring Global Ingress and Egress Shared Buffers)");
    // Read back: in sync, nothing unsupported but ECN in bytes.
    std::string committed = committed_of(*commands);
    auto state = a->parse(committed);
    REQUIRE_OK(state);
    REQUIRE(state->global.buffers);
    CHECK(state->global.buffers->shared == model::SharedSplit{66, 10, 24, {}});
    CHECK(state->not_understood.empty());
    auto again = plan_switch(*a, intent, kJunosPorts, *state);
    REQUIRE_OK(again);
    CHECK(again->changes() == 0);
    CHECK(audit_config(*a, committed, intent, kJunosPorts).outcome == SwitchOutcome::in_sync);
    // A new split alone renders the partitions and nothing else: no other
    // object is rebuilt for it.
    model::Settings moved = with_split({60, 14, 26, {}});
    auto plan = plan_switch(*a, moved, kJunosPorts, *state);
    REQUIRE_OK(plan);
    CHECK(plan->changes() == 1);
    Diagnostics w2;
    auto delta = a->render(moved, kJunosPorts, *plan, w2);
    REQUIRE_OK(delta);
    CHECK(
        testing::lines_text(*delta) ==
        "set class-of-service shared-buffer ingress buffer-partition lossless percent 60\n"
        "set class-of-service shared-buffer ingress buffer-partition lossless-headroom percent 26\n"
        "set class-of-service shared-buffer ingress buffer-partition lossy percent 14\n"
        "set class-of-service shared-buffer egress buffer-partition lossless percent 60\n"
        "set class-of-service shared-buffer egress buffer-partition lossy percent 14\n");
  }

  TEST_CASE("with a multicast partition (Junos before EVO) the egress totals 100") {
    auto a = junos();
    Diagnostics warnings;
    // Juniper's documented defaults before EVO: ingress 9 / 45 / 46, egress
    // lossless 50, lossy 31, multicast 19; here the lossless share is raised.
    model::Settings intent = with_split({50, 5, 45, 19});
    auto commands = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_OK(commands);
    CHECK(lines_with(*commands, "shared-buffer egress") ==
          "set class-of-service shared-buffer egress buffer-partition lossless percent 50\n"
          "set class-of-service shared-buffer egress buffer-partition lossy percent 31\n"
          "set class-of-service shared-buffer egress buffer-partition multicast percent 19\n");
    std::string committed = committed_of(*commands);
    auto state = a->parse(committed);
    REQUIRE_OK(state);
    REQUIRE(state->global.buffers);
    CHECK(state->global.buffers->shared == model::SharedSplit{50, 5, 45, 19});
    CHECK(audit_config(*a, committed, intent, kJunosPorts).outcome == SwitchOutcome::in_sync);
  }

  TEST_CASE("partitions that do not make the profile's split are said, and not read") {
    auto a = junos();
    // Egress lossless unlike ingress: both notes, no split.
    auto st = a->parse(
        "set class-of-service shared-buffer ingress buffer-partition lossless percent 66\n"
        "set class-of-service shared-buffer ingress buffer-partition lossless dynamic-threshold "
        "10\n"
        "set class-of-service shared-buffer ingress buffer-partition lossless-headroom percent 24\n"
        "set class-of-service shared-buffer ingress buffer-partition lossy percent 10\n"
        "set class-of-service shared-buffer egress buffer-partition lossless percent 50\n"
        "set class-of-service shared-buffer egress buffer-partition lossy percent 10\n"
        "set interfaces et-0/0/1 mtu 9216\n");
    REQUIRE_OK(st);
    CHECK_FALSE(st->global.buffers);
    CHECK(st->origin(kGlobalTarget, model::Knob::buffers).source == Source::not_in_file);
    REQUIRE(st->notes.size() >= 2);
    CHECK(st->notes[st->notes.size() - 2] ==
          "shared-buffer lossless partition: ingress 66 % but egress 50 %; QFX5130/5220/5230/5240 "
          "require them to match");
    CHECK(st->notes.back() ==
          "shared-buffer: egress partitions (lossless 50, lossy 10) do not follow the ingress "
          "split (lossless 66, lossy 10); the split is not read");
    REQUIRE(st->not_understood.size() == 1);  // the dynamic threshold
    CHECK(st->not_understood[0].line == 2);
    // Half a split (the ingress lossless partition alone).
    auto half = a->parse(
        "set class-of-service shared-buffer ingress buffer-partition lossless percent 66\n"
        "set interfaces et-0/0/1 mtu 9216\n");
    REQUIRE_OK(half);
    CHECK_FALSE(half->global.buffers);
    CHECK(half->notes.back() ==
          "shared-buffer: no ingress lossless and lossy partitions; the split is not read");
    // A percent out of 0..100 is not read.
    auto wide = a->parse(
        "set class-of-service shared-buffer ingress buffer-partition lossy percent 130\n"
        "set interfaces et-0/0/1 mtu 9216\n");
    REQUIRE_OK(wide);
    REQUIRE(wide->not_understood.size() == 1);
    CHECK(wide->not_understood[0].why ==
          "class-of-service statement not read (a buffer-partition percent is 0..100)");
  }

  TEST_CASE("a split without a headroom share is refused; headroom alone is unsupported") {
    auto a = junos();
    Diagnostics warnings;
    auto r = render_all(*a, with_split({90, 10, {}, {}}), kJunosPorts, warnings);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "buffers: Junos splits the ingress shared buffer into lossless, lossless-headroom and "
          "lossy partitions totalling 100: buffers.shared_headroom_percent is needed");
    model::Settings headroom = standard_intent();
    headroom.buffers.emplace();
    headroom.buffers->cable_length_m = 5;
    CHECK(unsupported_for(*a, headroom).contains(model::Knob::buffers));
    CHECK_FALSE(unsupported_for(*a, with_split({66, 10, 24, {}})).contains(model::Knob::buffers));
  }

  TEST_CASE("show version tells Evolved from Junos; the egress partitions follow the OS") {
    // A virtual-chassis member's block (Junos) and an EVO leaf's first lines.
    Platform junos_qfx = junos::parse_version(
        "fpc0:\n--------------------------------------------------------------------------\n"
        "Hostname: leaf1\nModel: qfx5120-48y-8c\nJunos: 21.4R3-S4.9\n"
        "JUNOS OS Kernel 64-bit  [20230307.8b2a6d3_builder_stable_12_214]\n"
        "fpc1:\nHostname: leaf1\nModel: qfx5120-48y-8c\nJunos: 21.4R3-S4.9\n");
    CHECK(junos_qfx.model == "qfx5120-48y-8c");
    CHECK(junos_qfx.release == "21.4R3-S4.9");
    CHECK(junos::os_of(junos_qfx) == junos::Os::junos);
    Platform evo = junos::parse_version(
        "Hostname: leaf2\r\nModel: qfx5240-64od\r\nJunos: 23.4X100-D31.9-EVO\r\nYocto: 3.0.2\r\n");
    CHECK(evo.model == "qfx5240-64od");
    CHECK(evo.release == "23.4X100-D31.9-EVO");
    CHECK(junos::os_of(evo) == junos::Os::evolved);
    // The model alone, as an inventory gives it.
    CHECK(junos::os_of({"QFX5230-64CD", "", ""}) == junos::Os::evolved);
    CHECK(junos::os_of({"qfx5200-32c-32q", "", ""}) == junos::Os::junos);
    CHECK(junos::os_of({"ex4650-48y", "", ""}) == junos::Os::unknown);
    CHECK(junos::os_of({}) == junos::Os::unknown);

    auto a = junos();
    Diagnostics warnings;
    a->set_platform(evo);
    auto r = render_all(*a, with_split({50, 5, 45, 19}), kJunosPorts, warnings);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "buffers: Junos OS Evolved (23.4X100-D31.9-EVO) has no egress multicast partition on "
          "QFX (Juniper QFX5K buffer architecture): buffers.shared_multicast_percent cannot be "
          "applied");
    REQUIRE_OK(render_all(*a, with_split({66, 10, 24, {}}), kJunosPorts, warnings));
    a->set_platform(junos_qfx);
    r = render_all(*a, with_split({66, 10, 24, {}}), kJunosPorts, warnings);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "buffers: Junos (21.4R3-S4.9, not Evolved) takes egress lossless, lossy and multicast "
          "partitions totalling 100 (buffer-partition (Egress)): "
          "buffers.shared_multicast_percent is needed");
    REQUIRE_OK(render_all(*a, with_split({50, 5, 45, 19}), kJunosPorts, warnings));
  }

  TEST_CASE("the watchdog's forms by release: none before 20.3R1, forward from 23.4R2") {
    auto a = junos();
    Diagnostics warnings;
    model::Settings intent = standard_intent();
    REQUIRE(intent.pfc_watchdog);
    intent.pfc_watchdog->action = model::WatchdogAction::forward;
    a->set_platform({"qfx5120-48y-8c", "21.4R3-S4.9", ""});
    auto r = render_all(*a, intent, kJunosPorts, warnings);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "pfc_watchdog: Junos 21.4R3-S4.9 takes watchdog-action drop only (Juniper/yang: forward "
          "from 23.4R2); the profile asks forward (alert is applied as forward)");
    a->set_platform({"qfx5230-64cd", "23.4R2-S2.1-EVO", ""});
    REQUIRE_OK(render_all(*a, intent, kJunosPorts, warnings));
    a->set_platform({"qfx5240-64od", "23.4X100-D31.9-EVO", ""});  // a train: not judged
    REQUIRE_OK(render_all(*a, intent, kJunosPorts, warnings));
    a->set_platform({"qfx5100-48s", "19.4R3-S9", ""});
    r = render_all(*a, standard_intent(), kJunosPorts, warnings);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "pfc_watchdog: Junos 19.4R3-S9 has no pfc-watchdog (Juniper/yang: from 20.3R1)");
  }

  TEST_CASE("Junos refuses other vendors' configs and they refuse Junos, by evidence") {
    auto a = junos();
    auto eos_text =
        "! device: leaf1 (DCS-7050CX3-32S, EOS-4.28.3M)\ninterface Ethernet1\n   mtu 9214\n";
    auto r = a->parse(eos_text);
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "not a junos running-config: line 2: interface Ethernet1 (an EOS interface name: EOS "
          "text)");
    auto eos = testing::adapter_for("eos");
    auto e = eos->parse("set class-of-service interfaces et-0/0/1 scheduler-map sm1\n");
    REQUIRE_FALSE(e);
    CHECK(e.error().to_string() ==
          "not a eos running-config: line 1: set class-of-service interfaces et-0/0/1 "
          "scheduler-map sm1 (a Junos `set` line: Junos text)");
    auto j = a->parse(R"({"PORT": {"Ethernet0": {"mtu": "9100"}}})");
    REQUIRE_FALSE(j);
    CHECK(j.error().to_string() ==
          "not a junos running-config: JSON without the top-level \"configuration\" object `show "
          "configuration | display json` prints");
  }

  TEST_CASE(
      "push: configure exclusive, set lines, compare, check, commit confirmed, read back, commit") {
    auto a = junos();
    testing::RecordingSession s;
    REQUIRE_OK(a->push(s, kTwo));
    CHECK(s.sent == std::vector<std::string>{"configure exclusive", kTwo[0], kTwo[1],
                                             "show | compare", "commit check", "commit confirmed 5",
                                             "show | compare", "commit", "exit"});
  }

  TEST_CASE("push: a failure at every step is undone as far as the transaction got") {
    auto a = junos();
    // Steps: 1 configure exclusive, 2-3 the statements, 4 show | compare, 5 commit
    // check, 6 commit confirmed, 7 show | compare, 8 commit, 9 exit.
    const std::map<int, std::vector<std::string>> undo{{5, {"rollback 0", "exit"}},
                                                       {6, {"rollback 0", "exit"}},
                                                       {7, {"rollback 1", "commit", "exit"}},
                                                       {8, {"rollback 1", "commit", "exit"}},
                                                       {9, {"rollback 2", "commit", "exit"}}};
    for (int step = 1; step <= 9; ++step) {
      CAPTURE(step);
      testing::RecordingSession s;
      s.fail_at = step;
      auto r = a->push(s, kTwo);
      REQUIRE_FALSE(r);
      CHECK(r.error().message.find("the junos transaction was rolled back") != std::string::npos);
      const auto& want = undo.at(std::max(step, 5));
      CHECK(std::vector<std::string>(s.sent.end() - static_cast<long>(want.size()), s.sent.end()) ==
            want);
    }
    // The connection drops at the confirming commit: a fresh session rolls
    // back (and the confirmed commit would revert by itself anyway).
    testing::RecordingSession d;
    d.fail_at = 8;
    d.drop = true;
    auto r = a->push(d, kTwo);
    REQUIRE_FALSE(r);
    CHECK(std::vector<std::string>(d.sent.end() - 5, d.sent.end()) ==
          std::vector<std::string>{"<reconnect>", "configure exclusive", "rollback 1", "commit",
                                   "exit"});
  }
}

}  // namespace
}  // namespace rocecfg::sw
