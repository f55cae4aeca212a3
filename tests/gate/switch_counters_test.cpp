// The gate's "switches" check (switch counters): FAIL names switch, port and priority;
// a clean but incomplete read is a warning, never a pass; no reachable switch
// skips the check (the fabric's reachability is not this node's health).
#include <doctest/doctest.h>

#include "gate/switch_counters.h"
#include "profile/load.h"

namespace rocecfg::gate {

namespace {

sw::CounterRead read(const std::string& name, uint64_t drops, std::set<sw::CounterKind> kinds) {
  sw::CounterRead r;
  r.name = name;
  r.vendor = "huawei-ce";
  r.ok = true;
  r.window.switch_name = name;
  r.window.window_ms = 1000;
  sw::CounterDelta d;
  d.key = {"100GE1/0/1", sw::CounterScope::queue, 3, sw::CounterKind::queue_drops};
  d.after.unit = sw::CounterUnit::packets;
  d.delta = drops;
  r.window.deltas.push_back(d);
  r.window.kinds_read = std::move(kinds);
  return r;
}

sw::CounterRead unreachable(const std::string& name) {
  sw::CounterRead r;
  r.name = name;
  r.unreachable = true;
  r.error = "connect: Connection refused";
  return r;
}

sw::CounterRules rules() {
  sw::CounterRules r;
  r.lossless = PriorityMask(1u << 3);
  return r;
}

const std::set<sw::CounterKind> kAll = {sw::CounterKind::pause_rx_frames,
                                        sw::CounterKind::queue_drops,
                                        sw::CounterKind::watchdog_storms};

}  // namespace

TEST_SUITE("gate switch counters") {
  TEST_CASE("a lossless drop fails and names switch, port and queue") {
    CheckResult r = check_switch_counters({read("leaf1", 12, kAll), unreachable("leaf2")}, rules());
    CHECK(r.name == "switches");
    CHECK(r.status == CheckStatus::fail);
    CHECK(r.message == "1 failure(s), 0 warning(s); 1 of 2 switch(es) read");
    CHECK(r.details == std::vector<std::string>{
                           "FAIL leaf1 100GE1/0/1 queue 3: 12 packets dropped on a lossless class",
                           "leaf2: not read: connect: Connection refused"});
  }

  TEST_CASE("clean but a judged class not read: a warning, not a pass") {
    CheckResult r = check_switch_counters(
        {read("leaf1", 0, {sw::CounterKind::pause_rx_frames, sw::CounterKind::queue_drops})},
        rules());
    CHECK(r.status == CheckStatus::warn);
    CHECK(r.message ==
          "nothing wrong in what was read, but 1 switch(es) incomplete; 1 of 1 switch(es) read");
    CHECK(r.details == std::vector<std::string>{"leaf1 (not read: watchdog)"});
    CheckResult clean = check_switch_counters({read("leaf1", 0, kAll)}, rules());
    CHECK(clean.status == CheckStatus::pass);
    CHECK(clean.message == "no storm, lossless drop or watchdog trip; 1 of 1 switch(es) read");
  }

  TEST_CASE("no switch reachable: skipped with the reason, not failed") {
    CheckResult r = check_switch_counters({unreachable("leaf1")}, rules());
    CHECK(r.status == CheckStatus::skipped);
    CHECK(r.message == "no switch could be read (1)");
    CHECK(r.details == std::vector<std::string>{"leaf1: not read: connect: Connection refused"});
  }
  TEST_CASE("no ECN mark under load warns on DCQCN only (model::congestion_rule)") {
    const std::string base =
        "[fabric]\nname = \"cc\"\n[lossless]\npriorities = [3]\ndscp = [26]\n"
        "trust = \"dscp\"\n[ecn]\nmin_threshold = \"150KB\"\nmax_threshold = \"1500KB\"\n"
        "mark_probability_percent = 10\n";
    auto rules_for = [&](const std::string& tail) {
      auto l = profile::load_profile_text(base + tail, "cc.toml");
      REQUIRE(l.value);
      return switch_counter_rules(*l.value, /*loaded=*/true);
    };
    sw::CounterRead quiet = read("leaf1", 0, kAll);
    quiet.window.kinds_read.insert(sw::CounterKind::ecn_marked);
    sw::CounterDelta marks = quiet.window.deltas[0];
    marks.key.kind = sw::CounterKind::ecn_marked;
    marks.delta = 0;
    quiet.window.deltas.push_back(marks);

    const sw::CounterRules dcqcn = rules_for("[dcqcn]\nenabled = true\n");
    CHECK(dcqcn.dcqcn);
    std::string details;
    for (const std::string& d : check_switch_counters({quiet}, dcqcn).details) details += d + "\n";
    CHECK(details ==
          "WARN leaf1: no ECN marks on the ports read while the traffic saturated a DCQCN "
          "profile (DCQCN never reacts; PFC does all the work)\n");
    // [dcqcn] enabled = false (inferred pfc-only) and the two stated
    // algorithms without DCQCN: no such warning.
    for (const char* tail :
         {"[dcqcn]\nenabled = false\n", "[congestion]\nalgorithm = \"pfc-only\"\n",
          "[congestion]\nalgorithm = \"programmable\"\n"}) {
      CAPTURE(tail);
      const sw::CounterRules r = rules_for(tail);
      CHECK_FALSE(r.dcqcn);
      CHECK(check_switch_counters({quiet}, r).details.empty());
    }
  }
}

}  // namespace rocecfg::gate
