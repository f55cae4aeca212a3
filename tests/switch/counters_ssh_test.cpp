// Switch counters end to end: the real transport and collector against real
// sshds whose forced command emulates each vendor, with counters scripted per
// read (tests/switch/emu/counters_emu.py). Per vendor: a pause storm, a drop
// on the lossless queue, a watchdog trip and a clean window, all 24 switches
// read in one parallel window; the report is pinned in
// golden/counters_ssh.txt. The clock seam steps exactly 1000 ms between the
// two reads so rates are exact; the wait itself is real.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>

#include "switch/counter_collect.h"
#include "switch/counter_report.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

struct Vendor {
  std::string name;
  std::string port;
};

const std::vector<Vendor> kVendors = {{"cumulus", "swp1"},         {"sonic", "Ethernet0"},
                                      {"eos", "Ethernet1/1"},      {"nxos", "Ethernet1/1"},
                                      {"huawei-ce", "100GE1/0/1"}, {"h3c", "HundredGigE1/0/1"}};
const std::vector<std::string> kScenarios = {"storm", "lossless-drop", "watchdog", "clean"};

std::string array(std::initializer_list<int> at3) {
  // [0, 0, 0, v, 0, 0, 0, 0]
  std::string out = "[0, 0, 0";
  for (int v : at3) out += ", " + std::to_string(v);
  return out + ", 0, 0, 0, 0]";
}

// Two reads of one port: what each scenario changes between them.
std::string script(const std::string& scenario, const std::string& port) {
  std::string r0, r1;
  if (scenario == "storm") {
    r0 = "\"pfc_rx\": " + array({100});
    r1 = "\"pfc_rx\": " + array({50100});
  } else if (scenario == "lossless-drop") {
    r0 = "\"drops\": " + array({0});
    r1 = "\"drops\": " + array({12});
  } else if (scenario == "watchdog") {
    r0 = "\"wd_storms\": " + array({0}) + ", \"wd_drops\": " + array({0});
    r1 = "\"wd_storms\": " + array({1}) + ", \"wd_drops\": " + array({40});
  } else {
    r0 = "\"pfc_rx\": " + array({10}) + ", \"ecn\": " + array({100});
    r1 = "\"pfc_rx\": " + array({15}) + ", \"ecn\": " + array({180});
  }
  return "{\"reads\": [{\"" + port + "\": {" + r0 + "}}, {\"" + port + "\": {" + r1 + "}}]}\n";
}

}  // namespace

TEST_SUITE("switch counters over ssh") {
  TEST_CASE("storm, lossless drop, watchdog trip and clean on every vendor, one parallel window") {
    std::vector<std::string> specs;
    for (const Vendor& v : kVendors)
      specs.push_back(v.name + ":" + std::to_string(kScenarios.size()));
    SshdFixture fx(specs);
    std::vector<FleetSwitch> fleet;
    for (size_t i = 0; i < fx.switches().size(); ++i) {
      const Vendor& v = kVendors[i / kScenarios.size()];
      const std::string& scenario = kScenarios[i % kScenarios.size()];
      REQUIRE(fx.switches()[i].vendor == v.name);
      std::ofstream(fx.switches()[i].dir + "/counters.json") << script(scenario, v.port);
      FleetSwitch f;
      f.ssh = fx.target(i);
      f.ssh.name = v.name + "-" + scenario;
      f.vendor = v.name;
      f.interfaces = {v.port};
      fleet.push_back(f);
    }
    CounterCollectOptions o;
    o.window_ms = 1000;
    o.parallel = 24;
    o.clock_ms = [](int round) { return round == 2 ? 1000.0 : 0.0; };
    std::vector<CounterRead> reads = collect_counters(fleet, o);
    CounterRules rules;
    rules.lossless = PriorityMask(1u << 3);
    rules.dcqcn = true;
    std::vector<CounterJudgement> judgements;
    for (const CounterRead& r : reads) judgements.push_back(judge_read(r, rules));
    std::string report = format_counter_report(reads, judgements, 0);
    CHECK(golden_diff("counters_ssh.txt", report) == "");
    // The verdict each scenario must produce: FAIL where the vendor exposes the
    // counter, INCOMPLETE (never PASS) where it does not -- H3C documents
    // neither queue-drop nor watchdog (deadlock) count outputs.
    const std::map<std::string, std::set<std::string>> unread = {
        {"h3c", {"lossless-drop", "watchdog", "clean"}}};
    for (size_t i = 0; i < reads.size(); ++i) {
      INFO(reads[i].name << ": " << reads[i].error);
      REQUIRE(reads[i].ok);
      const std::string& vendor = kVendors[i / kScenarios.size()].name;
      const std::string& scenario = kScenarios[i % kScenarios.size()];
      auto it = unread.find(vendor);
      CounterVerdict want = it != unread.end() && it->second.count(scenario)
                                ? CounterVerdict::incomplete
                            : scenario == "clean" ? CounterVerdict::pass
                                                  : CounterVerdict::fail;
      CHECK(to_string(judgements[i].verdict) == std::string(to_string(want)));
    }
    // Each switch was asked exactly its reader's commands, twice.
    std::vector<std::string> cumulus_log = fx.log(0);
    CHECK(std::count(cumulus_log.begin(), cumulus_log.end(),
                     "nv show interface swp1 counters qos pfc-stats") == 2);
  }

  TEST_CASE("counters around a piece of work: what happened while it ran is in the window") {
    // The probe's use: read, run the load phase, read. Here the "work" is a
    // pause storm and a lossless drop starting on the emulated switches.
    SshdFixture fx({"huawei-ce", "sonic"});
    std::vector<FleetSwitch> fleet;
    const std::vector<std::string> ports = {"100GE1/0/1", "Ethernet0"};
    for (size_t i = 0; i < 2; ++i) {
      std::ofstream(fx.switches()[i].dir + "/counters.json")
          << "{\"reads\": [{\"" << ports[i] << "\": {}}]}\n";
      FleetSwitch f{fx.target(i), fx.switches()[i].vendor, {ports[i]}};
      fleet.push_back(f);
    }
    CounterRules rules;
    rules.lossless = PriorityMask(1u << 3);
    bool ran = false;
    CounterEvidence e = counters_around(fleet, rules, [&] {
      ran = true;
      std::ofstream(fx.switches()[0].dir + "/counters.json")
          << "{\"reads\": [{\"100GE1/0/1\": {\"drops\": " << array({9}) << ", \"fcs\": 2}}]}\n";
      // The second read is what a storm looks like however long the work took.
      std::ofstream(fx.switches()[1].dir + "/counters.json")
          << "{\"reads\": [{\"Ethernet0\": {}}, {\"Ethernet0\": {\"pfc_tx\": " << array({1000000})
          << "}}]}\n";
    });
    CHECK(ran);
    REQUIRE(e.reads.size() == 2);
    CHECK(e.verdict == CounterVerdict::fail);
    // Huawei: the drop fails; two bad-FCS frames (display interface counters
    // errors) warn after it.
    REQUIRE(e.judgements[0].findings.size() == 2);
    CHECK(e.judgements[0].findings[0].text ==
          fx.switches()[0].name + " 100GE1/0/1 queue 3: 9 packets dropped on a lossless class");
    CHECK(e.judgements[0].findings[1].text ==
          fx.switches()[0].name +
              " 100GE1/0/1: 2 frames received with a bad FCS (a cable or optic losing what PFC "
              "cannot protect)");
    REQUIRE(e.judgements[1].findings.size() == 1);
    CHECK(e.judgements[1].findings[0].text.starts_with(fx.switches()[1].name +
                                                       " Ethernet0 priority 3: PFC storm, "));
    CHECK(e.judgements[1].findings[0].problem == CounterProblem::pause_storm);
  }

  TEST_CASE("an unreachable switch fails alone, with its reason") {
    SshdFixture fx({"sonic"});
    std::ofstream(fx.switches()[0].dir + "/counters.json") << script("storm", "Ethernet0");
    FleetSwitch good{fx.target(0), "sonic", {"Ethernet0"}};
    FleetSwitch bad = good;
    bad.ssh.name = "gone";
    bad.ssh.port = 1;  // nothing listens on 127.0.0.1:1
    CounterCollectOptions o;
    o.window_ms = 100;
    o.clock_ms = [](int round) { return round == 2 ? 100.0 : 0.0; };
    auto reads = collect_counters({bad, good}, o);
    REQUIRE(reads.size() == 2);
    CHECK_FALSE(reads[0].ok);
    CHECK(reads[0].unreachable);
    CHECK(reads[1].ok);
    CounterRules rules;
    rules.lossless = PriorityMask(1u << 3);
    std::vector<CounterJudgement> j = {judge_read(reads[0], rules), judge_read(reads[1], rules)};
    CHECK(j[1].verdict == CounterVerdict::fail);
    CHECK(overall_verdict(reads, j) == CounterVerdict::fail);
  }
}

}  // namespace rocecfg::sw::testing
