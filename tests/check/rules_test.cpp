// The cross-device rules of `rocecfg check` (lib/check/rules.h), each on a
// small fabric where it holds and one where one device breaks it, with the
// exact row it must print.
#include "check/rules.h"

#include <doctest/doctest.h>

#include "check/options.h"
#include "check/report.h"
#include "core/exit_code.h"

namespace check = rocecfg::check;
namespace model = rocecfg::model;
using check::DeviceKind;
using check::DeviceReading;
using check::Finding;
using check::Verdict;
using rocecfg::PriorityMask;

namespace {

// A host NIC and a switch's ports as `lossless`: PFC on 3, DSCP trust,
// 26 -> 3 and 48 -> 6, priority 6 strict, MTU 9000 / 9216, watchdog 200 ms.
model::Settings lossless(bool is_switch) {
  model::Settings s;
  s.pfc_enabled = PriorityMask(0x08);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
  s.mtu_bytes = is_switch ? 9216 : 9000;
  if (is_switch) {
    model::Ets e;
    e.prio_tc = model::kIdentityPrioTc;
    e.tc_tsa.fill(model::Tsa::ets);
    e.tc_tsa[6] = model::Tsa::strict;
    e.tc_bandwidth_percent = {50, 0, 0, 50, 0, 0, 0, 0};
    s.ets = e;
    s.pfc_watchdog = model::PfcWatchdog{200, 200, model::WatchdogAction::drop};
  }
  return s;
}

DeviceReading sw_reading(const std::string& name, std::vector<std::string> ports,
                         const std::string& vendor = "cumulus") {
  DeviceReading d{name, DeviceKind::switch_, vendor, "test", std::nullopt, {}, {}};
  for (const std::string& p : ports) d.endpoints.push_back({p, lossless(true), {}});
  return d;
}

DeviceReading host_reading(const std::string& name) {
  return {name, DeviceKind::host, "", "test", std::nullopt, {{"ens1f0", lossless(false), {}}}, {}};
}

// leaf1 (swp1-2), leaf2 (swp1-2), h1, h2, h3: all as `lossless`.
std::vector<DeviceReading> fabric() {
  return {sw_reading("leaf1", {"swp1", "swp2"}), sw_reading("leaf2", {"swp1", "swp2"}),
          host_reading("h1"), host_reading("h2"), host_reading("h3")};
}

check::FabricFacts facts() {
  check::FabricFacts f;
  f.lossless_dscp = {26};
  f.cnp_dscp = 48;
  f.job_tolerance_ms = check::rc_retry_budget_ms(check::kNcclIbTimeout, check::kNcclIbRetryCnt);
  f.job_tolerance_from = "NCCL defaults";
  return f;
}

Finding row(std::string rule, Verdict v, std::string where, std::string detail) {
  return {std::move(rule), v, std::move(where), std::move(detail)};
}

}  // namespace

TEST_SUITE("check rules") {
  TEST_CASE("lossless_priority: one host with PFC on another priority is named against the rest") {
    auto f = fabric();
    CHECK(check::judge_lossless_priority(f, facts()) ==
          std::vector{row("lossless_priority", Verdict::agree, "fabric",
                          "PFC on priority 3 on all 5 devices observed")});
    f[3].endpoints[0].settings.pfc_enabled = PriorityMask(0x10);
    CHECK(check::judge_lossless_priority(f, facts()) ==
          std::vector{row("lossless_priority", Verdict::disagree, "h2 ens1f0",
                          "PFC on priority 4; leaf1, leaf2, h1 (+1 more): priority 3")});
  }

  TEST_CASE("lossless_priority: one switch port differs, its ports are grouped by value") {
    auto f = fabric();
    f[1].endpoints[1].settings.pfc_enabled = PriorityMask{};
    CHECK(check::judge_lossless_priority(f, facts()) ==
          std::vector{row("lossless_priority", Verdict::disagree, "leaf2 swp2",
                          "PFC on none; leaf1, leaf2, h1 (+2 more): priority 3")});
  }

  TEST_CASE("lossless_priority: a knob not read is unknown, never agreement") {
    auto f = fabric();
    f[2].endpoints[0].settings.pfc_enabled.reset();
    CHECK(check::judge_lossless_priority(f, facts()) ==
          std::vector{
              row("lossless_priority", Verdict::agree, "fabric",
                  "PFC on priority 3 on all 4 devices observed"),
              row("lossless_priority", Verdict::unknown, "h1 ens1f0", "PFC on not observed")});
    for (auto& d : f)
      for (auto& e : d.endpoints) e.settings.pfc_enabled.reset();
    CHECK(check::judge_lossless_priority(f, facts()) ==
          std::vector{row("lossless_priority", Verdict::unknown, "fabric",
                          "PFC on not observed on any device")});
  }

  TEST_CASE("trust: a switch trusting PCP") {
    auto f = fabric();
    CHECK(check::judge_trust(f, facts()).front().verdict == Verdict::agree);
    for (auto& e : f[0].endpoints) e.settings.trust = model::Trust::pcp;
    CHECK(check::judge_trust(f, facts()) ==
          std::vector{row("trust", Verdict::disagree, "leaf1 swp1-2",
                          "trust pcp; leaf2, h1, h2 (+1 more): dscp")});
  }

  TEST_CASE("dscp_map: the lossless DSCP on another priority, the CNP DSCP unmapped") {
    auto f = fabric();
    CHECK(check::judge_dscp_map(f, facts()) ==
          std::vector{row("dscp_map", Verdict::agree, "fabric",
                          "DSCP 26 -> priority 3 on all 5 devices observed"),
                      row("dscp_map", Verdict::agree, "fabric",
                          "DSCP 48 -> priority 6 on all 5 devices observed")});
    (*f[4].endpoints[0].settings.dscp_priority)[rocecfg::Dscp::unchecked(26)] =
        rocecfg::Priority::unchecked(4);
    for (auto& e : f[1].endpoints) e.settings.dscp_priority->erase(rocecfg::Dscp::unchecked(48));
    CHECK(check::judge_dscp_map(f, facts()) ==
          std::vector{row("dscp_map", Verdict::disagree, "h3 ens1f0",
                          "DSCP 26 -> priority 4; leaf1, leaf2, h1 (+1 more): priority 3"),
                      row("dscp_map", Verdict::disagree, "leaf2 swp1-2",
                          "DSCP 48 -> unmapped (the default class); leaf1, h1, h2 (+1 more): "
                          "priority 6")});
  }

  TEST_CASE("roce_mtu: a switch port below the largest RoCE packet a host sends") {
    auto f = fabric();
    CHECK(check::judge_roce_mtu(f, facts()) ==
          std::vector{row("roce_mtu", Verdict::agree, "fabric",
                          "h1 ens1f0 sends RoCE packets up to 4192 bytes (MTU 9000: path MTU 4096 "
                          "+ 96 header bytes); the smallest switch port, leaf1 swp1-2, carries "
                          "9216")});
    // 4191 is one byte short of 4096 + 96; h2 at MTU 4000 sends 2048 + 96 and fits.
    f[1].endpoints[0].settings.mtu_bytes = 4191;
    f[3].endpoints[0].settings.mtu_bytes = 4000;
    CHECK(check::judge_roce_mtu(f, facts()) ==
          std::vector{row("roce_mtu", Verdict::disagree, "leaf2 swp1",
                          "MTU 4191 carries IP packets up to 4191 bytes; h1 ens1f0 sends RoCE "
                          "packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes) "
                          "(+1 more NICs)")});
    f[1].endpoints[0].settings.mtu_bytes = 4192;
    CHECK(check::judge_roce_mtu(f, facts()).front().verdict == Verdict::agree);
  }

  TEST_CASE("roce_mtu: an H3C jumbo frame size counts the Ethernet framing") {
    auto f = fabric();
    f[0].vendor = "h3c";
    for (auto& e : f[0].endpoints) e.settings.mtu_bytes = 4200;  // 4178 bytes of IP packet
    CHECK(check::judge_roce_mtu(f, facts()) ==
          std::vector{row("roce_mtu", Verdict::disagree, "leaf1 swp1-2",
                          "MTU 4200 carries IP packets up to 4178 bytes (frame size less 22 bytes "
                          "of Ethernet framing); h1 ens1f0 sends RoCE packets up to 4192 bytes "
                          "(MTU 9000: path MTU 4096 + 96 header bytes) (+2 more NICs)")});
  }

  TEST_CASE("cnp_class: the CNP DSCP in a weighted queue, or unmapped") {
    auto f = fabric();
    CHECK(check::judge_cnp_class(f, facts()) ==
          std::vector{row("cnp_class", Verdict::agree, "fabric",
                          "CNP DSCP 48 reaches a strict queue on every switch port observed")});
    f[0].endpoints[0].settings.ets->tc_tsa[6] = model::Tsa::ets;
    f[0].endpoints[0].settings.ets->tc_bandwidth_percent[6] = 10;
    f[1].endpoints[1].settings.dscp_priority->erase(rocecfg::Dscp::unchecked(48));
    CHECK(check::judge_cnp_class(f, facts()) ==
          std::vector{row("cnp_class", Verdict::disagree, "leaf1 swp1",
                          "CNP DSCP 48 -> priority 6, queue 6: ets 10 %, not strict"),
                      row("cnp_class", Verdict::disagree, "leaf2 swp2",
                          "CNP DSCP 48 -> unmapped: CNPs share the default class with bulk "
                          "traffic")});
  }

  TEST_CASE("cnp_class: no scheduler read is unknown") {
    auto f = fabric();
    for (auto& e : f[1].endpoints) e.settings.ets.reset();
    CHECK(check::judge_cnp_class(f, facts()) ==
          std::vector{row("cnp_class", Verdict::agree, "fabric",
                          "CNP DSCP 48 reaches a strict queue on every switch port observed"),
                      row("cnp_class", Verdict::unknown, "leaf2 swp1-2",
                          "CNP DSCP 48: DSCP map or scheduler not observed")});
  }

  TEST_CASE("watchdog_hops: one switch detects later") {
    auto f = fabric();
    CHECK(check::judge_watchdog_hops(f, facts()) ==
          std::vector{row("watchdog_hops", Verdict::agree, "fabric",
                          "PFC watchdog detection 200 ms on all 2 devices observed")});
    f.push_back(sw_reading("leaf3", {"Ethernet0"}, "sonic"));
    f.back().endpoints[0].settings.pfc_watchdog->detection_ms = 400;
    CHECK(check::judge_watchdog_hops(f, facts()) ==
          std::vector{row("watchdog_hops", Verdict::disagree, "leaf3 Ethernet0",
                          "PFC watchdog detection 400 ms; leaf1, leaf2: 200 ms")});
  }

  TEST_CASE("watchdog_tolerance: detection at or beyond the job's tolerance") {
    auto f = fabric();
    CHECK(check::judge_watchdog_tolerance(f, facts()) ==
          std::vector{row("watchdog_tolerance", Verdict::agree, "fabric",
                          "longest PFC watchdog detection 200 ms (leaf1 swp1-2) < job tolerance "
                          "34359 ms (NCCL defaults)")});
    check::FabricFacts tight = facts();
    tight.job_tolerance_ms = 200;
    tight.job_tolerance_from = "profile [check] job_tolerance_ms";
    for (auto& e : f[0].endpoints) e.settings.pfc_watchdog->detection_ms = 100;
    CHECK(check::judge_watchdog_tolerance(f, tight) ==
          std::vector{row("watchdog_tolerance", Verdict::disagree, "leaf2 swp1-2",
                          "PFC watchdog detects a storm after 200 ms, not before the job's "
                          "tolerance of 200 ms (profile [check] job_tolerance_ms)")});
  }

  TEST_CASE("the job tolerance NCCL's defaults give: 4.096 us x 2^20 x 8 tries") {
    CHECK(check::rc_retry_budget_ms(20, 7) == 34359);
    CHECK(check::rc_retry_budget_ms(14, 7) == 536);  // NCCL_IB_TIMEOUT=14
  }

  TEST_CASE("a waived rule's disagreements are shown as waived and do not fail the run") {
    auto f = fabric();
    for (auto& e : f[0].endpoints) e.settings.trust = model::Trust::pcp;
    auto findings = check::judge_fabric(f, facts(), {"trust"});
    size_t waived = 0, disagree = 0;
    for (const Finding& x : findings) {
      waived += x.verdict == Verdict::waived;
      disagree += x.verdict == Verdict::disagree;
    }
    CHECK(waived == 1);
    CHECK(disagree == 0);
    CHECK(check::check_exit_code(f, findings) == rocecfg::kOk);
    CHECK(check::check_exit_code(f, check::judge_fabric(f, facts(), {})) == rocecfg::kDrift);
  }

  TEST_CASE("exit codes: an unread device is 3 even where the rest agree; unknown alone is 4") {
    auto f = fabric();
    CHECK(check::check_exit_code(f, check::judge_fabric(f, facts(), {})) == rocecfg::kOk);
    f[1].error = "unreachable: cannot connect";
    CHECK(check::check_exit_code(f, check::judge_fabric(f, facts(), {})) == rocecfg::kRuntime);
    f[1].error.reset();
    f[2].endpoints[0].settings.trust.reset();
    CHECK(check::check_exit_code(f, check::judge_fabric(f, facts(), {})) == rocecfg::kNotEvaluated);
  }
}

TEST_SUITE("check rules") {
  TEST_CASE("watchdog: off by the vendor's default is a value, not unknown") {
    auto f = fabric();
    for (auto& e : f[1].endpoints) {
      e.settings.pfc_watchdog.reset();
      e.off.insert(model::Knob::pfc_watchdog);
    }
    CHECK(check::judge_watchdog_hops(f, facts()) ==
          std::vector{row("watchdog_hops", Verdict::disagree, "leaf2 swp1-2",
                          "PFC watchdog detection off; leaf1: 200 ms")});
    CHECK(check::judge_watchdog_tolerance(f, facts()) ==
          std::vector{row("watchdog_tolerance", Verdict::disagree, "leaf2 swp1-2",
                          "PFC watchdog off: a storm is never broken, the job's tolerance is "
                          "34359 ms (NCCL defaults)")});
  }
}

TEST_SUITE("check report") {
  TEST_CASE("the verdict table: unknown rows alike are one line; why under a disagreement") {
    auto f = fabric();
    for (auto& d : f)
      if (d.kind == DeviceKind::host) d.endpoints[0].settings.trust.reset();
    for (auto& e : f[1].endpoints) e.settings.pfc_enabled = PriorityMask(0x10);
    f.push_back({"leaf9",
                 DeviceKind::switch_,
                 "sonic",
                 "ssh 127.0.0.1:22",
                 "unreachable: timeout",
                 {},
                 {}});
    auto findings = check::judge_fabric(f, facts(), {});
    CHECK(check::render_text(f, findings, {}) ==
          "check: 3 switches, 3 hosts; 5 read\n"
          "RULE                VERDICT   WHERE                            FINDING\n"
          "lossless_priority   DISAGREE  leaf2 swp1-2                     PFC on priority 4; "
          "leaf1, h1, h2 (+1 more): priority 3\n"
          "  why: a hop without PFC on the lossless priority drops under congestion instead of "
          "pausing: the class is lossy there\n"
          "trust               agree     fabric                           trust dscp on all 2 "
          "devices observed\n"
          "trust               unknown   h1 ens1f0, h2 ens1f0, h3 ens1f0  trust not observed\n"
          "dscp_map            agree     fabric                           DSCP 26 -> priority "
          "3 on all 5 devices observed\n"
          "dscp_map            agree     fabric                           DSCP 48 -> priority "
          "6 on all 5 devices observed\n"
          "roce_mtu            agree     fabric                           h1 ens1f0 sends RoCE "
          "packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes); the smallest "
          "switch port, leaf1 swp1-2, carries 9216\n"
          "cnp_class           agree     fabric                           CNP DSCP 48 reaches "
          "a strict queue on every switch port observed\n"
          "watchdog_hops       agree     fabric                           PFC watchdog "
          "detection 200 ms on all 2 devices observed\n"
          "watchdog_tolerance  agree     fabric                           longest PFC "
          "watchdog detection 200 ms (leaf1 swp1-2) < job tolerance 34359 ms (NCCL defaults)\n"
          "not read:\n"
          "  leaf9 (switch, ssh 127.0.0.1:22): unreachable: timeout\n"
          "verdict: 1 disagreement, 3 unknown, 0 waived, 1 device not read\n");
    CHECK(check::check_exit_code(f, findings) == rocecfg::kRuntime);
  }
}
