// Priority -> traffic class through the profile's ETS map, on every vendor
// (lib/model/qos.h): with priority 3 served by TC 4, ECN/scheduling lines land
// on queue 4 where the vendor can hold the map, the map is replaced by
// identity with a warning where it cannot (NX-OS, Huawei) or refused (SONiC);
// and audit of a config that marks the wrong queue is drift.
#include <doctest/doctest.h>

#include "require_ok.h"

#include <algorithm>

#include "switch/engine.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

struct Rendered {
  std::vector<std::string> lines;
  std::vector<std::string> warnings;
};

Rendered render(const std::string& vendor, const std::vector<std::string>& ports,
                const model::Settings& intent) {
  auto a = make_adapter(vendor);
  REQUIRE(a);
  // Huawei's deadlock forms differ by model: a CE8855 (interval family).
  if (vendor == "huawei-ce") a->set_platform({"CE8855", "", ""});
  Diagnostics warnings;
  auto c = render_all(*a, intent, ports, warnings);
  REQUIRE_OK(c);
  Rendered r{*c, {}};
  for (const auto& d : warnings.all()) r.warnings.push_back(d.message);
  return r;
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

bool has_warning(const Rendered& r, const std::string& text) {
  return std::any_of(r.warnings.begin(), r.warnings.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

// The plan's ecn_priorities steps against `config`, as audit computes them.
size_t ecn_drift(const std::string& vendor, const std::vector<std::string>& ports,
                 const model::Settings& intent, const std::string& config) {
  auto a = make_adapter(vendor);
  auto state = a->parse(config);
  REQUIRE_OK(state);
  auto plan = plan_switch(*a, intent, ports, *state);
  REQUIRE_OK(plan);
  return static_cast<size_t>(std::count_if(plan->steps.begin(), plan->steps.end(), [](auto& s) {
    return s.kind == plan::StepKind::change && s.knob == model::Knob::ecn_priorities;
  }));
}

// `text` with every `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_SUITE("priority -> traffic class") {
  TEST_CASE("cumulus: ECN and scheduling on TC 4, PFC on priority 3") {
    Rendered r = render("cumulus", {"swp1"}, swapped_tc_profile());
    CHECK(has(r.lines,
              "nv set qos egress-queue-mapping default-global switch-priority 3 "
              "traffic-class 4"));
    CHECK(has(r.lines, "nv set qos congestion-control default-global traffic-class 4 ecn enable"));
    CHECK(has(r.lines,
              "nv set qos congestion-control default-global traffic-class 4 min-threshold 150000"));
    CHECK_FALSE(
        has(r.lines, "nv set qos congestion-control default-global traffic-class 3 ecn enable"));
    // bw-percent is 1..100 (NVUE reference): the five 0 % classes get 1 %,
    // taken one at a time from the largest (TC 0 first on a tie).
    CHECK(has(r.lines, "nv set qos egress-scheduler default-global traffic-class 4 bw-percent 48"));
    CHECK(has(r.lines, "nv set qos egress-scheduler default-global traffic-class 0 bw-percent 47"));
    CHECK(has(r.lines, "nv set qos pfc default-global switch-priority 3"));
  }

  TEST_CASE("cumulus: audit reads ECN per class back through the queue map") {
    const std::string map =
        "nv set qos egress-queue-mapping default-global switch-priority 3 traffic-class 4\n"
        "nv set qos egress-queue-mapping default-global switch-priority 4 traffic-class 3\n"
        "nv set qos congestion-control default-global traffic-class 0 ecn disable\n";
    const std::string right =
        map + "nv set qos congestion-control default-global traffic-class 4 ecn enable\n";
    const std::string wrong =
        map + "nv set qos congestion-control default-global traffic-class 3 ecn enable\n";
    CHECK(ecn_drift("cumulus", {"swp1"}, swapped_tc_profile(), right + "nv set interface swp1\n") ==
          0);
    CHECK(ecn_drift("cumulus", {"swp1"}, swapped_tc_profile(), wrong + "nv set interface swp1\n") ==
          1);
  }

  TEST_CASE("eos: tx-queue 4 marks ECN and takes the ETS share; audit of queue 3 is drift") {
    Rendered r = render("eos", {"Ethernet1"}, swapped_tc_profile());
    CHECK(has(r.lines, "qos map traffic-class 3 to tx-queue 4"));
    CHECK(has(r.lines, "qos map traffic-class 4 to tx-queue 3"));
    CHECK(has(r.lines, "   priority-flow-control priority 3 no-drop"));
    auto q4 = std::find(r.lines.begin(), r.lines.end(), "   tx-queue 4");
    REQUIRE(q4 != r.lines.end());
    CHECK(q4[1] == "      no priority");
    CHECK(q4[2] == "      bandwidth percent 50");
    CHECK(q4[3].find("      random-detect ecn minimum-threshold 150000 bytes") == 0);
    std::string text = joined(r.lines);
    CHECK(ecn_drift("eos", {"Ethernet1"}, swapped_tc_profile(), text) == 0);
    // The same config with tx-queue 3 and 4 swapped marks queue 3.
    std::string wrong = replaced(replaced(replaced(text, "   tx-queue 4\n", "   tx-queue X\n"),
                                          "   tx-queue 3\n", "   tx-queue 4\n"),
                                 "   tx-queue X\n", "   tx-queue 3\n");
    CHECK(ecn_drift("eos", {"Ethernet1"}, swapped_tc_profile(), wrong) == 1);
  }

  TEST_CASE("h3c: dot1p 3 -> queue 4, the WRED table marks queue 4; audit of queue 3 is drift") {
    Rendered r = render("h3c", {"HundredGigE1/0/1"}, swapped_tc_profile());
    CHECK(has(r.lines, " import 3 export 4"));
    CHECK(has(r.lines, " import 4 export 3"));
    CHECK(has(r.lines, " queue 4 ecn"));
    CHECK_FALSE(has(r.lines, " queue 3 ecn"));
    // WRR weights are shares: the six 0 % classes get 1, taken from the
    // largest (TC 0 first on a tie), so the weights sum to 100.
    CHECK(has(r.lines, " qos wrr 4 group 1 byte-count 48"));
    CHECK(has(r.lines, " qos wrr 0 group 1 byte-count 47"));
    CHECK(has(r.lines, " priority-flow-control no-drop dot1p 3"));
    std::string text = joined(r.lines);
    CHECK(ecn_drift("h3c", {"HundredGigE1/0/1"}, swapped_tc_profile(), text) == 0);
    std::string wrong = replaced(text, " queue 4 ", " queue 3 ");
    CHECK(ecn_drift("h3c", {"HundredGigE1/0/1"}, swapped_tc_profile(), wrong) == 1);
  }

  TEST_CASE("huawei-ce: PHB n is queue n, so the map is identity with a warning") {
    Rendered r = render("huawei-ce", {"100GE1/0/1"}, swapped_tc_profile());
    CHECK(has_warning(r, "applied as identity"));
    CHECK(has(r.lines, " qos queue 3 ecn"));
    CHECK_FALSE(has(r.lines, " qos queue 4 ecn"));
    std::string text = joined(r.lines);
    CHECK(ecn_drift("huawei-ce", {"100GE1/0/1"}, standard_profile(), text) == 0);
    std::string wrong = replaced(replaced(text, "qos queue 3 ecn", "qos queue 4 ecn"),
                                 "qos queue 3 wred", "qos queue 4 wred");
    CHECK(ecn_drift("huawei-ce", {"100GE1/0/1"}, standard_profile(), wrong) == 1);
  }

  TEST_CASE("nxos: qos-group n is queue n, so the map is identity with a warning") {
    Rendered r = render("nxos", {"Ethernet1/1"}, swapped_tc_profile());
    CHECK(has_warning(r, "applied as identity"));
    auto q3 = std::find(r.lines.begin(), r.lines.end(), "  class type queuing c-out-8q-q3");
    REQUIRE(q3 != r.lines.end());
    auto red = std::find_if(q3, r.lines.end(), [](const std::string& l) {
      return l.find("random-detect") != std::string::npos;
    });
    REQUIRE(red != r.lines.end());
    CHECK(red - q3 <= 2);  // inside queue 3's class
    std::vector<std::string> lines = r.lines;
    CHECK(ecn_drift("nxos", {"Ethernet1/1"}, standard_profile(), joined(lines)) == 0);
    // Move the ECN line into queue 4's class.
    std::string ecn = *red;
    lines.erase(lines.begin() + (red - r.lines.begin()));
    auto q4 = std::find(lines.begin(), lines.end(), "  class type queuing c-out-8q-q4");
    REQUIRE(q4 != lines.end());
    lines.insert(q4 + 1, ecn);
    CHECK(ecn_drift("nxos", {"Ethernet1/1"}, standard_profile(), joined(lines)) == 1);
  }

  TEST_CASE("sonic: a non-identity map is refused before anything is rendered") {
    auto a = make_adapter("sonic");
    Diagnostics warnings;
    auto c = render_all(*a, swapped_tc_profile(), {"Ethernet0"}, warnings);
    REQUIRE_FALSE(c);
    CHECK(c.error().message.find("ets.prio_tc must be 0,1,2,3,4,5,6,7") != std::string::npos);
  }
}

}  // namespace rocecfg::sw::testing
