// The gate against temporary sysfs trees shaped like a Soft-RoCE host
// (rxe0 on veth0): the real discovery, counter and flap code reads them.
#include "gate/gate.h"

#include <doctest/doctest.h>

#include <map>

#include <fmt/format.h>
#include <thread>

#include "fs_tree.h"
#include "gate/gate_metrics.h"
#include "plan/plan.h"

using namespace rocecfg;
using namespace rocecfg::gate;

namespace {

// One RoCE port: rxe0 port 1 on veth0, ACTIVE, MTU 9000, a few counters.
void rxe_host(const test::FsTree& t, const std::string& state = "4: ACTIVE",
              const std::string& mtu = "9000") {
  const std::string port = "sys/class/infiniband/rxe0/ports/1/";
  t.line(port + "state", state);
  t.line(port + "link_layer", "Ethernet");
  t.line(port + "rate", "10 Gb/sec (1X QDR)");
  t.line(port + "gids/1", "0000:0000:0000:0000:0000:ffff:0a00:0001");
  t.line(port + "gid_attrs/types/1", "RoCE v2");
  t.line(port + "gid_attrs/ndevs/1", "veth0");
  t.line(port + "hw_counters/rcvd_seq_err", "0");
  t.line(port + "hw_counters/sent_pkts", "100");
  t.line(port + "hw_counters/completer_retry_err", "5");
  t.line("sys/class/infiniband/rxe0/parent", "veth0");
  const std::string net = "sys/class/net/veth0/";
  t.line(net + "mtu", mtu);
  t.line(net + "operstate", "up");
  t.line(net + "carrier_down_count", "1");
  t.line(net + "statistics/rx_dropped", "0");
  t.line(net + "statistics/rx_packets", "1000");
  t.line(net + "statistics/rx_errors", "0");
}

profile::Intent lab_intent(uint32_t mtu = 9000) {
  profile::Intent i;
  i.name = "test";
  i.host_mtu_bytes = mtu;
  i.common.mtu_bytes = mtu;
  i.common.pfc_enabled = PriorityMask(0x08);
  return i;
}

GateEnv env_for(const test::FsTree& t, model::Settings observed = {}) {
  GateEnv e;
  e.root = t.root();
  // The real plan::diff against the settings "observed" on the device.
  e.audit = [observed](const std::vector<std::string>& names) -> Result<plan::Plan> {
    plan::Plan p;
    model::Settings intent;
    intent.pfc_enabled = PriorityMask(0x08);
    for (const std::string& n : names) plan::diff(n, intent, observed, {}, p);
    return p;
  };
  e.sleep = [](uint32_t) {};
  return e;
}

model::Settings pfc3() {
  model::Settings s;
  s.pfc_enabled = PriorityMask(0x08);
  return s;
}

GateOptions options(const test::FsTree& t) {
  GateOptions o;
  o.intent = lab_intent();
  o.host = "node7";
  o.state_path = t.root() + "/state/gate.state";
  return o;
}

// What the gate's probe reports: one idle 1 MiB bandwidth test at 9.2 Gb/s
// to `server` over a path of `path_mtu_bytes`.
probe::ProbeReport bw_report(const std::string& server, uint32_t path_mtu_bytes) {
  probe::ProbeReport r;
  r.mode = "peer";
  r.server = server + ":18600";
  probe::TestRecord rec;
  rec.phase = "idle";
  rec.mode = probe::Mode::bw;
  rec.size_bytes = 1048576;
  probe::TestOutcome out;
  out.bw = probe::BandwidthStats{};
  out.bw->gbps = 9.2;
  out.path_mtu_bytes = out.local_port_mtu_bytes = out.remote_port_mtu_bytes = path_mtu_bytes;
  rec.outcome = out;
  r.tests.push_back(rec);
  return r;
}

}  // namespace

TEST_SUITE("gate") {
  TEST_CASE("a healthy host passes every check and exits 0") {
    test::FsTree t;
    rxe_host(t);
    GateReport r = run_gate(options(t), env_for(t, pfc3()));
    CHECK(r.exit_code == 0);
    CHECK(r.summary_line() == "node7 | healthy");
    REQUIRE(r.checks.size() == 7);
    CHECK(r.checks[0].message == "1 RoCE port active");
    CHECK(r.checks[0].details == std::vector<std::string>{"rxe0 port 1 (veth0) ACTIVE 10 Gb/s"});
    CHECK(r.checks[1].message == "9000 bytes as the profile says");
    CHECK(r.checks[2].message == "no drift from the profile");
    CHECK(r.checks[3].status == CheckStatus::pass);
    CHECK(r.checks[4].message == "baseline recorded");
    CHECK(r.checks[5].message == "the profile names no lossless DSCP");
    CHECK(r.checks[6].status == CheckStatus::skipped);
    CHECK(r.drift_steps == 0u);
    CHECK(r.counters.at("rxe0:sent_pkts") == 100);
    std::string text = render_gate_text(r, false);
    CHECK(text ==
          "devices   ok            1 RoCE port active\n"
          "mtu       ok            9000 bytes as the profile says\n"
          "audit     ok            no drift from the profile\n"
          "counters  ok            6 counters still over 100 ms\n"
          "flaps     ok            baseline recorded\n"
          "node7 | healthy\n");
  }

  TEST_CASE("asked for, the switches' counters are a check of their own; a failure drains") {
    test::FsTree t;
    rxe_host(t);
    GateEnv e = env_for(t, pfc3());
    uint32_t asked_ms = 0;
    e.switch_counters = [&asked_ms](uint32_t window_ms) {
      asked_ms = window_ms;
      CheckResult r{"switches",
                    CheckStatus::fail,
                    "1 failure(s), 0 warning(s); 1 of 1 switch(es) read",
                    {"FAIL leaf1 swp1 priority 3: PFC storm, 50000 pause frames/s received"},
                    0};
      return r;
    };
    GateOptions o = options(t);
    o.switch_window_ms = 500;
    GateReport r = run_gate(o, e);
    REQUIRE(r.checks.size() == 8);  // + workload and probe
    CHECK(r.checks[5].name == "switches");
    CHECK(r.checks[5].status == CheckStatus::fail);
    CHECK(asked_ms == 500);
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: switches: 1 failure(s), 0 warning(s); 1 of 1 switch(es) read");
  }

  TEST_CASE("a port that is down drains the node and skips the rest") {
    test::FsTree t;
    rxe_host(t, "1: DOWN");
    t.line("sys/class/net/veth0/operstate", "down");
    GateReport r = run_gate(options(t), env_for(t, pfc3()));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() == "node7 | unhealthy: devices: veth0 is down (and 1 more)");
    CHECK(r.checks[0].details == std::vector<std::string>{"veth0 is down", "rxe0 port 1 is DOWN"});
    for (size_t i = 1; i < r.checks.size(); ++i) CHECK(r.checks[i].status == CheckStatus::skipped);
  }

  TEST_CASE("a host without RDMA devices is not evaluated (a missing driver is no drain)") {
    test::FsTree t;
    t.line("sys/class/net/eth0/mtu", "1500");
    GateReport r = run_gate(options(t), env_for(t));
    CHECK(r.summary_line() ==
          "node7 | not evaluated: devices: no RDMA device with an Ethernet port (is the RDMA "
          "driver loaded?)");
    CHECK(r.exit_code == 4);
    for (size_t i = 1; i < r.checks.size(); ++i) CHECK(r.checks[i].status == CheckStatus::skipped);
  }

  TEST_CASE(
      "a NIC the inventory declares but the host lacks drains the node, named with its rail") {
    test::FsTree t;
    rxe_host(t);
    GateOptions o = options(t);
    o.declared_nics = {profile::NicEntry{"rxe0", "veth0", "10.0.0.1", 0, std::nullopt},
                       profile::NicEntry{"rxe1", "veth1", "10.1.0.1", 1, std::nullopt}};
    GateReport r = run_gate(o, env_for(t, pfc3()));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: devices: rxe1 (rail 1) is missing: the inventory declares 2 NICs");
    // Declared by rule: counted against the Ethernet RDMA devices.
    o.declared_nics = {profile::NicEntry{"", "", "", 0, std::nullopt},
                       profile::NicEntry{"", "", "", 1, std::nullopt}};
    r = run_gate(o, env_for(t, pfc3()));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: devices: 1 RDMA device with an Ethernet port; the inventory "
          "declares 2");
    // Both present: healthy.
    o.declared_nics.pop_back();
    CHECK(run_gate(o, env_for(t, pfc3())).exit_code == 0);
  }

  TEST_CASE("a NIC cabled elsewhere than the inventory says drains the node, naming both ends") {
    test::FsTree t;
    rxe_host(t);
    GateOptions o = options(t);
    o.declared_nics = {
        profile::NicEntry{"rxe0", "", "10.0.0.1", 0, profile::SwitchPort{"leaf2", "swp9"}}};
    GateEnv e = env_for(t, pfc3());
    host::LldpPeer heard;
    heard.interface = "veth0";  // rxe0's netdev, found by the devices check
    heard.system_name = "leaf3";
    heard.port_id = "swp9";
    heard.port_id_type = "ifname";
    e.lldp_neighbors = [&heard]() -> Result<std::vector<host::LldpPeer>> {
      return std::vector<host::LldpPeer>{heard};
    };
    GateReport r = run_gate(o, e);
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: cabling: rxe0 of node7 reaches leaf3 swp9; the inventory says "
          "leaf2 swp9");
    // Where the inventory says: a pass of its own.
    heard.system_name = "leaf2";
    r = run_gate(o, e);
    CHECK(r.exit_code == 0);
    REQUIRE(r.checks.size() > 1);
    CHECK(r.checks[1].name == "cabling");
    CHECK(r.checks[1].message == "1 NIC(s) reach the switch port the inventory names");
    // No neighbour is a warning (not checked), never a pass; lldpd absent too.
    e.lldp_neighbors = []() -> Result<std::vector<host::LldpPeer>> {
      return std::vector<host::LldpPeer>{};
    };
    r = run_gate(o, e);
    CHECK(r.checks[1].status == CheckStatus::warn);
    CHECK(r.checks[1].message ==
          "1 NIC(s) not checked: rxe0 (veth0) of node7: no LLDP neighbour; the inventory says "
          "leaf2 swp9");
    e.lldp_neighbors = []() -> Result<std::vector<host::LldpPeer>> {
      return fail("lldpcli", "exit 1: unable to connect to socket");
    };
    CHECK(run_gate(o, e).checks[1].message ==
          "LLDP neighbours not read: lldpcli: exit 1: unable to connect to socket");
    // No NIC names its port: no cabling check at all.
    o.declared_nics[0].switch_port.reset();
    r = run_gate(o, e);
    CHECK(r.checks[1].name == "mtu");
  }

  TEST_CASE("no RDMA device where the inventory declares NICs is unhealthy, not unknown") {
    test::FsTree t;
    t.line("sys/class/net/eth0/mtu", "1500");
    GateOptions o = options(t);
    o.declared_nics = {profile::NicEntry{"mlx5_0", "", "10.0.0.1", 0, std::nullopt}};
    GateReport r = run_gate(o, env_for(t));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: devices: mlx5_0 (rail 0) is missing: the inventory declares 1 NIC");
  }

  TEST_CASE("a slower port than the profile expects fails") {
    test::FsTree t;
    rxe_host(t);
    GateOptions o = options(t);
    o.intent.validation.expected_rate_gbps = 100;
    GateReport r = run_gate(o, env_for(t, pfc3()));
    CHECK(r.summary_line() ==
          "node7 | unhealthy: devices: rxe0 port 1 runs at 10 Gb/s, expected 100 Gb/s");
  }

  TEST_CASE("an MTU other than the profile's fails") {
    test::FsTree t;
    rxe_host(t, "4: ACTIVE", "1500");
    GateReport r = run_gate(options(t), env_for(t, pfc3()));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() == "node7 | unhealthy: mtu: veth0 MTU 1500 bytes, profile says 9000");
    CHECK(r.checks[2].status == CheckStatus::skipped);
  }

  TEST_CASE("drift found by the audit fails with the drifted knob") {
    test::FsTree t;
    rxe_host(t);
    model::Settings observed;
    observed.pfc_enabled = PriorityMask(0x18);
    GateReport r = run_gate(options(t), env_for(t, observed));
    CHECK(r.exit_code == 1);
    CHECK(r.summary_line() ==
          "node7 | unhealthy: audit: 1 setting drifted from the profile: veth0 pfc: 3,4 -> 3");
    CHECK(r.drift_steps == 1u);
  }

  TEST_CASE("an audit that cannot run is 'not evaluated', exit 4") {
    test::FsTree t;
    rxe_host(t);
    GateEnv e = env_for(t);
    e.audit = [](const std::vector<std::string>&) -> Result<plan::Plan> {
      return fail(ErrorKind::permission, "netlink", "Operation not permitted");
    };
    GateReport r = run_gate(options(t), e);
    CHECK(r.exit_code == 4);
    CHECK(r.summary_line() == "node7 | not evaluated: audit: netlink: Operation not permitted");
    CHECK(r.checks[3].status == CheckStatus::pass);  // later checks still run
  }

  TEST_CASE("error counters rising inside the window fail; pause frames only warn") {
    test::FsTree t;
    rxe_host(t);
    t.line("sys/class/net/veth0/statistics/rx_prio3_pause", "10");
    GateEnv e = env_for(t, pfc3());
    uint32_t window = 0;
    SUBCASE("loss") {
      double clock_ms = 0;
      e.now_ms = [&] { return clock_ms; };
      e.sleep = [&](uint32_t ms) {
        window = ms;
        clock_ms += ms;
        t.line("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_seq_err", "3");
      };
      GateReport r = run_gate(options(t), e);
      CHECK(window == 100);
      CHECK(r.exit_code == 1);
      CHECK(r.summary_line() ==
            "node7 | unhealthy: counters: error counters rising within 100 ms: "
            "rxe0:rcvd_seq_err +3");
    }
    SUBCASE("a few pause frames warn") {
      double clock_ms = 0;
      e.now_ms = [&] { return clock_ms; };
      e.sleep = [&](uint32_t ms) {
        clock_ms += ms;
        t.line("sys/class/net/veth0/statistics/rx_prio3_pause", "15");
      };
      GateReport r = run_gate(options(t), e);
      CHECK(r.exit_code == 0);
      CHECK(r.checks[3].status == CheckStatus::warn);
      CHECK(r.checks[3].message ==
            "pause frames on lossless priority 3: veth0:rx_prio3_pause +5 in 100 ms (50/s, under "
            "the storm bound 1000/s): the switch is pausing this host");
    }
    SUBCASE("a pause storm in the NIC's ethtool counters drains the node") {
      // The device's ethtool statistics (mlx5 names); the lab proves the ioctl.
      uint64_t tx_pause = 7;
      e.ethtool = [&](const std::string& netdev) -> Result<probe::CounterMap> {
        return probe::CounterMap{{netdev + ":tx_prio3_pause", tx_pause},
                                 {netdev + ":rx_prio0_pause", 0}};
      };
      double clock_ms = 0;
      e.now_ms = [&] { return clock_ms; };
      e.sleep = [&](uint32_t ms) {
        clock_ms += ms;
        tx_pause += 500;
      };
      GateReport r = run_gate(options(t), e);
      CHECK(r.exit_code == 1);
      CHECK(r.summary_line() ==
            "node7 | unhealthy: counters: pause storm on lossless priority 3: veth0:tx_prio3_pause "
            "+500 in 100 ms (5000/s, bound 1000/s): this host is pausing the switch");
      CHECK(r.counters.at("veth0:tx_prio3_pause") == 507);
      CHECK(r.checks[4].status == CheckStatus::skipped);
    }
    SUBCASE("the mtu and audit checks run inside the window: only the rest is slept") {
      double clock_ms = 0;
      e.now_ms = [&] { return clock_ms; };
      auto audit = e.audit;
      e.audit = [&, audit](const std::vector<std::string>& names) {
        clock_ms += 70;  // an audit that takes 70 ms
        return audit(names);
      };
      e.sleep = [&](uint32_t ms) {
        window = ms;
        clock_ms += ms;
      };
      GateReport r = run_gate(options(t), e);
      CHECK(r.exit_code == 0);
      CHECK(window == 30);
    }
    SUBCASE("retransmits alone are not errors") {
      e.sleep = [&](uint32_t) {
        t.line("sys/class/infiniband/rxe0/ports/1/hw_counters/completer_retry_err", "50");
      };
      CHECK(run_gate(options(t), e).exit_code == 0);
    }
  }

  TEST_CASE("link flaps since the last run are counted from the state file") {
    test::FsTree t;
    rxe_host(t);
    GateOptions o = options(t);
    o.max_flaps = 1;
    CHECK(run_gate(o, env_for(t, pfc3())).checks[4].message == "baseline recorded");
    CHECK(t.read("state/gate.state").find("\"carrier_down\": 1") != std::string::npos);
    GateReport same = run_gate(o, env_for(t, pfc3()));
    CHECK(same.checks[4].message == "no link flaps since the last run");
    t.line("sys/class/net/veth0/carrier_down_count", "2");
    GateReport one = run_gate(o, env_for(t, pfc3()));
    CHECK(one.checks[4].status == CheckStatus::warn);
    CHECK(one.checks[4].message == "veth0 lost carrier 1 time since the last run");
    CHECK(one.exit_code == 0);
    t.line("sys/class/net/veth0/carrier_down_count", "5");
    GateReport three = run_gate(o, env_for(t, pfc3()));
    CHECK(three.exit_code == 1);
    CHECK(three.summary_line() ==
          "node7 | unhealthy: flaps: veth0 lost carrier 3 times since the last run (more than 1 "
          "allowed)");
    // A counter that went backwards (reboot, driver reload) starts a new baseline.
    t.line("sys/class/net/veth0/carrier_down_count", "0");
    CHECK(run_gate(o, env_for(t, pfc3())).checks[4].message == "baseline recorded");
  }

  TEST_CASE("a check that outlives the budget is reported as not finished") {
    test::FsTree t;
    rxe_host(t);
    GateEnv e = env_for(t, pfc3());
    e.audit = [](const std::vector<std::string>&) -> Result<plan::Plan> {
      std::this_thread::sleep_for(std::chrono::milliseconds(600));
      return plan::Plan{};
    };
    GateOptions o = options(t);
    o.budget_ms = 150;
    GateReport r = run_gate(o, e);
    CHECK(r.exit_code == 4);
    CHECK(r.summary_line() ==
          "node7 | not evaluated: audit: did not finish within the 150 ms budget");
    CHECK(r.checks[3].message == "the 150 ms budget ran out first");
    CHECK(r.elapsed_ms < 600);
  }

  TEST_CASE("JSON and metrics carry the verdict") {
    test::FsTree t;
    rxe_host(t);
    model::Settings observed;
    observed.pfc_enabled = PriorityMask(0x00);
    GateReport r = run_gate(options(t), env_for(t, observed));
    nlohmann::json j = to_json(r);
    CHECK(j["health"] == "unhealthy");
    CHECK(j["exit_code"] == 1);
    CHECK(j["checks"][2]["status"] == "fail");
    CHECK(j["checks"][3]["status"] == "skipped");
    CHECK(j["drift_steps"] == 1);
    std::string prom = gate_metrics(r, 1700000000).render();
    CHECK(prom.find("rocecfg_gate_healthy 0\n") != std::string::npos);
    CHECK(prom.find("rocecfg_gate_check_status{check=\"audit\"} 2\n") != std::string::npos);
    CHECK(prom.find("rocecfg_gate_check_status{check=\"counters\"}") == std::string::npos);
    CHECK(prom.find("rocecfg_drift_steps 1\n") != std::string::npos);
    CHECK(prom.find("rocecfg_gate_last_run_timestamp_seconds 1700000000\n") != std::string::npos);
  }

  TEST_CASE("workload: NCCL sending outside the lossless class drains the node") {
    test::FsTree t;
    rxe_host(t);
    GateOptions o = options(t);
    o.intent.workload.traffic_class = 106;
    o.intent.workload.traffic_class_from = "rdma_cm.tos";
    GateEnv env = env_for(t, pfc3());
    std::map<std::string, std::string> vars;
    env.getenv = [&vars](const char* k) -> const char* {
      auto it = vars.find(k);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
    auto workload = [&] {
      GateReport r = run_gate(o, env);
      REQUIRE(r.checks.size() == 7);
      REQUIRE(r.checks[5].name == "workload");
      return r;
    };
    // Nothing tells NCCL a class: NCCL_IB_TC's default 0 = DSCP 0.
    GateReport r = workload();
    CHECK(r.exit_code == 1);
    CHECK(r.checks[5].status == CheckStatus::fail);
    CHECK(r.checks[5].message ==
          "NCCL would send ToS 0 (DSCP 0, ECN Not-ECT), outside the lossless class (DSCP 26): "
          "NCCL's default (NCCL_IB_TC unset)");
    CHECK(r.checks[5].details ==
          std::vector<std::string>{
              "NCCL on this host would send ToS 0 (DSCP 0, ECN Not-ECT): NCCL's default "
              "(NCCL_IB_TC unset)",
              "fix: NCCL_IB_TC=106 (rdma_cm.tos; rocecfg apply writes it to /etc/nccl.conf, "
              "rocecfg env prints it for the job)"});
    CHECK(r.summary_line() ==
          "node7 | unhealthy: workload: NCCL would send ToS 0 (DSCP 0, ECN Not-ECT), outside the "
          "lossless class (DSCP 26): NCCL's default (NCCL_IB_TC unset)");
    // /etc/nccl.conf as rocecfg apply writes it.
    t.write("etc/nccl.conf", "NCCL_IB_TC=106\n");
    r = workload();
    CHECK(r.exit_code == 0);
    CHECK(r.checks[5].message ==
          "NCCL sends ToS 106 (DSCP 26, ECN ECT(0)): NCCL_IB_TC=106 from /etc/nccl.conf");
    // The job's environment wins over the file (NCCL's precedence).
    vars["NCCL_IB_TC"] = "0";
    CHECK(workload().checks[5].message ==
          "NCCL would send ToS 0 (DSCP 0, ECN Not-ECT), outside the lossless class (DSCP 26): "
          "NCCL_IB_TC=0 from environment");
    vars.clear();
    // MLNX_OFED's device override re-marks every QP whatever NCCL asks for.
    t.line("sys/class/infiniband/rxe0/tc/1/traffic_class", "Global tclass=0");
    CHECK(workload().checks[5].message ==
          "NCCL would send ToS 0 (DSCP 0, ECN Not-ECT), outside the lossless class (DSCP 26): "
          "device override 0 from /sys/class/infiniband/rxe0/tc/1/traffic_class (over "
          "NCCL_IB_TC=106 from /etc/nccl.conf)");
  }
}

TEST_SUITE("gate baseline") {
  // The gate's probe (faked: one idle 1 MiB bandwidth test) and a baseline
  // check that sees exactly the report the probe check judged.
  GateReport run_with_baseline(CheckStatus says, bool probe_ok = true) {
    test::FsTree t;
    rxe_host(t);
    GateEnv e = env_for(t, pfc3());
    e.probe = [probe_ok](const probe::ProbeConfig&) -> Result<probe::ProbeReport> {
      if (!probe_ok) return fail(ErrorKind::timeout, "rxe0", "no offer");
      return bw_report("node8", 4096);
    };
    e.probe_baseline = [says](const probe::ProbeReport& r) {
      REQUIRE(r.tests.size() == 1);
      return CheckResult{"baseline", says, "node7 -> node8 said so", {"bandwidth 9.2 Gb/s"}, 0};
    };
    GateOptions o = options(t);
    o.probe.emplace();
    o.probe->sizes_bytes = {1048576};
    o.probe->latency = false;
    o.budget_ms = 60000;
    return run_gate(o, e);
  }

  TEST_CASE("the baseline check follows the probe; a regressed host is unhealthy") {
    GateReport ok = run_with_baseline(CheckStatus::pass);
    REQUIRE(ok.checks.size() == 8);
    CHECK(ok.checks[6].name == "probe");
    CHECK(ok.checks[6].status == CheckStatus::pass);
    CHECK(ok.checks[7].name == "baseline");
    CHECK(ok.checks[7].message == "node7 -> node8 said so");
    CHECK(ok.exit_code == 0);

    GateReport bad = run_with_baseline(CheckStatus::fail);
    CHECK(bad.checks[7].status == CheckStatus::fail);
    CHECK(bad.exit_code == 1);
    CHECK(bad.summary_line() == "node7 | unhealthy: baseline: node7 -> node8 said so");

    // A pair the baseline cannot answer for: the job runs, the gate says why (4).
    GateReport unknown = run_with_baseline(CheckStatus::not_evaluated);
    CHECK(unknown.exit_code == 4);
  }

  TEST_CASE("no probe figures, no baseline verdict") {
    GateReport r = run_with_baseline(CheckStatus::pass, false);
    REQUIRE(r.checks.size() == 8);
    CHECK(r.checks[6].status == CheckStatus::not_evaluated);
    CHECK(r.checks[7].status == CheckStatus::not_evaluated);
    CHECK(r.checks[7].message == "the probe measured nothing");
    CHECK(r.exit_code == 4);
  }
}

TEST_SUITE("gate rails") {
  // Two rails probed at once; rail 1's path MTU is 1024 where the profile's
  // 9000 allows 4096: only rail 1 fails, and it is named.
  TEST_CASE("every rail is probed at once; a fault on rail 1 only is named with its rail") {
    test::FsTree t;
    rxe_host(t);
    GateEnv e = env_for(t, pfc3());
    e.probe = [](const probe::ProbeConfig& cfg) -> Result<probe::ProbeReport> {
      return bw_report(cfg.host, cfg.host == "10.1.0.8" ? 1024 : 4096);
    };
    GateOptions o = options(t);
    o.budget_ms = 60000;
    for (uint32_t rail : {0u, 1u}) {
      RailProbe p;
      p.rail = rail;
      p.label = fmt::format("mlx5_{} -> node8 mlx5_{} at 10.{}.0.8", rail, rail, rail);
      p.config.host = fmt::format("10.{}.0.8", rail);
      p.config.sizes_bytes = {1048576};
      p.config.latency = false;
      o.rail_probes.push_back(p);
    }
    GateReport r = run_gate(o, e);
    REQUIRE(r.checks.size() == 7);
    CHECK(r.checks[6].name == "probe");
    CHECK(r.checks[6].status == CheckStatus::fail);
    CHECK(r.checks[6].message.starts_with(
        "rail 1 (mlx5_1 -> node8 mlx5_1 at 10.1.0.8): path MTU: 1024 < 4096 expected"));
    CHECK(r.exit_code == 1);
    // Rail 0 alone passes: the one-rail gate would have said healthy.
    o.rail_probes.pop_back();
    GateReport one = run_gate(o, e);
    CHECK(one.checks[6].message == "1 rails passed");
    CHECK(one.exit_code == 0);
    // A rail the neighbour lacks fails the probe check by itself.
    o.rail_problems = {"rail 1: node8 declares no NIC on it"};
    GateReport missing = run_gate(o, e);
    CHECK(missing.summary_line() ==
          "node7 | unhealthy: probe: rail 1: node8 declares no NIC on it");
  }
}
