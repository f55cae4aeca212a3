// The workload files as host knobs, against a temporary root through the
// production LinuxHost and host session: apply writes only our keys (other
// lines byte-identical), audit after apply is clean, a hand edit is drift,
// a failed apply restores every file byte for byte (or removes the one it
// created), and a planted symlink is never written through.
#include <doctest/doctest.h>

#include "host/host_session.h"
#include "host/linux_host.h"
#include "host/workload_files.h"
#include "profile/load.h"
#include "temp_root.h"
#include "workload/library_settings.h"

using namespace rocecfg;

namespace {

model::Settings workload_intent() {
  auto loaded =
      profile::load_profile(std::string(ROCECFG_SOURCE_DIR) + "/profiles/roce-lossless-nccl.toml");
  REQUIRE_MESSAGE(loaded.value, loaded.diagnostics.render());
  std::vector<workload::Hca> hcas{{"mlx5_0", 1, "ens1f0np0", {}}};
  model::Settings s;
  workload::add_workload_knobs(loaded.value->workload,
                               workload::library_settings(loaded.value->workload, hcas), s);
  return s;
}

const char* kSiteNccl =
    "# site defaults, kept by hand\n"
    "NCCL_DEBUG=WARN\n"
    "NCCL_IB_TC=0\n"
    "NCCL_SOCKET_IFNAME==ens1f0np0\n";

}  // namespace

TEST_SUITE("workload host knobs") {
  TEST_CASE("the intent: NCCL and UCX keys, the OFED override") {
    model::Settings s = workload_intent();
    REQUIRE(s.nccl_conf);
    CHECK(model::knob_value_text(s, model::Knob::nccl_conf) ==
          "NCCL_IB_ADDR_FAMILY=AF_INET NCCL_IB_HCA==mlx5_0:1 NCCL_IB_ROCE_VERSION_NUM=2 "
          "NCCL_IB_TC=106");
    CHECK(model::knob_value_text(s, model::Knob::ucx_conf) ==
          "UCX_IB_TRAFFIC_CLASS=106 UCX_NET_DEVICES=mlx5_0:1");
    CHECK(s.device_traffic_class == 106);
    CHECK_FALSE(s.job_env);
  }

  TEST_CASE("apply owns only its keys; audit after apply is clean; a hand edit is drift") {
    workload::test::TempRoot t;
    t.write("/etc/nccl.conf", kSiteNccl);
    host::FsRoot fs(t.root());
    model::Settings intent = workload_intent();
    intent.device_traffic_class.reset();  // per interface; no interface here
    {
      host::LinuxHost h(fs, nullptr);
      host::SessionReport r = host::run_apply(h, {}, intent, false);
      CHECK(r.exit_code == 0);
      CHECK(host::render_apply_text(r, false).find(
                "host    ucx_conf   none         -> UCX_IB_TRAFFIC_CLASS=106 "
                "UCX_NET_DEVICES=mlx5_0:1  [applied]\n") != std::string::npos);
    }
    CHECK(t.read("/etc/nccl.conf") ==
          "# site defaults, kept by hand\n"
          "NCCL_DEBUG=WARN\n"
          "NCCL_IB_TC=106\n"
          "NCCL_SOCKET_IFNAME==ens1f0np0\n"
          "NCCL_IB_ADDR_FAMILY=AF_INET\n"
          "NCCL_IB_HCA==mlx5_0:1\n"
          "NCCL_IB_ROCE_VERSION_NUM=2\n");
    CHECK(t.read("/etc/ucx/ucx.conf") == "UCX_IB_TRAFFIC_CLASS=106\nUCX_NET_DEVICES=mlx5_0:1\n");
    {
      host::LinuxHost h(fs, nullptr);
      host::SessionReport r = host::run_audit(h, {}, intent);
      CHECK(r.exit_code == 0);
      CHECK(host::render_audit_text(r, false) == "no drift\n");
    }
    // Someone "fixes" the file by hand.
    t.write("/etc/nccl.conf",
            "# site defaults, kept by hand\nNCCL_DEBUG=WARN\nNCCL_IB_TC=0\n"
            "NCCL_SOCKET_IFNAME==ens1f0np0\nNCCL_IB_ADDR_FAMILY=AF_INET\n"
            "NCCL_IB_HCA==mlx5_0:1\nNCCL_IB_ROCE_VERSION_NUM=2\n");
    {
      host::LinuxHost h(fs, nullptr);
      host::SessionReport r = host::run_audit(h, {}, intent);
      CHECK(r.exit_code == 1);
      REQUIRE(r.plan.steps.size() == 1);
      CHECK(r.plan.steps[0].target == "host");
      CHECK(model::knob_value_text(r.plan.steps[0].before, model::Knob::nccl_conf) ==
            "NCCL_IB_ADDR_FAMILY=AF_INET NCCL_IB_HCA==mlx5_0:1 NCCL_IB_ROCE_VERSION_NUM=2 "
            "NCCL_IB_TC=0");
    }
  }

  TEST_CASE("a failed apply restores nccl.conf byte for byte and removes the file it created") {
    workload::test::TempRoot t;
    t.write("/etc/nccl.conf", kSiteNccl);
    // The last file cannot be written: its directory is a planted symlink.
    t.write("/elsewhere/keep", "x");
    t.symlink(t.root() + "/elsewhere", "/etc/rocecfg");
    host::FsRoot fs(t.root());
    model::Settings intent = workload_intent();
    intent.device_traffic_class.reset();
    intent.job_env = std::map<std::string, std::string>{{"HCCL_RDMA_TC", "104"}};
    host::LinuxHost h(fs, nullptr);
    host::SessionReport r = host::run_apply(h, {}, intent, false);
    CHECK(r.exit_code == 3);
    REQUIRE(r.applied);
    CHECK(r.applied->failed);
    CHECK(r.applied->rollback_clean);
    CHECK(t.read("/etc/nccl.conf") == std::string(kSiteNccl));
    CHECK_FALSE(t.read("/etc/ucx/ucx.conf"));  // created by the apply, removed by its rollback
    CHECK_FALSE(t.read("/elsewhere/job.env"));
  }

  TEST_CASE("a symlink at /etc/nccl.conf is refused, its target untouched") {
    workload::test::TempRoot t;
    t.write("/etc/shadow-ish", "secret\n");
    t.symlink(t.root() + "/etc/shadow-ish", "/etc/nccl.conf");
    host::FsRoot fs(t.root());
    model::Settings intent = workload_intent();
    intent.device_traffic_class.reset();
    intent.ucx_conf.reset();
    host::LinuxHost h(fs, nullptr);
    host::SessionReport r = host::run_apply(h, {}, intent, false);
    CHECK(r.exit_code == 3);
    CHECK(host::render_apply_text(r, false) ==
          "could not read: /etc/nccl.conf: is a symbolic link; rocecfg will not follow it\n"
          "nothing changed\n");
    CHECK(t.read("/etc/shadow-ish") == "secret\n");
  }

  TEST_CASE(
      "MLNX_OFED device override: read 'Global tclass=N', unset is drift, absent is not ours") {
    workload::test::TempRoot t;
    std::string path = "/sys/class/infiniband/mlx5_0/tc/1/traffic_class";
    host::FsRoot fs(t.root());
    CHECK(host::read_device_tc(fs, "mlx5_0", 1).error().kind == ErrorKind::unsupported);
    t.write(path, "");
    CHECK(host::read_device_tc(fs, "mlx5_0", 1).value() == std::nullopt);
    t.write(path, "Global tclass=106\ndst_ip=10.0.0.0/8,tclass=96\n");
    CHECK(host::read_device_tc(fs, "mlx5_0", 1).value() == 106);
    REQUIRE(host::write_device_tc(fs, "mlx5_0", 1, std::nullopt));
    CHECK(t.read(path) == "-1");
  }
}
