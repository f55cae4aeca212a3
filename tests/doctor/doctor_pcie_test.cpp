// PCIe placement per rail on temporary sysfs trees shaped like real servers.
// Shapes and addresses follow public topology dumps:
//  - an 8x H100 HGX board (NCCL topology XML in aliyun/SimAI issue #128): a
//    Broadcom PEX switch (0x1000:0xc030) at 0000:d7:00.0 carries GPU
//    0000:d9:00.0 (0x10de:0x2330) and ConnectX-7 0000:da:00.0 (0x15b3:0x1021)
//    at 32.0 GT/s x16, the pair nvidia-smi topo -m prints as PIX;
//  - the nvidia-smi topo -m legend and a 16-GPU server's matrix with PIX,
//    PXB, NODE and SYS NIC columns (NVIDIA/nccl-tests issue #78);
//  - lspci's ACSCtl line "SrcValid+ TransBlk- ReqRedir+ CmpltRedir+
//    UpstreamFwd+ EgressCtrl- DirectTrans-" (ACS Control 0x001d), the state
//    NVIDIA's GPUDirect RDMA documentation says to turn off on bare metal.
// The second NIC sits on the other socket's root complex (NUMA 0; the GPU is
// on NUMA 1): SYS. (Its link trained at 8 GT/s x8 is the "link" check's.)
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "doctor/doctor_pcie.h"
#include "fs_tree.h"
#include "host/nvidia_smi_topo.h"
#include "host/pcie_config.h"
#include "host/pcie_topology.h"

using namespace rocecfg;

namespace {

// A type-1 (bridge) or type-0 config space: the PCI Express capability at
// 0x40 with Device Control `devctl`, and, when `acs` is set, an ACS extended
// capability at 0x100 with that ACS Control value. 4096 bytes, as root reads.
std::string config_space(uint16_t devctl, std::optional<uint16_t> acs) {
  std::string c(host::kPcieConfigBytes, '\0');
  auto put16 = [&](size_t at, uint16_t v) {
    c[at] = static_cast<char>(v & 0xff);
    c[at + 1] = static_cast<char>(v >> 8);
  };
  put16(0x06, 0x0010);  // Status: Capabilities List
  c[0x34] = 0x40;
  c[0x40] = 0x10;  // PCI Express capability, last in the list
  put16(0x48, devctl);
  if (acs) {
    put16(0x100, 0x000d);  // ACS, version 1, next 0
    put16(0x102, 0x0001);
    put16(0x104, 0x007f);  // ACS Capability: every control available
    put16(0x106, *acs);
  }
  return c;
}

struct Fn {
  std::string path;  // under /sys/devices
  std::string vendor, cls;
  int numa;
  std::string speed, max_speed, width, max_width;
  std::string config;
};

void add_fn(const test::FsTree& t, const Fn& f) {
  const std::string dev = "/sys/devices/" + f.path;
  const std::string bdf = f.path.substr(f.path.rfind('/') + 1);
  t.line(dev + "/vendor", f.vendor);
  t.line(dev + "/class", f.cls);
  t.line(dev + "/numa_node", std::to_string(f.numa));
  if (!f.speed.empty()) {
    t.line(dev + "/current_link_speed", f.speed);
    t.line(dev + "/max_link_speed", f.max_speed);
    t.line(dev + "/current_link_width", f.width);
    t.line(dev + "/max_link_width", f.max_width);
  }
  t.write(dev + "/config", f.config);
  t.link("/sys/bus/pci/devices/" + bdf, "../../../devices/" + f.path);
}

constexpr const char* kGen5 = "32.0 GT/s PCIe";
constexpr uint16_t kNicDevCtl = 0x5020;  // MaxReadReq 4096, MaxPayload 256
constexpr uint16_t kAcsOn = 0x001d;      // SrcValid+ ReqRedir+ CmpltRedir+ UpstreamFwd+

// Socket 1: root port d0:01.0 -> switch d7:00.0 -> ports d8:00.0 (GPU), d8:01.0 (NIC).
void hgx_socket1(const test::FsTree& t, std::optional<uint16_t> nic_port_acs) {
  const std::string rp = "pci0000:d0/0000:d0:01.0";
  const std::string sw = rp + "/0000:d7:00.0";
  add_fn(t, {rp, "0x8086", "0x060400", 1, kGen5, kGen5, "16", "16", config_space(0x2000, 0)});
  add_fn(t, {sw, "0x1000", "0x060400", 1, kGen5, kGen5, "16", "16", config_space(0x2000, 0)});
  add_fn(t, {sw + "/0000:d8:00.0", "0x1000", "0x060400", 1, kGen5, kGen5, "16", "16",
             config_space(0x2000, 0)});
  add_fn(t, {sw + "/0000:d8:01.0", "0x1000", "0x060400", 1, kGen5, kGen5, "16", "16",
             config_space(0x2000, nic_port_acs)});
  add_fn(t, {sw + "/0000:d8:00.0/0000:d9:00.0", "0x10de", "0x030200", 1, kGen5, kGen5, "16", "16",
             config_space(0x2000, std::nullopt)});
  add_fn(t, {sw + "/0000:d8:01.0/0000:da:00.0", "0x15b3", "0x020000", 1, kGen5, kGen5, "16", "16",
             config_space(kNicDevCtl, std::nullopt)});
}

// Socket 0: a NIC on root port 3a:00.0, trained down to 8 GT/s x8.
void socket0_nic(const test::FsTree& t) {
  add_fn(t, {"pci0000:3a/0000:3a:00.0", "0x8086", "0x060400", 0, "16.0 GT/s PCIe", "16.0 GT/s PCIe",
             "16", "16", config_space(0x2000, 0)});
  add_fn(t, {"pci0000:3a/0000:3a:00.0/0000:3b:00.0", "0x15b3", "0x020000", 0, "8.0 GT/s PCIe",
             "16.0 GT/s PCIe", "8", "16", config_space(0x2020, std::nullopt)});
}

host::Netdev nic(const std::string& name, const std::string& bdf, const std::string& rdma = "") {
  host::Netdev n;
  n.name = name;
  n.rdma_device = rdma;
  n.driver = "mlx5_core";
  n.pci_bdf = bdf;
  return n;
}

std::vector<std::string> pcie_lines(const std::vector<doctor::Finding>& f) {
  std::vector<std::string> out;
  for (const doctor::Finding& x : f)
    out.push_back(fmt::format("{} {}", doctor::to_string(x.severity), x.seen));
  return out;
}

// nvidia-smi topo -m of this tree in the two layouts nvidia-smi prints: NICs
// named by RDMA device in the header (as in nccl-tests issue #78), and NICs
// as NIC0... with a "NIC Legend:" block (recent drivers).
const std::optional<std::string> kTopoOld =
    R"(	GPU0	mlx5_0	mlx5_1	CPU Affinity	NUMA Affinity
GPU0	 X 	PIX	SYS	48-95	1
mlx5_0	PIX	 X 	SYS
mlx5_1	SYS	SYS	 X 

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  PIX  = Connection traversing at most a single PCIe bridge
)";
const std::optional<std::string> kTopoLegend =
    R"(	GPU0	NIC0	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	PXB	48-95	1		N/A
NIC0	PXB	 X 				

Legend:

  X    = Self
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge

NIC Legend:

  NIC0: mlx5_0
)";

}  // namespace

TEST_SUITE("doctor.pcie") {
  TEST_CASE("path classes from the sysfs paths: PIX, PXB, PHB, NODE, SYS") {
    test::FsTree t;
    hgx_socket1(t, std::nullopt);
    socket0_nic(t);
    host::FsRoot fs(t.root());
    auto nic1 = host::locate_pci(fs, "0000:da:00.0");
    auto gpu = host::locate_pci(fs, "0000:d9:00.0");
    auto nic0 = host::locate_pci(fs, "0000:3b:00.0");
    REQUIRE(nic1);
    REQUIRE(gpu);
    REQUIRE(nic0);
    CHECK(nic1->root_complex == "pci0000:d0");
    CHECK(nic1->bridges ==
          std::vector<std::string>{"0000:d0:01.0", "0000:d7:00.0", "0000:d8:01.0"});
    CHECK(nic1->numa_node == 1);
    CHECK(host::path_class(*nic1, *gpu) == host::PathClass::pix);
    CHECK(host::p2p_bridges(*nic1, *gpu) ==
          std::vector<std::string>{"0000:d7:00.0", "0000:d8:01.0", "0000:d8:00.0"});
    CHECK(host::path_class(*nic0, *gpu) == host::PathClass::sys);
    // Synthetic variations of the same paths for the other classes.
    host::PciFunction deeper = *gpu;
    deeper.bridges.push_back("0000:e0:00.0");
    CHECK(host::path_class(*nic1, deeper) == host::PathClass::pxb);
    host::PciFunction other_port = *gpu;
    other_port.bridges = {"0000:d0:03.0"};
    CHECK(host::path_class(*nic1, other_port) == host::PathClass::phb);
    host::PciFunction same_node = *nic0;
    same_node.numa_node = 1;
    CHECK(host::path_class(same_node, *gpu) == host::PathClass::node);
    CHECK(host::find_gpus(fs) == std::vector<std::string>{"0000:d9:00.0"});
  }

  TEST_CASE("MaxReadReq unknown: said why (unprivileged read, or conventional PCI)") {
    test::FsTree t;
    socket0_nic(t);
    host::FsRoot fs(t.root());
    const std::string cfg = "/sys/devices/pci0000:3a/0000:3a:00.0/0000:3b:00.0/config";
    auto mrr = [&] {
      std::vector<doctor::Finding> out;
      doctor::check_pcie_placement(fs, {nic("ens0np0", "0000:3b:00.0")}, {}, std::nullopt, out);
      return pcie_lines(out).at(0);
    };
    t.write(cfg, config_space(0x2020, std::nullopt).substr(0, 64));  // what non-root reads
    CHECK(mrr() ==
          "info ens0np0 (0000:3b:00.0): MaxReadReq unknown (the PCI Express capability is beyond "
          "the config bytes readable here; run as root)");
    t.write(cfg, std::string(256, '\0'));  // a conventional PCI function (virtio legacy)
    CHECK(mrr() ==
          "info ens0np0 (0000:3b:00.0): MaxReadReq unknown (no PCI Express capability: a "
          "conventional PCI function)");
  }

  TEST_CASE("a netdev's PCI function: itself, or the one above a virtio device") {
    test::FsTree t;
    // virtio-net: /sys/class/net/eth0/device -> virtio2, under 0000:00:03.0.
    const std::string fn = "/sys/devices/pci0000:00/0000:00:03.0";
    t.dir(fn + "/virtio2/net/eth0");
    t.link(fn + "/virtio2/net/eth0/device", "../../../virtio2");
    t.link("/sys/class/net/eth0", "../../devices/pci0000:00/0000:00:03.0/virtio2/net/eth0");
    t.dir("/sys/devices/virtual/net/veth0");
    t.link("/sys/class/net/veth0", "../../devices/virtual/net/veth0");
    host::FsRoot fs(t.root());
    CHECK(host::pci_function_of(fs, "eth0") == "0000:00:03.0");
    CHECK_FALSE(host::pci_function_of(fs, "veth0"));
    CHECK(host::is_pci_address("0000:3b:00.0"));
    CHECK_FALSE(host::is_pci_address("virtio2"));
  }

  TEST_CASE("config space: MaxReadReq, MaxPayload and ACS Control as lspci decodes them") {
    host::PcieConfig c = host::parse_pcie_config(config_space(kNicDevCtl, kAcsOn));
    CHECK(c.extended_read);
    CHECK(c.max_read_request_bytes == 4096u);
    CHECK(c.max_payload_bytes == 256u);
    REQUIRE(c.acs_control);
    CHECK(host::acs_control_text(*c.acs_control) ==
          "SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-");
    CHECK(host::acs_redirects_p2p(*c.acs_control));
    CHECK_FALSE(host::acs_redirects_p2p(0x0011));  // SrcValid+ UpstreamFwd+ only
    // An unprivileged read: 64 bytes, no capability list reached, ACS unknown.
    host::PcieConfig user = host::parse_pcie_config(config_space(kNicDevCtl, kAcsOn).substr(0, 64));
    CHECK_FALSE(user.extended_read);
    CHECK_FALSE(user.acs_control);
    CHECK_FALSE(user.max_read_request_bytes);
    // A looping capability list ends.
    std::string loop = config_space(kNicDevCtl, std::nullopt);
    loop[0x40] = 0x09;
    loop[0x41] = 0x40;
    CHECK_FALSE(host::parse_pcie_config(loop).max_read_request_bytes);
  }

  TEST_CASE("two rails: one beside its GPU behind an ACS-enabled port, one across the socket") {
    test::FsTree t;
    hgx_socket1(t, kAcsOn);
    socket0_nic(t);
    host::FsRoot fs(t.root());
    std::vector<doctor::Finding> out;
    auto stats = [](const std::string& ifname) -> Result<probe::CounterMap> {
      if (ifname == "ens1np0")
        return probe::CounterMap{{"ens1np0:outbound_pci_stalled_rd", 0},
                                 {"ens1np0:outbound_pci_stalled_wr", 0}};
      return probe::CounterMap{{"ens0np0:outbound_pci_stalled_rd", 1843},
                               {"ens0np0:outbound_pci_stalled_wr", 0}};
    };
    doctor::check_pcie_placement(
        fs, {nic("ens1np0", "0000:da:00.0", "mlx5_0"), nic("ens0np0", "0000:3b:00.0", "mlx5_1")},
        stats, kTopoOld, out);
    CHECK(pcie_lines(out) ==
          std::vector<std::string>{
              "info ens1np0 (0000:da:00.0): MaxReadReq 4096 bytes, MaxPayload 256 bytes",
              "ok ens1np0: no PCIe stalls (outbound_pci_stalled_*)",
              "ok ens1np0 (0000:da:00.0, NUMA 1): nearest GPU 0000:d9:00.0 (NUMA 1) is PIX "
              "(same PCIe switch)",
              "PROBLEM ens1np0: ACS redirects peer-to-peer on bridge 0000:d8:01.0 (ACSCtl "
              "SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-) "
              "between the NIC and GPU 0000:d9:00.0",
              "info ens1np0: nvidia-smi topo -m puts mlx5_0 PIX to GPU0, as sysfs does",
              "info ens0np0 (0000:3b:00.0): MaxReadReq 512 bytes, MaxPayload 256 bytes",
              "warning ens0np0: PCIe stalls since the driver loaded: "
              "ens0np0:outbound_pci_stalled_rd=1843",
              "PROBLEM ens0np0 (0000:3b:00.0, NUMA 0): nearest GPU 0000:d9:00.0 (NUMA 1) is SYS "
              "(across sockets)",
              "info ens0np0: nvidia-smi topo -m puts mlx5_1 SYS to GPU0, as sysfs does"});
  }

  TEST_CASE("ACS off on the path: said as checked; no GPU: said once, not guessed") {
    test::FsTree t;
    hgx_socket1(t, 0x0000);
    host::FsRoot fs(t.root());
    std::vector<doctor::Finding> out;
    doctor::check_pcie_placement(fs, {nic("ens1np0", "0000:da:00.0", "mlx5_0")}, {}, kTopoLegend,
                                 out);
    std::vector<std::string> lines = pcie_lines(out);
    REQUIRE(lines.size() == 4);
    CHECK(lines[2] == "ok ens1np0: no ACS redirect between the NIC and GPU 0000:d9:00.0");
    // The NIC Legend maps NIC0 to mlx5_0; nvidia-smi's PXB against the
    // tree's PIX is said as a disagreement.
    CHECK(lines[3] ==
          "warning ens1np0: nvidia-smi topo -m puts mlx5_0 PXB to GPU0; sysfs says PIX");
    CHECK(host::parse_nvidia_smi_topo("no matrix here\n").error().to_string() ==
          "nvidia-smi topo -m: no matrix (a header of GPU0 ... and rows of classes)");

    test::FsTree bare;
    socket0_nic(bare);
    host::FsRoot bare_fs(bare.root());
    std::vector<doctor::Finding> none;
    host::Netdev veth;
    veth.name = "veth0";
    doctor::check_pcie_placement(bare_fs, {nic("ens0np0", "0000:3b:00.0"), veth}, {}, std::nullopt,
                                 none);
    CHECK(pcie_lines(none).back() ==
          "info no NVIDIA GPU on this host (no PCI function of vendor 0x10de, class 0x03): "
          "NIC-GPU placement not judged");
    CHECK(none.size() == 2);  // MaxReadReq, no GPU; nothing for the veth
  }
}
