// End to end in the QEMU lab (tests/lab): rocecfg's host backend against the
// real kernel dcbnl code on dcbsim0 (a netdev whose dcbnl_ops keep state),
// with iproute2's `dcb` as the independent reader and writer, and rdma_cm
// configfs on rxe0. Not a CTest test by itself: tests/host/lab/*.sh run one
// test case each inside the guest (see tests/host/CMakeLists.txt).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <functional>

#include "host/host_session.h"
#include "host/linux_host.h"
#include "netns_fixture.h"

using namespace rocecfg;
using nlohmann::json;
using rocecfg::test::sh;

namespace {

const std::string kDev = "dcbsim0";

json dcb(const std::string& what) {
  return json::parse(sh("dcb -j " + what + " show dev " + kDev));
}

// The profile's lossless design: priority 3 lossless on TC1, DSCP 26 -> 3,
// CNP-ish DSCP 48 -> 6, 30 m cables, a dedicated buffer for priority 3.
model::Settings lossless() {
  model::Settings s;
  s.mtu_bytes = 9000;
  model::Ets ets;
  ets.prio_tc = model::prio_tc_array({0, 0, 0, 1, 0, 0, 2, 0});
  ets.tc_tsa = {model::Tsa::ets,    model::Tsa::ets,    model::Tsa::strict, model::Tsa::strict,
                model::Tsa::strict, model::Tsa::strict, model::Tsa::strict, model::Tsa::strict};
  ets.tc_bandwidth_percent = {40, 60, 0, 0, 0, 0, 0, 0};
  s.ets = ets;
  model::Buffers b;
  b.prio_buffer = std::array<uint8_t, 8>{0, 0, 0, 1, 0, 0, 0, 0};
  b.buffer_size_bytes = std::array<uint64_t, 8>{262144, 131072, 0, 0, 0, 0, 0, 0};
  b.cable_length_m = 30;
  s.buffers = b;
  s.pfc_enabled = PriorityMask(0x08);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
  return s;
}

struct Lab {
  host::FsRoot fs{"/"};
  host::NlSockPtr sock;
  std::unique_ptr<host::LinuxHost> backend;
  Lab() {
    auto s = host::open_route_socket();
    REQUIRE(s);
    sock = std::move(*s);
    backend = std::make_unique<host::LinuxHost>(fs, sock.get());
  }
  // A fresh backend: what a second `rocecfg` invocation would see.
  host::LinuxHost& fresh() {
    backend = std::make_unique<host::LinuxHost>(fs, sock.get());
    return *backend;
  }
};

uint32_t ip_mtu(const std::string& ifname) {
  return json::parse(sh("ip -j link show " + ifname)).at(0).at("mtu").get<uint32_t>();
}

void fail_ops(const std::string& ops) {
  std::ofstream("/sys/module/dcbsim/parameters/fail_ops") << ops;
}

}  // namespace

TEST_SUITE("lab") {
  TEST_CASE("dcb_apply: PFC, ETS, buffers and DSCP map reach the driver; dcb reads them back") {
    Lab lab;
    host::SessionReport r = host::run_apply(lab.fresh(), {kDev}, lossless(), false);
    INFO(host::render_apply_text(r, true));
    CHECK(r.exit_code == 0);
    REQUIRE(r.applied);
    CHECK(r.applied->complete());

    json pfc = dcb("pfc");
    CHECK(pfc["prio_pfc"] == json::array({false, false, false, true, false, false, false, false}));
    CHECK(pfc["delay"] == 30);
    json ets = dcb("ets");
    CHECK(ets["prio_tc"] == json::array({0, 0, 0, 1, 0, 0, 2, 0}));
    CHECK(ets["tc_bw"] == json::array({40, 60, 0, 0, 0, 0, 0, 0}));
    CHECK(ets["tc_tsa"][0] == "ets");
    CHECK(ets["tc_tsa"][2] == "strict");
    CHECK(ets["willing"] == false);
    json buf = dcb("buffer");
    CHECK(buf["prio_buffer"] == json::array({0, 0, 0, 1, 0, 0, 0, 0}));
    CHECK(buf["buffer_size"] == json::array({262144, 131072, 0, 0, 0, 0, 0, 0}));
    CHECK(dcb("app")["dscp_prio"] == json::parse("[[26,3],[48,6]]"));
    CHECK(sh("cat /sys/kernel/debug/dcbsim/dcbsim0/trust") == "dscp\n");
    CHECK(ip_mtu(kDev) == 9000);

    host::SessionReport audit = host::run_audit(lab.fresh(), {kDev}, lossless());
    CHECK(host::render_audit_text(audit, false) == "no drift\n");
    CHECK(audit.exit_code == 0);
    host::SessionReport again = host::run_apply(lab.fresh(), {kDev}, lossless(), false);
    CHECK(host::render_apply_text(again, false) == "nothing to do\n");
  }

  TEST_CASE(
      "dcb_drift: changes made with dcb show up in audit, apply repairs them make-before-break") {
    Lab lab;
    REQUIRE(host::run_apply(lab.fresh(), {kDev}, lossless(), false).exit_code == 0);
    sh("dcb pfc set dev dcbsim0 prio-pfc 3:off 4:on");
    sh("dcb app replace dev dcbsim0 dscp-prio 26:5");
    host::SessionReport audit = host::run_audit(lab.fresh(), {kDev}, lossless());
    CHECK(audit.exit_code == 1);
    CHECK(host::render_audit_text(audit, false) ==
          "drift (observed -> profile):\n"
          "TARGET   KNOB      BEFORE       AFTER\n"
          "dcbsim0  pfc       4         -> 3\n"
          "dcbsim0  dscp_map  26:5,48:6 -> 26:3,48:6\n");
    sh("echo 0 > /sys/kernel/debug/dcbsim/dcbsim0/calls");
    host::SessionReport fix = host::run_apply(lab.fresh(), {kDev}, lossless(), false);
    CHECK(fix.exit_code == 0);
    CHECK(dcb("app")["dscp_prio"] == json::parse("[[26,3],[48,6]]"));
    CHECK(dcb("pfc")["prio_pfc"][3] == true);
    CHECK(dcb("pfc")["prio_pfc"][4] == false);
    // one add of the replacement, one delete of the superseded entry (the
    // order, add first, is pinned by dscp_delta's unit test)
    CHECK(sh("grep -E '^(setapp|delapp|setpfc) ' /sys/kernel/debug/dcbsim/dcbsim0/calls") ==
          "setpfc 1\nsetapp 1\ndelapp 1\n");
  }

  TEST_CASE("dcb_rollback: a driver refusal undoes the completed steps in reverse order") {
    Lab lab;
    fail_ops("setapp");
    host::SessionReport r = host::run_apply(lab.fresh(), {kDev}, lossless(), false);
    fail_ops("");
    INFO(host::render_apply_text(r, true));
    CHECK(r.exit_code == 3);
    REQUIRE(r.applied);
    CHECK(r.applied->failed);
    CHECK(r.applied->rollback_clean);
    CHECK(r.applied->count(plan::Outcome::rolled_back) == 4);  // mtu, ets, buffers, pfc
    // everything is back to the module's defaults, read by dcb and ip
    CHECK(dcb("pfc")["prio_pfc"] ==
          json::array({false, false, false, false, false, false, false, false}));
    CHECK(dcb("pfc")["delay"] == 0);
    CHECK(dcb("ets")["prio_tc"] == json::array({0, 0, 0, 0, 0, 0, 0, 0}));
    CHECK(dcb("buffer")["buffer_size"] == json::array({262144, 0, 0, 0, 0, 0, 0, 0}));
    CHECK(dcb("app").value("dscp_prio", json::array()).empty());
    CHECK(ip_mtu(kDev) == 1500);
  }

  TEST_CASE("dcb_owner_switch: PFC and ETS owned by the switch are compared, never written") {
    Lab lab;
    REQUIRE(host::run_apply(lab.fresh(), {kDev}, lossless(), false).exit_code == 0);
    // What a switch's DCBX would have delivered instead; the MTU drifts too.
    sh("dcb pfc set dev dcbsim0 prio-pfc 3:off 4:on");
    sh("ip link set dcbsim0 mtu 1500");
    sh("echo 0 > /sys/kernel/debug/dcbsim/dcbsim0/calls");
    host::SessionPolicy policy{false, "", {model::Knob::pfc, model::Knob::ets}, "owned by the switch"};
    host::SessionReport r = host::run_apply(lab.fresh(), {kDev}, lossless(), false, policy);
    CHECK(r.exit_code == 1);  // the profile is not in place: PFC is the switch's to fix
    CHECK(host::render_apply_text(r, false) ==
          "plan:\n"
          "TARGET   KNOB  BEFORE    AFTER\n"
          "dcbsim0  mtu   1500   -> 9000\n"
          "unsupported: dcbsim0: pfc: owned by the switch\n"
          "result:\n"
          "TARGET   KNOB  BEFORE    AFTER\n"
          "dcbsim0  mtu   1500   -> 9000  [applied]\n");
    CHECK(ip_mtu(kDev) == 9000);
    CHECK(dcb("pfc")["prio_pfc"][3] == false);  // left as the switch set it
    CHECK(dcb("pfc")["prio_pfc"][4] == true);
    CHECK(sh("grep -E '^(setpfc|setets) ' /sys/kernel/debug/dcbsim/dcbsim0/calls") ==
          "setpfc 0\nsetets 0\n");
    // Nothing differs in what the switch owns: no step, exit 0.
    sh("dcb pfc set dev dcbsim0 prio-pfc 3:on 4:off");
    host::SessionReport ok = host::run_apply(lab.fresh(), {kDev}, lossless(), false, policy);
    CHECK(ok.exit_code == 0);
  }

  TEST_CASE("dcb_lld_managed: DCBX owned by firmware is refused before anything changes") {
    Lab lab;
    sh("dcb dcbx set dev dcbsim0 lld-managed ieee");
    host::SessionReport r = host::run_apply(lab.fresh(), {kDev}, lossless(), false);
    sh("dcb dcbx set dev dcbsim0 host ieee");
    CHECK(r.exit_code == 3);
    CHECK(r.refused);
    std::string text = host::render_apply_text(r, false);
    CHECK(text.find("error: dcbsim0: DCBX is managed by the NIC firmware's LLDP agent (dcbx mode "
                    "0x0a); rocecfg will not fight it") == 0);
    CHECK(text.ends_with("nothing changed\n"));
    CHECK(ip_mtu(kDev) == 1500);
    CHECK(dcb("pfc")["prio_pfc"][3] == false);
  }

  TEST_CASE("rdma_cm_tos: default_roce_tos and mode on rxe0 through configfs") {
    Lab lab;
    model::Settings s;
    s.roce_tos = 106;
    s.roce_mode = model::RoceMode::v2;
    host::SessionReport r = host::run_apply(lab.fresh(), {"veth0"}, s, false);
    INFO(host::render_apply_text(r, true));
    CHECK(r.exit_code == 0);
    REQUIRE(r.targets.size() == 1);
    CHECK(r.targets[0].netdev.rdma_device == "rxe0");
    // read back independently: mkdir, cat, rmdir, as mlnx-tools' cma_roce_tos does
    CHECK(sh("cd /sys/kernel/config/rdma_cm && mkdir rxe0 && cat rxe0/ports/1/default_roce_tos; "
             "rmdir rxe0") == "106\n");
    // we removed the directory we created; the kernel kept the value
    CHECK_FALSE(lab.fs.exists("/sys/kernel/config/rdma_cm/rxe0"));
    host::SessionReport audit = host::run_audit(lab.fresh(), {"veth0"}, s);
    CHECK(host::render_audit_text(audit, false) == "no drift\n");
    s.roce_tos = 0;
    CHECK(host::run_apply(lab.fresh(), {"veth0"}, s, false).exit_code == 0);
  }
}

namespace {

// Run fn as user nobody in a child process; returns what it printed and its status.
std::pair<std::string, int> as_nobody(const std::function<std::pair<std::string, int>()>& fn) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(99);
    auto [text, code] = fn();
    (void)!::write(fds[1], text.data(), text.size());
    ::_exit(code);
  }
  ::close(fds[1]);
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

}  // namespace

TEST_SUITE("lab") {
  TEST_CASE("unprivileged: audit reads what it can and says what it could not; apply refuses") {
    model::Settings s;
    s.mtu_bytes = 9000;  // the lab's veth MTU: no drift
    s.roce_tos = 106;
    auto audit = as_nobody([&] {
      Lab lab;
      host::SessionReport r = host::run_audit(lab.fresh(), {"veth0"}, s);
      return std::pair{host::render_audit_text(r, false), r.exit_code};
    });
    CHECK(audit.first ==
          "could not read: veth0: rxe0: rdma_cm defaults need root (configfs: mkdir "
          "/sys/kernel/config/rdma_cm/rxe0)\n"
          "no drift in what could be read\n");
    CHECK(audit.second == 3);
    // DCB state is readable without privileges (only RTM_SETDCB needs CAP_NET_ADMIN)
    auto dcb_audit = as_nobody([&] {
      Lab lab;
      host::SessionReport r = host::run_audit(lab.fresh(), {kDev}, lossless());
      return std::pair{host::render_audit_text(r, false), r.exit_code};
    });
    CHECK(dcb_audit.second == 1);
    CHECK(dcb_audit.first.find("\ndcbsim0  pfc ") != std::string::npos);
    CHECK(dcb_audit.first.find("could not read") == std::string::npos);
    auto apply = as_nobody([&] {
      Lab lab;
      host::SessionReport r = host::run_apply(lab.fresh(), {"veth0"}, s, false);
      return std::pair{host::render_apply_text(r, false), r.exit_code};
    });
    CHECK(apply.first ==
          "could not read: veth0: rxe0: rdma_cm defaults need root (configfs: mkdir "
          "/sys/kernel/config/rdma_cm/rxe0)\n"
          "nothing changed\n");
    CHECK(apply.second == 3);
  }
}
