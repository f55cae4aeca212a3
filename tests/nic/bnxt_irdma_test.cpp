// bnxt_re configfs (hex values, apply, mkdir/rmdir) and irdma's honest
// "unsupported", against temporary trees.
#include <doctest/doctest.h>

#include "fs_tree.h"
#include "nic/registry.h"

using namespace rocecfg;
using model::Knob;

namespace {

host::Netdev bnxt() {
  host::Netdev n;
  n.name = "ens2f0np0";
  n.driver = "bnxt_en";
  n.rdma_device = "bnxt_re0";
  n.rdma_port = 1;
  return n;
}

}  // namespace

TEST_SUITE("bnxt_re") {
  TEST_CASE("values are written as 0x hex and committed with apply") {
    test::FsTree t;
    const std::string cc = "/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/";
    for (const char* f : {"ecn_enable", "roce_prio", "cnp_prio", "cnp_dscp", "apply"})
      t.write(cc + f, "0x0\n");
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(bnxt(), fs);
    REQUIRE(a);
    CHECK(a->family() == "bnxt_re (configfs cc/)");
    model::Settings want;
    want.cnp = model::Cnp{Dscp::unchecked(48), Priority::unchecked(7)};
    want.dcqcn = model::Dcqcn{true, {}};
    want.ecn_priorities = PriorityMask(0x08);
    REQUIRE(a->write(Knob::cnp, want));
    CHECK(t.read(cc + "cnp_dscp") == "0x30");  // 48, not "48" (which the driver reads as 72)
    CHECK(t.read(cc + "cnp_prio") == "0x7");
    CHECK(t.read(cc + "apply") == "0x1");
    REQUIRE(a->write(Knob::dcqcn, want));
    REQUIRE(a->write(Knob::ecn_priorities, want));
    CHECK(t.read(cc + "ecn_enable") == "0x1");
    CHECK(t.read(cc + "roce_prio") == "0x3");

    // the driver prints bare hex too; both read back
    t.write(cc + "cnp_dscp", "30\n");
    model::Settings seen;
    REQUIRE(a->read(Knob::cnp, seen));
    REQUIRE(a->read(Knob::ecn_priorities, seen));
    CHECK(seen.cnp == model::Cnp{Dscp::unchecked(48), Priority::unchecked(7)});
    CHECK(seen.ecn_priorities == PriorityMask(0x08));
    // the device directory existed before: left in place
    CHECK(fs.is_dir("/sys/kernel/config/bnxt_re/bnxt_re0"));
  }

  TEST_CASE("what bnxt_re cannot express is unsupported") {
    test::FsTree t;
    t.dir("/sys/kernel/config/bnxt_re");
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(bnxt(), fs);
    model::Settings want;
    want.ecn_priorities = PriorityMask(0x18);
    want.dcqcn = model::Dcqcn{true, {{"rp_ai_rate_mbps", 5}}};
    CHECK(a->unsupported(Knob::ecn_priorities, want) ==
          "bnxt_re marks ECN on exactly one RoCE priority (roce_prio)");
    CHECK(a->unsupported(Knob::dcqcn, want) ==
          "bnxt_re's DCQCN parameters (g, init_cr, inact_th, ...) do not map to rocecfg's");
    test::FsTree bare;
    auto inbox = nic::make_adapter(bnxt(), host::FsRoot(bare.root()));
    CHECK(inbox->unsupported(Knob::cnp, want) ==
          "/sys/kernel/config/bnxt_re is missing: needs Broadcom's out-of-tree bnxt_re");
  }
}

TEST_SUITE("irdma") {
  TEST_CASE("inbox and out-of-tree irdma: each knob unsupported, saying what is needed") {
    test::FsTree t;
    host::Netdev n;
    n.name = "ens3f0";
    n.driver = "ice";
    model::Settings want;
    want.dcqcn = model::Dcqcn{true, {}};
    auto inbox = nic::make_adapter(n, host::FsRoot(t.root()));
    REQUIRE(inbox);
    CHECK(inbox->family() == "irdma (inbox)");
    CHECK(inbox->unsupported(Knob::dcqcn, want) ==
          "the inbox irdma driver exposes no ECN/DCQCN/CNP controls; they need Intel's "
          "out-of-tree irdma (module parameters dcqcn_*)");
    t.write("/sys/module/irdma/parameters/dcqcn_enable", "N\n");
    auto oot = nic::make_adapter(n, host::FsRoot(t.root()));
    CHECK(oot->family() == "irdma (out-of-tree)");
    CHECK(oot->unsupported(Knob::dcqcn, want)->starts_with("out-of-tree irdma sets DCQCN"));
  }
}
