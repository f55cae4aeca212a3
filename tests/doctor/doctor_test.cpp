// Doctor on temporary /sys and /proc trees and on profiles from profiles/.
#include "doctor/doctor.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "doctor/kernel_log.h"
#include "fs_tree.h"
#include "profile/load.h"

using namespace rocecfg;
using namespace rocecfg::doctor;

namespace {

profile::Intent standard() {
  auto loaded = profile::load_profile(ROCECFG_SOURCE_DIR "/profiles/roce-lossless.toml");
  REQUIRE_MESSAGE(loaded.value, loaded.diagnostics.render());
  return *loaded.value;
}

// mlx5-shaped: PCI device with NUMA node, MSI IRQs and PCIe link attributes.
void nic_host(const test::FsTree& t, const std::string& mtu = "9000") {
  const std::string port = "sys/class/infiniband/mlx5_0/ports/1/";
  t.line(port + "state", "4: ACTIVE");
  t.line(port + "link_layer", "Ethernet");
  t.line(port + "rate", "100 Gb/sec (2X EDR)");
  t.line(port + "gids/3", "0000:0000:0000:0000:0000:ffff:0a00:0001");
  t.line(port + "gid_attrs/types/3", "RoCE v2");
  t.line(port + "gid_attrs/ndevs/3", "eth0");
  const std::string net = "sys/class/net/eth0/";
  t.line(net + "mtu", mtu);
  t.line(net + "operstate", "up");
  t.line(net + "statistics/rx_packets", "1");
  t.line(net + "device/numa_node", "1");
  t.line(net + "device/current_link_width", "16");
  t.line(net + "device/max_link_width", "16");
  t.line(net + "device/current_link_speed", "16.0 GT/s PCIe");
  t.line(net + "device/max_link_speed", "16.0 GT/s PCIe");
  t.line(net + "device/msi_irqs/40", "msix");
  t.line(net + "device/msi_irqs/41", "msix");
  t.line("sys/devices/system/node/node0/cpulist", "0-7");
  t.line("sys/devices/system/node/node1/cpulist", "8-15");
  t.line("proc/irq/40/smp_affinity_list", "8-9");
  t.line("proc/irq/41/smp_affinity_list", "10");
  t.line("proc/1/comm", "systemd");
}

std::vector<std::string> lines_of(const std::vector<Finding>& fs, doctor::Severity s) {
  std::vector<std::string> out;
  for (const Finding& f : fs)
    if (f.severity == s) out.push_back(f.check + ": " + f.seen);
  return out;
}

}  // namespace

TEST_SUITE("doctor") {
  TEST_CASE("a well-configured host has no problems and says what it checked") {
    test::FsTree t;
    nic_host(t);
    DoctorInput in;
    in.root = t.root();
    in.intent = standard();
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem).empty());
    CHECK(lines_of(f, doctor::Severity::warning).empty());
    CHECK(lines_of(f, doctor::Severity::ok) ==
          std::vector<std::string>{
              "link: mlx5_0 port 1 (eth0) ACTIVE, 100 Gb/s",
              "mtu: eth0 MTU 9000 (RoCE path MTU up to 4096)",
              "dscp: profile: ToS 106 -> DSCP 26 -> priority 3",
              "pfc: profile: PFC on priority 3 (3)",
              "ecn: profile: CNP DSCP 48 priority 6, DCQCN on",
              "numa: eth0: 2 IRQs on NUMA node 1",
          });
    CHECK(doctor_exit_code(f) == 0);
    CHECK(render_doctor_text(f, false) == "no problems found (6 checks ok)\n");
  }

  TEST_CASE("host faults: MTU, PCIe, IRQs on the far node, lldpad, driver errors") {
    test::FsTree t;
    nic_host(t, "1500");
    t.line("sys/class/net/eth0/device/current_link_width", "8");
    t.line("proc/irq/41/smp_affinity_list", "0-3");
    t.line("proc/812/comm", "lldpad");
    DoctorInput in;
    in.root = t.root();
    in.intent = standard();
    in.profile_path = "/etc/rocecfg/site.toml";
    in.kernel_log = {"eth0: renamed from ens1f0",
                     "mlx5_core 0000:3b:00.0: mlx5_cmd_out_err:803: QUERY_VPORT_COUNTER(0x770) "
                     "op_mod(0x0) failed, status bad parameter(0x3)"};
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem) ==
          std::vector<std::string>{
              "dcbx: lldpad (pid 812) is running",
              "link: eth0 PCIe x8 16.0 GT/s PCIe of x16 16.0 GT/s PCIe",
              "mtu: eth0 MTU 1500, profile 9000",
          });
    CHECK(lines_of(f, doctor::Severity::warning) ==
          std::vector<std::string>{
              "numa: eth0: 1 of 2 IRQs served only by CPUs outside NUMA node 1",
              "kernel log: 1 RDMA/NIC driver error line in the kernel log; last: mlx5_core "
              "0000:3b:00.0: mlx5_cmd_out_err:803: QUERY_VPORT_COUNTER(0x770) op_mod(0x0) "
              "failed, status bad parameter(0x3)",
          });
    CHECK(doctor_exit_code(f) == 1);
    std::string text = render_doctor_text(f, false);
    CHECK(text.find("PROBLEM  mtu         eth0 MTU 1500, profile 9000\n"
                    "                     why: a smaller MTU shrinks the RoCE path MTU") !=
          std::string::npos);
    CHECK(text.find("                     fix: rocecfg apply /etc/rocecfg/site.toml ([mtu] "
                    "host_bytes)\n") != std::string::npos);
    CHECK(text.ends_with("3 problems found (4 checks ok)\n"));
    CHECK(to_json(f)["findings"][0]["severity"] == "problem");
  }

  TEST_CASE("a port that is down and a missing interface are problems") {
    test::FsTree t;
    nic_host(t);
    t.line("sys/class/infiniband/mlx5_0/ports/1/state", "1: DOWN");
    DoctorInput in;
    in.root = t.root();
    in.interfaces = {"eth0", "eth9"};
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem) ==
          std::vector<std::string>{"link: eth9: no such interface", "link: mlx5_0 port 1 is DOWN"});
  }

  TEST_CASE("a NIC the inventory declares for this host but the host lacks is a problem") {
    test::FsTree t;
    nic_host(t);
    DoctorInput in;
    in.root = t.root();
    in.intent = standard();
    in.inventory_path = "/etc/rocecfg/inventory.toml";
    in.declared_nics = {profile::NicEntry{"mlx5_0", "eth0", "10.0.0.1", 0, std::nullopt},
                        profile::NicEntry{"mlx5_1", "eth1", "10.1.0.1", 1, std::nullopt}};
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem) ==
          std::vector<std::string>{
              "nics: mlx5_1 (rail 1) is missing: the inventory declares 2 NICs"});
    CHECK(render_doctor_text(f, false).find(
              "fix: `rdma link show` and the driver's log (dmesg) for the NIC; if the host "
              "really has fewer, correct its [[host]] in /etc/rocecfg/inventory.toml") !=
          std::string::npos);
    in.declared_nics.pop_back();
    f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem).empty());
    CHECK(lines_of(f, doctor::Severity::ok)[0] ==
          "nics: all 1 NIC(s) the inventory declares are present");
  }

  TEST_CASE("the QoS chain against what the NIC really does") {
    profile::Intent intent = standard();
    model::Settings nic = intent.host_settings();
    SUBCASE("observed equal to the profile is fine") {
      auto f = check_qos_chain("eth0", intent, nic, "p.toml");
      CHECK(lines_of(f, doctor::Severity::problem).empty());
      CHECK(lines_of(f, doctor::Severity::ok).front() ==
            "dscp: eth0: ToS 106 -> DSCP 26 -> priority 3");
    }
    SUBCASE("PCP trust") {
      nic.trust = model::Trust::pcp;
      CHECK(lines_of(check_qos_chain("eth0", intent, nic, "p.toml"), doctor::Severity::problem) ==
            std::vector<std::string>{"dscp: eth0: trust is pcp, RoCE marks DSCP 26"});
    }
    SUBCASE("the ToS DSCP is not in the map") {
      nic.roce_tos = 0;
      auto f = check_qos_chain("eth0", intent, nic, "p.toml");
      CHECK(lines_of(f, doctor::Severity::problem) ==
            std::vector<std::string>{"dscp: eth0: DSCP 0 (ToS 0) is not mapped to a priority"});
      CHECK(f.back().fix == "add 0 to [lossless] dscp in the profile, then rocecfg apply p.toml");
    }
    SUBCASE("PFC on another priority") {
      nic.pfc_enabled = PriorityMask(0x10);
      CHECK(lines_of(check_qos_chain("eth0", intent, nic, "p.toml"), doctor::Severity::problem) ==
            std::vector<std::string>{"pfc: eth0: RoCE rides priority 3, PFC is on 4",
                                     "pfc: eth0: PFC on 4, profile says 3"});
    }
    SUBCASE("DCQCN without ECN on the RoCE priority, CNPs with the data") {
      nic.ecn_priorities = PriorityMask(0x01);
      nic.cnp = model::Cnp{Dscp::unchecked(26), Priority::unchecked(3)};
      CHECK(lines_of(check_qos_chain("eth0", intent, nic, "p.toml"), doctor::Severity::problem) ==
            std::vector<std::string>{"ecn: eth0: DCQCN on, ECN marks priorities 0, RoCE is on 3",
                                     "ecn: eth0: CNPs use DSCP 26, the same as data"});
    }
    SUBCASE("the profile sets the ToS, the device shows none: the fix is apply, not the profile") {
      nic.roce_tos.reset();
      auto f = check_qos_chain("eth0", intent, nic, "p.toml");
      CHECK(lines_of(f, doctor::Severity::warning) ==
            std::vector<std::string>{
                "dscp: eth0: RDMA-CM default ToS not read (the profile sets 106)"});
      CHECK(f.front().fix ==
            "`rocecfg audit p.toml -i eth0` says why it could not be read; rocecfg apply p.toml "
            "sets it");
      CHECK(lines_of(f, doctor::Severity::ok).front() ==
            "dscp: profile: ToS 106 -> DSCP 26 -> priority 3");
    }
    SUBCASE("Not-ECT ToS with DCQCN") {
      nic.roce_tos = 104;
      CHECK(lines_of(check_qos_chain("eth0", intent, nic, "p.toml"), doctor::Severity::warning) ==
            std::vector<std::string>{"ecn: eth0: ToS 104 has ECN bits 00 (Not-ECT)"});
    }
  }

  TEST_CASE("the PFC-only profile is reported as such, not as a problem") {
    auto loaded = profile::load_profile(ROCECFG_SOURCE_DIR "/profiles/pfc-only.toml");
    REQUIRE(loaded.value);
    auto f = check_qos_chain("eth0", *loaded.value, std::nullopt, "pfc-only.toml");
    CHECK(lines_of(f, doctor::Severity::problem).empty());
  }

  TEST_CASE("programmable congestion control is said as such, not as PFC-only") {
    auto loaded = profile::load_profile_text(
        "[fabric]\nname = \"sx\"\n[lossless]\npriorities = [3]\ndscp = [26]\n"
        "trust = \"dscp\"\n[rdma_cm]\ntos = 104\n[congestion]\nalgorithm = "
        "\"programmable\"\n",
        "sx.toml");
    REQUIRE(loaded.value);
    auto f = check_qos_chain("eth0", *loaded.value, std::nullopt, "sx.toml");
    CHECK(lines_of(f, doctor::Severity::info) ==
          std::vector<std::string>{"ecn: profile: DCQCN off: programmable congestion control"});
  }

  TEST_CASE("kernel log records parse from /dev/kmsg format") {
    CHECK(kmsg_message("6,1234,5678,-;mlx5_core 0000:3b:00.0: link down") ==
          "mlx5_core 0000:3b:00.0: link down");
    CHECK(kmsg_message(" SUBSYSTEM=pci") == "");
    CHECK(kmsg_message("plain line; with semicolon") == "plain line; with semicolon");
    test::FsTree t;
    t.line("kmsg", "6,1,10,-;first\n SUBSYSTEM=net\n3,2,20,-;second\n4,3,30,c;third");
    auto lines = read_kernel_log(t.root() + "/kmsg", 2);
    REQUIRE(lines);
    CHECK(*lines == std::vector<std::string>{"second", "third"});
    CHECK(read_kernel_log(t.root() + "/none").error().to_string() ==
          t.root() + "/none: no such file or directory");
    // A saved log is read like every input file (issue 33: /dev/zero read
    // until bad_alloc).
    CHECK(read_kernel_log("/dev/zero").error().to_string() ==
          "/dev/zero: is not a regular file (a character device); only regular files are read");
  }

  TEST_CASE("workload: what NCCL will actually send, and why DSCP 0 is lossy") {
    test::FsTree t;
    nic_host(t);
    std::map<std::string, std::string> vars;
    DoctorInput in;
    in.root = t.root();
    in.intent = standard();
    in.profile_path = "roce.toml";
    in.getenv = [&vars](const char* k) -> const char* {
      auto it = vars.find(k);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
    auto workload = [&] {
      std::vector<Finding> all = run_doctor(in), out;
      for (const Finding& f : all)
        if (f.check == "workload") out.push_back(f);
      REQUIRE(out.size() == 1);
      return out;
    };
    // Nothing tells NCCL a class: its default NCCL_IB_TC 0.
    std::vector<Finding> f = workload();
    CHECK(render_doctor_text(f, false) ==
          "PROBLEM  workload    NCCL will send ToS 0 (DSCP 0, ECN Not-ECT): NCCL's default "
          "(NCCL_IB_TC unset)\n"
          "                     why: NCCL creates its QPs with plain verbs and puts NCCL_IB_TC "
          "(default 0) in their GRH, not the RDMA-CM default ToS; DSCP 0 is outside the lossless "
          "class (DSCP 26), so the job's traffic travels lossy while perftest and rdma_cm traffic "
          "look fine\n"
          "                     fix: rocecfg apply roce.toml (writes NCCL_IB_TC=106 to "
          "/etc/nccl.conf); a job started elsewhere takes `rocecfg env roce.toml`\n"
          "1 problem found (0 checks ok)\n");
    CHECK(doctor_exit_code(run_doctor(in)) == 1);
    // The lossless DSCP without the ECN bits the profile's class carries.
    vars["NCCL_IB_TC"] = "104";
    f = workload();
    CHECK(f[0].severity == doctor::Severity::warning);
    CHECK(f[0].seen ==
          "NCCL will send ToS 104 (DSCP 26, ECN Not-ECT): NCCL_IB_TC=104 from environment");
    CHECK(
        f[0].why ==
        "the profile's class is ToS 106 (DSCP 26, ECN ECT(0)): a NIC that takes the ECN bits from "
        "the traffic class sends what NCCL asks, and a switch can only mark ECN-capable packets");
    vars.clear();
    t.write("etc/nccl.conf", "NCCL_IB_TC=106\n");
    f = workload();
    CHECK(f[0].severity == doctor::Severity::ok);
    CHECK(f[0].seen ==
          "NCCL will send ToS 106 (DSCP 26, ECN ECT(0)): NCCL_IB_TC=106 from /etc/nccl.conf");
    // MLNX_OFED's override wins over whatever NCCL asks for.
    t.line("sys/class/infiniband/mlx5_0/tc/1/traffic_class", "Global tclass=0");
    f = workload();
    CHECK(f[0].severity == doctor::Severity::problem);
    CHECK(f[0].seen ==
          "NCCL will send ToS 0 (DSCP 0, ECN Not-ECT): device override 0 from "
          "/sys/class/infiniband/mlx5_0/tc/1/traffic_class (over NCCL_IB_TC=106 from "
          "/etc/nccl.conf)");
    CHECK(f[0].why.starts_with("MLNX_OFED's traffic_class override re-marks every QP"));
    CHECK(f[0].fix ==
          "rocecfg apply roce.toml (writes NCCL_IB_TC=106 to /etc/nccl.conf and manages the "
          "device override); a job started elsewhere takes `rocecfg env roce.toml`");
    // No getenv (tests, callers that do not ask): not checked.
    in.getenv = nullptr;
    std::vector<Finding> unchecked = run_doctor(in);
    CHECK(std::none_of(unchecked.begin(), unchecked.end(),
                       [](const Finding& x) { return x.check == "workload"; }));
  }
}

// The "qos owner" check through run_doctor: the DCBX mode as DCB netlink
// reports it (DCB_CAP_DCBX_* bits; a lambda stands in for the netlink
// read, as `observe` does above), lldpad found in /proc, its adminStatus as
// lldptool prints it. Exact findings.
TEST_SUITE("doctor.qos_owner") {
  TEST_CASE("a host-owned profile on a NIC the firmware agent and lldpad can override") {
    test::FsTree t;
    nic_host(t);
    t.line("proc/812/comm", "lldpad");
    DoctorInput in;
    in.root = t.root();
    in.intent = standard();
    in.intent->qos_owner = model::QosOwner::host;
    in.dcbx_mode = [](const std::string&) -> Result<uint8_t> { return 0x0a; };
    in.lldpad_admin_status = [](const std::string&) -> Result<std::string> { return "rxtx"; };
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::problem) ==
          std::vector<std::string>{
              "qos owner: eth0: DCBX LLD-managed (NIC firmware), IEEE (0x0a): the NIC firmware "
              "negotiates with the switch, while the profile says the host owns PFC/ETS",
              "qos owner: eth0: lldpad (pid 812) runs on this host and negotiates DCBX "
              "(adminStatus rxtx), while the profile says the host owns PFC/ETS through "
              "rocecfg"});
    CHECK(lines_of(f, doctor::Severity::info) ==
          std::vector<std::string>{"qos owner: eth0: firmware DCBX willing unknown (the NIC "
                                   "firmware parameters were not read)"});
  }

  TEST_CASE("a VF without DCB: PFC/ETS named as the PF's") {
    test::FsTree t;
    nic_host(t);
    t.dir("sys/bus/pci/devices/0000:3b:00.0/net/ens1f0np0");
    t.link("sys/class/net/eth0/device/physfn", "../../../../bus/pci/devices/0000:3b:00.0");
    DoctorInput in;
    in.root = t.root();
    in.dcbx_mode = [](const std::string& ifname) -> Result<uint8_t> {
      return fail(ErrorKind::unsupported, ifname, "interface does not support DCB");
    };
    std::vector<Finding> f = run_doctor(in);
    CHECK(lines_of(f, doctor::Severity::info) ==
          std::vector<std::string>{
              "qos owner: eth0: PFC/ETS owned by the PF ens1f0np0 (0000:3b:00.0): an SR-IOV VF "
              "has no DCB of its own; set PFC/ETS on the PF"});
  }
}
