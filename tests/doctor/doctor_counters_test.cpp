// Doctor's switch-counter findings: each judged counter problem becomes a
// finding with what was seen, why it matters and the fix; a switch that could
// not be read, or whose vendor hides a judged class, is said, never "ok".
#include <doctest/doctest.h>

#include "doctor/doctor.h"
#include "doctor/doctor_counters.h"

namespace rocecfg::doctor {

namespace {

sw::CounterDelta delta(const std::string& port, sw::CounterScope scope, int index,
                       sw::CounterKind kind, uint64_t value, sw::CounterUnit unit) {
  sw::CounterDelta d;
  d.key = {port, scope, index, kind};
  d.after.unit = unit;
  d.delta = value;
  d.per_second = static_cast<double>(value);  // a 1000 ms window
  return d;
}

sw::CounterRead read(const std::string& name, std::vector<sw::CounterDelta> deltas,
                     std::set<sw::CounterKind> kinds) {
  sw::CounterRead r;
  r.name = name;
  r.vendor = "sonic";
  r.ok = true;
  r.window.switch_name = name;
  r.window.vendor = "sonic";
  r.window.window_ms = 1000;
  r.window.deltas = std::move(deltas);
  r.window.kinds_read = std::move(kinds);
  return r;
}

const std::set<sw::CounterKind> kAll = {
    sw::CounterKind::pause_rx_frames, sw::CounterKind::pause_tx_frames,
    sw::CounterKind::queue_drops,     sw::CounterKind::watchdog_storms,
    sw::CounterKind::watchdog_drops,  sw::CounterKind::ecn_marked};

}  // namespace

TEST_SUITE("doctor switch counters") {
  TEST_CASE("storm, lossless drop, watchdog, lossy pause and no ECN marks: exact findings") {
    using K = sw::CounterKind;
    using S = sw::CounterScope;
    using U = sw::CounterUnit;
    sw::CounterRules rules;
    rules.lossless = PriorityMask(1u << 3);
    rules.dcqcn = true;
    rules.loaded = true;  // the ECN expectation needs saturating traffic
    std::vector<sw::CounterRead> reads = {
        read("leaf1",
             {delta("Ethernet0", S::priority, 3, K::pause_rx_frames, 50000, U::frames),
              delta("Ethernet4", S::queue, 3, K::queue_drops, 12, U::packets),
              delta("Ethernet8", S::queue, 3, K::watchdog_storms, 1, U::events),
              delta("Ethernet12", S::priority, 1, K::pause_tx_frames, 40, U::frames),
              delta("Ethernet0", S::queue, 3, K::ecn_marked, 0, U::packets)},
             kAll),
        read("leaf2", {delta("Ethernet0", S::priority, 3, K::pause_rx_frames, 0, U::frames)},
             {K::pause_rx_frames, K::pause_tx_frames}),
    };
    sw::CounterRead gone;
    gone.name = "leaf3";
    gone.vendor = "nxos";
    gone.error = "connect: Connection refused";
    reads.push_back(gone);
    std::vector<Finding> f = check_switch_counters(reads, rules, "rocecfg counters P --inventory I",
                                                   "rocecfg apply P --inventory I");
    CHECK(
        render_doctor_text(f, true) ==
        "PROBLEM  switch pfc  leaf1 Ethernet0 priority 3: PFC storm, 50000 pause frames/s received "
        "(bound 1000/s)\n"
        "                     why: a receiver that cannot drain refreshes XOFF thousands of times "
        "a second; the pause spreads upstream and stalls every flow of the priority (a PFC storm)\n"
        "                     fix: check the port's peer (ethtool -S pause counters); turn the PFC "
        "watchdog on ([pfc_watchdog] in the profile) with rocecfg apply P --inventory I\n"
        "PROBLEM  switch drop leaf1 Ethernet4 queue 3: 12 packets dropped on a lossless class\n"
        "                     why: PFC exists so this class never drops: a drop means PFC is off "
        "on one side, the headroom is too small for the cable and MTU, or a sender ignores pause\n"
        "                     fix: rocecfg apply P --inventory I (PFC and buffers), then [buffers] "
        "headroom or cable length in the profile\n"
        "PROBLEM  switch wd   leaf1 Ethernet8 queue 3: PFC watchdog detected 1 storm(s)\n"
        "                     why: the PFC watchdog found a queue stuck in XOFF and broke it open "
        "by dropping: a pause storm happened on that port\n"
        "                     fix: find the port's peer (a NIC that stopped draining or a host "
        "paused by its own PCIe) and watch it with rocecfg counters P --inventory I\n"
        "warning  switch ecn  leaf1: no ECN marks on the ports read while the traffic saturated a "
        "DCQCN profile (DCQCN never reacts; PFC does all the work)\n"
        "                     why: under DCQCN the switch must mark CE before PFC pauses; without "
        "marks the senders never slow down and PFC does all the work\n"
        "                     fix: check [ecn] thresholds on the switch: rocecfg apply P "
        "--inventory I --dry-run\n"
        "warning  switch pfc  leaf1 Ethernet12 priority 1: 40 pause frames sent on a priority the "
        "profile leaves lossy (host and switch disagree on PFC)\n"
        "                     why: pause on a priority the profile leaves lossy: host and switch "
        "disagree on PFC (a NIC pausing other priorities, or PFC taken from DCBX)\n"
        "                     fix: rocecfg audit on the host and rocecfg apply P --inventory I "
        "--dry-run\n"
        "info     sw counters leaf2 (sonic): queue drops, watchdog, ECN marks not read, so not "
        "judged\n"
        "info     sw counters leaf3: counters not read (connect: Connection refused)\n"
        "3 problems found (0 checks ok)\n");
  }

  TEST_CASE("a clean switch is one ok line; the doctor's exit code follows the problems") {
    sw::CounterRules rules;
    rules.lossless = PriorityMask(1u << 3);
    std::vector<Finding> f = check_switch_counters(
        {read("leaf1",
              {delta("Ethernet0", sw::CounterScope::priority, 3, sw::CounterKind::pause_rx_frames,
                     20, sw::CounterUnit::frames)},
              kAll)},
        rules, "w", "a");
    REQUIRE(f.size() == 1);
    CHECK(f[0].severity == Severity::ok);
    CHECK(f[0].seen == "leaf1: 1 counters over 1000 ms, nothing wrong");
    CHECK(doctor_exit_code(f) == 0);
  }
}

}  // namespace rocecfg::doctor
