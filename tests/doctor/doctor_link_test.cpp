// Doctor's link-layer rules on what the ethtool ioctls return (the lab's
// doctor_link.sh runs them against dcbsim and veth through the real ioctls).
#include "doctor/doctor_link.h"

#include <doctest/doctest.h>

using namespace rocecfg;
using namespace rocecfg::doctor;

TEST_SUITE("doctor.link") {
  TEST_CASE("global pause together with PFC is a problem naming both and the fix") {
    std::vector<Finding> out;
    check_link_pause("eth0", host::LinkPause{false, true, true}, PriorityMask(0x08), out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].severity == Severity::problem);
    CHECK(out[0].seen == "eth0: link-level pause rx on tx on together with PFC on priority 3");
    CHECK(out[0].fix ==
          "`ethtool -A eth0 autoneg off rx off tx off`, and link-level flow control off on the "
          "switch port");
  }

  TEST_CASE("global pause without PFC is a design, reported as such; off is ok") {
    std::vector<Finding> out;
    check_link_pause("eth0", host::LinkPause{true, true, false}, PriorityMask{}, out);
    check_link_pause("eth1", host::LinkPause{}, PriorityMask(0x08), out);
    REQUIRE(out.size() == 2);
    CHECK(out[0].severity == Severity::info);
    CHECK(out[0].seen == "eth0: link-level pause rx on tx off (autonegotiated) without PFC");
    CHECK(out[1].severity == Severity::ok);
    CHECK(out[1].seen == "eth1: link-level pause rx off tx off");
  }

  TEST_CASE("a driver without pause settings says nothing; other errors are shown") {
    std::vector<Finding> out;
    check_link_pause("veth0", std::unexpected(Error{ErrorKind::unsupported, "veth0", "x"}),
                     PriorityMask(0x08), out);
    CHECK(out.empty());
    check_link_pause("eth0", std::unexpected(Error{ErrorKind::permission, "eth0", "denied"}),
                     PriorityMask(0x08), out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].seen == "link-level pause unreadable: eth0: denied");
  }

  TEST_CASE("offloads: capture modes left on warn with the exact command; the rest is listed") {
    std::vector<Finding> out;
    host::Offloads f{{"rx-checksum", true},
                     {"tx-checksum-ip-generic", true},
                     {"rx-gro", false},
                     {"rx-fcs", true},
                     {"rx-all", true},
                     {"hw-tc-offload", false},
                     {"tx-tcp-segmentation", true}};
    check_offloads("eth0", f, out);
    REQUIRE(out.size() == 2);
    CHECK(out[0].severity == Severity::warning);
    CHECK(out[0].seen == "eth0: rx-fcs, rx-all on");
    CHECK(out[0].fix == "`ethtool -K eth0 rx-fcs off rx-all off`");
    CHECK(out[1].severity == Severity::info);
    CHECK(out[1].seen ==
          "eth0: rx-checksum on, tx-checksum-ip-generic on, tx-tcp-segmentation on, rx-gro off, "
          "hw-tc-offload off");
    out.clear();
    check_offloads("eth0", host::Offloads{{"rx-gro", true}}, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].severity == Severity::ok);
    CHECK(out[0].seen == "eth0: rx-gro on");
  }
}
