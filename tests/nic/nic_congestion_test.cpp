// Which congestion control a NIC runs (its enable bits, where the driver
// exposes them) against the profile's [congestion] algorithm: the real
// adapters on temporary trees shaped like MLNX_OFED's sysfs ecn/ and
// upstream mlx5's debugfs cc_params.
#include <cstdio>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "fs_tree.h"
#include "host/nic_congestion.h"
#include "nic/registry.h"
#include "nic_fixtures.h"

using namespace rocecfg;
using model::CongestionAlgorithm;

namespace {

// MLNX_OFED ecn/: reaction point and notification point enables per priority.
void ofed_enables(const test::FsTree& t, unsigned rp_mask, unsigned np_mask) {
  const std::string e = "/sys/class/net/ens1f0np0/ecn/";
  for (unsigned p = 0; p < 8; ++p) {
    t.line(e + "roce_rp/enable/" + std::to_string(p), (rp_mask >> p & 1) ? "1" : "0");
    t.line(e + "roce_np/enable/" + std::to_string(p), (np_mask >> p & 1) ? "1" : "0");
  }
}

std::vector<std::string> notes_for(const host::FsRoot& fs, std::optional<CongestionAlgorithm> a,
                                   bool has_dcqcn = false) {
  auto adapter = nic::make_adapter(test::mlx5_netdev(), fs);
  return host::congestion_notes(a, has_dcqcn,
                                host::read_nic_congestion(adapter.get(), "mlx5_core"));
}

constexpr const char* kSrc =
    "/sys/class/net/ens1f0np0/ecn/roce_rp/enable, /sys/class/net/ens1f0np0/ecn/roce_np/enable";

}  // namespace

TEST_SUITE("nic.congestion") {
  TEST_CASE("OFED: DCQCN running on a pfc-only profile is said, with the fix") {
    test::FsTree t;
    ofed_enables(t, 0xff, 0x08);
    host::FsRoot fs(t.root());
    CHECK(notes_for(fs, CongestionAlgorithm::pfc_only) ==
          std::vector<std::string>{fmt::format(
              "congestion.algorithm is pfc-only but the NIC runs DCQCN rate control on priorities "
              "0,1,2,3,4,5,6,7 ({}): harmless only while no switch marks ECN on them; add [dcqcn] "
              "enabled = "
              "false and apply",
              kSrc)});
    CHECK(notes_for(fs, CongestionAlgorithm::programmable) ==
          std::vector<std::string>{fmt::format(
              "congestion.algorithm is programmable but the NIC runs DCQCN rate control on "
              "priorities 0,1,2,3,4,5,6,7 ({}): two algorithms would both slow the senders; add "
              "[dcqcn] "
              "enabled = false and apply",
              kSrc)});
    // With [dcqcn] in the profile the plan compares the reaction point already.
    CHECK(notes_for(fs, CongestionAlgorithm::pfc_only, true).empty());
    // DCQCN intended and running: nothing to say; nothing stated: nothing said.
    CHECK(notes_for(fs, CongestionAlgorithm::dcqcn).empty());
    CHECK(notes_for(fs, std::nullopt).empty());
  }

  TEST_CASE("OFED: a dcqcn profile on a NIC with DCQCN and CNPs off") {
    test::FsTree t;
    ofed_enables(t, 0x00, 0x00);
    host::FsRoot fs(t.root());
    CHECK(notes_for(fs, CongestionAlgorithm::dcqcn) ==
          std::vector<std::string>{
              fmt::format("congestion.algorithm is dcqcn but the NIC runs no DCQCN rate control "
                          "(reaction point off on every priority; {}): senders ignore CNPs; add "
                          "[dcqcn] enabled = true and apply",
                          kSrc),
              fmt::format("congestion.algorithm is dcqcn but the NIC sends no CNPs (notification "
                          "point off on every priority; {}): ECN marks reach no sender; enable "
                          "ECN on the lossless priority ([ecn] priorities) and apply",
                          kSrc)});
    CHECK(notes_for(fs, CongestionAlgorithm::pfc_only).empty());
  }

  TEST_CASE("upstream mlx5 and drivers without an adapter: unknown, never guessed") {
    test::FsTree t;
    t.line("/sys/kernel/debug/mlx5/0000:3b:00.0/cc_params/rp_ai_rate", "5");
    host::FsRoot fs(t.root());
    CHECK(notes_for(fs, CongestionAlgorithm::pfc_only) ==
          std::vector<std::string>{
              "congestion control unknown (profile: pfc-only): mlx5 upstream (debugfs "
              "cc_params) exposes no congestion-control enable bits (the firmware decides: NV "
              "setting ROCE_CC_PRIO_MASK)"});
    CHECK(host::congestion_notes(CongestionAlgorithm::dcqcn, false,
                                 host::read_nic_congestion(nullptr, "veth")) ==
          std::vector<std::string>{"congestion control unknown (profile: dcqcn): no ECN/DCQCN "
                                   "adapter for driver 'veth'"});
  }

  TEST_CASE("OFED: an unreadable enable file is unknown with the error") {
    test::FsTree t;
    ofed_enables(t, 0xff, 0xff);
    t.write("/sys/class/net/ens1f0np0/ecn/roce_np/enable/3", "");
    std::remove(t.path("/sys/class/net/ens1f0np0/ecn/roce_np/enable/3").c_str());
    host::FsRoot fs(t.root());
    CHECK(notes_for(fs, CongestionAlgorithm::dcqcn) ==
          std::vector<std::string>{
              "congestion control unknown (profile: dcqcn): not readable: "
              "/sys/class/net/ens1f0np0/ecn/roce_np/enable/3: No such file or directory"});
  }
}
