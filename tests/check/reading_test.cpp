// What `rocecfg check` reads: a host's `show host --qos --json` (its knob
// values are plan::knob_json's shape, so a round trip pins the two), a
// switch's ports with the switch-wide values they inherit, and the
// profile's [check] table with located errors.
#include "check/reading.h"

#include <cstdio>
#include <fstream>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "check/options.h"
#include "check/read_fabric.h"
#include "model/knob.h"
#include "plan/render.h"

namespace check = rocecfg::check;
namespace model = rocecfg::model;
using rocecfg::PriorityMask;

namespace {

model::Settings host_state() {
  model::Settings s;
  s.mtu_bytes = 9000;
  s.pfc_enabled = PriorityMask(0x18);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
  s.cnp = model::Cnp{rocecfg::Dscp::unchecked(48), rocecfg::Priority::unchecked(6)};
  s.ecn_priorities = PriorityMask(0x08);
  model::Ets e;
  e.prio_tc = model::prio_tc_array({0, 0, 0, 1, 0, 0, 2, 0});
  e.tc_tsa = {model::Tsa::ets, model::Tsa::ets, model::Tsa::strict, model::Tsa::ets,
              model::Tsa::ets, model::Tsa::ets, model::Tsa::ets,    model::Tsa::ets};
  e.tc_bandwidth_percent = {50, 50, 0, 0, 0, 0, 0, 0};
  s.ets = e;
  return s;
}

std::string qos_json_of(const model::Settings& s, const std::string& ifname) {
  nlohmann::json knobs = nlohmann::json::object();
  for (model::Knob k :
       {model::Knob::mtu, model::Knob::pfc, model::Knob::trust, model::Knob::dscp_map,
        model::Knob::cnp, model::Knob::ecn_priorities, model::Knob::ets})
    knobs[std::string(model::knob_name(k))] = {
        {"source", "test"}, {"reading", "ok"}, {"value", rocecfg::plan::knob_json(s, k)}};
  knobs["roce_mode"] = {{"source", "rdma_cm configfs"}, {"reading", "unsupported"}, {"note", "x"}};
  return nlohmann::json{
      {"payload",
       {{"interfaces",
         {{{"interface", ifname}, {"found", true}, {"knobs", knobs}},
          {{"interface", "lo"}, {"found", false}, {"error", "not an Ethernet interface"}}}}}}}
      .dump();
}

std::string temp_file(const std::string& text) {
  char path[] = "/tmp/rocecfg-check-XXXXXX.toml";
  int fd = mkstemps(path, 5);
  REQUIRE(fd >= 0);
  std::ofstream(path) << text;
  ::close(fd);
  return path;
}

}  // namespace

TEST_SUITE("check reading") {
  TEST_CASE("a host's show host --qos --json reads back every knob the rules use") {
    check::DeviceReading d;
    REQUIRE(check::read_host_qos_json(qos_json_of(host_state(), "ens1f0"), d));
    REQUIRE(d.endpoints.size() == 1);
    CHECK(d.endpoints[0].port == "ens1f0");
    CHECK(d.endpoints[0].settings == host_state());
    CHECK(d.unread == std::vector<std::string>{"lo: not an Ethernet interface"});
  }

  TEST_CASE("a text that is not show host --qos --json is refused, saying so") {
    check::DeviceReading d;
    auto r = check::read_host_qos_json("interface eth0\n", d);
    REQUIRE(!r);
    CHECK(r.error().to_string() == "not JSON (want `rocecfg show host --qos --json`)");
    r = check::read_host_qos_json(R"({"host": {}})", d);
    REQUIRE(!r);
    CHECK(r.error().to_string() ==
          "no \"interfaces\" list (want `rocecfg show host --qos --json`)");
    r = check::read_host_qos_json(
        R"({"interfaces": [{"interface": "eth0", "found": true, "knobs": {"pfc": {"reading": "ok", "value": [9]}}}]})",
        d);
    REQUIRE(!r);
    CHECK(r.error().to_string() == "eth0: unreadable entry: priority 9 out of range 0..7");
  }

  TEST_CASE("a switch port runs the switch-wide value of a knob it does not set itself") {
    rocecfg::sw::SwitchState st;
    st.global.dscp_priority = model::dscp_priority_map({{26, 3}});
    st.global.mtu_bytes = 9216;
    st.ports["swp1"].mtu_bytes = 4000;
    st.ports["swp2"].pfc_enabled = PriorityMask(0x08);
    auto eps = check::switch_endpoints(st, {"swp1", "swp2"});
    REQUIRE(eps);
    REQUIRE(eps->size() == 2);
    CHECK((*eps)[0].settings.mtu_bytes == 4000u);
    CHECK((*eps)[0].settings.dscp_priority == st.global.dscp_priority);
    CHECK((*eps)[1].settings.mtu_bytes == 9216u);
    CHECK((*eps)[1].settings.pfc_enabled == PriorityMask(0x08));
    auto missing = check::switch_endpoints(st, {"swp1", "swp9", "swp10"});
    REQUIRE(!missing);
    CHECK(missing.error().to_string() == "ports swp9, swp10 not in the config");
  }

  TEST_CASE("the remote line runs show host --qos --json, quoted") {
    CHECK(check::remote_show_line("/opt/rocecfg bin", {"ens1f0"}) ==
          "sh -c 'e=$(mktemp) || exit 3; \"$@\" 2>\"$e\"; r=$?; if [ $r -ne 0 ] && [ $r -ne 3 ]; "
          "then cat \"$e\" >&2; rm -f \"$e\"; exit $r; fi; rm -f \"$e\"' sh '/opt/rocecfg bin' "
          "show host --qos --json -i 'ens1f0'");
  }

  TEST_CASE("[check]: waivers and the job's tolerance; an unknown rule is located") {
    std::string path =
        temp_file("[check]\nwaive = [\"cnp_class\", \"trsut\"]\njob_tolerance_ms = 500\n");
    rocecfg::Diagnostics diags;
    check::CheckOptions o = check::read_check_options(path, diags);
    CHECK(o.waive == std::set<std::string>{"cnp_class"});
    CHECK(o.job_tolerance_ms == 500);
    CHECK(o.job_tolerance_from == "profile [check] job_tolerance_ms");
    CHECK(diags.render() ==
          path +
              ":2:23: error: check.waive: unknown rule \"trsut\" (did you mean \"trust\"?) "
              "(allowed: lossless_priority, trust, dscp_map, roce_mtu, cnp_class, watchdog_hops, "
              "watchdog_tolerance)\n"
              "    waive = [\"cnp_class\", \"trsut\"]\n"
              "                          ^\n");
    std::remove(path.c_str());
    path = temp_file("[fabric]\nname = \"x\"\n");
    rocecfg::Diagnostics none;
    o = check::read_check_options(path, none);
    CHECK(none.all().empty());
    CHECK(o.job_tolerance_ms == 34359);
    CHECK(o.job_tolerance_from == "NCCL defaults: 4.096 us x 2^20 x 8 tries");
    std::remove(path.c_str());
  }
}

TEST_SUITE("check reading") {
  TEST_CASE("hostile host outputs are refused with a reason, never thrown") {
    for (
        const char* text : {
            R"({"interfaces": [3]})",
            R"({"interfaces": [{"interface": 7, "found": true, "knobs": {}}]})",
            R"({"interfaces": [{"interface": "e", "found": "yes"}]})",
            R"({"interfaces": [{"interface": "e", "found": true}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": []}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": {"mtu": {"reading": "ok", "value": -1}}}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": {"dscp_map": {"reading": "ok", "value": {"x": 1}}}}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": {"dscp_map": {"reading": "ok", "value": {"99": 1}}}}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": {"ets": {"reading": "ok", "value": {"prio_tc": [1]}}}}]})",
            R"({"interfaces": [{"interface": "e", "found": true, "knobs": {"cnp": {"reading": "ok", "value": 5}}}]})",
            R"({"payload": 5})",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
            "",
        }) {
      CAPTURE(text);
      check::DeviceReading d;
      rocecfg::Status r = check::read_host_qos_json(text, d);
      CHECK_FALSE(r.has_value());
    }
  }
}
