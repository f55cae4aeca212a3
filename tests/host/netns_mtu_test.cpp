// rtnetlink against the real kernel: apply/audit MTU on a veth pair in a
// namespace of our own, checked with iproute2; DCB on veth unsupported, the rest applied.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "host/host_session.h"
#include "host/linux_host.h"
#include "netns_fixture.h"

using namespace rocecfg;
using rocecfg::test::sh;

namespace {

uint32_t ip_mtu(const test::NetnsFixture& ns, const std::string& ifname) {
  auto j = nlohmann::json::parse(sh(ns.ip("-j link show " + ifname)));
  return j.at(0).at("mtu").get<uint32_t>();
}

model::Settings mtu_intent(uint32_t mtu) {
  model::Settings s;
  s.mtu_bytes = mtu;
  return s;
}

// The backend as rocecfg builds it. Constructed after the test's
// NetnsFixture, so its route socket talks to the test namespace.
struct HostBackend {
  host::FsRoot fs{"/"};
  host::NlSockPtr sock = host::open_route_socket().value();
  host::LinuxHost host{fs, sock.get()};
};

}  // namespace

TEST_SUITE("netns") {
  TEST_CASE("apply sets the MTU, audit agrees, hand-made drift is found and repaired" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    HostBackend b;
    host::LinuxHost& backend = b.host;
    std::vector<std::string> ifs{"rcfg0", "rcfg1"};

    host::SessionReport applied = host::run_apply(backend, ifs, mtu_intent(9000), false);
    CHECK(applied.exit_code == 0);
    REQUIRE(applied.applied);
    CHECK(applied.applied->complete());
    CHECK(applied.plan.changes() == 2);
    CHECK(ip_mtu(ns, "rcfg0") == 9000);
    CHECK(ip_mtu(ns, "rcfg1") == 9000);

    host::SessionReport audit = host::run_audit(backend, ifs, mtu_intent(9000));
    CHECK(audit.exit_code == 0);
    CHECK(host::render_audit_text(audit, false) == "no drift\n");

    sh(ns.ip("link set rcfg1 mtu 1500"));
    audit = host::run_audit(backend, ifs, mtu_intent(9000));
    CHECK(audit.exit_code == 1);
    CHECK(host::render_audit_text(audit, false) ==
          "drift (observed -> profile):\n"
          "TARGET  KNOB  BEFORE    AFTER\n"
          "rcfg1   mtu   1500   -> 9000\n");
    nlohmann::json j = host::to_json(audit);
    CHECK(j["exit_code"] == 1);
    CHECK(j["plan"]["steps"].size() == 1);

    applied = host::run_apply(backend, ifs, mtu_intent(9000), false);
    CHECK(applied.exit_code == 0);
    CHECK(ip_mtu(ns, "rcfg1") == 9000);

    host::SessionReport again = host::run_apply(backend, ifs, mtu_intent(9000), false);
    CHECK(again.exit_code == 0);
    CHECK_FALSE(again.applied);
    CHECK(host::render_apply_text(again, false) == "nothing to do\n");
  }

  TEST_CASE("dry run prints the plan and changes nothing" * doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    HostBackend b;
    host::LinuxHost& backend = b.host;
    host::SessionReport r = host::run_apply(backend, {"rcfg0"}, mtu_intent(4000), true);
    CHECK(r.exit_code == 0);
    CHECK(host::render_apply_text(r, false) ==
          "warning: rcfg0: MTU 4000 limits the RoCE path MTU to 2048 (4096 needs a netdev MTU of "
          "at least 4192)\n"
          "plan:\n"
          "TARGET  KNOB  BEFORE    AFTER\n"
          "rcfg0   mtu   1500   -> 4000\n"
          "dry run: nothing changed\n");
    CHECK(ip_mtu(ns, "rcfg0") == 1500);
  }

  TEST_CASE("DCB on veth: PFC unsupported with its reason, the MTU applied, exit 0" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    HostBackend b;
    host::LinuxHost& backend = b.host;
    model::Settings intent = mtu_intent(9000);
    intent.pfc_enabled = PriorityMask(0x08);
    // audit first: the MTU is drift (exit 1), PFC a warning naming why.
    host::SessionReport a = host::run_audit(backend, {"rcfg0"}, intent);
    CHECK(a.exit_code == 1);
    CHECK(host::render_audit_text(a, false) ==
          "drift (observed -> profile):\n"
          "TARGET  KNOB  BEFORE    AFTER\n"
          "rcfg0   mtu   1500   -> 9000\n"
          "unsupported: rcfg0: pfc: not supported by this netdev (virtual, veth: no DCB)\n");

    // apply: what applies is applied; README "Unsupported knobs": exit 0.
    host::SessionReport r = host::run_apply(backend, {"rcfg0"}, intent, false);
    CHECK(r.exit_code == 0);
    CHECK_FALSE(r.refused);
    CHECK(host::render_apply_text(r, false) ==
          "plan:\n"
          "TARGET  KNOB  BEFORE    AFTER\n"
          "rcfg0   mtu   1500   -> 9000\n"
          "unsupported: rcfg0: pfc: not supported by this netdev (virtual, veth: no DCB)\n"
          "result:\n"
          "TARGET  KNOB  BEFORE    AFTER\n"
          "rcfg0   mtu   1500   -> 9000  [applied]\n");
    CHECK(ip_mtu(ns, "rcfg0") == 9000);

    // --strict: the unsupported knob makes the apply incomplete (exit 1).
    HostBackend again;
    host::SessionReport s =
        host::run_apply(again.host, {"rcfg0"}, intent, false, {/*strict=*/true, "", {}, ""});
    CHECK(s.exit_code == 1);
  }

  TEST_CASE("a kernel refusal on the second interface rolls back the first" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    // macvlan cannot exceed its lower device's MTU: the kernel says EINVAL.
    sh(ns.ip("link add link rcfg1 name rcfgm type macvlan"));
    HostBackend b;
    host::LinuxHost& backend = b.host;
    host::SessionReport r = host::run_apply(backend, {"rcfg0", "rcfgm"}, mtu_intent(9000), false);
    CHECK(r.exit_code == 3);
    REQUIRE(r.applied);
    CHECK(r.applied->failed);
    CHECK(r.applied->rollback_clean);
    REQUIRE(r.applied->results.size() == 2);
    CHECK(r.applied->results[0].outcome == plan::Outcome::rolled_back);
    CHECK(r.applied->results[1].outcome == plan::Outcome::failed);
    CHECK(r.applied->results[1].detail.find("rcfgm: setting MTU 9000") != std::string::npos);
    CHECK(ip_mtu(ns, "rcfg0") == 1500);
    CHECK(ip_mtu(ns, "rcfgm") == 1500);
  }

  TEST_CASE("an interface that does not exist is refused before anything changes" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    HostBackend b;
    host::LinuxHost& backend = b.host;
    host::SessionReport r = host::run_apply(backend, {"rcfg0", "nosuch0"}, mtu_intent(9000), false);
    CHECK(r.exit_code == 3);
    CHECK(host::render_apply_text(r, false) ==
          "error: nosuch0: no such interface\n"
          "nothing changed\n");
    CHECK(ip_mtu(ns, "rcfg0") == 1500);
  }

  TEST_CASE("auditing an interface that does not exist is an error, not drift" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    HostBackend b;
    host::LinuxHost& backend = b.host;
    host::SessionReport r = host::run_audit(backend, {"nosuch0"}, mtu_intent(9000));
    CHECK(r.exit_code == 3);
    CHECK(r.plan.empty());
    CHECK(host::render_audit_text(r, false) ==
          "error: nosuch0: no such interface\n"
          "no drift in what could be read\n");
    // With a real drift next to it, the drift is still listed but the exit
    // code says the audit was incomplete.
    host::SessionReport both = host::run_audit(backend, {"rcfg0", "nosuch0"}, mtu_intent(9000));
    CHECK(both.exit_code == 3);
    REQUIRE(both.plan.steps.size() == 1);
    CHECK(both.plan.steps[0].target == "rcfg0");
  }
}
